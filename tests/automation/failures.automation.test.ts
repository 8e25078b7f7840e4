/**
 * Failure paths through the real Pulumi CLI, against the emulator:
 * - a wrong `ngrok:apiKey` fails `up` with ngrok's 401, naming the setting the key came from,
 *   the key redacted; a rerun with the right key completes;
 * - an API that stops answering in the middle of `up` (every request reset before it is handled,
 *   for longer than the retry deadline) fails that `up`; once it answers again, a later `up`
 *   completes with exactly the declared CAs: no duplicate, no orphan, state and API agree.
 */
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { describeWithPulumi, openStack, succeeded } from "../support/realEngine";

const COUNT = 8;

/** The CA ids the checkpoint records, and the ones the emulator holds, both sorted. */
function agreement(stack: RealStack, emulator: RunningEmulator) {
  return {
    state: stack
      .checkpointResources()
      .map((r) => r.id)
      .sort(),
    live: emulator
      .snapshot()
      .sshCertificateAuthorities.map((ca) => ca.id)
      .sort(),
  };
}

describeWithPulumi("Failure paths through the real Pulumi CLI", () => {
  let emulator: RunningEmulator;

  beforeEach(async () => {
    emulator = await startEmulator({ port: 0 });
  });

  afterEach(async () => {
    await emulator?.close();
  });

  test("a wrong API key fails up with ngrok's 401, the key redacted; the right key then completes it", async () => {
    const wrongKey = "wrong_key_0123456789abcdefghijklmnopqrstuv";
    const stack = await openStack(
      "tests/programs/manySshCertificateAuthorities",
      "failures",
      emulator,
      {
        count: "2",
        "ngrok:apiKey": { value: wrongKey, secret: true },
      },
    );
    try {
      const failed = await stack.up();
      expect(failed.ok).toBe(false);
      expect(failed.error).toMatch(/ngrok API 401 ERR_NGROK_\d+/);
      // What to do, through the real engine: the setting the key came from.
      expect(failed.error).toContain(
        "ngrok refused the API key, which comes from the stack config ngrok:apiKey",
      );
      expect(failed.error).not.toContain(wrongKey);
      expect(failed.stdout).not.toContain(wrongKey);
      expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);

      await stack.setConfig({ "ngrok:apiKey": { value: emulator.apiKey, secret: true } });
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 1, create: 2 });
      const { state, live } = agreement(stack, emulator);
      expect(live).toHaveLength(2);
      expect(state).toEqual(live);
      succeeded(await stack.destroy());
    } finally {
      await stack.remove();
    }
  });

  test("an API that stops answering mid-up: that up fails, a later one completes with no duplicate and no orphan", async () => {
    const stack = await openStack(
      "tests/programs/manySshCertificateAuthorities",
      "failures",
      emulator,
      {
        count: String(COUNT),
        "ngrok:retryMaxAttempts": "3",
        "ngrok:retryDeadlineSeconds": "3",
      },
    );
    try {
      const running = stack.start("up", { parallel: 2 });
      // Dies once three CAs exist: from then on every request is reset before it is handled.
      while (emulator.snapshot().sshCertificateAuthorities.length < 3) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const dead = emulator.faults.add({ drop: "before" });
      const failed = await running.result;
      expect(failed?.ok).toBe(false);
      expect(emulator.snapshot().sshCertificateAuthorities.length).toBeLessThan(COUNT);

      emulator.faults.remove(dead);
      const rerun = succeeded(await stack.up());
      expect(rerun.summary?.resourceChanges?.create).toBeGreaterThan(0);
      const { state, live } = agreement(stack, emulator);
      expect(live).toHaveLength(COUNT);
      expect(state).toEqual(live);
      expect(
        new Set(emulator.snapshot().sshCertificateAuthorities.map((ca) => ca.description)).size,
      ).toBe(COUNT);
      succeeded(await stack.destroy());
      expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
    } finally {
      await stack.remove();
    }
  });
});
