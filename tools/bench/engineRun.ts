/**
 * One stack of the benchmark's engine program (engineProgram.ts) through the real Pulumi CLI:
 * `pulumi up`, `preview`, `refresh` and `destroy` of `count` resources of one kind, each
 * operation measured for wall time, API requests, TCP connections to the emulator, and the CPU
 * of the dynamic-provider host, the inline program's runner and the Pulumi CLI (hostCpuProbe.ts);
 * the checkpoint's size after `up` and after `destroy`, and what each resource stores. With
 * {@link EngineRunOptions.retainCheckpoints}, the file backend also keeps every checkpoint it
 * writes (`PULUMI_RETAIN_CHECKPOINTS`), which gives the number of writes and the bytes written by
 * each operation (a diagnostic run: keeping them costs time of its own).
 *
 * @module
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { StepEvent } from "../devtools/inlineRunner";
import { findPulumiCli, type PulumiCli } from "../devtools/pulumiCli";
import { RealStack } from "../devtools/realStack";
import type { CountingEmulator } from "./countingEmulator";
import { collectProbes, type ProbeRecord, probeEnv } from "./hostCpuProbe";
import type { Consumer } from "./installedPackage";
import { percentile } from "./stats";

/** The provider's pacing at a rate these stacks never reach (for an emulator with no rate limit). */
export const NO_PACING = { "ngrok:maxRequestsPerMinute": "100000" } as const;

/**
 * The Pulumi CLI for a real-engine benchmark, with the benchmarks' program (engineProgram.ts)
 * copied into `consumer` as `engine.js`, where {@link runEngineStack} runs it.
 * @param benchmark names the benchmark in the error, e.g. `"the pacing benchmark"`.
 * @throws when no Pulumi CLI is available (`npm run pulumi:install` builds one).
 */
export function engineCli(consumer: Consumer, benchmark: string): PulumiCli {
  const lookup = findPulumiCli();
  if (!lookup.found) {
    throw new Error(`${benchmark} needs the Pulumi CLI: ${lookup.reason}`);
  }
  fs.copyFileSync(path.join(__dirname, "engineProgram.js"), path.join(consumer.dir, "engine.js"));
  return lookup.cli;
}
/** The operations, in the order each stack runs them. */
export const OPERATIONS = ["up", "preview", "refresh", "destroy"] as const;
export type Operation = (typeof OPERATIONS)[number];

/** The kinds of resources of engineProgram.ts. */
export type Kind = "ours" | "bare" | "trivial" | "before" | "plugin";

/** What one operation cost. */
export interface OperationCost {
  /** Wall time of the CLI's run of the operation (the Automation API call), in ms. */
  readonly ms: number;
  readonly requests: number;
  readonly connections: number;
  /** CPU of the dynamic-provider host, in ms (`undefined` when it wrote nothing). */
  readonly hostCpuMs: number | undefined;
  /** CPU of the provider plugin's process(es), in ms (`undefined` when none ran). */
  readonly pluginCpuMs: number | undefined;
  /** The Node.js versions the plugin's processes ran on (`process.version`), none without one. */
  readonly pluginNodes: readonly string[];
  /** CPU of the inline program's runner (the program, the Automation API), in ms. */
  readonly runnerCpuMs: number | undefined;
  /** CPU of the Pulumi CLI and the processes it waited for, the host and plugin excepted, in ms. */
  readonly cliCpuMs: number | undefined;
  /** Median time from a resource's step starting to its outputs, in ms (engine events). */
  readonly stepMs: number | undefined;
  /** With `retainCheckpoints`: checkpoint files written, and their bytes. */
  readonly writes?: { readonly count: number; readonly bytes: number };
}

/** What each resource stores in the checkpoint after `up` (means over the stack's resources). */
export interface StateSize {
  /** Bytes of the checkpoint file per resource: (after `up` − after `destroy`) ÷ count. */
  readonly checkpointBytesPerResource: number;
  readonly checkpointBytes: number;
  /** `__provider` in inputs and outputs, bytes. */
  readonly providerBytes: number;
  /** The resource's inputs and outputs as compact JSON, `__provider` left out, bytes. */
  readonly inputsBytes: number;
  readonly outputsBytes: number;
  /** Properties in inputs and in outputs, `__provider` left out. */
  readonly inputKeys: number;
  readonly outputKeys: number;
}

/** One stack's run. */
export interface EngineRun {
  readonly ops: Record<Operation, OperationCost>;
  readonly state: StateSize;
}

/** Options of {@link runEngineStack}. */
export interface EngineRunOptions {
  readonly cli: PulumiCli;
  readonly consumer: Consumer;
  readonly emulator: CountingEmulator;
  readonly kind: Kind;
  readonly count: number;
  /** Stack config of the provider beyond the API's URL and key (e.g. `ngrok:maxRequestsPerMinute`). */
  readonly config?: Record<string, string>;
  /** Extra environment of the CLI (e.g. `PULUMI_SKIP_CHECKPOINTS`). */
  readonly env?: Record<string, string>;
  /** `--parallel`; default the CLI's. */
  readonly parallel?: number;
  readonly retainCheckpoints?: boolean;
  /** The project name; default `bench-engine`. */
  readonly projectName?: string;
}

/** Deploys, previews, refreshes and destroys one stack, measuring each operation. */
export async function runEngineStack(options: EngineRunOptions): Promise<EngineRun> {
  const stack = await EngineStack.open(options);
  try {
    for (const op of OPERATIONS) await stack.run(op);
  } finally {
    await stack.close();
  }
  return stack.result();
}

/**
 * One stack of the benchmark's program, open for its operations to be run one at a time, so that
 * several sides' stacks can take turns operation by operation (rounds.ts): {@link EngineStack.run}
 * each of `up`, `preview`, `refresh`, `destroy` in that order (a preview or a refresh may be
 * repeated), then {@link EngineStack.close}; {@link runEngineStack} does all of it for one stack.
 */
export class EngineStack {
  private readonly ops: Partial<Record<Operation, OperationCost>> = {};
  private checkpointAfterUp = 0;
  private resources: ResourceSizes | undefined;
  private state: StateSize | undefined;

  private constructor(
    private readonly options: EngineRunOptions,
    private readonly stack: RealStack,
    private readonly probeDir: string,
  ) {}

  /** Creates the stack (nothing deployed yet) on `options.emulator`. */
  public static async open(options: EngineRunOptions): Promise<EngineStack> {
    const { cli, consumer, kind, count } = options;
    const { emulator } = options.emulator;
    const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-probe-"));
    try {
      const stack = await RealStack.create({
        cli,
        programDir: consumer.dir,
        main: "engine.js",
        projectName: options.projectName ?? "bench-engine",
        config: {
          count: { value: String(count) },
          kind: { value: kind },
          "ngrok:apiBaseUrl": { value: emulator.url },
          "ngrok:apiKey": { value: emulator.apiKey, secret: true },
          ...Object.fromEntries(
            Object.entries(options.config ?? {}).map(([key, value]) => [key, { value }]),
          ),
        },
        env: {
          // The bare provider and the plugin read the environment; the classes the stack config first.
          NGROK_API_BASE_URL: emulator.url,
          NGROK_API_KEY: emulator.apiKey,
          // The plugin reads `ngrok-dynamic:` settings or the environment: the same pacing as config's.
          ...(options.config?.["ngrok:maxRequestsPerMinute"] === undefined
            ? {}
            : { NGROK_MAX_REQUESTS_PER_MINUTE: options.config["ngrok:maxRequestsPerMinute"] }),
          // The plugin, as a user's `npm install` puts it: in the consumer's node_modules/.bin.
          PATH: `${path.join(consumer.dir, "node_modules", ".bin")}${path.delimiter}${cli.binDir}${path.delimiter}${process.env.PATH ?? ""}`,
          ...probeEnv(probeDir),
          ...(options.retainCheckpoints ? { PULUMI_RETAIN_CHECKPOINTS: "true" } : {}),
          ...options.env,
        },
      });
      return new EngineStack(options, stack, probeDir);
    } catch (error) {
      fs.rmSync(probeDir, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * Runs `op` and measures it; a repeated `preview` or `refresh` replaces the one recorded.
   *
   * @throws Error when the operation fails.
   */
  public async run(op: Operation): Promise<OperationCost> {
    const { kind, count } = this.options;
    const { emulator, connections } = this.options.emulator;
    collectProbes(this.probeDir);
    const requestsBefore = emulator.requests.length;
    const connectionsBefore = connections();
    const result = await this.stack.run(op, {
      parallel: this.options.parallel,
      timeoutMs: 20 * 60_000,
    });
    if (!result.ok) {
      throw new Error(`${kind} × ${count}: pulumi ${op} failed: ${result.error}`);
    }
    const probes = collectProbes(this.probeDir);
    const cpu = (role: ProbeRecord["role"]) =>
      sum(probes.filter((p) => p.role === role).map((p) => p.cpuMs));
    const host = cpu("host");
    const plugin = cpu("plugin");
    const runners = probes.filter((p) => p.role === "runner");
    const cliAndChildren = sum(runners.map((p) => p.childrenCpuMs));
    const cost: OperationCost = {
      ms: result.durationMs,
      requests: emulator.requests.length - requestsBefore,
      connections: connections() - connectionsBefore,
      hostCpuMs: host,
      pluginCpuMs: plugin,
      pluginNodes: [
        ...new Set(probes.filter((p) => p.role === "plugin").map((p) => p.node ?? "?")),
      ],
      runnerCpuMs: sum(runners.map((p) => p.cpuMs)),
      // The runner's children are the CLI and what it waited for: the plugin script's shell,
      // which waits for the host before it ends (the engine interrupts both), or the plugin.
      cliCpuMs:
        cliAndChildren === undefined
          ? undefined
          : Math.max(0, cliAndChildren - (host ?? 0) - (plugin ?? 0)),
      stepMs: medianStepMs(result.steps),
      writes: this.options.retainCheckpoints ? takeRetained(this.stack) : undefined,
    };
    this.ops[op] = cost;
    if (op === "up") {
      this.checkpointAfterUp = fs.statSync(this.stack.checkpointPath()).size;
      this.resources = resourceSizes(this.stack);
    } else if (op === "destroy") {
      const empty = fs.statSync(this.stack.checkpointPath()).size;
      this.state = {
        checkpointBytes: this.checkpointAfterUp,
        checkpointBytesPerResource: (this.checkpointAfterUp - empty) / count,
        ...this.resources!,
      };
    }
    return cost;
  }

  /** Removes the stack and its folders. */
  public async close(): Promise<void> {
    try {
      await this.stack.remove();
    } finally {
      fs.rmSync(this.probeDir, { recursive: true, force: true });
    }
  }

  /**
   * The run's figures, once every operation ran.
   *
   * @throws Error when an operation was not run, or destroy left SSH CAs in the emulator.
   */
  public result(): EngineRun {
    const { kind, count } = this.options;
    const missing = OPERATIONS.filter((op) => this.ops[op] === undefined);
    if (missing.length > 0 || this.state === undefined) {
      throw new Error(`${kind} × ${count}: not run: ${missing.join(", ") || "destroy"}`);
    }
    if (this.options.emulator.emulator.snapshot().sshCertificateAuthorities.length !== 0) {
      throw new Error(`${kind} × ${count}: destroy left SSH CAs in the emulator`);
    }
    return { ops: this.ops as Record<Operation, OperationCost>, state: this.state };
  }
}

function sum(values: readonly (number | undefined)[]): number | undefined {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length === 0 ? undefined : known.reduce((a, b) => a + b, 0);
}

/** The median, over resources, of the time from a step's start to its outputs (or failure). */
function medianStepMs(steps: readonly StepEvent[]): number | undefined {
  const started = new Map<string, number>();
  const durations: number[] = [];
  for (const step of steps) {
    if (step.event === "pre") {
      started.set(step.urn, step.at);
    } else if (started.has(step.urn)) {
      durations.push(step.at - started.get(step.urn)!);
      started.delete(step.urn);
    }
  }
  return durations.length === 0 ? undefined : percentile(durations, 50);
}

/** The checkpoints the file backend kept since the last call (counted, measured, removed). */
function takeRetained(stack: RealStack): { count: number; bytes: number } {
  const file = stack.checkpointPath();
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  let count = 0;
  let bytes = 0;
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length))) {
      const retained = path.join(dir, name);
      count += 1;
      bytes += fs.statSync(retained).size;
      fs.rmSync(retained);
    }
  }
  return { count, bytes };
}

type ResourceSizes = Omit<StateSize, "checkpointBytes" | "checkpointBytesPerResource">;

/** Means over the stack's resources of what each stores. */
function resourceSizes(stack: RealStack): ResourceSizes {
  const resources = stack.checkpointResources();
  const mean = (of: (r: (typeof resources)[number]) => number) =>
    resources.length === 0 ? 0 : resources.reduce((s, r) => s + of(r), 0) / resources.length;
  const withoutProvider = (props: Record<string, unknown> | undefined) => {
    const { __provider: _, ...rest } = props ?? {};
    return rest;
  };
  const providerOf = (props: Record<string, unknown> | undefined) =>
    typeof props?.__provider === "string" ? Buffer.byteLength(props.__provider) : 0;
  return {
    providerBytes: mean((r) => providerOf(r.inputs) + providerOf(r.outputs)),
    inputsBytes: mean((r) => Buffer.byteLength(JSON.stringify(withoutProvider(r.inputs)))),
    outputsBytes: mean((r) => Buffer.byteLength(JSON.stringify(withoutProvider(r.outputs)))),
    inputKeys: mean((r) => Object.keys(withoutProvider(r.inputs)).length),
    outputKeys: mean((r) => Object.keys(withoutProvider(r.outputs)).length),
  };
}
