/**
 * Hostile and broken input: bodies over the size limit (real sockets, with and without
 * Content-Length), deeply nested JSON, huge strings, a wrong type for every body field of every
 * write endpoint, invalid UTF-8, and uploads cut off mid-body. Every case answers ngrok's error
 * envelope (or, for a cut-off upload, nothing) and the emulator keeps serving. Malformed JSON and
 * the content-type rules are covered in errors.test.ts; random input in fuzz.test.ts.
 */
import * as http from "node:http";
import * as net from "node:net";
import type { LightMyRequestResponse } from "fastify";
import type { EmulatorApp } from "../../emulator/index";
import { samlModuleFields } from "../../emulator/model/samlModule";
import { defaultApiSpec } from "../../emulator/spec";
import {
  API_KEY,
  api,
  AUTH_HEADERS,
  body,
  createEdgeAndRoute,
  expectError,
  newApp,
  OKTA_XML,
  samlPath,
} from "./helpers";

const LIST = "/ssh_certificate_authorities";
const KB900 = 900 * 1024;

/** A raw JSON body (string or bytes) sent as application/json. */
function raw(
  app: EmulatorApp,
  method: "POST" | "PUT" | "PATCH",
  url: string,
  payload: string | Buffer,
) {
  return app.inject({
    method,
    url,
    headers: { ...AUTH_HEADERS, "content-type": "application/json" },
    payload,
  });
}

/** A request over a fresh TCP connection with node:http; resolves with status and JSON body. */
function send(
  url: string,
  options: http.RequestOptions,
  chunks: Buffer[],
): Promise<{ status: number; json: { error_code?: string; status_code: number; msg: string } }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent: false, ...options }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
    });
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe("robustness on a real socket", () => {
  let app: EmulatorApp;
  let url: string;
  const logged = jest.fn();

  beforeAll(async () => {
    app = newApp();
    for (const level of ["fatal", "error", "warn"] as const) {
      jest.spyOn(app.log, level).mockImplementation(logged);
    }
    await app.listen({ host: "127.0.0.1", port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    jest.restoreAllMocks();
  });
  afterEach(async () => {
    // The server is still up and answers normally, and logged no error.
    const res = await send(`${url}${LIST}`, { headers: AUTH_HEADERS }, []);
    expect(res.status).toBe(200);
    expect(logged).not.toHaveBeenCalled();
  });

  const headers = { ...AUTH_HEADERS, "content-type": "application/json" };
  const over = Buffer.from(JSON.stringify({ description: "x".repeat(2 * 1024 * 1024) }));

  it("answers 413 in ngrok's envelope for a body over the 1 MiB default (Content-Length)", async () => {
    const res = await send(
      `${url}${LIST}`,
      { method: "POST", headers: { ...headers, "content-length": over.length } },
      [over],
    );
    expect(res.status).toBe(413);
    expect(res.json.status_code).toBe(413);
    expect(res.json).not.toHaveProperty("error_code");
    expect(res.json.msg).toBe("The request body exceeds the maximum size of 1048576 bytes.");
  });

  it("answers 413 for a chunked body that grows over the limit", async () => {
    const res = await send(`${url}${LIST}`, { method: "POST", headers }, [
      over.subarray(0, 600_000),
      over.subarray(600_000),
    ]);
    expect(res.status).toBe(413);
    expect(res.json.msg).toMatch(/maximum size of 1048576 bytes/);
  });

  it("reads a 900 KB body (under the limit) and answers the field's length error", async () => {
    const payload = Buffer.from(JSON.stringify({ description: "d".repeat(KB900) }));
    const res = await send(`${url}${LIST}`, { method: "POST", headers }, [payload]);
    expect(res.status).toBe(400);
    expect(res.json.error_code).toBe("ERR_NGROK_1937");
    expect(res.json.msg).toContain(`had ${KB900} bytes`);
  });

  it("answers 100 000 levels of nesting and invalid UTF-8 with ERR_NGROK_213", async () => {
    const nested = await send(`${url}${LIST}`, { method: "POST", headers }, [
      Buffer.from("[".repeat(100_000) + "]".repeat(100_000)),
    ]);
    expect(nested.status).toBe(400);
    expect(nested.json.error_code).toBe("ERR_NGROK_213");
    const badBytes = await send(`${url}${LIST}`, { method: "POST", headers }, [
      Buffer.from([...Buffer.from('{"description":"'), 0xff, 0xfe, ...Buffer.from('"}')]),
    ]);
    expect(badBytes.status).toBe(400);
    expect(badBytes.json.error_code).toBe("ERR_NGROK_213");
  });

  it("survives uploads cut off mid-body (reset, and half-close)", async () => {
    const port = Number(new URL(url).port);
    const head =
      `POST ${LIST} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${API_KEY}\r\n` +
      "Ngrok-Version: 2\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n";
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(head + '{"descr', () => {
          socket.resetAndDestroy();
          resolve();
        });
      });
      socket.on("error", reject);
    });
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.end(head + '{"descr'));
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("close", () => resolve(data));
      socket.on("error", () => resolve(data));
    });
    // A half-closed upload either gets a 400 or no answer; never a 2xx or a 5xx.
    expect(answer === "" || /^HTTP\/1\.1 400 /.test(answer)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.emulator.snapshot().sshCertificateAuthorities).toEqual([]);
  });
});

describe("robustness: nesting, huge strings, wrong types, invalid UTF-8 (inject)", () => {
  let app: EmulatorApp;
  let ids: { edgeId: string; routeId: string; caId: string; credentialId: string };

  beforeAll(async () => {
    app = newApp();
    const { edgeId, routeId } = await createEdgeAndRoute(app);
    const ca = await api(app, "POST", LIST, { private_key_type: "ed25519" });
    const credential = await api(app, "POST", "/ssh_credentials", {
      public_key: `${body(ca).public_key} ca-key-as-a-credential`,
    });
    ids = { edgeId, routeId, caId: body(ca).id, credentialId: body(credential).id };
  });
  afterAll(() => app.close());

  let counts: string;
  beforeEach(() => {
    counts = JSON.stringify(app.emulator.snapshot());
  });
  afterEach(async () => {
    // Nothing changed, and a valid request still succeeds.
    expect(JSON.stringify(app.emulator.snapshot())).toBe(counts);
    expect((await api(app, "GET", LIST)).statusCode).toBe(200);
  });

  describe("deeply nested JSON", () => {
    const depth = 100_000;
    it.each<[string, () => string, string, string | undefined]>([
      ["closed arrays", () => "[".repeat(depth) + "]".repeat(depth), "ERR_NGROK_213", undefined],
      ["unclosed arrays", () => "[".repeat(depth), "ERR_NGROK_213", undefined],
      ["unclosed objects", () => '{"a":'.repeat(depth), "ERR_NGROK_213", undefined],
      [
        "nested objects",
        () => '{"a":'.repeat(depth) + "1" + "}".repeat(depth),
        "ERR_NGROK_214",
        "parameter a is unknown",
      ],
      [
        "a field holding nested arrays",
        () => '{"description":' + "[".repeat(depth) + "]".repeat(depth) + "}",
        "ERR_NGROK_215",
        "parameter description is invalid",
      ],
    ])("answers %s with %s", async (_name, payload, code, message) => {
      expectError(await raw(app, "POST", LIST, payload()), 400, code, message);
    });

    it("answers nested SAML module wrappers with ERR_NGROK_214", async () => {
      // 50 000 levels: 100 000 would be over the 1 MiB body limit.
      const payload = '{"module":'.repeat(depth / 2) + "{}" + "}".repeat(depth / 2);
      const res = await raw(app, "PUT", samlPath(ids.edgeId, ids.routeId), payload);
      expectError(res, 400, "ERR_NGROK_214", "parameter module is unknown");
    });

    it("answers a nested fault rule on the admin endpoint with ERR_NGROK_215", async () => {
      const payload = '{"method":' + "[".repeat(depth) + "]".repeat(depth) + "}";
      const res = await app.inject({
        method: "POST",
        url: "/__emulator/faults",
        headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
        payload,
      });
      expectError(res, 400, "ERR_NGROK_215", "parameter method is invalid");
      expect(app.emulator.faults.list()).toEqual([]);
    });
  });

  describe("huge strings (900 KB)", () => {
    const huge = "h".repeat(KB900);
    const cases: Array<[string, () => Promise<LightMyRequestResponse>, string]> = [
      ["SSH CA description", () => api(app, "POST", LIST, { description: huge }), "ERR_NGROK_1937"],
      ["SSH CA metadata", () => api(app, "POST", LIST, { metadata: huge }), "ERR_NGROK_1938"],
      [
        "SSH CA description (PATCH)",
        () => api(app, "PATCH", `${LIST}/${ids.caId}`, { description: huge }),
        "ERR_NGROK_1937",
      ],
      [
        "SSH credential description",
        () => api(app, "POST", "/ssh_credentials", { description: huge }),
        "ERR_NGROK_604",
      ],
      [
        "SSH credential metadata (PATCH)",
        () => api(app, "PATCH", `/ssh_credentials/${ids.credentialId}`, { metadata: huge }),
        "ERR_NGROK_605",
      ],
      [
        "SSH credential public_key",
        () => api(app, "POST", "/ssh_credentials", { public_key: huge }),
        "ERR_NGROK_612",
      ],
      [
        "SSH credential ACL rule",
        () => api(app, "PATCH", `/ssh_credentials/${ids.credentialId}`, { acl: [`bind:${huge}`] }),
        "ERR_NGROK_600",
      ],
      [
        "edge description",
        () => api(app, "POST", "/edges/https", { description: huge }),
        "ERR_NGROK_7073",
      ],
      [
        "edge metadata",
        () => api(app, "POST", "/edges/https", { metadata: huge }),
        "ERR_NGROK_7074",
      ],
      [
        "route description",
        () =>
          api(app, "POST", `/edges/https/${ids.edgeId}/routes`, {
            match_type: "path_prefix",
            match: "/",
            description: huge,
          }),
        "ERR_NGROK_7073",
      ],
      [
        "idp_metadata",
        () => api(app, "PUT", samlPath(ids.edgeId, ids.routeId), { idp_metadata: huge }),
        "ERR_NGROK_7080",
      ],
      ["field name", () => api(app, "POST", LIST, { [huge]: 1 }), "ERR_NGROK_214"],
      [
        "a wrong private_key_type",
        () => api(app, "POST", LIST, { private_key_type: huge }),
        "ERR_NGROK_1909",
      ],
    ];
    it.each(cases)("answers a huge %s", async (_name, request, code) => {
      expectError(await request(), 400, code);
    });
  });

  describe("a wrong type for every body field", () => {
    type Type = "string" | "int64" | "uint32" | "boolean" | "stringArray" | "object";
    const WRONG: Record<Type, unknown[]> = {
      string: [1, 0, true, [], ["x"], {}],
      int64: ["1", true, [], {}, 1.5],
      uint32: ["1", true, [], {}, -1, 1.5, 4294967296],
      boolean: ["true", 1, 0, [], {}],
      stringArray: ["x", 1, true, {}, [1], [null], [["x"]], [{}]],
      object: ["x", 1, true, [], [{}]],
    };
    const SSH_CREATE: Record<string, Type> = {
      description: "string",
      metadata: "string",
      private_key_type: "string",
      elliptic_curve: "string",
      key_size: "int64",
    };
    const SSH_UPDATE: Record<string, Type> = {
      id: "string",
      description: "string",
      metadata: "string",
    };
    const CREDENTIAL_CREATE: Record<string, Type> = {
      description: "string",
      metadata: "string",
      acl: "stringArray",
      public_key: "string",
      owner_id: "string",
    };
    const CREDENTIAL_UPDATE: Record<string, Type> = {
      id: "string",
      description: "string",
      metadata: "string",
      acl: "stringArray",
    };
    const EDGE: Record<string, Type> = {
      description: "string",
      metadata: "string",
      hostports: "stringArray",
    };
    const ROUTE: Record<string, Type> = {
      edge_id: "string",
      match_type: "string",
      match: "string",
      description: "string",
      metadata: "string",
    };
    const SAML: Record<string, Type> = {
      enabled: "boolean",
      options_passthrough: "boolean",
      cookie_prefix: "string",
      inactivity_timeout: "uint32",
      maximum_duration: "uint32",
      idp_metadata: "string",
      idp_metadata_url: "string",
      force_authn: "boolean",
      allow_idp_initiated: "boolean",
      authorized_groups: "stringArray",
      nameid_format: "string",
    };
    const WRAPPER: Record<string, Type> = { edge_id: "string", id: "string", module: "object" };

    it("covers every field of the SAML module", () => {
      // The module's fields: ngrok's EndpointSAMLMutate, with the overlay's idp_metadata_url.
      expect(Object.keys(SAML).sort()).toEqual(samlModuleFields(defaultApiSpec()).sort());
    });

    function cases(
      endpoint: string,
      fields: Record<string, Type>,
    ): Array<[string, string, string, unknown]> {
      return Object.entries(fields).flatMap(([field, type]) =>
        WRONG[type].map((value): [string, string, string, unknown] => [
          endpoint,
          field,
          type,
          value,
        ]),
      );
    }

    const requests: Record<
      string,
      (field: string, value: unknown) => Promise<LightMyRequestResponse>
    > = {
      "POST ssh CA": (field, value) => api(app, "POST", LIST, { [field]: value }),
      "PATCH ssh CA": (field, value) =>
        api(app, "PATCH", `${LIST}/${ids.caId}`, { [field]: value }),
      "POST SSH credential": (field, value) =>
        api(app, "POST", "/ssh_credentials", { [field]: value }),
      "PATCH SSH credential": (field, value) =>
        api(app, "PATCH", `/ssh_credentials/${ids.credentialId}`, { [field]: value }),
      "POST edge": (field, value) => api(app, "POST", "/edges/https", { [field]: value }),
      "POST route": (field, value) =>
        api(app, "POST", `/edges/https/${ids.edgeId}/routes`, {
          match_type: "path_prefix",
          match: "/",
          [field]: value,
        }),
      "PUT SAML (flat)": (field, value) =>
        api(app, "PUT", samlPath(ids.edgeId, ids.routeId), {
          idp_metadata: OKTA_XML,
          [field]: value,
        }),
      "PUT SAML (wrapped)": (field, value) =>
        api(app, "PUT", samlPath(ids.edgeId, ids.routeId), {
          edge_id: ids.edgeId,
          id: ids.routeId,
          module: { idp_metadata: OKTA_XML },
          [field]: value,
        }),
      "PUT SAML (inside the wrapper)": (field, value) =>
        api(app, "PUT", samlPath(ids.edgeId, ids.routeId), {
          module: { idp_metadata: OKTA_XML, [field]: value },
        }),
    };

    it.each([
      ...cases("POST ssh CA", SSH_CREATE),
      ...cases("PATCH ssh CA", SSH_UPDATE),
      ...cases("POST SSH credential", CREDENTIAL_CREATE),
      ...cases("PATCH SSH credential", CREDENTIAL_UPDATE),
      ...cases("POST edge", EDGE),
      ...cases("POST route", ROUTE),
      ...cases("PUT SAML (flat)", SAML),
      ...cases("PUT SAML (wrapped)", WRAPPER),
      ...cases("PUT SAML (inside the wrapper)", SAML),
    ])("%s: %s (%s) = %j answers 400 ERR_NGROK_215", async (endpoint, field, _type, value) => {
      const res = await requests[endpoint](field, value);
      expectError(res, 400, "ERR_NGROK_215", `parameter ${field} is invalid`);
    });
  });

  describe("invalid UTF-8", () => {
    const json = (...parts: Array<string | number[]>) =>
      Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));
    it.each<[string, number[]]>([
      ["0xFF", [0xff]],
      ["a lone continuation byte", [0x80]],
      ["an overlong encoding of /", [0xc0, 0xaf]],
      ["an encoded surrogate (CESU-8)", [0xed, 0xa0, 0x80]],
      ["a code point over U+10FFFF", [0xf4, 0x90, 0x80, 0x80]],
      ["a truncated 3-byte sequence", [0xe2, 0x82]],
      ["Latin-1 é", [0xe9]],
    ])("answers %s in a string value with ERR_NGROK_213", async (_name, bytes) => {
      const payload = json('{"description":"x', bytes, '"}');
      expectError(
        await raw(app, "POST", LIST, payload),
        400,
        "ERR_NGROK_213",
        "could not be parsed",
      );
    });

    it("answers invalid UTF-8 in a field name and outside strings with ERR_NGROK_213", async () => {
      expectError(await raw(app, "POST", LIST, json('{"', [0xff], '":1}')), 400, "ERR_NGROK_213");
      expectError(await raw(app, "POST", LIST, json("{", [0xff], "}")), 400, "ERR_NGROK_213");
      const put = await raw(
        app,
        "PUT",
        samlPath(ids.edgeId, ids.routeId),
        json('{"idp_metadata":', JSON.stringify(OKTA_XML).slice(0, -1), [0xfe], '"}'),
      );
      expectError(put, 400, "ERR_NGROK_213");
    });
  });
});

describe("valid UTF-8 is kept byte for byte", () => {
  it("accepts multi-byte characters and a leading BOM", async () => {
    const app = newApp();
    const description = "é € 😀 \u{10FFFF}";
    const payload = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify({ description, private_key_type: "ed25519" })),
    ]);
    const res = await raw(app, "POST", LIST, payload);
    expect(res.statusCode).toBe(201);
    expect(body(res).description).toBe(description);
    await app.close();
  });
});
