/**
 * `check` derived from a resource's definition: each property judged by the rule of its type (in
 * definition order), a required one that is missing named, an input that applies only with
 * another's value refused otherwise (and given its default then), the unconditional defaults
 * recorded; then, where a type's rule is not enough (a document to parse, a key to judge), the
 * property's own `rule` (written in the resource's `rules.ts`), after the shared checks and only
 * with a value they accepted, never instead of them.
 *
 * Every failure names its property and the rule, with the messages of `../common/inputChecker.ts`; a
 * property whose `namedInFailures` says so (a document) is named in the reason only.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { describe, InputChecker } from "../common/inputChecker";
import { isUnder, SECRET_SHOWN } from "../common/secretInputs";
import { isNgrokId } from "../common/ids";
import { formatRule } from "./formats";
import { declaredSecretsIn } from "./secretFields";
import {
  type NgrokIdType,
  type ObjectListType,
  type ObjectType,
  type PropertyDefinition,
  type PropertyType,
  type ReferenceType,
  type ValueOf,
} from "./property";
import { referenceWords } from "./reference";
import { isUnknown } from "../common/unknown";
import { derivedAs } from "../common/derived";
import { currentCaller } from "../common/hints";
import { typeNameFor } from "./tokens";
import { checkedProperties, type ResourceDefinition, unconditionalDefaults } from "./resource";

/** A checker of any resource's inputs (the derived rules judge by name, not by type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each rule names its own property
export type Checker = InputChecker<any>;

/** `<name> is required: <what it is>`, the failure of a missing required input. */
export function requiredReason(name: string, property: PropertyDefinition): string {
  const what =
    property.requiredText ??
    (property.type.kind === "enum"
      ? `one of ${property.type.values.map((v) => JSON.stringify(v)).join(", ")}`
      : property.description);
  return `${name} is required: ${what}`;
}

/**
 * The rule of a property's type (see `./property`), then, with a value it accepted (set, known,
 * of the type), the property's own `rule`: what that rule returned (what it parsed), if it ran.
 */
export function typeRule(c: Checker, name: string, property: PropertyDefinition): unknown {
  const { type } = property;
  const own = (value: ValueOf<PropertyType> | undefined): unknown =>
    value === undefined ? undefined : property.rule?.(value, c, name);
  switch (type.kind) {
    case "string": {
      const value = c.string(name, { maxBytes: type.maxBytes, nonEmpty: type.nonEmpty });
      const rule = type.format === undefined ? undefined : formatRule(type.format);
      const problem = value === undefined || rule === undefined ? undefined : rule.problem?.(value);
      if (value === undefined || rule === undefined || problem === undefined) return own(value);
      c.fail(name, `${name} must be ${rule.what}: ${problem}; got ${c.quote(name, value, 60)}`);
      return undefined;
    }
    case "reference":
      return own(referenceRule(c, name, type));
    case "boolean":
      return own(c.boolean(name));
    case "integer":
      return own(c.integer(name, type.min, type.max, type.unit));
    case "enum":
      return own(c.oneOf(name, type.values, type.unit));
    case "stringList":
      return own(c.stringList(name));
    case "stringMap":
      return own(c.stringMap(name));
    case "objectList":
      if (property.role === "input") return own(objectListRule(c, name, type));
      c.take(name); // an output's type: recorded as given
      return undefined;
    case "object":
      return own(objectRule(c, name, type));
    case "document": {
      const value = c.take(name);
      if (value === undefined) return undefined;
      if (typeof value !== "string" && !isPlainObject(value)) {
        c.fail(name, `${name} must be an object, or YAML or JSON text; got ${c.show(name, value)}`);
        return undefined;
      }
      return own(value);
    }
    case "ngrokId": {
      const id = c.string(name);
      if (id !== undefined && !isNgrokId(id, type.prefix)) {
        c.fail(name, ngrokIdMistake(name, type, c.quote(name, id)));
        return undefined;
      }
      return own(id);
    }
  }
}

/**
 * Why `name` is not an id of `type`'s kind: `<name> must be an ngrok id starting with "<prefix>"
 * followed by letters and digits; got <shown>` (or `the id of <names>:`, and its example), `shown`
 * the value as the message may show it. What `check` and a lookup's arguments refuse.
 */
export function ngrokIdMistake(name: string, type: NgrokIdType, shown: string): string {
  const whose = type.names === undefined ? "an ngrok id starting with" : `the id of ${type.names}:`;
  const example = type.example === undefined ? "" : `, ${type.example}`;
  return `${name} must be ${whose} "${type.prefix}" followed by letters and digits${example}; got ${shown}`;
}

/**
 * A {@link ReferenceType}'s value: an id with the referenced resource's prefix, or a list of them;
 * each failure names the property (and the item of a list) and what the id is of.
 */
function referenceRule(
  c: Checker,
  name: string,
  type: ReferenceType,
): string | string[] | undefined {
  const mistake = (where: string, shown: string) =>
    `${where} must be ${referenceWords(type)}; got ${shown}`;
  if (type.many !== true) {
    const id = c.string(name);
    if (id === undefined || isNgrokId(id, type.prefix)) return id;
    c.fail(name, mistake(name, c.quote(name, id, 60)));
    return undefined;
  }
  const ids = c.stringList(name);
  if (ids === undefined) return undefined;
  let ok = true;
  for (const [index, id] of ids.entries()) {
    if (id === "") ok = false; // not a string: failed by `stringList`
    if (id === "" || isUnknown(id) || isNgrokId(id, type.prefix)) continue;
    c.fail(name, mistake(`${name}[${index}]`, c.quote(name, id, 60)));
    ok = false;
  }
  return ok ? ids : undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * An {@link ObjectType}'s value: an object of its fields only, each a string (one of its `values`
 * when it has some, of its `format`) or an object of its own, judged the same way; its `required`
 * fields set, and with `exactlyOne` one field exactly. Every failure names the path; a value is
 * shown unless it is secret (a `secret` field, or what the program made secret), by value only.
 */
function objectRule(
  c: Checker,
  name: string,
  type: ObjectType,
): Record<string, unknown> | undefined {
  const value = c.take(name);
  if (value === undefined) return undefined;
  const program = c.secretsIn(name);
  const shown = (steps: readonly string[], secret: boolean, item: unknown) =>
    secret || program.whole || isUnder(steps, program.inside) ? SECRET_SHOWN : describe(item);
  const judge = (
    path: string,
    steps: readonly string[],
    found: unknown,
    object: ObjectType,
  ): boolean => {
    if (!isPlainObject(found)) {
      const what = shown(steps, false, found);
      c.fail(name, `${path} must be an object (${object.typeName}); got ${what}`);
      return false;
    }
    let ok = true;
    const known = Object.keys(object.fields);
    const set = known.filter((key) => found[key] !== undefined && found[key] !== null);
    if (object.exactlyOne === true && set.length !== 1 && !set.some((k) => isUnknown(found[k]))) {
      const which = set.length === 0 ? "none is set" : `${set.join(" and ")} are set`;
      c.fail(name, `${path} must set exactly one of ${known.join(", ")}; ${which}`);
      ok = false;
    }
    for (const [key, field] of Object.entries(object.fields)) {
      if (field.required === true && (found[key] === undefined || found[key] === null)) {
        c.fail(name, `${path}.${key} is required: ${field.description}`);
        ok = false;
      }
    }
    for (const [key, item] of Object.entries(found)) {
      const field = object.fields[key];
      if (item === undefined || item === null || isUnknown(item)) continue;
      const at = `${path}.${key}`;
      const show = () => shown([...steps, key], field?.secret === true, item);
      if (field === undefined) {
        c.fail(
          name,
          `${at} is not a field of ${object.typeName}; its fields are ${known.join(", ")}`,
        );
        ok = false;
      } else if (field.object !== undefined) {
        ok = judge(at, [...steps, key], item, field.object) && ok;
      } else if (field.list === true) {
        const items: unknown[] = Array.isArray(item) ? item : [];
        if (!Array.isArray(item) || items.some((i) => typeof i !== "string" && !isUnknown(i))) {
          c.fail(name, `${at} must be a list of strings; got ${show()}`);
          ok = false;
        }
      } else if (typeof item !== "string") {
        c.fail(name, `${at} must be a string; got ${show()}`);
        ok = false;
      } else if (field.values !== undefined && !field.values.includes(item)) {
        const list = field.values.map((v) => JSON.stringify(v)).join(", ");
        c.fail(name, `${at} must be one of ${list}; got ${show()}`);
        ok = false;
      } else if (field.format !== undefined) {
        const rule = formatRule(field.format);
        const problem = rule.problem?.(item);
        if (problem !== undefined) {
          c.fail(name, `${at} must be ${rule.what}: ${problem}; got ${show()}`);
          ok = false;
        }
      }
    }
    return ok;
  };
  return judge(name, [], value, type) && isPlainObject(value) ? value : undefined;
}

/**
 * An input {@link ObjectListType}'s value: a list of objects, each of the type's fields only, every
 * one a string and set; each failure names the item (`sources[1].type`).
 */
function objectListRule(
  c: Checker,
  name: string,
  type: ObjectListType,
): Record<string, string>[] | undefined {
  const value = c.take(name);
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    c.fail(name, `${name} must be a list of ${type.typeName} objects; got ${c.show(name, value)}`);
    return undefined;
  }
  const known = Object.keys(type.fields);
  let ok = true;
  for (const [index, item] of value.entries()) {
    const at = `${name}[${index}]`;
    if (isUnknown(item)) continue;
    if (!isPlainObject(item)) {
      c.fail(name, `${at} must be an object (${type.typeName}); got ${c.show(name, item)}`);
      ok = false;
      continue;
    }
    for (const key of Object.keys(item)) {
      if (!known.includes(key)) {
        c.fail(
          name,
          `${at}.${key} is not a field of ${type.typeName}; its fields are ${known.join(", ")}`,
        );
        ok = false;
      }
    }
    for (const key of known) {
      const field = item[key];
      if (isUnknown(field)) continue;
      if (typeof field !== "string" || field.trim() === "") {
        c.fail(
          name,
          `${at}.${key} is required, a non-empty string: ${type.fields[key].description}`,
        );
        ok = false;
      }
    }
  }
  return ok ? derivedAs<Record<string, string>[]>(value) : undefined;
}

/**
 * The pure `check` of a resource: validates the raw inputs `news` (no API call) and records its
 * defaults. Values not known yet (preview) are not checked. See the module comment. With the
 * result, what the properties' own rules parsed, by property (`parsed`: each rule's return value,
 * for the values it accepted).
 *
 * Order of the failures: each property's rule in definition order; the `onlyWhen` rules of a run
 * of adjacent conditional properties right after the last of them (so that every type failure of
 * a key parameter comes before the rules that pair them).
 */
export function checkResource<Inputs>(
  definition: ResourceDefinition,
  news: Record<string, unknown>,
): { result: pulumi.dynamic.CheckResult<Inputs>; parsed: Record<string, unknown> } {
  const parsed: Record<string, unknown> = {};
  const c: Checker = new InputChecker(
    news,
    typeNameFor(currentCaller(), definition.name),
    checkedProperties(definition),
    (name, value) => definition.properties[name]?.writtenValues?.(value),
    declaredSecretsIn(definition.properties, news),
  );
  let conditional: [string, PropertyDefinition][] = [];
  const flush = () => {
    for (const [name, property] of conditional) applyOnlyWhen(c, definition, name, property);
    conditional = [];
  };
  for (const [name, property] of Object.entries(definition.properties)) {
    if (property.role === "output") continue;
    if (property.onlyWhen === undefined) flush();
    if (property.blankIsDefault && c.value(name) === "") {
      // Left out: the default applies (the unconditional defaults below).
    } else {
      if (property.required && c.value(name) === undefined) {
        c.fail(name, requiredReason(name, property));
      }
      const before = c.failures.length;
      const found = typeRule(c, name, property);
      if (found !== undefined) parsed[name] = found;
      if (property.namedInFailures?.(c.value(name)) === false) {
        for (let index = before; index < c.failures.length; index++) {
          const failure = c.failures[index];
          if (failure.property === name) c.failures[index] = { ...failure, property: "" };
        }
      }
    }
    if (property.onlyWhen !== undefined) conditional.push([name, property]);
  }
  flush();
  return {
    result: c.result(derivedAs<Partial<Inputs>>(unconditionalDefaults(definition))),
    parsed,
  };
}

/**
 * `onlyWhen`: a value given while the condition holds another value is refused, naming both; a
 * missing one gets its default when the condition holds. Nothing is judged while the
 * condition's value is missing, not known yet, or not one its type allows (its own rule says so).
 */
function applyOnlyWhen(
  c: Checker,
  definition: ResourceDefinition,
  name: string,
  property: PropertyDefinition,
): void {
  const when = property.onlyWhen!;
  const condition = c.value(when.property);
  const conditionType = definition.properties[when.property]?.type;
  const allowed: readonly unknown[] = conditionType?.kind === "enum" ? conditionType.values : [];
  if (typeof condition !== "string" || !allowed.includes(condition)) {
    return;
  }
  if (condition !== when.value && c.value(name) !== undefined) {
    c.fail(
      name,
      `${name} applies only when ${when.property} is "${when.value}"; ${when.property} is "${condition}"`,
    );
  } else if (
    condition === when.value &&
    c.value(name) === undefined &&
    property.default !== undefined
  ) {
    c.set(name, property.default);
  }
}
