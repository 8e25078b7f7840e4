/**
 * The canonical JSON of a traffic policy and `sameTrafficPolicy` (provider/trafficPolicy): the
 * form (YAML, JSON, object), the order of keys and the layout of a text never make a diff, and
 * neither does ngrok storing the policy as other text; a real change does. Properties checked
 * with fast-check over generated policies (fixed seed, so that a run is repeatable).
 */
import fc from "fast-check";
import * as YAML from "yaml";
import {
  canonicalJson,
  canonicalTrafficPolicy,
  sameTrafficPolicy,
} from "../../../provider/trafficPolicy";
import { camelCase } from "../../../provider/trafficPolicy/schema";

/** Runs of each property: enough to vary every shape, cheap enough for the fast tier (~1 s). */
const RUNS = { numRuns: 25, seed: 402 };

/** add-headers, with header names of its own. */
const headersAction = fc.record({
  type: fc.constant("add-headers"),
  config: fc.record({
    headers: fc.dictionary(fc.stringMatching(/^X-[A-Za-z-]{1,8}$/), fc.string(), {
      minKeys: 1,
      maxKeys: 4,
    }),
  }),
});

/** Actions with their configs, in ngrok's spelling. */
const action = fc.oneof(
  headersAction,
  fc.record({
    type: fc.constant("deny"),
    config: fc.record({ status_code: fc.integer({ min: 100, max: 599 }) }),
  }),
  fc.record({
    type: fc.constant("oauth"),
    config: fc.record(
      {
        provider: fc.constantFrom("google", "github"),
        scopes: fc.array(fc.string({ minLength: 1 })),
        auth_id: fc.string(),
      },
      { requiredKeys: ["provider"] },
    ),
  }),
  fc.record({
    type: fc.constant("forward-internal"),
    config: fc.record({ url: fc.constantFrom("https://a.internal", "tcp://db.internal:5432") }),
  }),
);
const ruleOf = (actions: fc.Arbitrary<Record<string, unknown>>) =>
  fc.record(
    {
      name: fc.string(),
      expressions: fc.array(
        fc.constantFrom("true", "req.url.path == '/'", "conn.client_ip != ''"),
        {
          minLength: 1,
        },
      ),
      actions: fc.array(actions, { minLength: 1, maxLength: 3 }),
    },
    { requiredKeys: ["actions"] },
  );
const policy = fc.record(
  {
    on_http_request: fc.array(ruleOf(action), { minLength: 1, maxLength: 3 }),
    // What runs in responses too: add-headers (deny, oauth and forward-internal do not).
    on_http_response: fc.array(ruleOf(headersAction), { minLength: 1, maxLength: 2 }),
  },
  { requiredKeys: ["on_http_request"] },
);

/** `value` with every object's keys in a shuffled order (the permutation drawn from `seed`). */
function shuffled(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item, index) => shuffled(item, seed + index));
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value);
  entries.sort((a, b) => ((hash(a[0]) ^ seed) % 7) - ((hash(b[0]) ^ seed) % 7));
  return Object.fromEntries(entries.map(([key, item]) => [key, shuffled(item, seed * 31 + 1)]));
}
const hash = (text: string) => [...text].reduce((h, c) => (h * 33 + c.charCodeAt(0)) >>> 0, 5381);

/** The SDKs' spelling of a policy in ngrok's (header names kept). */
function sdk(value: unknown, keep = false): unknown {
  if (Array.isArray(value)) return value.map((item) => sdk(item));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      keep ? key : camelCase(key),
      sdk(item, key === "headers"),
    ]),
  );
}

test("every form, key order and layout of a policy has one canonical JSON, and same() says so", () => {
  fc.assert(
    fc.property(policy, fc.integer(), fc.constantFrom(0, 2, 4), (p, seed, indent) => {
      const canonical = canonicalTrafficPolicy(p);
      expect(canonical).toBeDefined();
      const forms = [
        JSON.stringify(shuffled(p, seed), null, indent),
        YAML.stringify(shuffled(p, seed + 1), { indent: 2 + indent }),
        YAML.stringify(p, { defaultStringType: "QUOTE_DOUBLE", collectionStyle: "flow" }),
        shuffled(sdk(p), seed + 2),
      ];
      for (const form of forms) {
        expect(canonicalTrafficPolicy(form)).toBe(canonical);
        expect(sameTrafficPolicy(p, form)).toBe(true);
        expect(sameTrafficPolicy(form, canonical)).toBe(true);
      }
    }),
    RUNS,
  );
});

test("the canonical JSON is sorted, without whitespace, and reads back as the policy", () => {
  fc.assert(
    fc.property(policy, (p) => {
      const canonical = canonicalTrafficPolicy(p)!;
      expect(JSON.parse(canonical)).toEqual(p);
      expect(canonical).toBe(canonicalJson(JSON.parse(canonical)));
      expect(canonical).toBe(JSON.stringify(JSON.parse(canonical)));
    }),
    RUNS,
  );
});

test("a change of a value, of the order of rules or of actions is not the same policy", () => {
  fc.assert(
    fc.property(policy, (p) => {
      const changed = structuredClone(p);
      changed.on_http_request[0].actions.push({ type: "deny", config: { status_code: 451 } });
      expect(sameTrafficPolicy(p, changed)).toBe(false);
      if (p.on_http_request.length > 1) {
        const reordered = { ...p, on_http_request: [...p.on_http_request].reverse() };
        const differs =
          canonicalJson(reordered.on_http_request) !== canonicalJson(p.on_http_request);
        expect(sameTrafficPolicy(p, reordered)).toBe(!differs);
      }
    }),
    RUNS,
  );
});

test("what says nothing is left out: nulls, empty phases, expressions and configs", () => {
  const bare = "on_http_request:\n  - actions:\n      - type: deny\n";
  const padded = [
    "# ngrok's docs write comments in policies",
    "on_http_request:",
    "  - name: null",
    "    expressions: []",
    "    actions:",
    "      - type: deny",
    "        config: {}",
    "on_http_response: []",
    "on_tcp_connect:",
  ].join("\n");
  expect(canonicalTrafficPolicy(padded)).toBe(canonicalTrafficPolicy(bare));
  expect(canonicalTrafficPolicy(bare)).toBe('{"on_http_request":[{"actions":[{"type":"deny"}]}]}');
  expect(
    sameTrafficPolicy(
      { onHttpRequest: [{ actions: [{ type: "deny", config: undefined }] }] },
      bare,
    ),
  ).toBe(true);
});

test("ngrok's stored text of a policy (JSON with other spacing) is the same policy", () => {
  const declared =
    "on_http_request:\n  - actions:\n      - type: custom-response\n        config:\n          status_code: 200\n          body: ok\n";
  const stored =
    '{ "on_http_request": [ { "actions": [ { "config": { "body": "ok", "status_code": 200 }, "type": "custom-response" } ] } ] }';
  expect(sameTrafficPolicy(stored, declared)).toBe(true);
  expect(sameTrafficPolicy(stored, declared.replace("ok", "ko"))).toBe(false);
});

test("texts that are no policy compare as given; a value not known yet is never the same", () => {
  expect(sameTrafficPolicy("not: [a policy", "not: [a policy")).toBe(true);
  expect(sameTrafficPolicy("not: [a policy", "not:  [a policy")).toBe(false);
  const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
  const withUnknown = {
    onHttpRequest: [{ actions: [{ type: "forward-internal", config: { url: unknown } }] }],
  };
  expect(canonicalTrafficPolicy(withUnknown)).toBeUndefined();
  expect(sameTrafficPolicy(withUnknown, { onHttpRequest: [{ actions: [{ type: "deny" }] }] })).toBe(
    false,
  );
});
