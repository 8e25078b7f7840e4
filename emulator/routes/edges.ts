/**
 * Minimal HTTPS edges and edge routes, so that a SAML module has a real route to hang on
 * (ngrok API: `/edges/https` and `/edges/https/{edge_id}/routes`):
 * - `POST /edges/https`, `GET /edges/https` (paged list, key `https_edges`),
 *   `GET|DELETE /edges/https/:id`;
 * - `POST /edges/https/:edge_id/routes`, `GET|DELETE /edges/https/:edge_id/routes/:id`.
 * Deleting an edge deletes its routes and their SAML modules. Body rules and lookups are in
 * `model/httpsEdge.ts`. While the account's edges are removed (`EmulatorOptions.edgesDeprecated`),
 * every request answers ERR_NGROK_7008 instead; while they are read-only (`edgesReadOnly`), every
 * write answers ERR_NGROK_7196 (`http/edgesDeprecated.ts`).
 */
import type { ContextRoutes } from "../context";
import { edgesAccessHook } from "../http/edgesDeprecated";
import {
  EDGE_PATHS,
  edgeListUri,
  findEdge,
  findRoute,
  parseEdgeCreate,
  parseRouteCreate,
} from "../model/httpsEdge";
import { ID_PREFIX } from "../model/ids";
import { paginate, parsePageQuery } from "../model/paging";
import { renderEdge, renderRoute } from "../model/render";
import { checkQuery } from "../model/validation";

type EdgeParams = { Params: { id: string } };
type RoutesParams = { Params: { edge_id: string } };
/** Path parameters of one route (also of its SAML module). */
export type RouteParams = { Params: { edge_id: string; id: string } };

/** Registers the edge and route routes. */
export const edgeRoutes: ContextRoutes = async (app, { context }) => {
  const { store, spec } = context;
  app.addHook("onRequest", edgesAccessHook(context.edges));
  const listQuery = spec.query(spec.operation(EDGE_PATHS.edges, "get"));

  app.post("/edges/https", async (request, reply) => {
    checkQuery(request.query, []);
    const edge = store.createEdge(parseEdgeCreate(spec, request.body));
    return reply.code(201).send(renderEdge(spec, edge, [], context.urlsFor(request)));
  });

  app.get("/edges/https", async (request) => {
    const page = parsePageQuery(request.query, ID_PREFIX.httpsEdge, listQuery);
    const urls = context.urlsFor(request);
    const listUri = edgeListUri(urls);
    const { items, nextPageUri } = paginate(store.listEdges(), page, listUri);
    return spec.render(spec.successSchema(spec.operation(EDGE_PATHS.edges, "get")), {
      https_edges: items.map((edge) => renderEdge(spec, edge, store.routesOfEdge(edge.id), urls)),
      uri: listUri,
      next_page_uri: nextPageUri,
    });
  });

  app.get<EdgeParams>("/edges/https/:id", async (request) => {
    checkQuery(request.query, []);
    const edge = findEdge(store, request.params.id);
    return renderEdge(spec, edge, store.routesOfEdge(edge.id), context.urlsFor(request));
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
    const route = store.createRoute(edge.id, parseRouteCreate(spec, request.body));
    return reply.code(201).send(renderRoute(spec, route, context.urlsFor(request)));
  });

  app.get<RouteParams>("/edges/https/:edge_id/routes/:id", async (request) => {
    checkQuery(request.query, []);
    const route = findRoute(store, request.params.edge_id, request.params.id);
    return renderRoute(spec, route, context.urlsFor(request));
  });

  app.delete<RouteParams>("/edges/https/:edge_id/routes/:id", async (request, reply) => {
    checkQuery(request.query, []);
    findRoute(store, request.params.edge_id, request.params.id);
    store.deleteRoute(request.params.edge_id, request.params.id);
    return reply.code(204).send();
  });
};
