/**
 * `check` derived from a resource's definition: each property judged by the rule of its type (in
 * definition order), a required one that is missing named, an input that applies only with
 * another's value refused otherwise (and given its default then), the unconditional defaults
 * recorded; with the resource's own rules where a type's rule is not enough (a document to
 * parse, a key to judge), each written beside its property in the resource's `definition.ts`.
 *
 * Every failure names its property and the rule, with the messages of `../common/check`.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { InputChecker } from "../common/check";
import { isNgrokId, quoted } from "../common/ids";
import type { PropertyDefinition } from "./property";
import { checkedProperties, type ResourceDefinition, unconditionalDefaults } from "./resource";

/** A checker of any resource's inputs (the derived rules judge by name, not by type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each rule names its own property
export type Checker = InputChecker<any>;

/**
 * A resource's own rule for one property, run instead of its type's rule: it judges the value
 * (through `c`) and records failures that name the property.
 */
export type PropertyRule = (c: Checker, name: string) => void;

/** What a resource adds to the rules its definition derives. */
export interface CheckRules {
  /** Rules that replace a property's type rule, by property name. */
  readonly properties?: Readonly<Record<string, PropertyRule>>;
  /** Rules over several properties, run after every property's rule. */
  readonly after?: (c: Checker) => void;
}

/** `<name> is required: <what it is>`, the failure of a missing required input. */
export function requiredReason(name: string, property: PropertyDefinition): string {
  const what =
    property.requiredText ??
    (property.type.kind === "enum"
      ? `one of ${property.type.values.map((v) => JSON.stringify(v)).join(", ")}`
      : property.description);
  return `${name} is required: ${what}`;
}

/** The rule of a property's type (see `./property`). */
export function typeRule(c: Checker, name: string, property: PropertyDefinition): void {
  const { type } = property;
  switch (type.kind) {
    case "string":
      c.string(name, { maxBytes: type.maxBytes, nonEmpty: type.nonEmpty });
      return;
    case "boolean":
      c.boolean(name);
      return;
    case "integer":
      c.integer(name, type.min, type.max, type.unit);
      return;
    case "enum":
      c.oneOf(name, type.values, type.unit);
      return;
    case "stringList":
      c.stringList(name);
      return;
    case "stringMap":
    case "objectList":
      c.take(name);
      return;
    case "ngrokId": {
      const id = c.string(name);
      if (id !== undefined && !isNgrokId(id, type.prefix)) {
        c.fail(
          name,
          `${name} must be an ngrok id starting with "${type.prefix}" followed by letters and digits; got ${quoted(id)}`,
        );
      }
      return;
    }
  }
}

/**
 * The pure `check` of a resource: validates the raw inputs `news` (no API call) and records its
 * defaults. Values not known yet (preview) are not checked. See the module comment.
 *
 * Order of the failures: each property's rule in definition order; the `onlyWhen` rules of a run
 * of adjacent conditional properties right after the last of them (so that every type failure of
 * a key parameter comes before the rules that pair them); then the rules over several properties.
 */
export function checkResource<Inputs>(
  definition: ResourceDefinition,
  news: Record<string, unknown>,
  rules: CheckRules = {},
): pulumi.dynamic.CheckResult<Inputs> {
  const c: Checker = new InputChecker(
    news,
    `ngrok:${definition.name}`,
    checkedProperties(definition),
  );
  let conditional: [string, PropertyDefinition][] = [];
  const flush = () => {
    for (const [name, property] of conditional) applyOnlyWhen(c, definition, name, property);
    conditional = [];
  };
  for (const [name, property] of Object.entries(definition.properties)) {
    if (property.role === "output") continue;
    if (property.onlyWhen === undefined) flush();
    const own = rules.properties?.[name];
    if (own !== undefined) {
      own(c, name);
    } else {
      if (property.required && c.value(name) === undefined) {
        c.fail(name, requiredReason(name, property));
      }
      typeRule(c, name, property);
    }
    if (property.onlyWhen !== undefined) conditional.push([name, property]);
  }
  flush();
  rules.after?.(c);
  return c.result(
    unconditionalDefaults(definition) as Partial<Inputs>,
  ) as pulumi.dynamic.CheckResult<Inputs>;
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
