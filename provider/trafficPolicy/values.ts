/**
 * Rules of single values that `./fields` applies where a value's type says: a duration (Go's
 * format, or integer nanoseconds with a warning), a name of a map of names (a header name), a
 * number ngrok cannot receive as written (`./numbers`).
 *
 * @module
 */
import { hasInterpolation } from "./cel";
import { durationMs, FORMATS } from "./formats";
import { numberValue } from "./numbers";
import type { Place, Walk } from "./report";
import type { FieldType, PolicyFormat } from "./schema";

/**
 * A duration: Go's format, within the type's bounds, a multiple of its step. An integer is
 * accepted as Go's `time.Duration` reads one, nanoseconds, with a warning: ngrok's operator
 * writes one (`tripped_duration: 120000000000`, its testdata), its reference a text.
 */
export function durationValue(
  walk: Walk,
  type: Extract<FieldType, { kind: "duration" }>,
  value: unknown,
  place: Place,
  got: () => string,
): unknown {
  const nanoseconds = numberValue(value);
  const integer =
    nanoseconds !== undefined && Number.isSafeInteger(nanoseconds) && nanoseconds >= 0;
  const ms =
    typeof value === "string" ? durationMs(value) : integer ? nanoseconds / 1e6 : undefined;
  if (integer) {
    walk.warn(
      place,
      `is ${walk.shown(value)}, read as nanoseconds (Go's time.Duration, as ngrok's operator ` +
        `writes it): ${ms}ms; ngrok's reference writes a duration such as "90s"`,
    );
  }
  if (ms === undefined) {
    return void walk.fail(place, `must be a duration such as "90s", "10m" or "1h30m"; ${got()}`);
  }
  const min = type.min === undefined ? undefined : durationMs(type.min);
  const max = type.max === undefined ? undefined : durationMs(type.max);
  if ((min !== undefined && ms < min) || (max !== undefined && ms > max)) {
    return void walk.fail(
      place,
      `must be a duration from ${type.min ?? "0s"} to ${type.max ?? "any"}; ${got()}`,
    );
  }
  const step = type.multipleOf === undefined ? undefined : durationMs(type.multipleOf);
  if (step !== undefined && ms % step !== 0) {
    return void walk.fail(place, `must be a multiple of ${type.multipleOf}; ${got()}`);
  }
  return value;
}

/**
 * A name of a map with names of format `format` (a header name): judged as text, since ngrok's
 * docs interpolate values, not names; a name with `${…}` passes with a warning (the docs are
 * silent on it).
 */
export function judgeName(walk: Walk, format: PolicyFormat, name: string, place: Place): void {
  if (!walk.settings.judge) return;
  if (hasInterpolation(name)) {
    return walk.warn(
      place,
      "has ${…} in its name; ngrok's docs interpolate values, not names: it is sent as written",
    );
  }
  const problem = FORMATS[format].problem(name, false);
  if (problem !== undefined) {
    walk.fail(place, `must be named ${FORMATS[format].what}: ${problem}`);
  }
}

/**
 * Fails a number that ngrok cannot receive as written: one JSON has no text for (`NaN`,
 * `Infinity`, YAML's `.inf`), or in the object form an integer beyond 2^53 − 1.
 */
export function judgeNumber(walk: Walk, value: unknown, place: Place): void {
  const number = numberValue(value);
  if (number === undefined) return;
  if (!Number.isFinite(number)) {
    walk.fail(
      place,
      `must be a finite number; ${walk.shown(value)} has no JSON text, and ngrok receives JSON`,
    );
  } else if (
    walk.settings.form === "object" &&
    Number.isInteger(number) &&
    !Number.isSafeInteger(number)
  ) {
    walk.fail(
      place,
      `is ${walk.shown(value)}, an integer beyond 2^53 - 1: the object form carries numbers ` +
        "as doubles (Pulumi's protocol), which may already have changed it; write it as text " +
        "(a string, or the policy as YAML or JSON text)",
    );
  }
}
