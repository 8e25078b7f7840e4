/**
 * The provider plugin's settings through the real Pulumi CLI, with a YAML program (Pulumi's YAML
 * language host and the plugin's executable on PATH, a file backend, the emulator in this
 * process): what `pulumi preview` shows of a changed setting, and which settings `pulumi destroy`
 * uses. docs/configuration.md ("Settings through the provider plugin") says what is asserted here.
 *
 * The program declares one SSH CA through the default provider (the stack config's
 * `ngrok-dynamic:<setting>`) and one through an explicit provider resource
 * (`pulumi:providers:ngrok-dynamic`, its settings from the project's own config).
 *
 * - A changed setting of the default provider: the plugin's `DiffConfig` reports it (the
 *   engine's log shows it, and the update step it plans), but Pulumi hides the default
 *   provider's steps, so the preview says every resource is unchanged.
 * - A changed setting of the explicit provider: the preview shows the provider as `~ update`
 *   with the changed settings, the API key as `[secret] => [secret]`.
 * - `pulumi refresh` and `pulumi destroy` use the settings the last `up` saved: with a wrong key
 *   saved and the right one in config, they fail with ngrok's 401, which names the setting, never
 *   a key; `pulumi destroy --run-program` takes the settings from config and deletes everything.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { offlineEnv } from "../../dist/tools/devtools/pulumiCli";
import { pluginBinDir } from "../../dist/tools/devtools/pluginBin";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import {
  changeSummary,
  type CliRun,
  pulumiCommand,
  yamlLanguageHost,
} from "../support/pulumiCommand";
import { cli, describeWithPulumi, requestsDuring } from "../support/realEngine";

const PROJECT = "plugin-settings";

/** Two CAs: one through the default provider, one through an explicit provider resource. */
const PROGRAM = `name: ${PROJECT}
runtime: yaml
config:
  explicitBaseUrl:
    type: string
  explicitKey:
    type: string
  explicitRate:
    type: integer
resources:
  explicit:
    type: pulumi:providers:ngrok-dynamic
    properties:
      apiBaseUrl: \${explicitBaseUrl}
      apiKey: \${explicitKey}
      maxRequestsPerMinute: \${explicitRate}
  viaDefault:
    type: ngrok-dynamic:index:SshCertificateAuthority
    properties:
      privateKeyType: ed25519
      description: through the default provider
  viaExplicit:
    type: ngrok-dynamic:index:SshCertificateAuthority
    properties:
      privateKeyType: ed25519
      description: through the explicit provider
    options:
      provider: \${explicit}
`;

/** A key ngrok refuses (401): what a mistyped key is to the emulator. */
const WRONG_KEY = "wrong_key_3Qp7ZmX2";

describeWithPulumi("The plugin's settings through the real CLI: preview and destroy", () => {
  const yamlHost = yamlLanguageHost({
    suite: "the plugin settings suite",
    test: "the plugin's settings",
  });
  if (yamlHost === undefined) return;

  let emulator: RunningEmulator;
  let work: string;
  let pluginBin: string;
  let project: string;
  let env: NodeJS.ProcessEnv;

  /** Runs `pulumi <args>` in the project folder; fails with its output unless it exits 0. */
  const pulumi = (args: string[], options: { allowFailure?: boolean } = {}) =>
    pulumiCommand(args, { cwd: project, env, ...options });

  /** The URNs and operations of the steps `preview --json` printed. */
  function previewSteps(stdout: string): { op: string; urn: string }[] {
    return (JSON.parse(stdout) as { steps?: { op: string; urn: string }[] }).steps ?? [];
  }

  /** No key, right or wrong, in anything the CLI printed. */
  function expectNoKey(run: CliRun) {
    for (const key of [emulator.apiKey, WRONG_KEY]) {
      expect(run.stdout).not.toContain(key);
      expect(run.stderr).not.toContain(key);
    }
  }

  /** The CA descriptions the emulator holds, sorted. */
  const cas = () =>
    emulator
      .snapshot()
      .sshCertificateAuthorities.map((ca) => ca.description)
      .sort();

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    work = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-settings-"));
    project = path.join(work, "project");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "Pulumi.yaml"), PROGRAM);
    pluginBin = pluginBinDir();
    const offline = offlineEnv(cli(), work);
    env = {
      ...process.env,
      ...offline,
      // The plugin's executable, the YAML language host, then the CLI's folder.
      PATH: [pluginBin, yamlHost, offline.PATH].join(path.delimiter),
    };
    for (const key of Object.keys(env)) if (key.startsWith("NGROK_")) delete env[key];
    await pulumi(["stack", "init", "dev"]);
    await pulumi(["config", "set", "ngrok-dynamic:apiBaseUrl", emulator.url]);
    await pulumi(["config", "set", "--secret", "ngrok-dynamic:apiKey", emulator.apiKey]);
    await pulumi(["config", "set", "explicitBaseUrl", emulator.url]);
    await pulumi(["config", "set", "--secret", "explicitKey", emulator.apiKey]);
    await pulumi(["config", "set", "explicitRate", "120"]);
  }, 120_000);

  afterAll(async () => {
    await emulator?.close();
    for (const dir of [work, pluginBin]) {
      if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("up: the stack, the explicit provider and both CAs", async () => {
    const run = await pulumi(["up", "--yes", "--skip-preview", "--json"]);
    expect(changeSummary(run.stdout)).toEqual({ create: 4 });
    expect(cas()).toEqual(["through the default provider", "through the explicit provider"]);
  });

  test("a changed setting of the default provider: DiffConfig reports it, the preview hides it", async () => {
    await pulumi(["config", "set", "ngrok-dynamic:maxRequestsPerMinute", "60"]);

    const json = await pulumi(["preview", "--json"]);
    expect(changeSummary(json.stdout)).toEqual({ same: 4 });
    expect(previewSteps(json.stdout).map((s) => s.urn)).not.toContainEqual(
      expect.stringContaining("pulumi:providers:ngrok-dynamic::default"),
    );

    // What the engine did, in its own log: the plugin named the setting, and the engine planned
    // an update of the default provider, a step it does not display.
    const logged = await pulumi(["preview", "--diff", "-v=7", "--logtostderr"]);
    expect(logged.stdout).not.toContain("maxRequestsPerMinute");
    expect(logged.stdout).toMatch(/Resources:\s+4 unchanged/);
    expect(logged.stderr).toMatch(
      /DiffConfig\(urn:pulumi:dev::plugin-settings::pulumi:providers:ngrok-dynamic::default\) success: changes=2 [^\n]*diffs=#\[maxRequestsPerMinute\]/,
    );
    expect(logged.stderr).toContain(
      "Planner decided to update 'urn:pulumi:dev::plugin-settings::pulumi:providers:ngrok-dynamic::default'",
    );
    expectNoKey(logged);
  });

  test("a changed setting of an explicit provider: ~ update, the API key as [secret]", async () => {
    await pulumi(["config", "set", "explicitRate", "60"]);
    await pulumi(["config", "set", "--secret", "explicitKey", WRONG_KEY]);

    const json = await pulumi(["preview", "--json"]);
    expect(changeSummary(json.stdout)).toEqual({ same: 3, update: 1 });
    const explicit = (
      JSON.parse(json.stdout) as {
        steps: { op: string; urn: string; detailedDiff?: Record<string, { kind: string }> }[];
      }
    ).steps.find((s) => s.urn.endsWith("::pulumi:providers:ngrok-dynamic::explicit"));
    expect(explicit?.op).toBe("update");
    expect(explicit?.detailedDiff).toEqual({
      apiKey: { kind: "update", inputDiff: true },
      maxRequestsPerMinute: { kind: "update", inputDiff: true },
    });
    expectNoKey(json);

    const diff = await pulumi(["preview", "--diff"]);
    expect(diff.stdout).toMatch(/~ pulumi:providers:ngrok-dynamic: \(update\)/);
    expect(diff.stdout).toMatch(/~ apiKey\s*: \[secret\] => \[secret\]/);
    expect(diff.stdout).toMatch(/~ maxRequestsPerMinute: 120 => 60/);
    expect(diff.stdout).toMatch(/~ 1 to update\s+3 unchanged/);
    expectNoKey(diff);

    await pulumi(["config", "set", "--secret", "explicitKey", emulator.apiKey]);
  });

  test("destroy uses the settings of the last up; destroy --run-program those of the config", async () => {
    // A wrong key, saved by an up that sends no request (nothing to create or change in ngrok).
    await pulumi(["config", "set", "--secret", "ngrok-dynamic:apiKey", WRONG_KEY]);
    let up: CliRun | undefined;
    const sent = await requestsDuring(emulator, async () => {
      up = await pulumi(["up", "--yes", "--skip-preview", "--json"]);
    });
    expect(sent).toEqual([]);
    // The explicit provider's new rate is an update; the default provider's key, hidden.
    expect(changeSummary(up!.stdout)).toEqual({ same: 3, update: 1 });

    // The key fixed in config: refresh and destroy still send the saved one, and ngrok refuses it.
    await pulumi(["config", "set", "--secret", "ngrok-dynamic:apiKey", emulator.apiKey]);
    const refresh = await pulumi(["refresh", "--yes", "--skip-preview"], { allowFailure: true });
    expect(refresh.code).not.toBe(0);
    expect(refresh.stdout).toMatch(/ngrok API 401 /);
    expectNoKey(refresh);
    const refused = await pulumi(["destroy", "--yes", "--skip-preview"], { allowFailure: true });
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toMatch(
      /ngrok API 401 [^\n]*ngrok refused the API key, which comes from the stack config ngrok-dynamic:apiKey/,
    );
    expectNoKey(refused);
    expect(cas()).toContain("through the default provider");

    // With --run-program, the program runs first and the provider takes the settings in config.
    const destroyed = await pulumi(["destroy", "--yes", "--skip-preview", "--run-program"]);
    expect(destroyed.stdout).toMatch(/deleted/);
    expectNoKey(destroyed);
    expect(cas()).toEqual([]);
    const state = await pulumi(["stack", "--show-urns"]);
    expect(state.stdout).not.toContain("SshCertificateAuthority");
  });
});
