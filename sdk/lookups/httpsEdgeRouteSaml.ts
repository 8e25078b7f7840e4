/**
 * The lookup function for the SAML module of an HTTPS edge route: read a module that a program
 * does not manage.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import type { HttpsEdgeRouteSamlRecord } from "../../provider";
import { implementation, programClient } from "./programClient";
import type * as generated from "../generated/types";

export type {
  GetHttpsEdgeRouteSamlArgs,
  GetHttpsEdgeRouteSamlOutputArgs,
  GetHttpsEdgeRouteSamlResult,
} from "../generated/types";

/**
 * Reads the SAML module of one route, without managing it: one
 * `GET /edges/https/{edge_id}/routes/{id}/saml` from the program's process, at every
 * `pulumi preview` and `pulumi up`.
 *
 * Configuration as for the resources (stack config `ngrok:apiKey`, `ngrok:apiBaseUrl`, the
 * retry settings, then `NGROK_API_KEY`, …); the request is retried as the resources' are. This
 * is not a Pulumi invoke: `pulumi.runtime.setMocks` does not intercept it.
 *
 * @example
 * ```ts
 * const sso = await getHttpsEdgeRouteSaml({ edgeId: "edghts_2Zp…", routeId: "edghtsrt_2Zq…" });
 * export const acsUrl = sso.assertionConsumerServiceUrl;
 * ```
 * @throws TypeError when `edgeId` or `routeId` is not an id with ngrok's prefix, before any
 *   request.
 * @throws NgrokApiError from the API, e.g. 404 when the route has no SAML module (or the route
 *   or the edge does not exist).
 * @throws NgrokConfigurationError when no API key is configured.
 */
export async function getHttpsEdgeRouteSaml(
  args: generated.GetHttpsEdgeRouteSamlArgs,
): Promise<generated.GetHttpsEdgeRouteSamlResult> {
  const found = await implementation().lookupHttpsEdgeRouteSaml(
    programClient(),
    args.edgeId,
    args.routeId,
  );
  return result(found);
}

/**
 * {@link getHttpsEdgeRouteSaml} with inputs, as an output: for ids that other resources' outputs
 * give.
 */
export function getHttpsEdgeRouteSamlOutput(
  args: generated.GetHttpsEdgeRouteSamlOutputArgs,
): pulumi.Output<generated.GetHttpsEdgeRouteSamlResult> {
  return pulumi.output(args).apply((resolved) => getHttpsEdgeRouteSaml(resolved));
}

/** The result's fields of the provider's record (without the resource's own bookkeeping). */
function result({
  adoptExisting: _adopt,
  claimedBy: _claimedBy,
  claimToken: _token,
  ...fields
}: HttpsEdgeRouteSamlRecord): generated.GetHttpsEdgeRouteSamlResult {
  return fields;
}
