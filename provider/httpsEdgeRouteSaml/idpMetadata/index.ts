/**
 * Parser and validator for the `idpMetadata` input of `HttpsEdgeRouteSaml`: the XML SAML 2.0
 * metadata document of the user's identity provider (IdP).
 *
 * The resource's `check` step calls {@link parseIdpMetadata} so that `pulumi preview` reports a
 * document that ngrok cannot use before any API call, with a reason a person can act on. The
 * function is pure (no I/O, no global state) and synchronous.
 *
 * Source: OASIS "Metadata for the OASIS Security Assertion Markup Language (SAML) V2.0"
 * (saml-metadata-2.0-os), sections 2.3.1 `EntitiesDescriptor`, 2.3.2 `EntityDescriptor`,
 * 2.4.3 `IDPSSODescriptor` and 2.4.1.1 `KeyDescriptor`; XML Signature Syntax and Processing
 * (xmldsig-core) section 4.4.4 `X509Data` for the certificate element.
 *
 * @module
 */
import { X509Certificate } from "node:crypto";
import type * as Xmldom from "@xmldom/xmldom";
import type { Document, Element, Node } from "@xmldom/xmldom";

/** xmldom, loaded when a document is first parsed (the SSH CA resource never needs it). */
function xmldom(): typeof Xmldom {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("@xmldom/xmldom") as typeof Xmldom;
}

/**
 * Namespace of SAML 2.0 metadata elements (`EntityDescriptor`, `IDPSSODescriptor`,
 * `KeyDescriptor`, `SingleSignOnService`, `NameIDFormat`, ...): saml-metadata-2.0-os section 1.2.
 * Any prefix (`md:`, none with a default namespace declaration, ...) is accepted.
 */
export const SAML_METADATA_NS = "urn:oasis:names:tc:SAML:2.0:metadata";

/**
 * Namespace of XML Signature elements (`KeyInfo`, `X509Data`, `X509Certificate`), which
 * saml-metadata-2.0-os section 2.4.1.1 uses inside `KeyDescriptor`. Any prefix (`ds:`, `dsig:`,
 * none with a default namespace declaration) is accepted.
 */
export const XMLDSIG_NS = "http://www.w3.org/2000/09/xmldsig#";

/** The `protocolSupportEnumeration` token of SAML 2.0 (saml-metadata-2.0-os section 2.4.1). */
const SAML2_PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";

/** How many IdP entityIDs an aggregate's rejection reason lists before "and N more". */
const MAX_LISTED_IDPS = 5;

/**
 * The largest IdP metadata document accepted, in bytes of UTF-8: 1 MiB. ngrok rejects metadata
 * that is "too large" (ERR_NGROK_7080) without publishing its limit; real documents of one
 * identity provider are a few KB (Okta, Google) to about 75 KB (AD FS). The bound is generous on
 * purpose and keeps `check` fast: parsing costs about 1 s per MB of markup (a 10 MB document of
 * nested elements took 12 s and 1.3 GB of heap), so a hostile document cannot stall a preview.
 */
export const IDP_METADATA_MAX_BYTES = 1024 * 1024;

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
   * certificate; its validity period is not checked.
   */
  signingCertificates: string[];
  /** NameIDFormat values of the IDPSSODescriptor, trimmed (empty ones left out), in document order. */
  nameIdFormats: string[];
  /**
   * validUntil of the EntityDescriptor if present (ISO string as written, trimmed). An expired
   * value is NOT a rejection: published metadata is often stale but still correct.
   */
  validUntil?: string;
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
 * `validUntil` is returned, not rejected.
 *
 * Rejected, each with its own reason:
 * - not a string, empty, or whitespace only ("is empty");
 * - more than {@link IDP_METADATA_MAX_BYTES} bytes of UTF-8 (judged before anything is parsed);
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
 *   and a bare `&` ("is not well-formed XML: <parser message> at line L, column C", counting
 *   lines and columns from 1 in the text as given, a leading byte order mark excluded);
 * - an `EntitiesDescriptor` document element (2.3.1, an aggregate such as a federation's
 *   metadata): the reason counts its EntityDescriptors and lists the entityIDs of the identity
 *   providers in it, and asks for the single EntityDescriptor of the user's IdP instead;
 * - any other document element, or `EntityDescriptor` in another namespace;
 * - a missing or empty `entityID` (2.3.2);
 * - no `IDPSSODescriptor` child: service-provider metadata (an `SPSSODescriptor` only) is
 *   named as such; an IDPSSODescriptor that does not support the SAML 2.0 protocol is named too;
 * - no `SingleSignOnService` with both `Binding` and `Location` in the IDPSSODescriptor (2.4.3);
 * - no signing certificate: no `KeyDescriptor` child of the IDPSSODescriptor with
 *   `use="signing"` or without `use` (2.4.1.1) that holds a
 *   `KeyInfo/X509Data/X509Certificate` in the XML-DSig namespace ({@link XMLDSIG_NS});
 * - a signing certificate that is not valid base64 (whitespace anywhere is ignored, as in
 *   certificates wrapped across lines or split by spaces) or does not decode to a DER X.509
 *   certificate: the reason names the certificate by its ordinal among the signing
 *   certificates and the KeyDescriptor that holds it.
 *
 * Not checked: the XML signature of a signed document (it is not verified), the validity
 * period of the certificates, and the schema beyond the rules above. Certificates are parsed
 * with Node's `crypto.X509Certificate` (OpenSSL), after a check that the DER is exactly one
 * SEQUENCE (`@peculiar/x509` cannot be loaded here without a Reflect metadata polyfill).
 *
 * Never throws: any input, including non-strings, gives a result.
 *
 * @param xml - The full text of the metadata document (not its URL).
 * @returns `{ ok: true, metadata }` or `{ ok: false, reason }` with a non-empty reason.
 */
export function parseIdpMetadata(xml: string): IdpMetadataResult {
  try {
    return parse(xml as unknown);
  } catch (error) {
    // Defensive: every expected failure is returned above; this keeps `check` from crashing.
    return fail(`could not be parsed (unexpected error: ${errorMessage(error)})`);
  }
}

function parse(input: unknown): IdpMetadataResult {
  const expected =
    "expected the XML SAML 2.0 metadata document of your identity provider " +
    "(an <EntityDescriptor> with an <IDPSSODescriptor>)";
  if (typeof input !== "string") {
    const got = input === null ? "null" : typeof input;
    return fail(`is empty or not a string (got ${got}): ${expected}`);
  }
  if (input.length === 0) {
    return fail(`is empty: ${expected}`);
  }
  if (/^[ \t\r\n\uFEFF]*$/.test(input)) {
    return fail(`is empty (only whitespace): ${expected}`);
  }

  // Before any other work, so that a huge document costs one pass over its length.
  const bytes = Buffer.byteLength(input, "utf8");
  if (bytes > IDP_METADATA_MAX_BYTES) {
    return fail(
      `is ${bytes} bytes of UTF-8; at most ${IDP_METADATA_MAX_BYTES} bytes (1 MiB) are accepted ` +
        "(the metadata of one identity provider is a few KB to about 100 KB): pass the " +
        "EntityDescriptor of your IdP only",
    );
  }

  const text = new SourceText(input);
  const body = text.body;

  const illegal = illegalCharacter(body);
  if (illegal !== undefined) {
    return illegalCharacterFailure(text, body, illegal);
  }

  const doctype = findPrologDoctype(body);
  if (doctype !== undefined && /^<!DOCTYPE\s+html[\s>]/i.test(body.slice(doctype, doctype + 30))) {
    const { line, column } = text.position(doctype);
    return fail(
      `is an HTML page (<!DOCTYPE html> at line ${line}, column ${column}), not XML SAML 2.0 ` +
        "metadata: pass the XML document your identity provider publishes as its metadata (an " +
        "<EntityDescriptor>), not a web page such as its sign-in page",
    );
  }
  if (doctype !== undefined) {
    return doctypeFailure(text, doctype);
  }

  const reference = findIllegalCharacterReference(body);
  if (reference !== undefined) {
    const { line, column } = text.position(reference.offset);
    return fail(
      `is not well-formed XML: the character reference ${reference.text} at line ${line}, ` +
        `column ${column} stands for a character that XML does not allow (XML 1.0 section 2.2: ` +
        "tab, newline, carriage return and U+0020 to U+10FFFF except surrogates, U+FFFE and U+FFFF)",
    );
  }

  const parsed = parseXml(body);
  if (!parsed.ok) {
    const { message } = parsed.problem;
    const offset = locateProblem(body, parsed.problem);
    const { line, column } = text.position(offset);
    if (message.startsWith("Doctype not allowed")) {
      return doctypeFailure(text, offset);
    }
    const urlHint = /^(https?|file):\/\//i.test(body)
      ? "; it looks like a URL: pass the content of the metadata document, not its address"
      : "";
    return fail(`is not well-formed XML: ${message} at line ${line}, column ${column}${urlHint}`);
  }
  const doc = parsed.doc;
  if (doc.doctype) {
    return doctypeFailure(text, 0);
  }
  const ampersand = findBareAmpersand(body);
  if (ampersand !== undefined) {
    const { line, column } = text.position(ampersand);
    return fail(
      `is not well-formed XML: "&" must start an entity or character reference (write a literal ` +
        `"&" as &amp;) at line ${line}, column ${column}`,
    );
  }

  const root = doc.documentElement;
  if (!root) {
    return fail(`is not well-formed XML: missing root element at line 1, column 1`);
  }
  return readEntityDescriptor(root);
}

function readEntityDescriptor(root: Element): IdpMetadataResult {
  if (root.namespaceURI === SAML_METADATA_NS && root.localName === "EntitiesDescriptor") {
    return aggregateFailure(root);
  }
  if (root.namespaceURI !== SAML_METADATA_NS || root.localName !== "EntityDescriptor") {
    const hint =
      root.localName === "EntityDescriptor" && root.namespaceURI === null
        ? ` (is the declaration xmlns="${SAML_METADATA_NS}" missing?)`
        : "";
    return fail(
      `has document element <${root.tagName}> in ${describeNamespace(root.namespaceURI)}, but ` +
        `SAML 2.0 metadata of an identity provider must have an <EntityDescriptor> in namespace ` +
        `"${SAML_METADATA_NS}" as its document element${hint}`,
    );
  }

  const entityId = (root.getAttribute("entityID") ?? "").trim();
  if (!root.hasAttribute("entityID")) {
    return fail(
      "has no entityID attribute on its EntityDescriptor (saml-metadata-2.0-os 2.3.2 requires " +
        "the identity provider's unique identifier there)",
    );
  }
  if (entityId === "") {
    return fail(
      "has an empty entityID attribute on its EntityDescriptor (saml-metadata-2.0-os 2.3.2 " +
        "requires the identity provider's unique identifier there)",
    );
  }

  const idp = findIdpDescriptor(root, entityId);
  if (!idp.ok) {
    return idp;
  }
  const descriptor = idp.element;

  const singleSignOnServices: IdpMetadata["singleSignOnServices"] = [];
  for (const sso of mdChildren(descriptor, "SingleSignOnService")) {
    const binding = (sso.getAttribute("Binding") ?? "").trim();
    const location = (sso.getAttribute("Location") ?? "").trim();
    if (binding !== "" && location !== "") {
      singleSignOnServices.push({ binding, location });
    }
  }
  if (singleSignOnServices.length === 0) {
    return fail(
      "has no SingleSignOnService with both a Binding and a Location in its IDPSSODescriptor " +
        "(saml-metadata-2.0-os 2.4.3 requires at least one; it is where users are sent to sign in)",
    );
  }

  const certificates = readSigningCertificates(descriptor);
  if (!certificates.ok) {
    return certificates;
  }

  const nameIdFormats: string[] = [];
  for (const format of mdChildren(descriptor, "NameIDFormat")) {
    const value = (format.textContent ?? "").trim();
    if (value !== "") {
      nameIdFormats.push(value);
    }
  }

  const metadata: IdpMetadata = {
    entityId,
    singleSignOnServices,
    signingCertificates: certificates.certificates,
    nameIdFormats,
  };
  const validUntil = (root.getAttribute("validUntil") ?? "").trim();
  if (validUntil !== "") {
    metadata.validUntil = validUntil;
  }
  return { ok: true, metadata };
}

/** Section 2.4.3: the first IDPSSODescriptor child that supports SAML 2.0, or why there is none. */
function findIdpDescriptor(
  root: Element,
  entityId: string,
): { ok: true; element: Element } | { ok: false; reason: string } {
  const descriptors = mdChildren(root, "IDPSSODescriptor");
  for (const descriptor of descriptors) {
    if (supportsSaml2(descriptor)) {
      return { ok: true, element: descriptor };
    }
  }
  if (descriptors.length > 0) {
    const enumeration = (descriptors[0].getAttribute("protocolSupportEnumeration") ?? "").trim();
    return fail(
      `has an IDPSSODescriptor whose protocolSupportEnumeration ("${enumeration}") does not ` +
        `include ${SAML2_PROTOCOL}; a SAML 2.0 identity provider is required`,
    );
  }
  const children = elementChildren(root);
  const misplaced = children.find((child) => child.localName === "IDPSSODescriptor");
  if (misplaced) {
    return fail(
      `has an <${misplaced.tagName}> in ${describeNamespace(misplaced.namespaceURI)}, but ` +
        `the IDPSSODescriptor must be in namespace "${SAML_METADATA_NS}"`,
    );
  }
  if (mdChildren(root, "SPSSODescriptor").length > 0) {
    return fail(
      `is service-provider metadata (the EntityDescriptor "${entityId}" has an SPSSODescriptor ` +
        "but no IDPSSODescriptor), not the identity provider's: pass the metadata that your " +
        "identity provider publishes",
    );
  }
  const found = [...new Set(children.map((child) => child.localName ?? child.tagName))];
  return fail(
    "has no IDPSSODescriptor, so it does not describe a SAML identity provider " +
      `(the EntityDescriptor contains ${found.length > 0 ? found.join(", ") : "no elements"})`,
  );
}

function supportsSaml2(descriptor: Element): boolean {
  const enumeration = descriptor.getAttribute("protocolSupportEnumeration") ?? "";
  return enumeration.split(/\s+/).includes(SAML2_PROTOCOL);
}

/** Section 2.4.1.1: certificates of the KeyDescriptors for signing (use="signing" or no use). */
function readSigningCertificates(
  descriptor: Element,
): { ok: true; certificates: string[] } | { ok: false; reason: string } {
  const certificates: string[] = [];
  const otherUses = new Set<string>();
  let ordinal = 0;
  const keyDescriptors = mdChildren(descriptor, "KeyDescriptor");
  for (const [index, keyDescriptor] of keyDescriptors.entries()) {
    const use = keyDescriptor.hasAttribute("use")
      ? (keyDescriptor.getAttribute("use") ?? "").trim()
      : undefined;
    const elements = x509Certificates(keyDescriptor);
    if (use !== undefined && use !== "signing") {
      if (elements.length > 0) {
        otherUses.add(use);
      }
      continue;
    }
    for (const element of elements) {
      ordinal += 1;
      const base64 = (element.textContent ?? "").replace(/\s+/g, "");
      const problem = certificateProblem(base64);
      if (problem !== undefined) {
        return fail(
          `has an invalid signing certificate: the ${ordinalWord(ordinal)} X509Certificate ` +
            `for signing (in KeyDescriptor ${index + 1} of ${keyDescriptors.length} of the ` +
            `IDPSSODescriptor) ${problem}`,
        );
      }
      if (!certificates.includes(base64)) {
        certificates.push(base64);
      }
    }
  }
  if (certificates.length === 0) {
    const others =
      otherUses.size > 0
        ? `; its KeyDescriptors with certificates are only for use=${[...otherUses]
            .map((use) => `"${use}"`)
            .join(", ")}`
        : "";
    return fail(
      'has no signing certificate (no KeyDescriptor use="signing" with an X509Certificate in ' +
        `the IDPSSODescriptor)${others}`,
    );
  }
  return { ok: true, certificates };
}

/** The `ds:KeyInfo/ds:X509Data/ds:X509Certificate` elements of a KeyDescriptor. */
function x509Certificates(keyDescriptor: Element): Element[] {
  return childrenNS(keyDescriptor, XMLDSIG_NS, "KeyInfo")
    .flatMap((keyInfo) => childrenNS(keyInfo, XMLDSIG_NS, "X509Data"))
    .flatMap((data) => childrenNS(data, XMLDSIG_NS, "X509Certificate"));
}

/** Why `base64` (whitespace already removed) is not a DER X.509 certificate, or undefined. */
function certificateProblem(base64: string): string | undefined {
  if (base64 === "") {
    return "is empty";
  }
  if (base64.includes("-----BEGIN")) {
    return (
      "is in PEM format; X509Certificate holds only the base64 text, without the " +
      '"-----BEGIN CERTIFICATE-----" and "-----END CERTIFICATE-----" lines'
    );
  }
  const bad = /[^A-Za-z0-9+/=]/.exec(base64);
  if (bad) {
    return `is not valid base64 (unexpected character "${bad[0]}" at position ${bad.index + 1})`;
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) {
    return "is not valid base64 (wrong length or misplaced '=' padding)";
  }
  const der = Buffer.from(base64, "base64");
  const structure = derSequenceProblem(der);
  if (structure !== undefined) {
    return `does not decode to an X.509 certificate (${structure})`;
  }
  try {
    new X509Certificate(der);
  } catch (error) {
    return `does not decode to an X.509 certificate (${errorMessage(error)})`;
  }
  return undefined;
}

/**
 * Checks that `der` is exactly one DER SEQUENCE, as an X.509 Certificate is (RFC 5280 4.1).
 * Node's parser also accepts trailing bytes and falls back to PEM with a confusing message.
 */
function derSequenceProblem(der: Buffer): string | undefined {
  if (der.length < 2 || der[0] !== 0x30) {
    return "the decoded bytes are not a DER SEQUENCE";
  }
  let length = der[1];
  let header = 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4 || der.length < 2 + count) {
      return "the DER length of the certificate is malformed";
    }
    length = 0;
    for (let i = 0; i < count; i += 1) {
      length = length * 256 + der[2 + i];
    }
    header += count;
  }
  if (header + length !== der.length) {
    return (
      `its DER encoding says ${header + length} bytes but the base64 decodes to ` +
      `${der.length} bytes; the certificate is probably truncated or has extra data`
    );
  }
  return undefined;
}

/** Section 2.3.1: an aggregate is rejected with the IdPs it contains. */
function aggregateFailure(root: Element): { ok: false; reason: string } {
  const entities = root.getElementsByTagNameNS(SAML_METADATA_NS, "EntityDescriptor");
  const idps: string[] = [];
  for (let i = 0; i < entities.length; i += 1) {
    const entity = entities.item(i);
    if (entity && mdChildren(entity, "IDPSSODescriptor").length > 0) {
      idps.push((entity.getAttribute("entityID") ?? "").trim() || "(no entityID)");
    }
  }
  const count = `${entities.length} EntityDescriptor${entities.length === 1 ? "" : "s"}`;
  let contained: string;
  if (idps.length === 0) {
    contained = "none of them is an identity provider (has an IDPSSODescriptor)";
  } else {
    const listed = idps.slice(0, MAX_LISTED_IDPS).join(", ");
    const more = idps.length > MAX_LISTED_IDPS ? `, and ${idps.length - MAX_LISTED_IDPS} more` : "";
    contained =
      `the identity provider${idps.length === 1 ? " in it is" : `s in it are`} ` +
      `${listed}${more}`;
  }
  return fail(
    `is an aggregate (an EntitiesDescriptor with ${count}), not the metadata of one identity ` +
      `provider; ${contained}. Pass the single EntityDescriptor of your IdP instead: download ` +
      `your IdP's own metadata, or copy its <EntityDescriptor> element out of the aggregate ` +
      `together with the xmlns declarations it inherits`,
  );
}

function doctypeFailure(text: SourceText, offset: number): { ok: false; reason: string } {
  const { line, column } = text.position(offset);
  return fail(
    `contains a <!DOCTYPE> declaration at line ${line}, column ${column}: DTDs are not allowed ` +
      "in SAML metadata (they could expand entities or load external ones); remove the DOCTYPE",
  );
}

/**
 * The offset in `body` of a `<!DOCTYPE` in the prolog (after the XML declaration, processing
 * instructions, comments and whitespace), or undefined. xmldom would otherwise read the DTD.
 */
function findPrologDoctype(body: string): number | undefined {
  let i = 0;
  for (;;) {
    while (i < body.length && " \t\n".includes(body[i])) {
      i += 1;
    }
    if (body.startsWith("<?", i) || body.startsWith("<!--", i)) {
      const close = body.startsWith("<?", i) ? "?>" : "-->";
      const end = body.indexOf(close, i + 2);
      if (end < 0) {
        return undefined;
      }
      i = end + close.length;
      continue;
    }
    return body.slice(i, i + 9).toUpperCase() === "<!DOCTYPE" ? i : undefined;
  }
}

/**
 * A character outside XML 1.0's `Char` production (section 2.2): C0 controls other than tab,
 * newline and carriage return, unpaired surrogates, U+FFFE and U+FFFF. (The `u` flag makes an
 * unpaired surrogate one code point that the class does not contain.)
 */
const ILLEGAL_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Whether `codePoint` is a character XML 1.0 allows (section 2.2, production `Char`). */
function isXmlCharacter(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

/** The offset and code point of the first character of `body` that XML does not allow. */
function illegalCharacter(body: string): { offset: number; codePoint: number } | undefined {
  const match = ILLEGAL_XML_CHARACTER.exec(body);
  return match === null ? undefined : { offset: match.index, codePoint: match[0].charCodeAt(0) };
}

function illegalCharacterFailure(
  text: SourceText,
  body: string,
  illegal: { offset: number; codePoint: number },
): { ok: false; reason: string } {
  const { line, column } = text.position(illegal.offset);
  const code = `U+${illegal.codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
  // "<\0?\0x\0m\0l\0": the bytes of UTF-16 text decoded as UTF-8 or Latin-1 (half of them NULs).
  const sample = body.slice(0, 4096);
  const nuls = sample.split("\u0000").length - 1;
  const utf16 =
    nuls * 4 >= sample.length
      ? "; it looks like UTF-16 text read as UTF-8 or Latin-1: read the file with its encoding " +
        '(e.g. fs.readFileSync(path, "utf16le")) or convert it to UTF-8'
      : "";
  return fail(
    `is not well-formed XML: it contains the character ${code} at line ${line}, column ` +
      `${column}, which XML does not allow (XML 1.0 section 2.2: tab, newline, carriage return ` +
      `and U+0020 to U+10FFFF except surrogates, U+FFFE and U+FFFF)${utf16}`,
  );
}

/**
 * The first character reference (`&#N;`, `&#xH;`) outside comments, CDATA sections and processing
 * instructions whose character XML does not allow, or undefined. xmldom decodes `&#0;` into a NUL
 * without complaint; XML 1.0 section 4.1 (WFC: Legal Character) forbids it. One pass: each
 * comment, CDATA section or processing instruction is skipped with one search for its end, and an
 * unclosed one ends the scan (the parser reports it), so that no input makes this quadratic.
 */
function findIllegalCharacterReference(body: string): { offset: number; text: string } | undefined {
  const closers: Record<string, string> = { "<!--": "-->", "<![CDATA[": "]]>", "<?": "?>" };
  const token = /<!--|<!\[CDATA\[|<\?|&#(?:x([0-9A-Fa-f]+)|([0-9]+));/g;
  for (let match = token.exec(body); match !== null; match = token.exec(body)) {
    const close = closers[match[0]];
    if (close !== undefined) {
      const end = body.indexOf(close, token.lastIndex);
      if (end < 0) {
        return undefined;
      }
      token.lastIndex = end + close.length;
      continue;
    }
    const digits = match[1] ?? match[2];
    // More than 7 significant digits is beyond U+10FFFF either way (and beyond exact numbers).
    const codePoint =
      digits.replace(/^0+/, "").length > 7
        ? Infinity
        : parseInt(digits, match[1] !== undefined ? 16 : 10);
    if (!isXmlCharacter(codePoint)) {
      return {
        offset: match.index,
        text: match[0].length > 20 ? `${match[0].slice(0, 16)}…;` : match[0],
      };
    }
  }
  return undefined;
}

/**
 * The offset of the first `&` at or after `from` that does not start a reference (outside
 * comments, CDATA sections and processing instructions), or undefined. xmldom keeps such an `&` as text; XML 1.0 section 2.4
 * forbids it, and strict parsers (such as the one behind ngrok's API) reject it.
 */
function findBareAmpersand(body: string, from = 0): number | undefined {
  const pattern =
    /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|&(?!(?:[A-Za-z_:][\w.:-]*|#[0-9]+|#x[0-9A-Fa-f]+);)/g;
  pattern.lastIndex = from;
  for (let match = pattern.exec(body); match !== null; match = pattern.exec(body)) {
    if (match[0] === "&") {
      return match.index;
    }
  }
  return undefined;
}

/** A problem reported by xmldom, with its locator (1-based; line 0 when it had none). */
interface XmlProblem {
  message: string;
  line: number;
  column: number;
}

function parseXml(body: string): { ok: true; doc: Document } | { ok: false; problem: XmlProblem } {
  let problem: XmlProblem | undefined;
  const parser = new (xmldom().DOMParser)({
    onError: (level, message, context: unknown) => {
      if (level === "warning" && message.startsWith("Unicode replacement character")) {
        return; // U+FFFD is a legal character; xmldom only suspects an encoding problem.
      }
      // In XML mode, xmldom's other warnings are attribute syntax errors (missing quotes, value
      // or space), which are not well-formed XML. Keep the first problem and stop parsing.
      problem ??= { message, ...locatorOf(context) };
      if (level !== "fatalError") {
        throw new Error(message); // xmldom wraps this in a ParseError, caught below.
      }
    },
  });
  try {
    const doc = parser.parseFromString(body, "text/xml");
    if (problem === undefined) {
      return { ok: true, doc };
    }
  } catch (error) {
    problem ??= {
      message: errorMessage(error),
      ...locatorOf(error),
    };
  }
  return { ok: false, problem: problem ?? { message: "unknown error", line: 0, column: 0 } };
}

function locatorOf(holder: unknown): { line: number; column: number } {
  const locator = (holder as { locator?: { lineNumber?: unknown; columnNumber?: unknown } } | null)
    ?.locator;
  const line = typeof locator?.lineNumber === "number" ? locator.lineNumber : 0;
  const column = typeof locator?.columnNumber === "number" ? locator.columnNumber : 0;
  return { line, column };
}

/**
 * The offset in `body` that a problem is about. xmldom's locator points at the start of the last
 * start tag, text or comment it read; for the problems it detects later (a wrong end tag, an
 * unclosed element at the end, an entity reference inside text, content after the document
 * element) this moves to the place a person must fix.
 */
function locateProblem(body: string, problem: XmlProblem): number {
  const starts = lineStarts(body);
  const from =
    problem.line >= 1 && problem.line <= starts.length
      ? Math.min(starts[problem.line - 1] + Math.max(problem.column, 1) - 1, body.length)
      : undefined;
  const { message } = problem;

  const endTag = /^Opening and ending tag mismatch: ".*" != "(.*)"$/s.exec(message);
  if (endTag) {
    const at = body.indexOf(`</${endTag[1]}`, from ?? 0);
    if (at >= 0) return at;
  }
  if (message.startsWith("unclosed xml tag")) {
    return body.trimEnd().length;
  }
  const entity = /^entity not found:(&[^;]*;)$/.exec(message);
  if (entity) {
    const at = body.indexOf(entity[1], from ?? 0);
    if (at >= 0) return at;
  }
  if (message.startsWith("EntityRef") || message.startsWith("entity not matching")) {
    const at = findBareAmpersand(body, from ?? 0);
    if (at !== undefined) return at;
  }
  if (message === "Extra content at the end of the document") {
    const lastTag = body.lastIndexOf("<");
    const afterTag = body.indexOf(">", lastTag) + 1;
    const at = body.slice(afterTag).search(/\S/);
    if (afterTag > 0 && at >= 0) return afterTag + at;
  }
  if (message.startsWith("Unexpected content outside root element") && from !== undefined) {
    let after = from;
    if (body.startsWith("<!--", from)) after = body.indexOf("-->", from) + 3;
    else if (body.startsWith("<?", from)) after = body.indexOf("?>", from) + 2;
    else if (body.startsWith("<", from)) after = body.indexOf(">", from) + 1;
    const at = after > 0 ? body.slice(after).search(/\S/) : -1;
    if (at >= 0) return after + at;
  }
  return from ?? 0;
}

/** Offsets of the first character of each line of `text` (lines end with "\n"). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) {
    starts.push(i + 1);
  }
  return starts;
}

/**
 * The input with line endings normalized (XML 1.0 section 2.11; the same as xmldom does), without
 * its byte order mark, split into the leading whitespace that is skipped and the `body` that is
 * parsed, so that positions in `body` can be reported as positions in the text the user wrote.
 */
class SourceText {
  public readonly body: string;
  private readonly normalized: string;
  private readonly skipped: number;

  constructor(input: string) {
    const normalized = xmldom().normalizeLineEndings(input);
    this.normalized = normalized.startsWith("\uFEFF") ? normalized.slice(1) : normalized;
    // XML's whitespace only (XML 1.0 production S): `\s` would also skip U+000B and U+000C,
    // characters XML forbids, and hide them from the check that names them.
    this.skipped = /^[ \t\n]*/.exec(this.normalized)?.[0].length ?? 0;
    this.body = this.normalized.slice(this.skipped);
  }

  /** The 1-based line and column in the user's text of an offset in `body`. */
  public position(offset: number): { line: number; column: number } {
    const absolute = this.skipped + Math.max(0, Math.min(offset, this.body.length));
    const before = this.normalized.slice(0, absolute);
    const line = before.split("\n").length;
    const column = absolute - (before.lastIndexOf("\n") + 1) + 1;
    return { line, column };
  }
}

/** Direct element children of `parent` in `namespace` with `localName`. */
function childrenNS(parent: Element, namespace: string, localName: string): Element[] {
  return elementChildren(parent).filter(
    (child) => child.namespaceURI === namespace && child.localName === localName,
  );
}

/** Direct element children of `parent` in the SAML metadata namespace with `localName`. */
function mdChildren(parent: Element, localName: string): Element[] {
  return childrenNS(parent, SAML_METADATA_NS, localName);
}

function elementChildren(parent: Element): Element[] {
  const children: Element[] = [];
  const nodes = parent.childNodes;
  for (let i = 0; i < nodes.length; i += 1) {
    const node: Node | null = nodes.item(i);
    if (node && node.nodeType === 1) {
      children.push(node as Element);
    }
  }
  return children;
}

function describeNamespace(namespace: string | null): string {
  return namespace === null || namespace === "" ? "no namespace" : `namespace "${namespace}"`;
}

function ordinalWord(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
