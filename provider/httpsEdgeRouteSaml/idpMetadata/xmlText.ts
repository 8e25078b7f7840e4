/**
 * XML 1.0 text: the checks a text must pass to be a well-formed XML document, the places they
 * report (line and column in the text as the user wrote it), parsing with xmldom, and the
 * element children the rules read from what it parsed. Knows nothing of SAML: the rules of SAML
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
import type * as Xmldom from "@xmldom/xmldom";
import type { Document, Element, Node } from "@xmldom/xmldom";
import { HINTS, languageHint } from "../../common/hints";

/** xmldom, loaded when a document is first read (the SSH CA resource never needs it). */
export function xmldom(): typeof Xmldom {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("@xmldom/xmldom") as typeof Xmldom;
}

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
function findBareAmpersand(body: string, from = 0): number | undefined {
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

/** A problem reported by xmldom, with its locator (1-based; line 0 when it had none). */
interface XmlProblem {
  message: string;
  line: number;
  column: number;
}

/**
 * The outcome of {@link parseXml}: the document, or the first problem xmldom found and the offset
 * in the body that it is about. `problem` describes it in this package's own words (see
 * {@link describeXmlProblem}); xmldom's message is never shown to a user. `doctype` is true when
 * the problem is a DOCTYPE that xmldom found inside the document.
 */
export type ParsedXml =
  { ok: true; doc: Document } | { ok: false; problem: string; offset: number; doctype: boolean };

/** Parses the body with xmldom, stopping at the first problem (see {@link ParsedXml}). */
export function parseXml(text: XmlText): ParsedXml {
  const { body } = text;
  let problem: XmlProblem | undefined;
  const parser = new (xmldom().DOMParser)({
    onError: (level, message, context: unknown) => {
      if (level === "warning" && message.startsWith("Unicode replacement character")) {
        return; // U+FFFD is a legal character; xmldom only suspects an encoding problem.
      }
      // In XML mode, xmldom's other warnings are attribute syntax errors (missing quotes, value
      // or space), which are not well-formed XML. Keep the first problem and stop parsing.
      problem ??= { message, ...locatorOf(context) };
      if (level !== "fatalError") {
        throw new Error(message); // xmldom wraps this in a ParseError, caught below.
      }
    },
  });
  try {
    const doc = parser.parseFromString(body, "text/xml");
    if (problem === undefined) {
      return { ok: true, doc };
    }
  } catch (error) {
    problem ??= {
      message: errorMessage(error),
      ...locatorOf(error),
    };
  }
  const found = problem ?? { message: "", line: 0, column: 0 };
  const offset = locateProblem(body, found);
  return {
    ok: false,
    problem: describeXmlProblem(found.message, body, offset),
    offset,
    doctype: found.message.startsWith("Doctype not allowed"),
  };
}

/** A name or text quoted from the document in a reason, cut after 60 characters. */
function fromDocument(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return JSON.stringify(clean.length > 60 ? `${clean.slice(0, 60)}…` : clean);
}

/**
 * What is wrong with the XML at `offset` of `body`, in this package's own words, from the message
 * of the parser (xmldom), which is never shown: its messages name its internals ("Error
 * constructing the DOM: HierarchyRequestError: …", "at position 40", "missed quot(\")!!").
 * Each message xmldom 0.9 reports in XML mode has a sentence here (XML 1.0 section named); any
 * other gets a general one, with the place, which the caller adds.
 */
export function describeXmlProblem(message: string, body: string, offset: number): string {
  const quote = (pattern: RegExp) => fromDocument(pattern.exec(message)?.[1] ?? "");
  const rules: [RegExp, () => string][] = [
    [
      /HierarchyRequestError/,
      () =>
        "a second document element starts here, but an XML document has exactly one (XML 1.0 " +
        "section 2.1): keep the <EntityDescriptor> only, or remove what was pasted after it",
    ],
    [
      /NamespaceError/,
      () => {
        const tag = /^<([^\s/>]+)/.exec(body.slice(offset))?.[1] ?? "";
        const prefix = tag.includes(":") ? tag.slice(0, tag.indexOf(":")) : undefined;
        return prefix === undefined
          ? "an attribute here uses a namespace prefix that no xmlns declaration defines " +
              "(Namespaces in XML 1.0 section 5): declare it, e.g. xmlns:ds=" +
              '"http://www.w3.org/2000/09/xmldsig#"'
          : `the element <${tag}> uses the namespace prefix ${fromDocument(prefix)}, which no ` +
              `xmlns:${prefix}="…" declaration on it or an enclosing element defines ` +
              "(Namespaces in XML 1.0 section 5): add the declaration, e.g. " +
              (prefix === "ds"
                ? 'xmlns:ds="http://www.w3.org/2000/09/xmldsig#"'
                : prefix === "md"
                  ? 'xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"'
                  : `xmlns:${prefix}="<its namespace URI>"`);
      },
    ],
    [
      /xml declaration which is only at the start|xml declaration is only allowed at the start/,
      () =>
        "the XML declaration (<?xml …?>) must be the very first thing in the document (XML 1.0 " +
        "section 2.8), but something comes before it (a comment, text or another element): " +
        "remove what precedes <?xml, or remove the declaration",
    ],
    [
      /^xml declaration is not well-formed/,
      () =>
        'the XML declaration is malformed (XML 1.0 section 2.8: <?xml version="1.0" ' +
        'encoding="UTF-8"?>)',
    ],
    [
      /^Opening and ending tag mismatch: "(.*)" != "(.*)"$/s,
      () => {
        const match = /^Opening and ending tag mismatch: "(.*)" != "(.*)"$/s.exec(message);
        return (
          `the end tag </${match?.[2] ?? ""}> does not match the start tag <${match?.[1] ?? ""}> ` +
          "that it should close (XML 1.0 section 3, element type match)"
        );
      },
    ],
    [
      /^unclosed xml tag\(s\): (.*)$/s,
      () =>
        `the document ends before these elements are closed: ${quote(/^unclosed xml tag\(s\): (.*)$/s)} ` +
        "(it looks truncated: copy the whole document)",
    ],
    [
      /^unexpected end of input/,
      () => "the document ends inside a tag (it looks truncated: copy the whole document)",
    ],
    [
      /^entity not found:(.*)$/,
      () =>
        `the entity reference ${quote(/^entity not found:(.*)$/)} is not defined: XML defines ` +
        "only &lt; &gt; &amp; &quot; &apos; (and DTDs are not allowed); write a literal " +
        '"&" as &amp;',
    ],
    [
      /^EntityRef|^entity not matching/,
      () => '"&" must start an entity or character reference (write a literal "&" as &amp;)',
    ],
    [
      /^Extra content at the end of the document|^Unexpected content outside root element/,
      () =>
        "there is text outside the document element, where XML allows only comments and " +
        "processing instructions (XML 1.0 section 2.1)",
    ],
    [
      /^end tag name/,
      () => "an end tag is malformed: it must be </name> with the name of its start tag",
    ],
    [
      /^Attribute (\S+) redefined/,
      () =>
        `the attribute ${quote(/^Attribute (\S+) redefined/)} appears twice on one element ` +
        "(XML 1.0 section 3.1, unique attribute spec)",
    ],
    [
      /^Unescaped '<' not allowed in attributes values/,
      () => 'an attribute value contains "<", which XML does not allow there: write it as &lt;',
    ],
    [
      /unexpected < in tag name|invalid tagName/,
      () =>
        'a "<" here does not start a valid tag: an element name must follow it directly, and ' +
        'a literal "<" in text must be written &lt; (XML 1.0 section 2.4)',
    ],
    [
      /invalid attribute:/,
      () => "an attribute name here is not a valid XML name (XML 1.0 section 2.3)",
    ],
    [
      /attribute equal must after attrName|attribute value must after "="|missed value|AttValue|missed start quot|missed quot|attribute value no end/,
      () =>
        'an attribute here is not written name="value": its value must be in matching double ' +
        "or single quotes (XML 1.0 section 3.1)",
    ],
    [
      /attribute space is required/,
      () => "two attributes here are not separated by a space (XML 1.0 section 3.1)",
    ],
    [
      /attribute invalid close char|elements closed character/,
      () => 'a "/" in this tag must be followed by ">" (an empty-element tag ends with "/>")',
    ],
    [
      /^comment is not well-formed/,
      () => 'a comment here is not closed with "-->", or contains "--" (XML 1.0 section 2.5)',
    ],
    [
      /^CDATA outside of element|^Invalid CDATA/,
      () =>
        'a CDATA section here is outside the document element or not closed with "]]>" ' +
        "(XML 1.0 section 2.7)",
    ],
    [
      /processing instruction/i,
      () => "a processing instruction (<?…?>) here is malformed (XML 1.0 section 2.6)",
    ],
    [
      /starting with "<!"/,
      () => 'markup starting with "<!" here is neither a comment (<!-- -->) nor a CDATA section',
    ],
    [/^missing root element/, () => "there is no element in it, only text"],
  ];
  for (const [pattern, describe] of rules) {
    if (pattern.test(message)) {
      return describe();
    }
  }
  return "the markup here is not well-formed XML (XML 1.0 section 2.1)";
}

/** The reason for a document without a document element. */
export function missingRoot(doc: Document): string | undefined {
  return doc.documentElement
    ? undefined
    : "is not well-formed XML at line 1, column 1: there is no element in it, only text";
}

function locatorOf(holder: unknown): { line: number; column: number } {
  const locator = (holder as { locator?: { lineNumber?: unknown; columnNumber?: unknown } } | null)
    ?.locator;
  const line = typeof locator?.lineNumber === "number" ? locator.lineNumber : 0;
  const column = typeof locator?.columnNumber === "number" ? locator.columnNumber : 0;
  return { line, column };
}

/**
 * The offset in `body` that a problem is about. xmldom's locator points at the start of the last
 * start tag, text or comment it read; for the problems it detects later (a wrong end tag, an
 * unclosed element at the end, an entity reference inside text, content after the document
 * element) this moves to the place a person must fix.
 */
function locateProblem(body: string, problem: XmlProblem): number {
  const starts = lineStarts(body);
  const from =
    problem.line >= 1 && problem.line <= starts.length
      ? Math.min(starts[problem.line - 1] + Math.max(problem.column, 1) - 1, body.length)
      : undefined;
  const { message } = problem;

  // Some messages carry the offset in the body themselves ("… at position 40").
  const positioned = /\bposition (\d+)\b/.exec(message);
  if (positioned) {
    const at = Number(positioned[1]);
    if (at >= 0 && at <= body.length) return at;
  }
  const endTag = /^Opening and ending tag mismatch: ".*" != "(.*)"$/s.exec(message);
  if (endTag) {
    const at = body.indexOf(`</${endTag[1]}`, from ?? 0);
    if (at >= 0) return at;
  }
  if (message.startsWith("unclosed xml tag")) {
    return body.trimEnd().length;
  }
  const entity = /^entity not found:(&[^;]*;)$/.exec(message);
  if (entity) {
    const at = body.indexOf(entity[1], from ?? 0);
    if (at >= 0) return at;
  }
  if (message.startsWith("EntityRef") || message.startsWith("entity not matching")) {
    const at = findBareAmpersand(body, from ?? 0);
    if (at !== undefined) return at;
  }
  if (message === "Extra content at the end of the document") {
    const lastTag = body.lastIndexOf("<");
    const afterTag = body.indexOf(">", lastTag) + 1;
    const at = body.slice(afterTag).search(/\S/);
    if (afterTag > 0 && at >= 0) return afterTag + at;
  }
  if (message.startsWith("Unexpected content outside root element") && from !== undefined) {
    let after = from;
    if (body.startsWith("<!--", from)) after = body.indexOf("-->", from) + 3;
    else if (body.startsWith("<?", from)) after = body.indexOf("?>", from) + 2;
    else if (body.startsWith("<", from)) after = body.indexOf(">", from) + 1;
    const at = after > 0 ? body.slice(after).search(/\S/) : -1;
    if (at >= 0) return after + at;
  }
  return from ?? 0;
}

/** Offsets of the first character of each line of `text` (lines end with "\n"). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) {
    starts.push(i + 1);
  }
  return starts;
}

/** Direct element children of `parent` in `namespace` with `localName`. */
export function childrenNS(parent: Element, namespace: string, localName: string): Element[] {
  return elementChildren(parent).filter(
    (child) => child.namespaceURI === namespace && child.localName === localName,
  );
}

/** Direct element children of `parent`, in document order. */
export function elementChildren(parent: Element): Element[] {
  const children: Element[] = [];
  const nodes = parent.childNodes;
  for (let i = 0; i < nodes.length; i += 1) {
    const node: Node | null = nodes.item(i);
    if (node && node.nodeType === 1) {
      children.push(node as Element);
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
