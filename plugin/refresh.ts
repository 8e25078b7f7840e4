/**
 * The inputs `Read` answers (a refresh, `pulumi refresh`): those the provider's `read` found on
 * ngrok, except that an input ngrok holds the same, by its definition's `same` (the comparison
 * `diff` uses), is answered as the state held it, as the program wrote it: a traffic policy given
 * as an object stays that object (not ngrok's JSON text), with its secret leaves where they were
 * (`./secrets`), so that the next preview's diff still shows which rules change. An input ngrok
 * holds otherwise (drift) is ngrok's, as before: the next diff shows the drift.
 *
 * @module
 */
import { sameValue } from "../provider/framework/diff";
import type { PropertyDefinition } from "../provider/framework/property";
import { DEFINITIONS } from "../provider/registry";
import { pluginToken } from "../provider/framework/tokens";

/** Each resource token's inputs, with their definitions. */
const INPUTS: ReadonlyMap<string, ReadonlyMap<string, PropertyDefinition>> = new Map(
  DEFINITIONS.map((definition) => [
    pluginToken(definition.name),
    new Map(Object.entries(definition.properties).filter(([, p]) => p.role === "input")),
  ]),
);

/**
 * `live` (the inputs `read` found for a resource of `type`), each input the same as in `olds` (the
 * state's inputs) by its definition answered as `olds` holds it (see the module comment).
 */
export function refreshedInputs(
  type: string,
  live: Readonly<Record<string, unknown>>,
  olds: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const inputs = INPUTS.get(type);
  return Object.fromEntries(
    Object.entries(live).map(([name, value]) => {
      const property = inputs?.get(name);
      const old = olds[name];
      const kept =
        property !== undefined &&
        old !== undefined &&
        value !== undefined &&
        sameValue(property, old, value);
      return [name, kept ? old : value];
    }),
  );
}
