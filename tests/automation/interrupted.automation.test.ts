/**
 * A `pulumi up` killed with SIGKILL (the runner, the CLI and its plugins, as a cancelled CI job
 * is), through the real Pulumi CLI: 30 SSH CAs, the emulator limited to 10 requests per 2 s and
 * the provider paced to it. The kill comes the moment the emulator holds a CA the checkpoint does
 * not (a create answered, its checkpoint write not done), so every run has at least one.
 *
 * - marker off: `pulumi cancel` and a plain rerun create a second CA for each lost one (the
 *   orphans this measures);
 * - marker on (`ngrok:ownershipMarker`): the plain rerun takes the lost ones over: no orphan,
 *   and the state and the live CAs agree;
 * - marker off, recovered with `pulumi-ngrok-dynamic pending-creates` before the rerun: running
 *   the commands it prints and `up` leaves no orphan and no pending operation.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import * as fs from "node:fs";
import * as path from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import type { RealStack } from "../../dist/devtools/realStack";
import { cli, describeWithPulumi, openStack, succeeded } from "../support/realEngine";
import { REPO } from "../support/stack";

const COUNT = 30;
const LIMIT = { requests: 10, windowMs: 2000 };
const PACING = {
  config: { count: String(COUNT), "ngrok:maxRequestsPerMinute": String(LIMIT.requests) },
  env: { PULUMI_NGROK_DYNAMIC_RATE_WINDOW_MS: String(LIMIT.windowMs) },
};

/** The live CA ids, and the ids the checkpoint holds. */
function idsOf(stack: RealStack, emulator: RunningEmulator) {
  const live = emulator.snapshot().sshCertificateAuthorities.map((ca) => ca.id);
  let state: string[] = [];
  try {
    state = stack.checkpointResources().flatMap((r) => (r.id === undefined ? [] : [r.id]));
  } catch {
    // no checkpoint yet, or one being written
  }
  return { live, state };
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

/**
 * A kill that lands while the file backend writes the checkpoint leaves it torn (`pulumi cancel`
 * then fails with "failed to load checkpoint: EOF"): restore the backup the backend writes before
 * each save (`<stack>.json.bak`), as a user of a file backend would.
 */
function restoreTornCheckpoint(stack: RealStack) {
  try {
    JSON.parse(stack.checkpointText());
  } catch {
    fs.copyFileSync(`${stack.checkpointPath()}.bak`, stack.checkpointPath());
    process.stderr.write("the kill tore the checkpoint: restored its backup\n");
  }
}

/** Starts `up` and kills it with SIGKILL once a live CA is not in the checkpoint. */
async function killedUp(stack: RealStack, emulator: RunningEmulator) {
  const running = stack.start("up");
  let ended = false;
  void running.result.finally(() => (ended = true)).catch(() => undefined);
  for (;;) {
    const { live, state } = idsOf(stack, emulator);
    if (live.length >= 5 && live.some((id) => !state.includes(id))) break;
    if (ended) throw new Error(`the up ended before a CA outside the checkpoint was seen`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  running.kill("SIGKILL");
  expect(await running.result).toBeUndefined();
  killLeftPlugins(stack);
  restoreTornCheckpoint(stack);
  await stack.stack.cancel(); // the file backend's lock, left by the killed CLI
  const { live, state } = idsOf(stack, emulator);
  return {
    live: live.length,
    state: state.length,
    pending: stack.pendingOperations().length,
    lost: live.filter((id) => !state.includes(id)).length,
  };
}

describeWithPulumi("An up killed with SIGKILL, through the real Pulumi CLI", () => {
  let emulator: RunningEmulator;

  beforeEach(async () => {
    emulator = await startEmulator({ port: 0, rateLimit: LIMIT });
  });

  afterEach(async () => {
    await emulator?.close();
  });

  for (const marker of [false, true]) {
    test(`marker ${marker ? "on" : "off"}: a plain rerun after the kill`, async () => {
      const stack = await openStack(
        "tests/programs/manySshCertificateAuthorities",
        "interrupted",
        emulator,
        { ...PACING.config, "ngrok:ownershipMarker": String(marker) },
        { env: PACING.env },
      );
      try {
        const killed = await killedUp(stack, emulator);
        expect(killed.lost).toBeGreaterThan(0);
        succeeded(await stack.up());
        const { live, state } = idsOf(stack, emulator);
        const orphans = live.filter((id) => !state.includes(id));
        process.stderr.write(
          `interrupted up, marker ${marker ? "on" : "off"}: after the kill ${killed.live} live, ` +
            `${killed.state} in state, ${killed.pending} pending, ${killed.lost} lost; after the ` +
            `rerun ${live.length} live for ${COUNT} declared, ${orphans.length} orphans, ` +
            `${stack.pendingOperations().length} pending operations\n`,
        );
        expect(state).toHaveLength(COUNT);
        expect(orphans).toHaveLength(marker ? 0 : killed.lost);
        if (marker) {
          // The pending creates Pulumi keeps: safe to clear, their objects are in state now.
          await stack.stack.refresh({ clearPendingCreates: true });
          expect(stack.pendingOperations()).toEqual([]);
          const after = idsOf(stack, emulator);
          expect(after.live.filter((id) => !after.state.includes(id))).toEqual([]);
        }
        succeeded(await stack.destroy());
      } finally {
        await stack.remove();
      }
    }, 300_000);
  }

  test("marker off: the commands pending-creates prints, then up, leave no orphan", async () => {
    const stack = await openStack(
      "tests/programs/manySshCertificateAuthorities",
      "interrupted",
      emulator,
      PACING.config,
      { env: PACING.env },
    );
    try {
      const killed = await killedUp(stack, emulator);
      expect(killed.lost).toBeGreaterThan(0);
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
      expect(run.stderr).toBe("");
      const commands = run.stdout
        .split("\n")
        .filter((line) => line.startsWith("  $ "))
        .map((line) => line.slice(4));
      expect(commands).toEqual([
        expect.stringMatching(/^pulumi config set --stack test ngrok:adoptExistingIds '\{.*\}'$/),
        "pulumi refresh --stack test --clear-pending-creates --yes --skip-preview",
        "pulumi up --stack test",
        "pulumi config rm --stack test ngrok:adoptExistingIds",
      ]);
      expect(run.stdout.match(/the next up adopts it/g)).toHaveLength(killed.lost);
      const shell = (command: string) =>
        promisify(execFile)("sh", ["-c", command], {
          cwd: stack.stack.workspace.workDir,
          env: { ...process.env, ...stack.env, PATH: `${cli().binDir}:${process.env.PATH ?? ""}` },
          encoding: "utf8",
        });
      await shell(commands[0]);
      await shell(commands[1]);
      expect(stack.pendingOperations()).toEqual([]);
      succeeded(await stack.up());
      await shell(commands[3]);
      const { live, state } = idsOf(stack, emulator);
      process.stderr.write(
        `interrupted up, recovered with pending-creates: after the kill ${killed.live} live, ` +
          `${killed.pending} pending, ${killed.lost} lost; after the commands and up ${live.length} ` +
          `live for ${COUNT} declared, ${live.filter((id) => !state.includes(id)).length} orphans, ` +
          `${stack.pendingOperations().length} pending operations\n`,
      );
      expect(state).toHaveLength(COUNT);
      expect([...live].sort()).toEqual([...state].sort());
      expect(stack.pendingOperations()).toEqual([]);
      // The adopted CAs are managed like the others: a plain up changes nothing.
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: COUNT + 1 });
      succeeded(await stack.destroy());
      expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
    } finally {
      await stack.remove();
    }
  }, 300_000);
});
