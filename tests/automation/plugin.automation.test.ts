/**
 * The provider plugin (`pulumi-resource-ngrok-dynamic`) through the real Pulumi CLI, from a
 * Node.js inline program that registers its resources by type token.
 */
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { pluginBinDir } from "../../dist/devtools/pluginBin";
import {
  describeWithPulumi,
  openStack,
  requestsDuring,
  succeeded,
  writes,
} from "../support/realEngine";

describeWithPulumi("The provider plugin through the real Pulumi CLI", () => {
  let emulator: RunningEmulator;
  const bin = pluginBinDir();

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  test("up, a no-op preview, an update and destroy of a CA", async () => {
    const stack = await openStack(
      "tests/programs/pluginResources",
      "plugin-resources",
      emulator,
      {
        "ngrok-dynamic:apiBaseUrl": emulator.url,
        "ngrok-dynamic:apiKey": { value: emulator.apiKey, secret: true },
        description: "v1",
      },
      { env: { PATH: `${bin}:${process.env.PATH ?? ""}` } },
    );
    try {
      const up = succeeded(await stack.up());
      expect(up.summary?.resourceChanges).toEqual({ create: 2 });
      const [ca] = emulator.snapshot().sshCertificateAuthorities;
      expect(ca.description).toBe("v1");
      const outputs = await stack.outputs();
      expect(outputs.publicKey).toBe(ca.public_key);
      const requests = await requestsDuring(emulator, async () => {
        expect(succeeded(await stack.preview()).changeSummary).toEqual({ same: 2 });
      });
      expect(writes(requests)).toEqual([]);
      await stack.setConfig({ description: { value: "v2" } });
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 1, update: 1 });
      expect(emulator.snapshot().sshCertificateAuthorities[0].description).toBe("v2");
      succeeded(await stack.destroy());
      expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
    } finally {
      await stack.remove();
    }
  });
});
