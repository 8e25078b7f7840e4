/**
 * The numbers of a traffic policy, kept as the policy writes them: ngrok reads the canonical JSON
 * it receives with a decoder that tells `1.0` (a double in CEL) from `1` (an int), so a number is
 * sent as its text says, not as a JavaScript number would print it (`1.0` → `1`,
 * `9007199254740993` → `…992`).
 *
 * - In a YAML or JSON text, each number whose JavaScript value would print otherwise is read as a
 *   `LosslessNumber` (`lossless-json`) holding its text in JSON's spelling (YAML's `0x1F`, `+1`,
 *   `.5` become `31`, `1`, `0.5`; `.inf` and `.nan` stay numbers JSON has no text for, refused).
 * - In the object form, numbers are JavaScript's (Pulumi's protocol carries doubles): `1.0` is
 *   `1`, and an integer beyond 2^53 − 1 is refused, since a double may already have changed it.
 *
 * So `1` and `1.0` are one policy in the object form, and two in a text (a change from one to the
 * other is an update: ngrok receives what the text says). The refusals are `./values`'
 * (`judgeNumber`).
 *
 * @module
 */
import type { LosslessNumber } from "lossless-json";
import type { ScalarTag, Tags } from "yaml";
import { load } from "../lazy";

/** YAML 1.2's core schema integers and floats (https://yaml.org/spec/1.2.2/#1032-tag-resolution). */
const YAML_INTEGER = /^[-+]?[0-9]+$|^0o[0-7]+$|^0x[0-9a-fA-F]+$/;
const YAML_FLOAT = /^([-+]?)(\.[0-9]+|[0-9]+(?:\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
/** A number in JSON's grammar (RFC 8259, section 6). */
const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/;

/**
 * The JSON text of a YAML number written `source` (JSON's own numbers are themselves), or
 * `undefined` for one JSON has no text for (`.inf`, `.nan`).
 */
export function jsonNumberText(source: string): string | undefined {
  if (JSON_NUMBER.test(source)) return source;
  if (YAML_INTEGER.test(source)) return BigInt(source).toString();
  const float = YAML_FLOAT.exec(source);
  if (float === null) return undefined;
  const [, sign, mantissa, exponent = ""] = float;
  const [whole, fraction] = mantissa.split(".");
  const digits = whole.replace(/^0+(?=[0-9])/, "") || "0";
  const text = `${sign === "-" ? "-" : ""}${digits}${fraction === undefined ? "" : `.${fraction || "0"}`}${exponent}`;
  return JSON_NUMBER.test(text) ? text : undefined;
}

/**
 * What a text's number written `source` (with JavaScript value `value`) is read as: a
 * `LosslessNumber` of its JSON text when `value` would print otherwise, else `undefined` (the
 * number itself keeps it).
 */
export function keptNumber(source: string, value: number): LosslessNumber | undefined {
  const text = jsonNumberText(source);
  if (text === undefined || JSON.stringify(value) === text) return undefined;
  return new (load.losslessJson().LosslessNumber)(text);
}

/** The tags of YAML 1.2's core schema that resolve numbers. */
const NUMBER_TAGS = ["tag:yaml.org,2002:int", "tag:yaml.org,2002:float"];

/**
 * The `yaml` package's `customTags` for a policy: its core schema with each number tag resolving
 * a number to {@link keptNumber} where that keeps its text (while the text is composed, so that
 * nothing walks the document again).
 */
export function keepingNumbers(tags: Tags): Tags {
  return tags.map((tag) => {
    if (typeof tag !== "object" || tag.collection !== undefined) return tag;
    if (!NUMBER_TAGS.includes(tag.tag)) return tag;
    const resolve: ScalarTag["resolve"] = (source, onError, options) => {
      const resolved = tag.resolve(source, onError, options);
      const value = load.yaml().isScalar(resolved) ? resolved.value : resolved;
      return typeof value === "number" ? (keptNumber(source, value) ?? resolved) : resolved;
    };
    return { ...tag, resolve };
  });
}

/** Whether `value` is a number kept as written (`lossless-json`'s `LosslessNumber`). */
export function isWrittenNumber(value: unknown): value is LosslessNumber {
  return (
    typeof value === "object" &&
    value !== null &&
    "isLosslessNumber" in value &&
    value.isLosslessNumber === true
  );
}

/** The value of a number, as written or not; `undefined` for anything else. */
export function numberValue(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  return isWrittenNumber(value) ? Number(value.value) : undefined;
}

/** `value` (with numbers kept as written) as JSON, `undefined` members left out. */
export function jsonText(value: unknown): string {
  return load.losslessJson().stringify(value) ?? "null";
}
