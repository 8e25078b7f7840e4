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
import type { SigningCertificate } from "./idpMetadata";
import { signingCertificatesOf } from "./rules";

/**
 * A signing certificate that has expired, or expires within this many milliseconds (30 days), gets
 * a warning at check (see {@link checkHttpsEdgeRouteSamlWithWarnings}).
 */
export const EXPIRY_WARNING_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The warnings about the signing certificates of a document that passed check: one line for each
 * certificate that has expired or expires within {@link EXPIRY_WARNING_MS} of `now`, naming the
 * resource (from `claimedBy`), the certificate and what to do. Not failures: ngrok's documents do
 * not say whether it refuses such metadata, and an IdP often keeps signing with a renewed key
 * while old metadata circulates, so the sign-ins may still work; the warning asks to check.
 */
export function expiryWarnings(
  certificates: readonly SigningCertificate[],
  claimedBy: string | undefined,
  now: number,
): string[] {
  const { stack, resource } = splitClaimedBy(claimedBy ?? "");
  const who =
    resource !== "" ? `HttpsEdgeRouteSaml "${resource}" (stack ${stack})` : "HttpsEdgeRouteSaml";
  const day = 24 * 60 * 60 * 1000;
  return certificates.flatMap((certificate, index) => {
    const end = Date.parse(certificate.notAfter);
    if (!(end - now < EXPIRY_WARNING_MS)) return [];
    const when =
      end <= now
        ? `expired on ${certificate.notAfter.slice(0, 10)} (${Math.floor((now - end) / day)} days ago)`
        : `expires on ${certificate.notAfter.slice(0, 10)} (in ${Math.ceil((end - now) / day)} days)`;
    const which =
      certificates.length > 1
        ? `signing certificate ${index + 1} of ${certificates.length}`
        : "signing certificate";
    return [
      `${who}: idpMetadata's ${which} (${certificate.subject}; SHA-256 ${certificate.sha256Fingerprint}) ` +
        `${when}. If your identity provider signs with this key, sign-ins may fail; if it has ` +
        "rolled over to a new key, its current metadata has the new certificate: download the " +
        "metadata again and update idpMetadata. (A warning only: ngrok's documents do not say " +
        "whether it refuses expired certificates, so preview and up go on.)",
    ];
  });
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
