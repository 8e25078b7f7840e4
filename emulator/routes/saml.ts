/**
 * The HTTPS edge route SAML module (spec sections 2.3 and 4.2):
 * `PUT|GET|DELETE /edges/https/:edge_id/routes/:id/saml`.
 *
 * - PUT replaces the whole module (body rules in `model/samlModule.ts`) and answers 200 with it.
 *   Missing edge: 404 ERR_NGROK_7000; missing route: 404 ERR_NGROK_7124.
 * - GET answers the module; DELETE removes it (204). Both answer 404 ERR_NGROK_7124 (with a
 *   message naming the SAML module) when the route has no module; ngrok does not document it.
 * - The request-signing certificate is made once per route and kept across PUTs; concurrent
 *   first PUTs share one certificate (the generation promise is memoised on the route). After
 *   DELETE the next PUT makes a new one.
 */
import type { FastifyInstance } from "fastify";
import { createSigningCertificate, type SigningCertificate } from "../model/certificates";
import type { EmulatorContext } from "../context";
import { apiErrors } from "../errors";
import { renderSamlModule } from "../model/render";
import { parseSamlModuleBody } from "../model/samlModule";
import type { RouteRecord } from "../model/store";
import { checkQuery } from "../model/validation";
import { findRoute } from "./edges";

type RouteParams = { Params: { edge_id: string; id: string } };

/** The route's signing certificate, generated at most once while the memo is kept. */
function certificateOf(route: RouteRecord): Promise<SigningCertificate> {
  if (route.samlCertificate === undefined) {
    const pending = createSigningCertificate(`ngrok SAML SP ${route.id}`);
    route.samlCertificate = pending;
    pending.catch(() => {
      if (route.samlCertificate === pending) route.samlCertificate = undefined;
    });
  }
  return route.samlCertificate;
}

/** Registers the SAML module routes. */
export async function samlRoutes(
  app: FastifyInstance,
  options: { context: EmulatorContext },
): Promise<void> {
  const { context } = options;
  const { store } = context;
  const path = "/edges/https/:edge_id/routes/:id/saml";

  app.put<RouteParams>(path, async (request) => {
    checkQuery(request.query, []);
    const { edge_id: edgeId, id: routeId } = request.params;
    const route = findRoute(store, edgeId, routeId);
    const settings = parseSamlModuleBody(request.body, context.options);
    const certificate = await certificateOf(route);
    // The route may have been deleted while the certificate was being made.
    const current = findRoute(store, edgeId, routeId);
    current.saml = { settings, certificate };
    return renderSamlModule(routeId, current.saml, context.urlsFor(request));
  });

  app.get<RouteParams>(path, async (request) => {
    checkQuery(request.query, []);
    const route = findRoute(store, request.params.edge_id, request.params.id);
    if (route.saml === undefined) throw apiErrors.samlModuleNotFound(route.id);
    return renderSamlModule(route.id, route.saml, context.urlsFor(request));
  });

  app.delete<RouteParams>(path, async (request, reply) => {
    checkQuery(request.query, []);
    const route = findRoute(store, request.params.edge_id, request.params.id);
    if (route.saml === undefined) throw apiErrors.samlModuleNotFound(route.id);
    route.saml = undefined;
    route.samlCertificate = undefined;
    return reply.code(204).send();
  });
}
