/**
 * ngrok's Traffic Policy, typed and checked with no API call (issue #40 §2): the check that a
 * resource's `check` runs on a `trafficPolicy` input, the canonical JSON its request body gets,
 * and the comparison its `diff` uses.
 *
 * A policy is given as an object (the SDKs' camelCase, `{ onHttpRequest: [{ actions: [{ type:
 * "deny" }] }] }`; ngrok's snake_case keys are accepted too) or as a YAML or JSON text (ngrok's
 * snake_case, as its docs write policies). Every form becomes one canonical form: ngrok's
 * spelling, keys sorted, no whitespace ({@link canonicalJson}), so that the form, the order of
 * keys and the layout of a text never make a diff ({@link sameTrafficPolicy}).
 *
 * What {@link checkTrafficPolicy} refuses, each failure naming the path (in the form's own
 * spelling, see `./report`), the action and the rule:
 * - a text that is not one YAML or JSON document, or repeats a key;
 * - a phase that is not one of ngrok's (`./phases`); a rule without actions, or with a field other
 *   than name, expressions and actions; an action without a type, or in a phase it does not run in;
 *   an action type one or two edits from a known one (`openid-conect`, a typo);
 * - a CEL expression (a rule's `expressions`, a rate limit's `bucket_key`) or an interpolation
 *   `${…}` in a config string that takes CEL that does not parse, or that reads a variable, field
 *   or function ngrok does not have in the rule's phase (`req.pathh`, `res.*` in
 *   `on_http_request`) or gives a function what it does not take (`req.url.path.startsWith(1)`),
 *   with its line and column (`./cel`, the table of ngrok's variables in `./celVariables`); a
 *   rule's expression that is not a boolean; in YAML, an unquoted expression starting with `!` (a
 *   tag to YAML);
 * - for each action this version knows (`./actions`, `./authActions`), a missing required field,
 *   a value of the wrong type or out of range, a value not of its format (an `issuer_url` that is
 *   not https, `${…}` included where ngrok takes it as text, an `oauth` provider not in ngrok's
 *   list, a CIDR block that does not parse, a header name, a `redirect` or `url-rewrite` `from`
 *   that RE2 does not compile, a cookie domain, …), fields that go together set alone;
 * - the `saml` action's `idp_metadata`: the rules and messages of `HttpsEdgeRouteSaml.idpMetadata`;
 * - a number ngrok cannot receive as written (`./numbers`);
 * - an action after a terminating one in its rule, a `forward-internal` to another protocol, and,
 *   with the endpoint's URL, a phase or action its protocol does not have and a cloud endpoint's
 *   policy that does not end with a terminating action (`./flow`).
 *
 * Warnings (the policy passes): an action type this version does not know (ngrok adds actions
 * often; it is sent as written), a config field it does not know, an early-access action, a
 * `saml` document's signing certificate that has expired or expires within 30 days, CEL whose
 * reading ngrok's docs leave open (a function they do not list, a field of an action's result
 * they do not list, int mixed with double; see `./celCheck`), and the forms ngrok's pages
 * disagree on, each sent as written: `${…}` as text in a field without a format that takes no
 * CEL, `basic-auth` credentials as `{username, password}` objects, a `name` on an action, a header
 * value that is a number, a duration as integer nanoseconds, and a cloud endpoint's policy whose
 * last terminating action is behind expressions (`./flow`).
 *
 * Secrets: no message quotes a secret value, and none hides more (issue #48 §2). The secret
 * values are those of the fields that hold one (`client_secret`, `basic-auth` credentials, a
 * webhook secret, a TLS private key), and those the program made secret: at the places
 * `secretAt` names (a secret output as a leaf of the policy object), or all of the policy's values
 * when the whole input is secret (`secret`: the policy is the result of an `apply` over a secret,
 * or a text). Their paths are returned. A message names a hidden value's path, its action and the
 * rule it breaks, never the value, nor what the parsers say of it (they quote it); the policy's
 * keys, paths and action types are never hidden. A reference to an ngrok vault secret,
 * `${secrets.get('vault', 'name')}`, is accepted wherever a secret goes, and holds none: it keeps
 * the secret out of the program.
 *
 * Pure: no I/O. Loads `yaml` for a text only, `@bufbuild/cel` only for a policy with CEL, `re2js`
 * only for one with a regular expression.
 *
 * @module
 */
import { redactSecretText, type SecretText } from "../common/secretInputs";
import { endpointOf, judgeFlow } from "./flow";
import { readPolicy } from "./input";
import { isWrittenNumber, jsonText } from "./numbers";
import {
  isMap,
  type PathStep,
  type PolicyForm,
  record,
  type TrafficPolicyFailure,
  Walk,
} from "./report";
import { walkPolicy } from "./walk";

export { ACTIONS, actionSpec, type KnownActionType } from "./actions";
export { OAUTH_PROVIDERS } from "./authActions";
export { PHASES, PHASE_NAMES } from "./phases";
export type { PolicyForm, TrafficPolicyFailure } from "./report";
export type * from "./schema";
export type * from "./types";

/** Options of {@link checkTrafficPolicy}. */
export interface TrafficPolicyCheckOptions {
  /** The property the policy is given in, first in every path. Default `trafficPolicy`. */
  readonly property?: string;
  /** The program made the whole input secret: no message quotes any of its values. */
  readonly secret?: boolean;
  /**
   * The places inside the policy the program made secret (each the steps of a path after the
   * property, keys as the program wrote them, e.g. `["onHttpRequest", 0, "actions", 0, "config",
   * "clientSecret"]`): no message quotes what is there. Default: none.
   */
  readonly secretAt?: readonly (readonly PathStep[])[];
  /** Who holds the policy, first in each warning (e.g. `CloudEndpoint "api"`). Default: none. */
  readonly who?: string;
  /** The time to judge certificate expiry against (milliseconds since the epoch). Default: now. */
  readonly now?: number;
  /**
   * The URL of the endpoint that holds the policy (`https://api.example.com`,
   * `tcp://1.tcp.ngrok.io:12345`, `https://app.internal`). With it, the rules of its protocol
   * apply: phases (a `tcp://` or `tls://` endpoint has `on_tcp_connect` only, `ERR_NGROK_2230`;
   * an internal HTTP one has no `on_tcp_connect`, `ERR_NGROK_2262`), actions (`terminate-tls` on
   * https and tls only, `ERR_NGROK_2205`), `forward-internal` targets; and, for a cloud endpoint
   * ({@link TrafficPolicyCheckOptions.endpointType}), the policy must end with a terminating
   * action (`ERR_NGROK_2235`). Left out, or with a scheme other than http, https, tls and tcp,
   * none of these is judged. Default: none.
   */
  readonly url?: string;
  /**
   * The type of the endpoint at {@link TrafficPolicyCheckOptions.url}, as ngrok's API names it:
   * `cloud` (`CloudEndpoint`), whose policy must end with a terminating action, or `agent` (an
   * agent's endpoint, which forwards to its upstream: the rule is not its). Default: `cloud`.
   */
  readonly endpointType?: "cloud" | "agent";
}

/** What {@link checkTrafficPolicy} found. */
export interface TrafficPolicyCheck {
  readonly form: PolicyForm;
  /** Why the policy is refused; none when it passes. Each reason starts with its path. */
  readonly failures: readonly TrafficPolicyFailure[];
  /** What passes but deserves a look (see the module's comment). */
  readonly warnings: readonly string[];
  /**
   * The paths of the secret values in the policy: in a field that holds a secret (not vault
   * references), or where the program made a value secret (`secretAt`).
   */
  readonly secretPaths: readonly string[];
  /**
   * The policy as ngrok receives it ({@link canonicalJson}), when it passed and every value in it
   * is known (in a preview, a value from another resource may not be).
   */
  readonly canonical?: string;
}

/**
 * Judges a traffic policy in any of its forms (see the module's comment), with no API call.
 * Never throws.
 */
export function checkTrafficPolicy(
  input: unknown,
  options: TrafficPolicyCheckOptions = {},
): TrafficPolicyCheck {
  const property = options.property ?? "trafficPolicy";
  try {
    return check(input, options, property);
  } catch {
    // Defensive (a value nested past the stack's depth, a cycle): `check` must not crash, and no
    // library's message reaches the user.
    const reason =
      `${property} could not be read: the check stopped on a value it does not handle (nested ` +
      "too deep, or a cycle); give the policy as YAML or JSON text";
    return {
      form: typeof input === "string" ? "yaml" : "object",
      failures: [{ path: property, reason }],
      warnings: [],
      secretPaths: [],
    };
  }
}

/** {@link checkTrafficPolicy}, which may throw on a value nested past the stack's depth. */
function check(
  input: unknown,
  options: TrafficPolicyCheckOptions,
  property: string,
): TrafficPolicyCheck {
  const reading = readPolicy(input);
  if (!reading.ok) {
    const failure = { path: property, reason: `${property} ${reading.reason}` };
    return { form: reading.form, failures: [failure], warnings: [], secretPaths: [] };
  }
  const walk = new Walk({
    form: reading.form,
    property,
    judge: true,
    secretInput: options.secret === true,
    secretAt: options.secretAt ?? [],
    who: options.who,
    now: options.now ?? Date.now(),
    lineOf: reading.lineOf,
    tagOf: reading.tagOf,
  });
  const converted = walkPolicy(walk, reading.value);
  if (converted !== undefined) {
    const cloud = (options.endpointType ?? "cloud") === "cloud";
    const endpoint = options.url === undefined ? undefined : endpointOf(options.url, cloud);
    judgeFlow(walk, reading.value, converted, endpoint);
  }
  // No message quotes a secret value; these texts are cleared from any that would.
  const secrets: SecretText[] = [
    ...walk.secretValues.map((text) => ({ text, match: "anywhere" as const })),
    ...(options.secret === true ? writtenValues(reading.value) : []).map((text) => ({
      text,
      match: "word" as const,
    })),
  ];
  const failures = walk.failures.map((f) => ({
    ...f,
    reason: redactSecretText(f.reason, secrets),
  }));
  const passed = failures.length === 0 && !walk.unknown && converted !== undefined;
  return {
    form: reading.form,
    failures,
    warnings: walk.warnings.map((warning) => redactSecretText(warning, secrets)),
    secretPaths: walk.secretPaths,
    ...(passed ? { canonical: canonicalJson(converted) } : {}),
  };
}

/**
 * The values a program wrote in a policy in any form (a text's, parsed): every string but the
 * actions' types, none of its keys. What no message may show when the whole policy is secret
 * (the definition's `writtenValues`, `../framework/property`); none when it cannot be read.
 */
export function trafficPolicyValues(input: unknown): string[] {
  try {
    const reading = readPolicy(input);
    return reading.ok ? writtenValues(reading.value) : [];
  } catch {
    return []; // nested past the stack's depth, or a cycle: nothing is walked
  }
}

/** The strings of a read policy, deeply, but an action's `type` (phase, rule, `actions`, action). */
function writtenValues(value: unknown, steps: readonly PathStep[] = []): string[] {
  if (typeof value === "string") {
    const actionType = steps.length === 5 && steps[2] === "actions" && steps[4] === "type";
    return actionType ? [] : [value];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => writtenValues(item, [...steps, i]));
  if (isMap(value)) {
    return Object.entries(value).flatMap(([key, item]) => writtenValues(item, [...steps, key]));
  }
  return [];
}

/**
 * The canonical JSON of a policy in any form, without judging its values (no CEL parser, no
 * XML one): `undefined` when it is not a policy (its structure is refused) or holds a value not
 * known yet.
 */
export function canonicalTrafficPolicy(input: unknown): string | undefined {
  try {
    return canonical(input);
  } catch {
    return undefined; // nested past the stack's depth, or a cycle: no policy
  }
}

/** {@link canonicalTrafficPolicy}, which may throw on a value nested past the stack's depth. */
function canonical(input: unknown): string | undefined {
  const reading = readPolicy(input);
  if (!reading.ok) return undefined;
  const walk = new Walk({
    form: reading.form,
    property: "trafficPolicy",
    judge: false,
    secretInput: true,
    now: 0,
  });
  const converted = walkPolicy(walk, reading.value);
  return walk.failures.length > 0 || walk.unknown || converted === undefined
    ? undefined
    : canonicalJson(converted);
}

/**
 * Whether the policy in state (`old`, as the program gave it or as ngrok stored it) and the
 * declared one are the same policy: equal canonical JSON, whatever their forms, key orders and
 * layouts. Usable as a property's `same`. Policies that are not both readable compare as given.
 */
export function sameTrafficPolicy(old: unknown, declared: unknown): boolean {
  const a = canonicalTrafficPolicy(old);
  const b = canonicalTrafficPolicy(declared);
  if (a !== undefined && b !== undefined) return a === b;
  if (typeof old === "string" || typeof declared === "string") return old === declared;
  try {
    return canonicalJson(old) === canonicalJson(declared);
  } catch {
    return false;
  }
}

/**
 * `value` as canonical JSON: object keys sorted (by UTF-16 code units), no whitespace, `undefined`
 * members left out (as `JSON.stringify` does), numbers as a text wrote them (`./numbers`: `1.0`
 * stays `1.0`).
 */
export function canonicalJson(value: unknown): string {
  const written = { found: false };
  const ordered = sorted(value, written);
  // `lossless-json` writes numbers kept as text; `JSON.stringify` writes the same JSON of the
  // rest, about 20 times faster (a policy of 1,000 rules: 3 ms against 70).
  return written.found ? jsonText(ordered) : (JSON.stringify(ordered) ?? "null");
}

/** `value` with every object's keys in sorted order; notes a number kept as written. */
function sorted(value: unknown, written: { found: boolean }): unknown {
  if (Array.isArray(value)) return value.map((item) => sorted(item, written));
  if (isWrittenNumber(value)) written.found = true;
  if (typeof value !== "object" || value === null || isWrittenNumber(value)) return value;
  const out = record();
  for (const key of Object.keys(value).sort()) {
    out[key] = sorted(Object.getOwnPropertyDescriptor(value, key)?.value, written);
  }
  return out;
}
