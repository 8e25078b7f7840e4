/**
 * `HttpsEdgeRouteSaml`: its definition (`./definition`), its provider's methods and its lookup, as
 * the one value this folder exports (see `../framework/module`).
 *
 * @module
 */
import { resourceModule } from "../framework/module";
import { httpsEdgeRouteSamlDefinition } from "./definition";
import { lookupHttpsEdgeRouteSaml } from "./lookup";
import { httpsEdgeRouteSamlProvider } from "./provider";

/** The SAML module of an HTTPS edge route. */
export const httpsEdgeRouteSaml = resourceModule(httpsEdgeRouteSamlDefinition, {
  provider: httpsEdgeRouteSamlProvider,
  lookups: {
    one: (client, { edgeId, routeId }) => lookupHttpsEdgeRouteSaml(client, edgeId, routeId),
  },
});
