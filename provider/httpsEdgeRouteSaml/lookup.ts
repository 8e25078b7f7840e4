/**
 * Reading an HTTPS edge route's SAML module without managing it: what the SDK's lookup function
 * `getHttpsEdgeRouteSaml` runs in the program's process.
 *
 * One `GET …/saml`, retried as every request of the provider's client is. The module comes back
 * as the resource's outputs with its Pulumi id (`<edge id>/<route id>`); `idpMetadata` is the
 * document without the claim comment a Pulumi resource wrote into it (see `./claim`).
 *
 * `provider/index.ts` exports this module, so it is loaded with the provider (by `check` and
 * `diff` too): it loads the wire format (zod) only when it is used.
 *
 * @module
 */
import { NgrokApiError, type NgrokClient } from "../client";
import { isNgrokId, quoted } from "../common/ids";
import { type HttpsEdgeRouteSamlOutputs, ID_PATTERNS } from "./definition";
import { samlModuleId } from "./moduleId";
import * as wire from "./api";

/** A module as the lookup returns it: the outputs of the resource, and its Pulumi id. */
export interface HttpsEdgeRouteSamlRecord extends HttpsEdgeRouteSamlOutputs {
  /** `<edge id>/<route id>`. */
  id: string;
}

/**
 * One `GET /edges/https/{edge_id}/routes/{id}/saml`.
 *
 * @throws TypeError when `edgeId` or `routeId` is not an id with ngrok's prefix, before any
 *   request.
 * @throws {@link NgrokApiError} when ngrok refuses, e.g. 404 when the route has no SAML module
 *   (or the route or the edge does not exist); also a 404 when ngrok answers an empty module.
 */
export async function lookupHttpsEdgeRouteSaml(
  client: NgrokClient,
  edgeId: string,
  routeId: string,
): Promise<HttpsEdgeRouteSamlRecord> {
  for (const [name, value] of [
    ["edgeId", edgeId],
    ["routeId", routeId],
  ] as const) {
    const { prefix } = ID_PATTERNS[name];
    if (!isNgrokId(value, prefix)) {
      throw new TypeError(
        `getHttpsEdgeRouteSaml: ${name} must be an ngrok id starting with "${prefix}" followed by letters and digits; got ${typeof value === "string" ? quoted(value) : JSON.stringify(value)}`,
      );
    }
  }
  const request = wire.getModuleRequest(edgeId, routeId);
  const module = await client.request(request);
  if (module === undefined) {
    // ngrok answered 200 with an empty module for a route without one (see `isAbsentModule`):
    // the same answer as its 404.
    throw new NgrokApiError(
      404,
      { msg: `route ${routeId} of HTTPS edge ${edgeId} has no SAML module` },
      { method: request.method, path: request.path },
    );
  }
  return { id: samlModuleId(edgeId, routeId), ...wire.toOutputs(module, { edgeId, routeId }) };
}
