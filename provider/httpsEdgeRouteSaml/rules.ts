/**
 * The rules of `HttpsEdgeRouteSaml` beside its definition (`./definition`, the data): its pure
 * `check` (with the warnings about expiring signing certificates) and `diff`, and its Pulumi id
 * (`<edge id>/<route id>`).
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { isNgrokId, quoted } from "../common/ids";
import { checkResource } from "../framework/check";
import { diffResource } from "../framework/diff";
import { claimBytes, splitClaimedBy } from "./claim";
import {
  httpsEdgeRouteSamlDefinition,
  type HttpsEdgeRouteSamlInputs,
  ID_PATTERNS,
  NAMEID_FORMATS,
} from "./definition";
import { parseIdpMetadata, type SigningCertificate } from "./idpMetadata";

/**
 * Any character outside RFC 6265's cookie-name characters (an HTTP token): a one-character
 * search, which never backtracks however long the input.
 */
const NOT_COOKIE_TOKEN = /[^!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/**
 * A signing certificate that has expired, or expires within this many milliseconds (30 days), gets
 * a warning at check (see {@link checkHttpsEdgeRouteSamlWithWarnings}).
 */
export const EXPIRY_WARNING_MS = 30 * 24 * 60 * 60 * 1000;

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
  return typeof value === "string" &&
    value.length <= MAX_NAMED_IDP_METADATA_LENGTH &&
    !/[\r\n]/.test(value.trimEnd())
    ? "idpMetadata"
    : "";
}

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
  const certificates: SigningCertificate[] = [];
  const result = checkInputs(news, certificates);
  const claimedBy = typeof news.claimedBy === "string" ? news.claimedBy : undefined;
  const failed = (result.failures ?? []).length > 0;
  return { result, warnings: failed ? [] : expiryWarnings(certificates, claimedBy, now) };
}

/**
 * Validates raw inputs and applies {@link SAML_DEFAULTS}. Pure: no API call, so `pulumi preview`
 * reports every failure first. Rules:
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
 * - `nameidFormat`: one of {@link NAMEID_FORMATS} (`""` means the default);
 * - `authorizedGroups`: a list of non-empty strings;
 * - `cookiePrefix`: HTTP token characters only (it becomes part of a cookie name);
 * - booleans are booleans; no other property.
 * Values not known yet (preview) are not checked.
 */
export function checkHttpsEdgeRouteSaml(
  news: Record<string, unknown>,
): pulumi.dynamic.CheckResult<HttpsEdgeRouteSamlInputs> {
  return checkInputs(news, []);
}

/** {@link checkHttpsEdgeRouteSaml}, adding the accepted document's signing certificates to `certificates`. */
function checkInputs(
  news: Record<string, unknown>,
  certificates: SigningCertificate[],
): pulumi.dynamic.CheckResult<HttpsEdgeRouteSamlInputs> {
  return checkResource(httpsEdgeRouteSamlDefinition, news, {
    properties: {
      idpMetadata(c) {
        // Recorded as given (byte for byte), then parsed unless it is not known yet (preview).
        const metadata = c.take("idpMetadata");
        if (c.value("idpMetadata") === undefined) {
          c.fail(
            "idpMetadata",
            "idpMetadata is required: the XML SAML 2.0 metadata document of your identity provider",
          );
        } else if (metadata !== undefined) {
          const claimedBy = c.value("claimedBy");
          const parsed = parseIdpMetadata(metadata as string, {
            claimBytes: claimBytes(typeof claimedBy === "string" ? claimedBy : ""),
          });
          if (parsed.ok) {
            certificates.push(...parsed.metadata.signingCertificateDetails);
          } else {
            c.fail(idpMetadataFailureProperty(metadata), `idpMetadata ${parsed.reason}`);
          }
        }
      },
      cookiePrefix(c) {
        const prefix = c.string("cookiePrefix");
        if (prefix !== undefined && NOT_COOKIE_TOKEN.test(prefix)) {
          c.fail(
            "cookiePrefix",
            `cookiePrefix must contain only letters, digits and !#$%&'*+-.^_\`|~ (it starts a cookie name); got ${quoted(prefix)}`,
          );
        }
      },
      nameidFormat(c) {
        // "" means the default: it is not recorded, so the default applies.
        if (c.value("nameidFormat") !== "") {
          c.oneOf("nameidFormat", NAMEID_FORMATS);
        }
      },
    },
  });
}

/**
 * The pure `diff`: `edgeId` and `routeId` replace the module (the new one is written before the
 * old one is removed); every writable field updates it in place, compared as the module holds
 * it: absent as its default, `cookiePrefix` `""` as ngrok's `ngrok.`, `authorizedGroups` as a set,
 * `idpMetadata` without the claim, a byte-order mark, line-ending differences or surrounding
 * whitespace, and apart from XML comments and whitespace between elements (see
 * `sameIdpMetadata`), and an `EntitiesDescriptor` holding one identity provider as the
 * `EntityDescriptor` sent for it (see `idpMetadataToSend`); `adoptExisting` and `claimedBy` are never a change.
 */
export function diffHttpsEdgeRouteSaml(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): pulumi.dynamic.DiffResult {
  return diffResource(httpsEdgeRouteSamlDefinition, olds, news);
}

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
