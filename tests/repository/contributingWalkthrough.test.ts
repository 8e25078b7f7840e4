/**
 * CONTRIBUTING.md's walk-through (issue #32 §4-5) stays true: every path it names exists, each of
 * its three tables (a property, a lookup filter, a resource) counts the hand-written source files
 * its text states, and adding a resource takes at most 10 of them, a property one.
 *
 * Placeholders are read as the walk-through's own example, `SshCredential`: `<resource>` is
 * `sshCredential`, `<resources>` `sshCredentials`, `<Name>` `SshCredential`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO } from "../support/repo";

// `hooks`: a source file only a resource with hooks of its own writes (not counted as source).
const KINDS = ["source", "hooks", "generated", "docs", "test", "emulator"] as const;
type Kind = (typeof KINDS)[number];

interface Row {
  readonly file: string;
  readonly kind: string;
}

const guide = fs.readFileSync(path.join(REPO, "CONTRIBUTING.md"), "utf8");

/** The text from the heading `title` (its `level`) to the next heading of that level or above. */
function section(text: string, title: string, level: number): string {
  const lines = text.split("\n");
  const start = lines.indexOf(`${"#".repeat(level)} ${title}`);
  if (start < 0) throw new Error(`CONTRIBUTING.md has no heading "${title}"`);
  const end = lines.findIndex(
    (line, index) => index > start && new RegExp(`^#{1,${level}} `).test(line),
  );
  return lines.slice(start, end < 0 ? undefined : end).join("\n");
}

/** The rows of the section's table whose first cell is one code span: the file and its kind. */
function rows(text: string): Row[] {
  return text
    .split("\n")
    .map((line) => /^\|\s*`([^`]+)`\s*\|\s*([a-z]+)\s*\|/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ file: match[1]!, kind: match[2]! }));
}

/** A placeholder path as the example resource's. */
const concrete = (file: string) =>
  file
    .replaceAll("<resources>", "sshCredentials")
    .replaceAll("<resource>", "sshCredential")
    .replaceAll("<Name>", "SshCredential");

/** The code spans of `text` that are repository paths (a folder, or a file with an extension). */
function pathsNamed(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
  return spans.filter(
    (span) =>
      /^[\w.<>/-]+$/.test(span) &&
      !span.startsWith("<") &&
      (/\.(ts|md|json)$/.test(span) || (span.includes("/") && !span.startsWith("."))),
  );
}

/** The "Measured …: **N** source files" figure of a subsection. */
function statedSourceFiles(text: string): number {
  const match = /\*\*(\d+)\*\* source files?/.exec(text);
  if (match === null) throw new Error("the subsection states no **N** source files");
  return Number(match[1]);
}

const walkthrough = section(guide, "The walk-through", 2);
const parts = {
  property: section(walkthrough, "Adding a property", 3),
  filter: section(walkthrough, "Adding a lookup filter", 3),
  resource: section(walkthrough, "Adding a resource", 3),
};
const countOf = (table: Row[], kind: Kind) => table.filter((row) => row.kind === kind).length;

test("every path the walk-through names exists", () => {
  const named = [...new Set(pathsNamed(walkthrough))];
  expect(named.length).toBeGreaterThan(30);
  const missing = named.filter((file) => !fs.existsSync(path.join(REPO, concrete(file))));
  expect(missing).toEqual([]);
});

test.each(Object.entries(parts))("%s: a table of known kinds", (_name, text) => {
  const table = rows(text);
  expect(table.length).toBeGreaterThan(2);
  expect(table.filter((row) => !(KINDS as readonly string[]).includes(row.kind))).toEqual([]);
});

test.each(Object.entries(parts))(
  "%s: the source files it states are those it lists",
  (_n, text) => {
    expect(countOf(rows(text), "source")).toBe(statedSourceFiles(text));
  },
);

test("adding a property is one source file (plus npm run generate), a resource at most 10", () => {
  expect(countOf(rows(parts.property), "source")).toBe(1);
  expect(rows(parts.property).find((row) => row.kind === "source")?.file).toBe(
    "provider/<resource>/definition.ts",
  );
  expect(countOf(rows(parts.resource), "source")).toBeLessThanOrEqual(10);
  // The source files of a resource live where the layout says: its folder, the registry, the SDK.
  for (const row of rows(parts.resource).filter((r) => r.kind === "source")) {
    expect(row.file).toMatch(/^(provider|sdk|tools\/scripts\/generate)\//);
  }
});

test("the reader is told to regenerate the schema's SDKs as well", () => {
  expect(walkthrough).toContain("`npm run generate`, then `npm run sdks`");
});
