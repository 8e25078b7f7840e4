/**
 * Hostile traffic policies that `checkTrafficPolicy` refuses (provider/trafficPolicy): each with
 * the failure's path (in the form's own spelling), the action it names and words of the rule.
 * The check is pure (no client, no request: it takes no API key and has nothing to send with),
 * so each case asserts what it found, not what a server said.
 */
import { checkTrafficPolicy } from "../../../provider/trafficPolicy";

/** `on_http_request: [{actions: [action]}]` in the SDKs' spelling. */
const http = (type: string, config?: Record<string, unknown>) => ({
  onHttpRequest: [{ actions: [{ type, ...(config === undefined ? {} : { config }) }] }],
});
/** The same, as YAML text (ngrok's spelling); `config` is YAML indented under `config:`. */
const httpYaml = (type: string, config: string) =>
  `on_http_request:\n  - actions:\n      - type: ${type}\n        config:\n${config
    .split("\n")
    .map((line) => `          ${line}`)
    .join("\n")}\n`;
const A = "trafficPolicy.onHttpRequest[0].actions[0]";
const Y = "trafficPolicy.on_http_request[0].actions[0]";

interface Case {
  /** What is wrong. */
  readonly what: string;
  readonly policy: unknown;
  /** The failure's path. */
  readonly path: string;
  /** Words the reason holds: the rule's, and the action's (`(x action)`) unless `untyped`. */
  readonly says: readonly string[];
  /** An action with no type to name. */
  readonly untyped?: true;
}

const CASES: readonly Case[] = [
  // The text itself.
  {
    what: "YAML that does not parse",
    policy: "on_http_request:\n  - actions: [\n",
    path: "trafficPolicy",
    says: ["is not valid YAML at line 3, column 1"],
  },
  {
    what: "JSON that does not parse",
    policy: '{"on_http_request": [}',
    path: "trafficPolicy",
    says: ["is not valid JSON at line 1, column"],
  },
  {
    what: "a repeated key",
    policy: "on_http_request: []\non_http_request: []\n",
    path: "trafficPolicy",
    says: ["is not valid YAML at line 2, column 1", "unique"],
  },
  {
    what: "two YAML documents",
    policy: "on_http_request: []\n---\non_tcp_connect: []\n",
    path: "trafficPolicy",
    says: ["multiple documents"],
  },
  { what: "an empty text", policy: "  \n", path: "trafficPolicy", says: ["is empty"] },
  {
    what: "a billion laughs",
    policy: `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [${"*a, ".repeat(9)}*a]\nc: &c [${"*b, ".repeat(9)}*b]\n`,
    path: "trafficPolicy",
    says: ["expands more than 100 YAML aliases"],
  },
  {
    what: "a list instead of a map",
    policy: "- on_http_request: []\n",
    path: "trafficPolicy",
    says: ["must be a map of phases (on_tcp_connect, on_http_request"],
  },
  // Phases and rules.
  {
    what: "an unknown phase",
    policy: { onHttpReqest: [] },
    path: "trafficPolicy.onHttpReqest",
    says: ["is not a phase of a traffic policy", 'did you mean "onHttpRequest"'],
  },
  {
    what: "a camelCase phase in a text",
    policy: "onHttpRequest: []\n",
    path: "trafficPolicy.onHttpRequest",
    says: ["is not a phase", "on_http_request"],
  },
  {
    what: "a phase given twice, in both spellings",
    policy: { onHttpRequest: [], on_http_request: [] },
    path: "trafficPolicy.on_http_request",
    says: ["repeats onHttpRequest"],
  },
  {
    what: "a phase that is a map",
    policy: "on_http_request:\n  actions:\n    type: deny\n",
    path: "trafficPolicy.on_http_request",
    says: ["must be a list of rules"],
  },
  {
    what: "a rule without actions",
    policy: { onHttpRequest: [{ name: "x" }] },
    path: "trafficPolicy.onHttpRequest[0].actions",
    says: ["is required"],
  },
  {
    what: "a rule with no action",
    policy: { onHttpRequest: [{ actions: [] }] },
    path: "trafficPolicy.onHttpRequest[0].actions",
    says: ["must be a list of at least one action"],
  },
  {
    what: "expression instead of expressions",
    policy: 'on_http_request:\n  - expression: ["true"]\n    actions: [{type: deny}]\n',
    path: "trafficPolicy.on_http_request[0].expression",
    says: ["is not a field of a rule", 'did you mean "expressions"'],
  },
  {
    what: "expressions as one string",
    policy: { onHttpRequest: [{ expressions: "true", actions: [{ type: "deny" }] }] },
    path: "trafficPolicy.onHttpRequest[0].expressions",
    says: ["must be a list of CEL expressions"],
  },
  {
    what: "an expression that does not parse",
    policy: {
      onHttpRequest: [
        { expressions: ["req.url.path.startsWith('/a'"], actions: [{ type: "deny" }] },
      ],
    },
    path: "trafficPolicy.onHttpRequest[0].expressions[0]",
    says: ["must be a CEL expression; it does not parse at line 1, column"],
  },
  {
    what: "an expression of a YAML text, with its line",
    policy:
      'on_tcp_connect:\n  - expressions:\n      - "conn.client_ip == "\n    actions: [{type: deny}]\n',
    path: "trafficPolicy.on_tcp_connect[0].expressions[0]",
    says: ["does not parse at line 1, column", "(line 3 of the policy)"],
  },
  {
    what: "an empty expression",
    policy: { onHttpRequest: [{ expressions: [" "], actions: [{ type: "deny" }] }] },
    path: "trafficPolicy.onHttpRequest[0].expressions[0]",
    says: ["it is empty"],
  },
  // Actions.
  {
    what: "an action without a type",
    policy: { onHttpRequest: [{ actions: [{ config: {} }] }] },
    path: `${A}.type`,
    says: ["is required: the action's type"],
    untyped: true,
  },
  {
    what: "an action with a field besides type and config",
    policy: { onHttpRequest: [{ actions: [{ type: "deny", configs: {} }] }] },
    path: `${A}.configs`,
    says: ["is not a field of an action", 'did you mean "config"'],
  },
  {
    what: "an action out of its phase",
    policy: {
      onTcpConnect: [
        { actions: [{ type: "openid-connect", config: { issuerUrl: "https://idp" } }] },
      ],
    },
    path: "trafficPolicy.onTcpConnect[0].actions[0].type",
    says: ["(openid-connect action) does not run in on_tcp_connect", "on_http_request"],
  },
  {
    what: "a response action in the request phase",
    policy:
      "on_http_request:\n  - actions:\n      - type: owasp-crs-response\n        config: {on_error: halt}\n",
    path: `${Y}.type`,
    says: ["(owasp-crs-response action) does not run in on_http_request"],
  },
  {
    what: "deny's status code on a TCP connection",
    policy: { onTcpConnect: [{ actions: [{ type: "deny", config: { statusCode: 403 } }] }] },
    path: "trafficPolicy.onTcpConnect[0].actions[0].config.statusCode",
    says: ["(deny action) applies only in on_http_request"],
  },
  // openid-connect, oauth.
  {
    what: "openid-connect without issuer_url",
    policy: http("openid-connect", { clientId: "x" }),
    path: `${A}.config.issuerUrl`,
    says: ["(openid-connect action) is required"],
  },
  {
    what: "openid-connect over http",
    policy: httpYaml("openid-connect", "issuer_url: http://idp.example.com"),
    path: `${Y}.config.issuer_url`,
    says: ["(openid-connect action) must be an absolute https:// URL", "its scheme is http"],
  },
  {
    what: "openid-connect with a relative issuer",
    policy: http("openid-connect", { issuerUrl: "idp.example.com" }),
    path: `${A}.config.issuerUrl`,
    says: ["must be an absolute https:// URL", "not an absolute URL"],
  },
  {
    what: "openid-connect with scopes as a string",
    policy: http("openid-connect", { issuerUrl: "https://idp", scopes: "openid email" }),
    path: `${A}.config.scopes`,
    says: ["(openid-connect action) must be a list"],
  },
  {
    what: "openid-connect with a bad duration",
    policy: http("openid-connect", { issuerUrl: "https://idp", maxSessionDuration: "1 day" }),
    path: `${A}.config.maxSessionDuration`,
    says: ['must be a duration such as "90s"'],
  },
  {
    what: "an oauth provider not in ngrok's list",
    policy: http("oauth", { provider: "okta" }),
    path: `${A}.config.provider`,
    says: ["(oauth action) must be one of", '"google"', 'got "okta"'],
  },
  {
    what: "oauth without a provider",
    policy: httpYaml("oauth", "client_id: abc\nclient_secret: def"),
    path: `${Y}.config.provider`,
    says: ["(oauth action) is required"],
  },
  {
    what: "oauth amazon without an app",
    policy: http("oauth", { provider: "amazon" }),
    path: `${A}.config.clientId`,
    says: ['(oauth action) is required when provider is "amazon"', "no managed app"],
  },
  {
    what: "oauth with a client id and no secret",
    policy: http("oauth", { provider: "github", clientId: "abc" }),
    path: `${A}.config`,
    says: ["(oauth action) must set clientId, clientSecret together"],
  },
  // restrict-ips.
  {
    what: "a CIDR that does not parse",
    policy: http("restrict-ips", { allow: ["10.0.0.0/33"] }),
    path: `${A}.config.allow[0]`,
    says: ["(restrict-ips action) must be an IPv4 or IPv6 CIDR block", "prefix length"],
  },
  {
    what: "an IPv4 address in hex",
    policy: httpYaml("restrict-ips", "deny: [0x7f.1/8]"),
    path: `${Y}.config.deny[0]`,
    says: ["(restrict-ips action) must be an IPv4 or IPv6 CIDR block"],
  },
  {
    what: "restrict-ips with nothing to judge",
    policy: http("restrict-ips", { enforce: true }),
    path: `${A}.config`,
    says: ["(restrict-ips action) must set at least one of allow, deny, ipPolicies"],
  },
  {
    what: "an IP policy id of another kind",
    policy: http("restrict-ips", { ipPolicies: ["ipr_2abc"] }),
    path: `${A}.config.ipPolicies[0]`,
    says: ["must be the id of an ngrok IP policy"],
  },
  {
    what: "enforce as a string",
    policy: httpYaml("restrict-ips", 'enforce: "true"\nallow: [10.0.0.0/8]'),
    path: `${Y}.config.enforce`,
    says: ["(restrict-ips action) must be a boolean"],
  },
  // forward-internal and the others.
  {
    what: "forward-internal to a public URL",
    policy: http("forward-internal", { url: "https://api.example.com" }),
    path: `${A}.config.url`,
    says: [
      "(forward-internal action) must be the URL of an internal endpoint",
      "does not end in .internal",
    ],
  },
  {
    what: "forward-internal without a scheme",
    policy: http("forward-internal", { url: "api.internal:443" }),
    path: `${A}.config.url`,
    says: ["not a URL with a scheme"],
  },
  {
    what: "forward-internal over ftp",
    policy: http("forward-internal", { url: "ftp://files.internal" }),
    path: `${A}.config.url`,
    says: ["its scheme is ftp"],
  },
  {
    what: "forward-internal with a bad on_error",
    policy: http("forward-internal", { url: "https://a.internal", onError: "retry" }),
    path: `${A}.config.onError`,
    says: ['must be one of "halt", "continue"'],
  },
  {
    what: "an interpolation that does not parse",
    policy: http("add-headers", { headers: { "X-Path": "${req.url.path" } }),
    path: `${A}.config.headers["X-Path"]`,
    says: ["(add-headers action) has a CEL interpolation ${…} that does not parse", "no closing }"],
  },
  {
    what: "an interpolation with bad CEL",
    policy: httpYaml("custom-response", 'body: "hello ${req.headers[}"'),
    path: `${Y}.config.body`,
    says: ["(custom-response action) has a CEL interpolation", "at line 1, column"],
  },
  {
    what: "a status code out of range",
    policy: http("custom-response", { statusCode: 999 }),
    path: `${A}.config.statusCode`,
    says: ["(custom-response action) must be an integer from 100 to 599"],
  },
  {
    what: "a redirect with a 200",
    policy: http("redirect", { to: "/x", statusCode: 200 }),
    path: `${A}.config.statusCode`,
    says: ["(redirect action) must be an integer from 300 to 399"],
  },
  {
    what: "a redirect without to",
    policy: httpYaml("redirect", "location: /login"),
    path: `${Y}.config.to`,
    says: ["(redirect action) is required"],
  },
  {
    what: "eleven headers",
    policy: http("add-headers", {
      headers: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`X-${i}`, "v"])),
    }),
    path: `${A}.config.headers`,
    says: ["(add-headers action) must have at most 10 entries"],
  },
  {
    what: "a rate that is not a multiple of 10s",
    policy: httpYaml(
      "rate-limit",
      "name: r\nalgorithm: sliding_window\ncapacity: 10\nrate: 65s\nbucket_key: [conn.client_ip]",
    ),
    path: `${Y}.config.rate`,
    says: ["(rate-limit action) must be a multiple of 10s"],
  },
  {
    what: "a bucket key that is not CEL",
    policy: http("rate-limit", {
      name: "r",
      algorithm: "sliding_window",
      capacity: 10,
      rate: "60s",
      bucketKey: ["conn.client_ip +"],
    }),
    path: `${A}.config.bucketKey[0]`,
    says: ["(rate-limit action) must be a CEL expression"],
  },
  {
    what: "a capacity of zero",
    policy: http("rate-limit", {
      name: "r",
      algorithm: "sliding_window",
      capacity: 0,
      rate: "60s",
      bucketKey: ["req.host"],
    }),
    path: `${A}.config.capacity`,
    says: ["(rate-limit action) must be an integer from 1 to 2000000000"],
  },
  {
    what: "basic-auth with a short password",
    policy: http("basic-auth", { credentials: ["admin:pw"] }),
    path: `${A}.config.credentials[0]`,
    says: ["(basic-auth action) must be username:password", "its password has 2 characters"],
  },
  {
    what: "basic-auth without a colon",
    policy: http("basic-auth", { credentials: ["adminpassword1"] }),
    path: `${A}.config.credentials[0]`,
    says: ["has no : between the username and the password"],
  },
  {
    what: "jwt-validation with an unknown token type",
    policy: httpYaml(
      "jwt-validation",
      "issuer: {allow_list: [{value: https://a}]}\nhttp: {tokens: [{type: bearer, method: header, name: Authorization}]}\njws: {allowed_algorithms: [RS256], keys: {}}",
    ),
    path: `${Y}.config.http.tokens[0].type`,
    says: ["(jwt-validation action) must be one of"],
  },
  {
    what: "terminate-tls with a key and no certificate",
    policy: {
      onTcpConnect: [
        {
          actions: [
            { type: "terminate-tls", config: { serverPrivateKey: "-----BEGIN PRIVATE KEY-----" } },
          ],
        },
      ],
    },
    path: "trafficPolicy.onTcpConnect[0].actions[0].config",
    says: ["(terminate-tls action) must set serverPrivateKey, serverCertificate together"],
  },
  {
    what: "a config field in both spellings",
    policy: http("deny", { statusCode: 403, status_code: 404 }),
    path: `${A}.config.status_code`,
    says: ["(deny action) repeats statusCode"],
  },
  // Issue #49: what ngrok refuses at apply.
  {
    what: "an action type one edit from a known one",
    policy: http("openid-conect", { issuerUrl: "https://idp.example.com" }),
    path: `${A}.type`,
    says: ['(did you mean "openid-connect"?)', "one edit", "ERR_NGROK_2201"],
  },
  {
    what: "an action type two edits from a known one",
    policy: httpYaml("ratelimt", "name: x"),
    path: `${Y}.type`,
    says: ['(did you mean "rate-limit"?)', "two edits"],
  },
  {
    what: "a vault reference where ngrok evaluates no CEL",
    policy: httpYaml("openid-connect", "issuer_url: ${secrets.get('oidc', 'issuer')}"),
    path: `${Y}.config.issuer_url`,
    says: [
      "must be an absolute https:// URL",
      "ngrok evaluates no ${…} in this field",
      "https://ngrok.com/docs/traffic-policy/secrets/",
    ],
  },
  {
    what: "an interpolated IP policy id (ip_policies takes no CEL)",
    policy: http("restrict-ips", { ipPolicies: ["${vars.policy}"] }),
    path: `${A}.config.ipPolicies[0]`,
    says: ["must be the id of an ngrok IP policy", "ngrok evaluates no ${…}"],
  },
  {
    what: "a redirect whose from looks ahead (RE2 has no lookaround)",
    policy: httpYaml("redirect", "from: ^/(?!api)(.*)$\nto: /app/$1"),
    path: `${Y}.config.from`,
    says: ["must be a regular expression in RE2's syntax", "invalid or unsupported Perl syntax"],
  },
  {
    what: "a url-rewrite whose from has a backreference",
    policy: http("url-rewrite", { from: "^/(a+)/\\1$", to: "/b" }),
    path: `${A}.config.from`,
    says: ["(url-rewrite action) must be a regular expression", "invalid escape sequence"],
  },
  {
    what: "a find-and-replace from that does not compile",
    policy: {
      onEventStreamMessage: [
        { actions: [{ type: "sse-find-replace", config: { replacements: [{ from: "(a" }] } }] },
      ],
    },
    path: "trafficPolicy.onEventStreamMessage[0].actions[0].config.replacements[0].from",
    says: ["missing closing )"],
  },
  {
    what: "a header name with a space",
    policy: http("add-headers", { headers: { "bad header": "a" } }),
    path: `${A}.config.headers["bad header"]`,
    says: ["must be named an HTTP header name", "a character a header name cannot have"],
  },
  {
    what: "a header name to remove with a colon",
    policy: httpYaml("remove-headers", "headers: ['x-a:b']"),
    path: `${Y}.config.headers[0]`,
    says: ["(remove-headers action) must be an HTTP header name"],
  },
  {
    what: "a basic-auth realm over 128 characters",
    policy: http("basic-auth", { credentials: ["user:password1"], realm: "r".repeat(129) }),
    path: `${A}.config.realm`,
    says: ["must be at most 128 characters; it has 129"],
  },
  {
    what: "a basic-auth realm that is not ASCII",
    policy: http("basic-auth", { credentials: ["user:password1"], realm: "réalm" }),
    path: `${A}.config.realm`,
    says: ["must hold ASCII characters only"],
  },
  {
    what: "a basic-auth credential object without its password",
    policy: http("basic-auth", { credentials: [{ username: "user" }] }),
    path: `${A}.config.credentials[0].password`,
    says: ["is required"],
  },
  {
    what: "jwt-validation allowing the algorithm none",
    policy: httpYaml(
      "jwt-validation",
      "issuer: {allow_list: [{value: https://a}]}\nhttp: {tokens: [{type: jwt, method: header, name: Authorization}]}\njws: {allowed_algorithms: [RS256, none], keys: {sources: {additional_jkus: [https://a/jwks]}}}",
    ),
    path: `${Y}.config.jws.allowed_algorithms[1]`,
    says: ['must not be "none"', "insecure"],
  },
  {
    what: "jwt-validation keys that are not objects",
    policy: httpYaml(
      "jwt-validation",
      "issuer: {allow_list: [{value: https://a}]}\nhttp: {tokens: [{type: jwt, method: header, name: Authorization}]}\njws: {allowed_algorithms: [RS256], keys: [https://a/jwks]}",
    ),
    path: `${Y}.config.jws.keys`,
    says: ["must be an object (sources, identification) or a list of them"],
  },
  {
    what: "jwt-validation keys without sources",
    policy: httpYaml(
      "jwt-validation",
      "issuer: {allow_list: [{value: https://a}]}\nhttp: {tokens: [{type: jwt, method: header, name: Authorization}]}\njws: {allowed_algorithms: [RS256], keys: [{identification: {token_claims: [kid]}}]}",
    ),
    path: `${Y}.config.jws.keys[0].sources`,
    says: ["is required"],
  },
  {
    what: "an oauth cookie domain that is not a domain",
    policy: http("oauth", { provider: "google", authCookieDomain: "not a domain!" }),
    path: `${A}.config.authCookieDomain`,
    says: ["must be a domain name", "it is not a host name"],
  },
  {
    what: "an openid-connect cookie domain with an empty label",
    policy: httpYaml(
      "openid-connect",
      "issuer_url: https://idp\nauth_cookie_domain: a..example.com",
    ),
    path: `${Y}.config.auth_cookie_domain`,
    says: ["must be a domain name"],
  },
  {
    what: "an action after a terminating one (ERR_NGROK_2207)",
    policy: {
      onHttpRequest: [
        { actions: [{ type: "deny" }, { type: "add-headers", config: { headers: { a: "b" } } }] },
      ],
    },
    path: "trafficPolicy.onHttpRequest[0].actions[1]",
    says: ["(add-headers action) never runs: deny before it (actions[0])", "ERR_NGROK_2207"],
  },
  {
    what: "a forward-internal from an HTTP phase to a TCP endpoint",
    policy: http("forward-internal", { url: "tcp://db.internal:5432" }),
    path: `${A}.config.url`,
    says: ["must reach an http:// or https:// internal endpoint from on_http_request"],
  },
  {
    what: "a number JSON has no text for",
    policy: httpYaml("log", "metadata:\n  ratio: .inf"),
    path: `${Y}.config.metadata.ratio`,
    says: ["must be a finite number; Infinity has no JSON text"],
  },
  {
    what: "an integer a double cannot hold, in the object form",
    policy: http("set-vars", { vars: [{ big: 2 ** 53 + 2 }] }),
    path: `${A}.config.vars[0].big`,
    says: ["is 9007199254740994, an integer beyond 2^53 - 1", "write it as text"],
  },
  {
    what: "a name on an action that is not a string",
    policy: { onHttpRequest: [{ actions: [{ type: "deny", name: 5 }] }] },
    path: `${A}.name`,
    says: ["(deny action) must be a string; got 5"],
  },
  {
    what: "a duration as a negative integer",
    policy: http("circuit-breaker", { trippedDuration: -1 }),
    path: `${A}.config.trippedDuration`,
    says: ["must be a duration such as"],
  },
];

const refused = CASES;

test("the table holds at least 40 hostile policies, in every form", () => {
  expect(refused.length).toBeGreaterThanOrEqual(40);
  const forms = new Set(refused.map((c) => checkTrafficPolicy(c.policy).form));
  expect([...forms].sort()).toEqual(["json", "object", "yaml"]);
});

test.each(refused)("refuses $what, at $path", ({ policy, path, says, untyped }) => {
  const result = checkTrafficPolicy(policy);
  expect(result.canonical).toBeUndefined();
  const failure = result.failures.find((f) => f.path === path);
  expect({ failures: result.failures, found: failure !== undefined }).toEqual({
    failures: result.failures,
    found: true,
  });
  expect(failure!.reason.startsWith(path)).toBe(true);
  for (const words of says) expect(failure!.reason).toContain(words);
  if (path.includes(".actions[") && !untyped) {
    expect(failure!.reason.slice(path.length)).toMatch(/^ \([a-z-]+ action\) /);
  }
});

test("a config that is not a map is refused, a left-out config is not", () => {
  const bad = checkTrafficPolicy({ onHttpRequest: [{ actions: [{ type: "deny", config: [] }] }] });
  expect(bad.failures).toEqual([
    {
      path: `${A}.config`,
      reason: `${A}.config (deny action) must be a map of field names to values; got a list`,
    },
  ]);
  expect(checkTrafficPolicy(http("deny")).failures).toEqual([]);
});

test("every failure of a policy is reported at once, in the policy's order", () => {
  const result = checkTrafficPolicy({
    onTcpConnect: [{ actions: [{ type: "forward-internal", config: { url: "tcp://db" } }] }],
    onHttpRequest: [{ actions: [{ type: "oauth", config: { provider: "okta" } }] }],
    onHttpResponse: [{ actions: [{ type: "custom-response", config: { statusCode: "200" } }] }],
  });
  expect(result.failures.map((f) => f.path)).toEqual([
    "trafficPolicy.onTcpConnect[0].actions[0].config.url",
    "trafficPolicy.onHttpRequest[0].actions[0].config.provider",
    "trafficPolicy.onHttpResponse[0].actions[0].config.statusCode",
  ]);
});

test("the property named in the paths is the caller's", () => {
  const result = checkTrafficPolicy(http("oauth", { provider: "okta" }), { property: "policy" });
  expect(result.failures[0].path).toBe("policy.onHttpRequest[0].actions[0].config.provider");
});

test("a value nested past the stack's depth, or a cycle, is refused without a crash", () => {
  let deep: unknown = "x";
  for (let i = 0; i < 100_000; i++) deep = [deep];
  const cyclic: Record<string, unknown> = { name: "loop" };
  cyclic.self = cyclic;
  for (const metadata of [deep, cyclic]) {
    const policy = http("log", { metadata: { value: metadata } });
    const result = checkTrafficPolicy(policy);
    expect(result.failures).toEqual([
      { path: "trafficPolicy", reason: expect.stringMatching(/^trafficPolicy could not be read/) },
    ]);
  }
});
