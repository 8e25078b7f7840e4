/**
 * What ngrok computes for `HttpsEdgeRouteSaml`, and what the provider reads from the IdP's
 * metadata: its outputs, declared as data in the vocabulary of `../framework` and spread into the
 * resource's properties by `./definition`.
 *
 * Source: `contributing/reference/seed.md` §2.3 (fields); ngrok's `GET /edges/https/{edge_id}/routes/{id}/saml`.
 *
 * @module
 */

/** The outputs of the SAML module. */
export const SAML_OUTPUTS = {
  idpSigningCertificates: {
    role: "output",
    type: {
      kind: "objectList",
      typeName: "IdpSigningCertificate",
      typeDescription: "One signing certificate of the IdP metadata document ngrok holds.",
      fields: {
        subject: {
          description:
            "The subject's attributes in the certificate's order, joined by `, `, e.g. " +
            "`C=US, O=Okta, CN=dev-599847`.",
        },
        notAfter: {
          description: "The end of its validity, ISO 8601 in UTC, e.g. `2028-09-07T14:33:59.000Z`.",
        },
        sha256Fingerprint: {
          description:
            "SHA-256 of its DER, upper-case hex pairs separated by colons (as IdP consoles show it).",
        },
      },
    },
    typeText: "list of `{ subject, notAfter, sha256Fingerprint }`",
    derivedFrom: ["idpMetadata"],
    description:
      "The signing certificates of the IdP metadata ngrok holds, in document order: subject, " +
      "end of validity (`notAfter`) and SHA-256 fingerprint of each. `[]` when the document " +
      "holds none this package can read (a module configured outside Pulumi). Computed from " +
      "the document, not by ngrok; `pulumi preview` warns when one has expired or expires " +
      "within 30 days.",
  },
  entityId: {
    role: "output",
    type: { kind: "string", nonEmpty: true },
    wire: "entity_id",
    description: "The SP entity ID, a URL (equal to `metadataUrl`). Configure it at the IdP.",
  },
  assertionConsumerServiceUrl: {
    role: "output",
    type: { kind: "string", nonEmpty: true },
    wire: "assertion_consumer_service_url",
    description:
      "The SP Assertion Consumer Service URL, where the IdP posts assertions. Configure it at " +
      "the IdP.",
  },
  singleLogoutUrl: {
    role: "output",
    type: { kind: "string" },
    wire: "single_logout_url",
    optional: true,
    whenAbsent: "",
    description: "The SP Single Logout URL; optional at the IdP.",
  },
  requestSigningCertificatePem: {
    role: "output",
    type: { kind: "string", nonEmpty: true },
    wire: "request_signing_certificate_pem",
    description:
      "PEM X.509 certificate of the key that signs ngrok's SAML requests; give it to IdPs " +
      "that verify them.",
  },
  metadataUrl: {
    role: "output",
    type: { kind: "string", nonEmpty: true },
    wire: "metadata_url",
    description: "URL of the SP metadata XML, for IdPs that configure themselves from it.",
  },
  idpMetadataUrl: {
    role: "output",
    type: { kind: "string" },
    wire: "idp_metadata_url",
    optional: true,
    whenAbsent: "",
    description:
      'ngrok\'s `idp_metadata_url` (`""` when the metadata was given as a document, as here).',
  },
  claimToken: {
    role: "output",
    type: { kind: "string" },
    optional: true,
    description:
      "This resource's claim on the module: the token it wrote into the claim comment at the " +
      "end of the module's IdP metadata. A delete removes the module only while ngrok still " +
      "holds it.",
  },
} as const;
