/**
 * `GET /__emulator/openapi.json` (the emulator's own, not ngrok's API): the OpenAPI document of
 * what this emulator serves — ngrok's document with the overlay (`spec/overlay.ts`), only the
 * operations the emulator has, their answers made strict (closed objects, every property
 * required but those the overlay lets answers omit). Tools that test an API against its
 * description (the repository's fuzz test runs Schemathesis) take it as it is. It needs no
 * `Authorization` and is never recorded, hit by fault rules or rate limited.
 */
import type { FastifyPluginAsync } from "fastify";
import type { EmulatorContext } from "../context";
import { ADMIN_PREFIX } from "../http/adminPath";
import type { RouteTable } from "../http/notFound";
import type { OpenApiDocument } from "../spec";

/** `"<METHOD> <path>"` of each of ngrok's operations the app serves (paths as ngrok writes them). */
export function servedOperations(context: EmulatorContext, routes: RouteTable): Set<string> {
  const served = new Set<string>();
  for (const { url, methods } of routes.entries()) {
    const apiPath = url.replace(/:([A-Za-z_]+)/g, "{$1}");
    const known = context.spec.document.paths[apiPath];
    if (known === undefined) continue;
    for (const method of methods) {
      if (method.toLowerCase() in known) served.add(`${method} ${apiPath}`);
    }
  }
  return served;
}

/** The document {@link openApiRoute} serves. */
export function servedDocument(context: EmulatorContext, routes: RouteTable): OpenApiDocument {
  const document = context.spec.strictDocument(servedOperations(context, routes));
  document.servers = [{ url: context.currentUrls().apiBaseUrl }];
  return document;
}

/** Registers `GET /__emulator/openapi.json`. */
export const openApiRoute: FastifyPluginAsync<{
  context: EmulatorContext;
  routes: RouteTable;
}> = async (app, { context, routes }) => {
  app.get(`${ADMIN_PREFIX}/openapi.json`, async (request) => {
    context.apiBaseUrlFor(request);
    return servedDocument(context, routes);
  });
};
