/**
 * CEL's types as `./celCheck` reasons about them: read from the notation of `./celVariables`
 * (`list(string)`, `map(string, list(cookie))`, `A`), shown in messages the same way, and matched
 * against a function's parameters ({@link unify}), where `dyn` matches anything.
 *
 * Source: the CEL language definition, "Values" and "Gradual Type Checking"
 * (https://github.com/google/cel-spec/blob/master/doc/langdef.md#values).
 *
 * @module
 */

/** CEL's scalar types (`null` is `null_type`), `dyn`, and `type` (the type of a type). */
const SCALARS = [
  "bool",
  "int",
  "uint",
  "double",
  "string",
  "bytes",
  "null",
  "timestamp",
  "duration",
  "dyn",
  "type",
] as const;

/** A scalar type's name. */
export type ScalarKind = (typeof SCALARS)[number];

/** A CEL type: a scalar, a list, a map, an object (`./celVariables`' `OBJECT_TYPES`), a parameter. */
export type CelType =
  | { readonly kind: ScalarKind }
  | { readonly kind: "list"; readonly elem: CelType }
  | { readonly kind: "map"; readonly key: CelType; readonly value: CelType }
  | { readonly kind: "object"; readonly name: string }
  | { readonly kind: "param"; readonly name: string };

/** The scalar `kind`. */
export const scalar = (kind: ScalarKind): CelType => ({ kind });
/** `dyn`: any value. */
export const DYN = scalar("dyn");

/** The numeric kinds, which CEL compares across but does not otherwise mix. */
const NUMERIC = new Set(["int", "uint", "double"]);

/**
 * The type written `text` in the tables' notation (`./celVariables`, `./celFunctions`); `objects`
 * are the object types' names.
 * Throws on a type it cannot read (the table is code: its tests catch it).
 */
export function parseType(text: string, objects: ReadonlySet<string>): CelType {
  let at = 0;
  const read = (): CelType => {
    const name = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*/.exec(text.slice(at));
    if (name === null) throw new Error(`not a CEL type at ${at}: ${text}`);
    at += name[0].length;
    const args: CelType[] = [];
    if (text[at] === "(") {
      at += 1;
      for (;;) {
        args.push(read());
        const next = text[at];
        at += 1;
        if (next === ")") break;
        if (next !== ",") throw new Error(`not a CEL type at ${at}: ${text}`);
      }
      while (text[at] === " ") at += 1;
    }
    return typeOf(name[1], args, objects, text);
  };
  const type = read();
  if (at !== text.length) throw new Error(`not a CEL type at ${at}: ${text}`);
  return type;
}

/** The type named `name` with `args`. */
function typeOf(
  name: string,
  args: readonly CelType[],
  objects: ReadonlySet<string>,
  text: string,
): CelType {
  if (name === "list" && args.length === 1) return { kind: "list", elem: args[0] };
  if (name === "map" && args.length === 2) return { kind: "map", key: args[0], value: args[1] };
  if (args.length > 0) throw new Error(`not a CEL type: ${text}`);
  const kind = SCALARS.find((s) => s === name);
  if (kind !== undefined) return scalar(kind);
  if (/^[A-Z]$/.test(name)) return { kind: "param", name };
  if (objects.has(name)) return { kind: "object", name };
  throw new Error(`not a CEL type: ${text} (${name} is not an object type)`);
}

/** Whether `text` reads as a type (the receiver of a method in a signature). */
export function isType(text: string, objects: ReadonlySet<string>): boolean {
  try {
    parseType(text, objects);
    return true;
  } catch {
    return false;
  }
}

/** `type` as the table writes it: `list(string)`, `map(string, dyn)`. */
export function shown(type: CelType): string {
  switch (type.kind) {
    case "list":
      return `list(${shown(type.elem)})`;
    case "map":
      return `map(${shown(type.key)}, ${shown(type.value)})`;
    case "object":
    case "param":
      return type.name;
    case "null":
      return "null_type";
    default:
      return type.kind;
  }
}

/** What the type parameters of one signature are bound to while it is matched. */
export type Bindings = Map<string, CelType>;

/**
 * Whether a value of type `actual` fits `expected`, binding `expected`'s parameters. `dyn` fits
 * and is fitted by anything, `null` fits anything but a scalar (CEL's null is a message's,
 * a wrapper's, `dyn`'s); with `numeric`, int, uint and double fit each other (CEL compares across
 * them; whether ngrok's runtime mixes them elsewhere is not documented).
 */
export function unify(
  expected: CelType,
  actual: CelType,
  bindings: Bindings,
  numeric = false,
): boolean {
  if (expected.kind === "param") {
    const bound = bindings.get(expected.name);
    if (bound === undefined || bound.kind === "dyn") {
      bindings.set(expected.name, actual);
      return true;
    }
    return unify(bound, actual, bindings, numeric);
  }
  if (actual.kind === "param") return unify(actual, expected, bindings, numeric);
  if (expected.kind === "dyn" || actual.kind === "dyn") return true;
  if (actual.kind === "null" || expected.kind === "null") {
    const other = actual.kind === "null" ? expected : actual;
    return other.kind === "null" || !isScalar(other) || other.kind === "timestamp";
  }
  if (numeric && NUMERIC.has(expected.kind) && NUMERIC.has(actual.kind)) return true;
  if (expected.kind === "list" && actual.kind === "list") {
    return unify(expected.elem, actual.elem, bindings, numeric);
  }
  if (expected.kind === "map" && actual.kind === "map") {
    return (
      unify(expected.key, actual.key, bindings, numeric) &&
      unify(expected.value, actual.value, bindings, numeric)
    );
  }
  if (expected.kind === "object" && actual.kind === "object") return expected.name === actual.name;
  return expected.kind === actual.kind;
}

/** Whether `type` is a scalar (not a list, map, object or parameter). */
function isScalar(type: CelType): boolean {
  return SCALARS.some((s) => s === type.kind);
}

/** `type` with its parameters replaced by what they are bound to (`dyn` when unbound). */
export function substitute(type: CelType, bindings: Bindings): CelType {
  switch (type.kind) {
    case "param":
      return bindings.get(type.name) ?? DYN;
    case "list":
      return { kind: "list", elem: substitute(type.elem, bindings) };
    case "map":
      return {
        kind: "map",
        key: substitute(type.key, bindings),
        value: substitute(type.value, bindings),
      };
    default:
      return type;
  }
}

/** Whether `a` and `b` are the same type. */
export function sameType(a: CelType, b: CelType): boolean {
  return shown(a) === shown(b);
}

/** The names of CEL's types, which are values of type `type` (`type(x) == string`). */
export const TYPE_NAMES = new Set([
  "bool",
  "int",
  "uint",
  "double",
  "string",
  "bytes",
  "list",
  "map",
  "null_type",
  "type",
]);

/** The type of a constant of `kind`. */
export function constantType(kind: string | undefined): CelType {
  switch (kind) {
    case "boolValue":
      return scalar("bool");
    case "int64Value":
      return scalar("int");
    case "uint64Value":
      return scalar("uint");
    case "doubleValue":
      return scalar("double");
    case "stringValue":
      return scalar("string");
    case "bytesValue":
      return scalar("bytes");
    case "nullValue":
      return scalar("null");
    default:
      return DYN;
  }
}

/** The type of a literal's items: theirs when they agree, else `dyn` (as cel-go types them). */
export function common(types: readonly CelType[]): CelType {
  const [first, ...rest] = types;
  if (first === undefined) return DYN;
  return rest.every((t) => sameType(t, first)) ? first : DYN;
}

/** `a string`, `an int`, `a list(string)`: `type` after "is". */
export function article(type: CelType): string {
  const name = shown(type);
  if (type.kind === "object") return `${name} (an object)`;
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

/** `a, b and c`. */
export function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
