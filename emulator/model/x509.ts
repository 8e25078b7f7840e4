/**
 * X.509 certificates and private keys uploaded as PEM (`node:crypto`'s `X509Certificate` and
 * `createPrivateKey`): a TLS certificate's `certificate_pem` and `private_key_pem`, a certificate
 * authority's `ca_pem`. What ngrok's catalogue says of them (ERR_NGROK_1901–1925) is told apart
 * here as {@link PemProblem}s; `documented.ts` answers each with its code.
 *
 * The answer's fields read from the leaf (the first certificate) are named as ngrok's document
 * names them: `subject_common_name`, `issuer_common_name`, `serial_number` (lower-case hex, as
 * ngrok's example), `not_before`/`not_after` (RFC 3339 UTC), `subject_alternative_names`
 * (`dns_names`, `ips`), `private_key_type` (`rsa`, `ecdsa`, `ed25519`), `subject_organization`,
 * `…_organizational_unit`, `…_locality`, `…_province`, `…_country`. `key_usages` and
 * `extended_key_usages` are `[]`: ngrok's examples show nothing else and its docs give no
 * spelling for a usage.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from "node:crypto";
import { rfc3339Now } from "./time";

/** What can be wrong with uploaded PEM data (ngrok's catalogue tells these apart). */
export type PemProblem =
  | "empty"
  | "notPem"
  | "headers"
  | "wrongType"
  | "isPrivateKey"
  | "isCertificate"
  | "unparseable"
  | "encrypted"
  | "notCa"
  | "keyMismatch";

/** A {@link PemProblem} with its reason in words. */
export class PemError extends Error {
  constructor(
    readonly problem: PemProblem,
    reason: string,
  ) {
    super(reason);
  }
}

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----/g;

/** The PEM blocks of `text`: label and body. */
function blocks(text: string): { label: string; body: string }[] {
  return [...text.matchAll(BLOCK)].map((match) => ({ label: match[1], body: match[2] }));
}

/** Whether a PEM body has headers (`Proc-Type: …` lines before the base64). */
function hasHeaders(body: string): boolean {
  return /^[A-Za-z-]+:/m.test(body);
}

/**
 * The certificates of a PEM chain, leaf first.
 *
 * @throws PemError when there is none, a block is not a certificate, or one does not parse.
 */
export function parseCertificates(pem: string): X509Certificate[] {
  if (pem.trim() === "") throw new PemError("empty", "no certificate PEM data was sent");
  const found = blocks(pem);
  if (found.length === 0) throw new PemError("notPem", "the data could not be parsed as PEM");
  return found.map(({ label, body }) => {
    if (hasHeaders(body)) throw new PemError("headers", "the PEM data has headers");
    if (/PRIVATE KEY$/.test(label)) throw new PemError("isPrivateKey", "it is a private key");
    if (label !== "CERTIFICATE") throw new PemError("wrongType", label);
    try {
      return new X509Certificate(`-----BEGIN CERTIFICATE-----\n${body}-----END CERTIFICATE-----\n`);
    } catch (error) {
      throw new PemError("unparseable", error instanceof Error ? error.message : String(error));
    }
  });
}

/**
 * A PEM private key.
 *
 * @throws PemError when there is none, it is a certificate, it is encrypted, or it does not parse.
 */
export function parsePrivateKey(pem: string): KeyObject {
  const [block] = blocks(pem);
  if (pem.trim() === "" || block === undefined) {
    throw new PemError("empty", "no PEM-encoded private key was found");
  }
  if (block.label === "CERTIFICATE") throw new PemError("isCertificate", "it is a certificate");
  if (block.label === "ENCRYPTED PRIVATE KEY" || /ENCRYPTED/.test(block.body)) {
    throw new PemError("encrypted", "the private key is encrypted");
  }
  try {
    return createPrivateKey(pem);
  } catch (error) {
    throw new PemError("unparseable", error instanceof Error ? error.message : String(error));
  }
}

/** The value of attribute `key` (`CN`, `O`, …) of a distinguished name as node prints it. */
function attribute(name: string, key: string): string {
  const line = name.split("\n").find((part) => part.startsWith(`${key}=`));
  return line === undefined ? "" : line.slice(key.length + 1);
}

/** The type of a key as ngrok's document names it: `rsa`, `ecdsa` or `ed25519`. */
function keyType(certificate: X509Certificate): string {
  const type = certificate.publicKey.asymmetricKeyType;
  return type === "ec" ? "ecdsa" : (type ?? "");
}

/** The SANs of a certificate: DNS names and IP addresses. */
function alternativeNames(certificate: X509Certificate) {
  const names = (certificate.subjectAltName ?? "").split(", ").filter(Boolean);
  const of = (kind: string) =>
    names.filter((name) => name.startsWith(`${kind}:`)).map((name) => name.slice(kind.length + 1));
  return { dns_names: of("DNS"), ips: of("IP Address") };
}

/** The answer's fields read from a leaf certificate (see the module comment). */
export function certificateFields(certificate: X509Certificate): Record<string, unknown> {
  const { subject } = certificate;
  return {
    subject_common_name: attribute(subject, "CN"),
    issuer_common_name: attribute(certificate.issuer, "CN"),
    serial_number: certificate.serialNumber.toLowerCase(),
    not_before: rfc3339Now(new Date(certificate.validFrom)),
    not_after: rfc3339Now(new Date(certificate.validTo)),
    subject_alternative_names: alternativeNames(certificate),
    private_key_type: keyType(certificate),
    subject_organization: attribute(subject, "O"),
    subject_organizational_unit: attribute(subject, "OU"),
    subject_locality: attribute(subject, "L"),
    subject_province: attribute(subject, "ST"),
    subject_country: attribute(subject, "C"),
    key_usages: [],
    extended_key_usages: [],
  };
}

/**
 * Checks a TLS certificate upload: a chain and the leaf's private key.
 *
 * @throws PemError for the first problem.
 */
export function checkKeyPair(leaf: X509Certificate, key: KeyObject): void {
  if (!leaf.checkPrivateKey(key)) {
    throw new PemError("keyMismatch", "the certificate and private key do not match");
  }
}

/**
 * Checks a certificate authority upload: its certificate says it is a CA (basic constraints).
 *
 * @throws PemError (`notCa`) when it does not.
 */
export function checkAuthority(certificate: X509Certificate): void {
  if (!certificate.ca) throw new PemError("notCa", "the certificate is not a CA");
}
