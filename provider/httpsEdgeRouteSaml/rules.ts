/**
 * The rules of `HttpsEdgeRouteSaml`'s properties where their types are not enough (see
 * `../framework/property`, `rule`), attached to them in `./definition`: each runs after the
 * shared required and type checks, on a value they accepted.
 *
 * What `check` judges, as a whole (no API call, so `pulumi preview` reports every failure first):
 * - `edgeId` and `routeId` are required, with ngrok's prefixes (`edghts_…`, `edghtsrt_…`);
 * - `idpMetadata` is required: one SAML 2.0 `EntityDescriptor` with an `IDPSSODescriptor`, a
 *   single sign-on endpoint ngrok can send the browser to and a signing certificate (see
 *   `parseIdpMetadata`). Its failures name the property only when its value is one short line
 *   (see {@link idpMetadataFailureProperty}): for a document they name none, so that the engine
 *   does not print the whole document in the message; the reason starts with `idpMetadata`
 *   either way. A missing `idpMetadata` names it. Its
 *   size limit is ngrok's, 262144 bytes of UTF-8, for the document as it is sent: with the claim
 *   comment for `claimedBy` (see `./claim`) appended, so that the API never refuses it for its
 *   size;
 * - `inactivityTimeout`, `maximumDuration`: integers from 0 to 4294967295 (seconds, uint32);
 * - `nameidFormat`: one of `NAMEID_FORMATS` (`""` means the default);
 * - `authorizedGroups`: a list of non-empty strings;
 * - `cookiePrefix`: HTTP token characters only (it becomes part of a cookie name);
 * - booleans are booleans; no other property.
 * Values not known yet (preview) are not checked.
 *
 * `diff`: `edgeId` and `routeId` replace the module (the new one is written before the
 * old one is removed); every writable field updates it in place, compared as the module holds
 * it: absent as its default, `cookiePrefix` `""` as ngrok's `ngrok.`, `authorizedGroups` as a set,
 * `idpMetadata` without the claim, a byte-order mark, line-ending differences or surrounding
 * whitespace, and apart from XML comments and whitespace between elements (see
 * `sameIdpMetadata`), and an `EntitiesDescriptor` holding one identity provider as the
 * `EntityDescriptor` sent for it (see `idpMetadataToSend`); `adoptExisting` and `claimedBy` are never a change.
 *
 * @module
 */
import type { RuleChecker } from "../framework/property";
import { claimBytes } from "./claim";
import { parseIdpMetadata, type SigningCertificate } from "./idpMetadata";

/**
 * The SAML 2.0 NameID formats (SAML core, section 8.3) that `nameidFormat` accepts. ngrok supports
 * "a subset" it does not publish; these are all the standard ones, and ngrok answers
 * `ERR_NGROK_1693` for one it does not support.
 */
export const NAMEID_FORMATS = [
  "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:X509SubjectName",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:WindowsDomainQualifiedName",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:kerberos",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:entity",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
] as const;

/**
 * Any character outside RFC 6265's cookie-name characters (an HTTP token): a one-character
 * search, which never backtracks however long the input.
 */
const NOT_COOKIE_TOKEN = /[^!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/**
 * The longest `idpMetadata` value that a failure names as its property. Pulumi's engine prints a
 * failure that names a property as "property <name> value {<the program's raw value>} has a
 * problem: <reason>", the value whole, under "Diagnostics" (and on the resource's line of the
 * progress display, up to its first line break) (pulumi/pkg/v3 `resource/deploy/step_generator.go`, `issueCheckFailures`).
 * Measured with the real CLI 3.248.0 (`tests/automation/httpsEdgeRouteSaml.preview.automation.test.ts`):
 * a failure naming `idpMetadata` for a 204,902-byte document of 4,000 lines made `pulumi
 * preview` print 222,473 bytes (the whole document, under "Diagnostics") and the Automation
 * API's error hold 445,428; for a 200 KB document on one line, 400,625 bytes (it is also printed
 * whole on the progress line) and 801,732. So a failure names the property only when
 * its value is one short line (a URL or a file path given instead of the document), which the
 * engine then shows usefully; a document's failure names none, and its reason starts with
 * `idpMetadata` instead.
 */
export const MAX_NAMED_IDP_METADATA_LENGTH = 200;

/**
 * The property a failure about the value of `idpMetadata` names: `"idpMetadata"` for one short
 * line of text (see {@link MAX_NAMED_IDP_METADATA_LENGTH}), `""` for a document.
 */
export function idpMetadataFailureProperty(value: unknown): string {
  return isOneShortLine(value) ? "idpMetadata" : "";
}

/** Whether `value` is one short line of text, which a failure may name (`namedInFailures`). */
export function isOneShortLine(value: unknown): boolean {
  return (
    typeof value === "string" &&
    value.length <= MAX_NAMED_IDP_METADATA_LENGTH &&
    !/[\r\n]/.test(value.trimEnd())
  );
}

/** The `claimedBy` a document is judged with: its claim comment counts in the size limit. */
const claimedByIn = (c: RuleChecker) => {
  const claimedBy = c.value("claimedBy");
  return typeof claimedBy === "string" ? claimedBy : "";
};

/**
 * The rule of `idpMetadata`: one SAML 2.0 `EntityDescriptor` (or an aggregate of one) that ngrok
 * can use, judged by `parseIdpMetadata`, with ngrok's size limit counted with the claim comment
 * for `claimedBy` (see `./claim`). Its failures name the property only for one short line (the
 * property's `namedInFailures`, {@link idpMetadataFailureProperty}). Returns the document's
 * signing certificates when it accepts it (what `check` hands on for its expiry warnings).
 */
export function idpMetadataRule(
  metadata: string,
  c: RuleChecker,
): readonly SigningCertificate[] | undefined {
  const parsed = parseIdpMetadata(metadata, { claimBytes: claimBytes(claimedByIn(c)) });
  if (parsed.ok) return parsed.metadata.signingCertificateDetails;
  c.fail("idpMetadata", `idpMetadata ${parsed.reason}`);
  return undefined;
}

/** The rule of `cookiePrefix`: HTTP token characters only (it starts a cookie name). */
export function cookiePrefixRule(prefix: string, c: RuleChecker, name: string): void {
  if (NOT_COOKIE_TOKEN.test(prefix)) {
    c.fail(
      name,
      `${name} must contain only letters, digits and !#$%&'*+-.^_\`|~ (it starts a cookie name); got ${c.quote(name, prefix)}`,
    );
  }
}
