/**
 * Property values between Pulumi's wire form (`google.protobuf.Struct`, with its secret envelopes
 * and the unknown-value sentinel) and the plain objects the provider's methods take.
 *
 * - A secret (`{ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value }`)
 *   is unwrapped, wherever it is (the engine sends a value inside an object, a list's item, as a
 *   secret of its own: a secret config value as a leaf of a traffic policy); its path is kept
 *   (`trafficPolicy.on_http_request[0].actions[0].config.client_secret`, or a property's name),
 *   so that the answer wraps the same values again, and only those: an answer holding an object
 *   of the same shape wraps its leaf, so that the engine's diff shows the rest of it
 *   ({@link toStruct}).
 * - The unknown value of a preview stays the sentinel string
 *   `04da6b54-80e4-46f7-96ec-b56ff0331ba9`, as the Node.js dynamic-provider host hands it over:
 *   the provider's `check` and `diff` already treat it as "not known yet".
 * - `undefined` values are left out (a `Struct` cannot hold them).
 *
 * @module
 */
import { type JavaScriptValue, Struct } from "google-protobuf/google/protobuf/struct_pb";
import { isRecord } from "../provider/client/brand";
import { type PathStep, type SecretPath, valueAt } from "../provider/common/secretInputs";

const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** Plain values, and where they held secrets. */
export interface Unwrapped {
  readonly values: Record<string, unknown>;
  /** The paths of the secrets, outermost only (a property's name alone: all of it). */
  readonly secretPaths: readonly SecretPath[];
  /** The properties that held a secret, in all or in part. */
  readonly secrets: ReadonlySet<string>;
}

function isSecret(value: unknown): value is { value?: unknown } {
  return (
    typeof value === "object" && value !== null && SIG_KEY in value && value[SIG_KEY] === SECRET_SIG
  );
}

/**
 * `value` without secret envelopes; the path of each envelope (`at`, then the steps to it) is
 * added to `found`, an envelope inside another not.
 */
function reveal(value: unknown, at: SecretPath, found: SecretPath[], inSecret = false): unknown {
  if (isSecret(value)) {
    if (!inSecret) found.push(at);
    return reveal(value.value, at, found, true);
  }
  const step = (key: PathStep): SecretPath => [...at, key];
  if (Array.isArray(value)) return value.map((item, i) => reveal(item, step(i), found, inSecret));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, reveal(v, step(k), found, inSecret)]),
    );
  }
  return value;
}

/** A request's `Struct` as plain values (an absent one as `{}`). */
export function fromStruct(struct: Struct | undefined): Unwrapped {
  const raw = struct?.toJavaScript() ?? {};
  const secretPaths: SecretPath[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    values[name] = reveal(value, [name], secretPaths);
  }
  return { values, secretPaths, secrets: new Set(secretPaths.map(([name]) => name)) };
}

/** `values` without its `undefined` members, deeply. */
function defined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(defined);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, defined(v)]),
    );
  }
  return value;
}

/** `value` in Pulumi's secret envelope. */
const wrapped = (value: unknown) => ({ [SIG_KEY]: SECRET_SIG, value });

/**
 * `value` with the value at `steps` wrapped as a secret; all of `value` when the steps cannot be
 * followed in it (an answer of another shape than the request: a traffic policy object answered
 * as ngrok's JSON text), since the secret may then be anywhere in it.
 */
function wrapAt(value: unknown, steps: readonly PathStep[]): unknown {
  if (isSecret(value)) return value;
  if (steps.length === 0 || valueAt(value, steps) === undefined) return wrapped(value);
  const [step, ...rest] = steps;
  if (Array.isArray(value)) {
    return value.map((item, index) => (index === step ? wrapAt(item, rest) : item));
  }
  if (!isRecord(value)) return wrapped(value); // not reached: `valueAt` followed the steps
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === step ? wrapAt(item, rest) : item]),
  );
}

/**
 * Plain `values` as a `Struct`, with the values at `secrets` wrapped as secrets: each a path
 * (`fromStruct`'s) or a property's name (all of it).
 */
export function toStruct(
  values: Readonly<Record<string, unknown>>,
  secrets: Iterable<SecretPath | string> = [],
): Struct {
  const out: Record<string, JavaScriptValue> = {};
  for (const [name, member] of Object.entries(values)) {
    const value = defined(member);
    if (value !== undefined) out[name] = value; // a Struct cannot hold `undefined`
  }
  for (const secret of secrets) {
    const [name, ...steps] = typeof secret === "string" ? [secret] : secret;
    const value = Object.hasOwn(out, name) ? wrapAt(out[name], steps) : undefined;
    if (value !== undefined) out[name] = value;
  }
  return Struct.fromJavaScript(out);
}
