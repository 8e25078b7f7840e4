/**
 * Minimal HTTPS edges and edge routes, so that a SAML module has a real route to hang on
 * (ngrok API: `/edges/https` and `/edges/https/{edge_id}/routes`):
 * - `POST /edges/https` (description, metadata, hostports), `GET /edges/https` (paged list,
 *   key `https_edges`), `GET|DELETE /edges/https/:id`;
 * - `POST /edges/https/:edge_id/routes` (match_type, match, description, metadata; an `edge_id`
 *   in the body is tolerated, as ngrok's TypeScript client sends it),
 *   `GET|DELETE /edges/https/:edge_id/routes/:id`.
 * Deleting an edge deletes its routes and their SAML modules. Unknown edge: 404 ERR_NGROK_7000;
 * unknown route (or a route of another edge): 404 ERR_NGROK_7124. Edge and route modules other
 * than SAML are not modelled (their fields answer ERR_NGROK_214).
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { apiErrors } from "../errors";
import { ID_PREFIX } from "../model/ids";
import { paginate, parsePageQuery } from "../model/paging";
import { edgeListUri, renderEdge, renderRoute } from "../model/render";
import type { EdgeRecord, EmulatorStore, RouteRecord } from "../model/store";
import {
  checkFields,
  checkIdPrefix,
  checkQuery,
  objectBody,
  utf8Length,
} from "../model/validation";

/** Route match types. */
export const ROUTE_MATCH_TYPES = ["exact_path", "path_prefix"] as const;

const EDGE_FIELDS = {
  description: "string",
  metadata: "string",
  hostports: "stringArray",
} as const;
const ROUTE_FIELDS = {
  edge_id: "string",
  match_type: "string",
  match: "string",
  description: "string",
  metadata: "string",
} as const;

function checkLengths(values: Record<string, unknown>): void {
  const { description, metadata } = values;
  if (typeof description === "string" && utf8Length(description) > 255) {
    throw apiErrors.edgeDescriptionTooLong(255, utf8Length(description));
  }
  if (typeof metadata === "string" && utf8Length(metadata) > 4096) {
    throw apiErrors.edgeMetadataTooLong(4096, utf8Length(metadata));
  }
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

type EdgeParams = { Params: { id: string } };
type RoutesParams = { Params: { edge_id: string } };
type RouteParams = { Params: { edge_id: string; id: string } };

/** Registers the edge and route routes. */
export async function edgeRoutes(
  app: FastifyInstance,
  options: { context: EmulatorContext },
): Promise<void> {
  const { context } = options;
  const { store } = context;

  app.post("/edges/https", async (request, reply) => {
    checkQuery(request.query, []);
    const values = checkFields(objectBody(request.body), EDGE_FIELDS);
    checkLengths(values);
    const edge = store.createEdge({
      description: (values.description as string | undefined) ?? "",
      metadata: (values.metadata as string | undefined) ?? "",
      hostports: (values.hostports as string[] | undefined) ?? [],
    });
    return reply.code(201).send(renderEdge(edge, [], context.urlsFor(request)));
  });

  app.get("/edges/https", async (request) => {
    const page = parsePageQuery(request.query, ID_PREFIX.httpsEdge);
    const urls = context.urlsFor(request);
    const listUri = edgeListUri(urls);
    const { items, nextPageUri } = paginate(store.listEdges(), page, listUri);
    return {
      https_edges: items.map((edge) => renderEdge(edge, store.routesOfEdge(edge.id), urls)),
      uri: listUri,
      next_page_uri: nextPageUri,
    };
  });

  app.get<EdgeParams>("/edges/https/:id", async (request) => {
    checkQuery(request.query, []);
    const edge = findEdge(store, request.params.id);
    return renderEdge(edge, store.routesOfEdge(edge.id), context.urlsFor(request));
  });

  app.delete<EdgeParams>("/edges/https/:id", async (request, reply) => {
    checkQuery(request.query, []);
    findEdge(store, request.params.id);
    store.deleteEdge(request.params.id);
    return reply.code(204).send();
  });

  app.post<RoutesParams>("/edges/https/:edge_id/routes", async (request, reply) => {
    checkQuery(request.query, []);
    const edge = findEdge(store, request.params.edge_id);
    const values = checkFields(objectBody(request.body), ROUTE_FIELDS);
    const matchType = values.match_type;
    if (
      typeof matchType !== "string" ||
      !(ROUTE_MATCH_TYPES as readonly string[]).includes(matchType)
    ) {
      throw apiErrors.routeMatchTypeInvalid();
    }
    if (typeof values.match !== "string" || values.match === "") {
      throw apiErrors.routeMatchMissing();
    }
    checkLengths(values);
    const route = store.createRoute({
      edgeId: edge.id,
      matchType,
      match: values.match,
      description: (values.description as string | undefined) ?? "",
      metadata: (values.metadata as string | undefined) ?? "",
    });
    return reply.code(201).send(renderRoute(route, context.urlsFor(request)));
  });

  app.get<RouteParams>("/edges/https/:edge_id/routes/:id", async (request) => {
    checkQuery(request.query, []);
    const route = findRoute(store, request.params.edge_id, request.params.id);
    return renderRoute(route, context.urlsFor(request));
  });

  app.delete<RouteParams>("/edges/https/:edge_id/routes/:id", async (request, reply) => {
    checkQuery(request.query, []);
    findRoute(store, request.params.edge_id, request.params.id);
    store.deleteRoute(request.params.edge_id, request.params.id);
    return reply.code(204).send();
  });
}
