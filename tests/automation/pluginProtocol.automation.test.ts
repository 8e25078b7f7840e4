/**
 * The plugin's protocol answers as the real Pulumi CLI shows them (issue #33 §5), with a Pulumi
 * YAML program through the plugin on PATH against the emulator: two CAs, the second's
 * description the first's `publicKey`.
 *
 * - After `up`, a change of the first CA's description previews as an update of the first alone:
 *   the preview's Update answers the old outputs with the new description (`supportsPreview`),
 *   so `publicKey` stays known and the second CA is unchanged, not `[unknown]`.
 * - `pulumi preview --diff` names each property as an update or a replacement, from the
 *   plugin's detailed diff (in `--json`: the step's `detailedDiff`).
 * - The API key, set as a secret, is nowhere in the checkpoint on disk: `CheckConfig` answers it
 *   as a secret, so the default provider's state holds its ciphertext (§4).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pluginBinDir } from "../../dist/tools/devtools/pluginBin";
import { backendDir, findYamlLanguageHost, offlineEnv } from "../../dist/tools/devtools/pulumiCli";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { pulumiCommand } from "../support/pulumiCommand";
import { cli, describeWithPulumi, pulumiCli, requestsDuring, writes } from "../support/realEngine";

const yamlHost = pulumiCli === undefined ? undefined : findYamlLanguageHost(pulumiCli);
const CA = "ngrok-dynamic:index:SshCertificateAuthority";

/** The program: `first` with `description` and `keyType`, `second` described by its key. */
const program = (description: string, keyType = "ed25519") => `name: plugin-protocol
runtime: yaml
resources:
  first:
    type: ${CA}
    properties:
      privateKeyType: ${keyType}
      description: ${description}
  second:
    type: ${CA}
    properties:
      privateKeyType: ed25519
      description: \${first.publicKey}
`;

/** One step of a preview's `--json`. */
interface Step {
  op: string;
  urn: string;
  detailedDiff?: Record<string, { kind: string; inputDiff?: boolean }>;
}

describeWithPulumi("The plugin's previews and detailed diffs through the real CLI", () => {
  let emulator: RunningEmulator;
  let work: string;
  let bin: string;
  let env: NodeJS.ProcessEnv;

  const pulumi = async (args: string[]) =>
    (await pulumiCommand(args, { cwd: path.join(work, "project"), env })).stdout;

  const write = (text: string) => fs.writeFileSync(path.join(work, "project", "Pulumi.yaml"), text);

  beforeAll(async () => {
    if (yamlHost === undefined) throw new Error("no pulumi-language-yaml: npm run pulumi:install");
    emulator = await startEmulator({ port: 0 });
    work = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-protocol-"));
    fs.mkdirSync(path.join(work, "project"));
    write(program("v1"));
    bin = pluginBinDir();
    const offline = offlineEnv(cli(), work);
    env = { ...process.env, ...offline, PATH: [bin, yamlHost, offline.PATH].join(path.delimiter) };
    for (const key of Object.keys(env)) if (key.startsWith("NGROK_")) delete env[key];
    await pulumi(["stack", "init", "dev"]);
    await pulumi(["config", "set", "ngrok-dynamic:apiBaseUrl", emulator.url]);
    await pulumi(["config", "set", "--secret", "ngrok-dynamic:apiKey", emulator.apiKey]);
    await pulumi(["up", "--yes", "--skip-preview"]);
  }, 300_000);

  afterAll(async () => {
    await emulator?.close();
    for (const dir of [work, bin]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("the API key is nowhere in the checkpoint: the default provider holds it as a secret", async () => {
    const files = fs.readdirSync(backendDir(work), { recursive: true, encoding: "utf8" });
    const checkpoints = files.filter((f) => f.endsWith(".json"));
    expect(checkpoints.length).toBeGreaterThan(0);
    for (const file of checkpoints) {
      const text = fs.readFileSync(path.join(backendDir(work), file), "utf8");
      expect(text).not.toContain(emulator.apiKey);
    }
    const exported = JSON.parse(await pulumi(["stack", "export"])) as {
      deployment: { resources: { type: string; inputs?: Record<string, unknown> }[] };
    };
    const provider = exported.deployment.resources.find(
      (r) => r.type === "pulumi:providers:ngrok-dynamic",
    );
    // CheckConfig answers the key as a secret, so the engine stores it encrypted (issue #33 §4).
    expect(JSON.stringify(provider?.inputs?.apiKey)).toMatch(/ciphertext|\[secret\]/);
  });

  test("a change of the first CA's description: it is updated, the second unchanged, nothing unknown", async () => {
    const [first] = emulator.snapshot().sshCertificateAuthorities;
    expect(emulator.snapshot().sshCertificateAuthorities[1].description).toBe(first.public_key);
    write(program("v2"));
    let text = "";
    let json = "";
    const requests = await requestsDuring(emulator, async () => {
      text = await pulumi(["preview", "--diff"]);
      json = await pulumi(["preview", "--diff", "--json"]);
    });
    process.stderr.write(`pulumi preview --diff:\n${text}\n`);
    expect(writes(requests)).toEqual([]);
    expect(text).not.toMatch(/unknown/);
    expect(text).toMatch(
      /~ ngrok-dynamic:index:SshCertificateAuthority: \(update\)[\s\S]*::first\][\s\S]*~ description: "v1" => "v2"/,
    );
    expect(text).not.toMatch(/::second\]/);
    const preview = JSON.parse(json) as { steps: Step[]; changeSummary: Record<string, number> };
    expect(preview.changeSummary).toEqual({ same: 2, update: 1 });
    const steps = Object.fromEntries(preview.steps.map((s) => [s.urn.split("::").pop(), s]));
    expect(steps.first.op).toBe("update");
    expect(steps.first.detailedDiff).toEqual({ description: { kind: "update", inputDiff: true } });
    // `--json` lists the steps that change something: the second CA is not among them.
    expect(steps.second?.op ?? "same").toBe("same");
  });

  test("pulumi preview --diff names each property as an update or a replacement", async () => {
    write(program("v3", "ecdsa"));
    const json = await pulumi(["preview", "--diff", "--json"]);
    const preview = JSON.parse(json) as { steps: Step[] };
    const first = preview.steps.find((s) => s.urn.endsWith("::first") && s.op === "replace");
    expect(first?.detailedDiff).toEqual({
      description: { kind: "update", inputDiff: true },
      privateKeyType: { kind: "update-replace", inputDiff: true },
      // ecdsa's curve, p256 by default, which the ed25519 CA had not.
      ellipticCurve: { kind: "add-replace", inputDiff: true },
    });
    const text = await pulumi(["preview", "--diff"]);
    process.stderr.write(`pulumi preview --diff (a replacement):\n${text}\n`);
    expect(text).toMatch(/\+-ngrok-dynamic:index:SshCertificateAuthority: \(replace\)/);
    expect(text).toMatch(/~ privateKeyType: "ed25519" => "ecdsa"/);
  });
});
