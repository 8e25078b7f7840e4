/**
 * The listener: starts an emulator app on a TCP port.
 */
import type { AddressInfo } from "node:net";
import { createEmulatorApp } from "./app";
import type {
  EmulatorSnapshot,
  HttpsEdgeFields,
  HttpsEdgeRouteFields,
  RecordedRequest,
} from "./context";
import type { HttpsEdgeJson, HttpsEdgeRouteJson } from "./model/render";
import type { EmulatorFaults } from "./faults/registry";
import type { EdgesAccessControl } from "./http/edgesDeprecated";
import type { EmulatorOptions } from "./options";
import type { OpenApiDocument } from "./spec";

/** A started emulator. */
export interface RunningEmulator {
  /** Base URL without trailing slash, e.g. `"http://127.0.0.1:8787"`. */
  readonly url: string;
  /** The API key it accepts (`Authorization: Bearer <apiKey>`). */
  readonly apiKey: string;
  /** Stops listening and closes idle connections. */
  close(): Promise<void>;
  /**
   * Every API request answered, in order: method, path incl. query, status code (0 when a fault
   * rule dropped the connection). For tests that count requests; `/__emulator/` admin requests
   * are not included.
   */
  readonly requests: ReadonlyArray<RecordedRequest>;
  /** A deep copy of the current state, for tests: SSH CAs (as the API would render them), edges, routes, SAML modules (with edgeId and routeId). */
  snapshot(): EmulatorSnapshot;
  /**
   * The fault-injection rules (see `FaultRule`): `add(rule)` returns the rule's id, `remove(id)`,
   * `clear()`, `list()` with ids and hit counts. Also reachable over HTTP at
   * `/__emulator/faults`.
   */
  readonly faults: EmulatorFaults;
  /**
   * The account's access to its HTTPS edges, to change while it runs: `set("read-only")`
   * (ERR_NGROK_7196 to every write), `set("removed")` (ERR_NGROK_7008 to everything),
   * `set("available")`, each with an optional `status`; see `EdgesAccessControl`.
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
   * {@link RunningEmulator.createHttpsEdge}).
   *
   * @throws EmulatorApiError with ngrok's code, as the API would answer (e.g. 404
   *   ERR_NGROK_7000 for an unknown edge).
   */
  createHttpsEdgeRoute(edgeId: string, fields?: HttpsEdgeRouteFields): HttpsEdgeRouteJson;
  /**
   * The OpenAPI document of what this emulator serves, as `GET /__emulator/openapi.json`
   * answers it: ngrok's document with the emulator's overlay, only the operations it serves,
   * answers strict.
   */
  openApiDocument(): OpenApiDocument;
}

function urlHost(host: string, address: AddressInfo): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::" || host === "[::]") return "[::1]";
  if (host.includes(":") && !host.startsWith("[")) return `[${host}]`;
  return host === "" ? address.address : host;
}

/**
 * Builds the app and listens on `options.host`:`options.port` (defaults 127.0.0.1:8787; port 0
 * picks a free port). The base URL in `uri` fields is `options.baseUrl` if given, else the
 * listening URL (a wildcard host is rendered as loopback). Rejects if the port cannot be bound.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const { app, context, faults } = createEmulatorApp(options);
  const { host, port } = context.options;
  try {
    await app.listen({ host, port });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address() as AddressInfo;
  const url = `http://${urlHost(host, address)}:${address.port}`;
  context.baseUrl = context.options.baseUrl ?? url;
  let closing: Promise<void> | undefined;
  return {
    url,
    apiKey: context.options.apiKey,
    close: () => (closing ??= app.close()),
    requests: context.requests,
    snapshot: () => context.snapshot(),
    faults,
    edges: context.edges,
    createHttpsEdge: (fields) => context.createHttpsEdge(fields),
    createHttpsEdgeRoute: (edgeId, fields) => context.createHttpsEdgeRoute(edgeId, fields),
    openApiDocument: () => app.emulator.openApiDocument(),
  };
}
