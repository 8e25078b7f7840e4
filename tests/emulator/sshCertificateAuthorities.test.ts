/**
 * SSH Certificate Authorities: create, get, list with paging, update, delete, validation,
 * defaults, and concurrency.
 */
import type { EmulatorApp } from "../../emulator/index";
import { api, body, expectError, newApp } from "./helpers";

const LIST = "/ssh_certificate_authorities";
const ID = /^sshca_[0-9A-Za-z]{27}$/;
const RFC3339_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

async function create(app: EmulatorApp, payload: Record<string, unknown>) {
  const res = await api(app, "POST", LIST, payload);
  expect(res.statusCode).toBe(201);
  return body(res);
}

describe("SSH certificate authorities", () => {
  let app: EmulatorApp;
  beforeEach(() => {
    app = newApp();
  });
  afterEach(() => app.close());

  describe("create", () => {
    it("answers 201 with the documented fields (docs example request)", async () => {
      const before = Date.now();
      const res = await api(app, "POST", LIST, {
        description: "Staging Environment Hosts",
        private_key_type: "ed25519",
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      const ca = body(res);
      expect(Object.keys(ca)).toEqual([
        "id",
        "uri",
        "created_at",
        "description",
        "public_key",
        "key_type",
      ]);
      expect(ca.id).toMatch(ID);
      expect(ca.uri).toBe(`http://localhost:80${LIST}/${ca.id}`);
      expect(ca.created_at).toMatch(RFC3339_SECONDS);
      const created = Date.parse(ca.created_at);
      expect(created).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(created).toBeLessThanOrEqual(Date.now());
      expect(ca.description).toBe("Staging Environment Hosts");
      expect(ca.public_key).toMatch(/^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5[A-Za-z0-9+/=]+$/);
      expect(ca.key_type).toBe("ed25519");
    });

    it("uses the configured base URL in uri", async () => {
      const based = newApp({ baseUrl: "https://api.example.test/" });
      const ca = await create(based, {});
      expect(ca.uri).toBe(`https://api.example.test${LIST}/${ca.id}`);
      await based.close();
    });

    it("defaults to ed25519, ecdsa to p256, and treats zero values as omitted", async () => {
      expect((await create(app, {})).key_type).toBe("ed25519");
      // ngrok's Python and Java clients send every create parameter, zero values included.
      const zero = await create(app, {
        description: "",
        metadata: "",
        private_key_type: "",
        elliptic_curve: "",
        key_size: 0,
      });
      expect(zero.key_type).toBe("ed25519");
      expect(zero).not.toHaveProperty("description");
      expect(zero).not.toHaveProperty("metadata");
      const ecdsa = await create(app, { private_key_type: "ecdsa", key_size: 0 });
      expect(ecdsa.key_type).toBe("ecdsa");
      expect(ecdsa.public_key).toMatch(/^ecdsa-sha2-nistp256 /);
      const rsa = await create(app, {
        private_key_type: "rsa",
        key_size: 2048,
        elliptic_curve: "",
      });
      expect(rsa.public_key).toMatch(/^ssh-rsa /);
    });

    it("accepts null for every optional field", async () => {
      const ca = await create(app, {
        description: null,
        metadata: null,
        private_key_type: null,
        elliptic_curve: null,
        key_size: null,
      });
      expect(ca.key_type).toBe("ed25519");
    });

    it("omits metadata when never set and shows it when set", async () => {
      const bare = await create(app, { description: "d" });
      expect(bare).not.toHaveProperty("metadata");
      const withMeta = await create(app, { metadata: '{"env":"prod"}' });
      expect(withMeta.metadata).toBe('{"env":"prod"}');
      expect(withMeta).not.toHaveProperty("description");
    });

    it.each([["dsa"], ["RSA"], ["ed448"], ["ssh-ed25519"]])(
      "answers 400 ERR_NGROK_1909 for private_key_type %s",
      async (type) => {
        const res = await api(app, "POST", LIST, { private_key_type: type });
        expectError(res, 400, "ERR_NGROK_1909", `Invalid private key type ${type}`);
        expect(body(res).msg).toContain("rsa, ecdsa, ed25519");
      },
    );

    it.each([[1024], [3072], [8192], [-2048], [1]])(
      "answers 400 ERR_NGROK_1939 for RSA key_size %d",
      async (size) => {
        const res = await api(app, "POST", LIST, { private_key_type: "rsa", key_size: size });
        expectError(res, 400, "ERR_NGROK_1939", `Invalid key size ${size}`);
        expect(body(res).msg).toContain("2048, 4096");
      },
    );

    it.each([["ecdsa"], ["ed25519"], [undefined]])(
      "answers 400 ERR_NGROK_1940 for key_size with key type %s",
      async (type) => {
        const res = await api(app, "POST", LIST, { private_key_type: type, key_size: 2048 });
        expectError(res, 400, "ERR_NGROK_1940", `specified key type was "${type ?? "ed25519"}"`);
      },
    );

    it.each([["p224"], ["P-256"], ["secp256k1"], ["nistp256"], ["ed25519"]])(
      "answers 400 ERR_NGROK_1941 for elliptic_curve %s",
      async (curve) => {
        const res = await api(app, "POST", LIST, {
          private_key_type: "ecdsa",
          elliptic_curve: curve,
        });
        expectError(res, 400, "ERR_NGROK_1941", `Invalid elliptic curve "${curve}"`);
        expect(body(res).msg).toContain("p256, p384, p521");
      },
    );

    it.each([["rsa"], ["ed25519"]])(
      "answers 400 ERR_NGROK_1942 for elliptic_curve with key type %s",
      async (type) => {
        const res = await api(app, "POST", LIST, {
          private_key_type: type,
          elliptic_curve: "p384",
        });
        expectError(res, 400, "ERR_NGROK_1942", `specified key type was "${type}"`);
      },
    );

    it("limits description to 255 and metadata to 4096 UTF-8 bytes", async () => {
      await create(app, { description: "a".repeat(255), metadata: "m".repeat(4096) });
      // 128 two-byte characters: 128 characters but 256 bytes.
      const description = await api(app, "POST", LIST, { description: "é".repeat(128) });
      expectError(description, 400, "ERR_NGROK_1937", /limited to 255 bytes.*had 256 bytes/);
      const metadata = await api(app, "POST", LIST, { metadata: "€".repeat(1366) });
      expectError(metadata, 400, "ERR_NGROK_1938", /limited to 4096 bytes.*had 4098 bytes/);
      expect(app.emulator.snapshot().sshCertificateAuthorities).toHaveLength(1);
    });

    it.each([
      ["key_size", "2048"],
      ["key_size", 2048.5],
      ["description", 1],
      ["metadata", ["x"]],
      ["private_key_type", { type: "rsa" }],
      ["elliptic_curve", true],
    ])("answers 400 ERR_NGROK_215 for %s = %j", async (field, value) => {
      const res = await api(app, "POST", LIST, { [field]: value });
      expectError(res, 400, "ERR_NGROK_215", `parameter ${field} is invalid`);
    });

    it("answers 400 ERR_NGROK_214 for fields the create does not take", async () => {
      for (const field of ["id", "public_key", "key_type", "private_key", "__proto__"]) {
        const res = await api(app, "POST", LIST, `{"${field}":"x"}`, {
          "content-type": "application/json",
        });
        expectError(res, 400, "ERR_NGROK_214", `parameter ${field} is unknown`);
      }
    });

    it("gives 20 concurrent creates 20 distinct ids", async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api(app, "POST", LIST, {
            description: `ca ${i}`,
            private_key_type: i % 2 === 0 ? "ed25519" : "ecdsa",
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      const ids = results.map((r) => body(r).id);
      expect(new Set(ids).size).toBe(20);
      const listed = body(await api(app, "GET", LIST)).ssh_certificate_authorities;
      expect(listed).toHaveLength(20);
      expect(new Set(listed.map((ca: { id: string }) => ca.id))).toEqual(new Set(ids));
    });

    it("never exposes the private key", async () => {
      const res = await api(app, "POST", LIST, { private_key_type: "ecdsa" });
      const text = res.body + JSON.stringify(app.emulator.snapshot());
      expect(text).not.toMatch(/PRIVATE KEY|private_key|privateKey/);
    });
  });

  describe("get, update, delete", () => {
    it("gets a CA by id", async () => {
      const ca = await create(app, { description: "one", metadata: "m" });
      const res = await api(app, "GET", `${LIST}/${ca.id}`);
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual(ca);
    });

    it("answers 404 ERR_NGROK_1949 for an unknown id", async () => {
      const missing = "sshca_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx";
      for (const method of ["GET", "PATCH", "DELETE"] as const) {
        const res = await api(
          app,
          method,
          `${LIST}/${missing}`,
          method === "PATCH" ? {} : undefined,
        );
        expectError(res, 404, "ERR_NGROK_1949", `The SSH CA ${missing} does not exist.`);
      }
    });

    it("answers 400 ERR_NGROK_227 for an id with the wrong prefix", async () => {
      for (const id of ["edghts_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx", "nope", "SSHCA_x"]) {
        const res = await api(app, "GET", `${LIST}/${id}`);
        expectError(res, 400, "ERR_NGROK_227", `Expected an ID with a prefix of sshca_`);
      }
    });

    it("updates description and metadata: omitted or null unchanged, empty cleared", async () => {
      const ca = await create(app, { description: "before", metadata: "meta" });
      const path = `${LIST}/${ca.id}`;

      let res = await api(app, "PATCH", path, { description: "after" });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({ ...ca, description: "after" });

      res = await api(app, "PATCH", path, { description: null, metadata: "new meta" });
      expect(body(res)).toEqual({ ...ca, description: "after", metadata: "new meta" });

      res = await api(app, "PATCH", path, { metadata: "" });
      expect(body(res)).toEqual({ ...ca, description: "after", metadata: undefined });
      expect(body(res)).not.toHaveProperty("metadata");

      res = await api(app, "PATCH", path, {});
      expect(body(res).description).toBe("after");

      res = await api(app, "PATCH", path, { description: "" });
      expect(body(res)).not.toHaveProperty("description");
      expect(body(await api(app, "GET", path))).toEqual(body(res));
    });

    it("accepts the id in the PATCH body, as ngrok's TypeScript client sends it", async () => {
      const ca = await create(app, {});
      const res = await api(app, "PATCH", `${LIST}/${ca.id}`, { id: ca.id, description: "ts" });
      expect(res.statusCode).toBe(200);
      expect(body(res).description).toBe("ts");
    });

    it("validates PATCH bodies", async () => {
      const ca = await create(app, {});
      const path = `${LIST}/${ca.id}`;
      expectError(await api(app, "PATCH", path, { key_type: "rsa" }), 400, "ERR_NGROK_214");
      expectError(await api(app, "PATCH", path, { description: 5 }), 400, "ERR_NGROK_215");
      expectError(
        await api(app, "PATCH", path, { description: "x".repeat(256) }),
        400,
        "ERR_NGROK_1937",
      );
      expectError(
        await api(app, "PATCH", path, { metadata: "x".repeat(4097) }),
        400,
        "ERR_NGROK_1938",
      );
      expect(body(await api(app, "GET", path))).toEqual(ca);
    });

    it("deletes with 204 and no body", async () => {
      const ca = await create(app, {});
      const res = await api(app, "DELETE", `${LIST}/${ca.id}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      expectError(await api(app, "GET", `${LIST}/${ca.id}`), 404, "ERR_NGROK_1949");
      expectError(await api(app, "DELETE", `${LIST}/${ca.id}`), 404, "ERR_NGROK_1949");
    });
  });

  describe("list", () => {
    it("lists an empty account", async () => {
      const res = await api(app, "GET", LIST);
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({
        ssh_certificate_authorities: [],
        uri: `http://localhost:80${LIST}`,
        next_page_uri: null,
      });
    });

    it("pages newest first with limit and next_page_uri, without duplicates", async () => {
      const created: string[] = [];
      for (let i = 0; i < 7; i++) created.push((await create(app, { description: `#${i}` })).id);
      const newestFirst = [...created].reverse();

      const seen: string[] = [];
      const pageSizes: number[] = [];
      let url: string | null = `http://localhost:80${LIST}?limit=3`;
      while (url !== null) {
        const res = await api(app, "GET", url.replace("http://localhost:80", ""));
        expect(res.statusCode).toBe(200);
        const page = body(res);
        expect(page.uri).toBe(`http://localhost:80${LIST}`);
        pageSizes.push(page.ssh_certificate_authorities.length);
        seen.push(...page.ssh_certificate_authorities.map((ca: { id: string }) => ca.id));
        if (page.next_page_uri !== null) {
          const last = page.ssh_certificate_authorities.at(-1).id;
          expect(page.next_page_uri).toBe(`http://localhost:80${LIST}?limit=3&before_id=${last}`);
        }
        url = page.next_page_uri;
      }
      expect(pageSizes).toEqual([3, 3, 1]);
      expect(seen).toEqual(newestFirst);
    });

    it("answers next_page_uri null when the last page is exactly full", async () => {
      for (let i = 0; i < 4; i++) await create(app, {});
      const first = body(await api(app, "GET", `${LIST}?limit=2`));
      expect(first.next_page_uri).not.toBeNull();
      const second = body(
        await api(
          app,
          "GET",
          new URL(first.next_page_uri).pathname + new URL(first.next_page_uri).search,
        ),
      );
      expect(second.ssh_certificate_authorities).toHaveLength(2);
      expect(second.next_page_uri).toBeNull();
    });

    it("uses limit 100 by default and includes it in next_page_uri", async () => {
      const ids = await Promise.all(Array.from({ length: 101 }, () => create(app, {})));
      expect(ids).toHaveLength(101);
      const page = body(await api(app, "GET", LIST));
      expect(page.ssh_certificate_authorities).toHaveLength(100);
      expect(page.next_page_uri).toMatch(/\?limit=100&before_id=sshca_/);
    });

    it("accepts before_id of a deleted CA and the camelCase beforeId of the TypeScript client", async () => {
      const a = await create(app, {});
      const b = await create(app, {});
      const c = await create(app, {});
      await api(app, "DELETE", `${LIST}/${b.id}`);
      const after = body(await api(app, "GET", `${LIST}?before_id=${b.id}`));
      expect(after.ssh_certificate_authorities.map((ca: { id: string }) => ca.id)).toEqual([a.id]);
      const camel = body(await api(app, "GET", `${LIST}?beforeId=${c.id}&limit=100`));
      expect(camel.ssh_certificate_authorities.map((ca: { id: string }) => ca.id)).toEqual([a.id]);
      const empty = body(await api(app, "GET", `${LIST}?before_id=&limit=`));
      expect(empty.ssh_certificate_authorities).toHaveLength(2);
    });

    it.each(["0", "101", "abc", "-1", "1.5", "1e2", " 5"])(
      "answers 400 ERR_NGROK_233 for limit=%s",
      async (limit) => {
        const res = await api(app, "GET", `${LIST}?limit=${encodeURIComponent(limit)}`);
        expectError(res, 400, "ERR_NGROK_233", `between 1 and 100 but ${limit} was provided`);
      },
    );

    it("accepts limits 1 and 100", async () => {
      await create(app, {});
      await create(app, {});
      const one = body(await api(app, "GET", `${LIST}?limit=1`));
      expect(one.ssh_certificate_authorities).toHaveLength(1);
      expect(body(await api(app, "GET", `${LIST}?limit=100`)).next_page_uri).toBeNull();
    });

    it("answers 400 ERR_NGROK_227 for a before_id with the wrong prefix", async () => {
      expectError(await api(app, "GET", `${LIST}?before_id=edghts_x`), 400, "ERR_NGROK_227");
    });

    it("accepts an empty filter and refuses a non-empty one with a clear 400", async () => {
      expect((await api(app, "GET", `${LIST}?filter=`)).statusCode).toBe(200);
      const res = await api(app, "GET", `${LIST}?filter=${encodeURIComponent('obj.id == "x"')}`);
      expectError(res, 400, "ERR_NGROK_230", /does not evaluate filter expressions/);
    });
  });
});
