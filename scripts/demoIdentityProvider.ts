/**
 * The SAML metadata of a demo identity provider, for `npm run demo`: a real SAML 2.0
 * `EntityDescriptor` with an `IDPSSODescriptor`, a single sign-on endpoint, and a freshly made
 * self-signed signing certificate (RSA 2048, SHA-256). Nobody can sign in with it: it exists so
 * that the demo has an IdP document to hand to `HttpsEdgeRouteSaml`.
 *
 * @module
 */
import { DOMImplementation, XMLSerializer, type Document, type Element } from "@xmldom/xmldom";
import { createSigningCertificate } from "../emulator/model/certificates";

const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const XMLNS = "http://www.w3.org/2000/xmlns/";

/** The metadata document of a demo IdP whose entity id is `entityId` (a URL). */
export async function createDemoIdpMetadata(entityId: string): Promise<string> {
  const certificate = await createSigningCertificate(new URL(entityId).hostname);
  const doc = new DOMImplementation().createDocument(MD, "md:EntityDescriptor", null);
  const root = doc.documentElement!;
  root.setAttributeNS(XMLNS, "xmlns:md", MD);
  root.setAttributeNS(XMLNS, "xmlns:ds", DS);
  root.setAttribute("entityID", entityId);

  const idp = append(doc, root, MD, "md:IDPSSODescriptor");
  idp.setAttribute("WantAuthnRequestsSigned", "true");
  idp.setAttribute("protocolSupportEnumeration", "urn:oasis:names:tc:SAML:2.0:protocol");
  const key = append(doc, idp, MD, "md:KeyDescriptor");
  key.setAttribute("use", "signing");
  const x509Data = append(doc, append(doc, key, DS, "ds:KeyInfo"), DS, "ds:X509Data");
  append(doc, x509Data, DS, "ds:X509Certificate").appendChild(
    doc.createTextNode(certificate.derBase64),
  );
  append(doc, idp, MD, "md:NameIDFormat").appendChild(
    doc.createTextNode("urn:oasis:names:tc:SAML:2.0:nameid-format:persistent"),
  );
  for (const binding of ["HTTP-Redirect", "HTTP-POST"]) {
    const sso = append(doc, idp, MD, "md:SingleSignOnService");
    sso.setAttribute("Binding", `urn:oasis:names:tc:SAML:2.0:bindings:${binding}`);
    sso.setAttribute("Location", `${entityId}/sso`);
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(doc) + "\n"
  );
}

function append(doc: Document, parent: Element, ns: string, name: string): Element {
  return parent.appendChild(doc.createElementNS(ns, name)) as Element;
}
