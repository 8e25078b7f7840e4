/**
 * The service-provider metadata served at a SAML module's `metadata_url` (`contributing/reference/seed.md` §2.3:
 * "Public URL where the SP metadata is hosted, for IdPs that support dynamic configuration").
 *
 * Built with xmldom's DOM API. The document is an `md:EntityDescriptor` whose `entityID` is the
 * module's `entity_id`, holding one `md:SPSSODescriptor` (SAML 2.0 protocol,
 * `AuthnRequestsSigned="true"`) with a signing `md:KeyDescriptor` carrying the module's
 * request-signing certificate, an `md:SingleLogoutService`, the module's `md:NameIDFormat` and an
 * HTTP-POST `md:AssertionConsumerService`, in the order the SAML metadata schema requires.
 */
import { DOMImplementation, XMLSerializer, type Document, type Element } from "@xmldom/xmldom";
import { SAML_METADATA_NS } from "./idpMetadata";

/** XML-DSig namespace. */
export const XMLDSIG_NS = "http://www.w3.org/2000/09/xmldsig#";
const XMLNS_NS = "http://www.w3.org/2000/xmlns/";
/** SAML 2.0 protocol URN, for `protocolSupportEnumeration`. */
export const SAML_PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
/** HTTP-POST binding URN. */
export const BINDING_HTTP_POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
/** HTTP-Redirect binding URN. */
export const BINDING_HTTP_REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
/** Media type the metadata is served with. */
export const SP_METADATA_CONTENT_TYPE = "application/samlmetadata+xml; charset=utf-8";

/** What the SP metadata describes. */
export interface SpMetadataInput {
  entityId: string;
  assertionConsumerServiceUrl: string;
  singleLogoutUrl: string;
  nameIdFormat: string;
  /** Base64 DER of the request-signing certificate. */
  signingCertificateBase64: string;
}

function child(doc: Document, parent: Element, ns: string, name: string): Element {
  const element = doc.createElementNS(ns, name);
  parent.appendChild(element);
  return element;
}

/** The SP metadata document as a string, with an XML declaration. */
export function buildSpMetadata(input: SpMetadataInput): string {
  const doc = new DOMImplementation().createDocument(SAML_METADATA_NS, "md:EntityDescriptor", null);
  const root = doc.documentElement;
  if (root === null) throw new Error("xmldom did not create a document element");
  root.setAttributeNS(XMLNS_NS, "xmlns:md", SAML_METADATA_NS);
  root.setAttributeNS(XMLNS_NS, "xmlns:ds", XMLDSIG_NS);
  root.setAttribute("entityID", input.entityId);

  const sp = child(doc, root, SAML_METADATA_NS, "md:SPSSODescriptor");
  sp.setAttribute("AuthnRequestsSigned", "true");
  sp.setAttribute("WantAssertionsSigned", "true");
  sp.setAttribute("protocolSupportEnumeration", SAML_PROTOCOL);

  const keyDescriptor = child(doc, sp, SAML_METADATA_NS, "md:KeyDescriptor");
  keyDescriptor.setAttribute("use", "signing");
  const keyInfo = child(doc, keyDescriptor, XMLDSIG_NS, "ds:KeyInfo");
  const x509Data = child(doc, keyInfo, XMLDSIG_NS, "ds:X509Data");
  child(doc, x509Data, XMLDSIG_NS, "ds:X509Certificate").appendChild(
    doc.createTextNode(input.signingCertificateBase64),
  );

  const slo = child(doc, sp, SAML_METADATA_NS, "md:SingleLogoutService");
  slo.setAttribute("Binding", BINDING_HTTP_REDIRECT);
  slo.setAttribute("Location", input.singleLogoutUrl);

  child(doc, sp, SAML_METADATA_NS, "md:NameIDFormat").appendChild(
    doc.createTextNode(input.nameIdFormat),
  );

  const acs = child(doc, sp, SAML_METADATA_NS, "md:AssertionConsumerService");
  acs.setAttribute("Binding", BINDING_HTTP_POST);
  acs.setAttribute("Location", input.assertionConsumerServiceUrl);
  acs.setAttribute("index", "0");
  acs.setAttribute("isDefault", "true");

  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(doc);
}
