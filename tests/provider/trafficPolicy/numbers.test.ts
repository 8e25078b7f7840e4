/**
 * Numbers reach ngrok as the policy writes them (provider/trafficPolicy/numbers.ts, issue #49 §2):
 * a text's `1.0` stays a double and `9007199254740993` stays itself in the canonical JSON; YAML's
 * own spellings become JSON's; what JSON cannot hold, or a double may already have changed, is
 * refused naming it. `1` and `1.0` are one policy in the object form, two in a text.
 */
import {
  canonicalTrafficPolicy,
  checkTrafficPolicy,
  sameTrafficPolicy,
} from "../../../provider/trafficPolicy";
import { jsonNumberText } from "../../../provider/trafficPolicy/numbers";

/** A YAML policy whose `set-vars` sets `v` to `value` (written as is) and logs `m: value`. */
const vars = (value: string) =>
  "on_http_request:\n  - actions:\n" +
  `      - type: set-vars\n        config:\n          vars:\n            - v: ${value}\n` +
  `      - type: log\n        config:\n          metadata:\n            m: ${value}\n`;

/** The `set-vars` and `log` values of the canonical JSON, as text. */
function sentAs(canonical: string | undefined): string[] {
  return [...(canonical ?? "").matchAll(/"(?:v|m)":([^,}\]]+)/g)].map((match) => match[1]);
}

test.each([
  ["1.0", "1.0"],
  ["1", "1"],
  ["0.5", "0.5"],
  ["100.50", "100.50"],
  ["9007199254740993", "9007199254740993"],
  ["-12345678901234567890.25e3", "-12345678901234567890.25e3"],
  ["1e3", "1e3"],
  ["1E-7", "1E-7"],
  // YAML 1.2's spellings that JSON does not have become JSON's, keeping int or float.
  ["0x1F", "31"],
  ["0o17", "15"],
  ["+7", "7"],
  ["007", "7"],
  [".5", "0.5"],
  ["-.5", "-0.5"],
  ["2.", "2.0"],
  ["0x20000000000001", "9007199254740993"],
])("a text's %s in set-vars and log metadata is sent as %s", (written, json) => {
  const result = checkTrafficPolicy(vars(written));
  expect(result.failures).toEqual([]);
  expect(sentAs(result.canonical)).toEqual([json, json]);
  expect(JSON.parse(result.canonical!)).toBeDefined();
});

test("a JSON text keeps its numbers as written too", () => {
  const text =
    '{"on_http_request":[{"actions":[{"type":"set-vars","config":{"vars":[{"v":2.50}]}},' +
    '{"type":"log","config":{"metadata":{"m":18446744073709551617}}}]}]}';
  expect(sentAs(checkTrafficPolicy(text).canonical)).toEqual(["2.50", "18446744073709551617"]);
});

test("a typed number keeps its text, judged by its value", () => {
  const breaker = (threshold: string) =>
    "on_http_request:\n  - actions:\n      - type: circuit-breaker\n        config:\n" +
    `          error_threshold: ${threshold}\n          volume_threshold: 10.0\n`;
  const kept = checkTrafficPolicy(breaker("1.0"));
  expect(kept.failures).toEqual([]);
  expect(kept.canonical).toContain('"error_threshold":1.0');
  expect(kept.canonical).toContain('"volume_threshold":10.0');
  const refused = checkTrafficPolicy(breaker("1.50"));
  expect(refused.failures.map((f) => f.reason)).toEqual([
    "trafficPolicy.on_http_request[0].actions[0].config.error_threshold (circuit-breaker action) " +
      "must be a number from 0 to 1; got 1.50",
  ]);
});

test("a number JSON has no text for is refused, naming it", () => {
  for (const [written, shown] of [
    [".inf", "Infinity"],
    ["-.Inf", "-Infinity"],
    [".nan", "NaN"],
  ]) {
    const result = checkTrafficPolicy(vars(written));
    expect(result.canonical).toBeUndefined();
    expect(result.failures.map((f) => f.reason)).toEqual([
      `trafficPolicy.on_http_request[0].actions[0].config.vars[0].v (set-vars action) must be a finite number; ${shown} has no JSON text, and ngrok receives JSON`,
      `trafficPolicy.on_http_request[0].actions[1].config.metadata.m (log action) must be a finite number; ${shown} has no JSON text, and ngrok receives JSON`,
    ]);
  }
});

test("the object form: numbers are doubles; an integer beyond 2^53 - 1 is refused, naming it", () => {
  const policy = (value: unknown) => ({
    onHttpRequest: [{ actions: [{ type: "log", config: { metadata: { m: value } } }] }],
  });
  expect(checkTrafficPolicy(policy(2 ** 53 - 1)).canonical).toContain('"m":9007199254740991');
  expect(checkTrafficPolicy(policy(0.1)).canonical).toContain('"m":0.1');
  const refused = checkTrafficPolicy(policy(Number("9007199254740993"))); // a double holds …992
  expect(refused.failures.map((f) => f.reason)).toEqual([
    "trafficPolicy.onHttpRequest[0].actions[0].config.metadata.m (log action) is " +
      "9007199254740992, an integer beyond 2^53 - 1: the object form carries numbers as doubles " +
      "(Pulumi's protocol), which may already have changed it; write it as text (a string, or " +
      "the policy as YAML or JSON text)",
  ]);
  expect(checkTrafficPolicy(policy(Number.NaN)).failures[0].reason).toContain(
    "must be a finite number; NaN has no JSON text",
  );
  // The same integer in a text is kept exactly.
  const text =
    "on_http_request:\n  - actions:\n      - type: log\n        config:\n          metadata:\n            m: 9007199254740993\n";
  expect(checkTrafficPolicy(text).canonical).toContain('"m":9007199254740993');
});

test("1 and 1.0: one policy in the object form, two in a text, each form consistent", () => {
  const object = (value: number) => ({
    onHttpRequest: [{ actions: [{ type: "set-vars", config: { vars: [{ v: value }] } }] }],
  });
  const text = (value: string) =>
    `on_http_request:\n  - actions:\n      - type: set-vars\n        config:\n          vars: [{v: ${value}}]\n`;
  // A JavaScript 1.0 is 1: the object form cannot say otherwise.
  expect(sameTrafficPolicy(object(1.0), object(1))).toBe(true);
  // A text says which it is, and ngrok receives what it says: a change between them is an update.
  expect(sameTrafficPolicy(text("1.0"), text("1"))).toBe(false);
  expect(sameTrafficPolicy(text("1.0"), text("1.0"))).toBe(true);
  expect(sameTrafficPolicy(text("1"), object(1))).toBe(true);
  expect(sameTrafficPolicy(text("1.0"), object(1))).toBe(false);
  // ngrok's stored text of the policy (the canonical JSON sent) is the same policy.
  expect(sameTrafficPolicy(canonicalTrafficPolicy(text("1.0")), text("1.0"))).toBe(true);
  expect(canonicalTrafficPolicy(text("1.0"))).toBe(checkTrafficPolicy(text("1.0")).canonical);
});

test("a number of the text that is a map key keeps its text too", () => {
  const text =
    "on_http_request:\n  - actions:\n      - type: log\n        config:\n          metadata:\n            1.0: a\n            2: b\n";
  const canonical = checkTrafficPolicy(text).canonical;
  expect(JSON.parse(canonical!).on_http_request[0].actions[0].config.metadata).toEqual({
    "1.0": "a",
    "2": "b",
  });
});

test("jsonNumberText: JSON's own numbers as they are, YAML's in JSON's spelling, none for .inf", () => {
  expect(jsonNumberText("-0.0e+5")).toBe("-0.0e+5");
  expect(jsonNumberText("0x1f")).toBe("31");
  expect(jsonNumberText("+.5E2")).toBe("0.5E2");
  expect(jsonNumberText("00.25")).toBe("0.25");
  expect(jsonNumberText(".inf")).toBeUndefined();
  expect(jsonNumberText(".NaN")).toBeUndefined();
});
