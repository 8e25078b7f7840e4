/**
 * Vault, VaultSecret, IpPolicy, IpPolicyRule and IpRestriction through the real Pulumi CLI
 * (issue #50), against the emulator:
 *
 * - as a YAML program, through the provider plugin's self-contained executable and Pulumi's YAML
 *   language host (`../support/yamlProject`): a preview with no request, `up`, a no-op preview, an
 *   update (a new secret value: one PATCH), a replacement (a rule's new action: the old rule
 *   deleted first, since a policy holds a block once), a refresh after a restriction's policies
 *   were changed outside Pulumi (drift on a list of references) and the `up` that sets them back,
 *   `destroy`; then `pulumi import` of one object of each made with the API outside Pulumi, the
 *   generated code put in the program (the secret's value, which ngrok never returns, added by
 *   hand), and a preview with no change;
 * - as a TypeScript program of the Node.js classes (`tests/programs/vaultsAndIpPolicies`, the
 *   Automation API), whose secret value is plain config: the class registers it secret all the
 *   same. `up`, no-op preview and refresh, `destroy`.
 *
 * On both paths the secret's value never appears in clear in the state file nor in anything the
 * CLI printed.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { callApi } from "../support/emulatorApi";
import { yamlLanguageHost } from "../support/pulumiCommand";
import {
  describeWithPulumi,
  openStack,
  requestsDuring,
  succeeded,
  writes,
} from "../support/realEngine";
import { recordedCli } from "../support/recordedCli";
import { openYamlProject, type YamlProject } from "../support/yamlProject";

const PROJECT = "vaults-and-ip-policies";
const FIRST_VALUE = "first-s3cret-value";
const ROTATED_VALUE = "rotated-s3cret-value";
const IMPORTED_VALUE = "imported-s3cret-value";

const PROGRAM = `name: ${PROJECT}
runtime: yaml
config:
  secretValue:
    type: string
    secret: true
  ruleAction:
    type: string
    default: allow
resources:
  app-vault:
    type: ngrok-dynamic:index:Vault
    properties:
      name: app
  oidc-client-secret:
    type: ngrok-dynamic:index:VaultSecret
    properties:
      vaultId: \${app-vault.id}
      name: oidc_client_secret
      value: \${secretValue}
  office:
    type: ngrok-dynamic:index:IpPolicy
    properties:
      description: Office network
  office-allow:
    type: ngrok-dynamic:index:IpPolicyRule
    properties:
      ipPolicyId: \${office.id}
      cidr: 203.0.113.0/24
      action: \${ruleAction}
  endpoints-from-office:
    type: ngrok-dynamic:index:IpRestriction
    properties:
      type: endpoints
      ipPolicyIds:
        - \${office.id}
      enforced: false
outputs:
  vaultName: \${oidc-client-secret.vaultName}
`;

/** The objects of the collections this suite manages, by path. */
const COLLECTIONS = [
  "/vaults",
  "/vault_secrets",
  "/ip_policies",
  "/ip_policy_rules",
  "/ip_restrictions",
];

describeWithPulumi("Vaults and IP policies through the plugin executable and the real CLI", () => {
  const yamlHost = yamlLanguageHost({
    suite: "the vaults and IP policies suite",
    test: "vaults and IP policies",
  });
  if (yamlHost === undefined) return;

  let emulator: RunningEmulator;
  let project: YamlProject;
  /** The CLI, recorded: what it printed, and each operation's summary and requests. */
  const { printed, pulumi, operation } = recordedCli(
    () => project,
    () => emulator,
  );

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    project = await openYamlProject(yamlHost, emulator, { "Pulumi.yaml": PROGRAM });
    await pulumi(["config", "set", "--secret", "secretValue", FIRST_VALUE]);
  }, 120_000);

  afterAll(async () => {
    await emulator?.close();
    project?.remove();
  });

  test("preview, up, no-op, update, replace, drift on a reference, destroy; the value never in clear", async () => {
    const preview = await operation(["preview"]);
    expect(preview.summary).toEqual({ create: 6 });
    expect(preview.requests).toEqual([]); // check and diff call no API

    const up = await operation(["up", "--yes", "--skip-preview"]);
    expect(up.summary).toEqual({ create: 6 });
    expect(writes(up.requests).sort()).toEqual(COLLECTIONS.map((c) => `POST ${c}`).sort());

    const same = await operation(["preview", "--expect-no-changes"]);
    expect(same.summary).toEqual({ same: 6 });

    // A new value updates the secret in place: one PATCH.
    await pulumi(["config", "set", "--secret", "secretValue", ROTATED_VALUE]);
    const rotated = await operation(["up", "--yes", "--skip-preview"]);
    expect(rotated.summary).toEqual({ same: 5, update: 1 });
    expect(writes(rotated.requests)).toEqual([
      expect.stringMatching(/^PATCH \/vault_secrets\/secret_/),
    ]);

    // A new action replaces the rule; its block stays in its policy, so the old rule goes first.
    await pulumi(["config", "set", "ruleAction", "deny"]);
    const replaced = await operation(["up", "--yes", "--skip-preview"]);
    expect(replaced.summary).toEqual({ same: 5, replace: 1 });
    expect(writes(replaced.requests)).toEqual([
      expect.stringMatching(/^DELETE \/ip_policy_rules\/ipr_/),
      "POST /ip_policy_rules",
    ]);
    const rules = await callApi(emulator, "GET", "/ip_policy_rules");
    expect(rules.body.ip_policy_rules).toEqual([expect.objectContaining({ action: "deny" })]);

    // The restriction's policies changed outside Pulumi: drift on a list of references.
    const restrictions = await callApi(emulator, "GET", "/ip_restrictions");
    const [restriction] = restrictions.body.ip_restrictions as { id: string }[];
    const byHand = await callApi(emulator, "POST", "/ip_policies", { description: "by hand" });
    await callApi(emulator, "PATCH", `/ip_restrictions/${restriction.id}`, {
      ip_policy_ids: [byHand.body.id],
    });
    const refresh = await operation(["refresh", "--yes", "--skip-preview"]);
    expect(refresh.summary).toEqual({ same: 5, update: 1 });
    const drift = await operation(["preview"]);
    expect(drift.summary).toEqual({ same: 5, update: 1 });
    const back = await operation(["up", "--yes", "--skip-preview"]);
    expect(writes(back.requests)).toEqual([`PATCH /ip_restrictions/${restriction.id}`]);
    const restored = await callApi(emulator, "GET", `/ip_restrictions/${restriction.id}`);
    const office = await callApi(emulator, "GET", "/ip_policies");
    const officeId = (office.body.ip_policies as { id: string; description: string }[]).find(
      (p) => p.description === "Office network",
    )!.id;
    expect(restored.body.ip_policies).toEqual([expect.objectContaining({ id: officeId })]);

    const state = await pulumi(["stack", "export"]);
    for (const value of [FIRST_VALUE, ROTATED_VALUE]) {
      expect(state.stdout).not.toContain(value);
      expect(printed.join("\n")).not.toContain(value);
    }
    expect(JSON.parse(state.stdout).deployment.secrets_providers).toBeDefined();

    const destroy = await operation(["destroy", "--yes", "--skip-preview"]);
    expect(destroy.summary).toEqual({ delete: 6 });
    for (const collection of COLLECTIONS.filter((c) => c !== "/ip_policies")) {
      const listed = await callApi(emulator, "GET", collection);
      expect({ collection, left: Object.values(listed.body).find(Array.isArray) }).toEqual({
        collection,
        left: [],
      });
    }
  });

  test("pulumi import of objects made outside Pulumi, its code in the program: no change", async () => {
    const vault = await callApi(emulator, "POST", "/vaults", { name: "imported" });
    const secret = await callApi(emulator, "POST", "/vault_secrets", {
      vault_id: vault.body.id,
      name: "api_token",
      value: IMPORTED_VALUE,
      description: "made outside Pulumi",
    });
    const policy = await callApi(emulator, "POST", "/ip_policies", { description: "imported" });
    const rule = await callApi(emulator, "POST", "/ip_policy_rules", {
      ip_policy_id: policy.body.id,
      cidr: "2001:db8::/32",
      action: "allow",
    });
    const restriction = await callApi(emulator, "POST", "/ip_restrictions", {
      type: "agent",
      ip_policy_ids: [policy.body.id],
      enforced: true,
    });
    expect([vault, secret, policy, rule, restriction].map((r) => r.status)).toEqual([
      201, 201, 201, 201, 201,
    ]);
    const imports: [string, string, string][] = [
      ["Vault", "importedVault", vault.body.id as string],
      ["VaultSecret", "importedSecret", secret.body.id as string],
      ["IpPolicy", "importedPolicy", policy.body.id as string],
      ["IpPolicyRule", "importedRule", rule.body.id as string],
      ["IpRestriction", "importedRestriction", restriction.body.id as string],
    ];
    const generated: string[] = [];
    const requests = await requestsDuring(emulator, async () => {
      for (const [type, name, id] of imports) {
        const out = path.join(project.dir, "..", `${name}.yaml`);
        await pulumi(["import", `ngrok-dynamic:index:${type}`, name, id, "--yes", "--out", out]);
        generated.push(fs.readFileSync(out, "utf8"));
      }
    });
    expect(writes(requests)).toEqual([]);
    process.stderr.write(`pulumi import generated:\n${generated.join("\n")}\n`);
    // References are read back as ids: the rule names its policy.
    expect(generated[3]).toContain(`ipPolicyId: ${policy.body.id}`);
    // ngrok never returns a secret's value: the generated code has an empty one (the engine
    // warns that the import's inputs fail the check), which the program replaces.
    expect(generated[1]).toContain('value: ""');
    const secretCode = generated[1].replace('value: ""', "value: ${importedValue}");
    expect(secretCode).toContain("value: ${importedValue}");
    const entries = [generated[0], secretCode, ...generated.slice(2)]
      .map((code) => code.replace(/^resources:\n/m, ""))
      .join("");
    fs.writeFileSync(
      path.join(project.dir, "Pulumi.yaml"),
      `name: ${PROJECT}\nruntime: yaml\nconfig:\n  importedValue:\n    type: string\n    secret: true\nresources:\n${entries}`,
    );
    await pulumi(["config", "set", "--secret", "importedValue", IMPORTED_VALUE]);

    const check = await operation(["preview", "--expect-no-changes"]);
    expect(check.summary).toEqual({ same: 6 });
    expect(writes(check.requests)).toEqual([]);
    // The declared value is taken as ngrok's, and the preview says so.
    expect(check.run.stdout + check.run.stderr).toContain(
      "VaultSecret: value is not in the state (the object was imported or read without it)",
    );
    const state = await pulumi(["stack", "export"]);
    expect(state.stdout).not.toContain(IMPORTED_VALUE);
    expect(printed.join("\n")).not.toContain(IMPORTED_VALUE);
  });
});

describeWithPulumi("Vaults and IP policies as Node.js classes through the real CLI", () => {
  let emulator: RunningEmulator;
  let stack: RealStack;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    // Plain config: the class makes the value a secret itself.
    stack = await openStack(
      "tests/programs/vaultsAndIpPolicies",
      "vaults-and-ip-classes",
      emulator,
      {
        secretValue: FIRST_VALUE,
      },
    );
  }, 120_000);

  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
  });

  /** The stack resource's outputs in the checkpoint. */
  const stackOutputs = () => {
    const checkpoint = JSON.parse(stack.checkpointText()) as {
      checkpoint: { latest: { resources: { type: string; outputs?: unknown }[] } };
    };
    const found = checkpoint.checkpoint.latest.resources.find(
      (r) => r.type === "pulumi:pulumi:Stack",
    );
    return JSON.stringify(found?.outputs);
  };

  test("up, then preview and refresh with no change, then destroy; the value a secret in state", async () => {
    const up = succeeded(await stack.up());
    expect(up.summary?.resourceChanges).toEqual({ create: 6 });
    const secret = stack
      .checkpointResources()
      .find((r) => r.type === "pulumi-nodejs:dynamic/ngrok:VaultSecret")!;
    expect(JSON.stringify(secret.outputs?.value)).toContain("4dabf18193072939515e22adb298388d");
    expect(JSON.stringify(secret.inputs?.value)).toContain("4dabf18193072939515e22adb298388d");
    // Pulumi keeps the program's plain config in the default provider's inputs, in clear: the
    // user's choice. Every resource of the program, and the stack's outputs, hold it encrypted.
    const programState = () => JSON.stringify(stack.checkpointResources()) + stackOutputs();
    expect(programState()).not.toContain(FIRST_VALUE);
    expect(up.stdout).not.toContain(FIRST_VALUE);

    const preview = succeeded(await stack.preview({ expectNoChanges: true }));
    expect(preview.changeSummary).toEqual({ same: 6 });
    const refresh = succeeded(await stack.refresh());
    expect(refresh.summary?.resourceChanges).toEqual({ same: 6 });
    expect(programState()).not.toContain(FIRST_VALUE);

    const destroy = succeeded(await stack.destroy());
    expect(destroy.summary?.resourceChanges).toEqual({ delete: 6 });
    // What the CLI printed and the engine's diagnostics: the provider's lines and the engine's.
    // (Pulumi's Node.js SDK prints the RPC answers it gets, secrets unwrapped, in its own debug
    // diagnostics, which only `--debug` shows: not the provider's, so not judged here.)
    for (const run of [up, preview, refresh, destroy]) {
      const shown = run.diagnostics.filter((d) => d.severity !== "debug");
      expect(run.stdout + JSON.stringify(shown)).not.toContain(FIRST_VALUE);
    }
    expect((await callApi(emulator, "GET", "/vault_secrets")).body.secrets).toEqual([]);
  });
});
