/**
 * The plugin's executables for the platforms this linux-amd64 machine does not run natively,
 * under Debian's emulators (tools/devtools/executables/emulation.ts): linux-arm64 under
 * `qemu-aarch64-static`, windows-amd64 under `wine64`. Each starts as the engine starts a plugin,
 * prints its port, and answers over gRPC: `GetSchema` (the embedded schema.json, byte for byte),
 * `Check` (a rule failure naming the property, and a valid CA's inputs), and a CA's `Create` and
 * `Delete` against the emulator. The macOS executables are checked by format only
 * (tests/executables/*.test.ts): nothing here runs them.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import {
  cachedExecutable,
  PLUGIN_PROGRAM,
  targetNamed,
} from "../../dist/tools/devtools/executables";
import { emulationFor } from "../../dist/tools/devtools/executables/emulation";
import { makeUrn, startProviderHost } from "../../dist/tools/devtools/providerHost";
import { REPO } from "../support/repo";

const urn = (name: string) =>
  makeUrn("dev", "emulated", "ngrok-dynamic:index:SshCertificateAuthority", name);

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator?.close();
});

describe.each(["linux-arm64", "windows-amd64"])("the %s plugin executable", (name) => {
  // Making the executable fetches its Node.js runtime once (about 30 MB); starting it under
  // emulation takes seconds.
  jest.setTimeout(600_000);

  test("starts under emulation and answers GetSchema, Check, Create and Delete", async () => {
    const target = targetNamed(name);
    const executable = await cachedExecutable(PLUGIN_PROGRAM, target);
    const emulation = emulationFor(target);
    const plugin = await startProviderHost({
      cwd: REPO,
      project: "emulated",
      executable,
      launch: emulation.launch,
      env: emulation.env,
    }).catch((error: unknown) => {
      emulation.stop();
      throw error;
    });
    try {
      expect(await plugin.getSchema()).toBe(
        fs.readFileSync(path.join(REPO, "schema.json"), "utf8"),
      );

      const refused = await plugin.check(urn("bad"), {}, { privateKeyType: "dsa" });
      expect(refused.failures.map((f) => f.property)).toEqual(["privateKeyType"]);

      const checked = await plugin.check(
        urn("ca"),
        {},
        {
          privateKeyType: "ed25519",
          description: `made by the ${name} executable`,
        },
      );
      expect(checked.failures).toEqual([]);

      await plugin.configure({ apiKey: emulator.apiKey, apiBaseUrl: emulator.url });
      const created = await plugin.create(urn("ca"), checked.inputs);
      expect(created.id).toMatch(/^sshca_/);
      expect(created.properties.publicKey).toMatch(/^ssh-ed25519 /);
      expect(emulator.snapshot().sshCertificateAuthorities.map((ca) => ca.description)).toEqual([
        `made by the ${name} executable`,
      ]);
      await plugin.delete(urn("ca"), created.id, created.properties, checked.inputs);
      expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
    } finally {
      await plugin.close();
      emulation.stop();
    }
  });
});
