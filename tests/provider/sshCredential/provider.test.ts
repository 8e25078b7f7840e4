/**
 * SshCredential (provider/sshCredential/): its pure `check` (a table of accepted, refused and
 * hostile inputs) and `diff`; its provider methods called as the dynamic-provider host calls
 * them, against the emulator on a loopback port, each counting the API requests it makes; and
 * each of the emulator's options where ngrok is silent (emulator/README.md, "SSH credentials"),
 * with which the provider must work whatever ngrok's answer turns out to be.
 */
import { generateKeyPairSync } from "node:crypto";
import type { AddressInfo } from "node:net";
import sshpk from "sshpk";
import {
  buildEmulatorApp,
  type EmulatorOptions,
  type RunningEmulator,
  startEmulator,
} from "../../../emulator/index";
import {
  lookupSshCredential,
  NgrokApiError,
  NgrokClientError,
  ResourceInitFailedError,
  resetStackConfig,
  sshCredentialProvider as provider,
  UNKNOWN,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import { resetDeploymentIds } from "../../../provider/common/deploymentIds";
import {
  checkSshCredential,
  diffSshCredential,
  type SshCredentialInputs,
} from "../../../provider/sshCredential/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";
import * as keys from "../../support/sshKeys";

const PROVIDER = "exports.handler = __provider_text";
const PATH = "/ssh_credentials";
const ENV_NAMES = ["NGROK_API_KEY", "NGROK_API_BASE_URL"] as const;
const savedEnv: Record<string, string | undefined> = {};

/** A new Ed25519 public key line (ngrok holds a key once: each credential needs its own). */
function freshKey(comment = "device@example"): string {
  const pem = generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "pem" });
  const [type, data] = sshpk.parseKey(pem.toString(), "pem").toString("ssh").split(" ");
  return `${type} ${data} ${comment}`;
}

/** An SSH wire string. */
const sshString = (value: Buffer | string) => {
  const bytes = Buffer.from(value);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
};
/**
 * A FIDO security key's public key line (OpenSSH PROTOCOL.u2f) around fresh key material: making
 * one with ssh-keygen needs a token. `point` replaces the ECDSA point (to make a bad one).
 */
function securityKey(kind: "ed25519" | "ecdsa", point?: Buffer): string {
  const type =
    kind === "ed25519" ? "sk-ssh-ed25519@openssh.com" : "sk-ecdsa-sha2-nistp256@openssh.com";
  let fields: Buffer[];
  if (kind === "ed25519") {
    const { x } = generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" });
    fields = [sshString(Buffer.from(x!, "base64url"))];
  } else {
    const jwk = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({
      format: "jwk",
    });
    const uncompressed = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x!, "base64url"),
      Buffer.from(jwk.y!, "base64url"),
    ]);
    fields = [sshString("nistp256"), sshString(point ?? uncompressed)];
  }
  const blob = Buffer.concat([sshString(type), ...fields, sshString("ssh:")]);
  return `${type} ${blob.toString("base64")} token@example`;
}

/** The emulator of this file, with every option at its default. */
let emulator: RunningEmulator;

beforeAll(async () => {
  for (const name of ENV_NAMES) {
    savedEnv[name] = process.env[name];
    delete process.env[name];
  }
  emulator = await startEmulator({ port: 0 });
});
beforeEach(() => configureProvider(emulator));
afterAll(async () => {
  resetStackConfig();
  for (const name of ENV_NAMES) {
    if (savedEnv[name] !== undefined) process.env[name] = savedEnv[name];
  }
  await emulator?.close();
});

/** `check` as the host calls it, with `__provider`; fails the test on a failure. */
async function checked(news: Record<string, unknown>): Promise<SshCredentialInputs> {
  const result = await provider.check({}, { ...news, __provider: PROVIDER });
  expect(result.failures).toEqual([]);
  return { ...result.inputs, __provider: PROVIDER } as SshCredentialInputs;
}

/** The failures of the pure check, as `[property, reason]`. */
const failuresOf = (news: Record<string, unknown>) =>
  (checkSshCredential(news).failures ?? []).map((f) => [f.property, f.reason]);

/** A running emulator with `options`, the provider configured for it, for one test. */
async function withEmulator<T>(
  options: EmulatorOptions,
  run: (app: RunningEmulator) => Promise<T>,
): Promise<T> {
  const app = await startEmulator({ port: 0, ...options });
  try {
    await configureProvider(app);
    return await run(app);
  } finally {
    await app.close();
    await configureProvider(emulator);
  }
}

/** Creates a credential through check and create; returns its id and outputs. */
async function created(news: Record<string, unknown>, app: RunningEmulator = emulator) {
  const inputs = await checked(news);
  const { value, error, calls } = await tracked(app, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { inputs, id: value!.id, outs: value!.outs! };
}

const live = (id: string, app: RunningEmulator = emulator) =>
  app.snapshot().sshCredentials.find((credential) => credential.id === id);

describe("check", () => {
  it.each([
    ["an Ed25519 key", keys.ED25519],
    ["an ECDSA P-256 key", keys.ECDSA_P256],
    ["an ECDSA P-384 key", keys.ECDSA_P384],
    ["an ECDSA P-521 key", keys.ECDSA_P521],
    ["an RSA key of 2048 bits", keys.RSA_2048],
    ["an RSA key of 1024 bits", keys.RSA_1024],
    ["an Ed25519 security key", securityKey("ed25519")],
    ["an ECDSA security key", securityKey("ecdsa")],
  ])("accepts %s, recording acl's default []", (_what, publicKey) => {
    expect(checkSshCredential({ publicKey })).toEqual({
      inputs: { publicKey, acl: [] },
      failures: [],
    });
  });

  it("drops the whitespace around the line (a .pub file read as it is), and keeps the rest", () => {
    const news = {
      publicKey: `  ${keys.ED25519}\n`,
      acl: ["bind:*.example.com", "bind:1.tcp.ngrok.io:20002", "bind:env=prod", "*"],
      description: "Device 132 — 🛰",
      metadata: '{"site":"lab"}',
      ownerId: "bot_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx",
    };
    expect(checkSshCredential(news)).toEqual({
      inputs: { ...news, publicKey: keys.ED25519 },
      failures: [],
    });
  });

  it("lets values not known yet (preview) through unchecked", () => {
    const news = { publicKey: UNKNOWN, acl: ["bind:a.example.com", UNKNOWN], ownerId: UNKNOWN };
    expect(checkSshCredential(news)).toEqual({ inputs: news, failures: [] });
  });

  const MB = "x".repeat(1024 * 1024);
  const REFUSED: [string, Record<string, unknown>, string, RegExp][] = [
    ["no publicKey", {}, "publicKey", /^publicKey is required: one line of an OpenSSH public key/],
    ["publicKey null", { publicKey: null }, "publicKey", /^publicKey is required/],
    ["publicKey a number", { publicKey: 42 }, "publicKey", /^publicKey must be a string, not 42$/],
    ["publicKey empty", { publicKey: " \n" }, "publicKey", /^publicKey must not be empty/],
    [
      "a DSA key",
      { publicKey: keys.DSA_1024 },
      "publicKey",
      /^publicKey is a DSA key \(ssh-dss, 1024 bits\): an SSH credential takes RSA, ECDSA, Ed25519 and FIDO security \(sk-…\) keys only, and OpenSSH no longer accepts DSA/,
    ],
    [
      "a certificate",
      { publicKey: keys.ED25519_CERT },
      "publicKey",
      /^publicKey is an SSH certificate \(ssh-ed25519-cert-v01@openssh\.com\), not a public key/,
    ],
    [
      "a PEM public key",
      { publicKey: keys.RSA_768_PEM },
      "publicKey",
      /^publicKey is in PEM format .*ssh-keygen -i -m PKCS8/,
    ],
    [
      "two keys",
      { publicKey: `${keys.ED25519}\n${keys.RSA_2048}` },
      "publicKey",
      /^publicKey must be one key on one line; it has 2 lines/,
    ],
    [
      "authorized_keys options",
      { publicKey: `from="10.0.0.1" ${keys.ED25519}` },
      "publicKey",
      /^publicKey starts with something before its type ssh-ed25519/,
    ],
    [
      "an RSA key under 1024 bits",
      { publicKey: keys.RSA_768 },
      "publicKey",
      /^publicKey is an RSA key of 768 bits/,
    ],
    [
      "key data of another type",
      { publicKey: `ssh-rsa ${keys.ED25519.split(" ")[1]}` },
      "publicKey",
      /^publicKey says ssh-rsa but its key data is an ssh-ed25519 key$/,
    ],
    [
      "an ECDSA security key whose point is off the curve",
      { publicKey: securityKey("ecdsa", Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)])) },
      "publicKey",
      /^publicKey has key data that is not a valid sk-ecdsa-sha2-nistp256@openssh\.com key: its point is not on the P-256 curve$/,
    ],
    [
      "a truncated security key",
      {
        publicKey: securityKey("ed25519").replace(
          / (\S+) /,
          (_m, b64: string) => ` ${b64.slice(0, 40)} `,
        ),
      },
      "publicKey",
      /^publicKey has key data that is not a valid sk-ssh-ed25519@openssh\.com key/,
    ],
    [
      "text that is no key",
      { publicKey: "x".repeat(100) },
      "publicKey",
      /^publicKey is not an OpenSSH public key line .* it starts with "x{40}"…$/,
    ],
    [
      "a megabyte of text",
      { publicKey: MB },
      "publicKey",
      /^publicKey must be at most 16384 bytes of UTF-8 \(OpenSSH's limit on a public key\); it is 1048576 bytes$/,
    ],
    [
      "17 KB of key",
      { publicKey: `ssh-ed25519 ${"A".repeat(17000)}` },
      "publicKey",
      /^publicKey must be at most 16384 bytes of UTF-8 \(OpenSSH's limit on a public key\); it is 17012 bytes$/,
    ],
    [
      "acl a string",
      { publicKey: keys.ED25519, acl: "bind:x.example.com" },
      "acl",
      /^acl must be a list of strings, not "bind:x\.example\.com"$/,
    ],
    [
      "acl with an empty rule",
      { publicKey: keys.ED25519, acl: [""] },
      "acl",
      /^acl\[0\] must be a non-empty string; got ""$/,
    ],
    [
      "acl with a number",
      { publicKey: keys.ED25519, acl: [7] },
      "acl",
      /^acl\[0\] must be a non-empty string; got 7$/,
    ],
    [
      "an ACL rule that is not a bind",
      { publicKey: keys.ED25519, acl: ["bind:ok.example.com", "allow:x.example.com"] },
      "acl",
      /^acl\[1\] must be "\*" or a bind rule, "bind:" followed by a domain, an address or a label .*got "allow:x\.example\.com"$/,
    ],
    [
      "an ACL rule in capitals",
      { publicKey: keys.ED25519, acl: ["BIND:x.example.com"] },
      "acl",
      /^acl\[0\] must be "\*" or a bind rule/,
    ],
    [
      "a bind of nothing",
      { publicKey: keys.ED25519, acl: ["bind:"] },
      "acl",
      /^acl\[0\] must name what it binds after "bind:"; got "bind:"$/,
    ],
    [
      "two rules in one",
      { publicKey: keys.ED25519, acl: ["bind:a.example.com bind:b.example.com"] },
      "acl",
      /^acl\[0\] must be one rule without whitespace or control characters .* it has U\+0020 at index 18$/,
    ],
    [
      "a control character",
      { publicKey: keys.ED25519, acl: ["bind:a\u0000.example.com"] },
      "acl",
      /it has U\+0000 at index 6$/,
    ],
    [
      "a megabyte rule",
      { publicKey: keys.ED25519, acl: [`bind:${MB} `] },
      "acl",
      /it has U\+0020 at index 1048581$/,
    ],
    [
      "a description over 255 bytes",
      { publicKey: keys.ED25519, description: "é".repeat(128) },
      "description",
      /^description must be at most 255 bytes of UTF-8; it is 256 bytes$/,
    ],
    [
      "metadata over 4096 bytes",
      { publicKey: keys.ED25519, metadata: "m".repeat(4097) },
      "metadata",
      /^metadata must be at most 4096 bytes of UTF-8; it is 4097 bytes$/,
    ],
    [
      "an unpaired surrogate",
      { publicKey: keys.ED25519, description: "a\uD800" },
      "description",
      /^description must be valid Unicode text: it has an unpaired UTF-16 surrogate \(U\+D800\) at index 1/,
    ],
    [
      "an organization as owner",
      { publicKey: keys.ED25519, ownerId: "org_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx" },
      "ownerId",
      /^ownerId must be the id of a user \("usr_" followed by letters and digits\) or a bot user .*got "org_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx"$/,
    ],
    [
      "an empty owner",
      { publicKey: keys.ED25519, ownerId: "" },
      "ownerId",
      /^ownerId must be the id of a user .*got ""$/,
    ],
    [
      "an owner of a megabyte",
      { publicKey: keys.ED25519, ownerId: `usr_${MB}!` },
      "ownerId",
      /got "usr_x{56}"…$/,
    ],
    [
      "an unknown property",
      { publicKey: keys.ED25519, keyType: "ed25519" },
      "keyType",
      /^keyType is not a property of pulumi-nodejs:dynamic\/ngrok:SshCredential; its properties are publicKey, acl, description, metadata, ownerId$/,
    ],
  ];
  it.each(REFUSED.map(([what, news, property, reason]) => [what, property, news, reason] as const))(
    "refuses %s, naming %s and the rule",
    (_what, property, news, reason) => {
      const failures = failuresOf(news);
      expect(failures).toHaveLength(1);
      expect(failures[0][0]).toBe(property);
      expect(failures[0][1]).toMatch(reason);
      expect(failures[0][1].length).toBeLessThan(600);
    },
  );

  it("refuses a private key without showing it or recording it", () => {
    const { inputs, failures } = checkSshCredential({ publicKey: keys.FAKE_PRIVATE_KEY });
    expect(failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(
          /^publicKey is a private key \(-----BEGIN OPENSSH PRIVATE KEY-----\)/,
        ),
      },
    ]);
    expect(JSON.stringify(failures)).not.toContain("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUA");
    expect(inputs).not.toHaveProperty("publicKey");
  });

  it("is what the provider's check runs, with no API request", async () => {
    const { calls, value } = await tracked(emulator, () =>
      provider.check({}, { publicKey: keys.DSA_1024, acl: ["nope"] }),
    );
    expect(calls).toEqual([]);
    expect(value!.failures!.map((f) => f.property)).toEqual(["publicKey", "acl"]);
  });
});

describe("diff", () => {
  const state = {
    publicKey: keys.ED25519,
    acl: ["bind:a.example.com", "bind:b.example.com"],
    description: "d",
    ownerId: "usr_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx",
    uri: "https://api.ngrok.com/ssh_credentials/sshcr_x",
    createdAt: "2025-09-04T10:11:37Z",
  };
  const declared = { publicKey: keys.ED25519, acl: state.acl, description: "d" };
  const none = { changes: false, replaces: [], deleteBeforeReplace: false, updates: [] };

  it.each<[string, Record<string, unknown>, Record<string, unknown>, object]>([
    ["the same inputs (ownerId left out: ngrok's)", state, declared, none],
    [
      "the same key with another comment",
      state,
      { ...declared, publicKey: keys.ED25519.replace("test@example", "renamed") },
      none,
    ],
    ["the ACL in another order", state, { ...declared, acl: [...state.acl].reverse() }, none],
    [
      '["*"] against [] (ngrok: the same)',
      { ...state, acl: ["*"] },
      { ...declared, acl: [] },
      none,
    ],
    [
      'a description "" against none',
      { ...state, description: undefined },
      { ...declared, description: "" },
      none,
    ],
    ["the owner declared as it is", state, { ...declared, ownerId: state.ownerId }, none],
    [
      "an ACL rule more",
      state,
      { ...declared, acl: [...state.acl, "bind:c.example.com"] },
      { changes: true, replaces: [], deleteBeforeReplace: false, updates: ["acl"] },
    ],
    [
      "no ACL any more",
      state,
      { ...declared, acl: [] },
      { changes: true, replaces: [], deleteBeforeReplace: false, updates: ["acl"] },
    ],
    [
      "another description",
      state,
      { ...declared, description: "e" },
      { changes: true, replaces: [], deleteBeforeReplace: false, updates: ["description"] },
    ],
    [
      "another key: created before the old one is deleted",
      state,
      { ...declared, publicKey: keys.ECDSA_P256 },
      { changes: true, replaces: ["publicKey"], deleteBeforeReplace: false, updates: [] },
    ],
    [
      "a key not known yet",
      state,
      { ...declared, publicKey: UNKNOWN },
      { changes: true, replaces: ["publicKey"], deleteBeforeReplace: false, updates: [] },
    ],
    [
      "another owner, same key: the old one is deleted first (ngrok holds a key once)",
      state,
      { ...declared, ownerId: "bot_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx" },
      { changes: true, replaces: ["ownerId"], deleteBeforeReplace: true, updates: [] },
    ],
    [
      "another owner and another key",
      state,
      { ...declared, publicKey: keys.RSA_2048, ownerId: "bot_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx" },
      {
        changes: true,
        replaces: ["publicKey", "ownerId"],
        deleteBeforeReplace: false,
        updates: [],
      },
    ],
  ])("%s", (_what, olds, news, expected) => {
    expect(diffSshCredential(olds, news)).toEqual(expected);
  });
});

describe("create, read, update, delete against the emulator", () => {
  it("creates with one POST, sending what is declared (no empty acl), and records ngrok's answer", async () => {
    const publicKey = freshKey();
    const { id, outs } = await created({ publicKey: `${publicKey}\n`, description: "device 1" });
    expect(id).toMatch(/^sshcr_[0-9A-Za-z]{27}$/);
    const credential = live(id)!;
    expect(credential).toEqual({
      id,
      uri: `${emulator.url}${PATH}/${id}`,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      description: "device 1",
      public_key: publicKey,
      acl: [],
      owner_id: expect.stringMatching(/^usr_/),
    });
    expect(outs).toEqual({
      publicKey,
      acl: [],
      description: "device 1",
      ownerId: credential.owner_id,
      uri: credential.uri,
      createdAt: credential.created_at,
    });
    expect(outs).not.toHaveProperty("__provider");
  });

  it("creates with ACL rules and a bot owner", async () => {
    const owner = "bot_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx";
    const acl = ["bind:132.devices.example.com", "bind:1.tcp.ngrok.io:20002"];
    const { id, outs } = await created({ publicKey: freshKey(), acl, ownerId: owner });
    expect(live(id)).toMatchObject({ acl, owner_id: owner });
    expect(outs).toMatchObject({ acl, ownerId: owner });
  });

  it("reads with one GET: the outputs and the inputs that reproduce the live credential", async () => {
    const { id, outs } = await created({ publicKey: freshKey(), metadata: '{"v":1}' });
    await callApi(emulator, "PATCH", `${PATH}/${id}`, { description: "edited by hand" });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value).toEqual({
      id,
      props: { ...outs, description: "edited by hand" },
      inputs: {
        publicKey: outs.publicKey,
        acl: [],
        description: "edited by hand",
        metadata: '{"v":1}',
        ownerId: outs.ownerId,
      },
    });
    // The drift shows as an update of description (the program did not change).
    expect(
      diffSshCredential(value!.props!, { publicKey: outs.publicKey, acl: [], metadata: '{"v":1}' }),
    ).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      updates: ["description"],
    });
  });

  it('reads a credential deleted outside Pulumi as gone (id "")', async () => {
    const { id, outs } = await created({ publicKey: freshKey() });
    await callApi(emulator, "DELETE", `${PATH}/${id}`);
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 404`]);
    expect(value).toEqual({ id: "", props: {} });
  });

  it("updates description, metadata and the ACL with one PATCH; acl is sent only when it changed", async () => {
    const { id, outs, inputs } = await created({
      publicKey: freshKey(),
      acl: ["bind:a.example.com"],
      description: "v1",
      metadata: "m",
    });
    const news = await checked({
      publicKey: inputs.publicKey,
      acl: ["bind:a.example.com"],
      description: "v2",
    });
    const first = await tracked(emulator, () => provider.update(id, outs, news));
    expect(first.calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(live(id)).toMatchObject({ description: "v2", acl: ["bind:a.example.com"] });
    expect(live(id)).not.toHaveProperty("metadata"); // left out: cleared
    expect(first.value!.outs).toMatchObject({ description: "v2", acl: ["bind:a.example.com"] });

    const more = await checked({
      publicKey: inputs.publicKey,
      acl: ["bind:a.example.com", "bind:env=prod"],
    });
    const second = await tracked(emulator, () => provider.update(id, first.value!.outs!, more));
    expect(second.calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(live(id)!.acl).toEqual(["bind:a.example.com", "bind:env=prod"]);
  });

  it("deletes with one DELETE; a credential already gone counts as deleted", async () => {
    const { id, outs } = await created({ publicKey: freshKey() });
    const first = await tracked(emulator, () => provider.delete(id, outs));
    expect(first).toEqual({
      value: undefined,
      error: undefined,
      calls: [`DELETE ${PATH}/${id} 204`],
    });
    expect(live(id)).toBeUndefined();
    const again = await tracked(emulator, () => provider.delete(id, outs));
    expect(again).toEqual({
      value: undefined,
      error: undefined,
      calls: [`DELETE ${PATH}/${id} 404`],
    });
  });

  it("an ambiguous create (connection reset after ngrok acted) records the credential it made: one POST, then the list", async () => {
    const publicKey = freshKey();
    const inputs = await checked({ publicKey });
    emulator.faults.add({ method: "POST", path: PATH, drop: "after", count: 1 });
    const { value, error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
    const made = emulator.snapshot().sshCredentials.filter((c) => c.public_key === publicKey);
    expect(made).toHaveLength(1);
    expect(value!.id).toBe(made[0].id);
  });

  it("an ambiguous create that did not act says so, and sends no second POST", async () => {
    const publicKey = freshKey();
    const inputs = await checked({ publicKey });
    emulator.faults.add({ method: "POST", path: PATH, drop: "before", count: 1 });
    const { error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^creating the SSH credential failed after the request was sent .* No matching credential \(key SHA256:[A-Za-z0-9+/]{43}, created since .*\) was found, so most likely none was created/,
    );
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
    expect(emulator.snapshot().sshCredentials.some((c) => c.public_key === publicKey)).toBe(false);
  });

  it("a create whose answer is unusable but names the new id is recorded, not leaked", async () => {
    const app = buildEmulatorApp();
    app.addHook("onSend", async (request, reply, payload) =>
      request.method === "POST" && reply.statusCode === 201 && typeof payload === "string"
        ? JSON.stringify({ ...JSON.parse(payload), public_key: undefined })
        : payload,
    );
    await app.listen({ host: "127.0.0.1", port: 0 });
    try {
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      await configureProvider({ url, apiKey: app.emulator.apiKey });
      const inputs = await checked({ publicKey: freshKey(), description: "half-created" });
      const { error, calls } = await tracked(app.emulator, () => provider.create(inputs));
      expect(calls).toEqual([`POST ${PATH} 201`]);
      expect(ResourceInitFailedError.isInstance(error)).toBe(true);
      const failed = error as ResourceInitFailedError;
      expect(app.emulator.snapshot().sshCredentials.map((c) => c.id)).toEqual([failed.id]);
      expect(failed.message).toMatch(/public_key/);
      expect(failed.message).toMatch(
        new RegExp(`the SSH credential ${failed.id} was created and is recorded in state$`),
      );
      expect(failed.properties).toEqual(inputs);
    } finally {
      await app.close();
    }
  });

  it("lookupSshCredential: one GET; an id of another kind throws before any request", async () => {
    const { id, outs } = await created({ publicKey: freshKey() });
    const found = await tracked(emulator, () => lookupSshCredential(clientFromConfiguration(), id));
    expect(found.calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(found.value).toEqual({ id, ...outs });
    const refused = await tracked(emulator, () =>
      lookupSshCredential(clientFromConfiguration(), "sshca_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx"),
    );
    expect(refused.calls).toEqual([]);
    expect((refused.error as Error).message).toBe(
      'getSshCredential: id must be an SSH credential id, "sshcr_" followed by letters and digits; got "sshca_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx"',
    );
  });
});

describe("where ngrok is silent: the provider with each of the emulator's answers", () => {
  afterEach(() => resetDeploymentIds());

  it.each([400, 409] as const)(
    "a key the account holds (ERR_NGROK_609 answered %i) fails naming publicKey and the credential that holds it",
    (status) =>
      withEmulator({ sshCredentials: { duplicateKeyStatus: status } }, async (app) => {
        const publicKey = freshKey("first@example");
        const holder = await created({ publicKey, description: "the first" }, app);
        const inputs = await checked({ publicKey: publicKey.replace("first@", "second@") });
        const { error, calls } = await tracked(app, () => provider.create(inputs));
        expect(calls).toEqual([`POST ${PATH} ${status}`, `GET ${PATH}?limit=100 200`]);
        expect(NgrokApiError.isInstance(error)).toBe(true);
        const apiError = error as NgrokApiError;
        expect([apiError.statusCode, apiError.errorCode]).toEqual([status, "ERR_NGROK_609"]);
        expect(apiError.message).toMatch(
          new RegExp(
            `^ngrok API ${status} ERR_NGROK_609: publicKey \\(SHA256:[A-Za-z0-9+/]{43}\\) is already an SSH credential of this account, ${holder.id} \\(created [^,]+, description "the first"\\), and ngrok holds a key once, so no credential was created\\. .*ngrok api ssh-credentials delete ${holder.id}.*deleteBeforeReplace: true`,
          ),
        );
        expect(app.snapshot().sshCredentials).toHaveLength(1);
      }),
  );

  it('security keys: accepted by ngrok (keyTypes "all"), or refused naming publicKey ("standard")', async () => {
    const publicKey = securityKey("ecdsa");
    await withEmulator({ sshCredentials: { keyTypes: "all" } }, async (app) => {
      const { id } = await created({ publicKey }, app);
      expect(live(id, app)!.public_key).toBe(publicKey);
    });
    await withEmulator({ sshCredentials: { keyTypes: "standard" } }, async (app) => {
      const inputs = await checked({ publicKey });
      const { error, calls } = await tracked(app, () => provider.create(inputs));
      expect(calls).toEqual([`POST ${PATH} 400`]);
      expect((error as Error).message).toMatch(
        /^ngrok API 400 ERR_NGROK_612: ngrok refused publicKey: Invalid public key .*keys of type sk-ecdsa-sha2-nistp256@openssh\.com are not accepted \(POST \/ssh_credentials, operation op_/,
      );
    });
  });

  it('an ACL rule ngrok\'s grammar refuses (acl "format") fails naming acl; "prefix" takes it', async () => {
    const acl = ["bind:a..example.com"];
    expect(failuresOf({ publicKey: keys.ED25519, acl })).toEqual([]);
    await withEmulator({ sshCredentials: { acl: "format" } }, async (app) => {
      const inputs = await checked({ publicKey: freshKey(), acl });
      const { error, calls } = await tracked(app, () => provider.create(inputs));
      expect(calls).toEqual([`POST ${PATH} 400`]);
      expect((error as Error).message).toMatch(
        /^ngrok API 400 ERR_NGROK_600: ngrok refused acl: Invalid ACL rule\. .*You specified: "bind:a\.\.example\.com"\. \(POST \/ssh_credentials, operation op_/,
      );
      // The same in an update: the PATCH is refused, the credential keeps its rules.
      const { id, outs } = await created({ publicKey: freshKey() }, app);
      const update = await tracked(app, () =>
        provider.update(id, outs, { ...inputs, publicKey: outs.publicKey }),
      );
      expect(update.calls).toEqual([`PATCH ${PATH}/${id} 400`]);
      expect((update.error as Error).message).toMatch(
        /^ngrok API 400 ERR_NGROK_600: ngrok refused acl: /,
      );
      expect(live(id, app)!.acl).toEqual([]);
    });
    await withEmulator({ sshCredentials: { acl: "prefix" } }, async (app) => {
      const { id } = await created({ publicKey: freshKey(), acl }, app);
      expect(live(id, app)!.acl).toEqual(acl);
    });
  });

  it.each(["clear", "unchanged"] as const)(
    'removing every ACL rule ("acl": [] answered %s) leaves no restriction, and the next diff is empty',
    (emptyAclUpdate) =>
      withEmulator({ sshCredentials: { emptyAclUpdate } }, async (app) => {
        const { id, outs, inputs } = await created(
          { publicKey: freshKey(), acl: ["bind:a.example.com"] },
          app,
        );
        const news = await checked({ publicKey: inputs.publicKey });
        const { value, calls } = await tracked(app, () => provider.update(id, outs, news));
        const patch = `PATCH ${PATH}/${id} 200`;
        // ngrok kept the rules on []: a second PATCH sets ["*"], "equivalent to no acl at all".
        const expected = emptyAclUpdate === "clear" ? [[patch], []] : [[patch, patch], ["*"]];
        expect([calls, live(id, app)!.acl]).toEqual(expected);
        expect(value!.outs!.acl).toEqual(expected[1]);
        expect(diffSshCredential(value!.outs!, news)).toEqual({
          changes: false,
          replaces: [],
          deleteBeforeReplace: false,
          updates: [],
        });
      }),
  );

  it.each(["200", "606"] as const)(
    "an update never sends an empty PATCH (an empty one answered %s)",
    (emptyUpdate) =>
      withEmulator(
        { sshCredentials: { emptyUpdate, emptyAclUpdate: "unchanged" } },
        async (app) => {
          const { id, outs, inputs } = await created(
            { publicKey: freshKey(), acl: ["bind:a.example.com"] },
            app,
          );
          const news = await checked({ publicKey: inputs.publicKey, description: "d" });
          const { error, calls } = await tracked(app, () => provider.update(id, outs, news));
          expect(error).toBeUndefined();
          expect(calls).toEqual([`PATCH ${PATH}/${id} 200`, `PATCH ${PATH}/${id} 200`]);
          expect(live(id, app)).toMatchObject({ description: "d", acl: ["*"] });
        },
      ),
  );

  it("the account's limit (ERR_NGROK_617) fails the create with ngrok's words and sends one POST", () =>
    withEmulator({ sshCredentials: { limit: 1 } }, async (app) => {
      await created({ publicKey: freshKey() }, app);
      const inputs = await checked({ publicKey: freshKey() });
      const { error, calls } = await tracked(app, () => provider.create(inputs));
      expect(calls).toEqual([`POST ${PATH} 400`]);
      expect((error as Error).message).toMatch(
        /^ngrok API 400 ERR_NGROK_617: Your account is limited to 1 SSH keys\. \(POST \/ssh_credentials, operation op_\w+\)$/,
      );
    }));

  it("the owner ngrok fills in is the API key's owner (apiKeyOwnerId), and leaving it out stays no change", () =>
    withEmulator({ apiKeyOwnerId: "bot_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qy" }, async (app) => {
      const { outs, inputs } = await created({ publicKey: freshKey() }, app);
      expect(outs.ownerId).toBe("bot_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qy");
      expect(diffSshCredential(outs, inputs).changes).toBe(false);
    }));
});
