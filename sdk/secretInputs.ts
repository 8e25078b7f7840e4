/**
 * The names of the arguments a program made secret, passed to the provider in the hidden input
 * `__secretInputs` (`provider/common/secretInputs`): Pulumi's Node.js dynamic-provider host hands
 * the provider plain values, so without it a `check` failure could quote a secret argument's
 * value. `check` reads the names and never keeps the hidden input, so it is not in the state's
 * inputs or outputs (the engine records its name among the resource's `propertyDependencies`).
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { SECRET_INPUTS_KEY } from "../provider/common/secretInputs";

/** Whether `value` is or holds a Pulumi output (only an output can be secret). */
function holdsOutput(value: unknown): boolean {
  if (pulumi.Output.isInstance(value)) return true;
  if (Array.isArray(value)) return value.some(holdsOutput);
  if (typeof value === "object" && value !== null && !(value instanceof Promise)) {
    return Object.values(value).some(holdsOutput);
  }
  return false;
}

/**
 * `{ __secretInputs: <names of the secret arguments> }` when any argument of `args` is or holds an
 * output, else `{}` (the inputs stay exactly what the program declared).
 */
export function secretInputNames(args: object | undefined): {
  [SECRET_INPUTS_KEY]?: pulumi.Output<string[]>;
} {
  const entries = Object.entries(args ?? {}).filter(([, value]) => holdsOutput(value));
  if (entries.length === 0) return {};
  const names = Promise.all(
    entries.map(async ([name, value]) =>
      (await pulumi.isSecret(pulumi.output(value))) ? [name] : [],
    ),
  ).then((lists) => lists.flat());
  return { [SECRET_INPUTS_KEY]: pulumi.output(names) };
}
