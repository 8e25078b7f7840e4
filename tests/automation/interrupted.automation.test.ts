/**
 * A `pulumi up` killed with SIGKILL (the runner, the CLI and its plugins, as a cancelled CI job
 * is), through the real Pulumi CLI: 30 SSH CAs, the emulator limited to 10 requests per 2 s and
 * the provider paced to it. The kill comes the moment the emulator holds a CA the checkpoint does
 * not (a create answered, its checkpoint write not done), so every run has at least one.
 *
 * - marker off: `pulumi cancel` and a plain rerun create a second CA for each lost one (the
 *   orphans this measures);
 * - marker on (`ngrok:ownershipMarker`): the plain rerun takes the lost ones over: no orphan,
 *   and the state and the live CAs agree.
 */
import * as fs from "node:fs";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import type { RealStack } from "../../dist/devtools/realStack";
import { describeWithPulumi, openStack, succeeded } from "../support/realEngine";

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

/** Starts `up` and kills it with SIGKILL once a live CA is not in the checkpoint. */
async function killedUp(stack: RealStack, emulator: RunningEmulator) {
  const running = stack.start("up");
  for (;;) {
    const { live, state } = idsOf(stack, emulator);
    if (live.length >= 5 && live.some((id) => !state.includes(id))) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  running.kill("SIGKILL");
  expect(await running.result).toBeUndefined();
  killLeftPlugins(stack);
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
});
