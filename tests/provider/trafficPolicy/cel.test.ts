/**
 * The type check of a traffic policy's CEL (provider/trafficPolicy/celCheck.ts, issue #49): every
 * variable of the table accepted in its phases and refused outside them, every function called
 * as its signature says, unknown variables and fields refused with a did-you-mean and their
 * line and column, contested readings warned, and the messages of the parser made to say where
 * the mistake is (a trailing `//` comment, a missing `)`, a YAML tag).
 */
import { checkTrafficPolicy, PHASE_NAMES } from "../../../provider/trafficPolicy";
import { celProblems, type CelContext } from "../../../provider/trafficPolicy/cel";
import { FUNCTION_FAMILIES } from "../../../provider/trafficPolicy/celFunctions";
import { VARIABLE_FAMILIES } from "../../../provider/trafficPolicy/celVariables";

/** A rule in `phase` with `expression`, as YAML text (ngrok's spelling). */
const rule = (phase: string, expression: string, action = "deny") =>
  `${phase}:\n  - expressions:\n      - ${JSON.stringify(expression)}\n    actions:\n      - type: ${action}\n`;
/** The failures' and warnings' reasons of `policy`. */
function judged(policy: unknown): { failures: string[]; warnings: string[] } {
  const result = checkTrafficPolicy(policy);
  return { failures: result.failures.map((f) => f.reason), warnings: [...result.warnings] };
}
/** A condition in `phase`, checked alone. */
const condition = (phase: string): CelContext => ({ phase, expect: "bool", unknown: "fail" });

const RULE = "trafficPolicy.on_http_request[0].expressions[0]";

describe("every variable of the table", () => {
  // retry_condition's own variables, and those the docs contest (warned), have tests of their own.
  const rows = VARIABLE_FAMILIES.filter(
    (family) => family.only === undefined && family.contested === undefined,
  ).flatMap((family) => Object.keys(family.variables).map((name) => ({ name, family })));

  test("is read from ngrok's pages (at least the 300 they list)", () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    for (const { family } of rows) expect(family.page).toMatch(/^https:\/\/ngrok\.com\/docs\//);
    for (const family of VARIABLE_FAMILIES) {
      expect(family.page).toMatch(/^https:\/\/(ngrok\.com\/docs|github\.com\/ngrok\/ngrok-docs)\//);
    }
  });

  test.each(PHASE_NAMES)(
    "is accepted in %s when it exists there, refused naming its phases when not",
    (phase) => {
      for (const { name, family } of rows) {
        const problems = celProblems(`dyn(${name}) != null`, condition(phase));
        if (family.phases === undefined || family.phases.includes(phase)) {
          expect({ name, problems }).toEqual({ name, problems: [] });
        } else {
          expect({ name, problems }).toEqual({
            name,
            problems: [
              expect.objectContaining({
                message: expect.stringMatching(
                  new RegExp(
                    `exists only in ${family.phases.join(", ").replace(/, (\w+)$/, " and $1")}, not in ${phase}`,
                  ),
                ),
                warning: false,
              }),
            ],
          });
        }
      }
    },
  );

  test("has its type: a string's method on each string, and a string's method refused on an int", () => {
    expect(celProblems("req.url.path.startsWith('/a')", condition("on_http_request"))).toEqual([]);
    expect(
      celProblems("conn.geo.country_code.lowerAscii() == 'us'", condition("on_tcp_connect")),
    ).toEqual([]);
    const [problem] = celProblems("req.url.port.startsWith('4')", condition("on_http_request"));
    expect(problem).toMatchObject({ line: 1, column: 14, syntax: false, warning: false });
    expect(problem.message).toBe(
      "startsWith does not take (string) on an int; it takes string.startsWith(string) -> bool",
    );
  });
});

describe("every function of the table", () => {
  /** A literal of `type` (a signature's notation). */
  const SAMPLES: Readonly<Record<string, string>> = {
    string: "'s'",
    int: "1",
    uint: "1u",
    double: "1.0",
    bool: "true",
    bytes: "b'x'",
    timestamp: "timestamp('2024-01-01T00:00:00Z')",
    duration: "duration('1s')",
    dyn: "dyn(1)",
    A: "1",
    K: "'k'",
    V: "1",
    "list(A)": "[1]",
    "list(dyn)": "[1, 'a']",
    "list(string)": "['a']",
    "map(K, V)": "{'k': 1}",
  };
  // Operators are written as operators, macros bind names, contested forms warn: tested below.
  const macro = /\.sort(By)?\(A, /;
  const calls = FUNCTION_FAMILIES.filter((family) => family.contested === undefined).flatMap(
    (family) =>
      family.signatures
        .filter((signature) => /^[a-z(]/.test(signature) && !macro.test(signature))
        .map((signature) => {
          const [, callee, params] = /^(.*?)\((.*)\): /.exec(
            signature.replace(/^(list|map)\(([^)]*)\)\./, "$1<$2>."),
          )!;
          const args = params === "" ? [] : params.split(/, (?![^(]*\))/).map((t) => SAMPLES[t]);
          const receiver = /^(string|bytes|timestamp|duration|list<A>|map<K, V>)\.(\w+)$/.exec(
            callee,
          );
          const text = receiver
            ? `${SAMPLES[receiver[1].replace("<", "(").replace(">", ")")]}.${receiver[2]}(${args.join(", ")})`
            : `${callee}(${args.join(", ")})`;
          return { signature, text };
        }),
  );

  test("covers ngrok's macros page (at least 100 signatures)", () => {
    expect(calls.length).toBeGreaterThanOrEqual(100);
    expect(calls.some((c) => c.text === "secrets.get('s', 's')")).toBe(true);
  });

  test("type-checks when called as its signature says", () => {
    const context: CelContext = { phase: "on_http_response", expect: "any", unknown: "fail" };
    for (const { signature, text } of calls) {
      expect({ signature, text, problems: celProblems(text, context) }).toEqual({
        signature,
        text,
        problems: [],
      });
    }
  });

  test.each([
    [
      "inCidrRange(conn.client_ip)",
      "inCidrRange does not take (string); it takes inCidrRange(string, string) -> bool",
    ],
    [
      "secrets.get('vault')",
      "secrets.get does not take (string); it takes secrets.get(string, string) -> string",
    ],
    ["req.url.path + 1 == 'x'", "the operator + does not take (string, int)"],
    [
      "rand.int('1', 2) > 0",
      "rand.int does not take (string, int); it takes rand.int(int, int) -> int",
    ],
    [
      "getReqHeader('a') == 'b'",
      "the operator == does not take (list(string), string); it takes A == A -> bool",
    ],
  ])("refuses %s", (expression, message) => {
    const problems = celProblems(expression, condition("on_http_request"));
    expect(problems).toEqual([expect.objectContaining({ warning: false })]);
    expect(problems[0].message).toContain(message);
  });

  test("a function of the response only is refused in on_http_request, naming its phases", () => {
    const { failures } = judged(rule("on_http_request", "getResHeader('Content-Type').size() > 0"));
    expect(failures).toEqual([
      `${RULE} must be a CEL expression ngrok accepts; at line 1, column 1: getResHeader exists ` +
        "only in on_http_response and on_event_stream_message, not in on_http_request " +
        "(https://ngrok.com/docs/traffic-policy/macros/#http-responses) (line 3 of the policy)",
    ]);
  });

  test("a misspelt function is refused with the function meant; one the docs do not list only warns", () => {
    const misspelt = judged(rule("on_http_request", "req.url.path.startswith('/api')"));
    expect(misspelt.failures).toEqual([
      expect.stringContaining(
        `at line 1, column 14: startswith is not a function of ngrok's CEL (did you mean "startsWith"?)`,
      ),
    ]);
    const unlisted = judged(rule("on_http_request", "math.greatest(1, 2) > 1"));
    expect(unlisted.failures).toEqual([]);
    expect(unlisted.warnings).toEqual([
      expect.stringContaining(
        `${RULE} is a CEL expression ngrok may refuse, at line 1, column 1: math.greatest is not a function ngrok's docs list`,
      ),
    ]);
  });

  test("int mixed with double warns (ngrok's docs do not say), sortBy binds its variable", () => {
    expect(celProblems("conn.client_port == 80.0", condition("on_tcp_connect"))).toEqual([
      expect.objectContaining({
        warning: true,
        message: expect.stringContaining("mixes numeric types (int, double)"),
      }),
    ]);
    expect(celProblems("[3, 1].sortBy(x, -x)[0] == 3", condition("on_tcp_connect"))).toEqual([]);
    expect(celProblems("[3, 1].sortBy(x, -y)[0] == 3", condition("on_tcp_connect"))).toEqual([
      expect.objectContaining({
        column: 19,
        message: expect.stringContaining("y is not a variable"),
      }),
    ]);
  });
});

describe("an unknown variable or field", () => {
  test.each([
    ["req.pathh == '/a'", 5, `req has no field pathh (did you mean "req.url.path"?)`],
    [
      "req.url.pathh == '/'",
      9,
      `req.url is a string, which has no field pathh (did you mean "path"?)`,
    ],
    ["reqq.url == 'x'", 1, `reqq is not a variable of a traffic policy (did you mean "req"?)`],
    ["req.path == '/'", 5, `req has no field path (did you mean "req.url.path"?)`],
    ["conn.geo.contry == 'FR'", 10, `conn.geo has no field contry (did you mean "country"?)`],
    ["getReqCookie('s').vaule == 'x'", 19, `(a cookie) has no field vaule (did you mean "value"?)`],
    [
      "req.headers.exists(h, h.foo)",
      25,
      "a value of type string is a string, which has no field foo",
    ],
  ])("refuses %s at column %i with a did-you-mean", (expression, column, message) => {
    const problems = celProblems(expression, condition("on_http_request"));
    expect(problems).toEqual([expect.objectContaining({ line: 1, column, warning: false })]);
    expect(problems[0].message).toContain(message);
  });

  test("is named with the rule's path, the action and the line and column", () => {
    // With 0 requests: tests/provider/cloudEndpoint/provider.test.ts counts them at check.
    const policy =
      "on_http_request:\n  - actions:\n      - type: add-headers\n        config:\n          headers:\n" +
      '            x-path: "${req.url.pathh}"\n';
    expect(judged(policy).failures).toEqual([
      'trafficPolicy.on_http_request[0].actions[0].config.headers["x-path"] (add-headers action) ' +
        "has a CEL interpolation ${…} that ngrok refuses, at line 1, column 11 of the value: " +
        `req.url is a string, which has no field pathh (did you mean "path"?); its fields are ` +
        "authority, host, path, port, query, query_params, raw, raw_path, scheme, uri and " +
        "user_password (https://ngrok.com/docs/traffic-policy/variables/req/) (line 6 of the policy)",
    ]);
  });

  test("in a rate limit's bucket_key, in the object form, is refused at its path", () => {
    const policy = {
      onHttpRequest: [
        {
          actions: [
            {
              type: "rate-limit",
              config: {
                name: "r",
                algorithm: "sliding_window",
                capacity: 1,
                rate: "60s",
                bucketKey: ["conn.clientip"],
              },
            },
          ],
        },
      ],
    };
    expect(judged(policy).failures).toEqual([
      expect.stringMatching(
        /^trafficPolicy\.onHttpRequest\[0\]\.actions\[0\]\.config\.bucketKey\[0\] \(rate-limit action\) must be a CEL expression ngrok accepts; at line 1, column 6: conn has no field clientip \(did you mean "client_ip"\?\)/,
      ),
    ]);
  });

  test("res in on_http_request is refused naming the phases it exists in", () => {
    expect(judged(rule("on_http_request", "res.status_code == 200")).failures).toEqual([
      `${RULE} must be a CEL expression ngrok accepts; at line 1, column 1: res exists only in ` +
        "on_http_response and on_event_stream_message, not in on_http_request " +
        "(https://ngrok.com/docs/traffic-policy/variables/res/) (line 3 of the policy)",
    ]);
  });

  test("is accepted below what ngrok documents as free-form: vars, a map's keys, open results", () => {
    for (const expression of [
      "vars.anything.below[0].goes == 1",
      "req.headers.authorization[0] == 'x' && has(req.headers.host)",
      "actions.ngrok.http_request.res.body.contains('ok')",
      "req.url.query_params['q'].exists(q, q.size() > 2)",
    ]) {
      expect({
        expression,
        problems: celProblems(expression, condition("on_http_request")),
      }).toEqual({
        expression,
        problems: [],
      });
    }
  });

  test("below an action's result only warns (the docs give its shape loosely)", () => {
    const { failures, warnings } = judged(
      rule("on_http_request", "actions.ngrok.oauth.identiy.email == 'a'"),
    );
    expect(failures).toEqual([]);
    expect(warnings).toEqual([
      expect.stringContaining(
        `actions.ngrok.oauth has no field identiy (did you mean "identity"?)`,
      ),
    ]);
  });

  test("in the config of an action this version does not know only warns", () => {
    const policy =
      "on_http_request:\n  - actions:\n      - type: future-action\n        config:\n" +
      '          a: "${ai.models[0]}"\n';
    const { failures, warnings } = judged(policy);
    expect(failures).toEqual([]);
    expect(warnings).toContainEqual(
      expect.stringContaining("ai is not a variable of a traffic policy"),
    );
  });

  test("retry_condition's own variables exist there only", () => {
    const retry = (condition: string) =>
      `on_http_request:\n  - actions:\n      - type: http-request\n        config:\n` +
      `          url: https://example.com\n          retry_condition: ${JSON.stringify(condition)}\n`;
    expect(judged(retry("last_attempt.res.statusCode == 500 && attempts < 3"))).toEqual({
      failures: [],
      warnings: [],
    });
    expect(judged(rule("on_http_request", "attempts < 3")).failures).toEqual([
      expect.stringContaining(
        "at line 1, column 1: attempts is not a variable of a traffic policy",
      ),
    ]);
  });

  test("a rule's expression that is not a boolean is refused", () => {
    expect(judged(rule("on_http_request", "req.url.path")).failures).toEqual([
      expect.stringContaining(
        "at line 1, column 1: it is a string, not a boolean: a condition must be true or false",
      ),
    ]);
  });
});

describe("what ngrok's docs contest", () => {
  test.each([
    [
      "a comparison of res.status_code with a string (the event-logging example)",
      "on_http_response",
      "res.status_code < '200'",
      "int < string -> bool: the event-logging example compares res.status_code",
    ],
    [
      "contains on a header's values (the response-body-find-replace page)",
      "on_http_response",
      "res.headers['content-type'].contains('application/json')",
      "list(A).contains(A) -> bool: the response-body-find-replace page calls contains",
    ],
    [
      "ngrok.* (the gallery's header example, on no variables page)",
      "on_http_request",
      ".ngrok.geo.country_code == 'US'",
      "ngrok.* is on no variables page",
    ],
  ])("%s passes with a warning", (_what, phase, expression, says) => {
    const log = { type: "log", config: { metadata: { rule: "contested" } } };
    const { failures, warnings } = judged({
      [phase]: [{ expressions: [expression], actions: [log] }],
    });
    expect(failures).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining(says)]);
  });

  test("a comparison of an int with a list is still refused", () => {
    expect(celProblems("res.status_code == ['200']", condition("on_http_response"))).toEqual([
      expect.objectContaining({ warning: false }),
    ]);
  });

  test("sort(x, y, x.a < y.a), from the set-vars page, binds both items", () => {
    expect(
      celProblems("vars.models.sort(x, y, x.latency < y.latency)", condition("on_http_request")),
    ).toEqual([
      expect.objectContaining({
        message: expect.stringContaining("it is a list(dyn), not a boolean"),
      }),
    ]);
    expect(
      celProblems("size([2, 1].sort(x, y, x < y)) == 2", condition("on_http_request")),
    ).toEqual([]);
  });
});

describe("the parser's messages", () => {
  test("an expression ending in a // comment parses, and columns after a comment stay right", () => {
    expect(judged(rule("on_http_request", "req.url.path == '/' // the root"))).toEqual({
      failures: [],
      warnings: [],
    });
    const problems = celProblems(
      "req.url.path == '/' || // the root\n  req.url.pathh == '/x'",
      condition("on_http_request"),
    );
    expect(problems).toEqual([expect.objectContaining({ line: 2, column: 11 })]);
  });

  test("a missing ) is reported at the end of the expression, naming the ( it closes", () => {
    const expression =
      "getReqHeader('X').exists(v, v.matches('x')) && (req.url.path.startsWith('/a') || req.url.path.contains('b')";
    expect(judged(rule("on_http_request", expression)).failures).toEqual([
      `${RULE} must be a CEL expression; it does not parse at line 1, column 108: a ) is missing ` +
        "at the end of the expression, to close the ( at line 1, column 48 (line 3 of the policy)",
    ]);
    expect(celProblems("req.url.path.startsWith('/a'")).toEqual([
      expect.objectContaining({
        line: 1,
        column: 29,
        message: expect.stringContaining("to close the ( at line 1, column 24"),
      }),
    ]);
    expect(celProblems("f(')') ]")[0].message).toBe("this ] closes nothing");
  });

  test("an unquoted expression starting with ! (a YAML tag) says what YAML did and how to quote it", () => {
    const policy =
      "on_tcp_connect:\n  - expressions:\n      - !(conn.client_ip in ['2001:4860:7:f0e::f4', '98.35.32.113'])\n" +
      "    actions:\n      - type: deny\n";
    expect(judged(policy).failures).toEqual([
      "trafficPolicy.on_tcp_connect[0].expressions[0] must be a CEL expression, quoted in YAML when " +
        "it starts with !: unquoted, YAML reads !(conn.client_ip as a tag and drops it, leaving " +
        `"in ['2001:4860:7:f0e::f4', '98.35.32.113'])" (line 3 of the policy); write it in quotes: ` +
        `"!(conn.client_ip in ['2001:4860:7:f0e::f4', '98.35.32.113'])"`,
    ]);
    const quoted = policy.replace("- !(", `- "!(`).replace("])\n", `])"\n`);
    expect(judged(quoted)).toEqual({ failures: [], warnings: [] });
  });
});
