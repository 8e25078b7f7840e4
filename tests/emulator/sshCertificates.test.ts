/**
 * SSH host and user certificates: create (fields, defaults, timestamps), get, list with paging,
 * update, delete, every validation error, the CA-delete conflict (ERR_NGROK_1964), the snapshot,
 * and the HTTP layers (recorder, faults, rate limit) on the new paths. The certificates
 * themselves are checked with ssh-keygen in sshCertificateSigning.test.ts.
 */
import type { EmulatorApp } from "../../emulator";
import { api, body, expectError, newApp } from "./helpers";
import { createCa, KINDS, signatureVerifies, subjectKey, type Kind } from "./sshCertificateHelpers";

const RFC3339_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const ED25519 = subjectKey("ed25519");
const ECDSA = subjectKey("ecdsa", "inconshreveable.com");
const RSA = subjectKey("rsa");
const DEFAULT_EXTENSIONS = { "permit-pty": "", "permit-user-rc": "" };

/** Seconds since the epoch of an RFC 3339 string. */
function seconds(text: string): number {
  return Date.parse(text) / 1000;
}

describe.each(KINDS.map((kind) => [kind.type, kind] as const))("SSH %s certificates", (_, kind) => {
  let app: EmulatorApp;
  let caId: string;

  beforeEach(async () => {
    app = newApp();
    caId = (await createCa(app)).id;
  });
  afterEach(() => app.close());

  async function create(payload: Record<string, unknown>, to: EmulatorApp = app) {
    const res = await api(to, "POST", kind.path, {
      ssh_certificate_authority_id: caId,
      public_key: ED25519,
      ...payload,
    });
    expect(res.statusCode).toBe(201);
    return body(res);
  }

  describe("create", () => {
    it("answers 201 with the documented fields (docs example request)", async () => {
      const before = Math.floor(Date.now() / 1000);
      const res = await api(app, "POST", kind.path, {
        description: "personal server",
        principals: ["inconshreveable.com", "10.2.42.9"],
        public_key: ECDSA,
        ssh_certificate_authority_id: caId,
        valid_until: "2035-12-03T10:11:37Z",
      });
      expect(res.statusCode).toBe(201);
      const cert = body(res);
      const head = ["id", "uri", "created_at", "description", "public_key", "key_type"];
      const tail = ["valid_after", "valid_until", "certificate"];
      const middle =
        kind.type === "user"
          ? ["ssh_certificate_authority_id", "principals", "critical_options", "extensions"]
          : ["ssh_certificate_authority_id", "principals"];
      expect(Object.keys(cert)).toEqual([...head, ...middle, ...tail]);
      expect(cert.id).toMatch(new RegExp(`^${kind.prefix}[0-9A-Za-z]{27}$`));
      expect(cert.uri).toBe(`http://localhost:80${kind.path}/${cert.id}`);
      expect(cert.created_at).toMatch(RFC3339_SECONDS);
      expect(seconds(cert.created_at)).toBeGreaterThanOrEqual(before);
      expect(seconds(cert.created_at)).toBeLessThanOrEqual(Date.now() / 1000);
      expect(cert.valid_after).toBe(cert.created_at);
      expect(cert.valid_until).toBe("2035-12-03T10:11:37Z");
      expect(cert.description).toBe("personal server");
      expect(cert).not.toHaveProperty("metadata");
      expect(cert.public_key).toBe(ECDSA);
      expect(cert.key_type).toBe("ecdsa");
      expect(cert.ssh_certificate_authority_id).toBe(caId);
      expect(cert.principals).toEqual(["inconshreveable.com", "10.2.42.9"]);
      expect(cert.certificate).toMatch(
        new RegExp(`^ecdsa-sha2-nistp256-cert-v01@openssh\\.com AAAA[A-Za-z0-9+/]+=* ${cert.id}$`),
      );
      if (kind.type === "user") {
        expect(cert.critical_options).toEqual({});
        expect(cert.extensions).toEqual(DEFAULT_EXTENSIONS);
      }
    });

    it.each([
      ["ed25519", ED25519],
      ["ecdsa", ECDSA],
      ["rsa", RSA],
    ])("key_type %s is the type of the submitted key", async (type, publicKey) => {
      const cert = await create({ public_key: publicKey });
      expect(cert.key_type).toBe(type);
      expect(cert.public_key).toBe(publicKey);
      const algorithm = publicKey.split(" ")[0];
      expect(cert.certificate.split(" ")[0]).toBe(`${algorithm}-cert-v01@openssh.com`);
    });

    it("returns public_key exactly as submitted, surrounding whitespace included", async () => {
      const submitted = `  ${ED25519}\n`;
      expect((await create({ public_key: submitted })).public_key).toBe(submitted);
    });

    it(`defaults: now, ${kind.type === "host" ? "one year" : "24 hours"}, no principals`, async () => {
      const before = Math.floor(Date.now() / 1000);
      const cert = await create({});
      const after = seconds(cert.valid_after);
      expect(after).toBeGreaterThanOrEqual(before);
      expect(after).toBeLessThanOrEqual(Date.now() / 1000);
      expect(cert.valid_after).toBe(cert.created_at);
      const expected = new Date(after * 1000);
      if (kind.type === "host") expected.setUTCFullYear(expected.getUTCFullYear() + 1);
      else expected.setTime(expected.getTime() + 86_400_000);
      expect(cert.valid_until).toBe(expected.toISOString().replace(".000Z", "Z"));
      expect(cert.principals).toEqual([]);
      expect(cert).not.toHaveProperty("description");
      expect(cert).not.toHaveProperty("metadata");
    });

    it("counts the default validity from a given valid_after", async () => {
      const cert = await create({ valid_after: "2024-02-29T12:00:00Z" });
      expect(cert.valid_after).toBe("2024-02-29T12:00:00Z");
      // One calendar year after February 29 is March 1 (as Go's AddDate normalises it).
      expect(cert.valid_until).toBe(
        kind.type === "host" ? "2025-03-01T12:00:00Z" : "2024-03-01T12:00:00Z",
      );
    });

    it("accepts offsets and fractions: answered in UTC, truncated to the second", async () => {
      const cert = await create({
        valid_after: "2030-01-01T00:00:00.999-05:00",
        valid_until: "2030-01-02T01:30:59.5+01:30",
      });
      expect(cert.valid_after).toBe("2030-01-01T05:00:00Z");
      expect(cert.valid_until).toBe("2030-01-02T00:00:59Z");
    });

    it("accepts a valid_after in the past", async () => {
      const cert = await create({
        valid_after: "2001-01-01T00:00:00Z",
        valid_until: "2001-01-01T00:00:01Z",
      });
      expect([cert.valid_after, cert.valid_until]).toEqual([
        "2001-01-01T00:00:00Z",
        "2001-01-01T00:00:01Z",
      ]);
    });

    it("treats zero values and null as omitted (ngrok's Python client sends them)", async () => {
      const zero = {
        principals: [],
        valid_after: "",
        valid_until: "",
        description: "",
        metadata: "",
        ...(kind.type === "user" ? { critical_options: {}, extensions: {} } : {}),
      };
      for (const payload of [zero, Object.fromEntries(Object.keys(zero).map((k) => [k, null]))]) {
        const cert = await create(payload);
        expect(cert.principals).toEqual([]);
        expect(seconds(cert.valid_until) - seconds(cert.valid_after)).toBeGreaterThan(0);
        expect(cert).not.toHaveProperty("description");
        if (kind.type === "user") {
          expect(cert.critical_options).toEqual({});
          expect(cert.extensions).toEqual(DEFAULT_EXTENSIONS);
        }
      }
    });

    it("keeps principals in order, duplicates included", async () => {
      const principals = ["z", "a", "m", "a"];
      expect((await create({ principals })).principals).toEqual(principals);
    });

    it("stores description and metadata", async () => {
      const cert = await create({ description: "d", metadata: '{"region": "us-west-2"}' });
      expect([cert.description, cert.metadata]).toEqual(["d", '{"region": "us-west-2"}']);
    });

    it("uses the configured base URL in uri", async () => {
      const based = newApp({ baseUrl: "https://api.example.test/" });
      caId = (await createCa(based)).id;
      const cert = await create({}, based);
      expect(cert.uri).toBe(`https://api.example.test${kind.path}/${cert.id}`);
      await based.close();
    });
  });

  describe("create errors", () => {
    async function expectCreateError(
      payload: Record<string, unknown>,
      status: number,
      code: string | undefined,
      message?: string | RegExp,
    ) {
      const res = await api(app, "POST", kind.path, {
        ssh_certificate_authority_id: caId,
        public_key: ED25519,
        ...payload,
      });
      expectError(res, status, code, message);
    }

    it("ERR_NGROK_1952 without a public key", async () => {
      for (const public_key of [undefined, null, "", "  \n"]) {
        await expectCreateError({ public_key }, 400, "ERR_NGROK_1952", /public key/);
      }
    });

    it("ERR_NGROK_1934 for a public key that does not parse", async () => {
      const [algorithm, encoded] = ED25519.split(" ");
      const blob = Buffer.from(encoded, "base64");
      const rsaBlob = Buffer.from(RSA.split(" ")[1], "base64");
      for (const public_key of [
        "hello world",
        "ssh-ed25519",
        `${algorithm} ${encoded.slice(0, -8)}`, // not canonical base64
        `${algorithm} ${blob.subarray(0, blob.length - 4).toString("base64")}`, // truncated
        `${algorithm} ${Buffer.concat([blob, Buffer.from([0, 0, 0, 0])]).toString("base64")}`,
        `ssh-rsa ${encoded}`, // the blob says ssh-ed25519
        `ssh-ed25519 ${rsaBlob.toString("base64")}`,
        `${ED25519}\n${RSA}`, // two keys
        `from="10.0.0.1" ${ED25519}`, // authorized_keys options
        "-----BEGIN PUBLIC KEY-----",
      ]) {
        await expectCreateError({ public_key }, 400, "ERR_NGROK_1934", /parsing public key/);
      }
    });

    it("ERR_NGROK_1950 for DSA keys, security keys and certificates", async () => {
      const wrap = (algorithm: string, ...parts: Buffer[]) => {
        const strings = [Buffer.from(algorithm), ...parts].map((part) => {
          const length = Buffer.alloc(4);
          length.writeUInt32BE(part.length);
          return Buffer.concat([length, part]);
        });
        return `${algorithm} ${Buffer.concat(strings).toString("base64")} comment`;
      };
      const issued = await create({});
      for (const [public_key, type] of [
        [wrap("ssh-dss", Buffer.alloc(129, 1), Buffer.alloc(21, 1)), "ssh-dss"],
        [wrap("sk-ssh-ed25519@openssh.com", Buffer.alloc(32, 1)), "sk-ssh-ed25519@openssh.com"],
        [issued.certificate, "ssh-ed25519-cert-v01@openssh.com"],
      ]) {
        await expectCreateError({ public_key }, 400, "ERR_NGROK_1950", type);
      }
    });

    it(`404 ${kind.caNotFound} for an unknown CA; 227 for a wrong prefix; 215 without one`, async () => {
      await expectCreateError(
        { ssh_certificate_authority_id: "sshca_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx" },
        404,
        kind.caNotFound,
        /sshca_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx/,
      );
      await expectCreateError(
        { ssh_certificate_authority_id: "edghts_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx" },
        400,
        "ERR_NGROK_227",
        /sshca_/,
      );
      for (const ssh_certificate_authority_id of [undefined, null, ""]) {
        await expectCreateError(
          { ssh_certificate_authority_id },
          400,
          "ERR_NGROK_215",
          /ssh_certificate_authority_id.*required/,
        );
      }
    });

    it(`${kind.duration} for a window that is not positive`, async () => {
      for (const window of [
        { valid_after: "2030-01-01T00:00:00Z", valid_until: "2030-01-01T00:00:00Z" },
        { valid_after: "2030-01-01T00:00:00Z", valid_until: "2029-12-31T23:59:59Z" },
        // Equal once the fraction is truncated, and once the offset is applied.
        { valid_after: "2030-01-01T00:00:00.1Z", valid_until: "2030-01-01T00:00:00.9Z" },
        { valid_after: "2030-01-01T00:00:00Z", valid_until: "2030-01-01T01:00:00+01:00" },
        { valid_until: "2020-01-01T00:00:00Z" }, // before the default valid_after, now
      ]) {
        await expectCreateError(window, 400, kind.duration, /duration must be greater than 0/);
      }
    });

    it("ERR_NGROK_215 for timestamps that are not RFC 3339 or before 1970", async () => {
      for (const value of [
        "tomorrow",
        "2030-01-01",
        "2030-01-01 00:00:00Z",
        "2030-01-01T00:00:00", // no zone
        "2030-13-01T00:00:00Z",
        "2030-02-29T00:00:00Z",
        "2030-01-01T24:00:00Z",
        "2030-01-01T00:00:60Z",
        "2030-01-01T00:00:00+24:00",
        "1969-12-31T23:59:59Z",
      ]) {
        await expectCreateError({ valid_after: value }, 400, "ERR_NGROK_215", /valid_after/);
        await expectCreateError({ valid_until: value }, 400, "ERR_NGROK_215", /valid_until/);
      }
      await expectCreateError({ valid_until: 1893456000 }, 400, "ERR_NGROK_215", /valid_until/);
    });

    it("ERR_NGROK_215 for a valid_until after year 9999, given or default", async () => {
      await expectCreateError(
        { valid_after: "9999-12-31T12:00:00Z" },
        400,
        "ERR_NGROK_215",
        /valid_after.*default valid_until/,
      );
      await expectCreateError(
        { valid_until: "9999-12-31T23:59:59-00:01" },
        400,
        "ERR_NGROK_215",
        /valid_until.*9999-12-31T23:59:59Z/,
      );
      const last = await create({ valid_until: "9999-12-31T23:59:59Z" });
      expect(last.valid_until).toBe("9999-12-31T23:59:59Z");
    });

    it("ERR_NGROK_215 for fields of the wrong type", async () => {
      for (const [field, value] of [
        ["principals", "root"],
        ["principals", [1]],
        ["public_key", 1],
        ["ssh_certificate_authority_id", ["sshca_x"]],
        ["description", 1],
      ] as const) {
        await expectCreateError({ [field]: value }, 400, "ERR_NGROK_215", new RegExp(field));
      }
      if (kind.type === "user") {
        for (const [field, value] of [
          ["extensions", ["permit-pty"]],
          ["extensions", { "permit-pty": true }],
          ["critical_options", "force-command=ls"],
        ] as const) {
          await expectCreateError({ [field]: value }, 400, "ERR_NGROK_215", new RegExp(field));
        }
      }
    });

    it("ERR_NGROK_214 for unknown fields", async () => {
      const unknown = ["private_key_type", "id", "serial", "key_id"];
      if (kind.type === "host") unknown.push("extensions", "critical_options");
      for (const field of unknown) {
        await expectCreateError({ [field]: "x" }, 400, "ERR_NGROK_214", new RegExp(field));
      }
    });

    it(`${kind.descriptionTooLong} / ${kind.metadataTooLong} over 255 / 4096 bytes`, async () => {
      await create({ description: "é".repeat(127) + "a", metadata: "m".repeat(4096) });
      await expectCreateError({ description: "é".repeat(128) }, 400, kind.descriptionTooLong);
      await expectCreateError({ metadata: "m".repeat(4097) }, 400, kind.metadataTooLong);
    });

    it("ERR_NGROK_231 for query parameters", async () => {
      const res = await api(app, "POST", `${kind.path}?limit=1`, {
        ssh_certificate_authority_id: caId,
        public_key: ED25519,
      });
      expectError(res, 400, "ERR_NGROK_231");
    });

    it("stores nothing when a create fails", async () => {
      await expectCreateError({ valid_until: "2020-01-01T00:00:00Z" }, 400, kind.duration);
      expect(body(await api(app, "GET", kind.path))[kind.collection]).toEqual([]);
    });
  });

  describe("get, list, update, delete", () => {
    it("get answers what create answered; unknown 404, wrong prefix 227", async () => {
      const cert = await create({ principals: ["root"], description: "d" });
      const got = await api(app, "GET", `${kind.path}/${cert.id}`);
      expect(got.statusCode).toBe(200);
      expect(body(got)).toEqual(cert);
      const missing = `${kind.prefix}2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx`;
      expectError(await api(app, "GET", `${kind.path}/${missing}`), 404, undefined, missing);
      const other = `${kind.otherPrefix}2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx`;
      expectError(await api(app, "GET", `${kind.path}/${other}`), 400, "ERR_NGROK_227");
      expectError(await api(app, "GET", `${kind.path}/${cert.id}?x=1`), 400, "ERR_NGROK_231");
    });

    it("lists newest first, pages with limit and before_id, next_page_uri a full URL", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await create({ description: `c${i}` })).id);
      const newestFirst = [...ids].reverse();

      const all = body(await api(app, "GET", kind.path));
      expect(all[kind.collection].map((c: { id: string }) => c.id)).toEqual(newestFirst);
      expect(all.uri).toBe(`http://localhost:80${kind.path}`);
      expect(all.next_page_uri).toBeNull();

      const seen: string[] = [];
      let url: string | null = `${kind.path}?limit=2`;
      let pages = 0;
      while (url !== null) {
        const page = body(await api(app, "GET", url.replace("http://localhost:80", "")));
        seen.push(...page[kind.collection].map((c: { id: string }) => c.id));
        url = page.next_page_uri;
        if (url !== null) {
          expect(url).toBe(`http://localhost:80${kind.path}?limit=2&before_id=${seen.at(-1)}`);
        }
        pages++;
      }
      expect(seen).toEqual(newestFirst);
      expect(pages).toBe(3);

      const before = body(await api(app, "GET", `${kind.path}?beforeId=${ids[2]}`));
      expect(before[kind.collection].map((c: { id: string }) => c.id)).toEqual([ids[1], ids[0]]);
    });

    it("list errors: limit out of range 233, before_id of another kind 227", async () => {
      expectError(await api(app, "GET", `${kind.path}?limit=0`), 400, "ERR_NGROK_233");
      expectError(await api(app, "GET", `${kind.path}?limit=101`), 400, "ERR_NGROK_233");
      const other = `${kind.otherPrefix}2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx`;
      expectError(await api(app, "GET", `${kind.path}?before_id=${other}`), 400, "ERR_NGROK_227");
      expectError(await api(app, "GET", `${kind.path}?sort=id`), 400, "ERR_NGROK_231");
    });

    it("wrong methods answer 405 with Allow; requests need the API key", async () => {
      const put = await api(app, "PUT", kind.path, {});
      expectError(put, 405, undefined);
      expect(put.headers.allow).toBe("GET, HEAD, POST");
      const item = await api(app, "POST", `${kind.path}/${kind.prefix}x`, {});
      expect(item.headers.allow).toBe("DELETE, GET, HEAD, PATCH");
      const anonymous = await app.inject({ method: "GET", url: kind.path });
      expectError(anonymous, 401, "ERR_NGROK_200");
    });

    it("lists only its own kind", async () => {
      await create({});
      const other = KINDS.find((k) => k.type !== kind.type)!;
      const res = await api(app, "GET", other.path);
      expect(body(res)[other.collection]).toEqual([]);
    });

    it("update changes description and metadata only; '' clears, null keeps", async () => {
      const cert = await create({ description: "old", metadata: "m" });
      const path = `${kind.path}/${cert.id}`;
      // ngrok's TypeScript client sends the id in the body too.
      const updated = await api(app, "PATCH", path, { id: cert.id, description: "new" });
      expect(updated.statusCode).toBe(200);
      expect(body(updated)).toEqual({ ...cert, description: "new" });
      const cleared = body(await api(app, "PATCH", path, { description: null, metadata: "" }));
      expect(cleared).not.toHaveProperty("metadata");
      expect(cleared.description).toBe("new");
      expect(body(await api(app, "GET", path))).toEqual(cleared);
    });

    it("update errors: immutable fields 214, lengths, unknown 404", async () => {
      const cert = await create({});
      const path = `${kind.path}/${cert.id}`;
      for (const field of ["principals", "valid_until", "public_key"]) {
        expectError(await api(app, "PATCH", path, { [field]: "x" }), 400, "ERR_NGROK_214", field);
      }
      expectError(
        await api(app, "PATCH", path, { description: "d".repeat(256) }),
        400,
        kind.descriptionTooLong,
      );
      expectError(
        await api(app, "PATCH", path, { metadata: "m".repeat(4097) }),
        400,
        kind.metadataTooLong,
      );
      expectError(
        await api(app, "PATCH", `${kind.path}/${kind.prefix}2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx`, {}),
        404,
        undefined,
      );
      expect(body(await api(app, "GET", path))).toEqual(cert);
    });

    it("delete answers 204 without a body, then 404", async () => {
      const cert = await create({});
      const path = `${kind.path}/${cert.id}`;
      const deleted = await api(app, "DELETE", path);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe("");
      expectError(await api(app, "GET", path), 404, undefined);
      expectError(await api(app, "DELETE", path), 404, undefined);
    });
  });
});

describe("SSH certificates and their CA", () => {
  let app: EmulatorApp;
  afterEach(() => app.close());

  it("ERR_NGROK_1964 (400) deleting a CA with certificates; 204 once they are gone", async () => {
    app = newApp();
    const ca = (await createCa(app)).id;
    const other = (await createCa(app)).id;
    const [host, user] = await Promise.all(
      KINDS.map(async (kind: Kind) => {
        const res = await api(app, "POST", kind.path, {
          ssh_certificate_authority_id: ca,
          public_key: ED25519,
        });
        expect(res.statusCode).toBe(201);
        return `${kind.path}/${body(res).id}`;
      }),
    );
    const deleteCa = () => api(app, "DELETE", `/ssh_certificate_authorities/${ca}`);
    expectError(await deleteCa(), 400, "ERR_NGROK_1964", new RegExp(`${ca}.*2 SSH certificate`));
    expect(body(await api(app, "GET", `/ssh_certificate_authorities/${ca}`)).id).toBe(ca);
    // A CA without certificates is not held back by another's.
    expect((await api(app, "DELETE", `/ssh_certificate_authorities/${other}`)).statusCode).toBe(
      204,
    );

    expect((await api(app, "DELETE", host)).statusCode).toBe(204);
    expectError(await deleteCa(), 400, "ERR_NGROK_1964", /1 SSH certificate/);
    expect((await api(app, "DELETE", user)).statusCode).toBe(204);
    expect((await deleteCa()).statusCode).toBe(204);
    expectError(await deleteCa(), 404, "ERR_NGROK_1949");
  });

  it("answers ERR_NGROK_1964 with 409 when sshCaInUseStatus is 409", async () => {
    app = newApp({ sshCaInUseStatus: 409 });
    const ca = (await createCa(app)).id;
    const res = await api(app, "POST", "/ssh_user_certificates", {
      ssh_certificate_authority_id: ca,
      public_key: RSA,
    });
    expect(res.statusCode).toBe(201);
    expectError(
      await api(app, "DELETE", `/ssh_certificate_authorities/${ca}`),
      409,
      "ERR_NGROK_1964",
    );
    expect(() => newApp({ sshCaInUseStatus: 500 as never })).toThrow(
      /sshCaInUseStatus must be 400 or 409, got 500/,
    );
  });

  it("signs with the CA named by ssh_certificate_authority_id", async () => {
    app = newApp();
    const cas = [await createCa(app), await createCa(app, { private_key_type: "ecdsa" })];
    for (const ca of cas) {
      const res = await api(app, "POST", "/ssh_host_certificates", {
        ssh_certificate_authority_id: ca.id,
        public_key: ED25519,
      });
      const { certificate } = body(res);
      for (const other of cas) {
        expect(signatureVerifies(certificate, other.public_key)).toBe(other === ca);
      }
    }
  });

  it("snapshot(): both kinds, oldest first, rendered as the API renders them", async () => {
    app = newApp();
    const ca = (await createCa(app)).id;
    const made: Record<string, unknown[]> = { host: [], user: [] };
    for (const kind of [...KINDS, ...KINDS]) {
      const res = await api(app, "POST", kind.path, {
        ssh_certificate_authority_id: ca,
        public_key: ECDSA,
      });
      made[kind.type].push(body(res));
    }
    const snapshot = app.emulator.snapshot();
    expect(snapshot.sshHostCertificates).toEqual(made.host);
    expect(snapshot.sshUserCertificates).toEqual(made.user);
  });

  it("the recorder, fault rules and the rate limit apply to the new paths", async () => {
    app = newApp({
      faults: [{ method: "POST", path: "/ssh_host_certificates", status: 503, count: 1 }],
      rateLimit: { requests: 4, windowMs: 60_000 },
    });
    const ca = (await createCa(app)).id;
    const payload = { ssh_certificate_authority_id: ca, public_key: ED25519 };
    expectError(await api(app, "POST", "/ssh_host_certificates", payload), 503, undefined);
    expect((await api(app, "POST", "/ssh_host_certificates", payload)).statusCode).toBe(201);
    expect((await api(app, "GET", "/ssh_user_certificates?limit=5")).statusCode).toBe(200);
    expect((await api(app, "GET", "/ssh_host_certificates")).statusCode).toBe(200);
    expectError(await api(app, "GET", "/ssh_host_certificates"), 429, "ERR_NGROK_226");
    expect(app.emulator.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      "POST /ssh_certificate_authorities 201",
      "POST /ssh_host_certificates 503",
      "POST /ssh_host_certificates 201",
      "GET /ssh_user_certificates?limit=5 200",
      "GET /ssh_host_certificates 200",
      "GET /ssh_host_certificates 429",
    ]);
  });
});
