/**
 * BENCHMARKS.md read back (`parseDocument`), so that a run with `--only` replaces the sections it
 * measured (new ones at the end) and keeps every other section's run line, rows, method notes and
 * closing-note entries as they were (`spliceReport`); `--render` renders the document again from
 * what it holds, measuring nothing. The summary is rendered anew each time, from the figures the
 * document then holds (report.ts). A section measured again on another toolchain (Node.js or the
 * Pulumi CLI) keeps its previous figures under `## Previous toolchain` until the next release
 * (toolchain.ts); `dropPrevious` removes them.
 *
 * @module
 */
import {
  renderDocument,
  type RunInfo,
  type Section,
  sectionText,
  type SectionText,
} from "./report";
import { isPrevious, keptSection, withKept } from "./toolchain";

/** The cells of a markdown table line, split on the pipes that are not escaped. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/**
 * The sections of a document written by `renderDocument`: under `## Results`, each `### title`
 * with its run line, its table and its method notes; the closing note's entries go to the
 * section they name.
 *
 * @throws Error when the document has no sections (nothing to splice into).
 */
export function parseDocument(existing: string): SectionText[] {
  const lines = existing.split("\n");
  type Building = {
    title: string;
    run: string;
    rows: string[][];
    method: string[];
    missed: string[];
  };
  const sections: Building[] = [];
  let part: "before" | "results" | "closing" = "before";
  for (const line of lines) {
    if (line === "## Results") part = "results";
    else if (line === "## Closing note") part = "closing";
    const heading = /^### (.*)$/.exec(line)?.[1];
    const current = sections.at(-1);
    if (part === "results" && heading !== undefined) {
      sections.push({ title: heading, run: "", rows: [], method: [], missed: [] });
    } else if (part === "results" && current !== undefined) {
      if (line.startsWith("Measured ")) current.run = line;
      else if (line.startsWith("|")) current.rows.push(cells(line));
      else if (line.startsWith("- ")) current.method.push(line);
    } else if (part === "closing" && line.startsWith("- **")) {
      sections.find((s) => line.startsWith(`- **${s.title}, `))?.missed.push(line);
    }
  }
  if (sections.length === 0) {
    throw new Error("BENCHMARKS.md has no sections to splice into: run the whole benchmark");
  }
  // The first two table lines are the header and its rule.
  return sections.map((s) => ({ ...s, rows: s.rows.slice(2) }));
}

/** Options of {@link spliceReport}. */
export interface SpliceOptions {
  /**
   * `--raw`: the measured sections were rendered again from the runs their last measurement
   * kept, so their run line stays the one of that measurement, with a note saying so.
   */
  readonly raw?: boolean;
}

const RAW_NOTE =
  / Rows and notes rendered again from that run's measurements with `--raw` on \S+\.$/;

/**
 * `existing` (a BENCHMARKS.md) with `measured` in place of the sections of the same titles (new
 * ones at the end), each with the run line of `run`. A replaced section whose run was on another
 * toolchain than `run`'s is kept, under a heading naming its toolchain, until the next release
 * (a kept section of the same heading is replaced); not with `raw`, which measures nothing.
 *
 * @throws Error when `existing` has no sections.
 */
export function spliceReport(
  existing: string,
  measured: readonly Section[],
  run: RunInfo,
  options: SpliceOptions = {},
): string {
  let kept = parseDocument(existing);
  if (options.raw !== true) {
    for (const section of measured) {
      const before = kept.find((s) => s.title === section.title);
      const previous = before === undefined ? undefined : keptSection(before, run);
      if (previous !== undefined) kept = withKept(kept, previous);
    }
  }
  const fresh = new Map(
    measured.map((section) => {
      const before = kept.find((s) => s.title === section.title);
      const line =
        options.raw === true && before !== undefined
          ? `${before.run.replace(RAW_NOTE, "")} Rows and notes rendered again from that run's ` +
            `measurements with \`--raw\` on ${run.machine.date}.`
          : run;
      return [section.title, sectionText(section, line)] as const;
    }),
  );
  const all = kept.map((section) => fresh.get(section.title) ?? section);
  for (const [title, section] of fresh) {
    if (!kept.some((s) => s.title === title)) all.push(section);
  }
  return renderDocument(all);
}

/** The sections without the previous toolchain's (`--drop-previous`, once the release is out). */
export function dropPrevious(sections: readonly SectionText[]): SectionText[] {
  return sections.filter((s) => !isPrevious(s));
}
