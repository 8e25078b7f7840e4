/**
 * What the property kinds of `./property` imply at run time for the generic implementation
 * (`./implementation`), beside the wire mapping (`./wire`) and the pure `check` and `diff`:
 *
 * - a `writeOnly` input absent from state (an imported object) is no change (`./diff`), and the
 *   provider's `diff` warns that the declared value is taken as ngrok's ({@link diffWithWarnings});
 * - a `returnedOnce` output is kept from state by an update, whose answer no longer holds it
 *   ({@link answeredOnce}; a read keeps it from state through `./wire`), and a read with none in
 *   state (`pulumi import`, `get`) warns that it cannot be recovered ({@link unrecoveredWarnings});
 * - a string format's warnings (an expiring certificate, `./formats`) are given by `check`
 *   ({@link checkWarnings});
 * - no secret input's text is in the message of a refused create or update ({@link redacted}).
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { logWarning, NgrokApiError } from "../client";
import { redactSecretText, type SecretPath, secretTexts } from "../common/secretInputs";
import { unrecordedWriteOnly } from "./diff";
import { formatRule } from "./formats";
import { declaredSecretsIn } from "./secretFields";
import type { ResourceDefinition } from "./resource";

/** The `returnedOnce` outputs of `definition` that `olds` (the state) holds: what an update keeps. */
export function answeredOnce(
  definition: ResourceDefinition,
  olds: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(definition.properties)
      .filter(([name, p]) => p.returnedOnce === true && olds[name] !== undefined)
      .map(([name]) => [name, olds[name]]),
  );
}

/**
 * The warnings of a read of `id` whose outputs `outs` lack a `returnedOnce` output (neither the
 * state nor ngrok's answer holds it: `pulumi import`, `get`), one sentence each.
 */
export function unrecoveredWarnings(
  definition: ResourceDefinition,
  id: string,
  outs: Readonly<Record<string, unknown>>,
): string[] {
  return Object.entries(definition.properties)
    .filter(([name, p]) => p.returnedOnce === true && (outs[name] ?? undefined) === undefined)
    .map(
      ([name]) =>
        `${definition.name} ${id}: ngrok returns ${name} once, to the create, so a read without ` +
        `it in the state (pulumi import, get) cannot recover it and the ${name} output stays ` +
        "unset; replace the resource to have a new one",
    );
}

/** Logs {@link unrecoveredWarnings} as warnings: what the generic `read` does. */
export function warnUnrecovered(
  definition: ResourceDefinition,
  id: string,
  outs: Readonly<Record<string, unknown>>,
): void {
  for (const warning of unrecoveredWarnings(definition, id, outs)) logWarning(warning);
}

/** The warning of `diff` about a write-only input an imported object does not hold in state. */
export function unrecordedWarning(resource: string, name: string): string {
  return (
    `${resource}: ${name} is not in the state (the object was imported or read without it), and ` +
    `ngrok never returns it, so the declared ${name} is taken as ngrok's and not sent: change it ` +
    "to send it"
  );
}

/** `diff`, warning of each write-only input an imported object does not hold in state. */
export function diffWithWarnings(
  definition: ResourceDefinition,
  diff: (olds: Record<string, unknown>, news: Record<string, unknown>) => pulumi.dynamic.DiffResult,
) {
  return (olds: Record<string, unknown>, news: Record<string, unknown>) => {
    for (const name of unrecordedWriteOnly(definition, olds, news)) {
      logWarning(unrecordedWarning(definition.name, name));
    }
    return diff(olds, news);
  };
}

/** The warnings of the formats of `definition`'s inputs (`./formats`: an expiring certificate). */
function formatWarnings(
  definition: ResourceDefinition,
  inputs: Readonly<Record<string, unknown>>,
  now: number,
): string[] {
  return Object.entries(definition.properties).flatMap(([name, p]) => {
    const value = inputs[name];
    const rule = p.type.kind === "string" && p.type.format ? formatRule(p.type.format) : undefined;
    return typeof value === "string"
      ? (rule?.warnings?.(value, now, definition.name, name) ?? [])
      : [];
  });
}

/** `check`'s warnings: the formats' (at the time of the call), then the resource's own. */
export function checkWarnings<Inputs extends Readonly<Record<string, unknown>>, Parsed>(
  definition: ResourceDefinition,
  own?: (inputs: Inputs, parsed: Parsed) => readonly string[],
): (inputs: Inputs, parsed: Parsed) => readonly string[] {
  return (inputs, parsed) => [
    ...formatWarnings(definition, inputs, Date.now()),
    ...(own?.(inputs, parsed) ?? []),
  ];
}

/**
 * ngrok's refusal `error` of `inputs` with no secret input's text in its message (an answer may
 * quote what it refused): `rewrite` makes the error with the new message.
 */
export function redacted(
  definition: ResourceDefinition,
  error: NgrokApiError,
  inputs: Readonly<Record<string, unknown>>,
  rewrite: (error: NgrokApiError, msg: string) => NgrokApiError,
): NgrokApiError {
  const paths: SecretPath[] = declaredSecretsIn(definition.properties, inputs);
  const msg = redactSecretText(error.msg, secretTexts(inputs, paths));
  return msg === error.msg ? error : rewrite(error, msg);
}
