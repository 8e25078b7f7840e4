/**
 * The report: one markdown table of every figure (median, min, max, runs, target, met), the
 * closing note on targets, and each section's method notes, with the date, Node version and
 * machine. Printed to stdout and written to BENCHMARKS.md, formatted with the repository's
 * Prettier settings so that `npm run lint` accepts the file as written.
 *
 * @module
 */
import * as fs from "node:fs";
import * as os from "node:os";
import type { Summary } from "./stats";

/** One line of the table. */
export interface Row {
  readonly measure: string;
  /** Absent for a row that only states a fact (e.g. which requests were sent). */
  readonly figure?: Summary;
  readonly unit: "B" | "ms" | "×" | "requests" | "ms CPU" | "%" | "count";
  /** Digits after the decimal point; default by unit. */
  readonly decimals?: number;
  /** Absent for diagnostic rows, which have no target of their own. */
  readonly target?: string;
  readonly met?: boolean;
  /** Why a target is missed, for the closing note. */
  readonly why?: string;
}

/** The rows and method notes of one part of the benchmark. */
export interface Section {
  readonly title: string;
  readonly rows: Row[];
  readonly notes: string[];
}

/** Where and when the benchmark ran. */
export interface Machine {
  readonly date: string;
  readonly node: string;
  readonly cpu: string;
  readonly memory: string;
  readonly os: string;
}

/** The machine this process runs on. */
export function describeMachine(): Machine {
  const cpus = os.cpus();
  const models = [...new Set(cpus.map((cpu) => cpu.model.trim()))].join(", ") || "unknown CPU";
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    node: process.version,
    cpu: `${models}, ${cpus.length} logical CPU${cpus.length === 1 ? "" : "s"}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

function decimalsOf(row: Row): number {
  if (row.decimals !== undefined) return row.decimals;
  switch (row.unit) {
    case "B":
    case "requests":
    case "count":
      return 0;
    case "×":
      return 2;
    default:
      return 1;
  }
}

function formatValue(value: number, row: Row): string {
  const text = value.toFixed(decimalsOf(row));
  return row.unit === "×"
    ? `${text}×`
    : row.unit === "requests" || row.unit === "count"
      ? text
      : `${text} ${row.unit}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** The markdown table of every section's rows. */
export function renderTable(sections: readonly Section[]): string {
  const lines = [
    "| Area | Measure | Median | Min | Max | Runs | Target | Met |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const section of sections) {
    section.rows.forEach((row, i) => {
      const f = row.figure;
      lines.push(
        "| " +
          [
            i === 0 ? `**${section.title}**` : "",
            row.measure,
            f ? formatValue(f.median, row) : "",
            f ? formatValue(f.min, row) : "",
            f ? formatValue(f.max, row) : "",
            f ? String(f.runs) : "",
            row.target ?? "—",
            row.met === undefined ? "—" : row.met ? "yes" : "**no**",
          ]
            .map(cell)
            .join(" | ") +
          " |",
      );
    });
  }
  return lines.join("\n");
}

/** The closing note: which targets are met, and for each one missed, why. */
export function renderClosingNote(sections: readonly Section[]): string {
  const targeted = sections.flatMap((s) =>
    s.rows.filter((r) => r.met !== undefined).map((r) => ({ section: s.title, row: r })),
  );
  const missed = targeted.filter(({ row }) => row.met === false);
  const lines = [
    `${targeted.length - missed.length} of ${targeted.length} targets met.` +
      (missed.length === 0 ? " None missed." : ` Not met:`),
  ];
  for (const { section, row } of missed) {
    lines.push(`- **${section}, ${row.measure}**: ${row.why ?? "see the method notes"}`);
  }
  return lines.join("\n");
}

/** The whole document. */
export function renderReport(
  sections: readonly Section[],
  machine: Machine,
  runtimeSeconds: number,
): string {
  const parts = [
    "# Benchmarks",
    "",
    `Written by \`npm run bench\` (bench/): ${machine.date}, Node ${machine.node}, ` +
      `${machine.cpu}, ${machine.memory} RAM, ${machine.os}. ` +
      `The run took ${Math.round(runtimeSeconds)} s.`,
    "",
    "Everything runs on this machine against the emulator on loopback, through Pulumi's own " +
      "dynamic-provider host driven over gRPC as the engine drives it (devtools/). Each figure " +
      "is the median of several runs, with min and max; comparisons are ratios of runs " +
      "alternated in the same process, so that a noisy machine shifts both sides alike. " +
      "Absolute times are this machine's only.",
    "",
    renderTable(sections),
    "",
    "## Closing note",
    "",
    renderClosingNote(sections),
    "",
    "## Method",
  ];
  for (const section of sections) {
    parts.push("", `### ${section.title}`, "");
    for (const note of section.notes) {
      parts.push(`- ${note}`);
    }
  }
  return parts.join("\n") + "\n";
}

/**
 * `markdown` formatted with the repository's Prettier configuration, as `npm run format` would;
 * unchanged when Prettier is not installed.
 */
export async function formatMarkdown(markdown: string, file: string): Promise<string> {
  try {
    const prettier = (await import("prettier")) as typeof import("prettier");
    const options = (await prettier.resolveConfig(file)) ?? {};
    return await prettier.format(markdown, { ...options, parser: "markdown" });
  } catch {
    return markdown;
  }
}

/** Writes the report to `file`. */
export function writeReport(file: string, markdown: string): void {
  fs.writeFileSync(file, markdown);
}
