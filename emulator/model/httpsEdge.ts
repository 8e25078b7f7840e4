/**
 * The body rules of HTTPS edges and edge routes (ngrok API: `/edges/https` and
 * `/edges/https/{edge_id}/routes`), and their lookups by id.
 *
 * - Edge create: `description`, `metadata` (≤ 255 / 4096 UTF-8 bytes, else ERR_NGROK_7073 /
 *   7074), `hostports` (a list of strings).
 * - Route create: `match_type` (`exact_path` or `path_prefix`, else ERR_NGROK_7130), `match`
 *   (non-empty, else ERR_NGROK_7123), `description`, `metadata` (as for edges); an `edge_id` in
 *   the body is tolerated, as ngrok's TypeScript client sends it, and not compared with the path.
 * - Unknown edge: 404 ERR_NGROK_7000; unknown route (or a route of another edge): 404
 *   ERR_NGROK_7124; wrong id prefix: 400 ERR_NGROK_227. Edge and route modules other than SAML
 *   are not modelled (their fields answer ERR_NGROK_214).
 */
import { apiErrors } from "../errors";
import { ID_PREFIX } from "./ids";
import type { EdgeRecord, EmulatorStore, RouteRecord } from "./store";
import {
  checkFields,
  checkIdPrefix,
  describedFields,
  DESCRIPTION_FIELDS,
  objectBody,
} from "./validation";

/** Route match types. */
export const ROUTE_MATCH_TYPES = ["exact_path", "path_prefix"] as const;
/** A route match type. */
export type RouteMatchType = (typeof ROUTE_MATCH_TYPES)[number];

const EDGE_FIELDS = { ...DESCRIPTION_FIELDS, hostports: "stringArray" } as const;
const ROUTE_FIELDS = {
  edge_id: "string",
  match_type: "string",
  match: "string",
  ...DESCRIPTION_FIELDS,
} as const;
/** Edges and routes share their length codes (7073 / 7074). */
const TOO_LONG = {
  description: apiErrors.edgeDescriptionTooLong,
  metadata: apiErrors.edgeMetadataTooLong,
};

/** A checked edge create request, defaults applied. */
export type EdgeCreate = Omit<EdgeRecord, "id" | "createdAt">;
/** A checked route create request (without its edge), defaults applied. */
export type RouteCreate = Pick<RouteRecord, "matchType" | "match" | "description" | "metadata">;

function isRouteMatchType(value: string): value is RouteMatchType {
  return ROUTE_MATCH_TYPES.some((type) => type === value);
}

/** Checks an edge create body: fields (214/215), then lengths (7073/7074). */
export function parseEdgeCreate(body: unknown): EdgeCreate {
  const values = checkFields(objectBody(body), EDGE_FIELDS);
  return { ...describedFields(values, TOO_LONG), hostports: values.hostports ?? [] };
}

/** Checks a route create body: fields (214/215), match type (7130), match (7123), lengths. */
export function parseRouteCreate(body: unknown): RouteCreate {
  const values = checkFields(objectBody(body), ROUTE_FIELDS);
  const matchType = values.match_type;
  if (matchType === undefined || !isRouteMatchType(matchType)) {
    throw apiErrors.routeMatchTypeInvalid();
  }
  if (values.match === undefined || values.match === "") throw apiErrors.routeMatchMissing();
  return { matchType, match: values.match, ...describedFields(values, TOO_LONG) };
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
