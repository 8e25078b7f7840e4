/**
 * The error envelope and the request pipeline: authentication, version, content types, body
 * parsing, body size, routing (404/405), query strings, and a fault-injection layer.
 */
import { apiErrors, type EmulatorApp } from "../../emulator/index";
import { API_KEY, api, AUTH_HEADERS, body, expectError, newApp } from "./helpers";

const LIST = "/ssh_certificate_authorities";

describe("error envelope and request pipeline", () => {
  let app: EmulatorApp;
  beforeAll(() => {
    app = newApp();
  });
  afterAll(() => app.close());

  describe("authentication", () => {
    it("answers 401 ERR_NGROK_200 without an Authorization header", async () => {
      const res = await app.inject({ method: "GET", url: LIST, headers: { "ngrok-version": "2" } });
      expectError(res, 401, "ERR_NGROK_200", /set the Authorization header/);
    });

    it("treats an empty Authorization header as missing", async () => {
      const res = await app.inject({
        method: "GET",
        url: LIST,
        headers: { authorization: "", "ngrok-version": "2" },
      });
      expectError(res, 401, "ERR_NGROK_200");
    });

    it.each(["Token abc", "Bearer", "Bearer a b", "abc", "Basic !!!", "Basic bm9jb2xvbg=="])(
      "answers 401 ERR_NGROK_201 for the unparseable header %j",
      async (header) => {
        const res = await app.inject({
          method: "GET",
          url: LIST,
          headers: { authorization: header, "ngrok-version": "2" },
        });
        expectError(res, 401, "ERR_NGROK_201", /could not parse the header/);
      },
    );

    it("answers 401 ERR_NGROK_202 for a wrong key, quoting it", async () => {
      const res = await app.inject({
        method: "GET",
        url: LIST,
        headers: { authorization: "Bearer wrong_key", "ngrok-version": "2" },
      });
      expectError(res, 401, "ERR_NGROK_202", /Your credential: 'wrong_key'/);
    });

    it("rejects a key that is a prefix or an extension of the real one", async () => {
      for (const key of [API_KEY.slice(0, -1), API_KEY + "x", API_KEY.toUpperCase()]) {
        const res = await app.inject({
          method: "GET",
          url: LIST,
          headers: { authorization: `Bearer ${key}`, "ngrok-version": "2" },
        });
        expectError(res, 401, "ERR_NGROK_202");
      }
    });

    it("accepts the key case-insensitively in scheme and header name", async () => {
      const res = await app.inject({
        method: "GET",
        url: LIST,
        headers: { AUTHORIZATION: `bearer ${API_KEY}`, "NGROK-VERSION": "2" },
      });
      expect(res.statusCode).toBe(200);
    });

    it("accepts Basic credentials carrying the key as user name or password", async () => {
      for (const pair of [`${API_KEY}:`, `:${API_KEY}`, `${API_KEY}:x`]) {
        const res = await app.inject({
          method: "GET",
          url: LIST,
          headers: {
            authorization: `Basic ${Buffer.from(pair).toString("base64")}`,
            "ngrok-version": "2",
          },
        });
        expect(res.statusCode).toBe(200);
      }
      const wrong = await app.inject({
        method: "GET",
        url: LIST,
        headers: {
          authorization: `Basic ${Buffer.from("nope:nope").toString("base64")}`,
          "ngrok-version": "2",
        },
      });
      expectError(wrong, 401, "ERR_NGROK_202");
    });

    it("checks authentication before the version header", async () => {
      const res = await app.inject({ method: "GET", url: LIST });
      expectError(res, 401, "ERR_NGROK_200");
    });

    it("can answer authentication failures with 403 instead", async () => {
      const strict = newApp({ authErrorStatus: 403 });
      const res = await strict.inject({ method: "GET", url: LIST });
      expectError(res, 403, "ERR_NGROK_200");
      await strict.close();
    });

    it("accepts a generated key when none is given", async () => {
      const generated = newApp({ apiKey: undefined });
      const key = generated.emulator.apiKey;
      expect(key).toMatch(/^emu_[0-9A-Za-z]{32}$/);
      const res = await generated.inject({
        method: "GET",
        url: LIST,
        headers: { authorization: `Bearer ${key}`, "ngrok-version": "2" },
      });
      expect(res.statusCode).toBe(200);
      await generated.close();
    });
  });

  describe("version header", () => {
    it("answers 400 ERR_NGROK_218 without Ngrok-Version", async () => {
      const res = await app.inject({
        method: "GET",
        url: LIST,
        headers: { authorization: `Bearer ${API_KEY}` },
      });
      expectError(res, 400, "ERR_NGROK_218", /Ngrok-Version header/);
    });

    // A Go server reads the header with Header.Get, which cannot tell empty from missing.
    it.each(["", " ", "\t"])(
      "answers 400 ERR_NGROK_218 (missing) for Ngrok-Version present but empty: %j",
      async (version) => {
        const res = await app.inject({
          method: "GET",
          url: LIST,
          headers: { authorization: `Bearer ${API_KEY}`, "ngrok-version": version },
        });
        expectError(res, 400, "ERR_NGROK_218", /Ngrok-Version header/);
      },
    );

    it.each(["1", "3", "two", "2.0"])(
      "answers 400 ERR_NGROK_217 for Ngrok-Version %j",
      async (version) => {
        const res = await app.inject({
          method: "GET",
          url: LIST,
          headers: { authorization: `Bearer ${API_KEY}`, "ngrok-version": version },
        });
        expectError(res, 400, "ERR_NGROK_217", /Supported versions: 2/);
      },
    );
  });

  describe("bodies", () => {
    it("answers 415 ERR_NGROK_216 for a body without Content-Type", async () => {
      const res = await app.inject({
        method: "POST",
        url: LIST,
        headers: AUTH_HEADERS,
        payload: Buffer.from('{"private_key_type":"ed25519"}'),
      });
      expectError(res, 415, "ERR_NGROK_216");
    });

    it.each(["text/plain", "application/x-www-form-urlencoded", "application/xml"])(
      "answers 415 ERR_NGROK_210 for Content-Type %s",
      async (contentType) => {
        const res = await api(app, "POST", LIST, "a=b", { "content-type": contentType });
        expectError(res, 415, "ERR_NGROK_210", new RegExp(contentType.replace("+", "\\+")));
      },
    );

    it("renders fastify's invalid media type error in the envelope (415 ERR_NGROK_210)", async () => {
      const res = await api(app, "POST", LIST, "{}", { "content-type": "??" });
      expectError(res, 415, "ERR_NGROK_210");
    });

    it("accepts application/json with parameters and +json types", async () => {
      for (const contentType of [
        "application/json; charset=utf-8",
        "application/merge-patch+json",
      ]) {
        const res = await api(app, "POST", LIST, '{"private_key_type":"ed25519"}', {
          "content-type": contentType,
        });
        expect(res.statusCode).toBe(201);
      }
    });

    it.each(["{", "not json", '{"a":}', "[1,2", "\u0000"])(
      "answers 400 ERR_NGROK_213 for the body %j",
      async (payload) => {
        const res = await api(app, "POST", LIST, payload, { "content-type": "application/json" });
        expectError(res, 400, "ERR_NGROK_213", /could not be parsed/);
      },
    );

    it.each(["[]", "42", '"text"', "true"])(
      "answers 400 ERR_NGROK_213 for the non-object JSON body %s",
      async (payload) => {
        const res = await api(app, "POST", LIST, payload, { "content-type": "application/json" });
        expectError(res, 400, "ERR_NGROK_213");
      },
    );

    it("answers 413 in the envelope for a body over the limit", async () => {
      const small = newApp({ bodyLimit: 1024 });
      const res = await api(small, "POST", LIST, { description: "x".repeat(2000) });
      expectError(res, 413, undefined, /maximum size of 1024 bytes/);
      await small.close();
    });

    it("answers 400 ERR_NGROK_214 naming an unknown field", async () => {
      const res = await api(app, "POST", LIST, { private_key_type: "ed25519", colour: "red" });
      expectError(res, 400, "ERR_NGROK_214", /parameter colour is unknown/);
      expect(body(res).msg).toMatch(/private_key_type/);
    });

    it("answers 400 ERR_NGROK_215 naming a field of the wrong type", async () => {
      const res = await api(app, "POST", LIST, { description: 42 });
      expectError(res, 400, "ERR_NGROK_215", /parameter description is invalid/);
    });

    it("ignores an empty body sent with Content-Type on GET and DELETE (TypeScript client)", async () => {
      const res = await app.inject({
        method: "GET",
        url: LIST,
        headers: { ...AUTH_HEADERS, "content-type": "application/json" },
      });
      expect(res.statusCode).toBe(200);
      const del = await app.inject({
        method: "DELETE",
        url: `${LIST}/sshca_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx`,
        headers: { ...AUTH_HEADERS, "content-type": "application/json" },
      });
      expectError(del, 404, "ERR_NGROK_1949");
    });
  });

  describe("routing", () => {
    it("answers 404 for an unknown path, without needing credentials", async () => {
      const res = await app.inject({ method: "GET", url: "/no/such/path?x=1" });
      expectError(res, 404, undefined, "Not Found");
      expect(body(res).details.path).toBe("/no/such/path");
    });

    it("answers 405 with Allow for a wrong method on a known path", async () => {
      const res = await api(app, "PUT", LIST, {});
      expectError(res, 405, undefined, /PUT is not allowed/);
      expect(res.headers.allow).toBe("GET, HEAD, POST");
      const item = await api(app, "POST", `${LIST}/sshca_x`, {});
      expectError(item, 405, undefined);
      expect(item.headers.allow).toBe("DELETE, GET, HEAD, PATCH");
    });

    it("answers 400 in the envelope for an undecodable URL", async () => {
      const res = await app.inject({ method: "GET", url: `${LIST}/%zz` });
      expectError(res, 400, undefined);
    });

    it("answers 400 ERR_NGROK_231 for unknown query parameters", async () => {
      const res = await api(app, "GET", `${LIST}?limit=5&colour=red&size=2`);
      expectError(res, 400, "ERR_NGROK_231", /unknown parameters: colour, size/);
      const item = await api(app, "GET", `${LIST}/sshca_x?expand=1`);
      expectError(item, 400, "ERR_NGROK_231");
    });

    it("answers 400 ERR_NGROK_232 for a repeated query parameter", async () => {
      const res = await api(app, "GET", `${LIST}?limit=1&limit=2`);
      expectError(res, 400, "ERR_NGROK_232", /single value for the limit parameter/);
    });

    it("gives every response a fresh operation id", async () => {
      const a = await api(app, "GET", LIST);
      const b = await api(app, "GET", LIST);
      expect(a.headers["ngrok-operation-id"]).toMatch(/^op_/);
      expect(a.headers["ngrok-operation-id"]).not.toBe(b.headers["ngrok-operation-id"]);
    });
  });

  describe("options", () => {
    it.each([
      [{ port: 70000 }, /port/],
      [{ port: 1.5 }, /port/],
      [{ apiKey: "" }, /apiKey/],
      [{ apiKey: "has space" }, /apiKey/],
      [{ samlBaseUrl: "not a url" }, /samlBaseUrl/],
      [{ baseUrl: "/relative" }, /baseUrl/],
      [{ bodyLimit: 0 }, /bodyLimit/],
      [{ idpMetadataMaxBytes: -1 }, /idpMetadataMaxBytes/],
    ])("rejects %j with a TypeError", (options, message) => {
      expect(() => newApp(options)).toThrow(TypeError);
      expect(() => newApp(options)).toThrow(message);
    });
  });

  describe("layers", () => {
    it("lets a fault-injection hook answer ngrok's 429 without touching the handlers", async () => {
      const faulty = newApp();
      let count = 0;
      faulty.addHook("onRequest", async () => {
        count += 1;
        if (count % 2 === 0) throw apiErrors.rateLimited(120, "60s", 30);
      });
      const first = await api(faulty, "GET", LIST);
      expect(first.statusCode).toBe(200);
      const second = await api(faulty, "GET", LIST);
      expectError(second, 429, "ERR_NGROK_226", /rate limited to 120 API requests per 60s/);
      expect(second.headers["retry-after"]).toBe("30");
      expect(faulty.emulator.requests.map((r) => r.status)).toEqual([200, 429]);
      await faulty.close();
    });

    it("records every answered request in order, errors included", async () => {
      const recorded = newApp();
      await api(recorded, "GET", `${LIST}?limit=2`);
      await recorded.inject({ method: "GET", url: LIST });
      await recorded.inject({ method: "DELETE", url: "/nowhere" });
      expect(recorded.emulator.requests).toEqual([
        { method: "GET", path: `${LIST}?limit=2`, status: 200 },
        { method: "GET", path: LIST, status: 401 },
        { method: "DELETE", path: "/nowhere", status: 404 },
      ]);
      await recorded.close();
    });

    it("renders a handler bug as a JSON 500 in the envelope", async () => {
      const buggy = newApp();
      buggy.get("/boom", async () => {
        throw new TypeError("bug");
      });
      const res = await buggy.inject({ method: "GET", url: "/boom" });
      expectError(res, 500, undefined, "Internal Server Error");
      await buggy.close();
    });
  });
});
