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

test("a type three edits from a known one is a warning that says which one it may mean", () => {
  // Two edits or fewer is a typo, refused (hostile.test.ts); further, perhaps an action ngrok added.
  const result = checkTrafficPolicy(
    "on_http_request:\n  - actions:\n      - type: rate-limiters\n",
  );
  expect(result.failures).toEqual([]);
  expect(result.warnings[0]).toContain('(did you mean "rate-limit"?)');
});

describe("forms ngrok's pages disagree on pass with a warning, sent as written (issue #49)", () => {
  /** The one action of the canonical policy's first rule of on_http_request. */
  const sent = (canonical: string | undefined) =>
    JSON.parse(canonical!).on_http_request[0].actions[0] as Record<string, unknown>;

  test("basic-auth credentials as {username, password} objects", () => {
    const text =
      "on_http_request:\n  - actions:\n      - type: basic-auth\n        config:\n" +
      "          credentials:\n            - username: user1\n              password: pass-word-1\n";
    const result = checkTrafficPolicy(text);
    expect(result.failures).toEqual([]);
    expect(result.warnings).toEqual([
      "trafficPolicy.on_http_request[0].actions[0].config.credentials[0] is an object, not a " +
        "string: it is sent as written (ngrok's traffic-policy/examples/add-authentication page " +
        "writes such objects), and ngrok's reference writes a string",
    ]);
    expect(sent(result.canonical)).toEqual({
      type: "basic-auth",
      config: { credentials: [{ username: "user1", password: "pass-word-1" }] },
    });
    // The password is a secret, never quoted.
    expect(result.secretPaths).toContain(
      "trafficPolicy.on_http_request[0].actions[0].config.credentials[0].password",
    );
  });

  test("a name on an action", () => {
    const result = checkTrafficPolicy({
      onHttpRequest: [{ actions: [{ name: "block", type: "deny" }] }],
    });
    expect(result.failures).toEqual([]);
    expect(result.warnings).toEqual([
      "trafficPolicy.onHttpRequest[0].actions[0].name is not a field of an action in ngrok's " +
        "reference (its fields are type and config), though its docs write one: it is sent as written",
    ]);
    expect(sent(result.canonical)).toEqual({ name: "block", type: "deny" });
  });

  test("a header value that is a YAML number or boolean", () => {
    const text =
      "on_http_request:\n  - actions:\n      - type: add-headers\n        config:\n" +
      "          headers:\n            is-ngrok: 1\n            cached: true\n            ratio: 1.50\n";
    const result = checkTrafficPolicy(text);
    expect(result.failures).toEqual([]);
    expect(result.warnings).toHaveLength(3);
    expect(result.warnings[0]).toBe(
      'trafficPolicy.on_http_request[0].actions[0].config.headers["is-ngrok"] is 1, not a ' +
        "string: it is sent as written (ngrok's docs write header values such as 1 unquoted), " +
        "and ngrok's reference writes a string",
    );
    expect(result.canonical).toContain('"headers":{"cached":true,"is-ngrok":1,"ratio":1.50}');
  });

  test("a duration as Go's integer nanoseconds, judged against its bounds", () => {
    const policy = (nanoseconds: number) => ({
      onHttpRequest: [
        { actions: [{ type: "circuit-breaker", config: { trippedDuration: nanoseconds } }] },
      ],
    });
    const result = checkTrafficPolicy(policy(120_000_000_000));
    expect(result.failures).toEqual([]);
    expect(result.warnings).toEqual([
      "trafficPolicy.onHttpRequest[0].actions[0].config.trippedDuration is 120000000000, read as " +
        "nanoseconds (Go's time.Duration, as ngrok's operator writes it): 120000ms; ngrok's " +
        'reference writes a duration such as "90s"',
    ]);
    expect(sent(result.canonical)).toEqual({
      type: "circuit-breaker",
      config: { tripped_duration: 120_000_000_000 },
    });
    // 3 minutes is over the 2m maximum, however it is written.
    expect(checkTrafficPolicy(policy(180_000_000_000)).failures[0].reason).toContain(
      "must be a duration from 1s to 2m; got 180000000000",
    );
  });

  test("${…} as text where ngrok evaluates no CEL, in a field without a format", () => {
    const result = checkTrafficPolicy({
      onHttpRequest: [
        { actions: [{ type: "oauth", config: { provider: "google", authId: "${x}" } }] },
      ],
    });
    expect(result.failures).toEqual([]);
    expect(result.warnings).toEqual([
      "trafficPolicy.onHttpRequest[0].actions[0].config.authId holds ${…} as text: ngrok " +
        'evaluates no ${…} in this field (its reference page does not mark it "Supports CEL"; ' +
        "vault secrets work only in fields that do, https://ngrok.com/docs/traffic-policy/secrets/)",
    ]);
  });

  test("an interpolated header name (ngrok's docs interpolate values only)", () => {
    const result = checkTrafficPolicy({
      onHttpRequest: [
        { actions: [{ type: "add-headers", config: { headers: { "x-${vars.a}": "b" } } }] },
      ],
    });
    expect(result.failures).toEqual([]);
    expect(result.warnings[0]).toContain("has ${…} in its name");
  });

  test("an action after custom-response in its rule", () => {
    // ngrok's maintenance-mode example; custom-response's page says on_http_request goes on.
    const result = checkTrafficPolicy(
      "on_http_request:\n  - actions:\n      - type: custom-response\n        config: {body: down}\n" +
        "      - type: forward-internal\n        config: {url: https://service.internal}\n",
    );
    expect(result.failures).toEqual([]);
    expect(result.warnings).toEqual([
      expect.stringMatching(
        /^trafficPolicy\.on_http_request\[0\]\.actions\[1\] may never run: custom-response before it \(actions\[0\]\) is a terminating action, though its page says .*ERR_NGROK_2207/,
      ),
    ]);
  });
});

test("the legacy spellings of ngrok's operator are known fields, with no warning", () => {
  const result = checkTrafficPolicy(
    JSON.stringify({
      on_http_request: [
        {
          actions: [
            {
              type: "openid-connect",
              config: { issuer_url: "https://idp", idle_session_timeout: "15m" },
            },
            { type: "custom-response", config: { status_code: 404, content: "No route" } },
          ],
        },
      ],
    }),
  );
  expect(result.failures).toEqual([]);
  expect(result.warnings).toEqual([]);
  expect(result.canonical).toContain('"content":"No route"');
});

test("jwt-validation keys: one object, as the examples write, or a list, as the reference says", () => {
  const jwt = (keys: unknown) => ({
    onHttpRequest: [
      {
        actions: [
          {
            type: "jwt-validation",
            config: {
              issuer: { allowList: [{ value: "https://idp" }] },
              http: { tokens: [{ type: "jwt", method: "header", name: "Authorization" }] },
              jws: { allowedAlgorithms: ["RS256"], keys },
            },
          },
        ],
      },
    ],
  });
  const one = { sources: { additionalJkus: ["https://idp/jwks"] } };
  const list = [
    { sources: [{ additionalJkus: ["${vars.jwks}"] }], identification: [{ tokenClaims: ["kid"] }] },
  ];
  for (const keys of [one, list]) {
    const result = checkTrafficPolicy(jwt(keys));
    expect(result.failures).toEqual([]);
    expect(result.warnings).toEqual([]);
  }
  // Sent as written, in ngrok's spelling.
  const canonical = JSON.parse(checkTrafficPolicy(jwt(one)).canonical!);
  expect(canonical.on_http_request[0].actions[0].config.jws.keys).toEqual({
    sources: { additional_jkus: ["https://idp/jwks"] },
  });
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
