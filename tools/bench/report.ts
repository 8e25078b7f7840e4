/**
 * The report, BENCHMARKS.md: on its first screen a summary of the headline ratios (against a bare
 * dynamic provider, a trivial one and ngrok's rate limit), what each means for a user, the
 * targets, the machines and the commands, rendered from the figures of the sections below; then
 * each section with the run its figures are from, its table (median, min, max, runs, target,
 * met) and its method notes; then the closing note on targets. Formatted with the repository's
 * Prettier settings so that `npm run lint` accepts the file as written. `./splice` reads it back.
 *
 * @module
 */
import * as fs from "node:fs";
import * as os from "node:os";
import { executableSummary } from "./executableSummary";
import { ipPolicyRulesSummary } from "./ipPolicyRulesRows";
import type { Summary } from "./stats";
import {
  isPrevious,
  PREVIOUS_HEADING,
  PREVIOUS_INTRO,
  previousFigures,
  renderToolchainChange,
} from "./toolchain";

/** One line of the table. */
export interface Row {
  readonly measure: string;
  /** Absent for a row that only states a fact (e.g. which requests were sent). */
  readonly figure?: Summary;
  readonly unit: "B" | "MB" | "ms" | "×" | "requests" | "ms CPU" | "%" | "count";
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

/** The columns of a section's table, in order. */
const COLUMNS = ["Measure", "Median", "Min", "Max", "Runs", "Target", "Met"] as const;

/** How the sections of one invocation of the benchmark were measured. */
export interface RunInfo {
  /** Where and when. */
  readonly machine: Machine;
  /** The command, e.g. `npm run bench` or `node dist/tools/bench/index.js --only pacing`. */
  readonly command: string;
  /** How long the whole invocation took. */
  readonly runtimeSeconds: number;
  /** The Pulumi CLI's version (`pulumi version` without the `v`); absent when none was found. */
  readonly cli?: string;
  /** The version of `@pulumi/pulumi` the programs, the classes and the plugin load. */
  readonly pulumiSdk?: string;
}

/**
 * A section as BENCHMARKS.md holds it, every cell as text: what a new run renders and what a
 * run with `--only` keeps of the sections it does not measure again.
 */
export interface SectionText {
  readonly title: string;
  /**
   * The run the figures are from: `Measured <date>, by <command> (<s> s), on Node <v>, Pulumi CLI
   * <v> with @pulumi/pulumi <v>, <machine>.` (runs before 2026-11-27 name no CLI).
   */
  readonly run: string;
  /** The table's rows, each {@link COLUMNS}' cells. */
  readonly rows: readonly (readonly string[])[];
  /** The method notes, each a markdown list line (`- …`). */
  readonly method: readonly string[];
  /** The closing note's lines for the targets this section misses (`- **<title>, …**: why`). */
  readonly missed: readonly string[];
}

/** The line that says which run a section's figures are from. */
export function runLine(run: RunInfo): string {
  const { machine } = run;
  const sdk = run.pulumiSdk === undefined ? "" : ` with @pulumi/pulumi ${run.pulumiSdk}`;
  return (
    `Measured ${machine.date}, by \`${run.command}\` (${Math.round(run.runtimeSeconds)} s), on ` +
    `Node ${machine.node}, Pulumi CLI ${run.cli ?? "not found"}${sdk}, ${machine.cpu}, ` +
    `${machine.memory} RAM, ${machine.os}.`
  );
}

/** A measured section as the document holds it, its run being `run`. */
export function sectionText(section: Section, run: RunInfo | string): SectionText {
  return {
    title: section.title,
    run: typeof run === "string" ? run : runLine(run),
    rows: section.rows.map((row) => {
      const f = row.figure;
      return [
        row.measure,
        f ? formatValue(f.median, row) : "",
        f ? formatValue(f.min, row) : "",
        f ? formatValue(f.max, row) : "",
        f ? String(f.runs) : "",
        row.target ?? "—",
        row.met === undefined ? "—" : row.met ? "yes" : "**no**",
      ];
    }),
    method: section.notes.map((note) => `- ${note}`),
    missed: section.rows
      .filter((row) => row.met === false)
      .map((row) => `- **${section.title}, ${row.measure}**: ${row.why ?? "see the method notes"}`),
  };
}

/** The markdown table of a section's rows. */
export function renderTable(rows: readonly (readonly string[])[]): string {
  return [
    `| ${COLUMNS.join(" | ")} |`,
    `| ${COLUMNS.map(() => "---").join(" | ")} |`,
    ...rows.map((cells) => `| ${cells.map(cell).join(" | ")} |`),
  ].join("\n");
}

/** Whether a row has a target (its Met cell says yes or no). */
function targeted(cells: readonly string[]): boolean {
  return ["yes", "**no**"].includes(cells[6]);
}

/**
 * The closing note: which targets of the current sections are met, and for each one missed, why;
 * then what changed from the previous toolchain's kept sections.
 */
export function renderClosingNote(all: readonly SectionText[]): string {
  const sections = all.filter((s) => !isPrevious(s));
  const count = sections.reduce((n, s) => n + s.rows.filter(targeted).length, 0);
  const missed = sections.flatMap((s) => s.missed);
  return [
    `${count - missed.length} of ${count} targets met.` +
      (missed.length === 0 ? " None missed." : " Not met:"),
    ...(missed.length === 0 ? [] : ["", ...missed]),
    ...renderToolchainChange(all),
  ].join("\n");
}

const INTRO =
  "Everything runs against the emulator on loopback, through Pulumi's own dynamic-provider host " +
  "(driven over gRPC as the engine drives it, tools/devtools/) or through the real Pulumi CLI. Each " +
  "figure is the median of several runs, with min and max; comparisons are ratios of runs " +
  "alternated in the same process, so that a noisy machine shifts both sides alike. Absolute " +
  "times are the measuring machine's only. Each section says which run its figures are from.";

/** The whole document: the summary, each section (its run, table and method), the closing note. */
export function renderDocument(sections: readonly SectionText[]): string {
  const parts = [
    "# Benchmarks",
    "",
    "## Summary",
    "",
    renderSummary(sections),
    "",
    "## Results",
    "",
    INTRO,
  ];
  const previous = sections.filter(isPrevious);
  const push = (section: SectionText) => {
    parts.push("", `### ${section.title}`, "", section.run, "", renderTable(section.rows));
    if (section.method.length > 0) parts.push("", "Method:", "", ...section.method);
  };
  sections.filter((s) => !isPrevious(s)).forEach(push);
  if (previous.length > 0) parts.push("", PREVIOUS_HEADING, "", PREVIOUS_INTRO);
  previous.forEach(push);
  parts.push("", "## Closing note", "", renderClosingNote(sections));
  return parts.join("\n") + "\n";
}

/** The whole document of one run that measured `sections`. */
export function renderReport(sections: readonly Section[], run: RunInfo): string {
  return renderDocument(sections.map((section) => sectionText(section, run)));
}

/** A figure of the document: a row's median, and the date of the run it is from. */
export interface Found {
  readonly median: string;
  readonly date: string;
}

/**
 * The summary on the document's first screen, from the sections' own figures: the headline
 * ratios against a bare dynamic provider, a trivial one and ngrok's rate limit, what each means
 * for a user, the one "no" of the provider-overhead table in its context, the targets, the
 * machines and the commands that measure them again. A figure not in `sections` is said to be
 * missing, with the command that measures it.
 */
export function renderSummary(all: readonly SectionText[]): string {
  const sections = all.filter((s) => !isPrevious(s));
  const missing = new Set<string>();
  const find = (titlePrefix: string, measure: string): Found | undefined => {
    const section = sections.find((s) => s.title.startsWith(titlePrefix));
    const row = section?.rows.find((cells) => cells[0] === measure);
    if (section === undefined || row === undefined || row[1] === "") {
      missing.add(`${titlePrefix}: ${measure}`);
      return undefined;
    }
    return { median: row[1], date: /^Measured (\S+?),/.exec(section.run)?.[1] ?? "an earlier run" };
  };
  const NOT_MEASURED = "(not in this file)";
  const list = (found: (Found | undefined)[], names: readonly string[]) =>
    names.map((name, i) => `${name} ${found[i]?.median ?? NOT_MEASURED}`).join(", ");
  const runOf = (found: (Found | undefined)[]) => {
    const dates = [...new Set(found.flatMap((f) => (f ? [f.date] : [])))];
    return dates.length === 0 ? "" : ` (run of ${dates.join(" and ")})`;
  };
  const OPS = ["up", "preview", "refresh", "destroy"] as const;
  const COST = "Per-resource cost";
  const bareMeasures = OPS.map((op) => `300 SSH CAs: pulumi ${op}, ours ÷ bare`);
  const bare = bareMeasures.map((measure) => find(COST, measure));
  const overBare = OPS.filter((_, i) => parseFloat(bare[i]?.median ?? "0") > 1.1);
  const PLUGIN = "Provider plugin";
  const pluginMeasures = [
    "cold start (spawn → first Check answered), plugin ÷ dynamic-provider host",
    ...OPS.map((op) => `300 SSH CAs, pulumi ${op}: plugin ÷ classes`),
  ];
  const pluginNames = ["cold start", ...OPS.map((op) => `300 SSH CAs ${op}`)];
  const plugin = pluginMeasures.map((measure) => find(PLUGIN, measure));
  const trivial = OPS.map((op) => find(COST, `300 SSH CAs: pulumi ${op}, ours ÷ trivial`));
  const oneCa = OPS.map((op) =>
    find("Real engine", `1 SSH CA: pulumi ${op}, ÷ the same stack of a trivial dynamic resource`),
  );
  const paced = find(
    "Pacing",
    "300 SSH CAs, pacing on: up + refresh + destroy, wall time ÷ (accepted requests ÷ rate)",
  );
  const refusedOn = find("Pacing", "300 SSH CAs, pacing on: requests answered 429 ÷ requests sent");
  const refusedOff = find(
    "Pacing",
    "300 SSH CAs, pacing off: requests answered 429 ÷ requests sent",
  );
  const overhead = find(
    "Provider overhead",
    "200 SSH CA lifecycles at concurrency 10: ours through the host ÷ bare node-fetch",
  );
  const floor = find(
    "Provider overhead",
    "bare-fetch provider through the host ÷ bare node-fetch (the host path's floor)",
  );
  const viaHost = find(
    "Provider overhead",
    "ours through the host ÷ bare-fetch provider through the same host",
  );
  const count = sections.reduce((n, s) => n + s.rows.filter(targeted).length, 0);
  const missed = sections.reduce((n, s) => n + s.missed.length, 0);
  const machines = [...new Set(sections.flatMap((s) => /, on (.*)\.$/.exec(s.run)?.[1] ?? []))];

  const lines = [
    "Is it fast? Through the real Pulumi CLI, a stack of this package's resources costs about " +
      "what Pulumi itself costs, and a stack larger than ngrok's rate limit takes as long as the " +
      "limit allows. Ratios below 1 are faster than the reference, above 1 slower.",
    "",
    `- **Against a bare dynamic provider**, 300 SSH CAs, ours ÷ bare: ${list(bare, OPS)}` +
      `${runOf(bare)}${previousFigures(all, COST, bareMeasures, OPS)}. The bare provider is the ` +
      "same CA written as a user would with global " +
      "`fetch`, without validation, retries or pacing" +
      (overBare.length === 0
        ? ": what this package adds costs nothing measurable at that size."
        : `; above the 1.1× target in ${overBare.join(" and ")}: see the closing note.`),
    `- **Against a trivial dynamic provider**, which calls no API: 300 SSH CAs ` +
      `${list(trivial, OPS)}${runOf(trivial)}; 1 SSH CA ${list(oneCa, OPS)}${runOf(oneCa)}. ` +
      "The time of an operation is Pulumi's own (the engine and its dynamic-provider host), " +
      "which any dynamic provider pays; a refresh adds one `GET` per resource.",
    `- **Against ngrok's rate limit** (120 requests per 60 s): 300 SSH CAs up, refresh and ` +
      `destroy took ${paced?.median ?? NOT_MEASURED} of the time the limit allows for their ` +
      `requests, with ${refusedOn?.median ?? NOT_MEASURED} of requests answered 429 (without the ` +
      `provider's pacing: ${refusedOff?.median ?? NOT_MEASURED})${runOf([paced, refusedOn, refusedOff])}. ` +
      "A big stack is as fast as the limit lets it be, and the provider does not spend your " +
      "account's limit on refused requests.",
    `- **The one "no" of Provider overhead** (${overhead?.median ?? NOT_MEASURED} for 200 CA ` +
      `lifecycles, ours through the dynamic-provider host ÷ bare node-fetch in one process, no ` +
      `Pulumi at all): the host alone costs more, since a bare-fetch provider through the same ` +
      `host is ${floor?.median ?? NOT_MEASURED} bare node-fetch and ours is ` +
      `${viaHost?.median ?? NOT_MEASURED} of that provider${runOf([overhead, floor, viaHost])}. ` +
      "It is the price of any dynamic provider, not of this one.",
    `- **The provider plugin against the Node.js classes** (\`pulumi-resource-ngrok-dynamic\` ` +
      `and its schema's types against the classes through the dynamic-provider host), plugin ÷ ` +
      `classes: ${list(plugin, pluginNames)}${runOf(plugin)}` +
      `${previousFigures(all, PLUGIN, pluginMeasures, pluginNames)}.`,
    executableSummary(find, runOf),
    ipPolicyRulesSummary(find, runOf),
    "",
    `${count - missed} of ${count} targets met; the misses and why: [Closing note](#closing-note).`,
  ];
  if (missing.size > 0) {
    lines.push(
      "",
      `Not in this file, so missing above: ${[...missing].join("; ")}. ` +
        "`node dist/tools/bench/index.js --only <module>` measures a section again (tools/bench/index.ts " +
        "lists the modules).",
    );
  }
  lines.push(
    "",
    `Machines (each section names its run's): ${machines.join("; ") || "not recorded"}; each ` +
      "shared with other work, the emulator on loopback. The ratios compare runs alternated on " +
      "one machine; absolute times are that machine's only.",
    "",
    "Reproduce: `npm run pulumi:install` once (the real CLI), then `npm run bench` on an idle " +
      "machine (every section; the real-CLI ones take tens of minutes), or " +
      "`node dist/tools/bench/index.js --only stackCost,pacing,overhead` for the sections above; a run " +
      "with `--only` replaces those sections here and keeps the others with their runs.",
  );
  return lines.join("\n");
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
