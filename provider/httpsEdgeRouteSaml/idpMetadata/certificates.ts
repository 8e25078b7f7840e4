/**
 * The signing certificates of an identity provider's metadata: which `KeyDescriptor`s hold them,
 * and the checks each certificate must pass (base64 text of exactly one DER X.509 certificate).
 *
 * Certificates are parsed with Node's `crypto.X509Certificate` (OpenSSL), after a check that the
 * DER is exactly one SEQUENCE (`@peculiar/x509` cannot be loaded here without a Reflect metadata
 * polyfill). Their validity period is not checked: published metadata often carries an expired
 * certificate that the IdP still signs with.
 *
 * Source: saml-metadata-2.0-os section 2.4.1.1 `KeyDescriptor`; XML Signature Syntax and
 * Processing (xmldsig-core) section 4.4.4 `X509Data`; RFC 5280 section 4.1.
 *
 * @module
 */
import { X509Certificate } from "node:crypto";
import type { Element } from "@xmldom/xmldom";
import { mdChildren, SAML_METADATA_NS } from "./samlRules";
import { childrenNS, describeNamespace, elementChildren, isElement } from "./xmlText";

/**
 * Namespace of XML Signature elements (`KeyInfo`, `X509Data`, `X509Certificate`), which
 * saml-metadata-2.0-os section 2.4.1.1 uses inside `KeyDescriptor`. Any prefix (`ds:`, `dsig:`,
 * none with a default namespace declaration) is accepted.
 */
export const XMLDSIG_NS = "http://www.w3.org/2000/09/xmldsig#";

/**
 * Section 2.4.1.1: the certificates of the IDPSSODescriptor's KeyDescriptors for signing
 * (`use="signing"` or no `use`), base64 with all whitespace removed, in document order,
 * de-duplicated; or why there is none, or which one is not a certificate (named by its ordinal
 * among the signing certificates and the KeyDescriptor that holds it).
 */
export function readSigningCertificates(
  descriptor: Element,
):
  | { ok: true; certificates: string[]; details: SigningCertificate[] }
  | { ok: false; reason: string } {
  const certificates: string[] = [];
  const details: SigningCertificate[] = [];
  const otherUses = new Set<string>();
  let misplaced: Element | undefined;
  let ordinal = 0;
  const keyDescriptors = mdChildren(descriptor, "KeyDescriptor");
  for (const [index, keyDescriptor] of keyDescriptors.entries()) {
    const use = keyDescriptor.hasAttribute("use")
      ? (keyDescriptor.getAttribute("use") ?? "").trim()
      : undefined;
    const elements = x509Certificates(keyDescriptor);
    if (elements.length === 0 && (use === undefined || use === "signing")) {
      misplaced ??= misplacedSignatureElement(keyDescriptor);
    }
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
      if (problem === undefined && !certificates.includes(base64)) {
        details.push(describeCertificate(base64));
      }
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
  if (certificates.length === 0 && misplaced !== undefined) {
    return fail(misplacedReason(misplaced));
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
  return { ok: true, certificates, details };
}

/**
 * A signing certificate of the metadata, as the output `idpSigningCertificates` and the preview
 * warning about expiry describe it. Source: RFC 5280 section 4.1.2.5 (validity).
 */
export interface SigningCertificate {
  /** The subject's attributes in the certificate's order, joined by `, `, e.g. `C=US, O=Okta, CN=dev-599847`. */
  readonly subject: string;
  /** The end of its validity (`notAfter`), ISO 8601 in UTC, e.g. `2028-09-07T14:33:59.000Z`. */
  readonly notAfter: string;
  /** SHA-256 of its DER, upper-case hex pairs separated by colons (as IdP consoles show it). */
  readonly sha256Fingerprint: string;
}

/** The {@link SigningCertificate} of base64 DER that {@link certificateProblem} accepted. */
export function describeCertificate(base64: string): SigningCertificate {
  const certificate = new X509Certificate(Buffer.from(base64, "base64"));
  return {
    subject: certificate.subject.split("\n").join(", "),
    notAfter: new Date(certificate.validTo).toISOString(),
    sha256Fingerprint: certificate.fingerprint256,
  };
}

/**
 * In a KeyDescriptor without an XML-DSig certificate, the first of its `KeyInfo`, `X509Data`,
 * `X509Certificate` chain (found by local name) whose namespace is not {@link XMLDSIG_NS}: the
 * document has the certificate, in the wrong namespace (a typo such as `https://` in the
 * declaration, or a `KeyInfo` without a prefix that takes the metadata's default namespace).
 */
function misplacedSignatureElement(keyDescriptor: Element): Element | undefined {
  let level = [keyDescriptor];
  for (const localName of ["KeyInfo", "X509Data", "X509Certificate"]) {
    const found = level.flatMap((parent) =>
      elementChildren(parent).filter((child) => child.localName === localName),
    );
    const wrong = found.find((element) => element.namespaceURI !== XMLDSIG_NS);
    if (wrong !== undefined) return wrong;
    if (found.length === 0) return undefined;
    level = found;
  }
  return undefined;
}

/** The reason for a signing certificate found only in the wrong namespace (see above). */
function misplacedReason(element: Element): string {
  const namespace = element.namespaceURI;
  const why =
    namespace === SAML_METADATA_NS
      ? " (the metadata's namespace: the element has no prefix, so it takes the default " +
        "namespace of the document)"
      : namespace !== null && namespace.replace(/^https:/, "http:") === XMLDSIG_NS
        ? ' (the XML Signature namespace misspelled with "https": namespace names are compared ' +
          "character for character)"
        : "";
  const unused = unusedDsigPrefix(element);
  const fix =
    element.prefix !== null && element.prefix !== ""
      ? `declare xmlns:${element.prefix}="${XMLDSIG_NS}"`
      : unused !== undefined
        ? `use the prefix ${unused}: that ${unused}: is declared for "${XMLDSIG_NS}" but no ` +
          `element uses it (<${unused}:${element.localName}>), or declare ` +
          `xmlns="${XMLDSIG_NS}" on <${element.tagName}>`
        : `declare xmlns="${XMLDSIG_NS}" on <${element.tagName}>`;
  return (
    `has a signing certificate in the wrong namespace: its <${element.tagName}> is in ` +
    `${describeNamespace(namespace)}${why}, but KeyInfo, X509Data and X509Certificate must be ` +
    `in the XML Signature namespace "${XMLDSIG_NS}" (saml-metadata-2.0-os 2.4.1.1), so ngrok ` +
    `would find no certificate to check sign-ins with: ${fix}`
  );
}

/** A prefix declared for {@link XMLDSIG_NS} on `element` or an ancestor, or `undefined`. */
function unusedDsigPrefix(element: Element): string | undefined {
  for (let node: Element | null = element; node !== null; node = parentElement(node)) {
    const attributes = node.attributes;
    for (let i = 0; i < attributes.length; i += 1) {
      const attribute = attributes.item(i);
      if (attribute?.name.startsWith("xmlns:") && attribute.value === XMLDSIG_NS) {
        return attribute.name.slice("xmlns:".length);
      }
    }
  }
  return undefined;
}

function parentElement(node: Element): Element | null {
  const parent = node.parentNode;
  return parent !== null && isElement(parent) ? parent : null;
}

/** The `ds:KeyInfo/ds:X509Data/ds:X509Certificate` elements of a KeyDescriptor. */
function x509Certificates(keyDescriptor: Element): Element[] {
  return childrenNS(keyDescriptor, XMLDSIG_NS, "KeyInfo")
    .flatMap((keyInfo) => childrenNS(keyInfo, XMLDSIG_NS, "X509Data"))
    .flatMap((data) => childrenNS(data, XMLDSIG_NS, "X509Certificate"));
}

/**
 * Why `base64` (whitespace already removed) is not a DER X.509 certificate, or undefined: empty,
 * PEM instead of base64, not base64, not one DER SEQUENCE, or refused by OpenSSL.
 */
export function certificateProblem(base64: string): string | undefined {
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
  // Only base64 characters are left: '=' may only end the text, at most twice. (Index tests, not
  // a whole-string pattern, which would backtrack over a long certificate.)
  const padding = base64.indexOf("=");
  const misplacedPadding =
    padding >= 0 &&
    (padding < base64.length - 2 || base64.slice(padding) !== "=".repeat(base64.length - padding));
  if (misplacedPadding || base64.length % 4 !== 0) {
    return "is not valid base64 (wrong length or misplaced '=' padding)";
  }
  const der = Buffer.from(base64, "base64");
  if (der.subarray(0, 64).toString("latin1").includes("-----BEGIN")) {
    return (
      "is a PEM file encoded in base64 a second time (its base64 decodes to the text " +
      '"-----BEGIN …-----"), not a certificate: X509Certificate holds the base64 between the ' +
      '"-----BEGIN CERTIFICATE-----" and "-----END CERTIFICATE-----" lines of the PEM; decode ' +
      "the value once (base64 -d) and put those lines in its place"
    );
  }
  const structure = derSequenceProblem(der);
  if (structure !== undefined) {
    return `does not decode to an X.509 certificate (${structure})`;
  }
  try {
    new X509Certificate(der);
  } catch {
    return (
      "does not decode to an X.509 certificate (the bytes are one DER SEQUENCE, but not the " +
      "structure of a certificate, RFC 5280 section 4.1): copy the certificate again from " +
      "your identity provider"
    );
  }
  return undefined;
}

/**
 * Checks that `der` is exactly one DER SEQUENCE, as an X.509 Certificate is (RFC 5280 4.1).
 * Node's parser also accepts trailing bytes and falls back to PEM with a confusing message.
 */
function derSequenceProblem(der: Buffer): string | undefined {
  if (der.length < 2 || der[0] !== 0x30) {
    return (
      "its base64 decodes to bytes that are not DER (a certificate starts with a SEQUENCE, " +
      'base64 "MII…"): copy the certificate again from your identity provider'
    );
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

/** `1st`, `2nd`, `3rd`, `4th`, …, `11th`, `21st`, … */
function ordinalWord(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
