/**
 * Fault rules: what one rule of the fault-injection layer matches (method, path pattern) and
 * what it does to a matching request (delay, an error status, a dropped connection), and their
 * validation. The layer that applies them is `faults.ts`.
 */

/**
 * One fault-injection rule. Every field is optional; a rule matches a request when its `method`
 * and `path` match (omitted = any). The first matching rule that is not spent and whose
 * `probability` draw hits is applied; a rule whose draw misses is skipped and the next rule is
 * tried.
 *
 * What a hit does, in this order: wait `delayMs`; then either answer `status` with ngrok's error
 * body, or drop the connection (`drop`), or let the request through to the handler. A rule with
 * neither `status` nor `drop` only delays (or, without `delayMs`, does nothing but still counts
 * as the applied rule, so it shields the request from later rules: `[{ path, count: 2 }, { path,
 * status: 500 }]` lets two requests through, then fails the rest).
 *
 * `status` and `drop` exclude each other; `errorCode`, `message` and `retryAfter` need `status`.
 */
export interface FaultRule {
  /** HTTP method(s) to match, case-insensitive; omitted = any. `HEAD` is its own method. */
  method?: string | string[];
  /**
   * Path pattern matched against the path without query (as sent, not percent-decoded):
   * literal segments, `*` = exactly one non-empty segment, `**` = any rest (zero or more
   * segments; also allowed mid-pattern). Must start with `/`. Omitted = any path. E.g.
   * `"/ssh_certificate_authorities/*"`, `"/edges/**"`, and the SAML module of any route:
   * `"/edges/https/"` + `"*"` + `"/routes/"` + `"*"` + `"/saml"` (written here in pieces only
   * because a star-slash would end this comment).
   */
  path?: string;
  /**
   * Answer this HTTP status (400..599) with ngrok's error body instead of running the handler.
   * Default body per status: 429 → `ERR_NGROK_226` "Your account is rate limited to 120 API
   * requests per 60s."; 413 → no `error_code`, the emulator's body-too-large message; 500 → no
   * `error_code`, "Internal Server Error" (as the emulator's own 500); any other status → no
   * `error_code` and the status's reason phrase (e.g. 503 "Service Unavailable"). ngrok's
   * catalogue has no code for API internal errors, and its clients branch on the HTTP status.
   */
  status?: number;
  /** `error_code` of that body, sent verbatim (e.g. `"ERR_NGROK_226"`); default by status (see `status`). */
  errorCode?: string;
  /** `msg` of that body; default by status (see `status`). */
  message?: string;
  /**
   * Value of a `Retry-After` header on the fault answer: whole seconds (a non-negative integer)
   * or an HTTP-date string (sent verbatim). Default: no header.
   */
  retryAfter?: number | string;
  /**
   * Delay in milliseconds (0..2147483647) before the request proceeds; applies before
   * `status`, `drop` or the handler. `app.close()` cuts pending delays short by dropping their
   * connections.
   */
  delayMs?: number;
  /**
   * Destroy the TCP connection (with a TCP reset) without an answer. `"before"`: before the body
   * is read and before authentication and the handler (nothing changed). `"after"`: after the
   * handler ran (state changed, whatever its outcome) instead of sending its response. Other
   * requests in flight on the same keep-alive connection are lost too. With `inject()` (no
   * socket) the `inject()` promise rejects with an `Error` whose `code` is `"ECONNRESET"`.
   * Dropped requests are recorded in `requests` with status 0.
   */
  drop?: "before" | "after";
  /** Apply to at most this many matching requests (a positive integer), then the rule is spent. Omitted = unlimited. */
  count?: number;
  /** Probability 0..1 that a matching request is hit (a hit counts toward `count`). Default 1. */
  probability?: number;
}

/** A fault rule as listed: the rule, its id and how many requests it has been applied to. */
export type FaultRuleEntry = FaultRule & {
  /** Id given by `add` (or to an initial rule): `"fault_<n>"`, unique in one emulator. */
  id: string;
  /** Number of requests the rule has been applied to (probability hits). */
  hits: number;
};

/** The fields of a {@link FaultRule}, in documentation order. */
export const FAULT_RULE_FIELDS: readonly string[] = [
  "method",
  "path",
  "status",
  "errorCode",
  "message",
  "retryAfter",
  "delayMs",
  "drop",
  "count",
  "probability",
];

/** Longest delay a rule may ask for: node's timer limit, 2^31 - 1 ms (about 24.8 days). */
export const MAX_FAULT_DELAY_MS = 2_147_483_647;

/**
 * An invalid fault rule. A `TypeError`, so that options and `faults.add` throw TypeErrors;
 * `field` and `reason` let the admin endpoint answer ngrok's 214/215 errors.
 */
export class FaultRuleError extends TypeError {
  constructor(
    /** The offending field, or `undefined` when the rule itself is not an object. */
    readonly field: string | undefined,
    /** Whether `field` is not a field of a fault rule at all. */
    readonly unknownField: boolean,
    /** What is wrong, e.g. `"must be an integer in 400..599, got 200"`. */
    readonly reason: string,
    label: string,
  ) {
    super(field === undefined ? `${label} ${reason}` : `${label}.${field} ${reason}`);
    this.name = "FaultRuleError";
  }
}

const METHOD = /^[A-Za-z]+$/;
/** Visible ASCII and spaces, no control characters: safe in a header value. */
const HEADER_VALUE = /^[\x20-\x7e]+$/;

function describe(value: unknown): string {
  if (typeof value === "string") {
    return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);
  }
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  return String(value);
}

/** Splits a path (starting with `/`) into its segments: `"/a/b"` → `["a", "b"]`, `"/"` → `[""]`. */
function segmentsOf(path: string): string[] {
  return path.slice(1).split("/");
}

/** Why a path pattern is invalid, or `undefined` when it is valid. */
function pathPatternProblem(pattern: string): string | undefined {
  if (!pattern.startsWith("/")) return "must start with /";
  if (/[?#\s]/.test(pattern)) return "must be a path without query, fragment or whitespace";
  for (const segment of segmentsOf(pattern)) {
    if (segment.includes("*") && segment !== "*" && segment !== "**") {
      return `may use * and ** only as whole segments, got segment ${JSON.stringify(segment)}`;
    }
  }
  return undefined;
}

/**
 * Compiles a validated path pattern (see {@link FaultRule.path}) into a predicate on request
 * paths (without query). Runs in O(pattern segments × path segments), however many `**`.
 */
export function compilePathPattern(pattern: string): (path: string) => boolean {
  const parts = segmentsOf(pattern);
  return (path: string) => {
    const segments = segmentsOf(path.startsWith("/") ? path : `/${path}`);
    // matched[j]: the pattern parts seen so far can match the first j path segments.
    let matched = segments.map(() => false).concat(false);
    matched[0] = true;
    for (const part of parts) {
      const next = matched.map(() => false);
      for (let j = 0; j <= segments.length; j++) {
        if (part === "**") {
          next[j] = matched[j] || (j > 0 && next[j - 1]);
        } else if (j > 0 && matched[j - 1]) {
          const segment = segments[j - 1];
          next[j] = part === "*" ? segment !== "" : part === segment;
        }
      }
      matched = next;
    }
    return matched[segments.length];
  };
}

function fail(label: string, field: string, reason: string, value: unknown): never {
  throw new FaultRuleError(field, false, `${reason}, got ${describe(value)}`, label);
}

/**
 * Checks a fault rule and returns a copy of it (method arrays copied too). Throws a
 * {@link FaultRuleError} (a `TypeError`) naming the field, prefixed with `label` (e.g.
 * `"faults[2]"`): an unknown field (catches typos such as `statusCode`), a wrong type or range,
 * `status` together with `drop`, or `errorCode`/`message`/`retryAfter` without `status`.
 * Fields whose value is `undefined` count as omitted.
 */
export function validateFaultRule(value: unknown, label = "fault rule"): FaultRule {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new FaultRuleError(undefined, false, `must be an object, got ${describe(value)}`, label);
  }
  const input = value as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!FAULT_RULE_FIELDS.includes(key)) {
      throw new FaultRuleError(
        key,
        true,
        `is not a fault rule field (fields: ${FAULT_RULE_FIELDS.join(", ")})`,
        label,
      );
    }
  }
  const rule: FaultRule = {};
  const { method, path, status, errorCode, message, retryAfter, delayMs, drop, count } = input;
  const { probability } = input;

  if (method !== undefined) {
    const methods = Array.isArray(method) ? method : [method];
    const valid =
      methods.length > 0 && methods.every((m) => typeof m === "string" && METHOD.test(m));
    if (!valid)
      fail(label, "method", "must be an HTTP method name or a non-empty array of them", method);
    rule.method = Array.isArray(method) ? [...(method as string[])] : (method as string);
  }
  if (path !== undefined) {
    if (typeof path !== "string") fail(label, "path", "must be a string", path);
    const problem = pathPatternProblem(path);
    if (problem !== undefined) fail(label, "path", problem, path);
    rule.path = path;
  }
  if (status !== undefined) {
    if (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599) {
      fail(label, "status", "must be an integer in 400..599", status);
    }
    rule.status = status as number;
  }
  if (errorCode !== undefined) {
    if (typeof errorCode !== "string" || !HEADER_VALUE.test(errorCode)) {
      fail(label, "errorCode", "must be a non-empty string of printable ASCII", errorCode);
    }
    rule.errorCode = errorCode;
  }
  if (message !== undefined) {
    if (typeof message !== "string" || message === "") {
      fail(label, "message", "must be a non-empty string", message);
    }
    rule.message = message;
  }
  if (retryAfter !== undefined) {
    const seconds = typeof retryAfter === "number" && Number.isSafeInteger(retryAfter);
    const date = typeof retryAfter === "string" && HEADER_VALUE.test(retryAfter);
    if (!(seconds && (retryAfter as number) >= 0) && !date) {
      fail(
        label,
        "retryAfter",
        "must be whole seconds (a non-negative integer) or an HTTP-date string",
        retryAfter,
      );
    }
    rule.retryAfter = retryAfter as number | string;
  }
  if (delayMs !== undefined) {
    if (
      typeof delayMs !== "number" ||
      !Number.isFinite(delayMs) ||
      delayMs < 0 ||
      delayMs > MAX_FAULT_DELAY_MS
    ) {
      fail(
        label,
        "delayMs",
        `must be a number of milliseconds in 0..${MAX_FAULT_DELAY_MS}`,
        delayMs,
      );
    }
    rule.delayMs = delayMs;
  }
  if (drop !== undefined) {
    if (drop !== "before" && drop !== "after")
      fail(label, "drop", 'must be "before" or "after"', drop);
    rule.drop = drop;
  }
  if (count !== undefined) {
    if (!Number.isSafeInteger(count) || (count as number) <= 0) {
      fail(label, "count", "must be a positive integer", count);
    }
    rule.count = count as number;
  }
  if (probability !== undefined) {
    if (typeof probability !== "number" || !(probability >= 0 && probability <= 1)) {
      fail(label, "probability", "must be a number in 0..1", probability);
    }
    rule.probability = probability;
  }

  if (rule.status !== undefined && rule.drop !== undefined) {
    fail(label, "drop", "cannot be combined with status (a dropped request gets no answer)", drop);
  }
  if (rule.status === undefined) {
    for (const field of ["errorCode", "message", "retryAfter"] as const) {
      if (rule[field] !== undefined) {
        fail(label, field, "needs status (it shapes the error answer)", rule[field]);
      }
    }
  }
  return rule;
}
