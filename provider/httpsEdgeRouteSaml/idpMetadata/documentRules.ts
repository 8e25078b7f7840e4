/**
 * The rules a text must keep before its elements are read as SAML 2.0 metadata, each with the
 * reason it gives: present, at most {@link IDP_METADATA_MAX_BYTES}, XML rather than a web page, a
 * URL or a file path, well-formed, without a DTD. The rules of the elements are in
 * `./samlRules`; `./index` runs the rules in order.
 *
 * Each rule returns the reason for a rejection, written to follow the name of the property, or
 * `undefined` when the document keeps it.
 *
 * @module
 */
import type { Document } from "@xmldom/xmldom";
import { HINTS, languageHint } from "../../common/hints";
import type { ParsedXml } from "./xmlParse";
import { isHtmlDoctype, type XmlText } from "./xmlText";

/**
 * The largest `idp_metadata` ngrok's API accepts, in bytes of UTF-8: 262144 (256 KiB), the limit
 * the emulator enforces (ERR_NGROK_7080 "too large"; ngrok's catalogue leaves the number as a
 * placeholder). It bounds the document as it is sent, the resource's claim comment included
 * (see {@link withinSizeLimit}), so that a document that passes `check` is never refused by the
 * API for its size. Real documents of one identity provider are a few KB (Okta, Google) to about
 * 75 KB (AD FS). The bound also keeps `check` fast: parsing costs about 1 s per MB of markup, so
 * a hostile document cannot stall a preview.
 */
export const IDP_METADATA_MAX_BYTES = 256 * 1024;

/** What the property must hold, as the reasons for an empty input say it. */
const EXPECTED =
  "expected the XML SAML 2.0 metadata document of your identity provider " +
  "(an <EntityDescriptor> with an <IDPSSODescriptor>)";

/** The input is a string that holds more than whitespace and a byte order mark. */
export function present(input: unknown): string | undefined {
  if (typeof input !== "string") {
    const got = input === null ? "null" : typeof input;
    return `is empty or not a string (got ${got}): ${EXPECTED}`;
  }
  if (input.length === 0) {
    return `is empty: ${EXPECTED}`;
  }
  // A search for one other character: a whole-string pattern would backtrack over megabytes.
  if (!/[^ \t\r\n\uFEFF]/.test(input)) {
    return `is empty (only whitespace): ${EXPECTED}`;
  }
  return undefined;
}

/**
 * At most {@link IDP_METADATA_MAX_BYTES} bytes of UTF-8 once `claimBytes` more are appended (the
 * claim comment that `HttpsEdgeRouteSaml` writes at the end of the document; 0 for the document
 * alone), judged before any other work, so that a huge document costs one pass over its length.
 */
export function withinSizeLimit(input: string, claimBytes = 0): string | undefined {
  const bytes = Buffer.byteLength(input, "utf8");
  if (bytes + claimBytes <= IDP_METADATA_MAX_BYTES) {
    return undefined;
  }
  const sent =
    claimBytes > 0
      ? `, ${bytes + claimBytes} with the resource's claim comment (${claimBytes} bytes) that is ` +
        `appended to it when the module is written; ngrok accepts at most ` +
        `${IDP_METADATA_MAX_BYTES} bytes (ERR_NGROK_7080), so the document may have at most ` +
        `${IDP_METADATA_MAX_BYTES - claimBytes}`
      : `; ngrok accepts at most ${IDP_METADATA_MAX_BYTES} bytes (ERR_NGROK_7080)`;
  return (
    `is ${bytes} bytes of UTF-8${sent}: pass the EntityDescriptor of your IdP only (the ` +
    "metadata of one identity provider is a few KB to about 100 KB)"
  );
}

/**
 * Not an HTML page (a `<!DOCTYPE html>` in the prolog, at offset `doctype`), such as a sign-in
 * page saved instead of the metadata: named as such rather than as a DTD.
 */
export function notAnHtmlPage(text: XmlText, doctype: number | undefined): string | undefined {
  if (doctype === undefined || !isHtmlDoctype(text, doctype)) {
    return undefined;
  }
  const { line, column } = text.position(doctype);
  return (
    `is an HTML page (<!DOCTYPE html> at line ${line}, column ${column}), not XML SAML 2.0 ` +
    "metadata: pass the XML document your identity provider publishes as its metadata (an " +
    "<EntityDescriptor>), not a web page such as its sign-in page"
  );
}

/**
 * No `<!DOCTYPE` declaration, found at offset `doctype` (in the prolog, before parsing), so that
 * no entity is ever expanded and no external entity is ever fetched.
 */
export function noDoctype(text: XmlText, doctype: number | undefined): string | undefined {
  if (doctype === undefined) {
    return undefined;
  }
  const { line, column } = text.position(doctype);
  return (
    `contains a <!DOCTYPE> declaration at line ${line}, column ${column}: DTDs are not allowed ` +
    "in SAML metadata (they could expand entities or load external ones); remove the DOCTYPE"
  );
}

/**
 * Well-formed XML, as xmldom parsed it: a DOCTYPE it found inside the document is named as a DTD
 * ({@link noDoctype}), and a text that is a URL or a file path is named as one
 * ({@link notXmlHint}).
 */
export function wellFormed(text: XmlText, parsed: ParsedXml): string | undefined {
  if (parsed.ok) {
    return undefined;
  }
  if (parsed.doctype) {
    return noDoctype(text, parsed.offset);
  }
  return `${text.notWellFormed(parsed.problem, parsed.offset)}${notXmlHint(text.body)}`;
}

/** The longest text named as a file path (base64 of a metadata document is longer). */
const MAX_PATH_LENGTH = 1024;
/** The longest path quoted in the hint; a longer one is written `path`. */
const MAX_QUOTED_PATH_LENGTH = 200;

/**
 * What a text that is not XML looks like, when it is a common mistake: a URL (pass the content,
 * not the address), or a file path (read the file): one line without `<`, up to
 * {@link MAX_PATH_LENGTH} characters, that ends with `.xml` or holds a path separator. `""`
 * otherwise.
 */
export function notXmlHint(body: string): string {
  const line = body.trim();
  if (/^(https?|file):\/\//i.test(line)) {
    return "; it looks like a URL: pass the content of the metadata document, not its address";
  }
  const path =
    line.length <= MAX_PATH_LENGTH &&
    !/[<\r\n]/.test(line) &&
    (/\.xml$/i.test(line) || /[/\\]/.test(line));
  if (!path) {
    return "";
  }
  const quoted = line.length <= MAX_QUOTED_PATH_LENGTH ? JSON.stringify(line) : "path";
  return (
    "; it looks like a file path: pass the content of the file, not its name, e.g. " +
    languageHint(HINTS.metadataFile(quoted))
  );
}

/** No DTD node in the parsed document (one xmldom read without reporting it). */
export function noDoctypeNode(text: XmlText, doc: Document): string | undefined {
  return doc.doctype ? noDoctype(text, 0) : undefined;
}
