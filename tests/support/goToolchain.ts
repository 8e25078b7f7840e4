/**
 * Go for the suites that build the repository's Go modules (the generated Go SDK's checks, the Go
 * example): {@link describeWithGo} runs a suite when `go` is on PATH, and {@link runGo} runs a Go
 * command without blocking the event loop (an emulator in the test process keeps answering).
 *
 * Without Go a suite is skipped with one printed reason, except in CI (`CI` set to `true` or `1`),
 * where Go is there (`npm run pulumi:install` needs it) and its absence fails the run.
 */
import { spawn } from "node:child_process";
import { goEnv, goVersion } from "../../dist/tools/devtools/goTools";

const version = goVersion();
const inCi = ["true", "1"].includes((process.env.CI ?? "").toLowerCase());

/** `describe` when Go is there; otherwise a skip that says why, or in CI a failure. */
export function describeWithGo(title: string, suite: () => void): void {
  if (version !== undefined) {
    describe(title, suite);
    return;
  }
  if (inCi) {
    describe(title, () => {
      test("Go is available (required in CI)", () => {
        throw new Error("CI builds the Go modules, and `go version` does not run");
      });
    });
    return;
  }
  process.stderr.write(`skipped "${title}": no Go toolchain (\`go version\` does not run)\n`);
  describe.skip(`${title} (skipped: no Go)`, suite);
}

/** What a finished command gave. */
export interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall time, in seconds. */
  readonly seconds: number;
}

/**
 * Runs `command` (asynchronously) in `cwd`; resolves when it exits, whatever its exit code.
 * `env` is added to this process's environment.
 */
export function runCommand(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Finished> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({ code, stdout, stderr, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

/**
 * `go <args>` in `cwd` with the project's Go environment (`goEnv`: the CLI's build flags, go.sum
 * read only, no cgo), so that builds reuse what the CLI's build put in Go's build cache.
 */
export function runGo(args: string[], cwd: string): Promise<Finished> {
  return runCommand("go", args, cwd, goEnv());
}

/** Fails with the command's output unless it exited 0; returns it. */
export function ok(finished: Finished, what: string): Finished {
  if (finished.code !== 0) {
    throw new Error(`${what} exited ${finished.code}:\n${finished.stdout}\n${finished.stderr}`);
  }
  return finished;
}
