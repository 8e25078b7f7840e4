/**
 * A secret inside a Traffic Policy hides only its value (issue #48 §2), through the real Pulumi
 * CLI against the emulator.
 *
 * Through the provider plugin (a YAML program, the plugin's executable, its debug log on): the
 * OpenID Connect client secret is a secret config value, written as the value of `client_secret`.
 * After `up`, a rule is added: `pulumi preview --diff` shows the policy's change, the new rule's
 * name and action type, the secret as `[secret]`. A policy that breaks a rule fails the preview
 * with its path and action type. Neither the secret nor any start of it (4 characters or more) is
 * in any output, diagnostic, debug line, or file the CLI wrote (the checkpoint, its backups and
 * history, the stack's config).
 *
 * Through the Node.js classes (a TypeScript program, Pulumi's dynamic-provider host, which
 * answers `acceptSecrets: false`): what the same change previews as, with the secret as a leaf of
 * the policy object (the recommended form) and with the whole policy made by an `apply` over the
 * secret; the failure of a policy that breaks a rule, in both forms. What each shows is what
 * docs/trafficPolicy.md ("Secrets in a policy") describes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunResult } from "../../dist/tools/devtools/inlineRunner";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { callApi } from "../support/emulatorApi";
import { changeSummary, yamlLanguageHost } from "../support/pulumiCommand";
import { describeWithPulumi, openStack, succeeded } from "../support/realEngine";
import { openYamlProject, type YamlProject } from "../support/yamlProject";

/**
 * The client secret. It starts with `~`, which base64 (the ciphertext) and JSON never write, so
 * that any start of it of 4 characters or more is a leak wherever it is found.
 */
const SECRET = "~qx7-oidc-client-s3cret-9w";
/** Each start of {@link SECRET} a leak would show: the shortest, 4 characters, is in all longer ones. */
const SECRET_START = SECRET.slice(0, 4);
const FAILING_ISSUER = "http://idp.example.com";
/** A secret as the checkpoint holds it: encrypted. */
const ENCRYPTED = expect.objectContaining({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  ciphertext: expect.any(String),
});
/** The failure of a policy whose issuer is not https, in the YAML program's spelling. */
const YAML_FAILURE =
  "trafficPolicy.on_http_request[0].actions[0].config.issuer_url (openid-connect action) must " +
  "be an absolute https:// URL: its scheme is http";

/** The YAML program: one endpoint, optionally a second rule and another issuer. */
function yamlProgram(options: { extraRule?: string; issuerUrl?: string } = {}): string {
  const extra =
    options.extraRule === undefined
      ? ""
      : `
          - name: ${options.extraRule}
            actions:
              - type: deny`;
  return `name: policy-secrets
runtime: yaml
config:
  oidcSecret:
    type: string
    secret: true
resources:
  oidc:
    type: ngrok-dynamic:index:CloudEndpoint
    properties:
      url: https://app.example.com
      trafficPolicy:
        on_http_request:
          - name: sign in
            actions:
              - type: openid-connect
                config:
                  issuer_url: ${options.issuerUrl ?? "https://idp.example.com"}
                  client_id: app
                  client_secret: \${oidcSecret}
              - type: forward-internal
                config:
                  url: https://app.internal${extra}
outputs:
  publicUrl: \${oidc.publicUrl}
`;
}

/** Every file under `dir`, as text (what the CLI wrote there). */
function filesUnder(dir: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    texts[file] = fs.readFileSync(file, "latin1");
  }
  return texts;
}

/** Fails naming where, when any of `texts` holds a start of {@link SECRET}. */
function expectNoSecret(texts: Readonly<Record<string, string>>): void {
  const leaks = Object.entries(texts).filter(([, text]) => text.includes(SECRET_START));
  expect(leaks.map(([where]) => where)).toEqual([]);
}

describeWithPulumi("A secret inside a Traffic Policy, through the plugin", () => {
  const yamlHost = yamlLanguageHost({
    suite: "the Traffic Policy secrets suite",
    test: "a secret inside a Traffic Policy",
  });
  if (yamlHost === undefined) return;

  let emulator: RunningEmulator;
  let project: YamlProject;
  const outputs: Record<string, string> = {};
  /** Runs the CLI, keeping what it printed for the final scan. */
  const pulumi = async (args: string[], allowFailure = false) => {
    const run = await project.pulumi(args, { allowFailure });
    outputs[`pulumi ${args.join(" ")} (${Object.keys(outputs).length})`] =
      `${run.stdout}\n${run.stderr}`;
    return run;
  };
  const writeProgram = (text: string) =>
    fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), text);

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    await callApi(emulator, "POST", "/reserved_domains", { domain: "app.example.com" });
    project = await openYamlProject(
      yamlHost,
      emulator,
      { "Pulumi.yaml": yamlProgram() },
      { env: { PULUMI_NGROK_DYNAMIC_DEBUG: "1" } },
    );
    await pulumi(["config", "set", "--secret", "oidcSecret", SECRET]);
  }, 120_000);

  afterAll(async () => {
    await emulator?.close();
    project?.remove();
  });

  /** The endpoint's policy in the state's inputs (`pulumi stack export`: secrets encrypted). */
  const statePolicy = async () => {
    const state = JSON.parse((await pulumi(["stack", "export"])).stdout) as {
      deployment: { resources: { type: string; inputs: Record<string, unknown> }[] };
    };
    const endpoint = state.deployment.resources.find((r) => r.type.endsWith("CloudEndpoint"));
    return endpoint?.inputs.trafficPolicy;
  };
  /** The first rule as the state holds it: the client secret alone in Pulumi's envelope. */
  const firstRule = {
    name: "sign in",
    actions: [
      {
        type: "openid-connect",
        config: {
          client_id: "app",
          client_secret: ENCRYPTED,
          issuer_url: "https://idp.example.com",
        },
      },
      { type: "forward-internal", config: { url: "https://app.internal" } },
    ],
  };

  test("up; a rule added previews readably, the secret hidden; a failing policy names its path; refresh keeps it so; the secret nowhere", async () => {
    const up = await pulumi(["up", "--yes", "--skip-preview", "--json", "--debug"]);
    expect(changeSummary(up.stdout)).toEqual({ create: 2 }); // the stack and the endpoint
    const endpoints = (await callApi(emulator, "GET", "/endpoints")).body.endpoints as {
      traffic_policy: string;
    }[];
    expect(endpoints[0].traffic_policy).toContain(SECRET); // ngrok receives it …
    expect(await statePolicy()).toEqual({ on_http_request: [firstRule] });

    // A rule added: the diff shows the new rule and its action; the secret is [secret].
    writeProgram(yamlProgram({ extraRule: "deny the rest" }));
    const preview = await pulumi(["preview", "--diff", "--debug"]);
    expect(preview.stdout).toMatch(/~ trafficPolicy\s*: \{\s*~ on_http_request\s*: \[/);
    expect(preview.stdout).toMatch(/client_secret\s*: \[secret\]/);
    expect(preview.stdout).toMatch(/\+ \[1\]: \{/);
    expect(preview.stdout).toMatch(/\+ type: "deny"/);
    expect(preview.stdout).toMatch(/\+ name\s*: "deny the rest"/);
    expect(changeSummary((await pulumi(["preview", "--json"])).stdout)).toEqual({
      same: 1,
      update: 1,
    });

    // A policy that breaks a rule: the preview fails naming its path and action type.
    writeProgram(yamlProgram({ issuerUrl: FAILING_ISSUER }));
    const failed = await pulumi(["preview"], true);
    expect(failed.code).not.toBe(0);
    expect(`${failed.stdout}${failed.stderr}`).toContain(
      `${YAML_FAILURE}; got ${JSON.stringify(FAILING_ISSUER)}`,
    );

    writeProgram(yamlProgram({ extraRule: "deny the rest" }));
    const update = await pulumi(["up", "--yes", "--skip-preview", "--json", "--debug"]);
    expect(changeSummary(update.stdout)).toEqual({ same: 1, update: 1 });

    // A refresh that finds the same policy keeps it as the program wrote it: the next change
    // still previews readably.
    const refresh = await pulumi(["refresh", "--yes", "--skip-preview", "--json", "--debug"]);
    expect(changeSummary(refresh.stdout)).toEqual({ same: 2 });
    expect(await statePolicy()).toEqual({
      on_http_request: [firstRule, { name: "deny the rest", actions: [{ type: "deny" }] }],
    });
    writeProgram(yamlProgram({ extraRule: "deny all the rest" }));
    const renamed = await pulumi(["preview", "--diff", "--debug"]);
    expect(renamed.stdout).toMatch(/~ name\s*: "deny the rest" => "deny all the rest"/);
    expect(renamed.stdout).not.toMatch(/trafficPolicy\s*: \[secret\]/);

    await pulumi(["destroy", "--yes", "--skip-preview", "--debug"]);

    // … and nothing of it is anywhere else: outputs, diagnostics and debug lines, files.
    expect(up.stdout).toMatch(/"severity":\s*"debug"/); // the debug log was on
    expectNoSecret(outputs);
    expectNoSecret(filesUnder(path.dirname(project.dir)));
  }, 600_000);
});

describeWithPulumi("A secret inside a Traffic Policy, through the Node.js classes", () => {
  let emulator: RunningEmulator;
  const runs: Record<string, string> = {};

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    await callApi(emulator, "POST", "/reserved_domains", { domain: "app.example.com" });
  }, 120_000);

  afterAll(async () => {
    await emulator?.close();
  });

  /**
   * Each form: up, then the preview of a rule added and of a failing policy, a refresh; destroy.
   * With the policy the state holds after the up (`stored`) and after the refresh (`refreshed`).
   */
  async function previews(
    form: "leaf" | "apply",
    url: string,
  ): Promise<{ added: RunResult; failing: RunResult; stored: unknown; refreshed: unknown }> {
    const stack = await openStack(
      "tests/programs/cloudEndpointSecrets",
      `secrets-${form}`,
      emulator,
      {
        oidcSecret: { value: SECRET, secret: true },
        form,
        url,
      },
    );
    try {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ create: 2 });
      const stored = stack.checkpointResources().find((r) => r.type.endsWith("CloudEndpoint"))
        ?.inputs?.trafficPolicy;
      await stack.setConfig({ extraRule: { value: "deny the rest" } });
      const added = succeeded(await stack.preview({ diff: true }));
      expect(added.changeSummary).toEqual({ same: 1, update: 1 });
      await stack.removeConfig(["extraRule"]);
      await stack.setConfig({ issuerUrl: { value: FAILING_ISSUER } });
      const failing = await stack.preview();
      expect(failing.ok).toBe(false);
      await stack.removeConfig(["issuerUrl"]);
      // A refresh that finds the same policy: the host answers ngrok's text as the input.
      expect(succeeded(await stack.refresh()).summary?.resourceChanges).toEqual({ same: 2 });
      const refreshed = stack.checkpointResources().find((r) => r.type.endsWith("CloudEndpoint"))
        ?.inputs?.trafficPolicy;
      runs[`${form} checkpoint`] = stack.checkpointText();
      for (const [name, run] of Object.entries({ added, failing })) {
        runs[`${form} ${name}`] =
          `${run.stdout}\n${run.error ?? ""}\n${JSON.stringify(run.diagnostics)}`;
      }
      expect(succeeded(await stack.destroy()).summary?.resourceChanges).toEqual({ delete: 2 });
      return { added, failing, stored, refreshed };
    } finally {
      await stack.remove();
    }
  }

  test("the secret as a leaf: the failure names the path and action type; the diff shows the phases", async () => {
    const { added, failing, stored, refreshed } = await previews("leaf", "https://app.example.com");
    expect(`${failing.stdout}${failing.error}`).toContain(
      "trafficPolicy.onHttpRequest[0].actions[0].config.issuerUrl (openid-connect action) must " +
        `be an absolute https:// URL: its scheme is http; got ${JSON.stringify(FAILING_ISSUER)}`,
    );
    // The dynamic-provider host cannot answer a secret inside an object: the engine marks what
    // holds one secret as a whole (each list, each property that is not an object); and with no
    // detailed diff from the host, the CLI lists the new inputs without marking what changed.
    expect(stored).toEqual({ onHttpRequest: ENCRYPTED });
    expect(refreshed).toEqual(ENCRYPTED);
    expect(added.stdout).toMatch(/\n\s+trafficPolicy: \{\s*onHttpRequest: \[secret\]\s*\}/);
    expectNoSecret(runs);
  }, 600_000);

  test("the whole policy in an apply: the failure names the path and action type; the diff shows [secret]", async () => {
    const { added, failing, stored } = await previews("apply", "https://app.example.com:8443");
    expect(stored).toEqual(ENCRYPTED);
    expect(`${failing.stdout}${failing.error}`).toContain(
      "trafficPolicy.onHttpRequest[0].actions[0].config.issuerUrl (openid-connect action) must " +
        "be an absolute https:// URL: its scheme is http; got [secret]",
    );
    expect(added.stdout).toMatch(/\n\s+trafficPolicy: \[secret\]\n/);
    expectNoSecret(runs);
  }, 600_000);
});
