/**
 * The code blocks of the repository's Markdown, as printed, so that tests run what the docs say.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO } from "./stack";

/** A Markdown file of the repository, by its path relative to the root. */
export function markdown(file: string): string {
  return fs.readFileSync(path.join(REPO, file), "utf8");
}

/**
 * The content of the first fenced code block of `language` that follows `marker` in `file`,
 * exactly as printed (its final newline included).
 *
 * @throws Error when `file` no longer says `marker`, or has no such block after it.
 */
export function codeBlockAfter(file: string, marker: string, language: string): string {
  const text = markdown(file);
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`${file} no longer says ${JSON.stringify(marker)}`);
  const match = new RegExp("^```" + language + "\\n([\\s\\S]*?)^```$", "m").exec(text.slice(at));
  if (match === null)
    throw new Error(`${file}: no ${language} block after ${JSON.stringify(marker)}`);
  return match[1];
}

/** The command lines of a shell block: comments after `#` and blank lines dropped. */
export function commandLines(block: string): string[] {
  return block
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}
