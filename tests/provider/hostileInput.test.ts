/**
 * Hostile inputs for both resources, through the real providers' `check` (as the dynamic-provider
 * host calls it) while the emulator of ngrok's API runs and the provider is configured to use it:
 * each case must be refused at `check`, by a failure that names the property and states the rule,
 * with zero API requests. The table holds only what the spec (or XML, for `idpMetadata`) forbids;
 * what the spec allows is not hostile and is not here (see the end of the file).
 *
 * Property names: a failure names its property, except the failures about an `idpMetadata`
 * document (longer than one short line), and a private key given as a certificate's `publicKey`,
 * which carry property "" and a reason that starts with the property's name. That is deliberate:
 * for a named property Pulumi's engine prints "property <name> value <the program's raw value>
 * has a problem" (pulumi/pulumi, `issueCheckFailures`), and this value is a whole XML document of
 * up to 256 KiB (what the real CLI prints then: `idpMetadataFailureProperty` in
 * provider/httpsEdgeRouteSaml/rules.ts). The reason still names it, first.
 *
 * XML entities: every XXE case points at things that would be observable if resolved, a temporary
 * file holding a unique marker and a local HTTP server that counts its hits; no result may contain
 * the marker and the server must see no request. Entity bombs must be refused fast, without the
 * heap growing.
 */
import { randomUUID } from "node:crypto";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import {
  httpsEdgeRouteSamlProvider,
  resetStackConfig,
  sshCertificateAuthorityProvider,
  sshHostCertificateProvider,
  sshUserCertificateProvider,
} from "../../provider";
import { claimBytes } from "../../provider/httpsEdgeRouteSaml/claim";
import { IDP_METADATA_MAX_BYTES } from "../../provider/httpsEdgeRouteSaml/idpMetadata";
import { idpMetadataFailureProperty } from "../../provider/httpsEdgeRouteSaml/definition";
import { configureProvider } from "../support/configureProvider";
import { readIdpMetadata } from "../support/fixtures";
import * as keys from "../support/sshKeys";

const fixture = readIdpMetadata;
const OKTA = fixture("okta.xml");
/** OKTA from its document element on (no XML declaration), to put a prolog of our own before. */
const OKTA_ROOT = OKTA.slice(OKTA.indexOf("<md:EntityDescriptor"));
const PROVIDER_TEXT = "exports.handler = serialized provider";
const CA_ID = "sshca_2ZpXGdAbcDef0123456789abc";
const MB10 = 10 * 1024 * 1024;
const ENV_NAMES = ["NGROK_API_KEY", "NGROK_API_BASE_URL"] as const;

/** Where an external entity would lead if anything resolved it. */
interface Bait {
  /** The unique text inside the file and in every answer of the HTTP server. */
  marker: string;
  /** `file:///…/secret.txt`, a file that holds {@link Bait.marker}. */
  fileUrl: string;
  /** `http://127.0.0.1:<port>/<name>`, counted in {@link Bait.hits}. */
  httpUrl: (name: string) => string;
  hits: string[];
}

const RESOURCES = {
  SshCertificateAuthority: {
    provider: sshCertificateAuthorityProvider,
    base: { privateKeyType: "ed25519" } as Record<string, unknown>,
  },
  SshHostCertificate: {
    provider: sshHostCertificateProvider,
    base: { sshCertificateAuthorityId: CA_ID, publicKey: keys.ED25519 } as Record<string, unknown>,
  },
  SshUserCertificate: {
    provider: sshUserCertificateProvider,
    base: { sshCertificateAuthorityId: CA_ID, publicKey: keys.ED25519 } as Record<string, unknown>,
  },
  HttpsEdgeRouteSaml: {
    provider: httpsEdgeRouteSamlProvider,
    base: {
      edgeId: "edghts_2ZpXGdAbcDef012345",
      routeId: "edghtsrt_2ZqYHeBcdEfg123456",
      idpMetadata: OKTA,
    } as Record<string, unknown>,
  },
};
type Resource = keyof typeof RESOURCES;

interface HostileCase {
  resource: Resource;
  what: string;
  /** The property the failure is about (and whose name starts the reason). */
  property: string;
  /** Merged over the resource's valid base inputs; `undefined` removes a property. */
  patch: (bait: Bait) => Record<string, unknown>;
  /** The rule, as the reason must state it. */
  rule: RegExp;
}

const ssh = (
  what: string,
  property: string,
  patch: HostileCase["patch"] | Record<string, unknown>,
  rule: RegExp,
): HostileCase => ({
  resource: "SshCertificateAuthority",
  what,
  property,
  patch: typeof patch === "function" ? patch : () => patch,
  rule,
});
const saml = (
  what: string,
  property: string,
  patch: HostileCase["patch"] | Record<string, unknown>,
  rule: RegExp,
): HostileCase => ({ ...ssh(what, property, patch, rule), resource: "HttpsEdgeRouteSaml" });
const host = (
  what: string,
  property: string,
  patch: HostileCase["patch"] | Record<string, unknown>,
  rule: RegExp,
): HostileCase => ({ ...ssh(what, property, patch, rule), resource: "SshHostCertificate" });
const user = (
  what: string,
  property: string,
  patch: HostileCase["patch"] | Record<string, unknown>,
  rule: RegExp,
): HostileCase => ({ ...ssh(what, property, patch, rule), resource: "SshUserCertificate" });
/** A hostile `idpMetadata` document. */
const idp = (what: string, document: (bait: Bait) => string, rule: RegExp): HostileCase =>
  saml(what, "idpMetadata", (bait) => ({ idpMetadata: document(bait) }), rule);

const UINT32 = /must be an integer from 0 to 4294967295 seconds; got /;
const KEY_TYPES = /^privateKeyType must be one of "rsa", "ecdsa", "ed25519"; got /;
const NOT_XML_CHAR = /which XML does not allow \(XML 1\.0 section 2\.2/;
const DTD = /DTDs are not allowed in SAML metadata \(they could expand entities or load external/;

/** A DOCTYPE whose entity, if resolved, would put the marker into the entityID. */
const xxe = (systemId: string) =>
  `<?xml version="1.0"?>\n<!DOCTYPE md:EntityDescriptor [\n  <!ENTITY xxe SYSTEM "${systemId}">\n]>\n` +
  OKTA_ROOT.replace('entityID="', 'entityID="&xxe;');

/** Nine levels of ten references each: 10^9 "lol"s (3 GB) if expanded. */
const BILLION_LAUGHS_DTD =
  '<!DOCTYPE md:EntityDescriptor [\n  <!ENTITY lol "lol">\n' +
  Array.from(
    { length: 9 },
    (_, i) => `  <!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">\n`,
  ).join("") +
  "]>";
const BILLION_LAUGHS =
  `<?xml version="1.0"?>\n${BILLION_LAUGHS_DTD}\n` +
  OKTA_ROOT.replace('entityID="', 'entityID="&lol9;');
/** One 100 KB entity referenced 10,000 times: 1 GB if expanded, no nesting needed. */
const QUADRATIC_BLOWUP =
  `<!DOCTYPE md:EntityDescriptor [<!ENTITY a "${"a".repeat(100_000)}">]>` +
  OKTA_ROOT.replace('entityID="', `entityID="${"&a;".repeat(10_000)}`);
/** The billion laughs after the document element, where no prolog scan looks. */
const LAUGHS_AFTER_ROOT = `${OKTA}${BILLION_LAUGHS_DTD}\n`;
/** Laughs through parameter entities, expanded inside the DTD itself: 10^9 declarations. */
const PARAMETER_LAUGHS =
  "<!DOCTYPE md:EntityDescriptor [\n  <!ENTITY % a \"<!ENTITY b 'bbbbbbbbbb'>\">\n" +
  Array.from(
    { length: 9 },
    (_, i) => `  <!ENTITY % p${i} "${(i === 0 ? "%a;" : `%p${i - 1};`).repeat(10)}">\n`,
  ).join("") +
  "  %p8;\n]>\n" +
  OKTA_ROOT;

/** UTF-16LE bytes with a byte order mark, as `readFileSync(path, encoding)` would misread them. */
const utf16Bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(OKTA, "utf16le")]);

/** OKTA with a comment that pads it to exactly `bytes` bytes of UTF-8. */
function oktaOfSize(bytes: number): string {
  const head = OKTA.indexOf("<md:IDPSSODescriptor");
  const filler = bytes - Buffer.byteLength(OKTA) - "<!---->".length;
  return `${OKTA.slice(0, head)}<!--${"x".repeat(filler)}-->${OKTA.slice(head)}`;
}

/** `value` as JSON, BigInts written as text (JSON.stringify throws on them). */
const json = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v));

/** JSON text with an own `__proto__` property, as a deserialized request would have it. */
const protoPatch = (payload: string) =>
  JSON.parse(`{"__proto__": ${payload}}`) as Record<string, unknown>;

const CASES: HostileCase[] = [
  // SshCertificateAuthority: description, at most 255 bytes of UTF-8.
  ssh(
    "description of 128 two-byte characters (256 bytes)",
    "description",
    { description: "é".repeat(128) },
    /^description must be at most 255 bytes of UTF-8; it is 256 bytes$/,
  ),
  ssh(
    "description of 86 three-byte characters (258 bytes)",
    "description",
    { description: "€".repeat(86) },
    /at most 255 bytes of UTF-8; it is 258 bytes$/,
  ),
  ssh(
    "description of 64 emoji (256 bytes, 128 UTF-16 code units)",
    "description",
    { description: "😀".repeat(64) },
    /at most 255 bytes of UTF-8; it is 256 bytes$/,
  ),
  ssh(
    "description of 255 ASCII characters and one combining accent",
    "description",
    { description: "e".repeat(255) + "\u0301" },
    /at most 255 bytes of UTF-8; it is 257 bytes$/,
  ),
  ssh(
    "description of family emoji (ZWJ sequences, 25 bytes each)",
    "description",
    { description: "👨‍👩‍👧‍👦".repeat(11) },
    /at most 255 bytes of UTF-8; it is 275 bytes$/,
  ),
  ssh(
    "description with a lone high surrogate",
    "description",
    { description: "staging \uD83D hosts" },
    /^description must be valid Unicode text: it has an unpaired UTF-16 surrogate \(U\+D83D\) at index 8/,
  ),
  ssh(
    "description with a lone low surrogate",
    "description",
    { description: "\uDE00" },
    /unpaired UTF-16 surrogate \(U\+DE00\) at index 0, which has no UTF-8 encoding/,
  ),
  ssh(
    "description that is a number",
    "description",
    { description: 42 },
    /^description must be a string, not 42$/,
  ),
  ssh(
    "description that is an object with a toString",
    "description",
    { description: { toString: () => "looks like a string" } },
    /^description must be a string, not a value of type object$/,
  ),
  ssh(
    "description that is a list",
    "description",
    { description: ["a"] },
    /^description must be a string, not a list$/,
  ),
  // metadata, at most 4096 bytes of UTF-8.
  ssh(
    "metadata of 4097 ASCII bytes",
    "metadata",
    { metadata: "m".repeat(4097) },
    /^metadata must be at most 4096 bytes of UTF-8; it is 4097 bytes$/,
  ),
  ssh(
    "metadata of 4097 bytes in 1366 characters",
    "metadata",
    { metadata: "€".repeat(1365) + "é" },
    /at most 4096 bytes of UTF-8; it is 4097 bytes$/,
  ),
  ssh(
    "adoptExistingId of 10 MB",
    "adoptExistingId",
    { adoptExistingId: `sshca_${"a".repeat(MB10)}!` },
    /^adoptExistingId must be the id of an existing SSH certificate authority.*; got "sshca_a{54}"…$/,
  ),
  ssh(
    "metadata of 10 MB",
    "metadata",
    { metadata: "{".repeat(MB10) },
    /at most 4096 bytes of UTF-8; it is 10485760 bytes$/,
  ),
  ssh(
    "metadata with a lone surrogate",
    "metadata",
    { metadata: '{"k":"\uD800"}' },
    /^metadata must be valid Unicode text: .*U\+D800/,
  ),
  // keySize: 2048 or 4096, and only with rsa.
  ssh(
    "keySize 1024",
    "keySize",
    { privateKeyType: "rsa", keySize: 1024 },
    /^keySize must be one of 2048, 4096 \(bits\); got 1024$/,
  ),
  ssh(
    "keySize 3072",
    "keySize",
    { privateKeyType: "rsa", keySize: 3072 },
    /must be one of 2048, 4096 \(bits\); got 3072$/,
  ),
  ssh(
    "keySize as a string",
    "keySize",
    { privateKeyType: "rsa", keySize: "4096" },
    /must be one of 2048, 4096 \(bits\); got "4096"$/,
  ),
  ssh("keySize fractional", "keySize", { privateKeyType: "rsa", keySize: 2048.5 }, /got 2048.5$/),
  ssh("keySize NaN", "keySize", { privateKeyType: "rsa", keySize: NaN }, /got NaN$/),
  ssh(
    "keySize with ed25519",
    "keySize",
    { privateKeyType: "ed25519", keySize: 4096 },
    /^keySize applies only when privateKeyType is "rsa"; privateKeyType is "ed25519"$/,
  ),
  ssh(
    "keySize with ecdsa",
    "keySize",
    { privateKeyType: "ecdsa", keySize: 2048 },
    /applies only when privateKeyType is "rsa"; privateKeyType is "ecdsa"$/,
  ),
  // ellipticCurve: p256, p384 or p521, and only with ecdsa.
  ssh(
    "ellipticCurve with rsa",
    "ellipticCurve",
    { privateKeyType: "rsa", ellipticCurve: "p256" },
    /^ellipticCurve applies only when privateKeyType is "ecdsa"; privateKeyType is "rsa"$/,
  ),
  ssh(
    "ellipticCurve with ed25519",
    "ellipticCurve",
    { privateKeyType: "ed25519", ellipticCurve: "p384" },
    /applies only when privateKeyType is "ecdsa"; privateKeyType is "ed25519"$/,
  ),
  ssh(
    "ellipticCurve secp256k1 (not an OpenSSH curve)",
    "ellipticCurve",
    { privateKeyType: "ecdsa", ellipticCurve: "secp256k1" },
    /^ellipticCurve must be one of "p256", "p384", "p521"; got "secp256k1"$/,
  ),
  ssh(
    "ellipticCurve as a number",
    "ellipticCurve",
    { privateKeyType: "ecdsa", ellipticCurve: 256 },
    /must be one of "p256", "p384", "p521"; got 256$/,
  ),
  // privateKeyType: required, rsa, ecdsa or ed25519.
  ssh("unknown key type dsa", "privateKeyType", { privateKeyType: "dsa" }, KEY_TYPES),
  ssh("key type in capitals", "privateKeyType", { privateKeyType: "RSA" }, KEY_TYPES),
  ssh(
    "OpenSSH's name instead of ngrok's",
    "privateKeyType",
    { privateKeyType: "ssh-ed25519" },
    KEY_TYPES,
  ),
  ssh("empty key type", "privateKeyType", { privateKeyType: "" }, /got ""$/),
  ssh("key type in a list", "privateKeyType", { privateKeyType: ["rsa"] }, /got a list$/),
  ssh(
    "key type missing",
    "privateKeyType",
    { privateKeyType: undefined },
    /^privateKeyType is required: one of "rsa", "ecdsa", "ed25519"$/,
  ),
  // Keys that are not properties, prototype pollution among them.
  ssh(
    "a __proto__ key",
    "__proto__",
    () => protoPatch('{"polluted": "yes"}'),
    /^__proto__ is not a property of pulumi-nodejs:dynamic\/ngrok:SshCertificateAuthority; its properties are/,
  ),
  ssh(
    "a constructor key",
    "constructor",
    { constructor: { prototype: { polluted: "yes" } } },
    /^constructor is not a property of pulumi-nodejs:dynamic\/ngrok:SshCertificateAuthority/,
  ),
  ssh(
    "a privateKey (ngrok never takes one)",
    "privateKey",
    { privateKey: "-----BEGIN OPENSSH PRIVATE KEY-----" },
    /^privateKey is not a property of pulumi-nodejs:dynamic\/ngrok:SshCertificateAuthority/,
  ),

  // HttpsEdgeRouteSaml: timeouts are uint32 seconds.
  saml(
    "inactivityTimeout negative",
    "inactivityTimeout",
    { inactivityTimeout: -1 },
    /^inactivityTimeout must be an integer from 0 to 4294967295 seconds; got -1$/,
  ),
  saml("maximumDuration negative", "maximumDuration", { maximumDuration: -86400 }, UINT32),
  saml(
    "inactivityTimeout just below zero",
    "inactivityTimeout",
    { inactivityTimeout: -0.5 },
    /got -0.5$/,
  ),
  saml("inactivityTimeout fractional", "inactivityTimeout", { inactivityTimeout: 1.5 }, UINT32),
  saml(
    "maximumDuration 2^32",
    "maximumDuration",
    { maximumDuration: 2 ** 32 },
    /^maximumDuration must be an integer from 0 to 4294967295 seconds; got 4294967296$/,
  ),
  saml(
    "maximumDuration 2^53",
    "maximumDuration",
    { maximumDuration: 2 ** 53 },
    /got 9007199254740992$/,
  ),
  saml(
    "inactivityTimeout as a string",
    "inactivityTimeout",
    { inactivityTimeout: "3600" },
    /got "3600"$/,
  ),
  saml(
    "maximumDuration as an exponent string",
    "maximumDuration",
    { maximumDuration: "1e3" },
    /got "1e3"$/,
  ),
  saml("inactivityTimeout NaN", "inactivityTimeout", { inactivityTimeout: NaN }, /got NaN$/),
  saml(
    "maximumDuration Infinity",
    "maximumDuration",
    { maximumDuration: Infinity },
    /got Infinity$/,
  ),
  saml(
    "inactivityTimeout -Infinity",
    "inactivityTimeout",
    { inactivityTimeout: -Infinity },
    /got -Infinity$/,
  ),
  saml("maximumDuration true", "maximumDuration", { maximumDuration: true }, /got true$/),
  saml(
    "inactivityTimeout as a BigInt",
    "inactivityTimeout",
    { inactivityTimeout: BigInt(3600) },
    /got a value of type bigint$/,
  ),
  saml(
    "inactivityTimeout as a boxed Number",
    "inactivityTimeout",
    { inactivityTimeout: new Number(3600) },
    /got a value of type object$/,
  ),

  // idpMetadata: not XML, or XML that is not one IdP's SAML 2.0 EntityDescriptor.
  idp(
    "malformed XML (an unclosed element)",
    () => OKTA.replace("</md:IDPSSODescriptor>", ""),
    /^idpMetadata is not well-formed XML at line \d+, column \d+: the end tag <\/md:EntityDescriptor> does not match the start tag <md:IDPSSODescriptor>/,
  ),
  idp(
    "a bare ampersand",
    () => OKTA.replace('entityID="', 'entityID="R & D '),
    /^idpMetadata is not well-formed XML at line 1, column \d+: "&" must start an entity or character reference/,
  ),
  idp(
    "an undefined entity without a DOCTYPE",
    () => OKTA.replace('entityID="', 'entityID="&xxe;'),
    /^idpMetadata is not well-formed XML at line 1, column \d+: the entity reference "&xxe;" is not defined/,
  ),
  idp(
    "an EntitiesDescriptor aggregate of two IdPs",
    () => fixture("corpus/spring-security-aggregate-two-idps.xml"),
    /^idpMetadata is an aggregate \(an EntitiesDescriptor with 2 EntityDescriptors\)/,
  ),
  idp(
    "service-provider metadata only",
    () => fixture("sp-only.xml"),
    /^idpMetadata is service-provider metadata .*SPSSODescriptor but no IDPSSODescriptor/,
  ),
  idp(
    "an EntityDescriptor with no IDPSSODescriptor at all",
    () =>
      OKTA.replace(
        /<md:IDPSSODescriptor[\s\S]*<\/md:IDPSSODescriptor>/,
        '<md:AttributeAuthorityDescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/>',
      ),
    /^idpMetadata has no IDPSSODescriptor, so it does not describe a SAML identity provider/,
  ),
  idp(
    "an IDPSSODescriptor for SAML 1.1 only",
    () =>
      OKTA.replace(
        'protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"',
        'protocolSupportEnumeration="urn:oasis:names:tc:SAML:1.1:protocol"',
      ),
    /^idpMetadata has an IDPSSODescriptor whose protocolSupportEnumeration .* does not include urn:oasis:names:tc:SAML:2\.0:protocol/,
  ),
  idp(
    "an EntityDescriptor without the metadata namespace",
    () => OKTA.replace(' xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"', "").replace(/md:/g, ""),
    /^idpMetadata has document element <EntityDescriptor> in no namespace.*xmlns=.* missing/,
  ),
  idp(
    "an empty entityID",
    () => OKTA.replace(/entityID="[^"]*"/, 'entityID="  "'),
    /^idpMetadata has an empty entityID attribute/,
  ),
  idp(
    "no SingleSignOnService",
    () => OKTA.replace(/<md:SingleSignOnService[^>]*\/>/g, ""),
    /^idpMetadata has no SingleSignOnService with both a Binding and a Location/,
  ),
  idp(
    "the signing certificate missing",
    () => OKTA.replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, ""),
    /^idpMetadata has no signing certificate/,
  ),
  idp(
    "a certificate for encryption only",
    () => OKTA.replace('use="signing"', 'use="encryption"'),
    /^idpMetadata has no signing certificate .*only for use="encryption"/,
  ),
  idp(
    "a signing certificate that is not base64",
    () => OKTA.replace(/<ds:X509Certificate>[^<]*</, "<ds:X509Certificate>not*a*certificate<"),
    /^idpMetadata has an invalid signing certificate: .* is not valid base64/,
  ),
  idp(
    "a PEM certificate inside X509Certificate",
    () =>
      OKTA.replace(
        /<ds:X509Certificate>([^<]*)</,
        "<ds:X509Certificate>-----BEGIN CERTIFICATE-----\n$1\n-----END CERTIFICATE-----<",
      ),
    /^idpMetadata has an invalid signing certificate: .* is in PEM format/,
  ),
  idp(
    "a truncated certificate",
    () => OKTA.replace(/<ds:X509Certificate>MIID[A-Za-z0-9+/]{60}/, "<ds:X509Certificate>MIID"),
    /^idpMetadata has an invalid signing certificate: .* does not decode to an X\.509 certificate/,
  ),
  // idpMetadata: processing instructions, CDATA and byte-order-mark tricks.
  idp(
    "the metadata hidden in a CDATA section",
    () => `<wrapper><![CDATA[${OKTA_ROOT}]]></wrapper>`,
    /^idpMetadata has document element <wrapper> in no namespace/,
  ),
  idp(
    "an XML declaration after a comment",
    () => `<!-- generated -->\n${OKTA}`,
    /^idpMetadata is not well-formed XML at line 2, column 1: the XML declaration \(<\?xml …\?>\) must be the very first thing/,
  ),
  idp(
    "an XML declaration inside the document",
    () => OKTA.replace("<md:IDPSSODescriptor", '<?xml version="1.0"?><md:IDPSSODescriptor'),
    /^idpMetadata is not well-formed XML at line 1, column \d+: the XML declaration \(<\?xml …\?>\) must be the very first thing/,
  ),
  idp(
    "UTF-16 read as UTF-8",
    () => utf16Bytes.toString("utf8"),
    /^idpMetadata is not well-formed XML: it contains the character U\+0000 .*looks like UTF-16 text/,
  ),
  idp(
    "UTF-16 read as Latin-1",
    () => utf16Bytes.toString("latin1"),
    /looks like UTF-16 text read as UTF-8 or Latin-1/,
  ),
  idp(
    "a byte-swapped byte order mark",
    () => `\uFFFE${OKTA}`,
    /character U\+FFFE at line 1, column 1, which XML does not allow/,
  ),
  // idpMetadata: characters XML 1.0 forbids.
  idp(
    "a NUL byte in an attribute",
    () => OKTA.replace('entityID="', 'entityID="\u0000'),
    NOT_XML_CHAR,
  ),
  idp(
    "a NUL byte in a comment",
    () => OKTA.replace("<md:KeyDescriptor", "<!--\u0000--><md:KeyDescriptor"),
    /U\+0000/,
  ),
  idp("a control character", () => OKTA.replace('entityID="', 'entityID="\u001b[31m'), /U\+001B/),
  idp("a lone surrogate", () => OKTA.replace('entityID="', 'entityID="\uD800'), /U\+D800/),
  idp(
    "a character reference to NUL",
    () => OKTA.replace('entityID="', 'entityID="&#0;'),
    /^idpMetadata is not well-formed XML: the character reference &#0; at line 1, column \d+ stands for a character that XML does not allow/,
  ),
  idp(
    "a character reference to a surrogate",
    () => OKTA.replace('entityID="', 'entityID="&#xD800;'),
    /the character reference &#xD800; .* does not allow/,
  ),
  idp(
    "a character reference beyond Unicode",
    () => OKTA.replace('entityID="', 'entityID="&#x110000;'),
    /the character reference &#x110000; .* does not allow/,
  ),
  // idpMetadata: DTDs, external entities and entity bombs.
  idp("XXE: an external entity on a file: URL", (bait) => xxe(bait.fileUrl), DTD),
  idp("XXE: an external entity on an http: URL", (bait) => xxe(bait.httpUrl("entity")), DTD),
  idp(
    "XXE: a parameter entity loading a remote DTD",
    (bait) =>
      `<!DOCTYPE md:EntityDescriptor [<!ENTITY % remote SYSTEM "${bait.httpUrl("evil.dtd")}"> %remote;]>\n${OKTA_ROOT}`,
    DTD,
  ),
  idp(
    "XXE: an external DTD subset",
    (bait) =>
      `<!DOCTYPE md:EntityDescriptor SYSTEM "${bait.httpUrl("external.dtd")}">\n${OKTA_ROOT}`,
    DTD,
  ),
  idp(
    "XXE: a DOCTYPE after a processing instruction and comments",
    (bait) =>
      `\uFEFF<?xml version="1.0"?>\r\n<?xml-stylesheet href="x.xsl"?><!-- a -->\t<!doctype x [<!ENTITY xxe SYSTEM "${bait.fileUrl}">]>${OKTA_ROOT}`,
    /^idpMetadata contains a <!DOCTYPE> declaration at line 2, column \d+: DTDs are not allowed/,
  ),
  idp(
    "XXE: a DOCTYPE after the document element",
    (bait) => `${OKTA}<!DOCTYPE x [<!ENTITY xxe SYSTEM "${bait.fileUrl}">]>`,
    DTD,
  ),
  idp("billion laughs", () => BILLION_LAUGHS, DTD),
  idp("billion laughs after the document element", () => LAUGHS_AFTER_ROOT, DTD),
  idp("billion laughs through parameter entities", () => PARAMETER_LAUGHS, DTD),
  idp("quadratic blowup", () => QUADRATIC_BLOWUP, DTD),
  // idpMetadata: not a document at all.
  idp(
    "an HTML sign-in page",
    () =>
      "<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body><form></form></body></html>",
    /^idpMetadata is an HTML page \(<!DOCTYPE html> at line 1, column 1\), not XML SAML 2\.0 metadata/,
  ),
  idp(
    "an HTML page without a DOCTYPE",
    () => '<html><head><meta charset="utf-8"><title>Sign in</title></head></html>',
    /^idpMetadata is not well-formed XML at line 1, column \d+: /,
  ),
  idp(
    "the metadata URL instead of the document",
    () => "https://idp.example.com/app/sso/saml/metadata",
    /^idpMetadata is not well-formed XML.*it looks like a URL: pass the content/,
  ),
  idp("an empty string", () => "", /^idpMetadata is empty: expected the XML SAML 2\.0 metadata/),
  idp("whitespace only", () => " \n\t ", /^idpMetadata is empty \(only whitespace\)/),
  idp(
    "10 MB of markup",
    () => "<a>".repeat(MB10 / 6) + "</a>".repeat(MB10 / 8),
    /^idpMetadata is \d+ bytes of UTF-8, \d+ with the resource's claim comment \(\d+ bytes\).*; ngrok accepts at most 262144 bytes \(ERR_NGROK_7080\)/,
  ),
  idp(
    "one byte over ngrok's 256 KiB with the claim comment",
    () => oktaOfSize(IDP_METADATA_MAX_BYTES - claimBytes("") + 1),
    new RegExp(
      `^idpMetadata is ${IDP_METADATA_MAX_BYTES - claimBytes("") + 1} bytes of UTF-8, 262145 with the resource's claim comment`,
    ),
  ),
  saml(
    "idpMetadata as an object",
    "idpMetadata",
    { idpMetadata: { toString: () => OKTA } },
    /^idpMetadata must be a string, not a value of type object$/,
  ),
  saml(
    "idpMetadata as a list of lines",
    "idpMetadata",
    { idpMetadata: OKTA.split("\n") },
    /^idpMetadata must be a string, not a list$/,
  ),
  saml(
    "idpMetadata as a number",
    "idpMetadata",
    { idpMetadata: 0 },
    /^idpMetadata must be a string, not 0$/,
  ),
  saml(
    "idpMetadata missing",
    "idpMetadata",
    { idpMetadata: undefined },
    /^idpMetadata is required: the XML SAML 2\.0 metadata document/,
  ),
  // The module's address: ids that would leave their path segment.
  saml(
    "edgeId with path traversal",
    "edgeId",
    { edgeId: "edghts_abc/../../ssh_certificate_authorities" },
    /^edgeId must be an ngrok id starting with "edghts_" followed by letters and digits/,
  ),
  saml(
    "routeId with a query and a fragment",
    "routeId",
    { routeId: "edghtsrt_abc?limit=1#" },
    /^routeId must be an ngrok id starting with "edghtsrt_"/,
  ),
  saml(
    "routeId with a NUL byte",
    "routeId",
    { routeId: "edghtsrt_abc\u0000" },
    /^routeId must be an ngrok id/,
  ),
  saml(
    "routeId percent-encoded slash",
    "routeId",
    { routeId: "edghtsrt_abc%2Fx" },
    /^routeId must be an ngrok id/,
  ),
  saml("edgeId empty", "edgeId", { edgeId: "" }, /^edgeId must be an ngrok id .*; got ""$/),
  saml("edgeId missing", "edgeId", { edgeId: undefined }, /^edgeId is required/),
  // 10 MB ids: refused by length before any pattern (a whole-string pattern once threw
  // "Maximum call stack size exceeded" on a CI machine), quoted by their first 60 characters.
  saml(
    "edgeId of 10 MB",
    "edgeId",
    { edgeId: `edghts_${"a".repeat(MB10)}` },
    /^edgeId must be an ngrok id .*; got "edghts_a{53}"…$/,
  ),
  saml(
    "routeId of 10 MB ending in a slash",
    "routeId",
    { routeId: `edghtsrt_${"a".repeat(MB10)}/` },
    /^routeId must be an ngrok id .*; got "edghtsrt_a{51}"…$/,
  ),
  saml(
    "cookiePrefix of 10 MB with one bad character at its end",
    "cookiePrefix",
    { cookiePrefix: `${"a".repeat(MB10)};` },
    /^cookiePrefix must contain only letters, digits and .*; got "a{60}"…$/,
  ),
  saml(
    "routeId as an object",
    "routeId",
    { routeId: { id: "edghtsrt_abc" } },
    /^routeId must be a string, not a value of type object$/,
  ),
  // Other writable fields.
  saml(
    "cookiePrefix with a header injection",
    "cookiePrefix",
    { cookiePrefix: "a\r\nSet-Cookie: session=stolen;" },
    /^cookiePrefix must contain only letters, digits and /,
  ),
  saml(
    "cookiePrefix with non-ASCII letters",
    "cookiePrefix",
    { cookiePrefix: "café." },
    /^cookiePrefix must contain only letters, digits and /,
  ),
  saml(
    "nameidFormat with a trailing space",
    "nameidFormat",
    { nameidFormat: "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent " },
    /^nameidFormat must be one of "urn:oasis:names:tc:SAML:1\.1:nameid-format:unspecified"/,
  ),
  saml(
    "nameidFormat persistent with the SAML 1.1 prefix",
    "nameidFormat",
    { nameidFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:persistent" },
    /^nameidFormat must be one of /,
  ),
  saml(
    "authorizedGroups as one string",
    "authorizedGroups",
    { authorizedGroups: "admins" },
    /^authorizedGroups must be a list of strings, not "admins"$/,
  ),
  saml(
    "authorizedGroups as an array-like object",
    "authorizedGroups",
    { authorizedGroups: { 0: "admins", length: 1 } },
    /^authorizedGroups must be a list of strings, not a value of type object$/,
  ),
  saml(
    "authorizedGroups with a number",
    "authorizedGroups",
    { authorizedGroups: ["admins", 42] },
    /^authorizedGroups\[1\] must be a non-empty string; got 42$/,
  ),
  saml(
    "authorizedGroups nested",
    "authorizedGroups",
    { authorizedGroups: [["admins"]] },
    /^authorizedGroups\[0\] must be a non-empty string; got a list$/,
  ),
  saml(
    "authorizedGroups with a lone surrogate",
    "authorizedGroups",
    { authorizedGroups: ["ok", "\uDFFF"] },
    /^authorizedGroups\[1\] must be valid Unicode text: it has an unpaired UTF-16 surrogate \(U\+DFFF\)/,
  ),
  saml(
    "enabled as the string false",
    "enabled",
    { enabled: "false" },
    /^enabled must be a boolean \(true or false\), not "false"$/,
  ),
  saml("forceAuthn as 1", "forceAuthn", { forceAuthn: 1 }, /^forceAuthn must be a boolean/),
  saml(
    "a __proto__ key",
    "__proto__",
    () => protoPatch('{"enabled": false, "polluted": "yes"}'),
    /^__proto__ is not a property of pulumi-nodejs:dynamic\/ngrok:HttpsEdgeRouteSaml; its properties are/,
  ),
  saml(
    "a constructor key",
    "constructor",
    { constructor: "Object" },
    /^constructor is not a property of pulumi-nodejs:dynamic\/ngrok:HttpsEdgeRouteSaml/,
  ),
  saml(
    "idpMetadataUrl (this resource never lets ngrok fetch metadata)",
    "idpMetadataUrl",
    (bait) => ({ idpMetadataUrl: bait.httpUrl("metadata") }),
    /^idpMetadataUrl is not a property of pulumi-nodejs:dynamic\/ngrok:HttpsEdgeRouteSaml/,
  ),
  // SshHostCertificate and SshUserCertificate: the CA's id.
  host(
    "a CA id with another resource's prefix",
    "sshCertificateAuthorityId",
    { sshCertificateAuthorityId: "shcrt_2ZpXGdAbcDef0123456789abc" },
    /^sshCertificateAuthorityId must be the id of an SSH certificate authority: "sshca_" followed by letters and digits/,
  ),
  host(
    "a CA id with a path in it",
    "sshCertificateAuthorityId",
    { sshCertificateAuthorityId: "sshca_1/../../edges/https" },
    /followed by letters and digits.*; got "sshca_1\/\.\.\/\.\.\/edges\/https"$/,
  ),
  host(
    "a CA id of 10 MB",
    "sshCertificateAuthorityId",
    { sshCertificateAuthorityId: `sshca_${"a".repeat(MB10)}!` },
    /followed by letters and digits.*; got "sshca_a{54}"…$/,
  ),
  host(
    "a CA id that is an object",
    "sshCertificateAuthorityId",
    { sshCertificateAuthorityId: { id: "sshca_1" } },
    /^sshCertificateAuthorityId must be a string, not a value of type object$/,
  ),
  user(
    "no CA id",
    "sshCertificateAuthorityId",
    { sshCertificateAuthorityId: undefined },
    /^sshCertificateAuthorityId is required/,
  ),
  // publicKey: one OpenSSH public key line of a type ngrok certifies.
  host(
    "an OpenSSH private key",
    "publicKey",
    { publicKey: keys.FAKE_PRIVATE_KEY },
    /^publicKey is a private key \(-----BEGIN OPENSSH PRIVATE KEY-----\), which must never leave the machine/,
  ),
  user(
    "a PEM private key after a public key line",
    "publicKey",
    {
      publicKey: `${keys.ED25519}\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----`,
    },
    /^publicKey is a private key \(-----BEGIN RSA PRIVATE KEY-----\)/,
  ),
  host(
    "a DSA key",
    "publicKey",
    { publicKey: keys.DSA_1024 },
    /^publicKey is a DSA key \(ssh-dss, 1024 bits\)/,
  ),
  host(
    "an RSA key of 768 bits",
    "publicKey",
    { publicKey: keys.RSA_768 },
    /^publicKey is an RSA key of 768 bits \(ssh-rsa\)/,
  ),
  user(
    "a certificate instead of a key",
    "publicKey",
    { publicKey: keys.ED25519_CERT },
    /^publicKey is an SSH certificate \(ssh-ed25519-cert-v01@openssh\.com\), not a public key/,
  ),
  host(
    "a PEM public key",
    "publicKey",
    { publicKey: keys.RSA_768_PEM },
    /^publicKey is in PEM format \(-----BEGIN PUBLIC KEY-----\)/,
  ),
  host(
    "an RFC 4716 public key",
    "publicKey",
    {
      publicKey:
        "---- BEGIN SSH2 PUBLIC KEY ----\nAAAAC3NzaC1lZDI1NTE5\n---- END SSH2 PUBLIC KEY ----",
    },
    /^publicKey is in RFC 4716 format \(---- BEGIN SSH2 PUBLIC KEY ----\).*`ssh-keygen -i -f <file>`/,
  ),
  host(
    "a whole authorized_keys file",
    "publicKey",
    { publicKey: [keys.ED25519, keys.RSA_2048, keys.ECDSA_P256].join("\n") },
    /^publicKey must be one key on one line; it has 3 lines/,
  ),
  host(
    "authorized_keys options before the key",
    "publicKey",
    { publicKey: `command="/bin/sh",no-pty ${keys.ED25519}` },
    /^publicKey starts with something before its type ssh-ed25519/,
  ),
  host(
    "a type that does not match the key data",
    "publicKey",
    { publicKey: keys.RSA_2048.replace("ssh-rsa", "ssh-ed25519") },
    /^publicKey says ssh-ed25519 but its key data is an ssh-rsa key$/,
  ),
  host(
    "key data cut short",
    "publicKey",
    { publicKey: keys.RSA_2048.slice(0, 120) },
    /^publicKey has key data that is not a valid ssh-rsa key: /,
  ),
  host(
    "key data with a NUL in it",
    "publicKey",
    { publicKey: keys.ED25519.replace("AAAAC3", "AAAA\u0000C3") },
    /^publicKey (has key data that is not base64|says ssh-ed25519 but)/,
  ),
  host(
    "a FIDO security key",
    "publicKey",
    { publicKey: "sk-ecdsa-sha2-nistp256@openssh.com AAAAInNrLWVjZHNh x" },
    /^publicKey is a FIDO security key \(sk-ecdsa-sha2-nistp256@openssh\.com\)/,
  ),
  host(
    "a publicKey of 10 MB",
    "publicKey",
    { publicKey: `ssh-ed25519 ${"A".repeat(MB10)}` },
    /^publicKey must be at most 16384 bytes of UTF-8 \(OpenSSH's limit on a public key\); it is 10485772 bytes$/,
  ),
  host(
    "a comment with a lone surrogate",
    "publicKey",
    { publicKey: `${keys.ED25519} \uD800` },
    /^publicKey must be valid Unicode text: .*U\+D800/,
  ),
  host(
    "a publicKey that is a list",
    "publicKey",
    { publicKey: [keys.ED25519] },
    /^publicKey must be a string, not a list$/,
  ),
  user(
    "a publicKey of spaces",
    "publicKey",
    { publicKey: " \n\t " },
    /^publicKey must not be empty/,
  ),
  // principals: distinct words.
  host(
    "principals as one comma-separated string",
    "principals",
    { principals: "web1,web2" },
    /^principals must be a list of strings, not "web1,web2"$/,
  ),
  host(
    "principals joined with a comma",
    "principals",
    { principals: ["web1,web2"] },
    /^principals\[0\] must be one of the certificate's host names or IP addresses, without whitespace, commas or control characters; it has U\+002C/,
  ),
  user(
    "a principal with a newline",
    "principals",
    { principals: ["deploy\nroot"] },
    /^principals\[0\] must be one of the certificate's user names.*U\+000A at index 6$/,
  ),
  user(
    "a principal of spaces",
    "principals",
    { principals: ["  "] },
    /^principals\[0\] must be a non-empty string; got " {2}"$/,
  ),
  host(
    "a principal twice",
    "principals",
    { principals: ["a", "b", "a"] },
    /^principals\[2\] repeats principals\[0\]/,
  ),
  host(
    "a principal that is a number",
    "principals",
    { principals: [10] },
    /^principals\[0\] must be a non-empty string; got 10$/,
  ),
  host(
    "a principal with a lone surrogate",
    "principals",
    { principals: ["web\uDC00"] },
    /^principals\[0\] must be valid Unicode text/,
  ),
  // validAfter, validUntil: RFC 3339 with an offset, in order.
  host(
    "validUntil as a relative duration",
    "validUntil",
    { validUntil: "30d" },
    /^validUntil must be an RFC 3339 timestamp, not a relative duration \("30d"\): compute the instant in the program/,
  ),
  host(
    "validUntil of 10 MB of digits and a unit",
    "validUntil",
    { validUntil: `${"1".repeat(MB10)}d` },
    /^validUntil must be an RFC 3339 timestamp with a time and an offset.*; got "1{40}"…$/,
  ),
  user(
    "validUntil as epoch milliseconds",
    "validUntil",
    { validUntil: 1798761600000 },
    /^validUntil must be a string, not 1798761600000$/,
  ),
  host(
    "validUntil as a date without a time",
    "validUntil",
    { validUntil: "2027-01-01" },
    /^validUntil must be an RFC 3339 timestamp with a time and an offset/,
  ),
  host(
    "validAfter without an offset",
    "validAfter",
    { validAfter: "2027-01-01T00:00:00" },
    /^validAfter must be an RFC 3339 timestamp with a time and an offset/,
  ),
  host(
    "validAfter as JavaScript's Date text",
    "validAfter",
    { validAfter: "Fri Jan 01 2027 00:00:00 GMT+0000" },
    /^validAfter must be an RFC 3339 timestamp with a time and an offset/,
  ),
  host(
    "validUntil on 30 February",
    "validUntil",
    { validUntil: "2027-02-30T00:00:00Z" },
    /^validUntil has no such date: 2027-02-30/,
  ),
  host(
    "validUntil at hour 24",
    "validUntil",
    { validUntil: "2027-01-01T24:00:00Z" },
    /^validUntil has no such time of day: 24:00:00/,
  ),
  host(
    "validUntil with a leap second",
    "validUntil",
    { validUntil: "2016-12-31T23:59:60Z" },
    /a leap second cannot be in a certificate/,
  ),
  host(
    "validAfter before 1970",
    "validAfter",
    { validAfter: "1969-07-20T20:17:40Z" },
    /^validAfter must not be before 1970-01-01T00:00:00Z/,
  ),
  host(
    "validUntil before validAfter",
    "validUntil",
    { validAfter: "2027-01-01T00:00:00Z", validUntil: "2026-12-31T23:59:59Z" },
    /^validUntil must be after validAfter; validUntil 2026-12-31T23:59:59Z is before validAfter 2027-01-01T00:00:00Z$/,
  ),
  user(
    "validUntil equal to validAfter in another offset",
    "validUntil",
    { validAfter: "2027-01-01T00:00:00Z", validUntil: "2026-12-31T19:00:00-05:00" },
    /is the same second as validAfter/,
  ),
  // description and metadata: byte limits, as for the CA.
  host(
    "description of 256 bytes",
    "description",
    { description: "é".repeat(128) },
    /^description must be at most 255 bytes of UTF-8; it is 256 bytes$/,
  ),
  user(
    "metadata of 10 MB",
    "metadata",
    { metadata: "{".repeat(MB10) },
    /^metadata must be at most 4096 bytes of UTF-8; it is 10485760 bytes$/,
  ),
  // criticalOptions and extensions: user certificates only, maps of well-formed names to strings.
  host(
    "critical options on a host certificate",
    "criticalOptions",
    { criticalOptions: { "force-command": "/bin/sh" } },
    /^criticalOptions is not a property of pulumi-nodejs:dynamic\/ngrok:SshHostCertificate/,
  ),
  user(
    "extensions as a list",
    "extensions",
    { extensions: ["permit-pty"] },
    /^extensions must be a map of names to string values/,
  ),
  user(
    "extensions as an empty map",
    "extensions",
    { extensions: {} },
    /^extensions must not be empty: ngrok takes an empty map as unset and signs its default extensions/,
  ),
  user(
    "an extension name with a space",
    "extensions",
    { extensions: { "permit pty": "" } },
    /^extensions has a name that holds whitespace or a control character \(U\+0020 at index 6\)/,
  ),
  user(
    "a critical option name of 1000 bytes",
    "criticalOptions",
    { criticalOptions: { ["o".repeat(1000)]: "" } },
    /^criticalOptions has a name that is 1000 bytes of UTF-8, over the 255-byte limit/,
  ),
  user(
    "an empty critical option name",
    "criticalOptions",
    { criticalOptions: { "": "x" } },
    /^criticalOptions has a name that is empty/,
  ),
  user(
    "an extension value that is an object",
    "extensions",
    { extensions: { "permit-pty": { enabled: true } } },
    /^extensions\["permit-pty"\] must be a string \(use "" for a flag\); got a value of type object$/,
  ),
  user(
    "a __proto__ extension value that is not a string",
    "extensions",
    () => ({ extensions: protoPatch('{"polluted": "yes"}') }),
    /^extensions\["__proto__"\] must be a string/,
  ),
  user(
    "a privateKey property",
    "privateKey",
    { privateKey: keys.FAKE_PRIVATE_KEY },
    /^privateKey is not a property of pulumi-nodejs:dynamic\/ngrok:SshUserCertificate/,
  ),
];
let emulator: RunningEmulator;
let server: http.Server;
let tmp: string;
const savedEnv: Record<string, string | undefined> = {};
const bait: Bait = { marker: "", fileUrl: "", httpUrl: () => "", hits: [] };

beforeAll(async () => {
  for (const name of ENV_NAMES) {
    savedEnv[name] = process.env[name];
    delete process.env[name];
  }
  emulator = await startEmulator({ port: 0 });
  // Configured exactly as for a deployment: any API call check made would reach the emulator.
  await configureProvider(emulator);

  bait.marker = `xxe-marker-${randomUUID()}`;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-input-"));
  const secret = path.join(tmp, "secret.txt");
  fs.writeFileSync(secret, bait.marker);
  bait.fileUrl = pathToFileURL(secret).href;
  server = http.createServer((request, response) => {
    bait.hits.push(`${request.method} ${request.url}`);
    response.setHeader("Content-Type", "application/xml-dtd");
    response.end(`<!ENTITY leak "${bait.marker}">${bait.marker}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  bait.httpUrl = (name) => `http://127.0.0.1:${port}/${name}`;
});

afterAll(async () => {
  resetStackConfig();
  for (const name of ENV_NAMES) {
    if (savedEnv[name] !== undefined) process.env[name] = savedEnv[name];
  }
  await emulator?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** The resource's `check` with its valid base inputs and `patch` over them, as the host calls it. */
async function check(resource: Resource, patch: Record<string, unknown>) {
  const news = { __provider: PROVIDER_TEXT, ...RESOURCES[resource].base, ...patch };
  return RESOURCES[resource].provider.check({}, news);
}

/** The idpMetadata that `check` recorded in the inputs. */
const recorded = (result: { inputs?: unknown }) =>
  (result.inputs as Record<string, unknown> | undefined)?.idpMetadata;

/** The property a failure about `property` carries (see the file comment for idpMetadata). */
function reportedAs(property: string, patch: Record<string, unknown>): string {
  if (property === "publicKey" && /PRIVATE KEY|PuTTY-User-Key/.test(String(patch.publicKey))) {
    return ""; // a private key is never shown with its property (see provider/sshCertificate)
  }
  return property === "idpMetadata" && patch.idpMetadata !== undefined
    ? idpMetadataFailureProperty(patch.idpMetadata)
    : property;
}

test("the table holds at least 45 hostile cases, for both resources", () => {
  const count = (resource: Resource) => CASES.filter((c) => c.resource === resource).length;
  expect(count("SshCertificateAuthority")).toBeGreaterThanOrEqual(20);
  expect(count("HttpsEdgeRouteSaml")).toBeGreaterThanOrEqual(25);
  expect(count("SshHostCertificate") + count("SshUserCertificate")).toBeGreaterThanOrEqual(40);
  expect(CASES.length).toBeGreaterThanOrEqual(45);
  expect(new Set(CASES.map((c) => `${c.resource} ${c.what}`)).size).toBe(CASES.length);
});

test.each(CASES)(
  "$resource refuses $what at check: names $property, states the rule, no API request",
  async ({ resource, property, patch: makePatch, rule }) => {
    const patch = makePatch(bait);
    const requests = emulator.requests.length;
    const hits = bait.hits.length;
    const started = performance.now();

    const result = await check(resource, patch);

    const elapsed = performance.now() - started;
    const failures = result.failures ?? [];
    expect(failures.length).toBeGreaterThan(0);
    expect(failures).toContainEqual({
      property: reportedAs(property, patch),
      reason: expect.stringMatching(rule),
    });
    // The reason names the property first, whatever property the failure carries.
    const matching = failures.filter((f) => rule.test(f.reason));
    expect(matching.every((f) => f.reason.startsWith(property))).toBe(true);
    expect(emulator.requests.length).toBe(requests);
    // Nothing was resolved or fetched, and nothing polluted Object.prototype.
    expect(json(result)).not.toContain(bait.marker);
    expect(bait.hits.length).toBe(hits);
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(elapsed).toBeLessThan(2000);
  },
);

describe("entity bombs are refused, never expanded", () => {
  test.each([
    ["billion laughs", BILLION_LAUGHS],
    ["billion laughs after the document element", LAUGHS_AFTER_ROOT],
    ["billion laughs through parameter entities", PARAMETER_LAUGHS],
    ["quadratic blowup", QUADRATIC_BLOWUP],
  ])("%s: fast, with a bounded heap, saying DTDs are refused", async (_what, idpMetadata) => {
    const requests = emulator.requests.length;
    const heap = process.memoryUsage().heapUsed;
    const started = performance.now();

    const result = await check("HttpsEdgeRouteSaml", { idpMetadata });

    expect(performance.now() - started).toBeLessThan(2000);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(64 * 1024 * 1024);
    expect(result.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(
          /^idpMetadata contains a <!DOCTYPE> declaration at line \d+, column \d+: DTDs are not allowed in SAML metadata \(they could expand entities or load external ones\); remove the DOCTYPE$/,
        ),
      },
    ]);
    // The reason is short: nothing of an expansion is in it.
    expect(result.failures![0].reason.length).toBeLessThan(300);
    expect(JSON.stringify(result.failures)).not.toMatch(/(lol){3}|a{1000}|b{100}/);
    // check records the document as written: not expanded.
    expect(recorded(result)).toBe(idpMetadata);
    expect(emulator.requests.length).toBe(requests);
  });
});

test("references an accepted document may hold (XInclude, schemaLocation, stylesheet) are never followed", async () => {
  const idpMetadata = OKTA.replace(
    "?>",
    `?><?xml-stylesheet type="text/xsl" href="${bait.httpUrl("style.xsl")}"?>`,
  )
    .replace(
      'entityID="',
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
        `xsi:schemaLocation="urn:oasis:names:tc:SAML:2.0:metadata ${bait.httpUrl("schema.xsd")}" entityID="`,
    )
    .replace(
      "</md:IDPSSODescriptor>",
      '</md:IDPSSODescriptor><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" ' +
        `href="${bait.fileUrl}" parse="text"/>` +
        '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" ' +
        `href="${bait.httpUrl("include.xml")}"/>`,
    );
  const requests = emulator.requests.length;

  const result = await check("HttpsEdgeRouteSaml", { idpMetadata });

  expect(result.failures).toEqual([]);
  expect(recorded(result)).toBe(idpMetadata);
  expect(json(result)).not.toContain(bait.marker);
  expect(bait.hits).toEqual([]);
  expect(emulator.requests.length).toBe(requests);
});

test("an IdP document that fills ngrok's 256 KiB with the claim comment is accepted; the limit is on UTF-8 bytes", async () => {
  const room = IDP_METADATA_MAX_BYTES - claimBytes("");
  const largest = oktaOfSize(room);
  expect(Buffer.byteLength(largest)).toBe(room);
  expect((await check("HttpsEdgeRouteSaml", { idpMetadata: largest })).failures).toEqual([]);
  // Fewer characters than the limit, more bytes: refused.
  const multibyte = largest.replace("<!--xx", "<!--€");
  expect(multibyte.length).toBeLessThan(room);
  expect((await check("HttpsEdgeRouteSaml", { idpMetadata: multibyte })).failures).toEqual([
    { property: "", reason: expect.stringMatching(`^idpMetadata is ${room + 1} bytes of UTF-8`) },
  ]);
});

describe("properties", () => {
  /** Text of 1- to 4-byte UTF-8 characters, combining marks and ZWJ sequences among them. */
  const multibyte = (maxLength: number) =>
    fc
      .array(fc.constantFrom("a", "ß", "é", "\u0301", "€", "中", "😀", "👩‍💻", "\u200d"), {
        maxLength,
      })
      .map((parts) => parts.join(""));

  test("a description is refused exactly when its UTF-8 is over 255 bytes", async () => {
    const requests = emulator.requests.length;
    await fc.assert(
      fc.asyncProperty(multibyte(140), async (description) => {
        const bytes = Buffer.byteLength(description, "utf8");
        const { failures } = await check("SshCertificateAuthority", { description });
        if (bytes > 255) {
          expect(failures).toEqual([
            {
              property: "description",
              reason: `description must be at most 255 bytes of UTF-8; it is ${bytes} bytes`,
            },
          ]);
        } else {
          expect(failures).toEqual([]);
        }
      }),
      {
        numRuns: 300,
        examples: [["é".repeat(127) + "a"], ["é".repeat(128)], ["😀".repeat(63) + "€"]],
      },
    );
    expect(emulator.requests.length).toBe(requests);
  });

  test("metadata is refused exactly when its UTF-8 is over 4096 bytes", async () => {
    const requests = emulator.requests.length;
    await fc.assert(
      fc.asyncProperty(multibyte(2200), async (metadata) => {
        const bytes = Buffer.byteLength(metadata, "utf8");
        const { failures } = await check("SshCertificateAuthority", { metadata });
        expect(failures).toEqual(
          bytes > 4096
            ? [
                {
                  property: "metadata",
                  reason: `metadata must be at most 4096 bytes of UTF-8; it is ${bytes} bytes`,
                },
              ]
            : [],
        );
      }),
      { numRuns: 100, examples: [["€".repeat(1365) + "a"], ["€".repeat(1365) + "é"]] },
    );
    expect(emulator.requests.length).toBe(requests);
  });

  test("a character XML forbids anywhere in the IdP document is refused, naming it", async () => {
    const forbidden = fc.oneof(
      fc.integer({ min: 0, max: 0x1f }).filter((c) => ![0x9, 0xa, 0xd].includes(c)),
      fc.integer({ min: 0xd800, max: 0xdfff }),
      fc.constantFrom(0xfffe, 0xffff),
    );
    await fc.assert(
      fc.asyncProperty(forbidden, fc.nat(OKTA.length), async (code, at) => {
        const idpMetadata = OKTA.slice(0, at) + String.fromCharCode(code) + OKTA.slice(at);
        const { failures } = await check("HttpsEdgeRouteSaml", { idpMetadata });
        const name = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
        expect(failures).toHaveLength(1);
        expect(failures![0].property).toBe("");
        const before = OKTA.slice(0, at).split("\n");
        const where = `line ${before.length}, column ${before[before.length - 1].length + 1}`;
        // A lone surrogate is not text at all: the shared check of a string refuses it first.
        expect(failures![0].reason).toContain(
          code >= 0xd800 && code <= 0xdfff
            ? `idpMetadata must be valid Unicode text: it has an unpaired UTF-16 surrogate (${name}) at ${where},`
            : `idpMetadata is not well-formed XML: it contains the character ${name} at ${where},`,
        );
      }),
      { numRuns: 200 },
    );
  });

  // The counterexample fast-check found in CI (seed -372865406): U+000B at offset 0 was skipped
  // as leading whitespace, because JavaScript's \s matches it and XML's whitespace does not.
  test.each([
    ["000B", 0x0b],
    ["000C", 0x0c],
  ])("U+%s before the XML declaration is refused, not skipped", async (_, code) => {
    const idpMetadata = String.fromCharCode(code) + OKTA;
    const { failures } = await check("HttpsEdgeRouteSaml", { idpMetadata });
    const name = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
    expect(failures).toHaveLength(1);
    expect(failures![0].reason).toContain(
      `idpMetadata is not well-formed XML: it contains the character ${name} at line 1, column 1,`,
    );
  });
});

/**
 * Strange but allowed by the spec, so not in the table: accepted, still with no API request.
 * - control characters (NUL too) in `description`, `metadata` or a group name: the spec sets only
 *   byte limits on them, and JSON carries them;
 * - `-0` as a timeout: it is 0 (JSON writes it as 0); `null` for an optional property: unset;
 * - two IDPSSODescriptors: the metadata schema allows several role descriptors (the first one
 *   that supports SAML 2.0 is used);
 * - a UTF-16 document decoded correctly is a string like any other, even with
 *   `encoding="UTF-16"` in its declaration: JSON carries it as UTF-8, and the transport's
 *   encoding overrides the declaration (XML 1.0 appendix F);
 * - a valid document under 256 KiB, however it is made up (here 1,000 levels of nesting and
 *   10,000 elements in Extensions);
 * - a certificate with no principals (ngrok signs it as valid for any), a `validUntil` in the past
 *   (refusing it at preview would stop every later `pulumi up` of a stack whose certificate has
 *   expired; ngrok judges it at create), a critical option OpenSSH does not know (a valid
 *   certificate, which sshd refuses), a key comment of any text.
 */
test.each<[Resource, string, Record<string, unknown>]>([
  [
    "SshCertificateAuthority",
    "control characters in description",
    { description: "a\u0000b\u001b" },
  ],
  ["SshCertificateAuthority", "a NUL in metadata", { metadata: "\u0000".repeat(4096) }],
  ["SshCertificateAuthority", "null description", { description: null }],
  ["SshHostCertificate", "no principals", { principals: [] }],
  ["SshHostCertificate", "a validUntil in the past", { validUntil: "2001-01-01T00:00:00Z" }],
  [
    "SshUserCertificate",
    "an unknown critical option",
    { criticalOptions: { "x@example.com": "1" } },
  ],
  [
    "SshUserCertificate",
    "a key comment in any script",
    { publicKey: `${keys.ED25519} 鍵 🔑 ключ` },
  ],
  ["HttpsEdgeRouteSaml", "a timeout of -0", { inactivityTimeout: -0, maximumDuration: -0 }],
  ["HttpsEdgeRouteSaml", "a NUL in a group name", { authorizedGroups: ["a\u0000b"] }],
  [
    "HttpsEdgeRouteSaml",
    "two IDPSSODescriptors",
    { idpMetadata: OKTA.replace(/(<md:IDPSSODescriptor[\s\S]*<\/md:IDPSSODescriptor>)/, "$1$1") },
  ],
  [
    "HttpsEdgeRouteSaml",
    "a decoded UTF-16 document that declares UTF-16",
    { idpMetadata: `\uFEFF${OKTA.replace('encoding="UTF-8"', 'encoding="UTF-16"')}` },
  ],
  [
    "HttpsEdgeRouteSaml",
    "deep nesting and many elements in Extensions",
    {
      idpMetadata: OKTA.replace(
        "<md:IDPSSODescriptor",
        `<md:Extensions>${"<x>".repeat(1000)}${"</x>".repeat(1000)}${"<y/>".repeat(10_000)}` +
          "</md:Extensions><md:IDPSSODescriptor",
      ),
    },
  ],
])("%s accepts %s (allowed by the spec)", async (resource, _what, patch) => {
  const requests = emulator.requests.length;
  expect((await check(resource, patch)).failures).toEqual([]);
  expect(emulator.requests.length).toBe(requests);
});

test("check made no API request and fetched nothing, in the whole file", async () => {
  // Give a late fetch (had anything started one) the time to arrive.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(bait.hits).toEqual([]);
  expect(emulator.requests).toEqual([]);
});
