/**
 * The toolchain a section was measured on (Node.js and the Pulumi CLI), and the sections of a
 * previous toolchain that BENCHMARKS.md keeps until the next release: when a run with `--only`
 * measures a section again on another toolchain, splice.ts keeps the section it replaces under
 * `## Previous toolchain`, its heading naming that toolchain (`<title> — Node.js 20.20.2, Pulumi
 * 3.248.0, kept until the next release`), and the closing note says, row by row, what changed.
 * `--drop-previous` (tools/bench/index.ts) removes them once the release is out.
 *
 * @module
 */
import type { RunInfo, SectionText } from "./report";

/** The end of a kept section's heading. */
const KEPT = ", kept until the next release";
const KEPT_TITLE = /^(.*) — (.*), kept until the next release$/;

/** The heading of the part that holds the previous toolchain's sections. */
export const PREVIOUS_HEADING = "## Previous toolchain";

/** The paragraph under {@link PREVIOUS_HEADING}. */
export const PREVIOUS_INTRO =
  "The sections above that were measured again on a new toolchain, as they were on the previous " +
  "one, kept until the next release so that the two can be compared (the closing note says what " +
  "changed). Their targets are not counted above. `node dist/tools/bench/index.js --render " +
  "--drop-previous` removes them.";

/** Whether `section` is a previous toolchain's, kept until the next release. */
export function isPrevious(section: SectionText): boolean {
  return KEPT_TITLE.test(section.title);
}

/** The title of the current section that a kept one was measured for. */
export function currentTitle(section: SectionText): string {
  return KEPT_TITLE.exec(section.title)?.[1] ?? section.title;
}

/** `Node.js 24.21.0, Pulumi 3.276.0` of a run (the CLI `not found` when there was none). */
export function runToolchain(run: RunInfo): string {
  return `Node.js ${run.machine.node.replace(/^v/, "")}, Pulumi ${run.cli ?? "not found"}`;
}

/**
 * The toolchain a section names: Node.js from its run line, the CLI from its run line or else its
 * method notes (`Pulumi CLI <version>`); `undefined` parts when it names none.
 */
export function toolchainOf(section: SectionText): { node?: string; cli?: string } {
  const cliPattern = /Pulumi CLI (\d+\.\d+\.\d+\S*?)[,.;) ]/;
  const cli =
    cliPattern.exec(section.run)?.[1] ??
    section.method.map((line) => cliPattern.exec(line)?.[1]).find((v) => v !== undefined);
  return { node: /\bon Node v(\d+\.\d+\.\d+)/.exec(section.run)?.[1], cli };
}

function toolchainText(section: SectionText): string {
  const { node, cli } = toolchainOf(section);
  return `Node.js ${node ?? "not recorded"}, Pulumi ${cli ?? "not recorded"}`;
}

/**
 * `before` as a kept section of the previous toolchain, when `run` is on another one (another
 * Node.js, or another CLI where both name theirs); `undefined` when it is the same toolchain or
 * `before` is already a kept one.
 */
export function keptSection(before: SectionText, run: RunInfo): SectionText | undefined {
  if (isPrevious(before)) return undefined;
  const { node, cli } = toolchainOf(before);
  const newNode = run.machine.node.replace(/^v/, "");
  const differs =
    (node !== undefined && node !== newNode) ||
    (cli !== undefined && run.cli !== undefined && cli !== run.cli);
  if (!differs) return undefined;
  return { ...before, title: `${before.title} — ${toolchainText(before)}${KEPT}`, missed: [] };
}

/** `sections` with `kept` in place of a kept section of the same title, else at the end. */
export function withKept(sections: readonly SectionText[], kept: SectionText): SectionText[] {
  const at = sections.findIndex((s) => s.title === kept.title);
  return at < 0 ? [...sections, kept] : [...sections.slice(0, at), kept, ...sections.slice(at + 1)];
}

/** The rows compared across toolchains: those with a target whose figure is a ratio. */
function compared(row: readonly string[]): boolean {
  return row[1].endsWith("×") && ["yes", "**no**"].includes(row[6]);
}

/** Where a new median falls against the previous run's min and max. */
function against(median: string, previous: readonly string[]): string {
  const [value, min, max] = [median, previous[2], previous[3]].map((cell) => parseFloat(cell));
  return value < min
    ? "below the previous spread"
    : value > max
      ? "above the previous spread"
      : "within the previous spread";
}

/** One row, old and new: `<measure>: 0.76× (0.70×–0.80×) → 0.85× (0.80×–0.90×), …`. */
function change(before: readonly string[], after: readonly string[]): string {
  const figure = (row: readonly string[]) => `${row[1]} (${row[2]}–${row[3]}, ${row[4]} runs)`;
  const met = before[6] === after[6] ? "" : `; target ${after[5]} now ${after[6]}`;
  return `${after[0]}: ${figure(before)} → ${figure(after)}, ${against(after[1], before)}${met}`;
}

/**
 * The closing note's paragraph on what changed with the toolchain: for each kept section, its
 * ratios with a target against the same rows of the current section (median, min–max, runs), and
 * where each new median falls against the previous spread. Empty when nothing is kept.
 */
export function renderToolchainChange(sections: readonly SectionText[]): string[] {
  const lines: string[] = [];
  for (const previous of sections.filter(isPrevious)) {
    const current = sections.find((s) => s.title === currentTitle(previous));
    if (current === undefined) continue;
    const rows = current.rows.filter(compared).flatMap((after) => {
      const before = previous.rows.find((row) => row[0] === after[0] && compared(row));
      return before === undefined ? [] : [`- ${change(before, after)}`];
    });
    if (rows.length === 0) continue;
    lines.push(
      "",
      `${current.title}, ${toolchainText(previous)} → ${toolchainText(current)} (median ` +
        "(min–max, runs), previous → current; a ratio compares runs alternated in one run, " +
        "so each toolchain's figure is from its own run, on a machine shared with other work):",
      "",
      ...rows,
    );
  }
  return lines.length === 0 ? [] : ["", "What changed with the toolchain:", ...lines];
}

/**
 * The summary's figures of the latest kept section for the same measures, e.g. `(Node.js 20.20.2, Pulumi
 * 3.248.0: up 0.76×, …)`; empty when no section of that title is kept.
 */
export function previousFigures(
  sections: readonly SectionText[],
  titlePrefix: string,
  measures: readonly string[],
  names: readonly string[],
): string {
  // The latest kept: a later change of toolchain keeps its section after the earlier ones.
  const previous = [...sections]
    .reverse()
    .find((s) => isPrevious(s) && currentTitle(s).startsWith(titlePrefix));
  if (previous === undefined) return "";
  const figures = measures.map((measure, i) => {
    const row = previous.rows.find((cells) => cells[0] === measure);
    return `${names[i]} ${row?.[1] || "(not measured)"}`;
  });
  return ` (on the previous toolchain, ${toolchainText(previous)}: ${figures.join(", ")})`;
}
