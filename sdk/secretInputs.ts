/**
 * The paths of the values a program made secret, passed to the provider in the hidden input
 * `__secretInputs` (`provider/common/secretInputs`): Pulumi's Node.js dynamic-provider host hands
 * the provider plain values, so without it a `check` failure could quote a secret's value. An
 * argument that is a secret output is named whole (`description`); a secret output inside an
 * argument's object or list by its path (`trafficPolicy.onHttpRequest[0].actions[0].config
 * .clientSecret`), so that the messages hide that value only. `check` reads the paths and never
 * keeps the hidden input, so it is not in the state's inputs or outputs (the engine records its
 * name among the resource's `propertyDependencies`).
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { type PathStep, pathText, SECRET_INPUTS_KEY } from "../provider/common/secretInputs";

/** Whether `value` is a plain object, whose members the program wrote (not a class's instance). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Each output in `value`, with the steps to it; an output's own value is not looked into. */
function outputsIn(
  value: unknown,
  steps: readonly PathStep[],
): [PathStep[], pulumi.Output<unknown>][] {
  if (pulumi.Output.isInstance(value)) return [[[...steps], value]];
  if (Array.isArray(value))
    return value.flatMap((item, index) => outputsIn(item, [...steps, index]));
  if (isPlainObject(value)) {
    return Object.entries(value).flatMap(([key, item]) => outputsIn(item, [...steps, key]));
  }
  return [];
}

/**
 * `{ __secretInputs: <the paths of the secret outputs> }` when any argument of `args` is or holds
 * an output, else `{}` (the inputs stay exactly what the program declared).
 */
export function secretInputPaths(args: object | undefined): {
  [SECRET_INPUTS_KEY]?: pulumi.Output<string[]>;
} {
  const outputs = Object.entries(args ?? {}).flatMap(([name, value]) =>
    outputsIn(value, []).map(([steps, output]) => [pathText(name, steps), output] as const),
  );
  if (outputs.length === 0) return {};
  const paths = Promise.all(
    outputs.map(async ([path, output]) => ((await pulumi.isSecret(output)) ? [path] : [])),
  ).then((lists) => lists.flat());
  return { [SECRET_INPUTS_KEY]: pulumi.output(paths) };
}
