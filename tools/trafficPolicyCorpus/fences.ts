/**
 * The fenced code blocks of a Markdown or MDX page, read line by line as ngrok's own check of its
 * docs reads them (ngrok/ngrok-docs, `scripts/validate_policy_snippets.py`): MDX nests fences in
 * indented JSX (`<Tab>`, `<CodeGroup>`), which a CommonMark parser such as markdown-it reads as
 * indented code or HTML, missing about one block in ten.
 *
 * @module
 */

/** One fenced block. */
export interface Fence {
  /** The line of its opening fence (from 1). */
  readonly line: number;
  /** Its index among the page's fenced blocks (from 1), whatever their language. */
  readonly index: number;
  /** The first word of its info string, lower-cased (`yaml`, `json`, …), or `""`. */
  readonly language: string;
  /** The rest of its info string (a file name, highlighted lines, `skip-validation`). */
  readonly info: string;
  /** Its text, less the opening fence's indentation. */
  readonly text: string;
}

const OPENING = /^([ \t]*)(`{3,}|~{3,})(.*)$/;

/** The fenced blocks of `page`, in order; an unclosed fence runs to the end of the page. */
export function fences(page: string): Fence[] {
  const lines = page.split(/\r?\n/);
  const found: Fence[] = [];
  for (let at = 0; at < lines.length; at++) {
    const open = OPENING.exec(lines[at]);
    if (open === null) continue;
    const [, indent, marker, rest] = open;
    if (marker[0] === "`" && rest.includes("`")) continue; // inline code, not a fence
    const closing = new RegExp(`^[ \\t]*${marker[0]}{${marker.length},}[ \\t]*$`);
    const dedent = new RegExp(`^[ \\t]{0,${indent.length}}`);
    const body: string[] = [];
    let end = at + 1;
    for (; end < lines.length && !closing.test(lines[end]); end++) {
      body.push(lines[end].replace(dedent, ""));
    }
    const [language = "", ...info] = rest.trim().split(/\s+/);
    found.push({
      line: at + 1,
      index: found.length + 1,
      language: language.toLowerCase(),
      info: info.join(" "),
      text: body.join("\n"),
    });
    at = end;
  }
  return found;
}
