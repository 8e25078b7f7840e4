/**
 * What the executable benchmark (executable.ts) says beside its figures: the CPU ratios, the
 * Node.js each side ran, why an operation misses its target, and what the profile of issue #38
 * §14 found.
 *
 * @module
 */
import type { Row } from "./report";
import type { SideRun } from "./rounds";
import { ratio, type Summary } from "./stats";

/** The target of each timing ratio, executable ÷ Node.js plugin and ÷ classes. */
export const TARGET = 1.0;

/**
 * What the profile of issue #38 §14 found, for the notes (contributing/releasing.md#executables
 * tells the same): the figures are valgrind's, taken once; the rows above are this run's.
 */
export const FINDINGS: readonly string[] = [
  "Why the executable measured slower than the Node.js plugin before (issue #38 §14), from " +
    "valgrind's callgrind (instructions of the plugin process, all its threads, Node.js 24.21.0 " +
    "on both sides; the machine's noise does not enter them): handling a preview's 300 Check + " +
    "Diff calls costs the same in the executable, in its bundle under plain `node` and in the " +
    "Node.js plugin (1,058 M, 1,046 M and 1,053 M instructions); a start (spawn → Configure → " +
    "first Check) cost the executable 611 M against 706 M for the Node.js plugin, 58 M of them " +
    "V8 decoding the whole 4 MB bundle from UTF-8 into a two-byte string, for 19 non-ASCII " +
    "characters in doc comments that esbuild keeps. The bundle is now ASCII only " +
    "(`minifyWhitespace`, 2.8 MB): a start costs 541 M. It loads the same 174 modules as the " +
    "Node.js plugin (no lazy `require` made eager); no V8 flag tried lowers the total, and " +
    "Node.js 24 cannot snapshot `http2` or `tls`, which @grpc/grpc-js loads. The rest of the " +
    "earlier runs' gap (preview 1.13–1.18×, 3 rounds, no CPU measured) was noise: eight " +
    "previews taking turns gave the old executable 0.93× the wall time and 1.02× the plugin " +
    'CPU, the new one 0.90× and 0.84×. contributing/releasing.md, "Executables", has the ' +
    "figures.",
];

/** The ratio of two sides' CPU figures, or `undefined` when either side lacks one. */
export function cpuRatio(
  ours: readonly (number | undefined)[],
  baseline: readonly (number | undefined)[],
): Summary | undefined {
  const known = (values: readonly (number | undefined)[]) =>
    values.filter((v): v is number => v !== undefined && v > 0);
  const [a, b] = [known(ours), known(baseline)];
  return a.length === 0 || a.length !== ours.length || b.length !== baseline.length
    ? undefined
    : ratio(a, b);
}

/** The note on the Node.js each side ran: the executable's embedded one, the plugin's processes'. */
export function nodeNote(
  embedded: string,
  runs: Record<"executable" | "plugin", Pick<SideRun, "pluginNodes">>,
): string {
  const list = (nodes: ReadonlySet<string>) =>
    nodes.size === 0 ? "none reported" : [...nodes].sort().join(", ");
  const executable = list(runs.executable.pluginNodes);
  const plugin = list(runs.plugin.pluginNodes);
  const same =
    runs.plugin.pluginNodes.size === 1 &&
    runs.executable.pluginNodes.size === 1 &&
    plugin === executable &&
    executable === `v${embedded}`;
  return (
    `Node.js: the executable embeds ${embedded} and its processes reported ${executable}; ` +
    `the Node.js plugin's processes reported ${plugin} (this benchmark's own Node.js, first on ` +
    "PATH for every process it starts)" +
    (same
      ? ": the same Node.js on both sides."
      : ": **not the same Node.js on both sides**, so the ratios also compare Node.js versions.")
  );
}

/**
 * Why an operation of the executable misses its target against the Node.js plugin, given the
 * plugin process's CPU in the same operations (executable ÷ Node.js plugin) and, for a preview,
 * the same calls' CPU without the engine.
 */
export function stackWhy(row: Row, cpu: Summary | undefined, calls?: Summary): string {
  const figure = (s: Summary) =>
    `${s.median.toFixed(2)}× (${s.min.toFixed(2)}–${s.max.toFixed(2)}×)`;
  const parts = [row.why ?? ""];
  if (cpu !== undefined) {
    parts.push(`the executable's process spent ${figure(cpu)} the Node.js plugin's CPU`);
  }
  if (calls !== undefined) {
    parts.push(
      `the same Check and Diff calls sent over gRPC without the engine cost ${figure(calls)} ` +
        "its CPU",
    );
  }
  const own = [cpu, calls].filter((s): s is Summary => s !== undefined);
  if (own.length === 0) return parts.join("; ");
  return (
    parts.join("; ") +
    (own.every((s) => s.median <= TARGET)
      ? ": the executable's own work is no more than the Node.js plugin's, so the gap is the " +
        "engine's and the machine's noise (see the spread and the load), not the executable"
      : ": the executable's own work is more than the Node.js plugin's")
  );
}
