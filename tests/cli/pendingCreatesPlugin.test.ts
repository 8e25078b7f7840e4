/**
 * `pending-creates` on a stack of the provider plugin (`ngrok-dynamic:index:*`, a YAML, Go or
 * Python program), against the emulator: the API settings come from the state's
 * `pulumi:providers:ngrok-dynamic` provider (the stack config `ngrok-dynamic:apiKey`,
 * `ngrok-dynamic:apiBaseUrl`), not from `NGROK_*`, and every printed command names the plugin's
 * keys (`ngrok-dynamic:adoptExistingIds`); a stack with both families gets both keys; a SAML
 * module's pending create is repeatable; and `runPluginCommand` (the plugin's own
 * `pulumi-resource-ngrok-dynamic pending-creates`) runs the same command.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { pendingCreates } from "../../cli/pendingCreates/main";
import { AUTOMATION_NOTE } from "../../cli/pendingCreates/report";
import { runPluginCommand } from "../../plugin/commands";
import { callApi } from "../support/emulatorApi";
import * as keys from "../support/sshKeys";

const PLUGIN_CA = "ngrok-dynamic:index:SshCertificateAuthority";
const PLUGIN_HOST = "ngrok-dynamic:index:SshHostCertificate";
const PLUGIN_SAML = "ngrok-dynamic:index:HttpsEdgeRouteSaml";
const CLASS_CA = "pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority";
const PROVIDER = "urn:pulumi:dev::yaml-cas::pulumi:providers:ngrok-dynamic::default_0_3_0";
const PROVIDER_ID = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const urn = (type: string, name: string) => `urn:pulumi:dev::yaml-cas::${type}::${name}`;
const SECRET_SIG = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };

let emulator: RunningEmulator;
let dir: string;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  // The plugin stack's settings come from its state alone.
  for (const name of ["NGROK_API_KEY", "NGROK_API_BASE_URL"]) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
  emulator = await startEmulator({ port: 0 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pending-creates-plugin-"));
});
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value !== undefined) process.env[name] = value;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

async function ca(description: string): Promise<string> {
  const created = await callApi(emulator, "POST", "/ssh_certificate_authorities", {
    private_key_type: "ed25519",
    description,
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** The plugin's default provider as `pulumi stack export --show-secrets` writes it. */
function provider(
  apiKey: Record<string, unknown> = { plaintext: JSON.stringify(emulator.apiKey) },
) {
  return {
    urn: PROVIDER,
    custom: true,
    id: PROVIDER_ID,
    type: "pulumi:providers:ngrok-dynamic",
    inputs: { apiBaseUrl: emulator.url, apiKey: { ...SECRET_SIG, ...apiKey }, version: "0.3.0" },
    outputs: { apiBaseUrl: emulator.url, version: "0.3.0" },
  };
}

const creating = (type: string, name: string, inputs: Record<string, unknown>) => ({
  type: "creating",
  resource: type.startsWith("ngrok-dynamic:")
    ? { urn: urn(type, name), custom: true, type, inputs, provider: `${PROVIDER}::${PROVIDER_ID}` }
    : { urn: urn(type, name), custom: true, type, inputs: { __provider: "p", ...inputs } },
});

/** A state file as `pulumi stack export --show-secrets` writes it. */
function exportFile(deployment: Record<string, unknown>): string {
  const file = path.join(dir, `export-${Math.random()}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({
      version: 3,
      deployment: {
        manifest: { time: "2026-11-27T17:00:00Z", version: "v3.276.0" },
        ...deployment,
      },
    }),
  );
  return file;
}

/** An export of the plugin's default provider and `pending` pending operations. */
const pluginExport = (...pending: ReturnType<typeof creating>[]) =>
  exportFile({ resources: [provider()], pending_operations: pending });

const commandsOf = (out: string) =>
  out
    .split("\n")
    .filter((l) => l.startsWith("  $ "))
    .map((l) => l.slice(4));

test("plugin CAs: found with the provider's settings from the state, adopted through ngrok-dynamic:adoptExistingIds", async () => {
  const made = await ca("plugin-a");
  const file = pluginExport(
    creating(PLUGIN_CA, "a", { privateKeyType: "ed25519", description: "plugin-a" }),
    creating(PLUGIN_CA, "b", { privateKeyType: "rsa", keySize: 4096, description: "never" }),
  );
  let out = "";
  const status = await pendingCreates(["--file", file], (t) => (out += t));
  expect(status).toBe(0);
  expect(out).toContain(`- a (SshCertificateAuthority): made ${made} (created `);
  expect(out).toContain("- b (SshCertificateAuthority): no live object matches it");
  expect(commandsOf(out)).toEqual([
    `pulumi config set ngrok-dynamic:adoptExistingIds '${JSON.stringify({ [urn(PLUGIN_CA, "a")]: made })}'`,
    "pulumi refresh --clear-pending-creates --yes --skip-preview",
    "pulumi up",
    "pulumi config rm ngrok-dynamic:adoptExistingIds",
  ]);
  expect(out).not.toMatch(/ ngrok:/);
  // How a Go or Python Automation API program does the same.
  expect(out).toContain(AUTOMATION_NOTE.join("\n"));
});

test("a stack with both families: each CA adopted under its own key, one list of the collection", async () => {
  const plugin = await ca("mixed-plugin");
  const classes = await ca("mixed-class");
  const file = pluginExport(
    creating(PLUGIN_CA, "p", { privateKeyType: "ed25519", description: "mixed-plugin" }),
    creating(CLASS_CA, "c", { privateKeyType: "ed25519", description: "mixed-class" }),
  );
  const before = emulator.requests.length;
  let out = "";
  expect(await pendingCreates(["--file", file, "--stack", "dev"], (t) => (out += t))).toBe(0);
  const lists = emulator.requests
    .slice(before)
    .filter((r) => r.method === "GET" && r.path.startsWith("/ssh_certificate_authorities"));
  expect(lists).toHaveLength(1);
  expect(commandsOf(out)).toEqual([
    `pulumi config set --stack dev ngrok:adoptExistingIds '${JSON.stringify({ [urn(CLASS_CA, "c")]: classes })}'`,
    `pulumi config set --stack dev ngrok-dynamic:adoptExistingIds '${JSON.stringify({ [urn(PLUGIN_CA, "p")]: plugin })}'`,
    "pulumi refresh --stack dev --clear-pending-creates --yes --skip-preview",
    "pulumi up --stack dev",
    "pulumi config rm --stack dev ngrok:adoptExistingIds",
    "pulumi config rm --stack dev ngrok-dynamic:adoptExistingIds",
  ]);
});

test("a certificate replacement cut short: the new certificate is deleted, and the report says it was a replacement", async () => {
  const signer = await ca("signer");
  const sign = async (principal: string) => {
    const made = await callApi(emulator, "POST", "/ssh_host_certificates", {
      ssh_certificate_authority_id: signer,
      public_key: keys.ED25519,
      principals: [principal],
      description: "cert-r",
    });
    return made.body.id as string;
  };
  const old = await sign("web-r.example.com");
  const made = await sign("db-r.example.com");
  const file = exportFile({
    resources: [
      provider(),
      {
        urn: urn(PLUGIN_HOST, "cert-r"),
        type: PLUGIN_HOST,
        id: old,
        outputs: { createdAt: "2020-01-01T00:00:00Z" },
      },
    ],
    pending_operations: [
      creating(PLUGIN_HOST, "cert-r", {
        sshCertificateAuthorityId: signer,
        publicKey: keys.ED25519,
        principals: ["db-r.example.com"],
        description: "cert-r",
      }),
    ],
  });
  let out = "";
  expect(await pendingCreates(["--file", file], (t) => (out += t))).toBe(0);
  expect(out).toContain(`- cert-r (SshHostCertificate): made ${made} (created `);
  expect(out).toContain(
    `it was to replace ${old} and cannot be adopted, so the next up makes it again: delete it.`,
  );
  expect(commandsOf(out)).toEqual([
    `ngrok api ssh-host-certificates delete ${made}`,
    "pulumi refresh --clear-pending-creates --yes --skip-preview",
    "pulumi up",
  ]);
});

test("a SAML module's pending create (a PUT) is repeatable: clearing it is safe, exit 0", async () => {
  const file = pluginExport(creating(PLUGIN_SAML, "sso", { edgeId: "edghts_1", routeId: "x" }));
  let out = "";
  expect(await pendingCreates(["--file", file], (t) => (out += t))).toBe(0);
  expect(out).toContain("- sso (HttpsEdgeRouteSaml): its create is a PUT");
  expect(commandsOf(out)).toEqual([
    "pulumi refresh --clear-pending-creates --yes --skip-preview",
    "pulumi up",
  ]);
});

test("a key exported encrypted and no NGROK_API_KEY: the error names the plugin's key and the variable", async () => {
  const file = exportFile({
    resources: [provider({ ciphertext: "v1:abc" })],
    pending_operations: [creating(PLUGIN_CA, "a", { privateKeyType: "ed25519" })],
  });
  await expect(pendingCreates(["--file", file], () => undefined)).rejects.toThrow(
    /no ngrok API key: .*--show-secrets.*NGROK_API_KEY .*ngrok-dynamic:apiKey/,
  );
});

describe("runPluginCommand (pulumi-resource-ngrok-dynamic pending-creates)", () => {
  test("no command (the engine's address, or nothing): undefined, the plugin serves", async () => {
    expect(await runPluginCommand(["127.0.0.1:41234"])).toBeUndefined();
    expect(await runPluginCommand([])).toBeUndefined();
  });

  test("--help names the plugin's executable", async () => {
    let out = "";
    expect(await runPluginCommand(["pending-creates", "--help"], (t) => (out += t))).toBe(0);
    expect(out).toMatch(/^usage: pulumi-resource-ngrok-dynamic pending-creates \[--file/);
  });

  test("the report of a plugin stack, and exit 2 with the message on a mistake", async () => {
    const made = await ca("through-plugin");
    const file = pluginExport(
      creating(PLUGIN_CA, "t", { privateKeyType: "ed25519", description: "through-plugin" }),
    );
    let out = "";
    expect(await runPluginCommand(["pending-creates", "--file", file], (t) => (out += t))).toBe(0);
    expect(commandsOf(out)[0]).toBe(
      `pulumi config set ngrok-dynamic:adoptExistingIds '${JSON.stringify({ [urn(PLUGIN_CA, "t")]: made })}'`,
    );
    let err = "";
    const status = await runPluginCommand(
      ["pending-creates", "--bogus"],
      () => undefined,
      (t) => (err += t),
    );
    expect(status).toBe(2);
    expect(err).toMatch(/^pulumi-resource-ngrok-dynamic: unknown argument --bogus\nusage: /);
  });
});
