/**
 * `HttpsEdgeRouteSaml`'s `check` with its warnings: the signing certificates of an accepted IdP
 * document that have expired or expire soon (warnings, not failures).
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { splitClaimedBy } from "../framework/names";
import { httpsEdgeRouteSamlDefinition, type HttpsEdgeRouteSamlInputs } from "./definition";
import { certificateExpiryWarnings, type SigningCertificate } from "./idpMetadata";

export { EXPIRY_WARNING_MS } from "./idpMetadata";

/**
 * The warnings about the signing certificates of a document that passed check (see
 * `certificateExpiryWarnings`, which the `saml` action of a traffic policy shares), naming the
 * resource (from `claimedBy`) and `idpMetadata`.
 */
export function expiryWarnings(
  certificates: readonly SigningCertificate[],
  claimedBy: string | undefined,
  now: number,
): string[] {
  const { stack, resource } = splitClaimedBy(claimedBy ?? "");
  const who =
    resource !== "" ? `HttpsEdgeRouteSaml "${resource}" (stack ${stack})` : "HttpsEdgeRouteSaml";
  return certificateExpiryWarnings(certificates, now, who, "idpMetadata");
}

/**
 * {@link checkHttpsEdgeRouteSaml}, with the warnings about what it accepted (see
 * {@link expiryWarnings}): what the provider's `check` runs, logging each warning. Pure.
 *
 * @param now - Milliseconds since the epoch to judge expiry against (the time of the preview).
 */
export function checkHttpsEdgeRouteSamlWithWarnings(
  news: Record<string, unknown>,
  now: number,
): { result: pulumi.dynamic.CheckResult<HttpsEdgeRouteSamlInputs>; warnings: string[] } {
  const { result, parsed } = httpsEdgeRouteSamlDefinition.checkParsed(news);
  const certificates = parsed.idpMetadata;
  if ((result.failures ?? []).length > 0 || certificates === undefined) {
    return { result, warnings: [] };
  }
  return { result, warnings: expiryWarnings(certificates, result.inputs?.claimedBy, now) };
}
