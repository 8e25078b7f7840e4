/**
 * Preloaded into the Node.js processes of a real-CLI benchmark (`NODE_OPTIONS=--require
 * …/hostCpuProbe.js`, see {@link probeEnv}): each process of interest writes its CPU time to a
 * file when it ends, so that the benchmark can tell the dynamic-provider host's CPU from the
 * inline program's (the Automation API runner) and, by difference, the Pulumi CLI's.
 *
 * - `host`: Pulumi's dynamic-provider host (`…/cmd/dynamic-provider`);
 * - `runner`: tools/devtools/inlineRunner, which runs the program and the Automation API;
 * - `plugin`: the provider plugin `pulumi-resource-ngrok-dynamic`, the Node.js script or the
 *   self-contained executable (a single executable application honours `NODE_OPTIONS` too), with
 *   the Node.js version it runs on, so that a comparison of the two can state that both run the
 *   same Node.js.
 *
 * The host and the plugin end on the engine's SIGINT (Pulumi interrupts its plugins' process
 * group, then kills it after 5 s): the probe writes, then exits as the signal would have. Any
 * other Node process (the plugin script's `node -e require.resolve(…)`) writes nothing.
 *
 * @module
 */
import * as fs from "node:fs";
import type * as Inspector from "node:inspector";
import * as path from "node:path";

/** The environment variable naming the folder the probe writes to. */
export const PROBE_DIR_ENV_VAR = "PULUMI_NGROK_BENCH_CPU_DIR";
/**
 * When set, a folder where each probed process also writes a V8 CPU profile of its whole life
 * (`<role>-<pid>.cpuprofile`, for Chrome DevTools or `speedscope`): how the profile in
 * BENCHMARKS.md was taken (`--cpu-prof` is not allowed in `NODE_OPTIONS`).
 */
export const PROFILE_DIR_ENV_VAR = "PULUMI_NGROK_BENCH_PROFILE_DIR";

/** What one process wrote. */
export interface ProbeRecord {
  readonly role: "host" | "runner" | "plugin";
  readonly pid: number;
  /** The Node.js version the process runs on (`process.version`, e.g. `v24.21.0`). */
  readonly node?: string;
  /** Whether the process is a single executable application (`node:sea`'s `isSea()`). */
  readonly sea?: boolean;
  /** User plus system CPU time, in milliseconds. */
  readonly cpuMs: number;
  /** Peak resident set size, in KiB. */
  readonly maxRssKiB: number;
  /**
   * CPU time of the process's children that it waited for (and of theirs), from Linux's
   * `/proc/self/stat`, in milliseconds: for the runner, the Pulumi CLI and what the CLI waited
   * for. `undefined` where `/proc` is not available.
   */
  readonly childrenCpuMs?: number;
}

/** The environment that preloads this probe into every Node process, writing to `dir`. */
export function probeEnv(dir: string): Record<string, string> {
  return { NODE_OPTIONS: `--require ${JSON.stringify(__filename)}`, [PROBE_DIR_ENV_VAR]: dir };
}

/** Reads and removes what the probed processes wrote to `dir` so far. */
export function collectProbes(dir: string): ProbeRecord[] {
  const records: ProbeRecord[] = [];
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (name.endsWith(".json")) {
      records.push(JSON.parse(fs.readFileSync(file, "utf8")) as ProbeRecord);
    }
    fs.rmSync(file, { force: true });
  }
  return records;
}

/**
 * The provider plugin's file name, as the engine starts it (a single executable application's
 * `process.argv[1]` is the executable itself; the Node.js script's is its `node_modules/.bin`
 * link). Written out rather than imported: this probe is preloaded into every Node process.
 */
const PLUGIN_FILE = /(^|[/\\])pulumi-resource-ngrok-dynamic(\.exe)?$/;

/** Whether this process is a single executable application (`node:sea` exists from Node 20). */
function isSea(): boolean {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require("node:sea") as { isSea(): boolean }).isSea();
  } catch {
    return false;
  }
}

function install(dir: string): void {
  const script = process.argv[1] ?? "";
  const role = script.includes("dynamic-provider")
    ? "host"
    : script.endsWith("inlineRunner.js")
      ? "runner"
      : PLUGIN_FILE.test(script)
        ? "plugin"
        : undefined;
  if (role === undefined) return;
  const write = () => {
    const usage = process.resourceUsage();
    const record: ProbeRecord = {
      role,
      pid: process.pid,
      node: process.version,
      sea: isSea(),
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
      maxRssKiB: usage.maxRSS,
      childrenCpuMs: childrenCpuMs(),
    };
    try {
      fs.writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(record));
    } catch {
      // the benchmark removed the folder: nothing to report to
    }
  };
  const stopProfile = startProfile(role);
  process.on("exit", () => {
    write();
    stopProfile?.();
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => process.exit(128 + (signal === "SIGINT" ? 2 : 15)));
  }
}

/** Starts V8's profiler when {@link PROFILE_DIR_ENV_VAR} is set; the function that writes it. */
function startProfile(role: ProbeRecord["role"]): (() => void) | undefined {
  const dir = process.env[PROFILE_DIR_ENV_VAR];
  if (dir === undefined || dir === "") return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const inspector = require("node:inspector") as typeof Inspector;
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  // A session of the main thread answers synchronously: this works in an `exit` listener.
  return () =>
    session.post("Profiler.stop", (error, result) => {
      if (error === null) {
        fs.writeFileSync(
          path.join(dir, `${role}-${process.pid}.cpuprofile`),
          JSON.stringify(result.profile),
        );
      }
    });
}

/** `cutime + cstime` of `/proc/self/stat`, in milliseconds (clock ticks of 10 ms on Linux). */
function childrenCpuMs(): number | undefined {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

const probeDir = process.env[PROBE_DIR_ENV_VAR];
if (probeDir !== undefined && probeDir !== "") {
  install(probeDir);
}
