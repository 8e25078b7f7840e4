/**
 * Pacing through the real Pulumi CLI, against the emulator's rate limit scaled down to 5 requests
 * per rolling 8 s, with the provider paced at the same scale (`ngrok:maxRequestsPerMinute` 5 and
 * the test-only PULUMI_NGROK_DYNAMIC_RATE_WINDOW_MS):
 * - `up` of 16 SSH CAs then `destroy` get no 429; while requests wait, the CLI shows the
 *   provider's notices (as it runs, and in the engine's diagnostics, severity info), the last one
 *   with the total wait;
 * - a create that fails after waiting for its slot says, in the error the CLI reports, how long
 *   it waited on the rate limit.
 */
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { describeWithPulumi, openStack, succeeded } from "../support/realEngine";

const LIMIT = { requests: 5, windowMs: 8000 };
const COUNT = 16;
const PACING = {
  config: { count: String(COUNT), "ngrok:maxRequestsPerMinute": String(LIMIT.requests) },
  env: { PULUMI_NGROK_DYNAMIC_RATE_WINDOW_MS: String(LIMIT.windowMs) },
};

describeWithPulumi("Pacing through the real Pulumi CLI", () => {
  let emulator: RunningEmulator;

  beforeEach(async () => {
    emulator = await startEmulator({ port: 0, rateLimit: LIMIT });
  });

  afterEach(async () => {
    await emulator?.close();
  });

  test("up and destroy wait for the rate limit without a 429, and the CLI says so", async () => {
    const stack = await openStack(
      "tests/programs/manySshCertificateAuthorities",
      "pacing",
      emulator,
      PACING.config,
      { env: PACING.env },
    );
    try {
      let output = "";
      const up = succeeded(await stack.up({ onOutput: (out) => (output += out) }));
      expect(emulator.snapshot().sshCertificateAuthorities).toHaveLength(COUNT);
      const notices = up.diagnostics.filter((d) => d.message.includes("for the rate limit"));
      expect(notices.length).toBeGreaterThanOrEqual(2);
      expect(notices.every((d) => d.severity === "info")).toBe(true);
      expect(notices[0].message).toMatch(
        /ngrok API: \d+ requests? waiting for the rate limit of 5 per 8\.0 s \(ngrok:maxRequestsPerMinute\); the longest has waited \d+(\.\d)? s/,
      );
      expect(notices.at(-1)?.message).toMatch(
        /ngrok API: no request waiting for the rate limit any more; \d+ requests waited, \d+(\.\d)? s at most, \d+(\.\d)? s in all/,
      );
      expect(output).toContain("waiting for the rate limit of 5 per 8.0 s");

      succeeded(await stack.destroy());
      expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
      expect(emulator.requests.filter((r) => r.status === 429)).toEqual([]);
      expect(emulator.requests).toHaveLength(2 * COUNT);
    } finally {
      await stack.remove();
    }
  }, 300_000);

  test("a create that fails after waiting for its slot tells the wait in the CLI's error", async () => {
    // The eleventh POST fails: it waited for two windows' slots first.
    const path = "/ssh_certificate_authorities";
    emulator.faults.add({ method: "POST", path, count: 10 });
    emulator.faults.add({ method: "POST", path, status: 400, count: 1 });
    const stack = await openStack(
      "tests/programs/manySshCertificateAuthorities",
      "pacing",
      emulator,
      { ...PACING.config, count: "11" },
      { env: PACING.env },
    );
    try {
      const failed = await stack.up();
      expect(failed.ok).toBe(false);
      expect(failed.error).toMatch(
        /ngrok API 400: Bad Request \(POST \/ssh_certificate_authorities[^)]*\); waited \d+(\.\d)? s on the rate limit/,
      );
      emulator.faults.clear();
      succeeded(await stack.destroy());
      expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
    } finally {
      await stack.remove();
    }
  }, 300_000);
});
