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

  it("names the namespace of a KeyInfo outside the XML-DSig namespace, and the fix", () => {
    const keys = keyDescriptor(CERT_A, "signing").replace(
      `xmlns:ds="${XMLDSIG_NS}"`,
      'xmlns:ds="urn:x"',
    );
    expect(rejected(parseIdpMetadata(idpDocument({ keys })))).toBe(
      'has a signing certificate in the wrong namespace: its <ds:KeyInfo> is in namespace "urn:x", ' +
        "but KeyInfo, X509Data and X509Certificate must be in the XML Signature namespace " +
        `"${XMLDSIG_NS}" (saml-metadata-2.0-os 2.4.1.1), so ngrok would find no certificate to ` +
        `check sign-ins with: declare xmlns:ds="${XMLDSIG_NS}"`,
    );
  });

  it("says when the XML-DSig namespace is misspelled with https", () => {
    const keys = keyDescriptor(CERT_A, "signing").replace(
      `xmlns:ds="${XMLDSIG_NS}"`,
      'xmlns:ds="https://www.w3.org/2000/09/xmldsig#"',
    );
    const reason = rejected(parseIdpMetadata(idpDocument({ keys })));
    expect(reason).toContain(
      'its <ds:KeyInfo> is in namespace "https://www.w3.org/2000/09/xmldsig#" (the XML ' +
        'Signature namespace misspelled with "https": namespace names are compared character ' +
        "for character)",
    );
    expect(reason).toMatch(/: declare xmlns:ds="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#"$/);
  });

  it("says when KeyInfo has no prefix and takes the metadata's default namespace", () => {
    const md = "urn:oasis:names:tc:SAML:2.0:metadata";
    const keys =
      `<KeyDescriptor xmlns="${md}" use="signing"><KeyInfo xmlns:ns1="${XMLDSIG_NS}"><X509Data>` +
      `<X509Certificate>${CERT_A}</X509Certificate></X509Data></KeyInfo></KeyDescriptor>`;
    const reason = rejected(parseIdpMetadata(idpDocument({ keys })));
    expect(reason).toContain(
      `its <KeyInfo> is in namespace "${md}" (the metadata's namespace: the element has no ` +
        "prefix, so it takes the default namespace of the document)",
    );
    expect(reason).toMatch(
      /: use the prefix ns1: that ns1: is declared for "http:\/\/www\.w3\.org\/2000\/09\/xmldsig#" but no element uses it \(<ns1:KeyInfo>\), or declare xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#" on <KeyInfo>$/,
    );
  });

  it("names the first element of the chain that is in the wrong namespace", () => {
    const keys =
      `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="${XMLDSIG_NS}"><ds:X509Data>` +
      `<X509Certificate xmlns="urn:y">${CERT_A}</X509Certificate></ds:X509Data></ds:KeyInfo>` +
      "</md:KeyDescriptor>";
    expect(rejected(parseIdpMetadata(idpDocument({ keys })))).toMatch(
      /^has a signing certificate in the wrong namespace: its <X509Certificate> is in namespace "urn:y", /,
    );
  });

  it("prefers a signing certificate in the right namespace to one in the wrong namespace", () => {
    const wrong = keyDescriptor(CERT_B, "signing").replace(XMLDSIG_NS, "urn:x");
    const keys = wrong + keyDescriptor(CERT_A, "signing");
    expect(accepted(parseIdpMetadata(idpDocument({ keys }))).signingCertificates).toEqual([CERT_A]);
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
    [
      "base64 that is not DER",
      Buffer.from("hello world").toString("base64"),
      /decodes to bytes that are not DER \(a certificate starts with a SEQUENCE, base64 "MII…"\)/,
    ],
    [
      "the base64 of a whole PEM file",
      Buffer.from(`-----BEGIN CERTIFICATE-----\n${CERT_A}\n-----END CERTIFICATE-----\n`).toString(
        "base64",
      ),
      /is a PEM file encoded in base64 a second time .*decode the value once \(base64 -d\)/,
    ],
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
