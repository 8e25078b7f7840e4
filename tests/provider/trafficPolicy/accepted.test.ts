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
import { camelCase, snakeCase } from "../../../provider/trafficPolicy/schema";

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

describe("secrets the program made (issue #48 §2): only their values are hidden", () => {
  const SECRET = "s3cret-Leaf-Value-0042";
  /** A policy that breaks rules around its secret: an http issuer, a misspelled enum, bad CEL. */
  const policy = (clientSecret: unknown) => ({
    onHttpRequest: [
      {
        name: "sign in",
        expressions: ["req.url.path.startsWith('/app') &&"],
        actions: [
          {
            type: "openid-connect",
            config: { issuerUrl: "http://idp.example.com", clientId: "app", clientSecret },
          },
          { type: "oauth", config: { provider: "amazon" } },
          { type: "rate-limit", config: { algorithm: "sliding_windo", capacity: 10, rate: "60s" } },
        ],
      },
    ],
  });
  const LEAF = ["onHttpRequest", 0, "actions", 0, "config", "clientSecret"];
  const messages = (result: ReturnType<typeof checkTrafficPolicy>) =>
    [...result.failures.map((f) => f.reason), ...result.warnings].join("\n");

  test("a secret leaf: its value is nowhere, every other value, key, path and action type is shown", () => {
    const result = checkTrafficPolicy(policy(SECRET), { secretAt: [LEAF] });
    const text = messages(result);
    expect(text).not.toContain(SECRET);
    expect(text).toContain(
      "trafficPolicy.onHttpRequest[0].actions[0].config.issuerUrl (openid-connect action) must " +
        'be an absolute https:// URL: its scheme is http; got "http://idp.example.com"',
    );
    expect(text).toContain('got "sliding_windo" (did you mean "sliding_window"?)');
    expect(text).toMatch(/expressions\[0\] must be a CEL expression; it does not parse .*: /);
    expect(text).toContain('(oauth action) is required when provider is "amazon"');
    expect(result.secretPaths).toEqual([
      "trafficPolicy.onHttpRequest[0].actions[0].config.clientSecret",
    ]);
  });

  test("a secret leaf that fails is named, never quoted, nor what a parser says of it", () => {
    const result = checkTrafficPolicy(
      { onHttpRequest: [{ actions: [{ type: "deny", config: { statusCode: SECRET } }] }] },
      { secretAt: [["onHttpRequest", 0, "actions", 0, "config", "statusCode"]] },
    );
    expect(messages(result)).toContain(
      "trafficPolicy.onHttpRequest[0].actions[0].config.statusCode (deny action) must be an integer",
    );
    expect(messages(result)).toContain("got [secret]");
    expect(messages(result)).not.toContain(SECRET);
    const interpolation = checkTrafficPolicy(policy(`\${${SECRET} +}`), { secretAt: [LEAF] });
    expect(messages(interpolation)).toMatch(
      /clientSecret \(openid-connect action\) has a CEL interpolation \$\{…\} that does not parse, at line 1, column \d+ of the value\n/,
    );
    expect(messages(interpolation)).not.toContain(SECRET);
  });

  test("the whole policy secret: no value is quoted, keys, paths and action types all are", () => {
    const snake = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(snake)
        : typeof value === "object" && value !== null
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [snakeCase(k), snake(v)]))
          : value;
    const forms: [unknown, (name: string) => string][] = [
      [policy(SECRET), (name) => name],
      [YAML.stringify(snake(policy(SECRET))), snakeCase], // a text, in ngrok's spelling
    ];
    for (const [input, spelled] of forms) {
      const result = checkTrafficPolicy(input, { secret: true });
      const text = messages(result);
      expect(text).not.toMatch(/s3cret|idp\.example|sliding_windo\b|amazon|startsWith/);
      expect(text).toContain(
        `trafficPolicy.${spelled("onHttpRequest")}[0].actions[0].config.${spelled("issuerUrl")} ` +
          "(openid-connect action) must be an absolute https:// URL: its scheme is http; got [secret]",
      );
      expect(text).toContain("config.algorithm (rate-limit action) must be one of");
      expect(text).toContain("(oauth action) is required when provider is [secret]");
      expect(text).toMatch(
        /expressions\[0\] must be a CEL expression; it does not parse at line 1, column \d+( \(line \d+ of the policy\))?\n/,
      );
      expect(text).not.toContain("did you mean");
    }
  });

  test("an action type the program made secret is not named", () => {
    const result = checkTrafficPolicy(
      {
        onHttpRequest: [
          {
            actions: [{ type: "teleport-secretly" }, { type: "deny", config: { statusCode: "x" } }],
          },
        ],
      },
      { secretAt: [["onHttpRequest", 0, "actions", 0, "type"]] },
    );
    expect(messages(result)).not.toContain("teleport");
    expect(messages(result)).toContain("(deny action)");
    expect(result.warnings.join()).toContain(
      "type is [secret], an action this version does not know",
    );
  });
});
