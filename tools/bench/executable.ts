/**
 * The plugin's self-contained executable (a Node.js single executable application,
 * tools/devtools/executables/) against the Node.js plugin and the Node.js classes (issue #31 §5),
 * side by side in one run:
 *
 * - cold start: spawn → port line → Configure → first Check of an SSH CA answered, for the
 *   executable of this machine (made from this working copy's `dist/`, cached in the temporary
 *   folder), the Node.js plugin (`pulumi-resource-ngrok-dynamic` from the consumer's
 *   `node_modules/.bin`, as `npm install` puts it) and Pulumi's dynamic-provider host with the
 *   class's `__provider`;
 * - a preview's Check and Diff calls sent over gRPC without the engine: wall time and the plugin
 *   process's CPU (executableCalls.ts);
 * - `pulumi up`, `preview`, `refresh`, `destroy` of `count` SSH CAs through the real CLI, the
 *   three stacks taking turns operation by operation, in an order that changes at each
 *   (rounds.ts); the executable's stack has the executable's folder first on `PATH` and not the consumer's
 *   `node_modules/.bin`, and its `PULUMI_HOME` is the stack's own, so the engine can find no other
 *   plugin. Besides each operation's wall time, the plugin process's CPU (hostCpuProbe.ts), which
 *   the engine's and the other engineers' work on the machine leave out;
 * - the installed size of each, and the bundle by package (executableSizes.ts).
 *
 * Fair by construction: every process this benchmark starts finds this benchmark's own Node.js
 * first on `PATH` (the Node.js plugin's `#!/usr/bin/env node`, the dynamic-provider host), and
 * each plugin process reports the Node.js it runs on, which the notes state beside the one the
 * executable embeds. Each ratio is the executable's median over the other's median; min and max
 * are the extremes of the per-round ratios. The load average goes into the notes: the machine is
 * shared.
 *
 * @module
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { cachedExecutable, hostTarget, PLUGIN_PROGRAM } from "../devtools/executables/index";
import { engineCli, OPERATIONS } from "./engineRun";
import {
  type Baseline,
  bundlePackageMeasure,
  callsCpuMeasure,
  callsMeasure,
  coldStartMeasure,
  pluginCpuMeasure,
  EXECUTABLE_TITLE,
  SIZE_MEASURES,
  stackMeasure,
} from "./executableRows";
import { type CallsCost, previewCalls } from "./executableCalls";
import { type InstalledSizes, measureSizes } from "./executableSizes";
import type { Consumer } from "./installedPackage";
import { coldStart, nodePluginExecutable } from "./plugin";
import { progress } from "./progress";
import type { Row, Section } from "./report";
import { cpuRatio, FINDINGS, nodeNote, stackWhy, TARGET } from "./executableNotes";
import { type SideRuns, stackRounds, turn } from "./rounds";
import { exact, ratio, summarize } from "./stats";

/** The target of the executable's size against a plain Node.js binary. */
const SIZE_TARGET = 1.5;
/** Bytes in a MB (the report's sizes are decimal megabytes). */
const MB = 1e6;
/** How many packages of the bundle get a row of their own (the rest are summed). */
const TOP_PACKAGES = 8;

/** The three ways of running the provider. */
type Side = "executable" | Baseline;
const SIDES: readonly Side[] = ["executable", "plugin", "classes"];

/** The load average as `uptime` prints it: 1, 5 and 15 minutes. */
function load(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
}

/**
 * Measures the executable against the Node.js plugin and the classes: `rounds` rounds, stacks
 * of `count` SSH CAs; `tarball` is the packed package (installation.ts) whose install is
 * measured.
 *
 * @throws Error on a machine with no executable target, or without the Pulumi CLI.
 */
export async function measureExecutable(
  consumer: Consumer,
  tarball: string,
  rounds: number,
  count: number,
): Promise<Section> {
  // The same Node.js for every process started here: the Node.js plugin's `#!/usr/bin/env node`
  // and the dynamic-provider host run the first `node` on PATH, which is this one's.
  const pathBefore = process.env.PATH;
  process.env.PATH = [path.dirname(process.execPath), pathBefore ?? ""].join(path.delimiter);
  try {
    return await measure(consumer, tarball, rounds, count);
  } finally {
    if (pathBefore === undefined) delete process.env.PATH;
    else process.env.PATH = pathBefore;
  }
}

async function measure(
  consumer: Consumer,
  tarball: string,
  rounds: number,
  count: number,
): Promise<Section> {
  const target = hostTarget();
  if (target === undefined) {
    throw new Error(`no executable is made for ${process.platform}-${process.arch}`);
  }
  const loadBefore = load();
  const started = Date.now();
  // cachedExecutable makes its staging folder in this one without creating it first.
  fs.mkdirSync(path.join(os.tmpdir(), "ngrok-dynamic-executables"), { recursive: true });
  const executable = await cachedExecutable(PLUGIN_PROGRAM, target);
  progress(`executable: ${executable} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  const section: Section = { title: EXECUTABLE_TITLE, rows: [], notes: [] };

  const plugin = nodePluginExecutable(consumer);
  const spawnOf: Record<Side, string | undefined> = { executable, plugin, classes: undefined };
  for (const side of SIDES) await coldStart(consumer, spawnOf[side]); // unrecorded: disk reads
  const starts: Record<Side, number[]> = { executable: [], plugin: [], classes: [] };
  for (let round = 0; round < 2 * rounds + 2; round++) {
    for (const side of turn(SIDES, round)) {
      starts[side].push(await coldStart(consumer, spawnOf[side]));
    }
  }
  for (const baseline of ["plugin", "classes"] as const) {
    section.rows.push(timed(coldStartMeasure(baseline), starts.executable, starts[baseline]));
  }
  progress("executable: cold starts measured");

  const calls: Record<"executable" | "plugin", CallsCost[]> = { executable: [], plugin: [] };
  await previewCalls(consumer, executable, count); // unrecorded, as the cold starts
  for (let round = 0; round < 2 * rounds + 2; round++) {
    for (const side of round % 2 === 0
      ? (["executable", "plugin"] as const)
      : (["plugin", "executable"] as const)) {
      calls[side].push(
        await previewCalls(consumer, side === "plugin" ? plugin : executable, count),
      );
    }
  }
  const callsRatio = ratio(
    calls.executable.map((c) => c.ms),
    calls.plugin.map((c) => c.ms),
  );
  section.rows.push({ measure: callsMeasure(count), figure: callsRatio, unit: "×" });
  const callsCpu = cpuRatio(
    calls.executable.map((c) => c.cpuMs),
    calls.plugin.map((c) => c.cpuMs),
  );
  if (callsCpu !== undefined) {
    section.rows.push({ measure: callsCpuMeasure(count), figure: callsCpu, unit: "×" });
  }
  progress("executable: a preview's calls without the engine measured");

  const runs = await stacks(consumer, executable, rounds, count);
  for (const op of OPERATIONS) {
    const cpu = cpuRatio(runs.executable.pluginCpuMs[op], runs.plugin.pluginCpuMs[op]);
    for (const baseline of ["plugin", "classes"] as const) {
      const row = timed(
        stackMeasure(count, op, baseline),
        runs.executable.ms[op],
        runs[baseline].ms[op],
      );
      section.rows.push(
        row.met === false && baseline === "plugin"
          ? { ...row, why: stackWhy(row, cpu, op === "preview" ? callsCpu : undefined) }
          : row,
      );
    }
    if (cpu !== undefined) {
      section.rows.push({ measure: pluginCpuMeasure(count, op), figure: cpu, unit: "×" });
    }
  }

  const sizes = await measureSizes(executable, target, tarball);
  section.rows.push(...sizeRows(sizes));
  progress("executable: sizes measured");

  const median = (values: number[]) => summarize(values).median.toFixed(0);
  const cpuMedian = (values: (number | undefined)[]) => {
    const known = values.filter((v): v is number => v !== undefined);
    return known.length === 0 ? "not measured" : `${median(known)} ms`;
  };
  const cli = engineCli(consumer, "the executable benchmark");
  section.notes.push(
    `The executable: ${PLUGIN_PROGRAM.name} for ${target.os}-${target.arch}, the plugin's ` +
      `esbuild bundle injected into ${sizes.node.name} (tools/devtools/executables/), made from this ` +
      "working copy's dist/. The Node.js plugin: the packed package's bin, a Node.js script that " +
      "loads the package and @pulumi/pulumi's gRPC stubs. The classes: Pulumi's " +
      "dynamic-provider host with the class's __provider.",
    nodeNote(target.runtime.version, runs),
    `Cold start: each spawned ${2 * rounds + 2} times after one unrecorded spawn, the order ` +
      `changing at each (each side at each place and after each other side alike); medians ${median(starts.executable)} ms (executable), ` +
      `${median(starts.plugin)} ms (Node.js plugin), ${median(starts.classes)} ms (host).`,
    `A preview's calls without the engine: a Check and a Diff of each of ${count} SSH CAs, ten ` +
      "at a time, over gRPC to a started and configured plugin, " +
      `${2 * rounds + 2} times each after one unrecorded run, the order alternating; medians ` +
      `${median(calls.executable.map((c) => c.ms))} ms (executable) and ` +
      `${median(calls.plugin.map((c) => c.ms))} ms (Node.js plugin) of wall time, ` +
      `${cpuMedian(calls.executable.map((c) => c.cpuMs))} and ` +
      `${cpuMedian(calls.plugin.map((c) => c.cpuMs))} of the plugin process's CPU ` +
      "(`/proc/<pid>/stat`, 10 ms ticks).",
    `Stacks: ${count} SSH CAs of each kind, the same inputs, through Pulumi CLI ${cli.version}, ` +
      "each on an emulator of its own without a rate limit, pacing off; " +
      `${rounds} round(s), the three stacks taking turns operation by operation, the order ` +
      "changing at each (tools/bench/rounds.ts, turn). Medians (ms), executable / Node.js plugin / " +
      "classes: " +
      OPERATIONS.map(
        (op) =>
          `${op} ${median(runs.executable.ms[op])} / ${median(runs.plugin.ms[op])} / ` +
          `${median(runs.classes.ms[op])}`,
      ).join(", ") +
      ". The plugin process's CPU in each (user + system, from `process.resourceUsage()` at " +
      "its exit, tools/bench/hostCpuProbe.ts), executable / Node.js plugin: " +
      OPERATIONS.map(
        (op) =>
          `${op} ${cpuMedian(runs.executable.pluginCpuMs[op])} / ` +
          `${cpuMedian(runs.plugin.pluginCpuMs[op])}`,
      ).join(", ") +
      ".",
    ...FINDINGS,
    `Sizes in MB of 10⁶ bytes. The Node.js plugin as installed: \`npm install --omit=dev ` +
      "--prefer-offline --ignore-scripts` of the packed package into an empty project (with its " +
      `peer @pulumi/pulumi), node_modules measured by \`du -sb\`: ${sizes.plugin.files} files, ` +
      `${(sizes.plugin.diskBytes / MB).toFixed(1)} MB on disk (\`du -sk\`). The plain Node.js ` +
      `binary: ${sizes.node.name}'s bin/node. The bundle: ${bundleLine(sizes)}.`,
    `Load average (1, 5, 15 min) at the start: ${loadBefore}; at the end: ${load()}; 2 cores ` +
      "shared with other engineers' tests. The spread of a wall-time ratio (min–max of the " +
      "per-round ratios) is that noise; the plugin's CPU ratios are what the executable itself " +
      "costs.",
  );
  return section;
}

/** The row of a ratio of timings, the executable's `ours` against `baseline`'s. */
function timed(measure: string, ours: number[], baseline: number[]): Row {
  const figure = ratio(ours, baseline);
  return {
    measure,
    figure,
    unit: "×",
    target: `≤ ${TARGET.toFixed(1)}`,
    met: figure.median <= TARGET,
    why:
      `median ${figure.median.toFixed(2)}× in ${figure.runs} run(s), spread ` +
      `${figure.min.toFixed(2)}–${figure.max.toFixed(2)}× on a machine shared with other work ` +
      "(see the load in the method notes)",
  };
}

/** Runs the three stacks `rounds` times, returning each operation's figures by side. */
function stacks(
  consumer: Consumer,
  executable: string,
  rounds: number,
  count: number,
): Promise<SideRuns<Side>> {
  const cli = engineCli(consumer, "the executable benchmark");
  // Only the executable's folder holds a `pulumi-resource-ngrok-dynamic` on this PATH.
  const executablePath = [path.dirname(executable), cli.binDir, process.env.PATH ?? ""].join(
    path.delimiter,
  );
  return stackRounds<Side>({
    cli,
    consumer,
    sides: SIDES.map((name) => ({
      name,
      kind: name === "classes" ? "ours" : "plugin",
      env: name === "executable" ? { PATH: executablePath } : undefined,
    })),
    rounds,
    count,
    label: "executable",
  });
}

/** The size rows: each install, the executable's ratios, the bundle and its top packages. */
export function sizeRows(sizes: InstalledSizes): Row[] {
  const mb = (measure: string, bytes: number, decimals = 1): Row => ({
    measure,
    figure: exact(bytes / MB),
    unit: "MB",
    decimals,
  });
  const overNode = exact(sizes.executableBytes / sizes.node.bytes);
  const top = sizes.bundle.byPackage.slice(0, TOP_PACKAGES);
  const rest = sizes.bundle.byPackage.slice(TOP_PACKAGES).reduce((sum, [, b]) => sum + b, 0);
  return [
    mb(SIZE_MEASURES.executable, sizes.executableBytes),
    mb(SIZE_MEASURES.plugin, sizes.plugin.bytes),
    mb(SIZE_MEASURES.node, sizes.node.bytes),
    {
      measure: SIZE_MEASURES.overNode,
      figure: overNode,
      unit: "×",
      target: `≤ ${SIZE_TARGET}`,
      met: overNode.median <= SIZE_TARGET,
      why:
        `${(sizes.executableBytes / MB).toFixed(1)} MB against ` +
        `${(sizes.node.bytes / MB).toFixed(1)} MB for ${sizes.node.name}`,
    },
    {
      measure: SIZE_MEASURES.overPlugin,
      figure: exact(sizes.executableBytes / sizes.plugin.bytes),
      unit: "×",
    },
    mb(SIZE_MEASURES.bundle, sizes.bundle.bytes, 2),
    ...top.map(([name, bytes]) => mb(bundlePackageMeasure(name), bytes, 2)),
    ...(rest > 0
      ? [mb(bundlePackageMeasure(`${sizes.bundle.byPackage.length - top.length} others`), rest, 2)]
      : []),
  ];
}

/** The bundle's packages, largest first, as one line of the notes. */
function bundleLine(sizes: InstalledSizes): string {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
  return (
    `${sizes.bundle.byPackage.length} packages or local folders, ` +
    sizes.bundle.byPackage
      .slice(0, 2 * TOP_PACKAGES)
      .map(([name, bytes]) => `${name} ${kb(bytes)}`)
      .join(", ") +
    (sizes.bundle.byPackage.length > 2 * TOP_PACKAGES ? ", …" : "")
  );
}
