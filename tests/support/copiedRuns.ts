/**
 * Copied code, as `tests/repository/copiedRuns.test.ts` holds `provider/` and `plugin/` free of it
 * (issue #32: "0 duplicate pairs in provider/ and plugin/"): a run of {@link MIN_RUN_LINES} or
 * more significant lines that reads the same in two places (two files, or two places of one).
 *
 * A line is compared trimmed; blank lines, comment lines (`//`, `/*`, `*`) and import or re-export
 * declarations (lists of names, not code) are skipped, so a copy with other comments is still a
 * copy. A run counts only when at least
 * {@link MIN_SUBSTANTIAL_LINES} of its lines are {@link SUBSTANTIAL_LENGTH} characters or longer,
 * so that closing brackets, short keywords and the parameter lists of one interface's methods
 * alone never make one. This finds copies, not code of
 * the same shape with other names: the workplace's `duplicates` tool, run before each stop, finds
 * those too.
 *
 * Pure: the caller lists and reads the files.
 *
 * @module
 */
import type { SourceFile } from "./sourceLimits";

/** How many significant lines in a row make a copy. */
export const MIN_RUN_LINES = 6;
/** How many of them must be substantial. */
export const MIN_SUBSTANTIAL_LINES = 3;
/** How long a substantial line is, in characters (trimmed). */
export const SUBSTANTIAL_LENGTH = 20;

/** One significant line: its text (trimmed) and its line number (1-based). */
interface Significant {
  readonly text: string;
  readonly line: number;
}

/** `text` with its import and re-export declarations blanked, line for line. */
function withoutImports(text: string): string {
  return text.replace(/^(import|export)\b[^;]*?\bfrom\s+"[^"]+";$|^import\s+"[^"]+";$/gms, (d) =>
    d.replace(/[^\n]/g, ""),
  );
}

/** The lines of `text` that are compared (see the module comment). */
function significantLines(text: string): Significant[] {
  return withoutImports(text)
    .split("\n")
    .map((raw, index) => ({ text: raw.trim(), line: index + 1 }))
    .filter(({ text: t }) => t !== "" && !/^(\/\/|\/\*|\*)/.test(t));
}

/** One copy: where the run starts in each place, `<path>:<line>`, and its length in lines. */
export interface CopiedRun {
  readonly first: string;
  readonly second: string;
  readonly lines: number;
}

/**
 * Every pair of places in `files` that share a run (see the module comment), one entry per pair
 * of places found first, in the order of `files`.
 */
export function copiedRuns(files: readonly SourceFile[]): CopiedRun[] {
  const seen = new Map<string, { path: string; index: number }>();
  const found: CopiedRun[] = [];
  const reported = new Set<string>();
  for (const file of files) {
    const lines = significantLines(file.text);
    for (let i = 0; i + MIN_RUN_LINES <= lines.length; i++) {
      const window = lines.slice(i, i + MIN_RUN_LINES);
      const substantial = window.filter((l) => l.text.length >= SUBSTANTIAL_LENGTH).length;
      if (substantial < MIN_SUBSTANTIAL_LINES) continue;
      const key = window.map((l) => l.text).join("\n");
      const earlier = seen.get(key);
      if (earlier === undefined) {
        seen.set(key, { path: file.path, index: i });
        continue;
      }
      if (earlier.path === file.path && i - earlier.index < MIN_RUN_LINES) continue;
      const pair = `${earlier.path}\0${file.path}`;
      if (reported.has(pair)) continue;
      reported.add(pair);
      const earlierLines = significantLines(files.find((f) => f.path === earlier.path)?.text ?? "");
      found.push({
        first: `${earlier.path}:${earlierLines[earlier.index]?.line ?? 0}`,
        second: `${file.path}:${window[0].line}`,
        lines: MIN_RUN_LINES,
      });
    }
  }
  return found;
}
