/**
 * Which values the plugin answers as secrets, and the API key kept out of every message.
 *
 * Pulumi's protocol marks a secret with the envelope `{ "4dabf18193072939515e22adb298388d":
 * "1b47061264138c4ac30d75fd1eb44270", value }` in a `Struct` (`sdk/proto/provider.proto`: the
 * engine sends them once `ConfigureResponse.acceptSecrets` is true, and keeps a secret secret in
 * state only when the provider's answer carries the envelope). So every answer holding a secret
 * input wraps it again (`./properties`):
 *
 * - `CheckConfig`'s inputs: the settings whose definition says `secret: true` (the API key,
 *   `provider/client/settings.ts`), whether or not the engine sent them wrapped;
 * - `Check`'s inputs and `Create`/`Read`/`Update`'s outputs, and the properties an
 *   `ErrorResourceInitFailed` saves: the values the request held as secrets, at their paths
 *   (`./properties`: a leaf of a traffic policy, so that the engine's diff shows the rest of the
 *   policy; the whole property in an answer of another shape), and the properties the resource's
 *   definition makes secret (`secret`, `writeOnly`, `returnedOnce`:
 *   `provider/framework/property.ts`).
 *
 * The API key the plugin is configured with (and `NGROK_API_KEY`) is given to
 * `redactFromLogs` (`provider/client/log.ts`), which clears it from every log line; the gRPC
 * errors the plugin answers are cleared the same way (`./grpcErrors`).
 *
 * @module
 */
import { SETTINGS } from "../provider/client/settings";
import {
  type SecretPath,
  type SecretText,
  secretTexts,
  type WrittenValues,
} from "../provider/common/secretInputs";
import { holdsSecret } from "../provider/framework/secretFields";
import { DEFINITIONS } from "../provider/registry";
import { pluginToken } from "../provider/framework/tokens";

/** The settings answered as secrets by `CheckConfig` (their definition's `secret: true`). */
export const SECRET_SETTINGS: ReadonlySet<string> = new Set(
  SETTINGS.filter((setting) => "secret" in setting && setting.secret === true).map((s) => s.name),
);

/**
 * The names of the `properties` (a definition's) whose values are secrets: marked `secret`,
 * `writeOnly` or `returnedOnce`, or holding a `secret` field (`holdsSecret` of
 * `provider/framework/secretFields.ts`: a whole object, as the Node.js classes mark it).
 */
export function secretPropertyNames(
  properties: Readonly<Record<string, Parameters<typeof holdsSecret>[0]>>,
): ReadonlySet<string> {
  return new Set(
    Object.entries(properties)
      .filter(([, property]) => holdsSecret(property))
      .map(([name]) => name),
  );
}

/** Each resource token's secret properties (see {@link secretPropertyNames}). */
const SECRET_PROPERTIES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  DEFINITIONS.map((definition) => [
    pluginToken(definition.name),
    secretPropertyNames(definition.properties),
  ]),
);

/** Each resource token's `writtenValues` of its documents (`provider/framework/property.ts`). */
const WRITTEN_VALUES: ReadonlyMap<string, WrittenValues> = new Map(
  DEFINITIONS.map((definition) => [
    pluginToken(definition.name),
    (name: string, value: unknown) => definition.properties[name]?.writtenValues?.(value),
  ]),
);

/**
 * The secrets of a resource of `type` to answer as secrets, by path: those the request held
 * (`received`, `./properties`) and the properties its definition marks secret.
 */
export function secretsOf(type: string, received: readonly SecretPath[]): SecretPath[] {
  const own = [...(SECRET_PROPERTIES.get(type) ?? [])].map((name): SecretPath => [name]);
  return [...received, ...own];
}

/**
 * The texts no message about the `values` of a resource of `type` may show, for its `secrets`
 * (`provider/common/secretInputs`: a document's keys and paths stay readable).
 */
export function secretTextsOf(
  type: string,
  values: Readonly<Record<string, unknown>>,
  secrets: readonly SecretPath[],
): SecretText[] {
  return secretTexts(values, secrets, WRITTEN_VALUES.get(type));
}

/** The settings of `CheckConfig`'s answer to wrap as secrets: those received and the secret ones. */
export function configSecrets(received: ReadonlySet<string>): ReadonlySet<string> {
  return new Set([...received, ...SECRET_SETTINGS]);
}

/** What each error must keep secret: its saved properties' secrets, and the secret texts. */
const errorSecrets = new WeakMap<
  object,
  { readonly paths: readonly SecretPath[]; readonly texts: readonly SecretText[] }
>();

/**
 * Remembers that `error`'s saved properties (an `ErrorResourceInitFailed`'s) hold the secrets
 * `secrets` (paths, `./properties`), and that its message must not hold `texts` (the call's
 * secret texts, `provider/common/secretInputs`); returns it, for `throw`.
 */
export function withSecretProperties(
  error: unknown,
  secrets: readonly SecretPath[],
  texts: readonly SecretText[] = [],
): unknown {
  if (typeof error === "object" && error !== null) {
    errorSecrets.set(error, { paths: secrets, texts });
  }
  return error;
}

/** The secrets {@link withSecretProperties} remembered for `error` (none by default). */
export function secretPropertiesOf(error: unknown): readonly SecretPath[] {
  return (typeof error === "object" && error !== null && errorSecrets.get(error)?.paths) || [];
}

/** The secret texts {@link withSecretProperties} remembered for `error` (none by default). */
export function errorSecretTexts(error: unknown): readonly SecretText[] {
  return (typeof error === "object" && error !== null && errorSecrets.get(error)?.texts) || [];
}
