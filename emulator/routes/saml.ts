/**
 * The HTTPS edge route SAML module (`contributing/reference/seed.md` §2.3 and §4.2):
 * `PUT|GET|DELETE /edges/https/:edge_id/routes/:id/saml`.
 *
 * - PUT replaces the whole module (body rules in `model/samlModule.ts`) and answers 200 with it;
 *   `idp_metadata` is stored as `EmulatorOptions.idpMetadataStore` says (`model/idpMetadataStore.ts`:
 *   byte for byte by default), and answered as stored.
 *   Missing edge: 404 ERR_NGROK_7000; missing route: 404 ERR_NGROK_7124.
 * - GET answers the module; DELETE removes it (204). For a route without a module, both answer
 *   404 ERR_NGROK_7124, unless `EmulatorOptions.samlModuleAbsent` picks another answer: then GET
 *   answers 200 with `null`, `{}` or a zero-valued module, and DELETE 204. The certificate rules
 *   are in `model/samlModuleStore.ts`.
 * - While the account's edges are removed (`EmulatorOptions.edgesDeprecated`), every request
 *   answers ERR_NGROK_7008 instead; while they are read-only (`edgesReadOnly`), PUT and DELETE
 *   answer ERR_NGROK_7196 (`http/edgesDeprecated.ts`).
 */
import type { ContextRoutes } from "../context";
import { edgesAccessHook } from "../http/edgesDeprecated";
import { findRoute } from "../model/httpsEdge";
import { renderAbsentSamlModule, renderSamlModule } from "../model/render";
import { storedIdpMetadata } from "../model/idpMetadataStore";
import { parseSamlModuleBody } from "../model/samlModule";
import { deleteSamlModule, replaceSamlModule, samlModuleOf } from "../model/samlModuleStore";
import { checkQuery } from "../model/validation";
import type { RouteParams } from "./edges";

/** Registers the SAML module routes. */
export const samlRoutes: ContextRoutes = async (app, { context }) => {
  const { store, spec } = context;
  const { samlModuleAbsent, idpMetadataStore } = context.options;
  const path = "/edges/https/:edge_id/routes/:id/saml";
  app.addHook("onRequest", edgesAccessHook(context.edges));

  app.put<RouteParams>(path, async (request) => {
    checkQuery(request.query, []);
    const route = findRoute(store, request.params.edge_id, request.params.id);
    const sent = parseSamlModuleBody(spec, request.body, context.options);
    const settings = {
      ...sent,
      idp_metadata: storedIdpMetadata(sent.idp_metadata, idpMetadataStore),
    };
    const module = await replaceSamlModule(store, route, settings);
    return renderSamlModule(spec, route.id, module, context.urlsFor(request));
  });

  app.get<RouteParams>(path, async (request, reply) => {
    checkQuery(request.query, []);
    const route = findRoute(store, request.params.edge_id, request.params.id);
    if (route.saml === undefined && samlModuleAbsent !== "404") {
      // Sent as text: fastify would answer an empty body for a `null` payload.
      return reply
        .type("application/json")
        .send(JSON.stringify(renderAbsentSamlModule(spec, samlModuleAbsent)));
    }
    return renderSamlModule(spec, route.id, samlModuleOf(route), context.urlsFor(request));
  });

  app.delete<RouteParams>(path, async (request, reply) => {
    checkQuery(request.query, []);
    const route = findRoute(store, request.params.edge_id, request.params.id);
    if (route.saml !== undefined || samlModuleAbsent === "404") {
      deleteSamlModule(route);
    }
    return reply.code(204).send();
  });
};
