/**
 * The secrets a definition declares inside its properties (a `secret` field of an object type,
 * `./property`), beside the properties secret as a whole (`isSecret`): their paths, for the
 * messages (hidden by value only) and the plugin's and the Node.js classes' answers.
 *
 * @module
 */
import { valueAt } from "../common/secretInputs";
import { isSecret, type ObjectType, type PropertyDefinition, type PropertyType } from "./property";

/** What this module reads of a property: whether it is secret, and its type when it has one. */
type SecretFacts = Pick<PropertyDefinition, "secret" | "writeOnly" | "returnedOnce"> & {
  readonly type?: PropertyType;
};

/**
 * The places of `properties`' values that are secrets, each a property's name and the field names
 * inside it: a whole property ({@link isSecret}), or a `secret` field of its object (at any depth,
 * e.g. `["target", "datadog", "apiKey"]`).
 */
export function declaredSecretPaths(
  properties: Readonly<Record<string, SecretFacts>>,
): [string, ...string[]][] {
  const inside = (type: ObjectType): string[][] =>
    Object.entries(type.fields).flatMap(([name, field]) => [
      ...(field.secret === true ? [[name]] : []),
      ...(field.object ? inside(field.object).map((steps) => [name, ...steps]) : []),
    ]);
  return Object.entries(properties).flatMap(([name, property]): [string, ...string[]][] =>
    isSecret(property)
      ? [[name]]
      : property.type?.kind === "object"
        ? inside(property.type).map((steps): [string, ...string[]] => [name, ...steps])
        : [],
  );
}

/**
 * The {@link declaredSecretPaths} of `properties` that can be followed in `values` (a secret
 * field of a target kind the value does not have holds nothing to hide): what no message about
 * `values` may show, by value only.
 */
export function declaredSecretsIn(
  properties: Readonly<Record<string, SecretFacts>>,
  values: Readonly<Record<string, unknown>>,
): [string, ...string[]][] {
  return declaredSecretPaths(properties).filter(
    ([name, ...steps]) => steps.length === 0 || valueAt(values[name], steps) !== undefined,
  );
}

/**
 * Whether `property` holds a secret: it is one ({@link isSecret}), or a field of its object is
 * (what the Node.js classes, which mark whole outputs only, register secret).
 */
export function holdsSecret(property: SecretFacts): boolean {
  return declaredSecretPaths({ property }).length > 0;
}
