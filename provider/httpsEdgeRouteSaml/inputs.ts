/**
 * The inputs and outputs of `HttpsEdgeRouteSaml`, and its pure `check`.
 *
 * Source: spec sections 2.3 (fields), 4.2 (endpoints) and 8 (limits); ngrok's
 * `PUT /edges/https/{edge_id}/routes/{id}/saml`; `ngrok-api.md` ("HTTPS edge route SAML module").
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { InputChecker } from "../common/check";
import { isNgrokId, quoted } from "../common/ids";
import { claimBytes, splitClaimedBy } from "./claim";
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

/** The largest value of a uint32 field (`inactivity_timeout`, `maximum_duration`), spec 8. */
export const UINT32_MAX = 4294967295;

/**
 * The value `check` records for each writable field the program leaves unset, and that is sent
 * with every `PUT` (which replaces the whole module). `enabled` and `nameidFormat` are ngrok's
 * documented defaults; `cookiePrefix: ""` lets ngrok use its own prefix (`ngrok.`); zero timeouts
 * let ngrok use its own session limits; `allowIdpInitiated` defaults to `false`, the safer choice
 * (ngrok turns it on when the field is omitted).
 */
export const SAML_DEFAULTS = {
  enabled: true,
  optionsPassthrough: false,
  cookiePrefix: "",
  inactivityTimeout: 0,
  maximumDuration: 0,
  forceAuthn: false,
  allowIdpInitiated: false,
  authorizedGroups: [] as string[],
  nameidFormat: "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
};

/** Prefixes of ngrok's ids: HTTPS edges `edghts_`, their routes `edghtsrt_`. */
export const ID_PATTERNS = {
  edgeId: { prefix: "edghts_" },
  routeId: { prefix: "edghtsrt_" },
} as const;

/** Properties that address the module: a change replaces it. */
export const REPLACE_PROPERTIES = ["edgeId", "routeId"] as const;
/** Writable fields of the module, updated in place by one `PUT`. */
export const UPDATE_PROPERTIES = [
  "idpMetadata",
  "enabled",
  "optionsPassthrough",
  "cookiePrefix",
  "inactivityTimeout",
  "maximumDuration",
  "forceAuthn",
  "allowIdpInitiated",
  "authorizedGroups",
  "nameidFormat",
] as const;

/** The inputs as they are after `check` (defaults applied to every writable field). */
export interface HttpsEdgeRouteSamlInputs {
  edgeId: string;
  routeId: string;
  idpMetadata: string;
  enabled: boolean;
  optionsPassthrough: boolean;
  cookiePrefix: string;
  inactivityTimeout: number;
  maximumDuration: number;
  forceAuthn: boolean;
  allowIdpInitiated: boolean;
  authorizedGroups: string[];
  nameidFormat: string;
  /** Take over a module this stack did not create (see the SDK class). Never sent to ngrok. */
  adoptExisting?: boolean;
  /**
   * `<project>/<stack>/<resource name>`, set by the SDK class: written with the module's claim
   * (see `./claim`), never a change. Absent in resources created before it existed.
   */
  claimedBy?: string;
}

/** The outputs recorded in state: every input plus the service-provider values ngrok generates. */
export interface HttpsEdgeRouteSamlOutputs extends HttpsEdgeRouteSamlInputs {
  /**
   * The signing certificates of the IdP metadata that ngrok holds, in document order: subject,
   * end of validity (`notAfter`, ISO 8601 UTC) and SHA-256 fingerprint of each (see
   * `SigningCertificate`). `[]` when the document holds none this package can read (a module
   * configured outside Pulumi). Computed from the document, not by ngrok.
   */
  idpSigningCertificates: SigningCertificate[];
  entityId: string;
  assertionConsumerServiceUrl: string;
  singleLogoutUrl: string;
  requestSigningCertificatePem: string;
  metadataUrl: string;
  idpMetadataUrl: string;
  /**
   * The token of this resource's claim on the module (see `./claim`), from its create on; absent
   * in resources created before claims existed.
   */
  claimToken?: string;
}

const RESOURCE = "ngrok:HttpsEdgeRouteSaml";
const KNOWN: readonly (keyof HttpsEdgeRouteSamlInputs)[] = [
  ...REPLACE_PROPERTIES,
  ...UPDATE_PROPERTIES,
  "adoptExisting",
  "claimedBy",
];
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
  const c = new InputChecker<HttpsEdgeRouteSamlInputs>(news, RESOURCE, KNOWN);
  for (const property of REPLACE_PROPERTIES) {
    const { prefix } = ID_PATTERNS[property];
    const id = c.string(property);
    if (c.value(property) === undefined) {
      c.fail(
        property,
        `${property} is required: the id of the HTTPS edge${property === "routeId" ? " route" : ""} (${prefix}…)`,
      );
    } else if (id !== undefined && !isNgrokId(id, prefix)) {
      c.fail(
        property,
        `${property} must be an ngrok id starting with "${prefix}" followed by letters and digits; got ${quoted(id)}`,
      );
    }
  }

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

  for (const property of [
    "enabled",
    "optionsPassthrough",
    "forceAuthn",
    "allowIdpInitiated",
    "adoptExisting",
  ] as const) {
    c.boolean(property);
  }
  const prefix = c.string("cookiePrefix");
  if (prefix !== undefined && NOT_COOKIE_TOKEN.test(prefix)) {
    c.fail(
      "cookiePrefix",
      `cookiePrefix must contain only letters, digits and !#$%&'*+-.^_\`|~ (it starts a cookie name); got ${quoted(prefix)}`,
    );
  }
  c.string("claimedBy");
  c.integer("inactivityTimeout", 0, UINT32_MAX, "seconds");
  c.integer("maximumDuration", 0, UINT32_MAX, "seconds");
  c.stringList("authorizedGroups");
  // "" means the default: it is not recorded, so the default below applies.
  if (c.value("nameidFormat") !== "") {
    c.oneOf("nameidFormat", NAMEID_FORMATS);
  }

  return c.result({ ...SAML_DEFAULTS, authorizedGroups: [] });
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
