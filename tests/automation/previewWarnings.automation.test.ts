/**
 * The preview warnings (provider/common/previewWarnings.ts) through the real Pulumi CLI: one
 * `pulumi preview` of a user certificate whose validity ended in 2020, on a stack with no API key
 * (neither `ngrok:apiKey` nor `NGROK_API_KEY`; the runner passes no NGROK_* variable). The preview
 * succeeds, sends no API request, and the CLI shows each warning, in its output and as an engine
 * diagnostic.
 */
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { describeWithPulumi, openStack, succeeded } from "../support/realEngine";
import * as keys from "../support/sshKeys";

describeWithPulumi("preview warnings through the real Pulumi CLI", () => {
  let emulator: RunningEmulator;
  let stack: RealStack;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack("tests/programs/sshUserCertificate", "preview-warnings", emulator, {
      sshCertificateAuthorityId: "sshca_2Zq8yZ1dS0cKk3m3h2Qh1pQe8Yb",
      publicKey: keys.ED25519,
      principals: JSON.stringify(["deploy"]),
      validUntil: "2020-06-01T00:00:00Z",
    });
    await stack.removeConfig(["ngrok:apiKey"]);
  }, 120000);

  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
  });

  test("an expired certificate and a missing API key: preview succeeds and shows both warnings", async () => {
    const preview = succeeded(await stack.preview());
    expect(preview.changeSummary).toEqual({ create: 2 }); // the stack and the certificate
    expect(emulator.requests).toEqual([]);

    const expired =
      'SshUserCertificate for principals "deploy": validUntil 2020-06-01T00:00:00Z has passed';
    const noKey =
      "no ngrok API key: neither the stack config ngrok:apiKey nor the environment variable NGROK_API_KEY is set";
    for (const warning of [expired, noKey]) {
      expect(preview.stdout).toContain(warning);
      expect(preview.diagnostics.filter((d) => d.message.includes(warning))).not.toEqual([]);
    }
    // Once per provider process, not once per resource or per call.
    expect(preview.diagnostics.filter((d) => d.message.includes(noKey))).toHaveLength(1);
    // What the CLI printed, for the docs' quotes (docs/configuration.md, docs/sshHostCertificate.md).
    process.stderr.write(
      `${preview.diagnostics
        .filter((d) => d.severity !== "debug")
        .map((d) => `[${d.severity}] ${d.message.trim()}`)
        .join("\n")}\n`,
    );
  });
});
