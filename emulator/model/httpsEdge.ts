/**
 * The body rules of HTTPS edges and edge routes (ngrok API: `/edges/https` and
 * `/edges/https/{edge_id}/routes`), and their lookups by id.
 *
 * The fields and the answers come from ngrok's OpenAPI document (`HTTPSEdgeCreate`, `HTTPSEdge`,
 * `HTTPSEdgeRouteCreate`, `HTTPSEdgeRoute`); the modules (`mutual_tls`, `backend`, …) are refused
 * (ERR_NGROK_214) by the overlay, and answered `null`, but a route's `oauth` and `oidc`, which a
 * create stores and the route answers as sent (ngrok's `EndpointOAuth`, `EndpointOIDC`). The rules:
 * - Edge create: `description`, `metadata` ≤ 255 / 4096 UTF-8 bytes, else ERR_NGROK_7073 / 7074.
 * - Route create: `match_type` (`exact_path` or `path_prefix`, else ERR_NGROK_7130), `match`
 *   (non-empty, else ERR_NGROK_7123), lengths as for edges; an `edge_id` in the body is
 *   tolerated, as ngrok's TypeScript client sends it, and not compared with the path.
 * - Unknown edge: 404 ERR_NGROK_7000; unknown route (or a route of another edge): 404
 *   ERR_NGROK_7124; wrong id prefix: 400 ERR_NGROK_227. Edge and route modules other than SAML,
 *   OAuth and OIDC are not modelled (their fields answer ERR_NGROK_214); ngrok's refusal of two
 *   sign-in modules on one route (ERR_NGROK_7079) is not modelled either.
 */
import { apiErrors } from "../errors";
import type { ApiSpec } from "../spec";
import { ID_PREFIX } from "./ids";
import type { UrlContext } from "./urls";
import type { EdgeRecord, EmulatorStore, RouteRecord } from "./store";
import { checkDescriptionLengths, checkIdPrefix, text } from "./validation";

/** Route match types. */
export const ROUTE_MATCH_TYPES = ["exact_path", "path_prefix"] as const;
/** A route match type. */
export type RouteMatchType = (typeof ROUTE_MATCH_TYPES)[number];

/** The spec paths of edges and routes. */
export const EDGE_PATHS = {
  edges: "/edges/https",
  edge: "/edges/https/{id}",
  routes: "/edges/https/{edge_id}/routes",
  route: "/edges/https/{edge_id}/routes/{id}",
} as const;

/** Edges and routes share their length codes (7073 / 7074). */
const TOO_LONG = {
  description: apiErrors.edgeDescriptionTooLong,
  metadata: apiErrors.edgeMetadataTooLong,
};

function isRouteMatchType(value: string): value is RouteMatchType {
  return ROUTE_MATCH_TYPES.some((type) => type === value);
}

/** Checks an edge create body (fields 214/215, lengths 7073/7074): the new edge's fields. */
export function parseEdgeCreate(spec: ApiSpec, body: unknown): EdgeRecord["fields"] {
  const op = spec.operation(EDGE_PATHS.edges, "post");
  const values = spec.parseBody(op, body);
  checkDescriptionLengths(values, TOO_LONG);
  return spec.echoedValues(op, values);
}

/** Checks a route create body: fields (214/215), match type (7130), match (7123), lengths. */
export function parseRouteCreate(spec: ApiSpec, body: unknown): RouteRecord["fields"] {
  const op = spec.operation(EDGE_PATHS.routes, "post");
  const values = spec.parseBody(op, body);
  const matchType = text(values, "match_type");
  if (matchType === undefined || !isRouteMatchType(matchType)) {
    throw apiErrors.routeMatchTypeInvalid();
  }
  const match = text(values, "match") ?? "";
  if (match === "") throw apiErrors.routeMatchMissing();
  checkDescriptionLengths(values, TOO_LONG);
  spec.checkRequired(spec.requestSchemaOf(op), values);
  const fields = spec.echoedValues(op, values);
  for (const module of SIGN_IN_MODULES) {
    const sent = fields[module];
    // "`true` if the module will be applied to traffic, `false` to disable. default `true` if
    // unspecified" (the document's description of each module's `enabled`).
    if (typeof sent === "object" && sent !== null && !Array.isArray(sent)) {
      const settings: Record<string, unknown> = { ...sent };
      settings.enabled = settings.enabled ?? true;
      fields[module] = settings;
    }
  }
  return fields;
}

/** The route modules a create stores (see the module comment). */
const SIGN_IN_MODULES = ["oauth", "oidc"] as const;

/** `<api base>/edges/https`. */
export function edgeListUri(urls: UrlContext): string {
  return `${urls.apiBaseUrl}/edges/https`;
}

/** The fields of a route's answer the emulator computes (its SAML module aside). */
export function routeComputed(route: RouteRecord, urls: UrlContext): Record<string, unknown> {
  return {
    edge_id: route.edgeId,
    id: route.id,
    created_at: route.createdAt,
    uri: `${edgeListUri(urls)}/${route.edgeId}/routes/${route.id}`,
  };
}

/** The fields of an edge's answer the emulator computes (its routes aside). */
export function edgeComputed(edge: EdgeRecord, urls: UrlContext): Record<string, unknown> {
  return { id: edge.id, created_at: edge.createdAt, uri: `${edgeListUri(urls)}/${edge.id}` };
}

/** The edge with this id, or 227 / 7000. */
export function findEdge(store: EmulatorStore, edgeId: string): EdgeRecord {
  checkIdPrefix(edgeId, ID_PREFIX.httpsEdge);
  const edge = store.getEdge(edgeId);
  if (edge === undefined) throw apiErrors.edgeNotFound(edgeId);
  return edge;
}

/** The route with this id on this edge, or 227 / 7000 / 7124. */
export function findRoute(store: EmulatorStore, edgeId: string, routeId: string): RouteRecord {
  findEdge(store, edgeId);
  checkIdPrefix(routeId, ID_PREFIX.httpsEdgeRoute);
  const route = store.getRoute(edgeId, routeId);
  if (route === undefined) throw apiErrors.routeNotFound(routeId);
  return route;
}
