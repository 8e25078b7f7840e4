/**
 * The files that comments name (issue #50: "no comment names a file that does not exist"). A
 * comment names a file when it writes a path with a file extension (`contributing/reference/seed.md`,
 * `provider/<resource>/definition.ts` is a pattern and is skipped) or a relative module
 * (`./x`). A path is found relative to the repository's root, to the commenting file's
 * folder, or to one of its parent folders (as `model/render.ts` is written from the emulator's folder).
 * Not checked: a path in another repository (Pulumi's Go SDK, ngrok's repositories, an npm
 * tarball), an example in quotes (`"./x"`), and a file as it was at a named commit.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** A file's comments, as text (line comments and block comments; strings are not comments). */
export function commentsOf(text: string): string[] {
  const comments: string[] = [];
  const pattern = /\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g;
  for (const match of text.matchAll(pattern)) comments.push(match[0]);
  return comments;
}

const EXTENSIONS = "ts|js|md|yaml|yml|json|go|py|txt|sh|toml|cs|csproj";
/** A path with a folder and an extension, or a relative module. */
const NAMED = new RegExp(
  String.raw`(?<![\w@/.:"'-])((?:\.{1,2}/)?[\w.-]+(?:/[\w.-]+)+\.(?:${EXTENSIONS})|\.{1,2}/[\w.-]+(?:/[\w.-]+)*)(?![\w/<{*-])`,
  "g",
);

/** Where paths in other repositories begin, as the comments here write them. */
const ELSEWHERE =
  /^(sdk\/go|pkg|internal|resource\/deploy|src|scripts|snippets|package|PULUMI_HOME)\//;

/** The paths `comment` names. */
export function namedPaths(comment: string): string[] {
  return comment
    .split("\n")
    .filter((line) => !/\bcommit [0-9a-f]{7}/.test(line))
    .flatMap((line) => [...line.matchAll(NAMED)].map((m) => m[1]))
    .filter((p) => !/[<>{}*]/.test(p) && !ELSEWHERE.test(p));
}

/** Whether `named`, written in `file` (relative to `root`), names a file or folder that exists. */
export function exists(root: string, file: string, named: string): boolean {
  const candidates = (base: string) => [base, `${base}.ts`, path.join(base, "index.ts")];
  const folders: string[] = [];
  if (!named.startsWith(".")) folders.push(root);
  for (
    let dir = path.dirname(path.join(root, file));
    dir.startsWith(root);
    dir = path.dirname(dir)
  ) {
    folders.push(dir);
    if (named.startsWith(".")) break;
  }
  return folders.some((dir) => candidates(path.join(dir, named)).some((p) => fs.existsSync(p)));
}

/** Each `file: path` that a comment names and that does not exist. */
export function missingPaths(root: string, files: { path: string; text: string }[]): string[] {
  const missing: string[] = [];
  for (const file of files)
    for (const comment of commentsOf(file.text))
      for (const named of namedPaths(comment))
        if (!exists(root, file.path, named)) missing.push(`${file.path}: ${named}`);
  return missing;
}
