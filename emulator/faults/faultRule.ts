/**
 * Fault rules: what one rule of the fault-injection layer matches (method, path pattern) and
 * what it does to a matching request (delay, an error status, a dropped connection), and their
 * validation: one check per field in a table the compiler holds to the {@link FaultRule}
 * interface, then the rules between fields. Path patterns are in `pathPattern.ts`; the layer
 * that applies rules is `hooks.ts`, the registry `registry.ts`.
 */
import { isBranded } from "../errors";
import { pathPatternProblem } from "./pathPattern";

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
   * requests per minute."; 413 → no `error_code`, the emulator's body-too-large message; 500 → no
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

/** A field's value as a rule keeps it, or what is wrong with it. */
type Checked<T> = { readonly value: T } | { readonly problem: string };

/**
 * One check per {@link FaultRule} field, in documentation order. The type makes the compiler
 * hold the table to the interface: a field without a check, or a check without a field, does
 * not compile.
 */
type FieldChecks = {
  readonly [K in keyof RuleValues]: (value: unknown) => Checked<RuleValues[K]>;
};
/** Every field of a rule, present. */
type RuleValues = Required<FaultRule>;

const METHOD = /^[A-Za-z]+$/;
/** Visible ASCII and spaces, no control characters: safe in a header value. */
const HEADER_VALUE = /^[\x20-\x7e]+$/;

/** Longest delay a rule may ask for: node's timer limit, 2^31 - 1 ms (about 24.8 days). */
export const MAX_FAULT_DELAY_MS = 2_147_483_647;

function isMethodName(value: unknown): value is string {
  return typeof value === "string" && METHOD.test(value);
}

function isHeaderValue(value: unknown): value is string {
  return typeof value === "string" && HEADER_VALUE.test(value);
}

const FIELD_CHECKS: FieldChecks = {
  method: (value) => {
    if (isMethodName(value)) return { value };
    if (Array.isArray(value) && value.length > 0 && value.every(isMethodName)) {
      return { value: [...value] };
    }
    return { problem: "must be an HTTP method name or a non-empty array of them" };
  },
  path: (value) => {
    if (typeof value !== "string") return { problem: "must be a string" };
    const problem = pathPatternProblem(value);
    return problem === undefined ? { value } : { problem };
  },
  status: (value) =>
    typeof value === "number" && Number.isInteger(value) && value >= 400 && value <= 599
      ? { value }
      : { problem: "must be an integer in 400..599" },
  errorCode: (value) =>
    isHeaderValue(value) ? { value } : { problem: "must be a non-empty string of printable ASCII" },
  message: (value) =>
    typeof value === "string" && value !== ""
      ? { value }
      : { problem: "must be a non-empty string" },
  retryAfter: (value) =>
    (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) || isHeaderValue(value)
      ? { value }
      : { problem: "must be whole seconds (a non-negative integer) or an HTTP-date string" },
  delayMs: (value) =>
    typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= MAX_FAULT_DELAY_MS
      ? { value }
      : { problem: `must be a number of milliseconds in 0..${MAX_FAULT_DELAY_MS}` },
  drop: (value) =>
    value === "before" || value === "after"
      ? { value }
      : { problem: 'must be "before" or "after"' },
  count: (value) =>
    typeof value === "number" && Number.isSafeInteger(value) && value > 0
      ? { value }
      : { problem: "must be a positive integer" },
  probability: (value) =>
    typeof value === "number" && value >= 0 && value <= 1
      ? { value }
      : { problem: "must be a number in 0..1" },
};

/** The fields of a {@link FaultRule}, in documentation order. */
export const FAULT_RULE_FIELDS: readonly string[] = Object.keys(FIELD_CHECKS);

function isFaultRuleField(key: string): key is keyof FaultRule {
  return Object.prototype.hasOwnProperty.call(FIELD_CHECKS, key);
}

/**
 * An invalid fault rule. A `TypeError`, so that options and `faults.add` throw TypeErrors;
 * `field` and `reason` let the admin endpoint answer ngrok's 214/215 errors.
 */
export class FaultRuleError extends TypeError {
  /** Brand checked by {@link FaultRuleError.isInstance}. */
  readonly __faultRuleError = true;

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

  /**
   * Whether `obj` is a {@link FaultRuleError}, also one made by another copy of this package
   * (a brand check, not `instanceof`).
   */
  static isInstance(obj: unknown): obj is FaultRuleError {
    return isBranded(obj, "__faultRuleError");
  }
}

function describe(value: unknown): string {
  if (typeof value === "string") {
    return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);
  }
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  return String(value);
}

function fail(label: string, field: string, reason: string, value: unknown): never {
  throw new FaultRuleError(field, false, `${reason}, got ${describe(value)}`, label);
}

/** Checks one field with its entry of the table and copies the kept value into `rule`. */
function checkField<K extends keyof RuleValues>(
  rule: FaultRule,
  field: K,
  value: unknown,
  label: string,
): void {
  const checked = FIELD_CHECKS[field](value);
  if ("problem" in checked) fail(label, field, checked.problem, value);
  rule[field] = checked.value;
}

/**
 * Checks a fault rule and returns a copy of it (method arrays copied too). Throws a
 * {@link FaultRuleError} (a `TypeError`) naming the field, prefixed with `label` (e.g.
 * `"faults[2]"`): an unknown field (catches typos such as `statusCode`), a wrong type or range
 * (fields checked in documentation order, the first failure wins), `status` together with
 * `drop`, or `errorCode`/`message`/`retryAfter` without `status`. Fields whose value is
 * `undefined` count as omitted.
 */
export function validateFaultRule(value: unknown, label = "fault rule"): FaultRule {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new FaultRuleError(undefined, false, `must be an object, got ${describe(value)}`, label);
  }
  for (const key of Object.keys(value)) {
    if (!isFaultRuleField(key)) {
      throw new FaultRuleError(
        key,
        true,
        `is not a fault rule field (fields: ${FAULT_RULE_FIELDS.join(", ")})`,
        label,
      );
    }
  }
  const input: Partial<Record<keyof FaultRule, unknown>> = value;
  const rule: FaultRule = {};
  for (const field of FAULT_RULE_FIELDS) {
    if (!isFaultRuleField(field) || input[field] === undefined) continue;
    checkField(rule, field, input[field], label);
  }

  if (rule.status !== undefined && rule.drop !== undefined) {
    fail(
      label,
      "drop",
      "cannot be combined with status (a dropped request gets no answer)",
      rule.drop,
    );
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
