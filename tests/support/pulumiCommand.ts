/**
 * The real Pulumi CLI's plain commands, run as a user types them (not through the Automation
 * API): {@link pulumiCommand} runs `pulumi <args> --non-interactive` in a folder with an
 * environment, and {@link changeSummary} reads the engine's change summary from what an operation
 * run with `--json` printed; {@link yamlLanguageHost} finds Pulumi's YAML language host for the
 * suites of YAML programs. For the suites of tests/automation that drive the CLI's commands
 * (inside a `describeWithPulumi` suite, realEngine.ts, which finds the CLI).
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { findYamlLanguageHost } from "../../dist/tools/devtools/pulumiCli";
import { cli, pulumiCli } from "./realEngine";

const inCi = ["true", "1"].includes((process.env.CI ?? "").toLowerCase());

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

/**
 * Pulumi's YAML language host (beside the CLI, on `PATH` or in the cache: `npm run
 * pulumi:install` builds it), for a suite of YAML programs; called inside its
 * `describeWithPulumi` suite, where tests are declared. Without it the suite gets one test in
 * their place: in CI (`CI` set to `true` or `1`) a failure, otherwise a skip saying why, also
 * written to stderr as `skipped <names.suite>: <reason>`.
 *
 * @param names how the skip names the suite: `suite` in the stderr line (e.g. `the YAML template
 *   suite`), `test` in the skipped test's title (e.g. `the YAML template`).
 * @returns the host's folder, or `undefined` when it is missing (the caller declares no tests).
 */
export function yamlLanguageHost(names: { suite: string; test: string }): string | undefined {
  const host = pulumiCli === undefined ? undefined : findYamlLanguageHost(pulumiCli);
  if (host !== undefined) return host;
  const reason =
    "no pulumi-language-yaml beside the CLI, on PATH or in the cache: run npm run pulumi:install";
  if (inCi) {
    test("Pulumi's YAML language host is available (required in CI)", () => {
      throw new Error(reason);
    });
  } else {
    process.stderr.write(`skipped ${names.suite}: ${reason}\n`);
    test.skip(`${names.test} (skipped: ${reason})`, () => undefined);
  }
  return undefined;
}
