/**
 * Secrets through the plugin (issue #33 §4): `CheckConfig` answers the API key as a secret, a
 * partial create's saved properties keep their secret marks, and the key is in no log line (the
 * debug log on, lines sent to the engine and the process's own output) and in no error message,
 * through 401, 429, a timeout and a wrong base URL, against an API that echoes the key back.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import type * as grpc from "@grpc/grpc-js";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { fromStruct, toStruct } from "../../plugin/properties";
import { refreshedInputs } from "../../plugin/refresh";
import type { SecretPath } from "../../provider/common/secretInputs";
import { secretPropertyNames, secretsOf } from "../../plugin/secrets";
import * as harness from "./pluginProcess";

const KEY = `2zSECRETkey${Date.now()}xYz`;
const CA = "ngrok-dynamic:index:SshCertificateAuthority";
const urn = (name: string) => `urn:pulumi:dev::secrets::${CA}::${name}`;

/** Fails naming where, when any of `texts` holds `key` (whole, or as a bearer token). */
export function assertNoKey(texts: Readonly<Record<string, string>>, key: string): void {
  const leaks = Object.entries(texts).filter(([, text]) => text.includes(key));
  if (leaks.length > 0) {
    throw new Error(`the API key leaked in: ${leaks.map(([where]) => where).join(", ")}`);
  }
}

/**
 * An API that answers every request by the first segment of its path, echoing the key it was
 * sent in its answers: `/unauthorized` 401, `/limited` 429, `/hang` never, `/html` a 404 page
 * (a wrong base URL: some other web server), `/partial` a create answer without its public key.
 */
function hostileApi(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const auth = request.headers.authorization ?? "";
    const [, kind] = (request.url ?? "").split("/");
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "retry-after": "0" });
      response.end(JSON.stringify(body));
    };
    if (kind === "unauthorized") {
      json(401, { error_code: "ERR_NGROK_205", status_code: 401, msg: `bad key ${auth}` });
    } else if (kind === "limited") {
      json(429, { error_code: "ERR_NGROK_226", status_code: 429, msg: `slow down, ${auth}` });
    } else if (kind === "html") {
      response.writeHead(404, { "content-type": "text/html" });
      response.end(`<html><body>no such page; you sent ${auth}</body></html>`);
    } else if (kind === "partial") {
      json(201, {
        id: "sshca_2ZpXGdAbcDef0123456789abc",
        description: auth,
        private_key_type: "ed25519",
      });
    }
    // /hang: never answered.
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      }),
    ),
  );
}

let engine: harness.FakeEngine;
let plugin: harness.PluginProcess;
let api: Awaited<ReturnType<typeof hostileApi>>;

beforeAll(async () => {
  api = await hostileApi();
  engine = await harness.startFakeEngine();
  plugin = await harness.startPlugin(engine.address, { PULUMI_NGROK_DYNAMIC_DEBUG: "1" });
});
afterAll(async () => {
  await plugin?.close();
  engine?.kill();
  await api?.close();
});

async function configure(settings: Record<string, string>): Promise<void> {
  const request = new provproto.ConfigureRequest();
  request.setArgs(toStruct({ apiKey: KEY, maxRequestsPerMinute: "0", ...settings }));
  request.setAcceptsecrets(true);
  await harness.call((r, cb) => plugin.client.configure(r, cb), request);
}

function create(properties: provproto.CreateRequest): Promise<provproto.CreateResponse> {
  return harness.call((r, cb) => plugin.client.create(r, cb), properties);
}

function createRequest(inputs: Record<string, unknown>, secrets: string[] = []) {
  const request = new provproto.CreateRequest();
  request.setUrn(urn("ca"));
  request.setType(CA);
  request.setName("ca");
  request.setProperties(toStruct(inputs, new Set(secrets)));
  return request;
}

/** The error a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<grpc.ServiceError> {
  try {
    await promise;
  } catch (error) {
    return error as grpc.ServiceError;
  }
  throw new Error("it did not fail");
}

test("CheckConfig answers the API key as a secret, sent plain or wrapped", async () => {
  for (const secrets of [[], ["apiKey"]]) {
    const request = new provproto.CheckRequest();
    request.setNews(
      toStruct({ apiKey: KEY, apiBaseUrl: "https://api.ngrok.com" }, new Set(secrets)),
    );
    const response = await harness.call<provproto.CheckRequest, provproto.CheckResponse>(
      (r, cb) => plugin.client.checkConfig(r, cb),
      request,
    );
    const inputs = fromStruct(response.getInputs());
    expect([...inputs.secrets]).toEqual(["apiKey"]);
    expect(inputs.values).toEqual({ apiKey: KEY, apiBaseUrl: "https://api.ngrok.com" });
  }
});

test("a partial create's saved properties keep their secret marks", async () => {
  await configure({ apiBaseUrl: `${api.url}/partial` });
  const error = await failure(
    create(createRequest({ privateKeyType: "ed25519", description: "hidden" }, ["description"])),
  );
  const raw = error.metadata.get("grpc-status-details-bin")[0] as Buffer;
  const [detail] = Status.deserializeBinary(new Uint8Array(raw)).getDetailsList();
  expect(detail.getTypeName()).toBe("pulumirpc.ErrorResourceInitFailed");
  const init = provproto.ErrorResourceInitFailed.deserializeBinary(detail.getValue_asU8());
  expect(init.getId()).toBe("sshca_2ZpXGdAbcDef0123456789abc");
  const saved = fromStruct(init.getProperties());
  expect(saved.values).toMatchObject({ privateKeyType: "ed25519", description: "hidden" });
  expect([...saved.secrets]).toEqual(["description"]);
  assertNoKey({ message: error.details, reasons: init.getReasonsList().join("\n") }, KEY);
});

test("with the debug log on, through 401, 429, a timeout and a wrong URL: the key is nowhere", async () => {
  const texts: Record<string, string> = {};
  const cases: [string, Record<string, string>][] = [
    ["401", { apiBaseUrl: `${api.url}/unauthorized` }],
    ["429", { apiBaseUrl: `${api.url}/limited`, retryMaxAttempts: "3" }],
    [
      "timeout",
      { apiBaseUrl: `${api.url}/hang`, requestTimeoutSeconds: "1", retryMaxAttempts: "2" },
    ],
    ["wrong URL", { apiBaseUrl: `${api.url}/html` }],
    ["nothing listening", { apiBaseUrl: "http://127.0.0.1:1", retryMaxAttempts: "2" }],
  ];
  for (const [name, settings] of cases) {
    await configure(settings);
    const error = await failure(create(createRequest({ privateKeyType: "ed25519" })));
    texts[`${name}: error`] = `${error.message}\n${error.details}`;
    expect(error.details).toMatch(/ngrok|API|reach/);
  }
  // Lines are sent to the engine as they come; give the last ones a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 200));
  texts["engine log"] = engine.lines.join("\n");
  texts["plugin output"] = plugin.output();
  // The retries were logged (the debug log is on), with the key cleared.
  expect(texts["engine log"]).toMatch(/retry|attempt/i);
  assertNoKey(texts, KEY);
  expect(Object.values(texts).join("\n")).toContain("<redacted>");
});

test("the check fails when a line prints the key", () => {
  expect(() =>
    assertNoKey({ "engine log": `debug: sent Authorization: Bearer ${KEY}` }, KEY),
  ).toThrow(/the API key leaked in: engine log/);
  expect(() =>
    assertNoKey({ "engine log": "debug: Authorization: Bearer <redacted>" }, KEY),
  ).not.toThrow();
});

test("a property its definition makes secret is answered as a secret", () => {
  const names = secretPropertyNames({
    token: { secret: true },
    description: {},
    note: { secret: false },
    value: { writeOnly: true },
    key: { returnedOnce: true },
  });
  expect([...names]).toEqual(["token", "value", "key"]);
  // What Check/Create/Read/Update wrap: those received as secrets, and the definition's.
  expect(secretsOf(CA, [["description"]])).toEqual([["description"]]);
});

describe("no message quotes a secret input's value (issue #38 §3)", () => {
  const CERT = "ngrok-dynamic:index:SshUserCertificate";
  const SAML = "ngrok-dynamic:index:HttpsEdgeRouteSaml";

  /** Check of `type` with `news`, `secrets` wrapped as secrets: its failures' reasons. */
  async function reasons(
    type: string,
    news: Record<string, unknown>,
    secrets: string[],
  ): Promise<string[]> {
    const request = new provproto.CheckRequest();
    request.setUrn(`urn:pulumi:dev::secrets::${type}::x`).setType(type).setName("x");
    request.setOlds(toStruct({})).setNews(toStruct(news, new Set(secrets)));
    const response = await harness.call<provproto.CheckRequest, provproto.CheckResponse>(
      (r, cb) => plugin.client.check(r, cb),
      request,
    );
    const inputs = fromStruct(response.getInputs());
    // The hidden list of secret names never comes back as an input (it would reach the state).
    expect(Object.keys(inputs.values)).not.toContain("__secretInputs");
    for (const name of secrets) if (name in inputs.values) expect(inputs.secrets).toContain(name);
    return response.getFailuresList().map((f) => f.getReason());
  }

  test("a secret id, key, timestamp, prefix and number are named, never quoted", async () => {
    const certificate = await reasons(
      CERT,
      {
        sshCertificateAuthorityId: "TOPSECRET-not-an-id",
        publicKey: "TOPSECRETKEYTYPE AAAA",
        principals: ["deploy"],
        validUntil: "TOPSECRET-tomorrow",
      },
      ["sshCertificateAuthorityId", "publicKey", "validUntil"],
    );
    expect(certificate).toHaveLength(3);
    expect(certificate.join("\n")).not.toMatch(/TOPSECRET/);
    expect(certificate.join("\n")).toMatch(/sshCertificateAuthorityId must be .*; got \[secret\]/);
    const saml = await reasons(
      SAML,
      {
        edgeId: "edghts_1",
        routeId: "edghtsrt_1",
        idpMetadataUrl: "https://idp.example.com/m",
        cookiePrefix: "TOP SECRET;",
        sessionDuration: 1.5,
      },
      ["cookiePrefix", "sessionDuration"],
    );
    expect(saml.join("\n")).not.toMatch(/TOP SECRET|1\.5/);
    expect(saml.join("\n")).toMatch(/cookiePrefix must contain only .*; got \[secret\]/);
  });

  test("the same values, not secret, are quoted", async () => {
    const certificate = await reasons(
      CERT,
      { sshCertificateAuthorityId: "TOPSECRET-not-an-id", publicKey: "x", principals: ["d"] },
      [],
    );
    expect(certificate.join("\n")).toMatch(/got "TOPSECRET-not-an-id"/);
  });

  test("a create's error and its log lines hold no secret input", async () => {
    // A create that times out: its error says what to look for, the description among it.
    const hang = {
      apiBaseUrl: `${api.url}/hang`,
      requestTimeoutSeconds: "1",
      retryMaxAttempts: "1",
    };
    await configure(hang);
    const plain = await failure(
      create(createRequest({ privateKeyType: "ed25519", description: "TOPSECRET desc" })),
    );
    expect(plain.details).toMatch(/description "TOPSECRET desc"/); // quoted when not secret
    const before = engine.lines.length;
    const error = await failure(
      create(
        createRequest({ privateKeyType: "ed25519", description: "TOPSECRET desc" }, [
          "description",
        ]),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(error.details).toMatch(/description "\[secret\]"/);
    expect([error.details, ...engine.lines.slice(before), plugin.output()].join("\n")).not.toMatch(
      /TOPSECRET desc/,
    );
  });
});

describe("a secret inside a Traffic Policy is answered where it was, and hides only its value (issue #48 §2)", () => {
  const ENDPOINT = "ngrok-dynamic:index:CloudEndpoint";
  const SECRET = "oidc-S3CRET-leaf-value";
  const LEAF: SecretPath = [
    "trafficPolicy",
    "on_http_request",
    0,
    "actions",
    0,
    "config",
    "client_secret",
  ];
  const policy = (issuer: string) => ({
    on_http_request: [
      {
        name: "sign in",
        actions: [
          {
            type: "openid-connect",
            config: { issuer_url: issuer, client_id: "app", client_secret: SECRET },
          },
          { type: "forward-internal", config: { url: "https://app.internal" } },
        ],
      },
    ],
  });
  /** Check of a CloudEndpoint whose client secret the engine sends as a secret. */
  async function check(issuer: string) {
    const request = new provproto.CheckRequest();
    request.setUrn(`urn:pulumi:dev::secrets::${ENDPOINT}::api`).setType(ENDPOINT).setName("api");
    const news = { url: "https://app.example.com", trafficPolicy: policy(issuer) };
    request.setOlds(toStruct({})).setNews(toStruct(news, [LEAF]));
    return harness.call<provproto.CheckRequest, provproto.CheckResponse>(
      (r, cb) => plugin.client.check(r, cb),
      request,
    );
  }

  test("fromStruct keeps each secret's path; toStruct wraps the same leaf, or all of a value of another shape", () => {
    const struct = toStruct({ trafficPolicy: policy("https://idp.example.com"), url: "u" }, [LEAF]);
    const wire = struct.toJavaScript() as { trafficPolicy: { on_http_request: unknown[] } };
    expect(JSON.stringify(wire.trafficPolicy.on_http_request[0])).toContain(
      `"client_secret":{"4dabf18193072939515e22adb298388d":"1b47061264138c4ac30d75fd1eb44270","value":"${SECRET}"}`,
    );
    const unwrapped = fromStruct(struct);
    expect(unwrapped.secretPaths).toEqual([LEAF]);
    expect([...unwrapped.secrets]).toEqual(["trafficPolicy"]);
    expect(unwrapped.values.trafficPolicy).toEqual(policy("https://idp.example.com"));
    // ngrok's JSON text in the outputs: the secret is in it, so all of it is secret.
    const text = fromStruct(toStruct({ trafficPolicy: JSON.stringify(policy("x")) }, [LEAF]));
    expect(text.secretPaths).toEqual([["trafficPolicy"]]);
  });

  test("Check answers the policy with its client secret alone wrapped, and a failure names the path and action, quoting every value but the secret", async () => {
    const passed = await check("https://idp.example.com");
    expect(passed.getFailuresList()).toEqual([]);
    const inputs = fromStruct(passed.getInputs());
    expect(inputs.secretPaths).toEqual([LEAF]);
    expect(Object.keys(inputs.values)).not.toContain("__secretInputs");

    const before = engine.lines.length;
    const failed = await check("http://idp.example.com");
    const reasons = failed.getFailuresList().map((f) => f.getReason());
    expect(reasons).toEqual([
      "trafficPolicy.on_http_request[0].actions[0].config.issuer_url (openid-connect action) must " +
        'be an absolute https:// URL: its scheme is http; got "http://idp.example.com"',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...engine.lines.slice(before), plugin.output()].join("\n")).not.toContain(SECRET);
  });

  test("Read answers an input ngrok holds the same as the state held it (the policy object, not ngrok's text); drift as ngrok's", () => {
    const declared = policy("https://idp.example.com");
    const ngroks = JSON.stringify(declared); // what ngrok holds: the same policy, as text
    expect(
      refreshedInputs(ENDPOINT, { trafficPolicy: ngroks, url: "u" }, { trafficPolicy: declared }),
    ).toEqual({ trafficPolicy: declared, url: "u" });
    const drifted = JSON.stringify(policy("https://other.example.com"));
    expect(
      refreshedInputs(ENDPOINT, { trafficPolicy: drifted }, { trafficPolicy: declared }),
    ).toEqual({ trafficPolicy: drifted });
  });
});
