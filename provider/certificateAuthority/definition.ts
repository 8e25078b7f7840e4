/**
 * `CertificateAuthority`, defined once (see `../framework`): a CA certificate uploaded to ngrok,
 * which mutual TLS (a Traffic Policy's `terminate-tls` `mutual_tls_certificate_authorities`)
 * verifies client certificates with. ngrok's Terraform resource `ngrok_certificate_authority`.
 * This file is the whole resource, on the generic implementation.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `CertificateAuthorityCreate`
 * (`ca_pem` required), `CertificateAuthorityUpdate`, `CertificateAuthority`,
 * `CertificateAuthorityList` (its objects under `certificate_authorities`); `POST`, `GET`,
 * `PATCH`, `DELETE /certificate_authorities[/{id}]`; a `description` of at most 255 bytes,
 * `metadata` of 4096) and ngrok's error catalogue: no certificate (`ERR_NGROK_1919`), not PEM
 * (1920), PEM headers (1910), another PEM type (1911), a private key (1925), not a CA (1913).
 * `ca_pem` is not in `CertificateAuthorityUpdate`, so a new one replaces the CA (the new one
 * first); `description` and `metadata` update in place.
 *
 * - `caPem` has the format `pemCaCertificate` (`../framework/formats.ts`, the rule of a Traffic
 *   Policy's CA certificates): parsed with `node:crypto`'s `X509Certificate` at `check`, basic
 *   constraints CA:TRUE, its expiry warned of as the SAML certificates' are.
 * - The outputs ngrok reads from the certificate (`subjectCommonName`, `notBefore`, `notAfter`,
 *   `keyUsages`, `extendedKeyUsages`) are read-only.
 *
 * Where ngrok is silent, this definition decides (the docs page says so too): an answered
 * `ca_pem` that differs from the declared one only in whitespace or line endings is the same
 * (`samePem`); the key usages' spelling is ngrok's, passed on as answered (its documents give
 * none); nothing is unique, so a forced replacement creates the new CA first.
 *
 * @module
 */
import { certificateOutputs } from "../common/certificateOutputs";
import { answeredText, objectOutputs, TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { file, output, resource } from "../framework/example";
import { samePem } from "../framework/formats";
import { crudResource } from "../framework/implementation";
import type { InputsOf, OutputsOf } from "../framework/resource";

/** The certificate authority. */
export const certificateAuthorityDefinition = defineResource({
  name: "CertificateAuthority",
  description:
    "An ngrok certificate authority: a CA certificate uploaded to ngrok, which mutual TLS " +
    "verifies client certificates with (a Traffic Policy's `terminate-tls` action names it in " +
    "`mutual_tls_certificate_authorities`). ngrok's Terraform resource " +
    "`ngrok_certificate_authority`.",
  id: "ngrok's id (`ca_…`)",
  terraform: "ngrok_certificate_authority",
  api: {
    path: "/certificate_authorities",
    noun: "certificate authority",
    idPrefix: "ca_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /certificate_authorities[/{id}]`",
    fieldErrors: {
      ERR_NGROK_1919: "caPem",
      ERR_NGROK_1920: "caPem",
      ERR_NGROK_1910: "caPem",
      ERR_NGROK_1911: "caPem",
      ERR_NGROK_1925: "caPem",
      ERR_NGROK_1913: "caPem",
    },
  },
  lookups: {
    one: {
      description:
        "Reads one certificate authority by id, without managing it: one `GET " +
        "/certificate_authorities/{id}`.",
    },
    list: {
      filters: ["subjectCommonName", "description", "metadata"],
      description:
        "Every certificate authority of the account whose fields equal the filters that are " +
        "set, without managing them: `GET /certificate_authorities`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "certificate-authorities",
    shortNoun: "certificate authority",
    shortNounPlural: "certificate authorities",
    identifyingInputs: ["description", "metadata"],
    writesOwnershipMarker: false,
  },
  example: {
    summary:
      "The CA that signs the clients' certificates, for mutual TLS; client-ca.pem is its PEM " +
      "certificate.",
    resources: [
      resource("CertificateAuthority", "client-ca", {
        caPem: file("client-ca.pem"),
        description: "Client certificates for mutual TLS",
      }),
    ],
    outputs: {
      certificateAuthorityId: output("client-ca", "id"),
      expires: output("client-ca", "notAfter"),
    },
  },
  properties: {
    caPem: {
      role: "input",
      type: { kind: "string", format: "pemCaCertificate" },
      required: true,
      requiredText: "the CA's certificate, PEM (-----BEGIN CERTIFICATE-----)",
      onChange: "replace",
      wire: "ca_pem",
      same: samePem,
      description:
        "The CA's certificate, PEM (`-----BEGIN CERTIFICATE-----`), with basic constraints " +
        "CA:TRUE. Judged at `check` (a preview shows a mistake); one that has expired or " +
        "expires within 30 days is warned of. Changing it replaces the certificate authority " +
        "(the new one first).",
    },
    ...TEXT_INPUTS,
    subjectCommonName: answeredText(
      "subject_common_name",
      "The subject common name (CN) of the CA's certificate.",
    ),
    ...certificateOutputs("the CA's certificate"),
    ...objectOutputs(
      "The API URI of the certificate authority, `https://api.ngrok.com/certificate_authorities/ca_…`.",
    ),
  },
});

/** The inputs of `CertificateAuthority` as they are after `check`. */
export type CertificateAuthorityInputs = InputsOf<typeof certificateAuthorityDefinition>;
/** The outputs of `CertificateAuthority` recorded in state. */
export type CertificateAuthorityOutputs = OutputsOf<typeof certificateAuthorityDefinition>;

/**
 * The certificate authority: its definition with the generic implementation (`crudResource`:
 * `POST`, `GET`, `PATCH`, `DELETE /certificate_authorities[/{id}]`, a create sent once and found
 * by its certificate, description and metadata after a failure that may have acted). Nothing is
 * its own.
 */
export const certificateAuthority = crudResource(certificateAuthorityDefinition);
