/**
 * The Pulumi id of an `HttpsEdgeRouteSaml`: `<edge id>/<route id>`, the module's address.
 *
 * @module
 */
import { isNgrokId } from "../common/ids";
import { ID_PATTERNS } from "./definition";

/** The Pulumi id of a module: `<edge id>/<route id>`, e.g. `edghts_2Zp…/edghtsrt_2Zq…`. */
export function samlModuleId(edgeId: string, routeId: string): string {
  return `${edgeId}/${routeId}`;
}

/**
 * The edge and route of a module's Pulumi id (see {@link samlModuleId}): what a read without
 * state (`HttpsEdgeRouteSaml.get`) addresses the module by.
 *
 * @throws TypeError when `id` is not `<edge id>/<route id>` with ngrok's prefixes.
 */
export function splitSamlModuleId(id: string): { edgeId: string; routeId: string } {
  const [edgeId = "", routeId = "", ...rest] = id.split("/");
  if (
    rest.length > 0 ||
    !isNgrokId(edgeId, ID_PATTERNS.edgeId.prefix) ||
    !isNgrokId(routeId, ID_PATTERNS.routeId.prefix)
  ) {
    throw new TypeError(
      `the id of an HttpsEdgeRouteSaml is "<edge id>/<route id>" (edghts_…/edghtsrt_…); got ${JSON.stringify(id)}`,
    );
  }
  return { edgeId, routeId };
}
