/**
 * Small pure building blocks for the resources' `check` methods: each reads one property of the
 * raw inputs Pulumi hands over, validates it, and records a failure that names the property and
 * the rule it broke. Unknown values (see {@link isUnknown}) pass through unchecked.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { derivedAs } from "./derived";
import { quoted } from "./ids";
import {
  type PathStep,
  redactSecretText,
  SECRET_INPUTS_KEY,
  SECRET_SHOWN,
  type SecretPath,
  secretPathsOf,
  secretsIn,
  secretTexts,
  type WrittenValues,
} from "./secretInputs";
import { isUnknown } from "./unknown";

/** The property Pulumi adds to every dynamic resource's inputs: the serialized provider. */
export const PROVIDER_KEY = "__provider";

/**
 * The properties of `T` that can hold a value of type `V` (e.g. the string properties of an input
 * type): the names a checker method that yields a `V` accepts.
 */
export type PropertyOf<T, V> = { [K in keyof T]-?: V extends T[K] ? K : never }[keyof T] & string;

/**
 * Collects the failures and the normalized inputs of one `check` call of a resource whose
 * checked inputs have type `T`; {@link InputChecker.result} hands both back.
 * The inputs receive only properties that are set (absent and `null` inputs stay absent).
 * Each method takes only properties of `T` whose type holds what it yields, so a rule that does
 * not fit the input type does not compile.
 */
export class InputChecker<T extends object> {
  /** The failures so far, in the order the rules found them. */
  public readonly failures: pulumi.dynamic.CheckFailure[] = [];
  /** Every property that is set, as given or as a rule set it (see {@link InputChecker.result}). */
  private readonly inputs: { [K in keyof T]?: unknown } = {};
  /**
   * What the program made secret, by path (`./secretInputs`), and the properties the definition
   * says are always secret, whole: no failure quotes them.
   */
  private readonly secrets: readonly SecretPath[];

  /**
   * @param raw the inputs to judge.
   * @param resourceName the resource's type name, for a failure naming an unknown property.
   * @param known the properties the resource accepts.
   * @param writtenValues what a message must not show of a document the program made secret as a
   *   whole (its definition's `writtenValues`); any other input secret as a whole hides every text
   *   in it (`./secretInputs`).
   * @param secret the properties whose values are always secret (the definition's), each a name
   *   or a path to a secret inside it (a credential in an object).
   */
  constructor(
    private readonly raw: Record<string, unknown>,
    resourceName: string,
    known: readonly (keyof T & string)[],
    private readonly writtenValues?: WrittenValues,
    secret: readonly (string | SecretPath)[] = [],
  ) {
    this.secrets = [
      ...secretPathsOf(raw),
      ...secret.map((s): SecretPath => (typeof s === "string" ? [s] : s)),
    ];
    const names: readonly string[] = known;
    for (const key of Object.keys(raw)) {
      if (key !== PROVIDER_KEY && key !== SECRET_INPUTS_KEY && !names.includes(key)) {
        this.fail(
          key,
          `${key} is not a property of ${resourceName}; its properties are ${known.join(", ")}`,
        );
      }
    }
  }

  /**
   * The result of `check`: the failures, and the inputs: `defaults` (for the properties the
   * program leaves unset), overridden by every property that is set.
   *
   * This is where the checked values become a `T`: every set property has been judged by a rule
   * above, which records a failure for a value `T` does not allow. Two kinds of value stay that
   * `T` does not show, as in Pulumi's own types: during preview, a property not known yet holds
   * Pulumi's unknown sentinel (see {@link isUnknown}); with failures, a property can hold the
   * value that failed, and the engine then stops before using the inputs.
   */
  public result(defaults: Partial<T> = {}): pulumi.dynamic.CheckResult<T> {
    const secrets = secretTexts(this.raw, this.secrets, this.writtenValues);
    const failures = this.failures.map((f) => ({
      property: f.property,
      reason: redactSecretText(f.reason, secrets),
    }));
    return { inputs: derivedAs<T>({ ...defaults, ...this.inputs }), failures };
  }

  /**
   * `value` of `property` for a failure's reason: {@link describe}d, or {@link SECRET_SHOWN} when
   * the program made the input, or a value inside it, secret.
   */
  public show(property: string, value: unknown): string {
    return this.holdsSecret(property) ? SECRET_SHOWN : describe(value);
  }

  /**
   * The string `value` of `property` quoted for a failure's reason (`quoted` of `./ids`, cut
   * after `max` characters), or {@link SECRET_SHOWN} when the program made the input secret.
   */
  public quote(property: string, value: string, max?: number): string {
    return this.holdsSecret(property) ? SECRET_SHOWN : quoted(value, max);
  }

  /**
   * What the program made secret of `property`: all of it (`whole`), or the places inside it
   * (`inside`, each the steps after the property's name), for a rule that walks a document and
   * hides those values only.
   */
  public secretsIn(property: string): {
    readonly whole: boolean;
    readonly inside: readonly (readonly PathStep[])[];
  } {
    return secretsIn(this.secrets, property);
  }

  /** Whether the program made `property`, or a value inside it, secret. */
  private holdsSecret(property: string): boolean {
    return this.secrets.some(([name]) => name === property);
  }

  /** Records `value` as the input of `property`: a default that a rule applies. */
  public set<K extends keyof T & string>(property: K, value: T[K]): void {
    this.inputs[property] = value;
  }

  /**
   * Drops `property` from the inputs: a value that must not be kept even with a failure (a
   * private key given as a public one).
   */
  public drop(property: keyof T & string): void {
    delete this.inputs[property];
  }

  /** Records a failure of `property` with a reason that already names it. */
  public fail(property: string, reason: string): void {
    this.failures.push({ property, reason });
  }

  /** The raw value of `property`, `undefined` when absent or null. */
  public value(property: keyof T & string): unknown {
    const value = this.raw[property];
    return value === null ? undefined : value;
  }

  /**
   * The value of `property` to judge: records a set value in the inputs as given and returns it,
   * or `undefined` when it is absent or not known yet (preview). The methods below take each
   * property through it; a rule of a resource's own (such as parsing a document) does too.
   */
  public take(property: keyof T & string): unknown {
    const value = this.value(property);
    if (value === undefined) {
      return undefined;
    }
    this.inputs[property] = value;
    return isUnknown(value) ? undefined : value;
  }

  /**
   * A string property. Returns the string (or `undefined` when absent or unknown) and records
   * it in the inputs.
   *
   * A string with an unpaired UTF-16 surrogate (e.g. `"\uD800"`) is refused: it has no UTF-8
   * encoding, so ngrok would store U+FFFD instead and the byte limit could not be judged (see
   * {@link unpairedSurrogate}).
   */
  public string(
    property: PropertyOf<T, string>,
    rules: { maxBytes?: number; nonEmpty?: boolean } = {},
  ): string | undefined {
    const value = this.take(property);
    if (value === undefined) {
      return undefined;
    }
    if (typeof value !== "string") {
      this.fail(property, `${property} must be a string, not ${this.show(property, value)}`);
      return undefined;
    }
    const surrogate = unpairedSurrogate(value);
    if (surrogate !== undefined) {
      this.fail(property, `${property} ${surrogate}`);
      return undefined;
    }
    if (rules.nonEmpty && value.trim() === "") {
      this.fail(property, `${property} must not be empty`);
    }
    if (rules.maxBytes !== undefined) {
      const bytes = Buffer.byteLength(value, "utf8");
      if (bytes > rules.maxBytes) {
        this.fail(
          property,
          `${property} must be at most ${rules.maxBytes} bytes of UTF-8; it is ${bytes} bytes`,
        );
      }
    }
    return value;
  }

  /**
   * A property that must be one of `allowed` (strings or numbers); `unit` (e.g. "bits") is
   * named in the reason.
   */
  public oneOf<K extends keyof T & string, V extends T[K] & (string | number)>(
    property: K,
    allowed: readonly V[],
    unit = "",
  ): V | undefined {
    const value = this.take(property);
    if (value === undefined) {
      return undefined;
    }
    if (!isOneOf(allowed, value)) {
      const list = allowed.map((a) => JSON.stringify(a)).join(", ");
      this.fail(
        property,
        `${property} must be one of ${list}${unit ? ` (${unit})` : ""}; got ${this.show(property, value)}`,
      );
      return undefined;
    }
    return value;
  }

  /** A boolean property. */
  public boolean(property: PropertyOf<T, boolean>): boolean | undefined {
    const value = this.take(property);
    if (value === undefined) {
      return undefined;
    }
    if (typeof value !== "boolean") {
      this.fail(
        property,
        `${property} must be a boolean (true or false), not ${this.show(property, value)}`,
      );
      return undefined;
    }
    return value;
  }

  /** An integer property within `[min, max]`; `unit` (e.g. "seconds") is named in the reason. */
  public integer(
    property: PropertyOf<T, number>,
    min: number,
    max: number,
    unit = "",
  ): number | undefined {
    const value = this.take(property);
    if (value === undefined) {
      return undefined;
    }
    const suffix = unit ? ` ${unit}` : "";
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
      this.fail(
        property,
        `${property} must be an integer from ${min} to ${max}${suffix}; got ${this.show(property, value)}`,
      );
      return undefined;
    }
    return value;
  }

  /**
   * A list of non-empty strings, each valid Unicode text (no unpaired surrogate). Returns its items
   * as strings, a failed one as `""`.
   */
  public stringList(property: PropertyOf<T, string[]>): string[] | undefined {
    const value = this.take(property);
    if (value === undefined) {
      return undefined;
    }
    if (!Array.isArray(value)) {
      this.fail(
        property,
        `${property} must be a list of strings, not ${this.show(property, value)}`,
      );
      return undefined;
    }
    value.forEach((item, index) => {
      if (typeof item !== "string" || item.trim() === "") {
        this.fail(
          property,
          `${property}[${index}] must be a non-empty string; got ${this.show(property, item)}`,
        );
        return;
      }
      const surrogate = unpairedSurrogate(item);
      if (surrogate !== undefined) {
        this.fail(property, `${property}[${index}] ${surrogate}`);
      }
    });
    // Each item as a string for the property's own rule, at its index: one that failed above
    // as "", which the rules pass over (see `../framework/property`).
    return value.map((item: unknown) => (typeof item === "string" ? item : ""));
  }

  /**
   * A map of names to strings, each value valid Unicode (`""` for a flag or an empty value).
   * Returns the map's valid entries, for the property's own rule to judge their names (see
   * `../framework/property`), or `undefined` when it is not a map.
   */
  public stringMap(
    property: PropertyOf<T, Record<string, string>>,
  ): Record<string, string> | undefined {
    const value = this.take(property);
    if (value === undefined) {
      return undefined;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      this.fail(
        property,
        `${property} must be a map of names to string values; got ${this.show(property, value)}`,
      );
      return undefined;
    }
    const valid: Record<string, string> = {};
    for (const [name, data] of Object.entries(value)) {
      const entry = `${property}[${quotedName(name)}]`;
      const surrogate = typeof data === "string" ? unpairedSurrogate(data) : undefined;
      if (typeof data !== "string") {
        this.fail(
          property,
          `${entry} must be a string (use "" for a flag); got ${this.show(property, data)}`,
        );
      } else if (surrogate !== undefined) {
        this.fail(property, `${entry} ${surrogate}`);
      } else {
        valid[name] = data;
      }
    }
    return valid;
  }
}

/** Whether `value` is one of `allowed`. */
function isOneOf<V>(allowed: readonly V[], value: unknown): value is V {
  return allowed.some((a) => a === value);
}

/** A map's name in a failure: its JSON, cut after 60 characters. */
export const quotedName = (name: string) =>
  JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name);

/**
 * Why `value` is not valid Unicode text, to follow the property name, or `undefined` when it is.
 * A JavaScript string can hold an unpaired UTF-16 surrogate (U+D800 to U+DFFF alone); such a string
 * has no UTF-8 encoding: JSON and protobuf carry it as U+FFFD, so ngrok would store another value
 * than the one in state (a perpetual diff), and a byte limit counted here would not be ngrok's.
 */
export function unpairedSurrogate(value: string): string | undefined {
  const match = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(
    value,
  );
  if (match === null) {
    return undefined;
  }
  const code = match[0].charCodeAt(0).toString(16).toUpperCase();
  return (
    `must be valid Unicode text: it has an unpaired UTF-16 surrogate (U+${code}) at ` +
    `${position(value, match.index)}, which has no UTF-8 encoding`
  );
}

/** Where `index` is in `text`: its index, or its line and column in a text of several lines. */
function position(text: string, index: number): string {
  if (!text.includes("\n")) return `index ${index}`;
  const before = text.slice(0, index).split("\n");
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/** A short description of a value for error messages: its JSON for scalars, its type otherwise. */
export function describe(value: unknown): string {
  if (typeof value === "string") {
    return value.length > 80 ? `a string of ${value.length} characters` : JSON.stringify(value);
  }
  if (typeof value === "number" || typeof value === "boolean" || value === null) {
    return String(value);
  }
  return Array.isArray(value) ? "a list" : `a value of type ${typeof value}`;
}
