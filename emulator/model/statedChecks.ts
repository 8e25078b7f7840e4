/**
 * The checks a collection of ngrok's document gets from the document alone, walking a request's
 * values through its schema: the required properties (the document's, at any depth, and those
 * ngrok documents beyond it), then each value by what its description states (`spec/stated.ts`):
 * a length limit, one of the stated values, a format (`formats.ts`), exactly one property of an
 * object. The first failure is returned as a {@link Failure}; which error answers it is
 * `documented.ts`'s (ngrok's code where its catalogue has one, else ERR_NGROK_215).
 *
 * A value is missing when absent, `""` (as ngrok's Go server reads an empty string) or an empty
 * list. Stated values compare without case by default (`statedValueCase`): ngrok's own example
 * sends `"format": "json"` where the description states `JSON`.
 */
import type { ApiSpec, SchemaObject, Values } from "../spec";
import { statedRules } from "../spec/stated";
import { isRecord } from "../spec/values";
import { formatFailure } from "./formats";
import type { PemProblem } from "./x509";
import { utf8Length } from "./validation";

/** What a check found wrong. */
export type FailureKind =
  | "required"
  | "limit"
  | "oneOf"
  | "format"
  | "noMask"
  | "notNetwork"
  | "exactlyOne"
  | "pattern"
  | "unique"
  | "wrongKind"
  | "notFound"
  | "inUse"
  | PemProblem;

/** One failure of a request (or a delete), before it is answered. */
export interface Failure {
  readonly kind: FailureKind;
  /** The field: a dotted path through objects (`target.kinesis.auth`); list items share it. */
  readonly field: string;
  /** The value refused (an id for references). */
  readonly value?: unknown;
  /** Why, in words (the message of ERR_NGROK_215). */
  readonly reason: string;
  /** `noMask`, `notNetwork`: what was probably meant. */
  readonly suggestion?: string;
  /** `limit`: the limit; `exactlyOne`: how many were set. */
  readonly count?: number;
  /** `limit`: the length sent. */
  readonly length?: number;
  /** `oneOf`: the stated values; `inUse`: the ids referring. */
  readonly list?: readonly string[];
}

/** How the walk reads values (the emulator's options and what ngrok documents). */
export interface WalkRules {
  /** Compare stated values without case. */
  readonly ignoreCase: boolean;
  /** Dotted paths ngrok requires beyond the document (`*` matches one segment). */
  readonly required: readonly string[];
  /** Dotted paths whose value must match, ngrok's documented syntax. */
  readonly patterns: Readonly<Record<string, RegExp>>;
  /** A required field another satisfies (`vault_id` by `vault_name`). */
  readonly alternatives: Readonly<Record<string, string>>;
  /** An update: a required field of the body is judged only when sent (then it must not be empty). */
  readonly update: boolean;
}

/** Whether a value counts as not sent (see the module comment). */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

/** Whether `path` matches `pattern` (dotted; `*` is any one segment). */
export function pathMatches(pattern: string, path: string): boolean {
  const want = pattern.split(".");
  const have = path.split(".");
  return want.length === have.length && want.every((part, i) => part === "*" || part === have[i]);
}

function join(parent: string, name: string): string {
  return parent === "" ? name : `${parent}.${name}`;
}

/** The first failure of one text value by its stated rules, or `undefined`. */
function textFailure(
  field: string,
  value: string,
  property: SchemaObject,
  type: string | undefined,
  rules: WalkRules,
): Failure | undefined {
  const stated = statedRules(property.description, type);
  const bytes = utf8Length(value);
  if (stated.maxBytes !== undefined && bytes > stated.maxBytes) {
    const reason = `it is longer than ${stated.maxBytes} bytes`;
    return { kind: "limit", field, value, reason, count: stated.maxBytes, length: bytes };
  }
  const chars = [...value].length;
  if (stated.maxChars !== undefined && chars > stated.maxChars) {
    const reason = `it is longer than ${stated.maxChars} characters`;
    return { kind: "limit", field, value, reason, count: stated.maxChars, length: chars };
  }
  const { oneOf } = stated;
  const same = (a: string) =>
    rules.ignoreCase ? a.toLowerCase() === value.toLowerCase() : a === value;
  if (oneOf !== undefined && !oneOf.some(same)) {
    const reason = `${value} is not one of ${oneOf.join(", ")}`;
    return { kind: "oneOf", field, value, reason, list: oneOf };
  }
  const pattern = Object.entries(rules.patterns).find(([path]) => pathMatches(path, field));
  if (pattern !== undefined && !pattern[1].test(value)) {
    return {
      kind: "pattern",
      field,
      value,
      reason: `${value} does not match ${pattern[1].source}`,
    };
  }
  const format = stated.format === undefined ? undefined : formatFailure(stated.format, value);
  return format === undefined ? undefined : { ...format, field, value };
}

/** The names `rules` requires directly under `parent`. */
function requiredUnder(parent: string, rules: WalkRules): string[] {
  return rules.required
    .filter((path) => path.split(".").length === (parent === "" ? 1 : parent.split(".").length + 1))
    .filter((path) => parent === "" || pathMatches(path.split(".").slice(0, -1).join("."), parent))
    .map((path) => path.split(".").pop() ?? path);
}

/** The first failure of `values`, an object of `schema`, at `parent` (`""` for the body). */
function objectFailure(
  spec: ApiSpec,
  schema: SchemaObject,
  values: Values,
  parent: string,
  rules: WalkRules,
): Failure | undefined {
  const resolved = spec.resolve(schema);
  const properties = resolved.properties ?? {};
  const required = [...(resolved.required ?? []), ...requiredUnder(parent, rules)];
  for (const name of new Set(required)) {
    const sent = Object.prototype.hasOwnProperty.call(values, name);
    const alternative = rules.alternatives[join(parent, name)];
    if (rules.update && parent === "" && !sent) continue;
    if (alternative !== undefined && !isMissing(values[alternative])) continue;
    if (isMissing(values[name])) {
      return { kind: "required", field: join(parent, name), reason: "it is required" };
    }
  }
  for (const [name, property] of Object.entries(properties)) {
    const value = values[name];
    if (value === undefined) continue;
    const failure = valueFailure(spec, property, value, join(parent, name), rules);
    if (failure !== undefined) return failure;
  }
  return undefined;
}

/** The first failure of one value of `property` at `field`. */
function valueFailure(
  spec: ApiSpec,
  property: SchemaObject,
  value: unknown,
  field: string,
  rules: WalkRules,
): Failure | undefined {
  const resolved = spec.resolve(property);
  if (typeof value === "string") return textFailure(field, value, property, resolved.type, rules);
  if (Array.isArray(value) && resolved.items !== undefined) {
    for (const item of value) {
      const failure = valueFailure(
        spec,
        { ...resolved.items, description: property.description },
        item,
        field,
        rules,
      );
      if (failure !== undefined) return failure;
    }
    return undefined;
  }
  if (!isRecord(value) || resolved.properties === undefined) return undefined;
  const stated = statedRules(property.description, "object");
  const set = Object.keys(resolved.properties).filter((name) => value[name] !== undefined);
  if (stated.exactlyOne === true && set.length !== 1) {
    const names = Object.keys(resolved.properties).join(", ");
    const reason = `exactly one of ${names} must be set, not ${set.length}`;
    return {
      kind: "exactlyOne",
      field,
      reason,
      count: set.length,
      list: Object.keys(resolved.properties),
    };
  }
  return objectFailure(spec, resolved, value, field, rules);
}

/** The first failure of a request body `values` of `schema` (see the module comment). */
export function statedFailure(
  spec: ApiSpec,
  schema: SchemaObject,
  values: Values,
  rules: WalkRules,
): Failure | undefined {
  return objectFailure(spec, schema, values, "", rules);
}

/**
 * `values` with the defaults the descriptions state (`default is us`) for the text fields not
 * sent, at any depth of an object that was sent; with `nestedOnly` (an update, which keeps what
 * it does not send), not for the body's own fields.
 */
export function withStatedDefaults(
  spec: ApiSpec,
  schema: SchemaObject,
  values: Values,
  nestedOnly = false,
): Values {
  const resolved = spec.resolve(schema);
  const out: Values = { ...values };
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    const type = spec.resolve(property).type;
    const value = out[name];
    if (value === undefined && type === "string" && !nestedOnly) {
      const fallback = statedRules(property.description, type).default;
      if (fallback !== undefined) out[name] = fallback;
    } else if (isRecord(value) && type === "object") {
      out[name] = withStatedDefaults(spec, property, value);
    }
  }
  return out;
}
