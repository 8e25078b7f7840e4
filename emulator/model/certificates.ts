/**
 * The SAML module's request-signing certificate (`request_signing_certificate_pem`, spec
 * section 2.3): a real self-signed X.509 certificate, RSA 2048 with SHA-256, made with
 * @peculiar/x509 over node's WebCrypto (asynchronous; does not block the event loop).
 */
// @peculiar/x509 depends on tsyringe, which needs a Reflect metadata polyfill loaded first.
import "reflect-metadata";
import { randomBytes } from "node:crypto";
import * as x509 from "@peculiar/x509";

// Node's global WebCrypto (node ≥ 20; the same object as `require("node:crypto").webcrypto`).
// Through the global, the types are the DOM's `Crypto` and `CryptoKeyPair` that @peculiar/x509
// declares when the DOM library is loaded, and `any` to it otherwise, so no cast is needed.
const webCrypto = globalThis.crypto;
x509.cryptoProvider.set(webCrypto);

/** A signing certificate in the two forms the emulator renders. */
export interface SigningCertificate {
  /** PEM (`-----BEGIN CERTIFICATE-----` …), as in `request_signing_certificate_pem`. */
  readonly pem: string;
  /** Base64 of the DER bytes, as in the SP metadata's `ds:X509Certificate`. */
  readonly derBase64: string;
}

/** Validity of generated certificates, in days (10 years). */
export const SIGNING_CERTIFICATE_VALIDITY_DAYS = 3650;

const ALGORITHM = {
  name: "RSASSA-PKCS1-v1_5",
  hash: "SHA-256",
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

/**
 * Creates a self-signed certificate whose subject is `CN=<commonName>`.
 * The private key is discarded: the emulator never signs SAML requests.
 */
export async function createSigningCertificate(commonName: string): Promise<SigningCertificate> {
  const keys = await webCrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const serial = randomBytes(16);
  serial[0] &= 0x7f; // a positive serial number
  const notBefore = new Date(Math.floor(Date.now() / 1000) * 1000);
  const notAfter = new Date(notBefore.getTime() + SIGNING_CERTIFICATE_VALIDITY_DAYS * 86_400_000);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial.toString("hex"),
    name: new x509.Name([{ CN: [commonName] }]),
    notBefore,
    notAfter,
    signingAlgorithm: ALGORITHM,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
    ],
  });
  return {
    pem: certificate.toString("pem"),
    derBase64: Buffer.from(certificate.rawData).toString("base64"),
  };
}
