/**
 * The signing certificates (provider/httpsEdgeRouteSaml/idpMetadata/certificates.ts), through
 * `parseIdpMetadata`.
 */
import { X509Certificate } from "node:crypto";
import { parseIdpMetadata, XMLDSIG_NS } from "../../../../provider/httpsEdgeRouteSaml/idpMetadata";
import { readIdpMetadata as fixture } from "../../../support/fixtures";
import {
  accepted,
  rejected,
  CERT_A,
  CERT_B,
  keyDescriptor,
  idpDocument,
} from "../../../support/idpMetadataDocuments";

describe("signing certificates", () => {
  const noSigning =
    'has no signing certificate (no KeyDescriptor use="signing" with an X509Certificate in the ' +
    "IDPSSODescriptor)";

  it("rejects a document with only an encryption certificate", () => {
    const reason = rejected(
      parseIdpMetadata(idpDocument({ keys: keyDescriptor(CERT_A, "encryption") })),
    );
    expect(reason).toBe(
      `${noSigning}; its KeyDescriptors with certificates are only for use="encryption"`,
    );
  });

  it("rejects a document without KeyDescriptor, or with a KeyName only", () => {
    expect(rejected(parseIdpMetadata(idpDocument({ keys: "" })))).toBe(noSigning);
    const keyName =
      `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="${XMLDSIG_NS}">` +
      "<ds:KeyName>k</ds:KeyName></ds:KeyInfo></md:KeyDescriptor>";
    expect(rejected(parseIdpMetadata(idpDocument({ keys: keyName })))).toBe(noSigning);
  });

  it("ignores an X509Certificate outside the XML-DSig namespace", () => {
    const keys = keyDescriptor(CERT_A, "signing").replace(
      `xmlns:ds="${XMLDSIG_NS}"`,
      'xmlns:ds="urn:x"',
    );
    expect(rejected(parseIdpMetadata(idpDocument({ keys })))).toBe(noSigning);
  });

  it("takes a KeyDescriptor without use, with any prefix or a default namespace", () => {
    const defaultNs =
      `<md:KeyDescriptor><KeyInfo xmlns="${XMLDSIG_NS}"><X509Data><X509Certificate>` +
      `${CERT_B}</X509Certificate></X509Data></KeyInfo></md:KeyDescriptor>`;
    const keys = keyDescriptor(CERT_A, undefined, "dsig") + defaultNs;
    expect(accepted(parseIdpMetadata(idpDocument({ keys }))).signingCertificates).toEqual([
      CERT_A,
      CERT_B,
    ]);
  });

  it("removes all whitespace and de-duplicates in document order", () => {
    const wrapped = CERT_B.replace(/(.{64})/g, "$1\n        ").replace(/(.{20})/, "$1 \t ");
    const keys = [
      keyDescriptor(CERT_B, "signing"),
      keyDescriptor(CERT_A, "encryption"),
      keyDescriptor(`\n   ${wrapped}\n   `, "signing"),
      keyDescriptor(CERT_A),
    ].join("");
    expect(accepted(parseIdpMetadata(idpDocument({ keys }))).signingCertificates).toEqual([
      CERT_B,
      CERT_A,
    ]);
  });

  it("rejects garbage base64, naming the certificate", () => {
    const keys =
      keyDescriptor(CERT_A, "encryption") +
      keyDescriptor(CERT_A, "signing") +
      keyDescriptor("MIIC not!base64", "signing");
    expect(rejected(parseIdpMetadata(idpDocument({ keys })))).toBe(
      "has an invalid signing certificate: the 2nd X509Certificate for signing (in KeyDescriptor " +
        '3 of 3 of the IDPSSODescriptor) is not valid base64 (unexpected character "!" at ' +
        "position 8)",
    );
  });

  it.each([
    ["base64 with a wrong length", "MIICabc", /is not valid base64 \(wrong length/],
    ["misplaced padding", "MI==ICab", /is not valid base64 \(wrong length or misplaced '='/],
    ["an empty element", "  ", /is empty$/],
    ["base64 that is not DER", Buffer.from("hello world").toString("base64"), /not a DER SEQUENCE/],
    ["a truncated certificate", CERT_A.slice(0, 400), /probably truncated/],
    [
      "a certificate with extra bytes",
      Buffer.concat([Buffer.from(CERT_A, "base64"), Buffer.from([0])]).toString("base64"),
      /has extra data/,
    ],
    ["a DER SEQUENCE that is not a certificate", "MAMCAQE=", /does not decode to an X\.509/],
    [
      "a PEM certificate",
      `-----BEGIN CERTIFICATE-----\n${CERT_A}\n-----END CERTIFICATE-----`,
      /is in PEM format/,
    ],
  ])("rejects %s", (_label, certificate, pattern) => {
    const reason = rejected(parseIdpMetadata(idpDocument({ keys: keyDescriptor(certificate) })));
    expect(reason).toMatch(
      /^has an invalid signing certificate: the 1st X509Certificate for signing/,
    );
    expect(reason).toMatch(pattern);
  });

  it("does not check the certificate's validity period", () => {
    // The OneLogin certificate expired in 2020.
    const expired = accepted(parseIdpMetadata(fixture("onelogin.xml"))).signingCertificates[0];
    expect(
      new Date(new X509Certificate(Buffer.from(expired, "base64")).validTo).getTime(),
    ).toBeLessThan(Date.now());
    expect(
      accepted(parseIdpMetadata(idpDocument({ keys: keyDescriptor(expired) }))).signingCertificates,
    ).toEqual([expired]);
  });
});
