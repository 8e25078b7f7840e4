/**
 * Property values between Pulumi's wire form (`google.protobuf.Struct`, with its secret envelopes
 * and the unknown-value sentinel) and the plain objects the provider's methods take.
 *
 * - A secret (`{ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value }`)
 *   is unwrapped; the names of the top-level properties that held one are kept, so that the
 *   outputs of the same names are wrapped again.
 * - The unknown value of a preview stays the sentinel string
 *   `04da6b54-80e4-46f7-96ec-b56ff0331ba9`, as the Node.js dynamic-provider host hands it over:
 *   the provider's `check` and `diff` already treat it as "not known yet".
 * - `undefined` values are left out (a `Struct` cannot hold them).
 *
 * @module
 */
import { type JavaScriptValue, Struct } from "google-protobuf/google/protobuf/struct_pb";

const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** Plain values and the names of the top-level properties that were secret. */
export interface Unwrapped {
  readonly values: Record<string, unknown>;
  readonly secrets: ReadonlySet<string>;
}

function isSecret(value: unknown): value is { value?: unknown } {
  return (
    typeof value === "object" && value !== null && SIG_KEY in value && value[SIG_KEY] === SECRET_SIG
  );
}

/** `value` without secret envelopes; `found` is set when it held one. */
function reveal(value: unknown, found: { secret: boolean }): unknown {
  if (isSecret(value)) {
    found.secret = true;
    return reveal(value.value, found);
  }
  if (Array.isArray(value)) return value.map((item) => reveal(item, found));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reveal(v, found)]));
  }
  return value;
}

/** A request's `Struct` as plain values (an absent one as `{}`). */
export function fromStruct(struct: Struct | undefined): Unwrapped {
  const raw = struct?.toJavaScript() ?? {};
  const secrets = new Set<string>();
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const found = { secret: false };
    values[name] = reveal(value, found);
    if (found.secret) secrets.add(name);
  }
  return { values, secrets };
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

/** Plain `values` as a `Struct`, the properties named in `secrets` wrapped as secrets. */
export function toStruct(
  values: Readonly<Record<string, unknown>>,
  secrets: ReadonlySet<string> = new Set(),
): Struct {
  const out: Record<string, JavaScriptValue> = {};
  for (const [name, member] of Object.entries(values)) {
    const value = defined(member);
    if (value === undefined) continue; // a Struct cannot hold it
    out[name] = secrets.has(name) ? { [SIG_KEY]: SECRET_SIG, value } : value;
  }
  return Struct.fromJavaScript(out);
}
