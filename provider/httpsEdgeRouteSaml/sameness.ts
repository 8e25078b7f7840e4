/**
 * How `HttpsEdgeRouteSaml`'s inputs are compared where equality is not enough: the `same` of
 * `idpMetadata` and `cookiePrefix` in `./definition`, used by `diff`, and by `read`, `create` and
 * `update` to tell whether the document ngrok holds is the one sent (see `heldIdpMetadata` in
 * `./api`).
 *
 * ngrok's API reference shows `idp_metadata` echoed byte for byte, but does not promise it: an API
 * that parses the XML and writes it again drops its comments (the claim among them, see
 * `./claim`), the whitespace between its elements and its CR line endings. Measured with a proxy
 * that stripped the comments: without this, every preview, refresh and up showed an update that
 * never settled. So two documents are the same when their XML is, apart from comments,
 * whitespace-only text between elements (indentation) and line endings (see
 * {@link comparableForm}).
 *
 * Source: XML 1.0 (Fifth Edition) sections 2.5 (comments), 2.10 (white space) and 2.11
 * (end-of-line handling); `contributing/reference/ngrok-api.md` ("HTTPS edge route SAML module").
 *
 * @module
 */
import type { Node } from "@xmldom/xmldom";
import { withoutClaim } from "./claim";
import { idpMetadataToSend } from "./idpMetadata";
import { XmlText, xmldom } from "./idpMetadata/xmlText";

/**
 * An IdP metadata document as it is first compared, as text: the EntityDescriptor sent for it
 * (see `idpMetadataToSend`), without the claim, a byte-order mark, line-ending differences or
 * surrounding whitespace.
 */
function comparableText(value: string): string {
  return withoutClaim(
    idpMetadataToSend(value)
      .replace(/^\uFEFF/, "")
      .replace(/\r\n?/g, "\n"),
  ).trim();
}

/** True for a node that {@link comparableForm} leaves out, under a parent with `elementBeside`. */
function leftOut(node: Node, elementBeside: boolean): boolean {
  if (node.nodeType === node.COMMENT_NODE) return true;
  return (
    elementBeside && node.nodeType === node.TEXT_NODE && /^[ \t\n]*$/.test(node.nodeValue ?? "")
  );
}

/**
 * The XML of `document` without what a store may change and no reader of SAML metadata looks at:
 * parsed with xmldom (line endings normalised, a byte-order mark and leading whitespace skipped),
 * without its comments and the whitespace-only text nodes that have an element beside them or lie
 * outside the document element, written again with xmldom's `XMLSerializer` (which also makes
 * quoting and escaping uniform). `undefined` when the document is not well-formed XML or has a
 * DOCTYPE: such a document is compared as text only.
 */
export function comparableForm(document: string): string | undefined {
  const { body } = new XmlText(document);
  if (/<!DOCTYPE/i.test(body)) return undefined;
  const { DOMParser, XMLSerializer } = xmldom();
  let parsed;
  try {
    parsed = new DOMParser({
      onError: (level, message) => {
        if (level !== "warning") throw new Error(message);
      },
    }).parseFromString(body, "text/xml");
  } catch {
    return undefined;
  }
  const pending: Node[] = [parsed];
  for (let parent = pending.pop(); parent !== undefined; parent = pending.pop()) {
    const children: Node[] = [];
    for (let child = parent.firstChild; child !== null; child = child.nextSibling) {
      children.push(child);
    }
    const elementBeside =
      parent === parsed || children.some((child) => child.nodeType === child.ELEMENT_NODE);
    for (const child of children) {
      if (leftOut(child, elementBeside)) parent.removeChild(child);
      else pending.push(child);
    }
  }
  return new XMLSerializer().serializeToString(parsed);
}

/**
 * Two IdP metadata documents that ngrok would be sent the same of, or that differ only as a store
 * may change them: equal as text (see {@link comparableText}), or, failing that, in their
 * {@link comparableForm} (the EntityDescriptor sent for each).
 */
export function sameIdpMetadata(old: unknown, declared: unknown): boolean {
  if (typeof old !== "string" || typeof declared !== "string") return old === declared;
  if (comparableText(old) === comparableText(declared)) return true;
  const form = comparableForm(idpMetadataToSend(old));
  return form !== undefined && form === comparableForm(idpMetadataToSend(declared));
}

/** Two cookie prefixes, absent and `""` being ngrok's `ngrok.`. */
export function sameCookiePrefix(old: unknown, declared: unknown): boolean {
  const cookie = (v: unknown) => (v === undefined || v === null || v === "" ? "ngrok." : v);
  return cookie(old) === cookie(declared);
}
