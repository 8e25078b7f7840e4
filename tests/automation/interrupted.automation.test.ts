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
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { describeWithPulumi, openStack, succeeded } from "../support/realEngine";
import { idsOf, killedOperation, pendingCreatesReport, shell } from "../support/killedOperation";

const COUNT = 30;
const LIMIT = { requests: 10, windowMs: 2000 };
const PACING = {
  config: { count: String(COUNT), "ngrok:maxRequestsPerMinute": String(LIMIT.requests) },
  env: { PULUMI_NGROK_DYNAMIC_RATE_WINDOW_MS: String(LIMIT.windowMs) },
};

/** Kills `up` once at least 5 CAs are live and one of them is not in the checkpoint. */
const killedUp = (stack: RealStack, emulator: RunningEmulator) =>
  killedOperation(
    stack,
    emulator,
    "up",
    ({ live, state }) => live.length >= 5 && live.some((id) => !state.includes(id)),
  );

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
      const run = await pendingCreatesReport(stack, emulator);
      expect(run.stderr).toBe("");
      const { commands } = run;
      expect(commands).toEqual([
        expect.stringMatching(/^pulumi config set --stack test ngrok:adoptExistingIds '\{.*\}'$/),
        "pulumi refresh --stack test --clear-pending-creates --yes --skip-preview",
        "pulumi up --stack test",
        "pulumi config rm --stack test ngrok:adoptExistingIds",
      ]);
      expect(run.stdout.match(/the next up adopts it/g)).toHaveLength(killed.lost);
      await shell(stack, commands[0]);
      await shell(stack, commands[1]);
      expect(stack.pendingOperations()).toEqual([]);
      succeeded(await stack.up());
      await shell(stack, commands[3]);
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
