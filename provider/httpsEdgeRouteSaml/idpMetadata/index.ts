/**
 * Parser and validator for the `idpMetadata` input of `HttpsEdgeRouteSaml`: the XML SAML 2.0
 * metadata document of the user's identity provider (IdP).
 *
 * The resource's `check` step calls {@link parseIdpMetadata} so that `pulumi preview` reports a
 * document that ngrok cannot use before any API call, with a reason a person can act on. The
 * function is pure (no I/O, no global state) and synchronous.
 *
 * The folder has one module per kind of rule, and this one runs them:
 * - `./xmlText`: the XML text (characters, references, line and column of a problem); knows
 *   nothing of SAML;
 * - `./xmlParse`: the text parsed with xmldom, and its well-formedness problems in words;
 * - `./documentRules`: what the text must be before its elements are read (not empty, not too
 *   large, not a web page, a URL or a DTD, well-formed);
 * - `./samlRules`: what makes the document the metadata of one identity provider (one
 *   EntityDescriptor with an entityID and a SAML 2.0 IDPSSODescriptor with a single sign-on
 *   endpoint);
 * - `./certificates`: the signing certificates and the checks of each one.
 * `RULES` lists every rule in the order they are judged; the first one a document breaks
 * gives the reason. A new identity provider quirk is one rule in the module of its kind and one
 * entry in that list.
 *
 * Source: OASIS "Metadata for the OASIS Security Assertion Markup Language (SAML) V2.0"
 * (saml-metadata-2.0-os), sections 2.3.1 `EntitiesDescriptor`, 2.3.2 `EntityDescriptor`,
 * 2.4.3 `IDPSSODescriptor` and 2.4.1.1 `KeyDescriptor`; XML Signature Syntax and Processing
 * (xmldsig-core) section 4.4.4 `X509Data` for the certificate element.
 *
 * @module
 */
import { readSigningCertificates, type SigningCertificate } from "./certificates";
import {
  noDoctype,
  noDoctypeNode,
  notAnHtmlPage,
  present,
  wellFormed,
  withinSizeLimit,
} from "./documentRules";
import {
  browserSingleSignOn,
  entityDescriptorRoot,
  entityIdOf,
  entityOf,
  findIdpDescriptor,
  hasEntityId,
  hasSingleSignOnService,
  nameIdFormats,
  serializeEntity,
  singleSignOnServices,
} from "./samlRules";
import { missingRoot, parseXml } from "./xmlParse";
import {
  bareAmpersand,
  illegalCharacter,
  illegalCharacterReference,
  prologDoctype,
  XmlText,
} from "./xmlText";

export { XMLDSIG_NS, type SigningCertificate } from "./certificates";
export { certificateExpiryWarnings, EXPIRY_WARNING_MS } from "./expiryWarnings";
export { IDP_METADATA_MAX_BYTES } from "./documentRules";
export { HTTP_POST_BINDING, HTTP_REDIRECT_BINDING, SAML_METADATA_NS } from "./samlRules";

/**
 * What ngrok needs from an identity provider's SAML 2.0 metadata, as found in a document that
 * {@link parseIdpMetadata} accepted.
 */
export interface IdpMetadata {
  /** The `entityID` attribute of the `EntityDescriptor` (saml-metadata-2.0-os 2.3.2), trimmed. */
  entityId: string;
  /**
   * SingleSignOnService endpoints of the IDPSSODescriptor, in document order
   * (saml-metadata-2.0-os 2.4.3; `Binding` and `Location` trimmed). Endpoints without a
   * `Binding` or a `Location` are left out; duplicates are kept.
   */
  singleSignOnServices: { binding: string; location: string }[];
  /**
   * Signing certificates (KeyDescriptor use="signing" or with no use attribute), base64 DER with
   * all whitespace removed, in document order, de-duplicated. Each one decodes to an X.509
   * certificate; its validity period is not checked (see `signingCertificateDetails`).
   */
  signingCertificates: string[];
  /**
   * Subject, end of validity and SHA-256 fingerprint of each of `signingCertificates`, in the
   * same order (RFC 5280 section 4.1.2.5). An expired certificate is NOT a rejection: see
   * `HttpsEdgeRouteSaml`'s preview warning.
   */
  signingCertificateDetails: SigningCertificate[];
  /** NameIDFormat values of the IDPSSODescriptor, trimmed (empty ones left out), in document order. */
  nameIdFormats: string[];
  /**
   * validUntil of the EntityDescriptor if present (ISO string as written, trimmed). An expired
   * value is NOT a rejection: published metadata is often stale but still correct.
   */
  validUntil?: string;
  /**
   * Present when the document is an `EntitiesDescriptor` aggregate holding exactly one identity
   * provider: that provider's `EntityDescriptor`, serialized as a document of its own with the
   * namespace declarations it inherited (see {@link idpMetadataToSend}), which is what is sent
   * to ngrok.
   */
  entityDescriptor?: string;
}

/**
 * The outcome of {@link parseIdpMetadata}: the metadata, or a reason for the rejection. The
 * reason is written to follow a prefix naming the property, e.g. `"idpMetadata: " + reason`.
 */
export type IdpMetadataResult = { ok: true; metadata: IdpMetadata } | { ok: false; reason: string };

/**
 * Parses and validates the XML SAML 2.0 metadata document of an identity provider.
 *
 * Accepted: exactly one `EntityDescriptor` in the SAML 2.0 metadata namespace
 * ({@link SAML_METADATA_NS}, any prefix) as the document element (saml-metadata-2.0-os 2.3.2),
 * with a non-empty `entityID` and, as a direct child, an `IDPSSODescriptor` (2.4.3) whose
 * `protocolSupportEnumeration` includes `urn:oasis:names:tc:SAML:2.0:protocol`. When there are
 * several, the first such IDPSSODescriptor is used; other children (`Signature`, `Extensions`,
 * WS-Federation `RoleDescriptor`s, an `SPSSODescriptor` as in AD FS metadata, `ContactPerson`,
 * ...) are skipped. A leading UTF-8 byte order mark and surrounding whitespace, comments, any
 * XML declaration, and namespace prefixes declared more than once are fine. An expired
 * `validUntil` or signing certificate is returned, not rejected. An `EntitiesDescriptor`
 * aggregate (2.3.1) holding exactly one EntityDescriptor with an IDPSSODescriptor (service
 * providers beside it are skipped) is read as that EntityDescriptor, as crewjam/saml,
 * python3-saml, ruby-saml, Sustainsys.Saml2 and Spring Security read one; it is returned as
 * `entityDescriptor`, the document sent to ngrok (see {@link idpMetadataToSend}).
 *
 * Rejected, each with its own reason:
 * - not a string, empty, or whitespace only ("is empty");
 * - more than {@link IDP_METADATA_MAX_BYTES} bytes of UTF-8, ngrok's limit, once
 *   `options.claimBytes` more are appended (judged before anything is parsed);
 * - a character that XML 1.0 (section 2.2, production `Char`) does not allow, raw or as a
 *   character reference: U+0000 and the other C0 controls except tab, newline and carriage
 *   return, an unpaired surrogate, U+FFFE, U+FFFF (`&#0;`, `&#xD800;`, `&#x110000;`, ...); strict
 *   parsers such as the one behind ngrok's API refuse them. NULs between ASCII characters are
 *   named as UTF-16 text read with the wrong encoding;
 * - an HTML page (`<!DOCTYPE html>`), e.g. a sign-in page saved instead of the metadata: named as
 *   such rather than as a DTD;
 * - a `<!DOCTYPE` declaration ("DTDs are not allowed in SAML metadata"), so that no entity is
 *   ever expanded and no external entity is ever fetched;
 * - XML that is not well-formed, including references to undefined entities such as `&foo;`
 *   and a bare `&` ("is not well-formed XML at line L, column C: <what is wrong>", counting
 *   lines and columns from 1 in the text as given, a leading byte order mark excluded; the
 *   parser's own messages are never shown, see `describeXmlProblem`); a URL
 *   or a file path given instead of the document is named as such, the path with a hint to
 *   read the file (`fs.readFileSync(path, "utf8")`);
 * - an `EntitiesDescriptor` document element (2.3.1, an aggregate such as a federation's
 *   metadata) with no identity provider or several: the reason counts its EntityDescriptors and
 *   lists the entityIDs of the identity providers in it, and asks for the single
 *   EntityDescriptor of the user's IdP instead;
 * - any other document element, or `EntityDescriptor` in another namespace;
 * - a missing or empty `entityID` (2.3.2);
 * - no `IDPSSODescriptor` child: service-provider metadata (an `SPSSODescriptor` only) is
 *   named as such; an IDPSSODescriptor that does not support the SAML 2.0 protocol is named too;
 * - no `SingleSignOnService` with both `Binding` and `Location` in the IDPSSODescriptor (2.4.3);
 * - no `SingleSignOnService` that ngrok can send the browser to: one with the HTTP-Redirect or
 *   HTTP-POST binding (saml-bindings-2.0-os 3.4, 3.5) at an absolute `http(s)` URL; a SOAP-only
 *   IdP or a relative `Location` (`/app/sso/saml`) can never complete a sign-in;
 * - no signing certificate: no `KeyDescriptor` child of the IDPSSODescriptor with
 *   `use="signing"` or without `use` (2.4.1.1) that holds a
 *   `KeyInfo/X509Data/X509Certificate` in the XML-DSig namespace ({@link XMLDSIG_NS}); when
 *   the document has such elements in another namespace (a `https://` typo, or a `KeyInfo`
 *   without a prefix in the metadata's default namespace), the reason names the namespace they
 *   are in, the one they must be in, and the declaration that fixes it;
 * - a signing certificate that is not valid base64 (whitespace anywhere is ignored, as in
 *   certificates wrapped across lines or split by spaces), is the base64 of a whole PEM file
 *   (`-----BEGIN CERTIFICATE-----` encoded once more), or does not decode to a DER X.509
 *   certificate: the reason names the certificate by its ordinal among the signing
 *   certificates and the KeyDescriptor that holds it.
 *
 * Not checked: the XML signature of a signed document (it is not verified), the validity
 * period of the certificates (returned in `signingCertificateDetails`), and the schema beyond
 * the rules above. Certificates are parsed
 * with Node's `crypto.X509Certificate` (OpenSSL), after a check that the DER is exactly one
 * SEQUENCE (`@peculiar/x509` cannot be loaded here without a Reflect metadata polyfill).
 *
 * Never throws: any input, including non-strings, gives a result.
 *
 * @param xml - The full text of the metadata document (not its URL).
 * @param options - `claimBytes`: how many bytes will be appended to the document before it is
 *   sent (the claim comment of `HttpsEdgeRouteSaml`), which the size limit must leave room
 *   for. Default 0.
 * @returns `{ ok: true, metadata }` or `{ ok: false, reason }` with a non-empty reason.
 */
export function parseIdpMetadata(
  xml: string,
  options: IdpMetadataParseOptions = {},
): IdpMetadataResult {
  try {
    return parse(xml, options.claimBytes ?? 0);
  } catch {
    // Defensive: every expected failure is returned above; this keeps `check` from crashing, and
    // no message of a library reaches the user.
    return {
      ok: false,
      reason:
        "could not be read: the check stopped on a case it does not handle. Please report it " +
        "to pulumi-ngrok-dynamic with the document (its certificates are public); meanwhile " +
        "check that it is your identity provider's SAML 2.0 metadata as downloaded",
    };
  }
}

/**
 * The document ngrok receives for `xml`, a document {@link parseIdpMetadata} accepted: `xml`
 * itself, or, for an `EntitiesDescriptor` aggregate holding exactly one identity provider, that
 * provider's `EntityDescriptor` (ngrok's documents say nothing of aggregates, and a parser that
 * expects an `EntityDescriptor`, as ngrok's reference calls the field, refuses one). A text that
 * is no such aggregate is returned unchanged without being parsed (one search for
 * `EntitiesDescriptor`), so this is cheap for the documents of nearly every identity provider.
 * Deterministic: the same input gives the same document, and the document it gives is returned
 * unchanged, which `diff` relies on.
 */
export function idpMetadataToSend(xml: string): string {
  if (!/<([A-Za-z_][\w.-]*:)?EntitiesDescriptor[\s>/]/.test(xml)) {
    return xml;
  }
  const parsed = parseIdpMetadata(xml);
  return parsed.ok && parsed.metadata.entityDescriptor !== undefined
    ? parsed.metadata.entityDescriptor
    : xml;
}

/** Options of {@link parseIdpMetadata}. */
export interface IdpMetadataParseOptions {
  /**
   * Bytes that will be appended to the document before it is sent to ngrok (non-negative); the
   * size limit applies to the document with them. Default 0.
   */
  readonly claimBytes?: number;
}

/** One rule: the reason a document breaks it, or `undefined`. */
type Rule = (document: Reading) => string | undefined;

/**
 * Every rule, in the order they are judged: the first that a document breaks gives the reason.
 * A rule may rely on those before it (the text is a string, the XML is well-formed, the document
 * element is an EntityDescriptor, the IDPSSODescriptor was found).
 */
const RULES: readonly Rule[] = [
  // The text, before anything is parsed.
  (d) => present(d.input),
  (d) => withinSizeLimit(d.inputText(), d.claimBytes),
  (d) => illegalCharacter(d.text()),
  (d) => notAnHtmlPage(d.text(), d.prologDoctype()),
  (d) => noDoctype(d.text(), d.prologDoctype()),
  (d) => illegalCharacterReference(d.text()),
  // The XML document.
  (d) => wellFormed(d.text(), d.parsed()),
  (d) => noDoctypeNode(d.text(), d.document()),
  (d) => bareAmpersand(d.text()),
  (d) => missingRoot(d.document()),
  // The SAML 2.0 metadata of one identity provider.
  (d) => reasonOf(d.entityOf()),
  (d) => entityDescriptorRoot(d.entity()),
  (d) => hasEntityId(d.entity()),
  (d) => reasonOf(d.idpDescriptor()),
  (d) => hasSingleSignOnService(d.singleSignOnServices()),
  (d) => browserSingleSignOn(d.singleSignOnServices()),
  (d) => reasonOf(d.signingCertificates()),
];

function parse(input: unknown, claimBytes: number): IdpMetadataResult {
  const reading = read(input, claimBytes);
  for (const rule of RULES) {
    const reason = rule(reading);
    if (reason !== undefined) {
      return { ok: false, reason };
    }
  }
  return { ok: true, metadata: reading.metadata() };
}

/** A document as the rules read it: each step is computed once, when a rule first needs it. */
type Reading = ReturnType<typeof read>;

function read(input: unknown, claimBytes: number) {
  const inputText = () => must(input, (i) => (typeof i === "string" ? i : undefined), "a string");
  const text = once(() => new XmlText(inputText()));
  const parsed = once(() => parseXml(text()));
  const document = () => must(parsed(), (p) => (p.ok ? p.doc : undefined), "well-formed");
  const root = () => must(document(), (doc) => doc.documentElement ?? undefined, "a root");
  const entityOfRoot = once(() => entityOf(root()));
  const entity = () => must(entityOfRoot(), (e) => (e.ok ? e.entity : undefined), "one entity");
  const idpDescriptor = once(() => findIdpDescriptor(entity()));
  const descriptor = () =>
    must(idpDescriptor(), (idp) => (idp.ok ? idp.element : undefined), "an IdP");
  const services = once(() => singleSignOnServices(descriptor()));
  const signingCertificates = once(() => readSigningCertificates(descriptor()));
  return {
    input,
    inputText,
    claimBytes,
    text,
    prologDoctype: once(() => prologDoctype(text())),
    parsed,
    document,
    root,
    entityOf: entityOfRoot,
    entity,
    idpDescriptor,
    singleSignOnServices: services,
    signingCertificates,
    /** What the document holds, once every rule has passed. */
    metadata(): IdpMetadata {
      const signing = must(signingCertificates(), (c) => (c.ok ? c : undefined), "signed");
      const metadata: IdpMetadata = {
        entityId: entityIdOf(entity()),
        singleSignOnServices: services(),
        signingCertificates: signing.certificates,
        signingCertificateDetails: signing.details,
        nameIdFormats: nameIdFormats(descriptor()),
      };
      const validUntil = (entity().getAttribute("validUntil") ?? "").trim();
      if (validUntil !== "") {
        metadata.validUntil = validUntil;
      }
      const chosen = must(entityOfRoot(), (e) => (e.ok ? e : undefined), "one entity");
      if (chosen.aggregate) {
        metadata.entityDescriptor = serializeEntity(chosen.entity);
      }
      return metadata;
    },
  };
}

/** `compute()`, computed on the first call only. */
function once<T>(compute: () => T): () => T {
  let result: { value: T } | undefined;
  return () => (result ??= { value: compute() }).value;
}

/**
 * What `pick` finds in `value`, which a rule earlier in {@link RULES} has made sure of; a rule
 * out of order throws (and {@link parseIdpMetadata} reports it as unexpected).
 */
function must<V, T>(value: V, pick: (value: V) => T | undefined, what: string): T {
  const picked = pick(value);
  if (picked === undefined) {
    throw new Error(`a rule read the document before the rule that makes it ${what}`);
  }
  return picked;
}

/** The reason of a rule's outcome that carries its result on success. */
function reasonOf(outcome: { ok: true } | { ok: false; reason: string }): string | undefined {
  return outcome.ok ? undefined : outcome.reason;
}
