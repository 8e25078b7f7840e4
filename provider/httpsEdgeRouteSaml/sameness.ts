/**
 * How `HttpsEdgeRouteSaml`'s inputs are compared where equality is not enough: the `same` of
 * `idpMetadata` and `cookiePrefix` in `./definition`, used by `diff`.
 *
 * @module
 */
import { withoutClaim } from "./claim";
import { idpMetadataToSend } from "./idpMetadata";

/**
 * An IdP metadata document as it is compared: the EntityDescriptor sent for it (see
 * `idpMetadataToSend`), without the claim, a byte-order mark, line-ending differences or
 * surrounding whitespace.
 */
function comparableMetadata(value: unknown): unknown {
  return typeof value === "string"
    ? withoutClaim(
        idpMetadataToSend(value)
          .replace(/^\uFEFF/, "")
          .replace(/\r\n?/g, "\n"),
      ).trim()
    : value;
}

/** Two IdP metadata documents that ngrok would be sent the same of (see {@link comparableMetadata}). */
export function sameIdpMetadata(old: unknown, declared: unknown): boolean {
  return comparableMetadata(old) === comparableMetadata(declared);
}

/** Two cookie prefixes, absent and `""` being ngrok's `ngrok.`. */
export function sameCookiePrefix(old: unknown, declared: unknown): boolean {
  const cookie = (v: unknown) => (v === undefined || v === null || v === "" ? "ngrok." : v);
  return cookie(old) === cookie(declared);
}
