/**
 * Real X.509 certificates for the emulator's uploads (`/tls_certificates`,
 * `/certificate_authorities`), made at run time with @peculiar/x509 over node's WebCrypto (no
 * file outside the repository, no openssl needed): a CA, a leaf it signs with SANs and subject
 * attributes, their private keys (PKCS#8 PEM), and the values each was made with, so that a test
 * can compare the emulator's answer with what was put in rather than with another parser's reading.
 */
import "reflect-metadata";
import * as x509 from "@peculiar/x509";

x509.cryptoProvider.set(globalThis.crypto);

const EC = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
const RSA = {
  name: "RSASSA-PKCS1-v1_5",
  hash: "SHA-256",
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

/** What the certificates were made with. */
export interface MadeCertificates {
  /** A CA certificate (basic constraints CA:TRUE), PEM. */
  readonly caPem: string;
  /** The CA's private key, PKCS#8 PEM. */
  readonly caKeyPem: string;
  /** A leaf the CA signed (CA:FALSE), PEM. */
  readonly leafPem: string;
  /** The leaf's private key, PKCS#8 PEM. */
  readonly leafKeyPem: string;
  /** The leaf's values. */
  readonly leaf: {
    readonly serialHex: string;
    readonly commonName: string;
    readonly organization: string;
    readonly locality: string;
    readonly country: string;
    readonly dnsNames: readonly string[];
    readonly ips: readonly string[];
    readonly notBefore: Date;
    readonly notAfter: Date;
  };
  /** The CA's values. */
  readonly ca: { readonly commonName: string; readonly notBefore: Date; readonly notAfter: Date };
}

function keyPem(der: ArrayBuffer): string {
  const lines =
    Buffer.from(der)
      .toString("base64")
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN PRIVATE KEY-----\n${lines.join("\n")}\n-----END PRIVATE KEY-----\n`;
}

/** Whole seconds (X.509 times have no fraction). */
function seconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/** Makes a CA (ECDSA P-256) and a leaf it signs (ECDSA P-256, or RSA 2048 with `leafKey`). */
export async function makeCertificates(
  options: { leafKey?: "ecdsa" | "rsa" } = {},
): Promise<MadeCertificates> {
  const subtle = globalThis.crypto.subtle;
  const caKeys = await subtle.generateKey(EC, true, ["sign", "verify"]);
  const leafAlgorithm = options.leafKey === "rsa" ? RSA : EC;
  const leafKeys = await subtle.generateKey(leafAlgorithm, true, ["sign", "verify"]);
  const ca = {
    commonName: "Example Test Root",
    notBefore: seconds(new Date(Date.now() - 86_400_000)),
    notAfter: seconds(new Date(Date.now() + 30 * 86_400_000)),
  };
  const caCertificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: "01",
    name: `CN=${ca.commonName}, O=Example`,
    notBefore: ca.notBefore,
    notAfter: ca.notAfter,
    signingAlgorithm: EC,
    keys: caKeys,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  const leaf = {
    serialHex: "7a11ce5eed",
    commonName: "app.example.com",
    organization: "Example Ltd",
    locality: "Sydney",
    country: "AU",
    dnsNames: ["app.example.com", "*.app.example.com"],
    ips: ["192.0.2.7"],
    notBefore: seconds(new Date(Date.now() - 3_600_000)),
    notAfter: seconds(new Date(Date.now() + 10 * 86_400_000)),
  };
  const leafCertificate = await x509.X509CertificateGenerator.create({
    serialNumber: leaf.serialHex,
    subject: `CN=${leaf.commonName}, O=${leaf.organization}, L=${leaf.locality}, C=${leaf.country}`,
    issuer: caCertificate.subject,
    notBefore: leaf.notBefore,
    notAfter: leaf.notAfter,
    signingAlgorithm: EC,
    publicKey: leafKeys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.SubjectAlternativeNameExtension([
        ...leaf.dnsNames.map((value) => ({ type: "dns" as const, value })),
        ...leaf.ips.map((value) => ({ type: "ip" as const, value })),
      ]),
    ],
  });
  return {
    caPem: caCertificate.toString("pem"),
    caKeyPem: keyPem(await subtle.exportKey("pkcs8", caKeys.privateKey)),
    leafPem: leafCertificate.toString("pem"),
    leafKeyPem: keyPem(await subtle.exportKey("pkcs8", leafKeys.privateKey)),
    leaf,
    ca,
  };
}
