/**
 * A route's SAML module in the store: read, replace (with the route's request-signing
 * certificate) and delete.
 *
 * - The request-signing certificate is made once per route and kept across PUTs; concurrent
 *   first PUTs share one certificate (the generation promise is memoised on the route). After
 *   DELETE the next PUT makes a new one.
 * - A route without a module answers 404 ERR_NGROK_7124 with a message naming the SAML module
 *   (ngrok does not document this case; `EmulatorOptions.samlModuleAbsent` picks another answer
 *   in `routes/saml.ts`).
 */
import { apiErrors } from "../errors";
import { createSigningCertificate, type SigningCertificate } from "./certificates";
import { findRoute } from "./httpsEdge";
import { ID_PREFIX } from "./ids";
import type { EmulatorStore, RouteRecord, SamlModuleRecord, SamlModuleSettings } from "./store";

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

/**
 * Replaces the route's module with `settings` (checked by `parseSamlModuleBody`), making the
 * certificate first if needed. The route is looked up again after that await, since it may
 * have been deleted meanwhile (then 404 ERR_NGROK_7000 / 7124).
 */
export async function replaceSamlModule(
  store: EmulatorStore,
  route: RouteRecord,
  settings: SamlModuleSettings,
): Promise<SamlModuleRecord> {
  const certificate = await certificateOf(route);
  const current = findRoute(store, route.edgeId, route.id);
  current.saml = { settings, certificate };
  return current.saml;
}

/** The route's module, or 404 ERR_NGROK_7124 when it has none. */
export function samlModuleOf(route: RouteRecord): SamlModuleRecord {
  if (route.saml === undefined) throw apiErrors.samlModuleNotFound(route.id);
  return route.saml;
}

/**
 * The module of the route with this id on any edge, for the public SP metadata URL: 404
 * ERR_NGROK_7124 when the id is not a route id, the route does not exist or has no module.
 */
export function publishedSamlModule(
  store: EmulatorStore,
  routeId: string,
): { route: RouteRecord; module: SamlModuleRecord } {
  const route = routeId.startsWith(ID_PREFIX.httpsEdgeRoute) ? store.findRoute(routeId) : undefined;
  if (route === undefined || route.saml === undefined) {
    throw apiErrors.samlModuleNotFound(routeId);
  }
  return { route, module: route.saml };
}

/** Deletes the route's module and forgets its certificate; 404 ERR_NGROK_7124 when it has none. */
export function deleteSamlModule(route: RouteRecord): void {
  samlModuleOf(route);
  route.saml = undefined;
  route.samlCertificate = undefined;
}
