/**
 * XML 1.0 text: the checks a text must pass to be a well-formed XML document, the places they
 * report (line and column in the text as the user wrote it), and the element children the rules
 * read from what `./xmlParse` parsed with xmldom. Knows nothing of SAML: the rules of SAML
 * metadata are in `./samlRules` and `./certificates`, and `./index` runs them all in order.
 *
 * Each check returns the reason for a rejection, written to follow the name of the property
 * (`is not well-formed XML at line L, column C: …`), or `undefined`. xmldom is lenient where
 * strict parsers (such as the one behind ngrok's API) are not: the checks here also catch what
 * it accepts (a NUL, `&#0;`, a bare `&`).
 *
 * Source: Extensible Markup Language (XML) 1.0 (Fifth Edition), sections 2.2 (characters),
 * 2.4 (character data and `&`), 2.11 (line endings) and 4.1 (character references).
 *
 * @module
 */
import type { Element, Node } from "@xmldom/xmldom";
import { HINTS, languageHint } from "../../common/hints";
import { load } from "../../lazy";

/** xmldom, loaded when a document is first read (the SSH CA resource never needs it). */
export const xmldom = load.xmldom;

/**
 * A text to read as XML: the input with line endings normalized (XML 1.0 section 2.11; the same
 * as xmldom does), without its byte order mark, split into the leading whitespace that is
 * skipped and the `body` that is parsed, so that positions in `body` can be reported as
 * positions in the text the user wrote.
 */
export class XmlText {
  /** What is parsed: the text after its byte order mark and leading whitespace. */
  public readonly body: string;
  private readonly normalized: string;
  private readonly skipped: number;

  constructor(input: string) {
    const normalized = xmldom().normalizeLineEndings(input);
    this.normalized = normalized.startsWith("\uFEFF") ? normalized.slice(1) : normalized;
    // XML's whitespace only (XML 1.0 production S): `\s` would also skip U+000B and U+000C,
    // characters XML forbids, and hide them from the check that names them.
    // A search for the first other character never backtracks, however long the input.
    const first = this.normalized.search(/[^ \t\n]/);
    this.skipped = first < 0 ? this.normalized.length : first;
    this.body = this.normalized.slice(this.skipped);
  }

  /** The 1-based line and column in the user's text of an offset in `body`. */
  public position(offset: number): { line: number; column: number } {
    const absolute = this.skipped + Math.max(0, Math.min(offset, this.body.length));
    const before = this.normalized.slice(0, absolute);
    const line = before.split("\n").length;
    const column = absolute - (before.lastIndexOf("\n") + 1) + 1;
    return { line, column };
  }

  /** `is not well-formed XML at line L, column C: <problem>`, for an offset in `body`. */
  public notWellFormed(problem: string, offset: number): string {
    const { line, column } = this.position(offset);
    return `is not well-formed XML at line ${line}, column ${column}: ${problem}`;
  }
}

/**
 * A character outside XML 1.0's `Char` production (section 2.2): C0 controls other than tab,
 * newline and carriage return, unpaired surrogates, U+FFFE and U+FFFF. (The `u` flag makes an
 * unpaired surrogate one code point that the class does not contain.)
 */
const ILLEGAL_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** What XML 1.0 section 2.2 allows, as the reasons below quote it. */
const ALLOWED_CHARACTERS =
  "XML 1.0 section 2.2: tab, newline, carriage return and U+0020 to U+10FFFF except surrogates, " +
  "U+FFFE and U+FFFF";

/** Whether `codePoint` is a character XML 1.0 allows (section 2.2, production `Char`). */
function isXmlCharacter(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

/**
 * The first character of the text that XML does not allow, named with its code point and place.
 * When NULs make up a quarter of the text or more, the reason says it looks like UTF-16 text
 * read with the wrong encoding (`<\0?\0x\0m\0l\0`: half of such bytes are NULs).
 */
export function illegalCharacter(text: XmlText): string | undefined {
  const { body } = text;
  const match = ILLEGAL_XML_CHARACTER.exec(body);
  if (match === null) {
    return undefined;
  }
  const { line, column } = text.position(match.index);
  const code = `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
  const sample = body.slice(0, 4096);
  const nuls = sample.split("\u0000").length - 1;
  const utf16 =
    nuls * 4 >= sample.length
      ? "; it looks like UTF-16 text read as UTF-8 or Latin-1: " + languageHint(HINTS.utf16Metadata)
      : "";
  return (
    `is not well-formed XML: it contains the character ${code} at line ${line}, column ` +
    `${column}, which XML does not allow (${ALLOWED_CHARACTERS})${utf16}`
  );
}

/**
 * The offset in the body of a `<!DOCTYPE` in the prolog (after the XML declaration, processing
 * instructions, comments and whitespace), or undefined. xmldom would otherwise read the DTD.
 */
export function prologDoctype(text: XmlText): number | undefined {
  const { body } = text;
  let i = 0;
  for (;;) {
    while (i < body.length && " \t\n".includes(body[i])) {
      i += 1;
    }
    if (body.startsWith("<?", i) || body.startsWith("<!--", i)) {
      const close = body.startsWith("<?", i) ? "?>" : "-->";
      const end = body.indexOf(close, i + 2);
      if (end < 0) {
        return undefined;
      }
      i = end + close.length;
      continue;
    }
    return body.slice(i, i + 9).toUpperCase() === "<!DOCTYPE" ? i : undefined;
  }
}

/** Whether the `<!DOCTYPE` at `offset` in the body is HTML's (`<!DOCTYPE html>`, any case). */
export function isHtmlDoctype(text: XmlText, offset: number): boolean {
  return /^<!DOCTYPE\s+html[\s>]/i.test(text.body.slice(offset, offset + 30));
}

/**
 * The first character reference (`&#N;`, `&#xH;`) outside comments, CDATA sections and processing
 * instructions whose character XML does not allow. xmldom decodes `&#0;` into a NUL without
 * complaint; XML 1.0 section 4.1 (WFC: Legal Character) forbids it. One pass: each comment, CDATA
 * section or processing instruction is skipped with one search for its end, and an unclosed one
 * ends the scan (the parser reports it), so that no input makes this quadratic.
 */
export function illegalCharacterReference(text: XmlText): string | undefined {
  const { body } = text;
  const closers: Record<string, string> = { "<!--": "-->", "<![CDATA[": "]]>", "<?": "?>" };
  const token = /<!--|<!\[CDATA\[|<\?|&#(?:x([0-9A-Fa-f]+)|([0-9]+));/g;
  for (let match = token.exec(body); match !== null; match = token.exec(body)) {
    const close = closers[match[0]];
    if (close !== undefined) {
      const end = body.indexOf(close, token.lastIndex);
      if (end < 0) {
        return undefined;
      }
      token.lastIndex = end + close.length;
      continue;
    }
    const digits = match[1] ?? match[2];
    // More than 7 significant digits is beyond U+10FFFF either way (and beyond exact numbers).
    const codePoint =
      digits.replace(/^0+/, "").length > 7
        ? Infinity
        : parseInt(digits, match[1] !== undefined ? 16 : 10);
    if (!isXmlCharacter(codePoint)) {
      const reference = match[0].length > 20 ? `${match[0].slice(0, 16)}…;` : match[0];
      const { line, column } = text.position(match.index);
      return (
        `is not well-formed XML: the character reference ${reference} at line ${line}, ` +
        `column ${column} stands for a character that XML does not allow (${ALLOWED_CHARACTERS})`
      );
    }
  }
  return undefined;
}

/**
 * The offset of the first `&` at or after `from` that does not start a reference (outside
 * comments, CDATA sections and processing instructions), or undefined. xmldom keeps such an `&`
 * as text; XML 1.0 section 2.4 forbids it, and strict parsers (such as the one behind ngrok's
 * API) reject it.
 */
export function findBareAmpersand(body: string, from = 0): number | undefined {
  const pattern =
    /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|&(?!(?:[A-Za-z_:][\w.:-]*|#[0-9]+|#x[0-9A-Fa-f]+);)/g;
  pattern.lastIndex = from;
  for (let match = pattern.exec(body); match !== null; match = pattern.exec(body)) {
    if (match[0] === "&") {
      return match.index;
    }
  }
  return undefined;
}

/** The first `&` that starts no reference (see {@link findBareAmpersand}), named with its place. */
export function bareAmpersand(text: XmlText): string | undefined {
  const ampersand = findBareAmpersand(text.body);
  if (ampersand === undefined) {
    return undefined;
  }
  return text.notWellFormed(
    `"&" must start an entity or character reference (write a literal "&" as &amp;)`,
    ampersand,
  );
}

/** Direct element children of `parent` in `namespace` with `localName`. */
export function childrenNS(parent: Element, namespace: string, localName: string): Element[] {
  return elementChildren(parent).filter(
    (child) => child.namespaceURI === namespace && child.localName === localName,
  );
}

/** Whether `node` is an element (`nodeType` 1, `ELEMENT_NODE`). */
export function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}

/** Direct element children of `parent`, in document order. */
export function elementChildren(parent: Element): Element[] {
  const children: Element[] = [];
  const nodes = parent.childNodes;
  for (let i = 0; i < nodes.length; i += 1) {
    const node: Node | null = nodes.item(i);
    if (node && isElement(node)) {
      children.push(node);
    }
  }
  return children;
}

/** `no namespace` or `namespace "<uri>"`, to name an element's namespace in a reason. */
export function describeNamespace(namespace: string | null): string {
  return namespace === null || namespace === "" ? "no namespace" : `namespace "${namespace}"`;
}

/** The message of a thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
