/**
 * A stack of a program folder, deployed by the real Pulumi CLI: what the Automation API tests, the
 * demo and the bench drive.
 *
 * - The workspace (project settings, stack config) lives in a temporary folder; the state on a
 *   file backend inside it; `PULUMI_HOME` too. Nothing is downloaded (see {@link offlineEnv}).
 * - Each operation runs in a process of its own ({@link RunRequest}, `inlineRunner`), as an
 *   inline program: the program runs anew each time, and a test can kill it.
 * - Config, outputs and the checkpoint are read here, through the same workspace.
 *
 * @module
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  type ConfigMap,
  LocalWorkspace,
  type OutputMap,
  PulumiCommand,
  type Stack,
} from "@pulumi/pulumi/automation";
import type { RunRequest, RunResult } from "./inlineRunner";
import { backendDir, offlineEnv, type PulumiCli } from "./pulumiCli";

/** Options of {@link RealStack.create}. */
export interface RealStackOptions {
  /** The CLI to run (see {@link findPulumiCli}). */
  readonly cli: PulumiCli;
  /** The program's folder (absolute): it holds `index.ts` (or `main`) and resolves the package. */
  readonly programDir: string;
  /** The program module relative to `programDir`; default `"."`. */
  readonly main?: string;
  /** The project name: the namespace of the program's own config keys. */
  readonly projectName: string;
  /** Default `"test"`, or `test-<random>` with {@link RealStackOptions.useProgramProject}. */
  readonly stackName?: string;
  /** Stack config; mark credentials `secret: true` (as `pulumi config set --secret`). */
  readonly config?: ConfigMap;
  /** Extra environment of the CLI and its plugins (the dynamic-provider host among them). */
  readonly env?: Record<string, string>;
  /**
   * Use the `Pulumi.yaml` in `programDir` as the project, as `pulumi up` in that folder would (the
   * stack's config file, `Pulumi.<stack>.yaml`, is written there and removed by {@link RealStack.remove}).
   * Default: a project written to a temporary folder, with `main` = `programDir`. With the
   * default, the engine records the program's source positions relative to that folder
   * (`project:///../../…`), which a user's checkpoint never has.
   */
  readonly useProgramProject?: boolean;
}

/** Options of one operation. */
export interface OperationOptions {
  readonly parallel?: number;
  readonly refresh?: boolean;
  readonly expectNoChanges?: boolean;
  /** `preview --diff`: the full diff of each change in the output. */
  readonly diff?: boolean;
  /** `--replace <urn>` (preview and up). */
  readonly replace?: string[];
  /** Gets the CLI's output as it comes. */
  readonly onOutput?: (out: string) => void;
  /** Milliseconds before the operation's process group is killed. Default 10 minutes. */
  readonly timeoutMs?: number;
}

/** An operation running in the background (see {@link RealStack.start}). */
export interface RunningOperation {
  /** The runner's process id; it leads a process group that holds the CLI and its plugins. */
  readonly pid: number;
  /** Resolves when the runner exits: its result, or `undefined` if it was killed. */
  readonly result: Promise<RunResult | undefined>;
  /** Kills the whole process group (runner, CLI, plugins) with `signal`. */
  kill(signal?: NodeJS.Signals): void;
}

/** The file the runner runs: the compiled `inlineRunner` beside this module. */
const RUNNER = path.join(__dirname, "inlineRunner.js");

export class RealStack {
  private constructor(
    private readonly options: RealStackOptions,
    /** The temporary folder holding the state, `PULUMI_HOME` and (by default) the workspace. */
    public readonly workDir: string,
    /** The workspace folder: the project (`Pulumi.yaml`) and the stack's config file; the plain CLI runs here. */
    public readonly workspaceDir: string,
    /** The environment of every CLI run. */
    public readonly env: Record<string, string>,
    /** The Automation API stack, for config, outputs and export (no program). */
    public readonly stack: Stack,
  ) {}

  /** Creates the workspace and the stack, and sets its config. */
  public static async create(options: RealStackOptions): Promise<RealStack> {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-real-"));
    const env = { ...offlineEnv(options.cli, workDir), ...options.env };
    const pulumiCommand = await PulumiCommand.get(
      path.basename(options.cli.binDir) === "bin" ? { root: path.dirname(options.cli.binDir) } : {},
    );
    const workspaceDir = options.useProgramProject
      ? options.programDir
      : path.join(workDir, "workspace");
    fs.mkdirSync(workspaceDir, { recursive: true });
    const stack = await LocalWorkspace.createOrSelectStack(
      {
        // Stacks of one program folder must not share a config file.
        stackName:
          options.stackName ??
          (options.useProgramProject ? `test-${path.basename(workDir).slice(-6)}` : "test"),
        workDir: workspaceDir,
      },
      {
        envVars: env,
        pulumiCommand,
        projectSettings: options.useProgramProject
          ? undefined
          : { name: options.projectName, runtime: "nodejs", main: options.programDir },
      },
    );
    if (options.config !== undefined) {
      await stack.setAllConfig(options.config);
    }
    return new RealStack(options, workDir, workspaceDir, env, stack);
  }

  /** The URN the engine gives a resource of this stack (`type` as `pulumi-nodejs:dynamic/…`). */
  public urn(type: string, name: string): string {
    return `urn:pulumi:${this.stack.name}::${this.options.projectName}::${type}::${name}`;
  }

  /** The stack's name. */
  public get name(): string {
    return this.stack.name;
  }

  /** `pulumi preview`. */
  public preview(options: OperationOptions = {}): Promise<RunResult> {
    return this.run("preview", options);
  }

  /** `pulumi up`. */
  public up(options: OperationOptions = {}): Promise<RunResult> {
    return this.run("up", options);
  }

  /** `pulumi refresh`. */
  public refresh(options: OperationOptions = {}): Promise<RunResult> {
    return this.run("refresh", options);
  }

  /**
   * `pulumi refresh --preview-only`: the drift a refresh would record, as planned steps by op
   * (`changeSummary`), changing neither the state nor anything else.
   */
  public previewRefresh(options: OperationOptions = {}): Promise<RunResult> {
    return this.run("preview-refresh", options);
  }

  /** `pulumi destroy`. */
  public destroy(options: OperationOptions = {}): Promise<RunResult> {
    return this.run("destroy", options);
  }

  /** Runs an operation; rejects when it fails (the CLI's message, with its stderr). */
  public async run(op: RunRequest["op"], options: OperationOptions = {}): Promise<RunResult> {
    const result = await this.start(op, options).result;
    if (result === undefined) {
      throw new Error(`pulumi ${op} was killed (timeout ${options.timeoutMs ?? 600000} ms)`);
    }
    return result;
  }

  /**
   * Starts an operation in its own process group and returns at once; `result` tells how it
   * ended. Its `ok` is false when the CLI failed.
   */
  public start(op: RunRequest["op"], options: OperationOptions = {}): RunningOperation {
    const requestDir = fs.mkdtempSync(path.join(this.workDir, `${op}-`));
    const requestPath = path.join(requestDir, "request.json");
    const request: RunRequest = {
      op,
      binDir: this.options.cli.binDir,
      workDir: this.workspaceDir,
      projectName: this.options.projectName,
      stackName: this.stack.name,
      programDir: this.options.programDir,
      main: this.options.main,
      env: this.env,
      parallel: options.parallel,
      refresh: options.refresh,
      expectNoChanges: options.expectNoChanges,
      diff: options.diff,
      replace: options.replace,
    };
    fs.writeFileSync(requestPath, JSON.stringify(request));
    const child = spawn(process.execPath, [RUNNER, requestPath], {
      cwd: this.options.programDir,
      env: runnerEnv(this.env),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (out: string) => options.onOutput?.(out));
    child.stderr.setEncoding("utf8").on("data", (out: string) => (stderr += out));
    const kill = (signal: NodeJS.Signals = "SIGKILL") => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => kill(), options.timeoutMs ?? 600_000);
    const result = new Promise<RunResult | undefined>((resolve, reject) => {
      child.on("exit", (code, signal) => {
        clearTimeout(timer);
        const resultPath = `${requestPath}.result.json`;
        if (signal !== null) {
          resolve(undefined);
        } else if (code === 0 && fs.existsSync(resultPath)) {
          resolve(JSON.parse(fs.readFileSync(resultPath, "utf8")) as RunResult);
        } else {
          reject(new Error(`the inline runner of pulumi ${op} exited ${code}: ${stderr.trim()}`));
        }
      });
    });
    return { pid: child.pid!, result, kill };
  }

  /** `pulumi stack output --json`, plain values (secrets shown). */
  public async outputs(): Promise<Record<string, unknown>> {
    const outputs: OutputMap = await this.stack.outputs();
    return Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, v.value]));
  }

  /** Sets config values (see {@link RealStackOptions.config}). */
  public async setConfig(config: ConfigMap): Promise<void> {
    await this.stack.setAllConfig(config);
  }

  /** Removes config keys. */
  public async removeConfig(keys: string[]): Promise<void> {
    await this.stack.removeAllConfig(keys);
  }

  /**
   * The checkpoint file of the file backend, as the engine wrote it (secrets encrypted):
   * `<state>/.pulumi/stacks/<project>/<stack>.json`.
   */
  public checkpointPath(): string {
    return path.join(
      backendDir(this.workDir),
      ".pulumi",
      "stacks",
      this.options.projectName,
      `${this.stack.name}.json`,
    );
  }

  /** The checkpoint's text (see {@link RealStack.checkpointPath}). */
  public checkpointText(): string {
    return fs.readFileSync(this.checkpointPath(), "utf8");
  }

  /** The checkpoint's resources (custom resources of the program, without the stack and providers). */
  public checkpointResources(): CheckpointResource[] {
    const checkpoint = JSON.parse(this.checkpointText()) as {
      checkpoint: { latest?: { resources?: CheckpointResource[] } };
    };
    return (checkpoint.checkpoint.latest?.resources ?? []).filter(
      (r) => r.custom && !r.type.startsWith("pulumi:"),
    );
  }

  /** Pending operations in the checkpoint (creates the engine began and never recorded). */
  public pendingOperations(): { type: string; resource: { urn: string } }[] {
    const checkpoint = JSON.parse(this.checkpointText()) as {
      checkpoint: {
        latest?: { pending_operations?: { type: string; resource: { urn: string } }[] };
      };
    };
    return checkpoint.checkpoint.latest?.pending_operations ?? [];
  }

  /** Removes the stack (forced) and the temporary folder. */
  public async remove(): Promise<void> {
    await this.stack.workspace.removeStack(this.stack.name, { force: true }).catch(() => undefined);
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }
}

/** A resource as the checkpoint records it. */
export interface CheckpointResource {
  readonly urn: string;
  readonly custom: boolean;
  readonly type: string;
  readonly id?: string;
  readonly inputs?: Record<string, unknown>;
  readonly outputs?: Record<string, unknown>;
  readonly parent?: string;
  readonly dependencies?: string[];
}

/** The runner's environment: the stack's, without NGROK_* (credentials come from stack config). */
function runnerEnv(stackEnv: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("NGROK_")) env[key] = value;
  }
  // Programs are type-checked by `npm run typecheck`; each run only transpiles, as
  // `PULUMI_NODEJS_TRANSPILE_ONLY=true` makes `pulumi up` do.
  return { ...env, PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...stackEnv };
}
