/**
 * `npm test`, `npm run test:fast` and `npm run test:engine`: the test command, on the toolchain
 * the project pins.
 *
 * 1. Installs, or reuses from the cache outside the repository, what the tests run on: the
 *    Node.js versions of tools/devtools/nodeToolchain.ts (tools/scripts/installNode.ts) and, when an engine
 *    tier runs, the Pulumi CLI with its YAML language host (tools/scripts/installPulumiCli.ts). A fresh
 *    clone needs only `npm ci` before this.
 * 2. Runs Jest's tiers (jest.config.js) under each leg's Node.js, that Node.js first on `PATH`
 *    so that every process the tests start (the dynamic-provider plugin, the provider plugin,
 *    the commands) runs on it too:
 *    - `primary` ({@link PRIMARY_NODE}): the fast tier, then the engine tier;
 *    - `oldest` ({@link OLDEST_NODE}, the oldest the package claims): the fast tier's suites that
 *      can load `@pulumi/pulumi` (tools/scripts/testOldestSubset.ts), then
 *      {@link OLDEST_ENGINE_SUBSET}, with the oldest `@pulumi/pulumi` claimed
 *      ({@link OLDEST_PULUMI}) in place of the pinned one (tools/scripts/pulumiSdkSwap.ts), and the
 *      same CLI.
 *    Each run gets the leg's Node.js and `@pulumi/pulumi` versions in `PULUMI_NGROK_TEST_NODE`
 *    and `PULUMI_NGROK_TEST_PULUMI` (tests/repository/toolchain.test.ts checks they are the
 *    ones loaded).
 *
 * Usage: `node dist/tools/scripts/test.js [--tier fast|engine] [--node primary|oldest] [test paths…]`.
 * With no `--node`, both legs run when no tier and no path is named (`npm test`), else the
 * primary one. Stops at the first leg that fails; exits with its status. Ends with one line
 * `test: N passed, N failed` (`, N skipped` when any were), counted from Jest's JSON reports.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  type NodeRelease,
  OLDEST_ENGINE_SUBSET,
  OLDEST_NODE,
  OLDEST_PULUMI,
  PRIMARY_NODE,
} from "../devtools/nodeToolchain";
import { pinnedPulumiVersion } from "../devtools/pulumiCli";
import { installNode } from "./installNode";
import { installPulumiCli } from "./installPulumiCli";
import { restorePinnedSdk, withOldestSdk } from "./pulumiSdkSwap";
import { oldestFastSubset } from "./testOldestSubset";

const REPO = path.resolve(__dirname, "../../..");
const JEST = path.join(REPO, "node_modules", "jest", "bin", "jest.js");

type Tier = "fast" | "engine";

/** One run of Jest: a tier, on one Node.js, over some paths (all of the tier's when empty). */
interface Run {
  readonly leg: "primary" | "oldest";
  readonly node: NodeRelease;
  readonly tier: Tier;
  readonly paths: readonly string[];
  /** `paths` are files (Jest's `--runTestsByPath`), not patterns. */
  readonly byPath?: boolean;
}

/**
 * Workers per tier, on 2 cores. The fast tier is mostly CPU-bound, but its fault suites wait on
 * request timeouts and back-offs (tests/provider/faults, tests/plugin/faultParity), so a fourth
 * worker overlaps that waiting: 238 s against 296 s with 3, in one quiet run of each (its
 * slowest test took 18 s, under Jest's 60 s limit). The engine tier mostly waits on the CLI.
 */
const WORKERS: Record<Tier, number> = { fast: 4, engine: 4 };

/** What Jest's `--json` report counts. */
interface Counts {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}

function say(line: string): void {
  process.stdout.write(`test: ${line}\n`);
}

/** The runs that `argv` asks for, in order. */
export function plan(argv: readonly string[]): Run[] {
  let tier: Tier | undefined;
  let leg: "primary" | "oldest" | undefined;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--tier" || arg === "--node") {
      const value = argv[(i += 1)];
      if (arg === "--tier" && (value === "fast" || value === "engine")) tier = value;
      else if (arg === "--node" && (value === "primary" || value === "oldest")) leg = value;
      else
        throw new Error(
          `${arg} takes ${arg === "--tier" ? "fast or engine" : "primary or oldest"}`,
        );
    } else {
      paths.push(arg);
    }
  }
  const tiers: Tier[] = tier === undefined ? ["fast", "engine"] : [tier];
  const everything = tier === undefined && paths.length === 0 && leg === undefined;
  const legs = everything ? (["primary", "oldest"] as const) : ([leg ?? "primary"] as const);
  return legs.flatMap((name) =>
    tiers.map((t): Run => {
      const node = name === "primary" ? PRIMARY_NODE : OLDEST_NODE;
      const subset = name === "oldest" && t === "engine" && paths.length === 0;
      return { leg: name, node, tier: t, paths: subset ? OLDEST_ENGINE_SUBSET : paths };
    }),
  );
}

/** Runs one Jest run; returns its exit status and counts. */
function runJest(run: Run, binDir: string, reportDir: string): { status: number; counts: Counts } {
  const report = path.join(reportDir, `${run.leg}-${run.tier}.json`);
  // Paths go first: --selectProjects takes every word after it as a project name.
  const args = [
    JEST,
    ...run.paths,
    ...(run.byPath === true ? ["--runTestsByPath"] : []),
    `--maxWorkers=${WORKERS[run.tier]}`,
    "--json",
    `--outputFile=${report}`,
    "--selectProjects",
    run.tier,
  ];
  const started = Date.now();
  const pulumi = run.leg === "oldest" ? OLDEST_PULUMI : pinnedPulumiVersion(REPO);
  say(
    `${run.leg} leg, Node.js ${run.node.version}, @pulumi/pulumi ${pulumi}: the ${run.tier} tier${run.paths.length > 0 ? ` (${run.paths.length} paths)` : ""}`,
  );
  const result = spawnSync(path.join(binDir, "node"), args, {
    cwd: REPO,
    stdio: "inherit",
    env: {
      ...process.env,
      PATH: [binDir, process.env.PATH ?? ""].join(path.delimiter),
      PULUMI_NGROK_TEST_NODE: run.node.version,
      PULUMI_NGROK_TEST_PULUMI: pulumi,
    },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const counts: Counts = fs.existsSync(report)
    ? (JSON.parse(fs.readFileSync(report, "utf8")) as Counts)
    : { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
  say(
    `${run.leg} leg, Node.js ${run.node.version}, ${run.tier} tier: ${counts.numPassedTests} passed, ` +
      `${counts.numFailedTests} failed, ${counts.numPendingTests} skipped in ${seconds} s`,
  );
  return { status: result.status ?? 1, counts };
}

/**
 * `run`, narrowed to the suites that can load `@pulumi/pulumi` when it is the oldest leg's whole
 * fast tier (tools/scripts/testOldestSubset.ts); any other run as it is.
 */
function oldestFast(run: Run, binDir: string): Run {
  if (run.leg !== "oldest" || run.tier !== "fast" || run.paths.length > 0) return run;
  const found = oldestFastSubset(REPO, path.join(binDir, "node"));
  if (found === undefined) {
    say("oldest leg: could not tell which fast suites load @pulumi/pulumi; running them all");
    return run;
  }
  say(
    `oldest leg: ${found.subset.length} of the fast tier's ${found.all.length} suites can load ` +
      "@pulumi/pulumi; the others ran on the primary leg",
  );
  return { ...run, paths: found.subset, byPath: true };
}

function main(argv: readonly string[]): number {
  const runs = plan(argv);
  restorePinnedSdk(); // a run killed during the oldest leg leaves its @pulumi/pulumi in place
  const binDirs = new Map<NodeRelease, string>();
  for (const { node } of runs) {
    if (!binDirs.has(node)) binDirs.set(node, installNode(node));
  }
  // The fast tier starts no Pulumi CLI.
  if (runs.some((run) => run.tier === "engine")) installPulumiCli();
  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-test-reports-"));
  const total: Counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
  let status = 0;
  try {
    for (const run of runs) {
      const binDir = binDirs.get(run.node) ?? installNode(run.node);
      const jest = () => runJest(oldestFast(run, binDir), binDir, reportDir);
      const result = run.leg === "oldest" ? withOldestSdk(jest) : jest();
      total.numPassedTests += result.counts.numPassedTests;
      total.numFailedTests += result.counts.numFailedTests;
      total.numPendingTests += result.counts.numPendingTests;
      if (result.status !== 0) {
        status = result.status;
        break;
      }
    }
  } finally {
    fs.rmSync(reportDir, { recursive: true, force: true });
  }
  const skipped = total.numPendingTests > 0 ? `, ${total.numPendingTests} skipped` : "";
  process.stdout.write(
    `test: ${total.numPassedTests} passed, ${total.numFailedTests} failed${skipped}\n`,
  );
  return status;
}

if (require.main === module) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`test: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
