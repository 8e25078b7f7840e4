/**
 * Killing the real Pulumi CLI in the middle of an operation, as a cancelled CI job does (SIGKILL
 * to the runner, the CLI and its plugins), and reading what it leaves: for the interrupted-
 * deployment tests (tests/automation/interrupted*.automation.test.ts, issue #19).
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import type { RunningEmulator } from "../../emulator/index";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { cli } from "./realEngine";
import { REPO } from "./stack";

/** A live SSH CA: its id and key type. */
export interface LiveCa {
  readonly id: string;
  readonly keyType: string;
}

/** The live CAs, and the ids the checkpoint holds (none while it is missing or being written). */
export function idsOf(stack: RealStack, emulator: RunningEmulator) {
  const cas: LiveCa[] = emulator
    .snapshot()
    .sshCertificateAuthorities.map((ca) => ({ id: ca.id, keyType: ca.key_type }));
  let state: string[] = [];
  let readable = true;
  try {
    state = stack.checkpointResources().flatMap((r) => (r.id === undefined ? [] : [r.id]));
  } catch (error) {
    // No checkpoint yet holds nothing; one being written says nothing yet.
    readable = error instanceof Error && "code" in error && error.code === "ENOENT";
  }
  return { cas, live: cas.map((ca) => ca.id), state, readable };
}

/**
 * Waits until `ready` holds for what `look` sees, then freezes the operation (SIGSTOP to its
 * process group) and looks again: the engine may record what was seen between a look and the kill
 * (a busy machine widens that window, and a kill test then finds nothing to recover), while a
 * frozen one records nothing. Resumes it (SIGCONT) and waits again when the moment has passed.
 * A checkpoint that cannot be read (being written) is never the moment. Polls every 5 ms.
 *
 * @throws Error when the operation ends before the moment is seen.
 */
export async function frozenAtMoment<S extends { readable: boolean }>(
  signal: (signal: NodeJS.Signals) => void,
  hasEnded: () => boolean,
  look: () => S,
  ready: (seen: S) => boolean,
  what: string,
): Promise<void> {
  const holds = () => {
    const seen = look();
    return seen.readable && ready(seen);
  };
  for (;;) {
    if (holds()) {
      signal("SIGSTOP");
      if (holds()) return;
      signal("SIGCONT");
    }
    if (hasEnded()) throw new Error(`${what} ended before the moment to kill it was seen`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Kills the plugins the killed CLI left running (they are in process groups of their own): the
 * processes whose environment names this stack's folder. Linux only (`/proc`).
 */
function killLeftPlugins(stack: RealStack) {
  if (!fs.existsSync("/proc")) return;
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/environ`, "utf8").includes(stack.workDir)) {
        process.kill(Number(pid), "SIGKILL");
      }
    } catch {
      // gone, or not ours to read
    }
  }
}

/** Whether `file` holds one JSON document (a missing file does not). */
function parses(file: string): boolean {
  try {
    JSON.parse(fs.readFileSync(file, "utf8"));
    return true;
  } catch {
    return false;
  }
}

/**
 * Repairs what a kill can tear in the file backend, as docs/interruptedDeployments.md tells users
 * to ("If Pulumi cannot read the checkpoint"), before `pulumi cancel` reads it.
 *
 * The backend (gocloud's fileblob) writes each file to a temporary file and renames it, so the
 * checkpoint itself (`<stack>.json`) is whole; but beside it, and beside its backup
 * (`<stack>.json.bak`), it keeps an attributes file (`….attrs`, JSON) that it truncates and then
 * writes in place. A kill between the two leaves it empty, and every later command fails with
 * "failed to load checkpoint: EOF" (met once by interrupted.automation, issue #23). The attributes are only a
 * content type: a torn one is removed (the backend reads a missing one as the default). A torn
 * checkpoint (a backend that writes in place) is restored from its backup.
 */
export function repairTornCheckpoint(stack: RealStack): string[] {
  const repaired: string[] = [];
  const checkpoint = stack.checkpointPath();
  for (const attrs of [`${checkpoint}.attrs`, `${checkpoint}.bak.attrs`]) {
    if (fs.existsSync(attrs) && !parses(attrs)) {
      fs.rmSync(attrs);
      repaired.push(`removed the torn ${path.basename(attrs)}`);
    }
  }
  if (fs.existsSync(checkpoint) && !parses(checkpoint) && parses(`${checkpoint}.bak`)) {
    fs.copyFileSync(`${checkpoint}.bak`, checkpoint);
    repaired.push(`restored ${path.basename(checkpoint)} from its .bak`);
  }
  for (const line of repaired) process.stderr.write(`the kill tore the state: ${line}\n`);
  return repaired;
}

/** What a killed operation left: live CAs, CAs in state, pending operations. */
export interface AfterKill {
  readonly live: number;
  readonly state: number;
  readonly pending: number;
  /** Live CAs the state does not hold (each a future orphan unless recovered). */
  readonly lost: number;
  /** CAs the state holds that are not live (deleted, the checkpoint not written). */
  readonly phantoms: number;
}

/**
 * Starts `op` and kills it with SIGKILL the moment `ready` holds for the live CAs and the
 * checkpoint's ids (frozen first and seen again: {@link frozenAtMoment}), then clears the lock
 * the killed CLI left (`pulumi cancel`). Throws when the operation ends before `ready` held.
 */
export async function killedOperation(
  stack: RealStack,
  emulator: RunningEmulator,
  op: "up" | "destroy",
  ready: (seen: ReturnType<typeof idsOf>) => boolean,
): Promise<AfterKill> {
  const running = stack.start(op);
  let ended = false;
  void running.result.finally(() => (ended = true)).catch(() => undefined);
  await frozenAtMoment(
    running.kill,
    () => ended,
    () => idsOf(stack, emulator),
    ready,
    `the ${op}`,
  );
  running.kill("SIGKILL");
  if ((await running.result) !== undefined) {
    throw new Error(`the ${op} ended before the kill reached it`);
  }
  killLeftPlugins(stack);
  repairTornCheckpoint(stack);
  await stack.stack.cancel(); // the file backend's lock, left by the killed CLI
  const { live, state } = idsOf(stack, emulator);
  return {
    live: live.length,
    state: state.length,
    pending: stack.pendingOperations().length,
    lost: live.filter((id) => !state.includes(id)).length,
    phantoms: state.filter((id) => !live.includes(id)).length,
  };
}

/** Runs `pulumi-ngrok-dynamic pending-creates` on the stack's checkpoint: its output and commands. */
export async function pendingCreatesReport(stack: RealStack, emulator: RunningEmulator) {
  // Asynchronous: the emulator answers from this process.
  const run = await promisify(execFile)(
    process.execPath,
    [
      path.join(REPO, "dist/cli/index.js"),
      "pending-creates",
      "--file",
      stack.checkpointPath(),
      "--stack",
      stack.name,
    ],
    {
      encoding: "utf8",
      env: { ...process.env, NGROK_API_KEY: emulator.apiKey, NGROK_API_BASE_URL: emulator.url },
    },
  );
  const commands = run.stdout
    .split("\n")
    .filter((line) => line.startsWith("  $ "))
    .map((line) => line.slice(4));
  return { stdout: run.stdout, stderr: run.stderr, commands };
}

/** Runs one printed command in the stack's folder, as a user would, with the built `pulumi`. */
export function shell(stack: RealStack, command: string) {
  return promisify(execFile)("sh", ["-c", command], {
    cwd: stack.stack.workspace.workDir,
    env: { ...process.env, ...stack.env, PATH: `${cli().binDir}:${process.env.PATH ?? ""}` },
    encoding: "utf8",
  });
}
