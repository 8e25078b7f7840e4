/**
 * The emulator as a fastify app, separate from any listener (tests call `app.inject()`).
 *
 * Layers, outermost first:
 * 1. root `onRequest`: the operation id (`Ngrok-Operation-Id` header);
 * 2. root `onResponse`: the request recorder (API requests only, not `/__emulator/`);
 * 3. root `onRequest`/`onSend`: fault injection (`faults/hooks.ts`: delays, error statuses,
 *    dropped connections), before authentication and every handler; hooks added with
 *    `app.addHook("onRequest", …)` before the app is ready run after it and may throw an
 *    {@link EmulatorApiError} too;
 * 4. the admin plugin: `/__emulator/faults` (own authentication, no version header);
 * 5. the public plugin: the SP metadata URL (no auth);
 * 6. the API plugin: `onRequest` authentication and version check, then the optional rate limit
 *    (`http/rateLimit.ts`), then the route plugins: the plain CRUD resources served from ngrok's
 *    OpenAPI document (`routes/collection.ts`: SSH CAs, SSH host and user certificates, SSH
 *    credentials, reserved domains, cloud endpoints, then {@link PLAIN_COLLECTIONS}), the lists
 *    under an object (`routes/referencedLists.ts`: a vault's secrets), edges and routes, the SAML
 *    module;
 * 7. `/__emulator/openapi.json`: the document the emulator serves (`routes/openApi.ts`).
 * One error handler renders every error (the app's, fastify's and the router's) in ngrok's
 * envelope; the not-found handler answers 404 or 405.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { authenticate } from "./http/auth";
import { installBodyParser } from "./http/bodyParser";
import {
  EmulatorContext,
  type EmulatorSnapshot,
  type HttpsEdgeFields,
  type HttpsEdgeRouteFields,
  type RecordedRequest,
} from "./context";
import type { HttpsEdgeJson, HttpsEdgeRouteJson } from "./model/render";
import { resourceOperations, type ResourceBehaviour, type ResourceRecord } from "./model/resource";
import { plainResource, type PlainCollection } from "./model/plainResource";
import type { PlainRecord } from "./model/store";
import { referencedListRoutes } from "./routes/referencedLists";
import type { ApiSpec, OpenApiDocument } from "./spec";
import { servedDocument } from "./routes/openApi";
import { handleClientError, sendError } from "./http/errorHandler";
import { installFaults } from "./faults/hooks";
import type { EdgesAccessControl } from "./http/edgesDeprecated";
import { FaultInjector, seededRandom, type EmulatorFaults } from "./faults/registry";
import { assignOperationId } from "./http/operationId";
import { collectRoutes, notFoundHandler } from "./http/notFound";
import { resolveOptions, type EmulatorOptions } from "./options";
import { rateLimitHook } from "./http/rateLimit";
import { installRecorder, recordRequest } from "./http/recorder";
import { adminRoutes } from "./routes/admin";
import { edgeRoutes } from "./routes/edges";
import { publicSamlRoutes } from "./routes/publicSaml";
import { samlRoutes } from "./routes/saml";
import { collectionRoutes } from "./routes/collection";
import { openApiRoute } from "./routes/openApi";
import { SSH_CERTIFICATE_AUTHORITIES } from "./model/sshCertificateAuthority";
import {
  SSH_HOST_CERTIFICATE_RESOURCE,
  SSH_USER_CERTIFICATE_RESOURCE,
} from "./model/sshCertificate";
import { SSH_CREDENTIALS } from "./model/sshCredential";
import { RESERVED_DOMAINS } from "./model/reservedDomain";
import { CLOUD_ENDPOINTS } from "./model/cloudEndpoint";

/** Test and inspection handle of an emulator app, available as `app.emulator`. */
export interface EmulatorControl {
  /** The API key the app accepts. */
  readonly apiKey: string;
  /**
   * Every API request answered, in order: method, path with query, status (0 when a fault rule
   * dropped the connection). Requests to `/__emulator/` are not included.
   */
  readonly requests: ReadonlyArray<RecordedRequest>;
  /** A deep copy of the current state (see {@link EmulatorSnapshot}). */
  snapshot(): EmulatorSnapshot;
  /** The fault-injection rules: add, remove, clear, list (see {@link FaultRule}). */
  readonly faults: EmulatorFaults;
  /**
   * The account's access to its HTTPS edges: available, read-only (`ERR_NGROK_7196` to writes)
   * or removed (`ERR_NGROK_7008`); see {@link EdgesAccessControl}.
   */
  readonly edges: EdgesAccessControl;
  /**
   * Creates an HTTPS edge, for a test's setup: the rules and the answer of `POST /edges/https`
   * (`{ id: "edghts_…", … }`), without an HTTP request, so it is not in `requests`, not counted
   * by the rate limit, and not subject to fault rules or `edgesDeprecated`.
   *
   * @throws EmulatorApiError with ngrok's code, as the API would answer (e.g. ERR_NGROK_7073).
   */
  createHttpsEdge(fields?: HttpsEdgeFields): HttpsEdgeJson;
  /**
   * Creates a route on the edge `edgeId`, for a test's setup: the rules and the answer of
   * `POST /edges/https/{edge_id}/routes` (`{ id: "edghtsrt_…", … }`), `match_type` and `match`
   * defaulting to `"path_prefix"` and `"/"`, without an HTTP request (see
   * {@link EmulatorControl.createHttpsEdge}).
   *
   * @throws EmulatorApiError with ngrok's code, as the API would answer (e.g. 404
   *   ERR_NGROK_7000 for an unknown edge).
   */
  createHttpsEdgeRoute(edgeId: string, fields?: HttpsEdgeRouteFields): HttpsEdgeRouteJson;
  /**
   * Stores an object of a collection ngrok's API only reads (`/tunnel_sessions`, `/app/users`,
   * `/app/sessions`), for a test's setup: `fields` as `GET <path>/{id}` answers them, without
   * `id` and `uri` (made here); `created_at`, where the answer has one, defaults to now. Returns
   * the object as `GET <path>/{id}` answers it. Not an HTTP request (see
   * {@link EmulatorControl.createHttpsEdge}).
   *
   * @throws TypeError for a path the emulator does not serve from ngrok's document, one the API
   *   creates objects of, or `fields` naming `id` or `uri`; EmulatorApiError for a field the
   *   answer does not have (ERR_NGROK_214) or of another type (ERR_NGROK_215).
   */
  seed(path: string, fields?: Record<string, unknown>): Record<string, unknown>;
  /**
   * The OpenAPI document of what this emulator serves, as `GET /__emulator/openapi.json`
   * answers it: ngrok's document with the emulator's overlay, only the operations it serves,
   * answers strict (see `routes/openApi.ts`).
   */
  openApiDocument(): OpenApiDocument;
}

/** A fastify instance serving the emulated API, with its {@link EmulatorControl}. */
export type EmulatorApp = FastifyInstance & { readonly emulator: EmulatorControl };

/**
 * The collections of ngrok's document the emulator serves from the document
 * (`model/plainResource.ts`, with what ngrok documents beyond it in `model/documented.ts`): one
 * `{ path, idPrefix }` line each. The prefixes are those of ngrok's API reference examples
 * (ngrok/ngrok-docs `snippets/api/resources/examples/_<collection>_create_response.mdx` or
 * `_get_response.mdx`, 38a43a3), but application users' and sessions', which ngrok's examples
 * leave empty: those are the placeholders of ngrok's Terraform provider's data-source examples
 * (`examples/data-sources/ngrok_application_{user,session}/data-source.tf`, 853fa53), and the
 * option `collections` replaces them.
 */
export const PLAIN_COLLECTIONS: readonly PlainCollection[] = [
  { path: "/vaults", idPrefix: "vault_" },
  { path: "/vault_secrets", idPrefix: "secret_" },
  { path: "/ip_policies", idPrefix: "ipp_" },
  { path: "/ip_policy_rules", idPrefix: "ipr_" },
  { path: "/ip_restrictions", idPrefix: "ipx_" },
  { path: "/certificate_authorities", idPrefix: "ca_" },
  { path: "/tls_certificates", idPrefix: "cert_" },
  { path: "/reserved_addrs", idPrefix: "ra_" },
  { path: "/agent_ingresses", idPrefix: "agin_" },
  { path: "/credentials", idPrefix: "cr_" },
  { path: "/api_keys", idPrefix: "ak_" },
  { path: "/service_users", idPrefix: "service_" },
  { path: "/event_destinations", idPrefix: "ed_" },
  { path: "/event_subscriptions", idPrefix: "esb_" },
  // Read only (GET and list; the document's DELETE where it has one); `seed` stores them.
  { path: "/tunnel_sessions", idPrefix: "ts_" },
  { path: "/app/users", idPrefix: "app_user_" },
  { path: "/app/sessions", idPrefix: "app_sess_" },
];

/**
 * The plain CRUD resources the emulator serves (`routes/collection.ts`): those with a behaviour
 * of their own, then {@link PLAIN_COLLECTIONS} (with the prefixes the option `collections`
 * replaces) and the option's others.
 *
 * @throws TypeError when a collection is served already by a behaviour of its own or ngrok's
 *   document has no operation at its path.
 */
function servedResources(
  spec: ApiSpec,
  collections: readonly PlainCollection[],
): { own: ResourceBehaviour<ResourceRecord>[]; plain: PlainCollection[] } {
  const own: ResourceBehaviour<ResourceRecord>[] = [
    SSH_CERTIFICATE_AUTHORITIES,
    SSH_HOST_CERTIFICATE_RESOURCE,
    SSH_USER_CERTIFICATE_RESOURCE,
    SSH_CREDENTIALS,
    RESERVED_DOMAINS,
    CLOUD_ENDPOINTS,
  ];
  for (const collection of collections) {
    if (own.some((resource) => resource.path === collection.path)) {
      throw new TypeError(`collections: ${collection.path} is served already`);
    }
    if (Object.values(resourceOperations(spec, collection)).every((op) => op === undefined)) {
      throw new TypeError(`collections: ngrok's document has no operation at ${collection.path}`);
    }
  }
  const given = (path: string) => collections.find((collection) => collection.path === path);
  const plain = [
    ...PLAIN_COLLECTIONS.map((collection) => given(collection.path) ?? collection),
    ...collections.filter(
      (collection) => !PLAIN_COLLECTIONS.some((p) => p.path === collection.path),
    ),
  ];
  return { own, plain };
}

/** Longest path parameter the router accepts (longer ones answer 400). */
const MAX_PARAM_LENGTH = 1000;

/** Builds the app and its context (internal; {@link buildEmulatorApp} is the public form). */
export function createEmulatorApp(options: EmulatorOptions = {}): {
  app: EmulatorApp;
  context: EmulatorContext;
  faults: EmulatorFaults;
} {
  const resolved = resolveOptions(options);
  const context = new EmulatorContext(resolved);
  const injector = new FaultInjector(
    resolved.faults,
    resolved.faultSeed === undefined ? Math.random : seededRandom(resolved.faultSeed),
  );
  const faults = injector.control();
  const { bodyLimit } = resolved;

  const app: FastifyInstance = Fastify({
    logger: resolved.logger,
    bodyLimit,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Requests the router rejects (undecodable URL, over-long parameter) skip the hooks, so
    // they are rendered and recorded here.
    frameworkErrors: (error, request, reply) => {
      sendError(error, request, reply, bodyLimit);
      recordRequest(context.requests, request, reply.statusCode);
    },
    clientErrorHandler: handleClientError,
  });

  const control: EmulatorControl = {
    apiKey: resolved.apiKey,
    requests: context.requests,
    snapshot: () => context.snapshot(),
    faults,
    edges: context.edges,
    createHttpsEdge: (fields) => context.createHttpsEdge(fields),
    createHttpsEdgeRoute: (edgeId, fields) => context.createHttpsEdgeRoute(edgeId, fields),
    seed: (path, fields) => context.seed(path, fields),
    openApiDocument: () => servedDocument(context, routeTable),
  };
  const emulatorApp: EmulatorApp = Object.assign(app, { emulator: control });
  const routeTable = collectRoutes(app);

  app.addHook("onRequest", assignOperationId);
  installRecorder(app, context.requests);
  installFaults(app, injector, { log: context.requests, bodyLimit });
  installBodyParser(app, bodyLimit);
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply, bodyLimit));
  app.setNotFoundHandler(notFoundHandler(routeTable));

  app.register(adminRoutes, {
    faults: injector,
    apiKey: resolved.apiKey,
    authErrorStatus: resolved.authErrorStatus,
  });
  const { own, plain } = servedResources(context.spec, resolved.collections);
  // Made now, not when the routes register: references and `seed` look them up.
  for (const collection of plain) context.store.plainTable(collection);
  app.register(publicSamlRoutes, { context });
  app.register(async (api) => {
    api.addHook("onRequest", authenticate(resolved.apiKey, resolved.authErrorStatus));
    if (resolved.rateLimit !== undefined) {
      api.addHook("onRequest", rateLimitHook(resolved.rateLimit, resolved.apiKey));
    }
    for (const resource of own) {
      await api.register(collectionRoutes<ResourceRecord>(resource), { context });
    }
    for (const collection of plain) {
      await api.register(collectionRoutes<PlainRecord>(plainResource(collection)), { context });
    }
    await api.register(referencedListRoutes(plain), { context });
    await api.register(edgeRoutes, { context });
    await api.register(samlRoutes, { context });
  });
  app.register(openApiRoute, { context, routes: routeTable });

  return { app: emulatorApp, context, faults };
}
