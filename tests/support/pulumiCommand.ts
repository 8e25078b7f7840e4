/**
 * The real Pulumi CLI's plain commands, run as a user types them (not through the Automation
 * API): {@link pulumiCommand} runs `pulumi <args> --non-interactive` in a folder with an
 * environment, and {@link changeSummary} reads the engine's change summary from what an operation
 * run with `--json` printed. For the suites of tests/automation that drive the CLI's commands
 * (inside a `describeWithPulumi` suite, realEngine.ts, which finds the CLI).
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { cli } from "./realEngine";

/** What one CLI command printed, and how it exited. */
export interface CliRun {
  /** The exit code: 0 on success; 1 when the command was killed by a signal (its timeout). */
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The engine's summary of an operation (`--json`): `{ create: 5 }`, `{ same: 2, update: 3 }`… */
export type ChangeSummary = Record<string, number>;

/** Where and how {@link pulumiCommand} runs the CLI. */
export interface PulumiCommandOptions {
  /** The folder it runs in (a project's, for the commands of a stack). */
  readonly cwd: string;
  /** Its whole environment (not added to this process's). */
  readonly env: NodeJS.ProcessEnv;
  /** Resolve with the run when the command exits non-zero, instead of rejecting. */
  readonly allowFailure?: boolean;
  /** How long the command may run before it is killed, in milliseconds: 170,000 unless told. */
  readonly timeoutMs?: number;
}

/** The path of the CLI's `pulumi` (in a `describeWithPulumi` suite; throws outside one). */
export function pulumiExecutable(): string {
  return path.join(cli().binDir, "pulumi");
}

/**
 * Runs `pulumi <args> --non-interactive` with `options`, its output buffered (up to 64 MiB).
 *
 * @returns what it printed and its exit code.
 * @throws Error (a rejection) naming the command, its exit code and its output, when it exits
 *   non-zero or is killed (its timeout) without `allowFailure`; or when there is no CLI.
 */
export function pulumiCommand(
  args: readonly string[],
  options: PulumiCommandOptions,
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(
      pulumiExecutable(),
      [...args, "--non-interactive"],
      {
        cwd: options.cwd,
        env: options.env,
        maxBuffer: 64 * 1024 * 1024,
        timeout: options.timeoutMs ?? 170_000,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
        if (code !== 0 && options.allowFailure !== true) {
          reject(new Error(`pulumi ${args.join(" ")} exited ${code}:\n${stdout}\n${stderr}`));
        } else {
          resolve({ code, stdout, stderr });
        }
      },
    );
  });
}

/**
 * The change summary in what an operation run with `--json` printed: one object with
 * `changeSummary` (a preview), or a stream of engine events, one a line, whose `summaryEvent`
 * has it (`up`, `refresh`, `destroy`). `{}` when the summary names no change.
 *
 * @throws Error with `stdout` when a stream of events has no summary event, and SyntaxError when
 *   a line is not JSON.
 */
export function changeSummary(stdout: string): ChangeSummary {
  const trimmed = stdout.trim();
  if (trimmed.startsWith("{\n")) {
    return (JSON.parse(trimmed) as { changeSummary?: ChangeSummary }).changeSummary ?? {};
  }
  const summary = trimmed
    .split("\n")
    .map((line) => JSON.parse(line) as { summaryEvent?: { resourceChanges?: ChangeSummary } })
    .find((event) => event.summaryEvent !== undefined);
  if (summary === undefined) throw new Error(`no summary event in:\n${stdout}`);
  return summary.summaryEvent?.resourceChanges ?? {};
}
