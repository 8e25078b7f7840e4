/**
 * What `edges-to-endpoints` reads of an account, with `GET` requests only (an account whose edges
 * are read-only, `ERR_NGROK_7196`, still answers them): every HTTPS edge with its routes
 * (`GET /edges/https`, every page) and every reserved domain (`GET /reserved_domains`, every
 * page), through the provider's client (its pacing, retries and errors).
 *
 * The shapes are ngrok's (`HTTPSEdge`, `HTTPSEdgeRoute`, `ReservedDomain` of its OpenAPI
 * document), read loosely: only the fields the migration uses are typed, a module ngrok answers
 * `null` is absent, and fields this version does not know are kept.
 *
 * @module
 */
import { z } from "zod";
import type { NgrokClient } from "../../provider";

/** A module of a route or an edge: `enabled` and its fields, as ngrok answers them. */
const moduleSchema = z.looseObject({ enabled: z.boolean().nullish() }).nullish();

/** A module as read: its fields (snake_case), or `undefined` when unset or disabled. */
export type EdgeModule = Readonly<Record<string, unknown>>;

const routeSchema = z.looseObject({
  id: z.string(),
  match_type: z.string(),
  match: z.string(),
  description: z.string().nullish(),
  backend: moduleSchema,
  ip_restriction: moduleSchema,
  circuit_breaker: moduleSchema,
  compression: moduleSchema,
  request_headers: moduleSchema,
  response_headers: moduleSchema,
  webhook_verification: moduleSchema,
  oauth: moduleSchema,
  saml: moduleSchema,
  oidc: moduleSchema,
  websocket_tcp_converter: moduleSchema,
  user_agent_filter: moduleSchema,
  traffic_policy: moduleSchema,
});

const edgeSchema = z.looseObject({
  id: z.string(),
  description: z.string().nullish(),
  hostports: z.array(z.string()).nullish(),
  mutual_tls: moduleSchema,
  tls_termination: moduleSchema,
  routes: z.array(routeSchema).nullish(),
});

const edgePage = z.looseObject({
  https_edges: z.array(edgeSchema),
  next_page_uri: z.string().nullish(),
});

const reservedDomainSchema = z.looseObject({
  id: z.string(),
  domain: z.string(),
  description: z.string().nullish(),
  metadata: z.string().nullish(),
  certificate_management_policy: z
    .looseObject({ authority: z.string().nullish(), private_key_type: z.string().nullish() })
    .nullish(),
});

const reservedDomainPage = z.looseObject({
  reserved_domains: z.array(reservedDomainSchema),
  next_page_uri: z.string().nullish(),
});

/** An HTTPS edge route as read. */
export type HttpsEdgeRoute = z.infer<typeof routeSchema>;
/** An HTTPS edge as read, its routes in ngrok's order. */
export type HttpsEdge = z.infer<typeof edgeSchema>;
/** A reserved domain as read. */
export type ReservedDomain = z.infer<typeof reservedDomainSchema>;

/** The route modules, in ngrok's order (`HTTPSEdgeRoute` of its OpenAPI document). */
export const ROUTE_MODULES = [
  "backend",
  "ip_restriction",
  "circuit_breaker",
  "compression",
  "request_headers",
  "response_headers",
  "webhook_verification",
  "oauth",
  "saml",
  "oidc",
  "websocket_tcp_converter",
  "user_agent_filter",
  "traffic_policy",
] as const;

/** A route module's name. */
export type RouteModuleName = (typeof ROUTE_MODULES)[number];

/** The sign-in modules: an edge with one of them on a route is one to migrate. */
export const SIGN_IN_MODULES: readonly RouteModuleName[] = ["oauth", "saml", "oidc"];

/**
 * The module `name` of `owner` (a route or an edge) when it is set and enabled (ngrok: "default
 * `true` if unspecified"), else `undefined`.
 */
export function moduleOf(
  owner: Readonly<Record<string, unknown>>,
  name: string,
): EdgeModule | undefined {
  const module: unknown = owner[name];
  if (typeof module !== "object" || module === null || Array.isArray(module)) return undefined;
  const fields = Object.fromEntries(Object.entries(module));
  return fields.enabled === false ? undefined : fields;
}

/** Whether a route of `edge` carries a sign-in module (SAML, OIDC or OAuth). */
export function hasSignIn(edge: HttpsEdge): boolean {
  return (edge.routes ?? []).some((route) =>
    SIGN_IN_MODULES.some((name) => moduleOf(route, name) !== undefined),
  );
}

/** What the command read of the account. */
export interface AccountEdges {
  /** Every HTTPS edge, newest first (ngrok's list order). */
  readonly edges: readonly HttpsEdge[];
  /** Every reserved domain. */
  readonly reservedDomains: readonly ReservedDomain[];
}

/**
 * Reads every HTTPS edge (`GET /edges/https`, every page of 100) and, when one of them has a
 * sign-in module, every reserved domain (`GET /reserved_domains`, likewise). Sends nothing else.
 *
 * @throws NgrokApiError as ngrok answers (e.g. `ERR_NGROK_7008` on an account without edges).
 */
export async function readAccount(client: NgrokClient): Promise<AccountEdges> {
  const edges: HttpsEdge[] = [];
  const edgeList = client.list<HttpsEdge, "https_edges">(
    "/edges/https?limit=100",
    "https_edges",
    edgePage,
  );
  for await (const edge of edgeList) edges.push(edge);
  const reservedDomains: ReservedDomain[] = [];
  if (edges.some(hasSignIn)) {
    const domains = client.list<ReservedDomain, "reserved_domains">(
      "/reserved_domains?limit=100",
      "reserved_domains",
      reservedDomainPage,
    );
    for await (const domain of domains) reservedDomains.push(domain);
  }
  return { edges, reservedDomains };
}
