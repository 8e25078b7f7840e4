/**
 * What the real engine stores: the quickstart (both resources) deployed through the real Pulumi CLI
 * from the repository's root Pulumi.yaml, as `pulumi up` there would, with `ngrok:apiKey` set as a
 * secret. The checkpoint the file backend writes (read from disk, not
 * through `pulumi stack export --show-secrets`, which decrypts) holds neither the key nor any
 * absolute path of this machine, and `__provider` is small and stored as the SDK serialized it.
 */
import * as os from "node:os";
import type { RunResult } from "../../dist/tools/devtools/inlineRunner";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { cli, describeWithPulumi, openStack, succeeded } from "../support/realEngine";
import { REPO } from "../support/repo";

describeWithPulumi("Secrets and machine paths in the real checkpoint", () => {
  let emulator: RunningEmulator;
  let stack: RealStack;
  let up: RunResult;
  let checkpoint: string;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const {
      edgeId,
      routeIds: [routeId],
    } = await createEdgeWithRoutes(emulator, 1);
    // The program resolves the metadata path from its folder (the repository), as a user's would.
    stack = await openStack(
      ".",
      "ngrok-quickstart",
      emulator,
      { edgeId, routeId, idpMetadataPath: "tests/fixtures/idp-metadata/okta.xml" },
      { main: "examples/quickstart/", useProgramProject: true },
    );
    up = succeeded(await stack.up());
    checkpoint = stack.checkpointText();
  }, 180000);

  afterAll(async () => {
    await stack?.destroy();
    await stack?.remove();
    await emulator?.close();
  });

  test("the API key is nowhere in the checkpoint, only its ciphertext", () => {
    expect(checkpoint).not.toContain(emulator.apiKey);
    expect(checkpoint).toContain("ciphertext");
    expect(up.stdout).not.toContain(emulator.apiKey);
  });

  test("no absolute path of this machine is in the checkpoint", () => {
    for (const local of [REPO, os.homedir(), os.tmpdir(), stack.workDir, cli().binDir]) {
      expect(checkpoint).not.toContain(local);
    }
    expect(checkpoint).not.toMatch(/["'`]\/(?:work|home|root|tmp|Users|var|opt)\//);
  });

  test("__provider is stored as serialized: under 3 KiB, the same in inputs and outputs, loading the package by name", () => {
    const resources = stack.checkpointResources();
    expect(resources.map((r) => r.type).sort()).toEqual([
      "pulumi-nodejs:dynamic/ngrok:HttpsEdgeRouteSaml",
      "pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority",
    ]);
    for (const resource of resources) {
      const provider = resource.inputs?.__provider as string;
      expect(Buffer.byteLength(provider)).toBeLessThan(3 * 1024);
      expect(resource.outputs?.__provider).toBe(provider);
      expect(provider).toContain('require("pulumi-ngrok-dynamic/provider")');
    }
  });
});
