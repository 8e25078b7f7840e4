/**
 * The config of an action, walked against its fields in the table (`./schema`): each value
 * judged by its type and format, its keys converted to ngrok's spelling, its secrets noted.
 * Returns the config as ngrok receives it (wire names; map keys as written; numbers as written,
 * `./numbers`).
 *
 * `${…}` is CEL only in a field that takes CEL (`FieldSpec.cel`): there its interpolations must
 * parse, and the parts they give are left to ngrok. In any other field ngrok takes it as text
 * (and vault secrets do not work there, https://ngrok.com/docs/traffic-policy/secrets/): a field
 * with a format is judged on the whole text, and one without passes with a warning.
 *
 * @module
 */
import { certificateExpiryWarnings, parseIdpMetadata } from "../httpsEdgeRouteSaml/idpMetadata";
import { hasInterpolation, holdsSecret } from "./cel";
import { celContext, judgeCel, judgeInterpolations, judgeStrings } from "./celJudge";
import { FORMATS } from "./formats";
import { numberValue } from "./numbers";
import { child, didYouMean, isMap, type Place, record, type Walk } from "./report";
import { camelCase, type FieldSpec, type Fields, type FieldType, snakeCase } from "./schema";
import { durationValue, judgeName, judgeNumber } from "./values";

/** What the walk knows of the field it is in. */
interface FieldContext {
  /** The value is a secret: a field that holds one, or a value the program made secret. */
  readonly secret: boolean;
  readonly phase: string;
  /** The field's wire name (the variables of `retry_condition` are its own). */
  readonly field?: string;
  /** The field takes CEL: ngrok evaluates its interpolations (`FieldSpec.cel`). */
  readonly cel?: boolean;
}

/** The note a message about `${…}` in a field that takes no CEL ends with. */
const NO_CEL =
  'ngrok evaluates no ${…} in this field (its reference page does not mark it "Supports CEL"; ' +
  "vault secrets work only in fields that do, https://ngrok.com/docs/traffic-policy/secrets/)";

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
      judgeStrings(walk, item, at, context.phase);
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
    const converted = walkValue(walk, field, field.type, item, at, {
      ...context,
      secret,
      field: wire,
      cel: field.cel === true,
    });
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
      if (typeof value !== "string") return otherThanString(walk, type, value, place, context);
      judgeString(walk, type.format, value, place, context);
      if (type.maxLength !== undefined && [...value].length > type.maxLength) {
        walk.fail(
          place,
          `must be at most ${type.maxLength} characters; it has ${[...value].length}`,
        );
      }
      if (type.ascii && /[\u0080-\u{10ffff}]/u.test(value)) {
        walk.fail(place, "must hold ASCII characters only; it has others");
      }
      if (type.refused?.values.includes(value)) {
        walk.fail(place, `must not be ${JSON.stringify(value)}: ${type.refused.why}`);
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
      const number = numberValue(value);
      const ok =
        number !== undefined &&
        (!integer || Number.isInteger(number)) &&
        number >= type.min &&
        number <= type.max;
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
        const at = child(place, key);
        if (type.names !== undefined) judgeName(walk, type.names, key, at);
        out[key] = walkValue(walk, field, type.values, item, at, context);
      }
      return out;
    }
    case "object":
      return walkFields(walk, type.fields, value, place, context);
    case "any":
      judgeStrings(walk, value, place, context.phase, context.secret);
      return type.wireKeys && walk.settings.form === "object" ? wireKeys(value) : value;
  }
}

/**
 * A string field's value that is not a string: a number or boolean, or an object, where the
 * field accepts one with a warning (`StringField.scalars`, `orObject`); else a failure.
 */
function otherThanString(
  walk: Walk,
  type: Extract<FieldType, { kind: "string" }>,
  value: unknown,
  place: Place,
  context: FieldContext,
): unknown {
  const scalar = typeof value === "boolean" || numberValue(value) !== undefined;
  if (scalar && type.scalars !== undefined) {
    judgeNumber(walk, value, place);
    walk.warn(
      place,
      `is ${walk.shown(value, context.secret)}, not a string: it is sent as written ` +
        `(${type.scalars.why}), and ngrok's reference writes a string`,
    );
    return value;
  }
  if (isMap(value) && type.orObject !== undefined) {
    walk.warn(
      place,
      `is an object, not a string: it is sent as written (${type.orObject.why}), and ngrok's ` +
        "reference writes a string",
    );
    return walkFields(walk, type.orObject.fields, value, place, context);
  }
  return void walk.fail(place, `must be a string; got ${walk.shown(value, context.secret)}`);
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
  if (type.orOne && !Array.isArray(value)) {
    // One item in place of the list: judged as an item, sent as written.
    return walkValue(walk, field, type.items, value, place, context);
  }
  if (!Array.isArray(value)) {
    return void walk.fail(place, `must be a list; got ${walk.shown(value, context.secret)}`);
  }
  if (type.orOne && type.items.kind === "object" && !value.every((item) => isMap(item))) {
    // A list whose items are not even objects: the shape of the whole is wrong.
    const what = Object.keys(type.items.fields).join(", ");
    return void walk.fail(
      place,
      `must be an object (${what}) or a list of them; got a list of ` +
        `${value.map((item: unknown) => walk.shown(item, context.secret)).join(", ")}`,
    );
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
  const cel = celContext(place, context);
  if (format === "celExpression") return judgeCel(walk, value, place, { ...cel, expect: "any" });
  if (format === "idpMetadata") return idpMetadata(walk, value, place, context.secret);
  const takesCel = context.cel === true;
  const text = !takesCel && hasInterpolation(value);
  if (takesCel) judgeInterpolations(walk, value, place, cel, context.secret);
  if (format === undefined) {
    if (text) walk.warn(place, `holds \${…} as text: ${NO_CEL}`);
    return;
  }
  const problem = FORMATS[format].problem(value, takesCel);
  if (problem !== undefined) {
    const quoted = context.secret ? "" : `; got ${walk.shown(value)}`;
    const note = text ? `; ${NO_CEL}` : "";
    walk.fail(place, `must be ${FORMATS[format].what}: ${problem}${quoted}${note}`);
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

/** `value` with the keys of its objects in snake_case, deeply (see `AnyField.wireKeys`). */
function wireKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(wireKeys);
  if (!isMap(value)) return value;
  const out = record();
  for (const [key, item] of Object.entries(value)) out[snakeCase(key)] = wireKeys(item);
  return out;
}
