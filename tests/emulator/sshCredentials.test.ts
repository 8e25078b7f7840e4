/**
 * SSH credentials (`/ssh_credentials`): create (fields, defaults, owner), every key type
 * `ssh-keygen` makes and the ones it refuses, ACL rules, duplicate keys, lengths in UTF-8 bytes,
 * the account limit, get, list with paging, update, delete, the snapshot, the options, and the
 * HTTP layers on the new paths. Keys come from `ssh-keygen` (node's crypto where it is missing).
 */
import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import type { EmulatorApp, EmulatorOptions } from "../../emulator/index";
import { DSA_1024, ED25519_CERT, RSA_2048 } from "../support/sshKeys";
import { api, body, expectError, newApp } from "./helpers";
import { subjectKey } from "./sshCertificateHelpers";

const SSH_KEYGEN = "/usr/bin/ssh-keygen";
const haveSshKeygen = fs.existsSync(SSH_KEYGEN);
if (!haveSshKeygen) console.warn(`ssh-keygen not found at ${SSH_KEYGEN}: keys from node's crypto`);
const withSshKeygen = haveSshKeygen ? it : it.skip;

const PATH = "/ssh_credentials";
const OWNER = "usr_32ELAUA7XkJHRP2DgH2JjDRLp81";
const RFC3339_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const MISSING_ID = "sshcr_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx";

let keyDir: string;
beforeAll(() => {
  keyDir = fs.mkdtempSync(path.join(os.tmpdir(), "ssh-credentials-"));
});
afterAll(() => fs.rmSync(keyDir, { recursive: true, force: true }));

let keyCount = 0;
/**
 * A new key pair made by `ssh-keygen`; returns the `.pub` file's text (one line and a newline,
 * as users paste it). Without ssh-keygen: node's crypto for the types it makes.
 */
function keygen(type: "ed25519" | "rsa" | "ecdsa" | "dsa", bits?: number): string {
  if (!haveSshKeygen) {
    // (DSA_1024 is an ssh-keygen key kept in the repository; node's ECDSA keys are P-256.)
    return type === "dsa" ? `${DSA_1024}\n` : `${subjectKey(type, "dev@example")}\n`;
  }
  const file = path.join(keyDir, `key${keyCount++}`);
  const size = bits === undefined ? [] : ["-b", String(bits)];
  execFileSync(SSH_KEYGEN, ["-q", "-t", type, ...size, "-N", "", "-C", "dev@example", "-f", file]);
  return fs.readFileSync(`${file}.pub`, "utf8");
}

/** `ssh-keygen -l` of a public key line: `<bits> SHA256:… <comment> (<TYPE>)`. */
function fingerprint(publicKey: string): string {
  const file = path.join(keyDir, `check${keyCount++}.pub`);
  fs.writeFileSync(file, publicKey.endsWith("\n") ? publicKey : `${publicKey}\n`);
  return execFileSync(SSH_KEYGEN, ["-l", "-f", file], { encoding: "utf8" }).trim();
}

/** A fresh Ed25519 key with a comment (node's crypto: fast, for tests about other fields). */
function freshKey(comment = "alice@laptop"): string {
  return subjectKey("ed25519", comment);
}

/** An SSH wire string. */
function sshString(value: Buffer | string): Buffer {
  const bytes = Buffer.from(value);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/**
 * Security-key public keys (OpenSSH PROTOCOL.u2f) around real key material: making one with
 * ssh-keygen needs a FIDO token, so the blob is written out here (ssh-keygen reads it back).
 */
function securityKey(kind: "ed25519" | "ecdsa", point?: Buffer): string {
  if (kind === "ed25519") {
    const jwk = generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" });
    const raw = Buffer.from(jwk.x!, "base64url");
    const algorithm = "sk-ssh-ed25519@openssh.com";
    const blob = Buffer.concat([sshString(algorithm), sshString(raw), sshString("ssh:")]);
    return `${algorithm} ${blob.toString("base64")} token@example`;
  }
  const jwk = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).publicKey.export({
    format: "jwk",
  });
  const q =
    point ??
    Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x!, "base64url"),
      Buffer.from(jwk.y!, "base64url"),
    ]);
  const algorithm = "sk-ecdsa-sha2-nistp256@openssh.com";
  const blob = Buffer.concat([
    sshString(algorithm),
    sshString("nistp256"),
    sshString(q),
    sshString("ssh:"),
  ]);
  return `${algorithm} ${blob.toString("base64")} token@example`;
}

describe("SSH credentials", () => {
  let app: EmulatorApp;

  function start(options: EmulatorOptions = {}): EmulatorApp {
    app = newApp({ apiKeyOwnerId: OWNER, ...options });
    return app;
  }
  afterEach(() => app?.close());

  async function create(payload: Record<string, unknown>) {
    const res = await api(app, "POST", PATH, { public_key: freshKey(), ...payload });
    expect(res.statusCode).toBe(201);
    return body(res);
  }

  async function expectCreateError(
    payload: Record<string, unknown>,
    status: number,
    code: string | undefined,
    message?: string | RegExp,
  ) {
    const res = await api(app, "POST", PATH, { public_key: freshKey(), ...payload });
    expectError(res, status, code, message);
  }

  describe("create", () => {
    it("answers 201 with the documented fields (the docs' example request)", async () => {
      start();
      const before = Math.floor(Date.now() / 1000);
      const request = {
        acl: ["bind:1.tcp.ngrok.io:20002", "bind:132.devices.company.com"],
        description: "for device #132",
        public_key: RSA_2048.replace("test@example", "device132@example.com"),
      };
      const res = await api(app, "POST", PATH, request);
      expect(res.statusCode).toBe(201);
      const credential = body(res);
      // ngrok's SSHCredential field order; metadata is absent when empty, as in the example.
      expect(Object.keys(credential)).toEqual([
        "id",
        "uri",
        "created_at",
        "description",
        "public_key",
        "acl",
        "owner_id",
      ]);
      expect(credential.id).toMatch(/^sshcr_[0-9A-Za-z]{27}$/);
      expect(credential.uri).toBe(`http://localhost:80/ssh_credentials/${credential.id}`);
      expect(credential.created_at).toMatch(RFC3339_SECONDS);
      expect(Date.parse(credential.created_at) / 1000).toBeGreaterThanOrEqual(before);
      expect(Date.parse(credential.created_at)).toBeLessThanOrEqual(Date.now());
      expect(credential).toMatchObject({ ...request, owner_id: OWNER });
      expect(body(await api(app, "GET", `${PATH}/${credential.id}`))).toEqual(credential);
    });

    it("defaults: no ACL ([]), the API key's owner, description and metadata absent", async () => {
      start();
      const credential = await create({});
      expect(credential.acl).toEqual([]);
      expect(credential.owner_id).toBe(OWNER);
      expect(credential).not.toHaveProperty("description");
      expect(credential).not.toHaveProperty("metadata");
    });

    it("treats zero values and null as omitted (ngrok's Python client sends them)", async () => {
      start();
      const credential = await create({ description: "", metadata: "", acl: [], owner_id: "" });
      expect(credential).toMatchObject({ acl: [], owner_id: OWNER });
      const nulls = await create({ description: null, metadata: null, acl: null, owner_id: null });
      expect(nulls).toMatchObject({ acl: [], owner_id: OWNER });
      expect(nulls).not.toHaveProperty("description");
    });

    it("without apiKeyOwnerId the owner is one generated usr_ id, the same for every create", async () => {
      app = newApp();
      const [one, two] = [await create({}), await create({})];
      expect(one.owner_id).toMatch(/^usr_[0-9A-Za-z]{27}$/);
      expect(two.owner_id).toBe(one.owner_id);
      // Another emulator, another owner.
      const other = newApp();
      const res = await api(other, "POST", PATH, { public_key: freshKey() });
      expect(body(res).owner_id).not.toBe(one.owner_id);
      await other.close();
    });

    it("owner_id: a user or bot user id is kept; any other prefix answers 243", async () => {
      start();
      const bot = "bot_2cSjwF6w6AynjfPtm4Ww5xTdkId";
      expect((await create({ owner_id: bot })).owner_id).toBe(bot);
      expect((await create({ owner_id: "usr_2b" })).owner_id).toBe("usr_2b");
      for (const ownerId of ["sshcr_2b", "usr_", "user_2b", "2b"]) {
        await expectCreateError({ owner_id: ownerId }, 400, "ERR_NGROK_243", /usr_, bot_/);
      }
    });

    it("stores description, metadata and ACL rules as given, order and duplicates kept", async () => {
      start();
      const acl = ["bind:b.example.com", "bind:a.example.com", "bind:b.example.com", "*"];
      const credential = await create({ description: "d", metadata: '{"k":1}', acl });
      expect(credential).toMatchObject({ description: "d", metadata: '{"k":1}', acl });
    });
  });

  describe("public_key", () => {
    withSshKeygen(
      "accepts every key type ssh-keygen makes, returned exactly as submitted",
      async () => {
        start();
        const keys = [
          keygen("ed25519"),
          keygen("ecdsa", 256),
          keygen("ecdsa", 384),
          keygen("ecdsa", 521),
          keygen("rsa", 2048),
          keygen("rsa", 4096),
          keygen("dsa"),
        ];
        for (const publicKey of keys) {
          expect(publicKey).toMatch(/ dev@example\n$/);
          const credential = await create({ public_key: publicKey });
          // The .pub file's trailing newline too.
          expect(credential.public_key).toBe(publicKey);
          expect(fingerprint(credential.public_key)).toBe(fingerprint(publicKey));
        }
        expect(app.emulator.snapshot().sshCredentials).toHaveLength(keys.length);
      },
    );

    it("accepts security keys, which ssh-keygen reads (keyTypes: all, the default)", async () => {
      start();
      for (const publicKey of [securityKey("ed25519"), securityKey("ecdsa")]) {
        if (haveSshKeygen) expect(fingerprint(publicKey)).toMatch(/-SK\)$/);
        expect((await create({ public_key: publicKey })).public_key).toBe(publicKey);
      }
    });

    it("keyTypes: standard accepts RSA, ECDSA and Ed25519 only: DSA and security keys 612", async () => {
      start({ sshCredentials: { keyTypes: "standard" } });
      await create({ public_key: keygen("ecdsa", 384) });
      await create({ public_key: keygen("rsa", 2048) });
      for (const [publicKey, type] of [
        [keygen("dsa"), "ssh-dss"],
        [securityKey("ed25519"), "sk-ssh-ed25519@openssh.com"],
        [securityKey("ecdsa"), "sk-ecdsa-sha2-nistp256@openssh.com"],
      ]) {
        const res = await api(app, "POST", PATH, { public_key: publicKey });
        expectError(res, 400, "ERR_NGROK_612", `keys of type ${type} are not accepted`);
      }
    });

    it("ERR_NGROK_611 without a public key", async () => {
      start();
      for (const payload of [
        {},
        { public_key: "" },
        { public_key: " \n\t" },
        { public_key: null },
      ]) {
        expectError(
          await api(app, "POST", PATH, payload),
          400,
          "ERR_NGROK_611",
          /missing or empty/,
        );
      }
    });

    it("ERR_NGROK_612 for anything that is not one public key line", async () => {
      start();
      const [algorithm, encoded] = freshKey().split(" ");
      const blob = Buffer.from(encoded, "base64");
      const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(32, 1), Buffer.alloc(32, 2)]);
      const cases: Array<[string, string]> = [
        ["not a key", "not a key"],
        ["a certificate", ED25519_CERT],
        ["an unknown algorithm", `ssh-foo ${sshString("ssh-foo").toString("base64")}`],
        ["the algorithm differing from the blob's", `ssh-rsa ${encoded}`],
        ["bad base64", `${algorithm} ${encoded.slice(0, -3)}!!!`],
        [
          "a truncated blob",
          `${algorithm} ${blob.subarray(0, blob.length - 1).toString("base64")}`,
        ],
        [
          "trailing bytes",
          `${algorithm} ${Buffer.concat([blob, Buffer.from([0])]).toString("base64")}`,
        ],
        ["two keys on two lines", `${freshKey()}\n${freshKey()}`],
        ["authorized_keys options", `from="10.0.0.1" ${freshKey()}`],
        [
          "a PEM public key",
          "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----",
        ],
        ["an ECDSA security key off the curve", securityKey("ecdsa", offCurve)],
      ];
      for (const [what, publicKey] of cases) {
        const res = await api(app, "POST", PATH, { public_key: publicKey });
        expectError(res, 400, "ERR_NGROK_612", /^Invalid public key "/);
        expect([what, body(res).msg.length < 400]).toEqual([what, true]);
      }
      expect(body(await api(app, "GET", PATH)).ssh_credentials).toEqual([]);
    });

    it("ERR_NGROK_609 for a key already on the account, whatever its comment or owner", async () => {
      start();
      const publicKey = keygen("ed25519");
      const first = await create({ public_key: publicKey });
      const [type, encoded] = publicKey.split(" ");
      for (const again of [
        publicKey,
        `${type} ${encoded} someone-else`,
        `${type} ${encoded}`,
        `  ${type}\t${encoded}\n`,
      ]) {
        const res = await api(app, "POST", PATH, { public_key: again, owner_id: "bot_2x" });
        expectError(
          res,
          400,
          "ERR_NGROK_609",
          `"${type} ${encoded}" already exists on your account`,
        );
      }
      expect(body(await api(app, "GET", PATH)).ssh_credentials).toHaveLength(1);
      // Once deleted, the key can be registered again.
      expect((await api(app, "DELETE", `${PATH}/${first.id}`)).statusCode).toBe(204);
      expect((await create({ public_key: publicKey })).id).not.toBe(first.id);
    });

    it("ERR_NGROK_609 for one of two concurrent creates of one key; 409 with duplicateKeyStatus", async () => {
      start({ sshCredentials: { duplicateKeyStatus: 409 } });
      const publicKey = freshKey();
      const answers = await Promise.all(
        [1, 2, 3].map(() => api(app, "POST", PATH, { public_key: publicKey })),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
      expectError(
        answers.find((res) => res.statusCode === 409)!,
        409,
        "ERR_NGROK_609",
      );
    });
  });

  describe("acl", () => {
    const ACCEPTED = [
      "*",
      "bind:example.ngrok.io",
      "bind:example.ngrok.app",
      "bind:*.example.com",
      "bind:132.devices.company.com",
      "bind:xn--bcher-kva.example",
      "bind:localhost",
      "bind:1.tcp.ngrok.io:20002",
      "bind:10.0.0.1:443",
      "bind:*=example",
      "bind:env=*",
      "bind:edge=edghts_2G",
      "bind:*=*",
      `bind:${"a".repeat(63)}.com`,
    ];
    const REFUSED = [
      "",
      "bind:",
      "bind",
      "BIND:example.com",
      "connect:example.com",
      " bind:example.com",
      "bind:example.com ",
      "bind:*",
      "bind:a.*.example.com",
      "bind:**.example.com",
      "bind:example..com",
      "bind:-example.com",
      "bind:example-.com",
      "bind:exa_mple.com",
      "bind:example.com.",
      "bind:https://example.com",
      "bind:example.com:0",
      "bind:example.com:65536",
      "bind:*.example.com:443",
      "bind:a=b=c",
      "bind:=x",
      `bind:${"a".repeat(64)}.com`,
      `bind:${"abcdefghi.".repeat(25)}comm`, // 254 characters
    ];

    it.each(ACCEPTED)("accepts %j", async (rule) => {
      start();
      expect((await create({ acl: [rule] })).acl).toEqual([rule]);
    });

    it.each(REFUSED)("refuses %j with ERR_NGROK_600, naming the rule", async (rule) => {
      start();
      await expectCreateError(
        { acl: ["bind:ok.example.com", rule] },
        400,
        "ERR_NGROK_600",
        // Rules over 100 characters are shown cut, with an ellipsis.
        `You specified: ${JSON.stringify(rule.length > 100 ? `${rule.slice(0, 100)}…` : rule)}.`,
      );
    });

    it("accepts every domain name (RFC 1123), as bind:<domain>, bind:*.<domain> and with a port", async () => {
      start();
      await fc.assert(
        fc.asyncProperty(fc.domain(), fc.integer({ min: 1, max: 65535 }), async (domain, port) => {
          const acl = [`bind:${domain}`, `bind:*.${domain}`, `bind:${domain}:${port}`];
          const res = await api(app, "POST", PATH, { public_key: freshKey(), acl });
          expect([res.statusCode, body(res).acl]).toEqual([201, acl]);
        }),
        { numRuns: 100 },
      );
    });

    it("acl: prefix accepts any non-empty bind value, and still refuses other rules", async () => {
      start({ sshCredentials: { acl: "prefix" } });
      const loose = ["bind:*", "bind:a b", "bind:example..com", "bind:a=b=c", "*"];
      expect((await create({ acl: loose })).acl).toEqual(loose);
      for (const rule of ["bind:", "connect:x", "", "**"]) {
        await expectCreateError({ acl: [rule] }, 400, "ERR_NGROK_600");
      }
    });
  });

  describe("create errors", () => {
    it("ERR_NGROK_604 / 605 over 255 / 4096 UTF-8 bytes (not characters)", async () => {
      start();
      // 255 bytes in 128 characters passes; 256 bytes in 128 characters does not.
      const credential = await create({
        description: "é".repeat(127) + "a",
        metadata: "m".repeat(4096),
      });
      expect(Buffer.byteLength(credential.description)).toBe(255);
      await expectCreateError(
        { description: "é".repeat(128) },
        400,
        "ERR_NGROK_604",
        /255 bytes; you have entered 256 bytes/,
      );
      await expectCreateError(
        { metadata: "€".repeat(1365) + "mm" },
        400,
        "ERR_NGROK_605",
        /4096 bytes; you have entered 4097 bytes/,
      );
    });

    it("ERR_NGROK_215 for fields of the wrong type, ERR_NGROK_214 for unknown ones", async () => {
      start();
      for (const [field, value] of [
        ["public_key", 1],
        ["acl", "bind:example.com"],
        ["acl", [1]],
        ["acl", [null]],
        ["owner_id", 7],
        ["description", ["d"]],
      ] as const) {
        await expectCreateError(
          { [field]: value },
          400,
          "ERR_NGROK_215",
          `parameter ${field} is invalid`,
        );
      }
      // owner_email is in an old Terraform client's struct, never in ngrok's current schema.
      for (const field of ["id", "owner_email", "key_type", "publicKey"]) {
        await expectCreateError({ [field]: "x" }, 400, "ERR_NGROK_214", new RegExp(field));
      }
    });

    it("checks in order: fields, lengths, key, ACL, owner, duplicate, limit", async () => {
      start({ sshCredentials: { limit: 1 } });
      const taken = freshKey();
      await create({ public_key: taken });
      const all = {
        public_key: "x",
        acl: ["bad"],
        owner_id: "x",
        description: "d".repeat(256),
        unknown: 1,
      };
      const steps: Array<[Record<string, unknown>, string]> = [
        [all, "ERR_NGROK_214"],
        [{ ...all, unknown: undefined }, "ERR_NGROK_604"],
        [{ ...all, unknown: undefined, description: "d" }, "ERR_NGROK_612"],
        [{ ...all, unknown: undefined, description: "d", public_key: taken }, "ERR_NGROK_600"],
        [{ public_key: taken, owner_id: "x" }, "ERR_NGROK_243"],
        [{ public_key: taken }, "ERR_NGROK_609"],
        [{ public_key: freshKey() }, "ERR_NGROK_617"],
      ];
      for (const [payload, code] of steps) {
        expectError(await api(app, "POST", PATH, payload), 400, code);
      }
    });

    it("ERR_NGROK_617 beyond sshCredentials.limit; a delete frees a slot", async () => {
      start({ sshCredentials: { limit: 2 } });
      const first = await create({});
      await create({});
      await expectCreateError({}, 400, "ERR_NGROK_617", "Your account is limited to 2 SSH keys.");
      expect((await api(app, "DELETE", `${PATH}/${first.id}`)).statusCode).toBe(204);
      await create({});
    });

    it("ERR_NGROK_231 for query parameters on create", async () => {
      start();
      const res = await api(app, "POST", `${PATH}?limit=1`, { public_key: freshKey() });
      expectError(res, 400, "ERR_NGROK_231");
    });
  });

  describe("get, list, update, delete", () => {
    it("get: unknown 404 without a code, wrong prefix 227, query parameters 231", async () => {
      start();
      const credential = await create({});
      expect(body(await api(app, "GET", `${PATH}/${credential.id}`))).toEqual(credential);
      expectError(await api(app, "GET", `${PATH}/${MISSING_ID}`), 404, undefined, MISSING_ID);
      expectError(
        await api(app, "GET", `${PATH}/sshca_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx`),
        400,
        "ERR_NGROK_227",
        /prefix of sshcr_/,
      );
      expectError(await api(app, "GET", `${PATH}/${credential.id}?x=1`), 400, "ERR_NGROK_231");
    });

    it("lists newest first, pages with limit and before_id, next_page_uri a full URL", async () => {
      start();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await create({ description: `c${i}` })).id);
      const newestFirst = [...ids].reverse();

      const all = body(await api(app, "GET", PATH));
      expect(all.ssh_credentials.map((c: { id: string }) => c.id)).toEqual(newestFirst);
      expect(all.uri).toBe("http://localhost:80/ssh_credentials");
      expect(all.next_page_uri).toBeNull();

      const seen: string[] = [];
      let url: string | null = `${PATH}?limit=2`;
      let pages = 0;
      while (url !== null) {
        const page = body(await api(app, "GET", url.replace("http://localhost:80", "")));
        expect(page.ssh_credentials.length).toBeLessThanOrEqual(2);
        seen.push(...page.ssh_credentials.map((c: { id: string }) => c.id));
        url = page.next_page_uri;
        if (url !== null) {
          expect(url).toBe(`http://localhost:80${PATH}?limit=2&before_id=${seen.at(-1)}`);
        }
        pages++;
      }
      expect(seen).toEqual(newestFirst);
      expect(pages).toBe(3);

      // before_id may name a deleted item; beforeId is the TypeScript client's spelling.
      expect((await api(app, "DELETE", `${PATH}/${ids[2]}`)).statusCode).toBe(204);
      for (const query of [`before_id=${ids[2]}`, `beforeId=${ids[2]}`]) {
        const page = body(await api(app, "GET", `${PATH}?${query}`));
        expect(page.ssh_credentials.map((c: { id: string }) => c.id)).toEqual([ids[1], ids[0]]);
      }
    });

    it("list errors: limit out of range 233, before_id of another resource 227, filter 230", async () => {
      start();
      for (const limit of ["0", "101", "abc"]) {
        expectError(await api(app, "GET", `${PATH}?limit=${limit}`), 400, "ERR_NGROK_233");
      }
      expectError(await api(app, "GET", `${PATH}?before_id=sshca_2ZpX`), 400, "ERR_NGROK_227");
      expectError(await api(app, "GET", `${PATH}?filter=obj.acl`), 400, "ERR_NGROK_230");
      expectError(await api(app, "GET", `${PATH}?sort=id`), 400, "ERR_NGROK_231");
    });

    it("wrong methods answer 405 with Allow; requests need the API key", async () => {
      start();
      const put = await api(app, "PUT", PATH, {});
      expectError(put, 405, undefined);
      expect(put.headers.allow).toBe("GET, HEAD, POST");
      expect((await api(app, "POST", `${PATH}/${MISSING_ID}`, {})).headers.allow).toBe(
        "DELETE, GET, HEAD, PATCH",
      );
      expectError(await app.inject({ method: "GET", url: PATH }), 401, "ERR_NGROK_200");
    });

    it("update changes description, metadata and acl; '' clears, null keeps; id ignored", async () => {
      start();
      const credential = await create({
        description: "old",
        metadata: "m",
        acl: ["bind:a.example.com"],
      });
      const item = `${PATH}/${credential.id}`;
      // The docs' example update request; ngrok's TypeScript client sends the id in the body too.
      const updated = await api(app, "PATCH", item, {
        id: credential.id,
        description: "my dev machine",
        metadata: '{"hostname": "macbook.local"}',
      });
      expect(updated.statusCode).toBe(200);
      expect(body(updated)).toEqual({
        ...credential,
        description: "my dev machine",
        metadata: '{"hostname": "macbook.local"}',
      });
      const acl = ["bind:*.example.com", "bind:1.tcp.ngrok.io:20002"];
      const replaced = body(
        await api(app, "PATCH", item, { acl, description: null, metadata: "" }),
      );
      const { metadata: _cleared, ...withoutMetadata } = credential;
      expect(replaced).toEqual({ ...withoutMetadata, description: "my dev machine", acl });
      expect(body(await api(app, "PATCH", item, {}))).toEqual(replaced);
      expect(body(await api(app, "PATCH", item, { acl: [] })).acl).toEqual([]);
      expect(body(await api(app, "GET", item))).toEqual({ ...replaced, acl: [] });
    });

    it("update errors: public_key and owner_id 214, lengths 604/605, ACL 600, unknown 404", async () => {
      start();
      const credential = await create({ acl: ["*"] });
      const item = `${PATH}/${credential.id}`;
      for (const field of ["public_key", "owner_id", "owner_email"]) {
        expectError(await api(app, "PATCH", item, { [field]: "x" }), 400, "ERR_NGROK_214", field);
      }
      expectError(
        await api(app, "PATCH", item, { description: "é".repeat(128) }),
        400,
        "ERR_NGROK_604",
      );
      expectError(
        await api(app, "PATCH", item, { metadata: "m".repeat(4097) }),
        400,
        "ERR_NGROK_605",
      );
      expectError(await api(app, "PATCH", item, { acl: ["bind:*"] }), 400, "ERR_NGROK_600");
      expectError(await api(app, "PATCH", item, { acl: "*" }), 400, "ERR_NGROK_215");
      expectError(await api(app, "PATCH", `${PATH}/${MISSING_ID}`, {}), 404, undefined);
      expectError(await api(app, "PATCH", `${PATH}/sucrt_2ZpX`, {}), 400, "ERR_NGROK_227");
      expect(body(await api(app, "GET", item))).toEqual(credential);
    });

    it('emptyAclUpdate: "unchanged" keeps the rules on "acl": [], and a list still replaces them', async () => {
      start({ sshCredentials: { emptyAclUpdate: "unchanged" } });
      const credential = await create({ acl: ["bind:a.example.com"] });
      const item = `${PATH}/${credential.id}`;
      expect(body(await api(app, "PATCH", item, { acl: [] })).acl).toEqual(["bind:a.example.com"]);
      expect(body(await api(app, "PATCH", item, { acl: ["*"] })).acl).toEqual(["*"]);
    });

    it('emptyUpdate: "606" refuses an update without values, the id alone included', async () => {
      start({ sshCredentials: { emptyUpdate: "606" } });
      const credential = await create({ description: "d" });
      const item = `${PATH}/${credential.id}`;
      for (const payload of [{}, { id: credential.id }, { description: null }, undefined]) {
        expectError(
          await api(app, "PATCH", item, payload),
          400,
          "ERR_NGROK_606",
          /no values were provided/,
        );
      }
      expect(body(await api(app, "PATCH", item, { description: "" }))).not.toHaveProperty(
        "description",
      );
      expect(body(await api(app, "PATCH", item, { acl: [] })).acl).toEqual([]);
    });

    it("delete answers 204 without a body, then 404", async () => {
      start();
      const credential = await create({});
      const item = `${PATH}/${credential.id}`;
      const deleted = await api(app, "DELETE", item);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe("");
      expectError(await api(app, "GET", item), 404, undefined);
      expectError(await api(app, "DELETE", item), 404, undefined);
      expectError(await api(app, "DELETE", `${PATH}/shcrt_2ZpX`), 400, "ERR_NGROK_227");
    });
  });

  it("snapshot(): the credentials oldest first, rendered as the API renders them", async () => {
    start({ baseUrl: "https://api.example.test" });
    const made = [await create({ acl: ["*"] }), await create({ description: "two" })];
    expect(made[0].uri).toBe(`https://api.example.test/ssh_credentials/${made[0].id}`);
    const snapshot = app.emulator.snapshot();
    expect(snapshot.sshCredentials).toEqual(made);
    expect(snapshot.sshCertificateAuthorities).toEqual([]);
    // A deep copy: changing it changes nothing.
    snapshot.sshCredentials[0].acl.push("bind:x.example.com");
    expect(app.emulator.snapshot().sshCredentials[0].acl).toEqual(["*"]);
  });

  it("the recorder, fault rules and the rate limit apply to the new paths", async () => {
    start({
      faults: [{ method: "POST", path: PATH, status: 503, count: 1 }],
      rateLimit: { requests: 3, windowMs: 60_000 },
    });
    const payload = { public_key: freshKey() };
    expectError(await api(app, "POST", PATH, payload), 503, undefined);
    expect((await api(app, "POST", PATH, payload)).statusCode).toBe(201);
    expect((await api(app, "GET", `${PATH}?limit=5`)).statusCode).toBe(200);
    expect((await api(app, "GET", PATH)).statusCode).toBe(200);
    expectError(await api(app, "GET", PATH), 429, "ERR_NGROK_226");
    expect(app.emulator.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      "POST /ssh_credentials 503",
      "POST /ssh_credentials 201",
      "GET /ssh_credentials?limit=5 200",
      "GET /ssh_credentials 200",
      "GET /ssh_credentials 429",
    ]);
  });

  it("invalid options throw a TypeError naming the option", () => {
    expect(() => newApp({ sshCredentials: { acl: "strict" as never } })).toThrow(
      /sshCredentials\.acl must be one of "format", "prefix", got "strict"/,
    );
    expect(() => newApp({ sshCredentials: { keyTypes: "rsa" as never } })).toThrow(
      /sshCredentials\.keyTypes/,
    );
    expect(() => newApp({ sshCredentials: { duplicateKeyStatus: 500 as never } })).toThrow(
      /sshCredentials\.duplicateKeyStatus must be one of 400, 409, got 500/,
    );
    expect(() => newApp({ sshCredentials: { emptyUpdate: 606 as never } })).toThrow(
      /sshCredentials\.emptyUpdate/,
    );
    expect(() => newApp({ sshCredentials: { emptyAclUpdate: "ignore" as never } })).toThrow(
      /sshCredentials\.emptyAclUpdate/,
    );
    expect(() => newApp({ sshCredentials: { limit: 0 } })).toThrow(
      /sshCredentials\.limit must be a positive integer, got 0/,
    );
    expect(() => newApp({ apiKeyOwnerId: "sshcr_1" })).toThrow(
      /apiKeyOwnerId must start with usr_ or bot_/,
    );
    const bot = newApp({ apiKeyOwnerId: "bot_1" });
    void bot.close();
  });
});
