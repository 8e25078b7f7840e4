/**
 * Parsing an {@link XmlText} with xmldom, and what is wrong with a text it does not accept, in
 * this package's own words and at the place a person must fix (xmldom's messages are never shown).
 * Knows nothing of SAML; the checks xmldom does not make are in `./xmlText`.
 *
 * Source: Extensible Markup Language (XML) 1.0 (Fifth Edition), and Namespaces in XML 1.0.
 *
 * @module
 */
import type { Document } from "@xmldom/xmldom";
import { propertyOf } from "../../client/brand";
import { errorMessage, findBareAmpersand, xmldom, type XmlText } from "./xmlText";

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
  const locator = propertyOf(holder, "locator");
  const lineNumber = propertyOf(locator, "lineNumber");
  const columnNumber = propertyOf(locator, "columnNumber");
  const line = typeof lineNumber === "number" ? lineNumber : 0;
  const column = typeof columnNumber === "number" ? columnNumber : 0;
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
