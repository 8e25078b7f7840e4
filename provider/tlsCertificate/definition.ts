/**
 * `TlsCertificate`, defined once (see `../framework`): a TLS certificate and its private key
 * uploaded to ngrok, which a reserved domain (`ReservedDomain.certificateId`) serves instead of
 * one from ngrok's automatic management. ngrok's Terraform resource `ngrok_tls_certificate`. This
 * file is the whole resource, on the generic implementation.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `TLSCertificateCreate`
 * (`certificate_pem` and `private_key_pem` required), `TLSCertificateUpdate`, `TLSCertificate`,
 * `TLSCertificateSANs`, `TLSCertificateList`; `POST`, `GET`, `PATCH`, `DELETE
 * /tls_certificates[/{id}]`; a `description` of at most 255 bytes, `metadata` of 4096; the
 * chain "leaf first") and ngrok's error catalogue: no certificate (`ERR_NGROK_1922`), not PEM
 * (1920), PEM headers (1910), another PEM type (1911), a key as the certificate (1925); no key
 * (1901), encrypted (1902), unparseable (1903), a certificate as the key (1924), not the leaf's
 * key (1923). Neither PEM is in `TLSCertificateUpdate`, so a new certificate or key replaces the
 * object (the new one first, so that a reserved domain naming it moves to the new one before the
 * old is deleted); `description` and `metadata` update in place.
 *
 * - `certificatePem` has the format `pemCertificate` (`../framework/formats.ts`, the rule of a
 *   Traffic Policy's certificates): parsed with `node:crypto`'s `X509Certificate` at `check`,
 *   its expiry warned of as the SAML certificates' are.
 * - `privateKeyPem` is write-only: ngrok never returns it (`TLSCertificate` has no such field).
 *   It is a secret in state on both paths, kept from state by every read (a refresh never shows
 *   drift on it), judged at `check` (`./rules.ts`: a PEM key that matches the leaf) without
 *   being quoted. An imported certificate has none: the declared key is taken as ngrok's.
 * - What ngrok reads from the leaf (`subjectCommonName`, `subjectAlternativeNames`, `notAfter`,
 *   `serialNumber`, …) are read-only outputs.
 *
 * Where ngrok is silent, this definition decides (the docs page says so too): an answered
 * `certificate_pem` that differs from the declared one only in whitespace or line endings is the
 * same (`samePem`); the key usages' spelling is ngrok's, passed on as answered; nothing is
 * unique, so a forced replacement creates the new certificate first.
 *
 * @module
 */
import { certificateOutputs } from "../common/certificateOutputs";
import { answeredText, answeredTime, objectOutputs, TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { file, output, resource } from "../framework/example";
import { samePem } from "../framework/formats";
import { crudResource } from "../framework/implementation";
import type { ObjectType } from "../framework/property";
import type { InputsOf, OutputsOf } from "../framework/resource";
import { privateKeyRule } from "./rules";

/** `TLSCertificateSANs`. */
const SUBJECT_ALTERNATIVE_NAMES: ObjectType = {
  kind: "object",
  typeName: "SubjectAlternativeNames",
  typeDescription: "The subject alternative names (SANs) of a TLS certificate's leaf.",
  fields: {
    dnsNames: {
      wire: "dns_names",
      list: true,
      description: "The DNS names (wildcards too) the certificate is valid for.",
    },
    ips: {
      wire: "ips",
      list: true,
      description: "The IP addresses the certificate is valid for.",
    },
  },
};

/** The TLS certificate. */
export const tlsCertificateDefinition = defineResource({
  name: "TlsCertificate",
  description:
    "An ngrok TLS certificate: a certificate chain and its private key uploaded to ngrok, which " +
    "a reserved domain (`ReservedDomain.certificateId`) serves instead of a certificate from " +
    "ngrok's automatic management. ngrok never returns the private key. ngrok's Terraform " +
    "resource `ngrok_tls_certificate`.",
  id: "ngrok's id (`cert_…`)",
  terraform: "ngrok_tls_certificate",
  api: {
    path: "/tls_certificates",
    noun: "TLS certificate",
    idPrefix: "cert_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /tls_certificates[/{id}]`",
    fieldErrors: {
      ERR_NGROK_1922: "certificatePem",
      ERR_NGROK_1920: "certificatePem",
      ERR_NGROK_1910: "certificatePem",
      ERR_NGROK_1911: "certificatePem",
      ERR_NGROK_1925: "certificatePem",
      ERR_NGROK_1901: "privateKeyPem",
      ERR_NGROK_1902: "privateKeyPem",
      ERR_NGROK_1903: "privateKeyPem",
      ERR_NGROK_1923: "privateKeyPem",
      ERR_NGROK_1924: "privateKeyPem",
    },
  },
  lookups: {
    one: {
      description:
        "Reads one TLS certificate by id (its private key is never returned), without managing " +
        "it: one `GET /tls_certificates/{id}`.",
    },
    list: {
      filters: ["subjectCommonName", "description", "metadata"],
      description:
        "Every TLS certificate of the account whose fields equal the filters that are set " +
        "(their private keys are never returned), without managing them: `GET " +
        "/tls_certificates`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "tls-certificates",
    shortNoun: "TLS certificate",
    shortNounPlural: "TLS certificates",
    identifyingInputs: ["description", "metadata"],
    writesOwnershipMarker: false,
  },
  example: {
    summary:
      "A certificate of your own for a custom domain: app.example.com.crt holds the chain (the " +
      "leaf first), app.example.com.key its private key.",
    resources: [
      resource("TlsCertificate", "app-cert", {
        certificatePem: file("app.example.com.crt"),
        privateKeyPem: file("app.example.com.key"),
        description: "app.example.com",
      }),
      resource("ReservedDomain", "app", {
        domain: "app.example.com",
        certificateId: output("app-cert", "id"),
      }),
    ],
    outputs: {
      certificateId: output("app-cert", "id"),
      expires: output("app-cert", "notAfter"),
    },
  },
  properties: {
    certificatePem: {
      role: "input",
      type: { kind: "string", format: "pemCertificate" },
      required: true,
      requiredText: "the certificate chain, PEM, the leaf first",
      onChange: "replace",
      wire: "certificate_pem",
      same: samePem,
      description:
        "The certificate chain, PEM (`-----BEGIN CERTIFICATE-----` blocks), the leaf first. " +
        "Judged at `check` (a preview shows a mistake); one that has expired or expires within " +
        "30 days is warned of. Changing it replaces the TLS certificate (the new one first).",
    },
    privateKeyPem: {
      role: "input",
      type: { kind: "string", nonEmpty: true },
      required: true,
      requiredText: "the leaf certificate's private key, PEM (a PRIVATE KEY block)",
      writeOnly: true,
      onChange: "replace",
      wire: "private_key_pem",
      rule: privateKeyRule,
      description:
        "The leaf certificate's private key, PEM, not encrypted. ngrok never returns it: it is " +
        "a secret in state, a refresh never shows drift on it, and `check` judges it (a key of " +
        "the leaf) without showing it. Changing it replaces the TLS certificate (ngrok does not " +
        "update a key in place).",
    },
    ...TEXT_INPUTS,
    subjectCommonName: answeredText(
      "subject_common_name",
      "The subject common name (CN) of the leaf certificate.",
    ),
    subjectAlternativeNames: {
      role: "output",
      type: SUBJECT_ALTERNATIVE_NAMES,
      wire: "subject_alternative_names",
      optional: true,
      description: "The subject alternative names of the leaf: `dnsNames` and `ips`.",
    },
    subjectOrganization: answeredText(
      "subject_organization",
      "The leaf's subject organization (O).",
    ),
    subjectOrganizationalUnit: answeredText(
      "subject_organizational_unit",
      "The leaf's subject organizational unit (OU).",
    ),
    subjectLocality: answeredText("subject_locality", "The leaf's subject locality (L)."),
    subjectProvince: answeredText("subject_province", "The leaf's subject province or state (ST)."),
    subjectCountry: answeredText("subject_country", "The leaf's subject country (C)."),
    issuerCommonName: answeredText("issuer_common_name", "The common name of the leaf's issuer."),
    serialNumber: answeredText("serial_number", "The leaf's serial number, hexadecimal."),
    privateKeyType: answeredText(
      "private_key_type",
      "The type of the certificate's key: `rsa`, `ecdsa` or `ed25519`.",
    ),
    issuedAt: answeredTime(
      "issued_at",
      "When ngrok issued the certificate automatically, RFC 3339; absent for one uploaded.",
    ),
    ...certificateOutputs("the leaf certificate"),
    ...objectOutputs(
      "The API URI of the TLS certificate, `https://api.ngrok.com/tls_certificates/cert_…`.",
    ),
  },
});

/** The inputs of `TlsCertificate` as they are after `check`. */
export type TlsCertificateInputs = InputsOf<typeof tlsCertificateDefinition>;
/** The outputs of `TlsCertificate` recorded in state. */
export type TlsCertificateOutputs = OutputsOf<typeof tlsCertificateDefinition>;

/**
 * The TLS certificate: its definition with the generic implementation (`crudResource`: `POST`,
 * `GET`, `PATCH`, `DELETE /tls_certificates[/{id}]`, a create sent once and found by its
 * certificate, description and metadata after a failure that may have acted). Nothing is its own.
 */
export const tlsCertificate = crudResource(tlsCertificateDefinition);
