/**
 * `npm run bench`: what the provider costs, measured side by side in one run, against the
 * emulator on loopback and through Pulumi's own dynamic-provider host driven as the engine
 * drives it (tools/devtools/):
 *
 * 1. API requests per engine step, for each resource (requestCounts.ts);
 * 2. the size of the serialized provider in state, from the package installed with `npm pack`
 *    at two paths (providerSize.ts);
 * 3. plugin cold start against a trivial dynamic provider (coldStart.ts);
 * 4. provider overhead: 200 SSH CA lifecycles through the host against bare node-fetch
 *    (overhead.ts);
 * 5. emulator responsiveness while rsa-4096 keys are generated (emulatorLatency.ts);
 * 6. the real engine: `pulumi up`, `preview`, `refresh` and `destroy` of 1, 10 and 50 SSH CAs
 *    through the real Pulumi CLI, against the same stacks of a trivial dynamic resource
 *    (realEngine.ts; needs the CLI: `npm run pulumi:install`);
 * 7. pacing: 300 SSH CAs up, refresh and destroy through the real CLI against the emulator's
 *    scaled rate limit, the provider's pacing on and off; a small stack on against off
 *    (pacing.ts; needs the CLI);
 * 8. per-resource cost: up, preview, refresh and destroy of 10, 100 and 300 SSH CAs through the
 *    real CLI against the bare (global `fetch`) and trivial reference providers: ratios,
 *    checkpoint bytes per resource, requests, connections, the host's CPU (stackCost.ts);
 * 9. big stacks: 300 SSH CAs under `--parallel` and `PULUMI_SKIP_CHECKPOINTS`, and the
 *    checkpoint writes of each operation (stackCost.ts; needs the CLI);
 * 10. promise stacks: 300 SSH CAs with the classes skipping Pulumi's per-promise stack traces
 *    against recording them, side by side (promiseStacks.ts; needs the CLI);
 * 11. the provider plugin against the classes: cold start and 300 SSH CAs (plugin.ts; needs the
 *    CLI);
 * 12. the plugin's self-contained executable against the Node.js plugin and the classes: cold
 *    start, 300 SSH CAs, and the installed size of each (executable.ts; needs the CLI);
 * 13. the traffic policy check: YAML policies of 10 to 5,000 rules, each with a CEL expression
 *    and an interpolation, checked warm, and 1,000 rules in a fresh process (policyCheck.ts);
 * 14. at scale (#50): one IP policy and 300 rules up, updated, refreshed and destroyed through
 *    the real CLI against ngrok's rate limit with the provider's pacing on (ipPolicyRules.ts;
 *    needs the CLI).
 *
 * Progress goes to stderr; the report (report.ts: a summary of the headline ratios, then each
 * section with the run its figures are from) goes to stdout and to BENCHMARKS.md.
 * `node dist/tools/bench/index.js --quick` runs one round of each, to check the harness; it does not
 * write BENCHMARKS.md. `node dist/tools/bench/index.js --only pacing,overhead` (modules: requests,
 * sizes, coldStart, overhead, latency, realEngine, pacing, stackCost, bigStacks, promiseStacks,
 * plugin, executable, policyCheck, ipPolicyRules) runs those alone and splices their sections into the
 * BENCHMARKS.md already written (splice.ts). `--raw` renders the per-resource cost section again from the runs its last measurement kept, without measuring (its run line
 * stays that measurement's); `--render` renders BENCHMARKS.md again from what it holds (the
 * summary from its figures), measuring nothing; with `--drop-previous` it also drops the sections
 * kept from the previous toolchain (splice.ts), which a run on a new Node.js or Pulumi CLI keeps
 * until the next release. Each run line names Node.js, the Pulumi CLI and `@pulumi/pulumi`.
 * `--big-stack-size <n>` sets the big-stack module's stack size (default 300); `--rounds <n>` sets
 * the rounds of the real-CLI comparisons (stackCost, promiseStacks, plugin, executable; default
 * 3) and `--cost-sizes 10,300` the per-resource cost's stack sizes (default 10,100,300), for a
 * machine too loaded to run them all in the time there is. The run line names the flags.
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { measureColdStart } from "./coldStart";
import { measureEmulatorLatency } from "./emulatorLatency";
import { installPackage, REPO } from "./installedPackage";
import { measureOverhead } from "./overhead";
import { measurePacing } from "./pacing";
import { elapsedSeconds, progress } from "./progress";
import { measureProviderSize } from "./providerSize";
import { measureRealEngine } from "./realEngine";
import {
  describeMachine,
  formatMarkdown,
  renderDocument,
  renderReport,
  type RunInfo,
  type Section,
  writeReport,
} from "./report";
import { measureRequestCounts } from "./requestCounts";
import { findPulumiCli, pinnedPulumiVersion } from "../devtools/pulumiCli";
import { dropPrevious, parseDocument, spliceReport } from "./splice";
import { measurePromiseStacks } from "./promiseStacks";
import { measurePlugin } from "./plugin";
import { measureExecutable } from "./executable";
import { measurePolicyCheck } from "./policyCheck";
import { measureIpPolicyRules } from "./ipPolicyRules";
import { measureBigStacks, measureStackCost, stackCostFromRaw } from "./stackCost";

const REPORT_FILE = path.join(REPO, "BENCHMARKS.md");

/** The modules, in the report's order. */
const MODULES = [
  "requests",
  "sizes",
  "coldStart",
  "overhead",
  "latency",
  "realEngine",
  "pacing",
  "stackCost",
  "bigStacks",
  "promiseStacks",
  "plugin",
  "executable",
  "policyCheck",
  "ipPolicyRules",
] as const;
type Module = (typeof MODULES)[number];

/** `--raw`: the per-resource cost section from the runs the last measurement kept. */
const raw = process.argv.includes("--raw");
/** `--big-stack-size <n>`: the stack size of the big-stack module (default 300). */
const bigStackSize =
  Number(process.argv[process.argv.indexOf("--big-stack-size") + 1] ?? 300) || 300;
/** The value after `flag` on the command line, `undefined` without the flag. */
const flagValue = (flag: string) =>
  process.argv.includes(flag) ? process.argv[process.argv.indexOf(flag) + 1] : undefined;
/** `--rounds <n>`: rounds of the real-CLI comparisons. */
const costRounds = Number(flagValue("--rounds") ?? 3) || 3;
/** `--cost-sizes 10,300`: the per-resource cost's stack sizes. */
const costSizes = (flagValue("--cost-sizes") ?? "10,100,300").split(",").map(Number);
if (costSizes.some((n) => !Number.isInteger(n) || n < 1)) {
  throw new Error(
    `--cost-sizes takes stack sizes such as 10,300; got ${flagValue("--cost-sizes")}`,
  );
}

async function main(quick: boolean, only: readonly Module[] | undefined): Promise<void> {
  const rounds = quick
    ? {
        requests: 1,
        coldStart: 1,
        overhead: 1,
        latency: 1,
        realEngine: 1,
        pacing: 1,
        cost: 1,
        policyCheck: 1,
      }
    : {
        requests: 3,
        coldStart: 6,
        overhead: 5,
        latency: 3,
        realEngine: 3,
        pacing: 7,
        cost: costRounds,
        policyCheck: 5,
      };
  progress("packing the package and installing it in two consumer directories");
  const installation = await installPackage();
  const sections: Section[] = [];
  try {
    const [consumer] = installation.consumers;
    progress(`installed ${path.basename(installation.tarball)} under ${installation.root}`);
    const run: Record<Module, () => Promise<Section>> = {
      requests: () => measureRequestCounts(consumer, rounds.requests),
      sizes: async () => {
        const section = measureProviderSize(installation.consumers);
        progress("serialized provider sizes compared");
        return section;
      },
      coldStart: () => measureColdStart(consumer, rounds.coldStart),
      overhead: () => measureOverhead(consumer, rounds.overhead),
      latency: () => measureEmulatorLatency(rounds.latency),
      realEngine: () => measureRealEngine(consumer, rounds.realEngine),
      pacing: () => measurePacing(consumer, rounds.pacing),
      stackCost: async () =>
        raw
          ? stackCostFromRaw(consumer)
          : measureStackCost(consumer, rounds.cost, quick ? [10] : costSizes),
      bigStacks: () => measureBigStacks(consumer, 1, quick ? 10 : bigStackSize),
      promiseStacks: () => measurePromiseStacks(consumer, rounds.cost, quick ? 10 : 300),
      plugin: () => measurePlugin(consumer, rounds.cost, quick ? 10 : 300),
      executable: () =>
        measureExecutable(consumer, installation.tarball, rounds.cost, quick ? 10 : 300),
      policyCheck: () => measurePolicyCheck(rounds.policyCheck),
      ipPolicyRules: () => measureIpPolicyRules(consumer, quick ? 10 : undefined),
    };
    for (const module of MODULES.filter((m) => only === undefined || only.includes(m))) {
      sections.push(await run[module]());
    }
  } finally {
    installation.remove();
  }
  const run: RunInfo = {
    machine: describeMachine(),
    command:
      only === undefined && process.argv.length === 2
        ? "npm run bench"
        : `node dist/tools/bench/index.js ${process.argv.slice(2).join(" ")}`,
    runtimeSeconds: elapsedSeconds(),
    ...toolchain(),
  };
  const markdown =
    only === undefined
      ? renderReport(sections, run)
      : spliceReport(fs.readFileSync(REPORT_FILE, "utf8"), sections, run, { raw });
  const report = await formatMarkdown(markdown, REPORT_FILE);
  process.stdout.write(report);
  if (quick) {
    progress("quick run: BENCHMARKS.md left as it was");
  } else {
    writeReport(REPORT_FILE, report);
    progress(`wrote ${path.relative(process.cwd(), REPORT_FILE) || REPORT_FILE}`);
  }
}

/** The Pulumi CLI the real-CLI sections run (as engineRun.ts finds it), and `@pulumi/pulumi`. */
function toolchain(): Pick<RunInfo, "cli" | "pulumiSdk"> {
  const lookup = findPulumiCli();
  return {
    ...(lookup.found ? { cli: lookup.cli.version } : {}),
    pulumiSdk: pinnedPulumiVersion(),
  };
}

/** The modules named by `--only a,b`, or `undefined` for all. */
function onlyModules(argv: readonly string[]): Module[] | undefined {
  const index = argv.indexOf("--only");
  if (index < 0) return undefined;
  const names = (argv[index + 1] ?? "").split(",").filter((n) => n !== "");
  const unknown = names.filter((n) => !(MODULES as readonly string[]).includes(n));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`--only takes modules among ${MODULES.join(", ")}; got ${argv[index + 1]}`);
  }
  return names as Module[];
}

/**
 * `--render`: BENCHMARKS.md rendered again from what it holds (each section's run, rows and
 * notes), measuring nothing: the summary follows the figures, and the form the code writes.
 */
async function render(): Promise<void> {
  const sections = parseDocument(fs.readFileSync(REPORT_FILE, "utf8"));
  const markdown = renderDocument(
    process.argv.includes("--drop-previous") ? dropPrevious(sections) : sections,
  );
  writeReport(REPORT_FILE, await formatMarkdown(markdown, REPORT_FILE));
  progress(`rendered ${path.relative(process.cwd(), REPORT_FILE) || REPORT_FILE} again`);
}

Promise.resolve()
  .then(() =>
    process.argv.includes("--render")
      ? render()
      : main(process.argv.includes("--quick"), onlyModules(process.argv)),
  )
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
