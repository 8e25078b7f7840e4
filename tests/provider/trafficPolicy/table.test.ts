/**
 * The traffic policy table (`provider/trafficPolicy/actions.ts`, `phases.ts`, `schema.ts`) is
 * complete enough to derive types, checks and, later, the package schema from: each action has
 * its source in ngrok's docs and phases that exist; each field a snake_case wire name whose
 * camelCase spelling converts back, a description, and a type the checks know. The types derived
 * from it refuse what the checks refuse (checked by `npm run typecheck`). And the check loads the
 * YAML reader and the CEL parser only when a policy needs them.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import {
  ACTIONS,
  type ActionSpec,
  type ConfigOf,
  type FieldSpec,
  type FieldType,
  type KnownAction,
  PHASE_NAMES,
  PHASES,
  type TrafficPolicy,
} from "../../../provider/trafficPolicy";
import { isTerminating } from "../../../provider/trafficPolicy/flow";
import { camelCase, snakeCase } from "../../../provider/trafficPolicy/schema";
import { REPO } from "../../support/stack";

/** Every field of the table, deeply, with its path. */
function fieldsOf(
  fields: Readonly<Record<string, FieldSpec>>,
  at: string,
): [string, string, FieldSpec][] {
  return Object.entries(fields).flatMap(([wire, field]) => [
    [`${at}.${wire}`, wire, field] as [string, string, FieldSpec],
    ...nested(field.type, `${at}.${wire}`),
  ]);
}
function nested(type: FieldType, at: string): [string, string, FieldSpec][] {
  if (type.kind === "object") return fieldsOf(type.fields, at);
  if (type.kind === "list") return nested(type.items, `${at}[]`);
  if (type.kind === "map") return nested(type.values, `${at}{}`);
  return [];
}

const actions: [string, ActionSpec][] = Object.entries(ACTIONS);
const fields = actions.flatMap(([type, spec]) => fieldsOf(spec.fields, type));

test("the table knows ngrok's actions, each with its source and phases that exist", () => {
  expect(actions.length).toBeGreaterThanOrEqual(27);
  for (const [type, spec] of actions) {
    expect({ type, source: spec.source }).toEqual({
      type,
      source: expect.stringMatching(
        /^https:\/\/ngrok\.com\/docs\/traffic-policy\/actions\/[a-z-]+\/$/,
      ),
    });
    expect(spec.description.length).toBeGreaterThan(10);
    expect(spec.phases.length).toBeGreaterThan(0);
    for (const phase of spec.phases) expect(PHASE_NAMES).toContain(phase);
    for (const alias of spec.aliases ?? []) expect(Object.keys(ACTIONS)).not.toContain(alias);
    for (const rule of spec.rules ?? []) {
      for (const field of rule.fields) expect(Object.keys(spec.fields)).toContain(field);
    }
  }
  expect(Object.keys(PHASES)).toEqual(PHASE_NAMES);
  // ngrok's terminating actions ("How Traffic Policy Works"), and where its pages disagree.
  const terminating = actions.filter(([, spec]) => isTerminating(spec)).map(([type]) => type);
  expect(terminating.sort()).toEqual([
    "close-connection",
    "custom-response",
    "deny",
    "forward-internal",
  ]);
  const disputed = actions.filter(([, spec]) => typeof spec.terminating === "object");
  expect(Object.fromEntries(disputed.map(([type, spec]) => [type, spec.terminating]))).toEqual({
    "custom-response": { laterActions: expect.stringContaining("maintenance-mode") },
    "forward-internal": { unless: { field: "on_error", value: "continue" } },
    redirect: { contested: expect.stringContaining("cloud endpoints page") },
  });
  for (const [type, spec] of disputed) {
    const unless = typeof spec.terminating === "object" ? spec.terminating.unless : undefined;
    if (unless !== undefined)
      expect({ type, field: unless.field in spec.fields }).toEqual({ type, field: true });
  }
  // Only terminate-tls names its schemes ("Supported schemes: https"; tls in the mTLS examples).
  const schemes = actions.filter(([, spec]) => spec.schemes !== undefined);
  expect(Object.fromEntries(schemes.map(([type, spec]) => [type, spec.schemes]))).toEqual({
    "terminate-tls": ["https", "tls"],
  });
});

test("a legacy spelling names a field of its action, and is left out of the SDKs' types", () => {
  const legacy = actions.flatMap(([type, spec]) =>
    Object.entries(spec.fields)
      .filter(([, field]) => field.legacyOf !== undefined)
      .map(([wire, field]) => [type, wire, field.legacyOf]),
  );
  expect(legacy).toEqual([
    ["openid-connect", "idle_session_timeout", "idle_session_duration"],
    ["custom-response", "content", "body"],
  ]);
  const table: Readonly<Record<string, ActionSpec>> = ACTIONS;
  for (const [type, , current] of legacy) {
    expect(Object.keys(table[type ?? ""].fields)).toContain(current);
  }
  // @ts-expect-error -- content is custom-response's legacy spelling of body: not typed
  const content: KnownAction = { type: "custom-response", config: { content: "x" } };
  expect(content.type).toBe("custom-response");
});

test("every field has a snake_case wire name that camelCase converts back, and a description", () => {
  expect(fields.length).toBeGreaterThan(90);
  for (const [where, wire, field] of fields) {
    expect({ where, wire }).toEqual({ where, wire: expect.stringMatching(/^[a-z][a-z0-9_]*$/) });
    expect({ where, back: snakeCase(camelCase(wire)) }).toEqual({ where, back: wire });
    expect({ where, described: field.description.length > 5 }).toEqual({ where, described: true });
  }
});

test("secret fields hold strings; the secret-bearing ones are ngrok's credentials", () => {
  const secret = fields.filter(([, , field]) => field.secret).map(([where]) => where);
  expect(secret.sort()).toEqual([
    "basic-auth.credentials",
    "oauth.client_secret",
    "openid-connect.client_secret",
    "terminate-tls.server_private_key",
    "verify-webhook.secret",
  ]);
});

test("the derived types take the table's fields in camelCase, and refuse what it refuses", () => {
  const policy: TrafficPolicy = {
    onTcpConnect: [{ actions: [{ type: "restrict-ips", config: { allow: ["10.0.0.0/8"] } }] }],
    onHttpRequest: [
      {
        name: "sign-in",
        expressions: ["true"],
        actions: [{ type: "oauth", config: { provider: "google", idleSessionTimeout: "15m" } }],
      },
    ],
  };
  const oidc: ConfigOf<(typeof ACTIONS)["openid-connect"]["fields"]> = {
    issuerUrl: "https://idp.example.com",
  };
  // @ts-expect-error -- issuerUrl is required
  const missing: ConfigOf<(typeof ACTIONS)["openid-connect"]["fields"]> = { clientId: "x" };
  // @ts-expect-error -- "gogle" is not one of ngrok's OAuth providers
  const provider: KnownAction = { type: "oauth", config: { provider: "gogle" } };
  // @ts-expect-error -- a status code is a number
  const status: KnownAction = { type: "deny", config: { statusCode: "403" } };
  expect([policy, oidc, missing, provider, status]).toHaveLength(5);
});

/** The modules loaded, among `watched`, after `call` ran on the compiled module (a fresh process). */
function loadedBy(call: string, watched: string[]): string[] {
  const script = `
    const t = require(${JSON.stringify(path.join(REPO, "dist/provider/trafficPolicy/index.js"))});
    ${call};
    const names = Object.keys(require.cache)
      .map((file) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file)?.[1])
      .filter((name) => ${JSON.stringify(watched)}.includes(name));
    process.stdout.write(JSON.stringify([...new Set(names)].sort()));`;
  return JSON.parse(
    execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }),
  ) as string[];
}

test("a policy loads the YAML reader only as text, the CEL parser only with CEL, zod never", () => {
  const watched = ["yaml", "@bufbuild/cel", "zod", "node-fetch", "@xmldom/xmldom"];
  const object = `{ onHttpRequest: [{ actions: [{ type: "deny", config: { statusCode: 404 } }] }] }`;
  const withCel = `{ onHttpRequest: [{ expressions: ["req.url.path == '/'"], actions: [{ type: "deny" }] }] }`;
  expect(loadedBy(`t.checkTrafficPolicy(${object})`, watched)).toEqual([]);
  expect(loadedBy(`t.checkTrafficPolicy(${withCel})`, watched)).toEqual(["@bufbuild/cel"]);
  // RE2 only for a regular expression.
  const regex = `{ onHttpRequest: [{ actions: [{ type: "url-rewrite", config: { from: "^/a", to: "/b" } }] }] }`;
  expect(loadedBy(`t.checkTrafficPolicy(${object})`, ["re2js"])).toEqual([]);
  expect(loadedBy(`t.checkTrafficPolicy(${regex})`, ["re2js"])).toEqual(["re2js"]);
  expect(
    loadedBy(`t.checkTrafficPolicy("on_tcp_connect: [{actions: [{type: deny}]}]")`, watched),
  ).toEqual(["yaml"]);
  // `same` (a diff) never parses CEL.
  expect(loadedBy(`t.sameTrafficPolicy(${withCel}, ${withCel})`, watched)).toEqual([]);
});
