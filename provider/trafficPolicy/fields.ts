/**
 * The config of an action, walked against its fields in the table (`./schema`): each value
 * judged by its type and format, its keys converted to ngrok's spelling, its secrets noted.
 * Returns the config as ngrok receives it (wire names; map keys as written).
 *
 * @module
 */
import { certificateExpiryWarnings, parseIdpMetadata } from "../httpsEdgeRouteSaml/idpMetadata";
import { celProblem, holdsSecret, interpolationProblem } from "./cel";
import { durationMs, FORMATS } from "./formats";
import { child, didYouMean, isMap, type Place, record, type Walk } from "./report";
import { camelCase, type FieldSpec, type Fields, type FieldType, snakeCase } from "./schema";

/** What the walk knows of the field it is in. */
interface FieldContext {
  /** The value is a secret: a field that holds one, or a value the program made secret. */
  readonly secret: boolean;
  readonly phase: string;
}

/**
 * The config object `value` of fields `fields` at `place` (an action's config or a nested
 * object). Keys are found by wire name, or in the object form also by their camelCase name.
 */
export function walkFields(
  walk: Walk,
  fields: Fields,
  value: unknown,
  place: Place,
  context: FieldContext,
): Record<string, unknown> | undefined {
  if (walk.notKnownYet(value)) return undefined;
  if (!isMap(value)) {
    walk.mustBe(place, "a map of field names to values", value);
    return undefined;
  }
  const out = record();
  const seen = new Map<string, string>();
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || item === null) continue;
    const wire = wireNameOf(walk, fields, key);
    const at = child(place, key);
    if (wire === undefined) {
      const known = Object.keys(fields).map((name) => walk.spelled(name));
      walk.warn(
        at,
        `is not a field of ${place.action ?? "this object"} that this version knows` +
          `${didYouMean(key, known)}; it is sent as ${JSON.stringify(snakeCase(key))}, as written`,
      );
      judgeStrings(walk, item, at);
      out[snakeCase(key)] = item;
      continue;
    }
    const earlier = seen.get(wire);
    if (earlier !== undefined) {
      walk.fail(at, `repeats ${earlier}: give ${walk.spelled(wire)} once`);
      continue;
    }
    seen.set(wire, key);
    const field = fields[wire];
    if (field.phases !== undefined && !field.phases.some((phase) => phase === context.phase)) {
      walk.fail(at, `applies only in ${field.phases.join(", ")}, not in ${context.phase}`);
      continue;
    }
    const secret = context.secret || field.secret === true;
    const converted = walkValue(walk, field, field.type, item, at, { ...context, secret });
    if (converted !== undefined) out[wire] = converted;
  }
  for (const [wire, field] of Object.entries(fields)) {
    if (field.required && !seen.has(wire) && appliesIn(field, context.phase)) {
      walk.fail(child(place, walk.spelled(wire)), `is required: ${field.description}`);
    }
  }
  return out;
}

/** Whether `field` applies in `phase`. */
function appliesIn(field: FieldSpec, phase: string): boolean {
  return field.phases === undefined || field.phases.some((p) => p === phase);
}

/** The wire name `key` stands for among `fields`, or `undefined`. */
function wireNameOf(walk: Walk, fields: Fields, key: string): string | undefined {
  if (Object.hasOwn(fields, key)) return key;
  if (walk.settings.form !== "object") return undefined;
  return Object.keys(fields).find((wire) => camelCase(wire) === key);
}

/** The value `value` of a field of `type`, converted; `undefined` when it failed. */
function walkValue(
  walk: Walk,
  field: FieldSpec,
  type: FieldType,
  value: unknown,
  place: Place,
  around: FieldContext,
): unknown {
  const context = !around.secret && walk.isSecret(place) ? { ...around, secret: true } : around;
  if (walk.notKnownYet(value)) return value;
  const got = () => `got ${walk.shown(value, context.secret)}`;
  switch (type.kind) {
    case "string": {
      if (typeof value !== "string") return void walk.fail(place, `must be a string; ${got()}`);
      judgeString(walk, type.format, value, place, context);
      if (type.maxLength !== undefined && [...value].length > type.maxLength) {
        walk.fail(
          place,
          `must be at most ${type.maxLength} characters; it has ${[...value].length}`,
        );
      }
      return value;
    }
    case "boolean":
      if (typeof value !== "boolean") {
        return void walk.fail(place, `must be a boolean (true or false); ${got()}`);
      }
      return value;
    case "integer":
    case "number": {
      const integer = type.kind === "integer";
      const ok =
        typeof value === "number" &&
        (!integer || Number.isInteger(value)) &&
        value >= type.min &&
        value <= type.max;
      if (!ok) {
        const what = integer ? "an integer" : "a number";
        return void walk.fail(place, `must be ${what} from ${type.min} to ${type.max}; ${got()}`);
      }
      return value;
    }
    case "duration":
      return durationValue(walk, type, value, place, got);
    case "enum":
      if (typeof value !== "string" || !type.values.includes(value)) {
        const list = type.values.map((v) => JSON.stringify(v)).join(", ");
        // The nearest allowed value would say what a hidden one is like.
        const hidden = context.secret || walk.hides(place);
        const near = typeof value === "string" && !hidden ? didYouMean(value, type.values) : "";
        return void walk.fail(place, `must be one of ${list}; ${got()}${near}`);
      }
      return value;
    case "list":
      return listValue(walk, field, type, value, place, context);
    case "map": {
      if (!isMap(value)) {
        return void walk.fail(place, `must be a map of names to values; ${got()}`);
      }
      const entries = Object.entries(value).filter(([, item]) => item !== undefined);
      const count = entries.length;
      if (type.minEntries !== undefined && count < type.minEntries) {
        walk.fail(place, `must have at least ${type.minEntries} entries; it has ${count}`);
      }
      if (type.maxEntries !== undefined && count > type.maxEntries) {
        walk.fail(place, `must have at most ${type.maxEntries} entries; it has ${count}`);
      }
      const out = record();
      for (const [key, item] of entries) {
        out[key] = walkValue(walk, field, type.values, item, child(place, key), context);
      }
      return out;
    }
    case "object":
      return walkFields(walk, type.fields, value, place, context);
    case "any":
      judgeStrings(walk, value, place, context.secret);
      return type.wireKeys && walk.settings.form === "object" ? wireKeys(value) : value;
  }
}

/** A list of `type.items`: its length, its items, each converted. */
function listValue(
  walk: Walk,
  field: FieldSpec,
  type: Extract<FieldType, { kind: "list" }>,
  value: unknown,
  place: Place,
  context: FieldContext,
): unknown {
  if (!Array.isArray(value)) {
    return void walk.fail(place, `must be a list; got ${walk.shown(value, context.secret)}`);
  }
  if (type.minItems !== undefined && value.length < type.minItems) {
    walk.fail(
      place,
      `must have at least ${type.minItems} item${type.minItems > 1 ? "s" : ""}; it has ${value.length}`,
    );
  }
  if (type.maxItems !== undefined && value.length > type.maxItems) {
    walk.fail(place, `must have at most ${type.maxItems} items; it has ${value.length}`);
  }
  if (type.unique && new Set(value).size !== value.length) {
    walk.fail(place, "must not hold an item twice");
  }
  return value.map((item, index) =>
    walkValue(walk, field, type.items, item, child(place, index), context),
  );
}

/** A duration: Go's format, within the type's bounds, a multiple of its step. */
function durationValue(
  walk: Walk,
  type: Extract<FieldType, { kind: "duration" }>,
  value: unknown,
  place: Place,
  got: () => string,
): unknown {
  const ms = typeof value === "string" ? durationMs(value) : undefined;
  if (ms === undefined) {
    return void walk.fail(place, `must be a duration such as "90s", "10m" or "1h30m"; ${got()}`);
  }
  const min = type.min === undefined ? undefined : durationMs(type.min);
  const max = type.max === undefined ? undefined : durationMs(type.max);
  if ((min !== undefined && ms < min) || (max !== undefined && ms > max)) {
    return void walk.fail(
      place,
      `must be a duration from ${type.min ?? "0s"} to ${type.max ?? "any"}; ${got()}`,
    );
  }
  const step = type.multipleOf === undefined ? undefined : durationMs(type.multipleOf);
  if (step !== undefined && ms % step !== 0) {
    return void walk.fail(place, `must be a multiple of ${type.multipleOf}; ${got()}`);
  }
  return value;
}

/** The rules of a string value: its secret, its interpolations, its format. */
function judgeString(
  walk: Walk,
  format: Extract<FieldType, { kind: "string" }>["format"],
  value: string,
  place: Place,
  context: FieldContext,
): void {
  if (context.secret && holdsSecret(value, format === "credential")) {
    walk.secretPaths.push(walk.pathOf(place));
    walk.secretValues.push(value);
  }
  if (!walk.settings.judge) return;
  if (format === "celExpression") return judgeCel(walk, value, place);
  if (format === "idpMetadata") return idpMetadata(walk, value, place, context.secret);
  judgeInterpolations(walk, value, place, context.secret);
  if (format === undefined) return;
  const problem = FORMATS[format].problem(value);
  if (problem !== undefined) {
    const quoted = context.secret ? "" : `; got ${walk.shown(value)}`;
    walk.fail(place, `must be ${FORMATS[format].what}: ${problem}${quoted}`);
  }
}

/**
 * The saml action's document: HttpsEdgeRouteSaml's rules and certificate warnings. The rules'
 * reasons quote the document's names: a hidden document's failure says what it must be only.
 */
function idpMetadata(walk: Walk, value: string, place: Place, secret: boolean): void {
  const parsed = parseIdpMetadata(value);
  if (!parsed.ok && (secret || walk.hides(place))) {
    return walk.fail(place, `must be ${FORMATS.idpMetadata.what}; it is not one the check accepts`);
  }
  if (!parsed.ok) return walk.fail(place, parsed.reason);
  const details = parsed.metadata.signingCertificateDetails;
  walk.warnings.push(
    ...certificateExpiryWarnings(
      details,
      walk.settings.now,
      walk.settings.who ?? "Traffic policy",
      walk.pathOf(place),
    ),
  );
}

/** The interpolations of `value` must parse (the parser's words quote it: not for a hidden one). */
function judgeInterpolations(walk: Walk, value: string, place: Place, secret: boolean): void {
  if (!walk.settings.judge || !value.includes("${")) return;
  const problem = interpolationProblem(value);
  if (problem === undefined) return;
  const words = secret || walk.hides(place) ? "" : `: ${problem.message}`;
  walk.fail(
    place,
    `has a CEL interpolation \${…} that does not parse, at line ${problem.line}, column ` +
      `${problem.column} of the value${words}${lineNote(walk, place)}`,
  );
}

/** The interpolations of every string in `value`, deeply (a field this version does not know). */
export function judgeStrings(walk: Walk, value: unknown, place: Place, secret = false): void {
  if (typeof value === "string") return judgeInterpolations(walk, value, place, secret);
  if (Array.isArray(value)) {
    value.forEach((item, index) => judgeStrings(walk, item, child(place, index), secret));
  } else if (isMap(value)) {
    for (const [key, item] of Object.entries(value)) {
      judgeStrings(walk, item, child(place, key), secret);
    }
  }
}

/**
 * Fails `place` when `value` is not a CEL expression, naming the line and column where it stops
 * parsing (`./cel`): a rule's `expressions` and each field of format `celExpression`. The
 * parser's words quote the expression: not for a hidden one.
 */
export function judgeCel(walk: Walk, value: string, place: Place): void {
  const problem = celProblem(value);
  if (problem === undefined) return;
  const words = walk.hides(place) ? "" : `: ${problem.message}`;
  walk.fail(
    place,
    `must be a CEL expression; it does not parse at line ${problem.line}, column ${problem.column}${words}${lineNote(walk, place)}`,
  );
}

/** ` (line N of the policy)` for a text form whose node at `place` has a line. */
function lineNote(walk: Walk, place: Place): string {
  const line = walk.settings.lineOf?.(place.steps);
  return line === undefined ? "" : ` (line ${line} of the policy)`;
}

/** `value` with the keys of its objects in snake_case, deeply (see `AnyField.wireKeys`). */
function wireKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(wireKeys);
  if (!isMap(value)) return value;
  const out = record();
  for (const [key, item] of Object.entries(value)) out[snakeCase(key)] = wireKeys(item);
  return out;
}
