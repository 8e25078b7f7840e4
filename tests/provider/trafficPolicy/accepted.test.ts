/**
 * Policies `checkTrafficPolicy` accepts (provider/trafficPolicy): the fixtures shaped after
 * ngrok's documented examples (tests/fixtures/traffic-policy), in their three forms (YAML, JSON,
 * the SDKs' camelCase object) giving one canonical JSON; an action this version does not know
 * (a warning only); vault secret references wherever a secret goes; secret values reported and
 * never quoted.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as YAML from "yaml";
import {
  canonicalTrafficPolicy,
  checkTrafficPolicy,
  type TrafficPolicy,
} from "../../../provider/trafficPolicy";
import { camelCase } from "../../../provider/trafficPolicy/schema";

const DIR = path.resolve(__dirname, "../../fixtures/traffic-policy");
const FIXTURES = fs.readdirSync(DIR).filter((name) => /\.(yaml|json)$/.test(name));
const read = (name: string) => fs.readFileSync(path.join(DIR, name), "utf8");

/**
 * The object form of a parsed policy as an SDK gives it: every key in camelCase except inside the
 * maps whose keys are names (headers, URL parameters, log metadata, variables).
 */
function sdkForm(value: unknown, mapKeys = false): unknown {
  if (Array.isArray(value)) return value.map((item) => sdkForm(item));
  if (typeof value !== "object" || value === null) return value;
  const names = new Set(["headers", "authz_url_params", "metadata", "vars"]);
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      mapKeys ? key : camelCase(key),
      key === "vars"
        ? (item as unknown[]).map((v) => sdkForm(v, true))
        : sdkForm(item, names.has(key) && !Array.isArray(item)),
    ]),
  );
}

test("the fixtures cover every phase but on_event_stream_message and most actions", () => {
  const texts = FIXTURES.map(read).join("\n");
  const types = new Set([...texts.matchAll(/"?type"?: "?([a-z-]+)"?/g)].map((m) => m[1]));
  expect(FIXTURES.length).toBeGreaterThanOrEqual(10);
  expect(types.size).toBeGreaterThanOrEqual(18);
});

describe.each(FIXTURES)("%s", (name) => {
  const text = read(name);
  const data: unknown = YAML.parse(text);

  test("passes with no failure and no warning, in its own form", () => {
    const result = checkTrafficPolicy(text);
    expect(result.failures).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.form).toBe(name.endsWith(".json") ? "json" : "yaml");
    expect(result.canonical).toBe(canonicalTrafficPolicy(text));
  });

  test("YAML, JSON, indented JSON and the SDKs' object give the same canonical JSON", () => {
    const canonical = checkTrafficPolicy(text).canonical;
    expect(canonical).toBeDefined();
    const forms = [
      YAML.stringify(data),
      JSON.stringify(data),
      JSON.stringify(data, null, 4),
      data,
      sdkForm(data),
    ];
    for (const form of forms) {
      const result = checkTrafficPolicy(form);
      expect(result.failures).toEqual([]);
      expect(result.canonical).toBe(canonical);
    }
    // Canonical JSON is ngrok's spelling, keys sorted, no whitespace between tokens.
    expect(JSON.parse(canonical!)).toEqual(data);
    expect(canonical).toBe(JSON.stringify(JSON.parse(canonical!)));
  });
});

test("the SDKs' object form is typed from the table, and checked in camelCase", () => {
  const policy: TrafficPolicy = {
    onHttpRequest: [
      {
        expressions: ["req.url.path != '/health'"],
        actions: [
          {
            type: "openid-connect",
            config: { issuerUrl: "https://idp.example.com", clientId: "app", scopes: ["openid"] },
          },
          {
            type: "forward-internal",
            config: { url: "https://app.internal", onError: "continue" },
          },
        ],
      },
    ],
  };
  const result = checkTrafficPolicy(policy);
  expect(result.failures).toEqual([]);
  expect(JSON.parse(result.canonical!)).toEqual({
    on_http_request: [
      {
        expressions: ["req.url.path != '/health'"],
        actions: [
          {
            type: "openid-connect",
            config: { issuer_url: "https://idp.example.com", client_id: "app", scopes: ["openid"] },
          },
          {
            type: "forward-internal",
            config: { url: "https://app.internal", on_error: "continue" },
          },
        ],
      },
    ],
  });
});

test("an action this version does not know passes with a warning naming it, sent as written", () => {
  const result = checkTrafficPolicy({
    onHttpRequest: [
      { actions: [{ type: "geo-fence", config: { allowCountries: ["FR"], "X-Keep": "as is" } }] },
    ],
  });
  expect(result.failures).toEqual([]);
  expect(result.warnings).toEqual([
    'trafficPolicy.onHttpRequest[0].actions[0].type is "geo-fence", an action this version does ' +
      "not know: it is sent as written, and ngrok judges it and its config when the policy is applied",
  ]);
  expect(JSON.parse(result.canonical!).on_http_request[0].actions[0]).toEqual({
    type: "geo-fence",
    config: { allow_countries: ["FR"], "X-Keep": "as is" },
  });
});

test("a near miss of a known type is a warning that says which one it may mean", () => {
  const result = checkTrafficPolicy("on_http_request:\n  - actions:\n      - type: rate-limits\n");
  expect(result.failures).toEqual([]);
  expect(result.warnings[0]).toContain('(did you mean "rate-limit"?)');
});

test("a config field this version does not know is a warning, with the field it may mean", () => {
  const result = checkTrafficPolicy({
    onHttpRequest: [{ actions: [{ type: "deny", config: { statusCode: 404, statusCod: 403 } }] }],
  });
  expect(result.failures).toEqual([]);
  expect(result.warnings).toEqual([
    "trafficPolicy.onHttpRequest[0].actions[0].config.statusCod is not a field of deny that this " +
      'version knows (did you mean "statusCode"?); it is sent as "status_cod", as written',
  ]);
});

test("oidc, the type ngrok's Action Hub writes, is openid-connect", () => {
  const result = checkTrafficPolicy(
    "on_http_request:\n  - actions:\n      - type: oidc\n        config:\n          issuer_url: http://idp\n",
  );
  expect(result.failures.map((f) => f.path)).toEqual([
    "trafficPolicy.on_http_request[0].actions[0].config.issuer_url",
  ]);
});

describe("secrets", () => {
  const VAULT = "${secrets.get('vault', 'name')}";

  test.each([
    ["openid-connect", { issuer_url: "https://idp.example.com", client_secret: VAULT }],
    ["oauth", { provider: "amazon", client_id: "amzn-app", client_secret: VAULT }],
    ["basic-auth", { credentials: [VAULT, `ops:${VAULT}`, `${VAULT}:${VAULT}`] }],
    ["verify-webhook", { provider: "stripe", secret: VAULT }],
  ])(
    "a vault reference is accepted where %s's secret goes, and holds no secret",
    (type, config) => {
      const result = checkTrafficPolicy({ on_http_request: [{ actions: [{ type, config }] }] });
      expect(result.failures).toEqual([]);
      expect(result.secretPaths).toEqual([]);
    },
  );

  test("secret values are reported by path, and never quoted in a failure or a warning", () => {
    const secrets = ["client-secret-Xq93", "hunter2hunter2", "short", "wh-secret-77"];
    const result = checkTrafficPolicy({
      onHttpRequest: [
        {
          actions: [
            { type: "oauth", config: { provider: "githb", clientSecret: secrets[0] } },
            {
              type: "basic-auth",
              config: { credentials: [`admin:${secrets[1]}`, `ops:${secrets[2]}`, 42] },
            },
            {
              type: "verify-webhook",
              config: { provider: "github", secret: secrets[3], enforce: "yes" },
            },
          ],
        },
      ],
    });
    expect(result.secretPaths).toEqual([
      "trafficPolicy.onHttpRequest[0].actions[0].config.clientSecret",
      "trafficPolicy.onHttpRequest[0].actions[1].config.credentials[0]",
      "trafficPolicy.onHttpRequest[0].actions[1].config.credentials[1]",
      "trafficPolicy.onHttpRequest[0].actions[2].config.secret",
    ]);
    expect(result.failures.length).toBeGreaterThanOrEqual(4);
    const messages = [...result.failures.map((f) => f.reason), ...result.warnings].join("\n");
    for (const secret of secrets) expect(messages).not.toContain(secret);
    expect(messages).toContain("credentials[1] (basic-auth action) must be username:password");
    expect(messages).toContain("credentials[2] (basic-auth action) must be a string; got [secret]");
  });

  test("a policy the program made secret quotes none of its values", () => {
    const policy = {
      onHttpRequest: [{ actions: [{ type: "oauth", config: { provider: "gogle" } }] }],
    };
    expect(checkTrafficPolicy(policy).failures[0].reason).toContain('got "gogle"');
    expect(checkTrafficPolicy(policy, { secret: true }).failures[0].reason).toContain(
      "got [secret]",
    );
  });
});
