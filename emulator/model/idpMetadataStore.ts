/**
 * How the emulator stores a SAML module's `idp_metadata` (`EmulatorOptions.idpMetadataStore`):
 * what `PUT …/saml` answers and every later `GET` returns for the document that was sent.
 *
 * ngrok's API reference shows the document echoed byte for byte (its example answer repeats the
 * request's text, leading and trailing newlines included); that is `"verbatim"`, the default.
 * Nothing ngrok publishes promises it, and a server that parses the XML and writes it again
 * would not keep it, so two other behaviours are played:
 *
 * - `"stripComments"`: every XML comment (`<!-- … -->`) is removed, before, inside and after the
 *   document element; nothing else changes, byte for byte (whitespace around a removed comment
 *   stays). Markup that only looks like a comment is kept: inside a CDATA section, a processing
 *   instruction or a tag (an attribute value may hold `-->`).
 * - `"canonical"`: the document is parsed (xmldom) and written again (xmldom's `XMLSerializer`):
 *   comments are removed; every text node made only of whitespace (space, tab, CR, LF) that has an
 *   element beside it (indentation, line breaks between elements) is removed, and so is
 *   whitespace outside the document element and a leading byte-order mark; line endings are LF
 *   (XML 1.0 section 2.11); everything else takes the serializer's form (attribute values in
 *   double quotes, empty elements as `<x/>`, characters escaped as it escapes them). Text that
 *   is not only whitespace (a certificate's base64, a URL) is kept as it is.
 *
 * The document is validated as sent (`./idpMetadata`) before it is stored.
 *
 * Source: `contributing/reference/ngrok-api.md` ("HTTPS edge route SAML module": the example answer); XML 1.0 (Fifth
 * Edition) sections 2.5 (comments), 2.6 (processing instructions), 2.7 (CDATA), 2.10 (white
 * space), 2.11 (end-of-line handling).
 */
import { DOMParser, XMLSerializer, type Node as XmlNode } from "@xmldom/xmldom";

/** See the module comment. */
export type IdpMetadataStore = "verbatim" | "stripComments" | "canonical";

/** The values of {@link IdpMetadataStore}. */
export const IDP_METADATA_STORES: readonly IdpMetadataStore[] = [
  "verbatim",
  "stripComments",
  "canonical",
];

/** The document as the module holds it under `store` (the document was validated). */
export function storedIdpMetadata(document: string, store: IdpMetadataStore): string {
  if (document === "" || store === "verbatim") return document;
  return store === "stripComments" ? stripXmlComments(document) : canonicalXml(document);
}

/**
 * The end (exclusive) of the markup that starts with `<` at `start`, and whether it is a comment:
 * a comment ends at `-->`, a CDATA section at `]]>`, a processing instruction at `?>`, a tag at
 * the first `>` outside a quoted attribute value. Unterminated markup runs to the end of `text`.
 */
function markupAt(text: string, start: number): { end: number; comment: boolean } {
  const closing = (token: string, from: number) => {
    const at = text.indexOf(token, from);
    return at < 0 ? text.length : at + token.length;
  };
  if (text.startsWith("<!--", start)) return { end: closing("-->", start + 4), comment: true };
  if (text.startsWith("<![CDATA[", start))
    return { end: closing("]]>", start + 9), comment: false };
  if (text.startsWith("<?", start)) return { end: closing("?>", start + 2), comment: false };
  let quote = "";
  for (let i = start + 1; i < text.length; i += 1) {
    const c = text[i];
    if (quote !== "") {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === ">") {
      return { end: i + 1, comment: false };
    }
  }
  return { end: text.length, comment: false };
}

/** `text` without its XML comments, every other byte kept (see `"stripComments"`). */
export function stripXmlComments(text: string): string {
  const kept: string[] = [];
  let from = 0;
  for (let lt = text.indexOf("<"); lt >= 0; lt = text.indexOf("<", from)) {
    const { end, comment } = markupAt(text, lt);
    kept.push(text.slice(from, comment ? lt : end));
    from = end;
  }
  kept.push(text.slice(from));
  return kept.join("");
}

/** True for a text node of whitespace only. */
function isBlankText(node: XmlNode): boolean {
  return node.nodeType === node.TEXT_NODE && /^[ \t\r\n]*$/.test(node.nodeValue ?? "");
}

/**
 * Removes, below `parent`, comments and the whitespace-only text nodes that have an element
 * beside them (or that lie outside the document element).
 */
function removeCommentsAndIndentation(parent: XmlNode): void {
  const children: XmlNode[] = [];
  for (let child = parent.firstChild; child !== null; child = child.nextSibling) {
    children.push(child);
  }
  const besideElement =
    parent.nodeType === parent.DOCUMENT_NODE ||
    children.some((child) => child.nodeType === child.ELEMENT_NODE);
  for (const child of children) {
    if (child.nodeType === child.COMMENT_NODE || (besideElement && isBlankText(child))) {
      parent.removeChild(child);
    } else if (child.nodeType === child.ELEMENT_NODE) {
      removeCommentsAndIndentation(child);
    }
  }
}

/** The document in the `"canonical"` form (see the module comment). */
export function canonicalXml(text: string): string {
  const body = text.replace(/^\uFEFF/, "").replace(/^[ \t\r\n]+/, "");
  const doc = new DOMParser().parseFromString(body, "text/xml");
  removeCommentsAndIndentation(doc);
  return new XMLSerializer().serializeToString(doc);
}
