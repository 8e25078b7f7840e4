/**
 * The lookup function for the SAML module of an HTTPS edge route: read a module that a program
 * does not manage.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import type { HttpsEdgeRouteSamlRecord } from "../../provider";
import type { IdpSigningCertificate } from "../httpsEdgeRouteSaml";
import { implementation, programClient } from "./programClient";

/** The arguments of {@link getHttpsEdgeRouteSaml}. */
export interface GetHttpsEdgeRouteSamlArgs {
  /** The HTTPS edge's id, `edghts_…`. */
  edgeId: string;
  /** The route's id, `edghtsrt_…`. */
  routeId: string;
}

/** The arguments of {@link getHttpsEdgeRouteSamlOutput}: those of {@link getHttpsEdgeRouteSaml}, as inputs. */
export interface GetHttpsEdgeRouteSamlOutputArgs {
  /** The HTTPS edge's id, `edghts_…`. */
  edgeId: pulumi.Input<string>;
  /** The route's id, `edghtsrt_…`. */
  routeId: pulumi.Input<string>;
}

/**
 * A route's SAML module as the lookup returns it: the outputs of an `HttpsEdgeRouteSaml`
 * resource, under the same names, with its Pulumi id.
 */
export interface GetHttpsEdgeRouteSamlResult {
  // Written out like the resource class's outputs, not derived from the provider's types: each
  // field has its own documentation here; the compiler checks that the provider's record fits.
  /** `<edge id>/<route id>`, the id an `HttpsEdgeRouteSaml` of this module has. */
  id: string;
  /** The HTTPS edge's id (`edghts_…`). */
  edgeId: string;
  /** The route's id (`edghtsrt_…`). */
  routeId: string;
  /** The IdP metadata document, without the claim comment a Pulumi resource may have added. */
  idpMetadata: string;
  /** Whether the module is on. */
  enabled: boolean;
  /** Whether CORS preflight `OPTIONS` requests pass without sign-in. */
  optionsPassthrough: boolean;
  /** The prefix of ngrok's session cookies; `""` means ngrok's own (`ngrok.`). */
  cookiePrefix: string;
  /** Seconds of inactivity after which the session ends; `0` is ngrok's own limit. */
  inactivityTimeout: number;
  /** Maximum length of a session in seconds; `0` is ngrok's own limit. */
  maximumDuration: number;
  /** Whether the IdP must re-authenticate the user at each sign-in. */
  forceAuthn: boolean;
  /** Whether sign-ins started at the IdP are accepted. */
  allowIdpInitiated: boolean;
  /** The IdP groups allowed in; `[]` lets in anyone the IdP authenticates. */
  authorizedGroups: string[];
  /** The SAML 2.0 NameID format requested from the IdP. */
  nameidFormat: string;
  /**
   * The signing certificates of the IdP metadata: `subject`, `notAfter` (ISO 8601 UTC) and
   * `sha256Fingerprint` of each, in document order; `[]` when the document holds none this
   * package can read.
   */
  idpSigningCertificates: IdpSigningCertificate[];
  /** The SP entity ID, a URL (equal to `metadataUrl`). */
  entityId: string;
  /** The SP Assertion Consumer Service URL. */
  assertionConsumerServiceUrl: string;
  /** The SP Single Logout URL. */
  singleLogoutUrl: string;
  /** PEM X.509 certificate of the key that signs ngrok's SAML requests. */
  requestSigningCertificatePem: string;
  /** URL of the SP metadata XML. */
  metadataUrl: string;
  /** ngrok's `idp_metadata_url` (`""` when the metadata was given as a document). */
  idpMetadataUrl: string;
}

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
  args: GetHttpsEdgeRouteSamlArgs,
): Promise<GetHttpsEdgeRouteSamlResult> {
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
  args: GetHttpsEdgeRouteSamlOutputArgs,
): pulumi.Output<GetHttpsEdgeRouteSamlResult> {
  return pulumi.output(args).apply((resolved) => getHttpsEdgeRouteSaml(resolved));
}

/** The result's fields of the provider's record (without the resource's own bookkeeping). */
function result({
  adoptExisting: _adopt,
  claimedBy: _claimedBy,
  claimToken: _token,
  ...fields
}: HttpsEdgeRouteSamlRecord): GetHttpsEdgeRouteSamlResult {
  return fields;
}
