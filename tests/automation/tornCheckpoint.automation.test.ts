/**
 * What a kill can tear in the file backend, and the repair the interrupted-deployment docs give
 * (tests/support/killedOperation.ts `repairTornCheckpoint`), through the real Pulumi CLI: an empty
 * attributes file beside the checkpoint (what a kill between its truncation and its write leaves)
 * makes `pulumi cancel` fail with "failed to load checkpoint: EOF"; after the repair it succeeds
 * and the stack's resources are all still there.
 */
import * as fs from "node:fs";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { repairTornCheckpoint } from "../support/killedOperation";
import { describeWithPulumi, openStack, succeeded } from "../support/realEngine";

describeWithPulumi("A torn file backend, through the real Pulumi CLI", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  test("an empty .attrs fails every command with EOF; the documented repair restores the stack", async () => {
    const stack = await openStack("tests/programs/sshCertificateAuthority", "torn", emulator, {
      privateKeyType: "ed25519",
    });
    try {
      succeeded(await stack.up());
      const ids = stack.checkpointResources().map((r) => r.id);
      expect(ids).toHaveLength(1);
      const attrs = `${stack.checkpointPath()}.attrs`;
      expect(JSON.parse(fs.readFileSync(attrs, "utf8"))).toEqual(expect.any(Object));

      fs.writeFileSync(attrs, ""); // as a kill after the truncation leaves it
      await expect(stack.stack.cancel()).rejects.toThrow(/failed to load checkpoint: EOF/);

      expect(repairTornCheckpoint(stack)).toEqual(["removed the torn test.json.attrs"]);
      await stack.stack.cancel();
      expect(stack.checkpointResources().map((r) => r.id)).toEqual(ids);
      expect(succeeded(await stack.preview()).changeSummary).toEqual({ same: 2 });
      succeeded(await stack.destroy());
      expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
    } finally {
      await stack.remove();
    }
  });
});
