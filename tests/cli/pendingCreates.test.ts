/**
 * `pulumi-ngrok-dynamic pending-creates` (cli/pendingCreates/) against the emulator, with a state
 * as `pulumi stack export` writes it: which live object each pending create made, and the
 * commands printed (adopt a CA whose resource is not in state, delete an orphan or a certificate,
 * then clear the pending creates); several fitting objects are shown, not guessed.
 */
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { pendingCreates, parseArgs } from "../../cli/pendingCreates/main";
import { readStackState } from "../../cli/pendingCreates/stackExport";
import { callApi } from "../support/emulatorApi";
import * as keys from "../support/sshKeys";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const TYPE = "pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority";
const HOST = "pulumi-nodejs:dynamic/ngrok:SshHostCertificate";
const urn = (type: string, name: string) => `urn:pulumi:dev::p::${type}::${name}`;

let emulator: RunningEmulator;
let dir: string;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  // A Node.js classes' stack: the command reads the API settings from the environment alone.
  for (const name of ["NGROK_API_KEY", "NGROK_API_BASE_URL"]) saved[name] = process.env[name];
  process.env.NGROK_API_KEY = emulator.apiKey;
  process.env.NGROK_API_BASE_URL = emulator.url;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pending-creates-"));
});
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

async function ca(body: Record<string, unknown>): Promise<string> {
  const created = await callApi(emulator, "POST", "/ssh_certificate_authorities", body);
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** Runs the command on `deployment` (written as a file); its exit status and output. */
async function run(deployment: Record<string, unknown>, extra: string[] = []) {
  const file = path.join(dir, `state-${Math.random()}.json`);
  fs.writeFileSync(file, JSON.stringify({ version: 3, deployment }));
  let out = "";
  const status = await pendingCreates(["--file", file, ...extra], (text) => (out += text));
  const commands = out
    .split("\n")
    .filter((l) => l.startsWith("  $ "))
    .map((l) => l.slice(4));
  return { status, out, commands };
}

const creating = (type: string, name: string, inputs: Record<string, unknown>) => ({
  type: "creating",
  resource: { urn: urn(type, name), type, custom: true, inputs: { __provider: "p", ...inputs } },
});

test("each pending create matched by its inputs: a CA not in state is adopted, an orphan and a certificate deleted", async () => {
  const adopted = await ca({ private_key_type: "ed25519", description: "ca-a" });
  const orphan = await ca({ private_key_type: "ed25519", description: "ca-b" });
  const inState = await ca({ private_key_type: "ed25519", description: "ca-b" });
  const signer = await ca({ private_key_type: "ed25519", description: "signer" });
  const host = await callApi(emulator, "POST", "/ssh_host_certificates", {
    ssh_certificate_authority_id: signer,
    public_key: keys.ED25519,
    principals: ["web1"],
  });
  const { status, out, commands } = await run(
    {
      resources: [
        { urn: urn(TYPE, "b"), type: TYPE, id: inState },
        { urn: urn(TYPE, "signer"), type: TYPE, id: signer },
      ],
      pending_operations: [
        creating(TYPE, "a", { privateKeyType: "ed25519", description: "ca-a" }),
        creating(TYPE, "b", { privateKeyType: "ed25519", description: "ca-b" }),
        creating(TYPE, "c", { privateKeyType: "rsa", keySize: 4096, description: "never made" }),
        creating(HOST, "h", {
          sshCertificateAuthorityId: signer,
          publicKey: keys.ED25519,
          principals: ["web1"],
        }),
      ],
    },
    ["--stack", "dev"],
  );
  expect(status).toBe(0);
  expect(out).toContain(`- a (SshCertificateAuthority): made ${adopted} (created `);
  expect(out).toContain("the next up adopts it");
  expect(out).toContain(`- b (SshCertificateAuthority): made ${orphan}`);
  expect(out).toContain("a later up made the resource again, so it is an orphan");
  expect(out).toContain("- c (SshCertificateAuthority): no live object matches it");
  expect(commands).toEqual([
    `ngrok api ssh-certificate-authorities delete ${orphan}`,
    `ngrok api ssh-host-certificates delete ${host.body.id as string}`,
    `pulumi config set --stack dev ngrok:adoptExistingIds '${JSON.stringify({ [urn(TYPE, "a")]: adopted })}'`,
    "pulumi refresh --stack dev --clear-pending-creates --yes --skip-preview",
    "pulumi up --stack dev",
    "pulumi config rm --stack dev ngrok:adoptExistingIds",
  ]);
});

test("a replacement cut short (state holds the older object being replaced): its new CA is adopted, not deleted", async () => {
  const replaced = await ca({ private_key_type: "ed25519", description: "ca-r" });
  const made = await ca({ private_key_type: "ecdsa", elliptic_curve: "p384", description: "ca-r" });
  const { status, out, commands } = await run(
    {
      resources: [
        {
          urn: urn(TYPE, "r"),
          type: TYPE,
          id: replaced,
          // Older than the pending create's object: the object the replacement replaces.
          outputs: { createdAt: "2020-01-01T00:00:00Z", privateKeyType: "ed25519" },
        },
      ],
      pending_operations: [
        creating(TYPE, "r", {
          privateKeyType: "ecdsa",
          ellipticCurve: "p384",
          description: "ca-r",
        }),
      ],
    },
    ["--stack", "dev"],
  );
  expect(status).toBe(0);
  expect(out).toContain(`- r (SshCertificateAuthority): made ${made} (created `);
  expect(out).toContain(
    `to replace ${replaced}; the next up adopts it as the replacement, then deletes ${replaced}.`,
  );
  expect(commands).toEqual([
    `pulumi config set --stack dev ngrok:adoptExistingIds '${JSON.stringify({ [urn(TYPE, "r")]: made })}'`,
    "pulumi refresh --stack dev --clear-pending-creates --yes --skip-preview",
    "pulumi up --stack dev",
    "pulumi config rm --stack dev ngrok:adoptExistingIds",
  ]);
});

test("two identical pending creates and two fitting CAs: ambiguous, shown and not guessed (exit 1)", async () => {
  const [x, y] = [
    await ca({ private_key_type: "ed25519", description: "twin" }),
    await ca({ private_key_type: "ed25519", description: "twin" }),
  ];
  const { status, out, commands } = await run({
    resources: [],
    pending_operations: [
      creating(TYPE, "t1", { privateKeyType: "ed25519", description: "twin" }),
      creating(TYPE, "t2", { privateKeyType: "ed25519", description: "twin" }),
    ],
  });
  expect(status).toBe(1);
  expect(out).toContain("- t1 (SshCertificateAuthority): several live objects fit it");
  expect(out).toContain(x);
  expect(out).toContain(y);
  expect(out).toContain(`fits ${urn(TYPE, "t2")} too`);
  expect(commands).toEqual([]);
});

test("no pending create: nothing to run", async () => {
  const { status, out, commands } = await run({ resources: [] });
  expect(status).toBe(0);
  expect(out).toBe("0 pending creates in the state.\n");
  expect(commands).toEqual([]);
});

test("an input exported encrypted is not comparable; the arguments are checked", () => {
  const state = readStackState(
    JSON.stringify({
      deployment: {
        pending_operations: [
          creating(TYPE, "s", {
            description: {
              "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
              ciphertext: "x",
            },
          }),
        ],
      },
    }),
  );
  expect(typeof state.pendingCreates[0].inputs.description).toBe("symbol");
  expect(parseArgs(["--since", "2026-01-01T00:00:00Z"]).since).toBe(
    Date.parse("2026-01-01T00:00:00Z"),
  );
  expect(() => parseArgs(["--bogus", "1"])).toThrow(/unknown argument --bogus/);
  expect(() => parseArgs(["--since", "yesterday"])).toThrow(/not a time/);
});

test("--since leaves out objects made before the interrupted deployment began: an older twin no longer makes it ambiguous", async () => {
  const older = await ca({ private_key_type: "ed25519", description: "since-twin" });
  // ngrok's created_at has whole seconds: the next second begins the "deployment".
  const read = await callApi(emulator, "GET", `/ssh_certificate_authorities/${older}`);
  const olderAt = Date.parse(String(read.body.created_at));
  await new Promise((resolve) => setTimeout(resolve, olderAt + 1000 - Date.now() + 50));
  const since = new Date(olderAt + 1000).toISOString();
  const made = await ca({ private_key_type: "ed25519", description: "since-twin" });
  const deployment = {
    resources: [],
    pending_operations: [
      creating(TYPE, "s", { privateKeyType: "ed25519", description: "since-twin" }),
    ],
  };

  const without = await run(deployment);
  expect(without.status).toBe(1);
  expect(without.out).toContain("- s (SshCertificateAuthority): several live objects fit it");
  expect(without.out).toContain(older);

  const withSince = await run(deployment, ["--since", since]);
  expect(withSince.status).toBe(0);
  expect(withSince.out).toContain(`- s (SshCertificateAuthority): made ${made} (created `);
  expect(withSince.out).not.toContain(older);
  expect(withSince.commands[0]).toBe(
    `pulumi config set ngrok:adoptExistingIds '${JSON.stringify({ [urn(TYPE, "s")]: made })}'`,
  );
});

test("an interrupted SshCredential create: the credential with its key is found and deleted, a different key is not", async () => {
  const CREDENTIAL = "pulumi-nodejs:dynamic/ngrok:SshCredential";
  const made = await callApi(emulator, "POST", "/ssh_credentials", {
    public_key: keys.ED25519,
    description: "deploy key",
  });
  expect(made.status).toBe(201);
  const { status, out, commands } = await run({
    resources: [],
    pending_operations: [
      creating(CREDENTIAL, "deploy", { publicKey: keys.ED25519, description: "deploy key" }),
      creating(CREDENTIAL, "other", { publicKey: keys.ECDSA_P256, description: "never made" }),
    ],
  });
  expect(status).toBe(0);
  expect(out).toContain(`- deploy (SshCredential): made ${made.body.id as string}`);
  expect(out).toContain("- other (SshCredential): no live object matches it");
  expect(commands[0]).toBe(`ngrok api ssh-credentials delete ${made.body.id as string}`);
});
