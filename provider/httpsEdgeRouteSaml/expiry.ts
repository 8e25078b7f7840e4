/**
 * `HttpsEdgeRouteSaml`'s `check` with its warnings: the signing certificates of an accepted IdP
 * document that have expired or expire soon (warnings, not failures).
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { isUnknown } from "../common/unknown";
import { splitClaimedBy } from "./claim";
import { httpsEdgeRouteSamlDefinition, type HttpsEdgeRouteSamlInputs } from "./definition";
import { certificateExpiryWarnings, type SigningCertificate } from "./idpMetadata";
import { signingCertificatesOf } from "./rules";

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
  const result = httpsEdgeRouteSamlDefinition.check(news);
  const { idpMetadata, claimedBy } = result.inputs ?? {};
  if (
    (result.failures ?? []).length > 0 ||
    typeof idpMetadata !== "string" ||
    isUnknown(idpMetadata)
  ) {
    return { result, warnings: [] };
  }
  const certificates = signingCertificatesOf(idpMetadata, claimedBy ?? "");
  return { result, warnings: expiryWarnings(certificates, claimedBy, now) };
}
