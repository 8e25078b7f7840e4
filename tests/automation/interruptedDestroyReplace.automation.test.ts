/**
 * A `pulumi destroy` and a create-before-delete replacement killed with SIGKILL, through the real
 * Pulumi CLI (issue #19 §3): 30 SSH CAs, the emulator limited to 10 requests per 2 s and the
 * provider paced to it, each case with the ownership marker off (recovered with
 * `pulumi-ngrok-dynamic pending-creates` and the commands it prints) and on (a plain rerun).
 *
 * - destroy, killed the moment a CA is deleted in ngrok while the checkpoint still holds it:
 *   a rerun of `destroy` ends with nothing live and nothing in state;
 * - a replacement of every CA (ed25519 → ECDSA P-384), killed the moment a new CA is live but not
 *   in the checkpoint: after recovery every CA is replaced once, neither lost nor doubled.
 *
 * At the end of every case the state and the live CAs agree: no orphan, and no CA that the
 * state holds and ngrok does not.
 */
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { describeWithPulumi, openStack, succeeded } from "../support/realEngine";
import {
  type AfterKill,
  idsOf,
  killedOperation,
  pendingCreatesReport,
  shell,
} from "../support/killedOperation";

const COUNT = 30;
const LIMIT = { requests: 10, windowMs: 2000 };
const PACING = {
  config: { count: String(COUNT), "ngrok:maxRequestsPerMinute": String(LIMIT.requests) },
  env: { PULUMI_NGROK_DYNAMIC_RATE_WINDOW_MS: String(LIMIT.windowMs) },
};

/** One line for the closing note's figures. */
function report(what: string, killed: AfterKill, stack: RealStack, emulator: RunningEmulator) {
  const { live, state } = idsOf(stack, emulator);
  process.stderr.write(
    `${what}: after the kill ${killed.live} live, ${killed.state} in state, ${killed.pending} ` +
      `pending, ${killed.lost} live not in state, ${killed.phantoms} in state not live; after ` +
      `recovery ${live.length} live, ${state.length} in state, ` +
      `${live.filter((id) => !state.includes(id)).length} orphans, ` +
      `${state.filter((id) => !live.includes(id)).length} in state not live, ` +
      `${stack.pendingOperations().length} pending operations\n`,
  );
}

describeWithPulumi(
  "A destroy or a replacement killed with SIGKILL, through the real Pulumi CLI",
  () => {
    let emulator: RunningEmulator;

    beforeEach(async () => {
      emulator = await startEmulator({ port: 0, rateLimit: LIMIT });
    });

    afterEach(async () => {
      await emulator?.close();
    });

    const open = (marker: boolean) =>
      openStack(
        "tests/programs/manySshCertificateAuthorities",
        "interrupted",
        emulator,
        { ...PACING.config, "ngrok:ownershipMarker": String(marker) },
        { env: PACING.env },
      );

    for (const marker of [false, true]) {
      const how = marker ? "marker on, a plain rerun" : "marker off, pending-creates then a rerun";

      test(`destroy killed, ${how}: nothing live and nothing in state`, async () => {
        const stack = await open(marker);
        try {
          succeeded(await stack.up());
          // A CA deleted in ngrok that the checkpoint still holds: its delete answered, not recorded.
          const killed = await killedOperation(stack, emulator, "destroy", ({ live, state }) =>
            state.some((id) => !live.includes(id)),
          );
          expect(killed.phantoms).toBeGreaterThan(0);
          if (!marker) {
            // A destroy leaves no pending create: the command says so and prints nothing to run.
            const run = await pendingCreatesReport(stack, emulator);
            expect(run.stderr).toBe("");
            expect(run.stdout).toMatch(/^0 pending creates in the state/);
            expect(run.commands).toEqual([]);
          }
          succeeded(await stack.destroy());
          report(`interrupted destroy, ${how}`, killed, stack, emulator);
          expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
          expect(stack.checkpointResources()).toEqual([]);
          expect(stack.pendingOperations()).toEqual([]);
        } finally {
          await stack.remove();
        }
      }, 300_000);

      test(`replacement killed, ${how}: every CA replaced once, none lost or doubled`, async () => {
        const stack = await open(marker);
        try {
          succeeded(await stack.up());
          const before = idsOf(stack, emulator).live;
          await stack.setConfig({ keyType: { value: "ecdsa" } });
          // A new CA live that the checkpoint does not hold: its create answered, not recorded.
          const killed = await killedOperation(stack, emulator, "up", ({ cas, state }) =>
            cas.some((ca) => ca.keyType === "ecdsa" && !state.includes(ca.id)),
          );
          expect(killed.lost).toBeGreaterThan(0);
          if (marker) {
            succeeded(await stack.up());
          } else {
            const run = await pendingCreatesReport(stack, emulator);
            expect(run.stderr).toBe("");
            expect(run.stdout.match(/the next up adopts it as the replacement/g)).toHaveLength(
              killed.lost,
            );
            expect(run.commands).toEqual([
              expect.stringMatching(
                /^pulumi config set --stack test ngrok:adoptExistingIds '\{.*\}'$/,
              ),
              "pulumi refresh --stack test --clear-pending-creates --yes --skip-preview",
              "pulumi up --stack test",
              "pulumi config rm --stack test ngrok:adoptExistingIds",
            ]);
            await shell(stack, run.commands[0]);
            await shell(stack, run.commands[1]);
            succeeded(await stack.up());
            await shell(stack, run.commands[3]);
          }
          if (marker) {
            // The pending creates Pulumi keeps: safe to clear, their objects are in state now.
            await stack.stack.refresh({ clearPendingCreates: true });
          }
          report(`interrupted replacement, ${how}`, killed, stack, emulator);
          const { cas, state } = idsOf(stack, emulator);
          expect(cas.map((ca) => ca.id).sort()).toEqual([...state].sort());
          expect(cas).toHaveLength(COUNT);
          expect(cas.every((ca) => ca.keyType === "ecdsa" && !before.includes(ca.id))).toBe(true);
          expect(stack.pendingOperations()).toEqual([]);
          // Managed like the others: a plain up changes nothing.
          expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: COUNT + 1 });
          succeeded(await stack.destroy());
          expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
        } finally {
          await stack.remove();
        }
      }, 300_000);
    }
  },
);
