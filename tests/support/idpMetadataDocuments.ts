/**
 * What the tests of `provider/httpsEdgeRouteSaml/idpMetadata/` share: the outcome helpers, the
 * SAML URNs, two real certificates taken from the fixtures, and a minimal valid IdP document whose
 * parts can be replaced to break one rule at a time.
 */
import { X509Certificate } from "node:crypto";
import {
  SAML_METADATA_NS,
  XMLDSIG_NS,
  type IdpMetadata,
  type IdpMetadataResult,
} from "../../provider/httpsEdgeRouteSaml/idpMetadata";
import { readIdpMetadata } from "./fixtures";

/** The metadata of an accepted document; throws with the reason when it was rejected. */
export function accepted(result: IdpMetadataResult): IdpMetadata {
  if (!result.ok) {
    throw new Error(`expected the metadata to be accepted, got: ${result.reason}`);
  }
  return result.metadata;
}

/** The reason of a rejected document; throws with the metadata when it was accepted. */
export function rejected(result: IdpMetadataResult): string {
  if (result.ok) {
    throw new Error(`expected a rejection, got: ${JSON.stringify(result.metadata)}`);
  }
  return result.reason;
}

/** The subject of a base64 DER certificate, decoded independently of the parser. */
export function subjectOf(base64: string): string {
  return new X509Certificate(Buffer.from(base64, "base64")).subject.replace(/\n/g, ", ");
}

export const POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
export const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
export const SOAP = "urn:oasis:names:tc:SAML:2.0:bindings:SOAP";
export const SAML2 = "urn:oasis:names:tc:SAML:2.0:protocol";

/** Certificates taken from two fixtures, whitespace removed, to build documents in the tests. */
export const CERT_A = /<ds:X509Certificate>([^<]+)</
  .exec(readIdpMetadata("okta.xml"))![1]
  .replace(/\s+/g, "");
export const CERT_B = /<dsig:X509Certificate>([^<]+)</
  .exec(readIdpMetadata("keycloak.xml"))![1]
  .replace(/\s+/g, "");

/** A KeyDescriptor holding `cert`, with `use` if given, in XML-DSig elements with `prefix`. */
export function keyDescriptor(cert: string, use?: string, prefix = "ds"): string {
  const useAttribute = use === undefined ? "" : ` use="${use}"`;
  return (
    `<md:KeyDescriptor${useAttribute}><${prefix}:KeyInfo xmlns:${prefix}="${XMLDSIG_NS}">` +
    `<${prefix}:X509Data><${prefix}:X509Certificate>${cert}</${prefix}:X509Certificate>` +
    `</${prefix}:X509Data></${prefix}:KeyInfo></md:KeyDescriptor>`
  );
}

export const SSO = `<md:SingleSignOnService Binding="${POST}" Location="https://idp.example.com/sso"/>`;

/** A minimal valid IdP document; each part can be replaced to break one rule. */
export function idpDocument(
  parts: {
    entityId?: string;
    protocols?: string;
    keys?: string;
    sso?: string;
    before?: string;
  } = {},
): string {
  const entityId = parts.entityId ?? ' entityID="https://idp.example.com/metadata"';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<md:EntityDescriptor xmlns:md="${SAML_METADATA_NS}"${entityId}>`,
    `  ${parts.before ?? ""}<md:IDPSSODescriptor protocolSupportEnumeration="${parts.protocols ?? SAML2}">`,
    `    ${parts.keys ?? keyDescriptor(CERT_A, "signing")}`,
    `    ${parts.sso ?? SSO}`,
    "  </md:IDPSSODescriptor>",
    "</md:EntityDescriptor>",
  ].join("\n");
}
