/**
 * The preview warning about the signing certificates of an accepted IdP metadata document that
 * have expired or expire soon: one text, for every input that holds such a document
 * (`HttpsEdgeRouteSaml.idpMetadata`, the `saml` action of a traffic policy).
 *
 * @module
 */
import { EXPIRY_WARNING_MS, expiryWords } from "../../framework/formats";
import type { SigningCertificate } from "./certificates";

export { EXPIRY_WARNING_MS };

/**
 * The warnings about `certificates` (of a document that passed check): one line for each that has
 * expired or expires within {@link EXPIRY_WARNING_MS} of `now`, starting with `who` (the resource
 * that holds the document), naming `property` (where the document is), the certificate and what
 * to do. Not failures: ngrok's documents do not say whether it refuses such metadata, and an IdP
 * often keeps signing with a renewed key while old metadata circulates, so the sign-ins may still
 * work; the warning asks to check.
 *
 * @param now - Milliseconds since the epoch to judge expiry against (the time of the preview).
 */
export function certificateExpiryWarnings(
  certificates: readonly SigningCertificate[],
  now: number,
  who: string,
  property: string,
): string[] {
  return certificates.flatMap((certificate, index) => {
    const when = expiryWords(certificate.notAfter, now);
    if (when === undefined) return [];
    const which =
      certificates.length > 1
        ? `signing certificate ${index + 1} of ${certificates.length}`
        : "signing certificate";
    return [
      `${who}: ${property}'s ${which} (${certificate.subject}; SHA-256 ${certificate.sha256Fingerprint}) ` +
        `${when}. If your identity provider signs with this key, sign-ins may fail; if it has ` +
        "rolled over to a new key, its current metadata has the new certificate: download the " +
        `metadata again and update ${property}. (A warning only: ngrok's documents do not say ` +
        "whether it refuses expired certificates, so preview and up go on.)",
    ];
  });
}
