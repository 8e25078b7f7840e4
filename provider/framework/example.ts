/**
 * An example program, written once in a language-neutral form in a resource's definition
 * (`example`) and rendered by `npm run generate` into each language the provider plugin serves
 * (`tools/scripts/generate/examples/render.ts`) on the resource's docs page: the resources it declares
 * (by their names in the schema, and their input names: the generator refuses a name that is not
 * an input of the resource), the stack config it reads, the files it reads (with the text the
 * page shows, where the reader writes the file), strings made from other resources' outputs, and
 * the stack outputs it exports. `npm run generate` refuses an example that declares a name twice
 * or refers to a resource it does not declare before (`tools/scripts/generate/examples/specs.ts`).
 *
 * @module
 */

/**
 * A value of the program: a literal, a list, a map of strings, an object of an object type (`object`),
 * or an expression below.
 */
export type Value =
  string | number | boolean | readonly Value[] | StringMap | ObjectValue | Expression;

/**
 * An object of an object type of the schema (an event destination's `target`, an event
 * subscription's source), its fields by the SDK's names: each language writes its own type
 * (Python's and Go's `…Args`, C#'s `Inputs.…Args`, YAML's mapping).
 */
export interface ObjectValue {
  readonly kind: "object";
  readonly fields: Readonly<Record<string, Value>>;
}

/** A map of strings (`criticalOptions`, `extensions`). */
export interface StringMap {
  readonly kind: "map";
  readonly entries: Readonly<Record<string, string>>;
}

/** Another resource's output (`id`: its Pulumi id). */
export interface OutputExpression {
  readonly kind: "output";
  readonly resource: string;
  readonly property: string;
}

/** A stack config value of the program's project. */
export interface ConfigExpression {
  readonly kind: "config";
  readonly name: string;
  readonly secret: boolean;
}

/**
 * A string made of literal text and other resources' outputs or config, in order:
 * `https://${domain}` is `["https://", output("api-domain", "domain")]`. It depends on the
 * resources it names, as Pulumi's `interpolate` does.
 */
export interface InterpolateExpression {
  readonly kind: "interpolate";
  readonly parts: readonly (string | OutputExpression | ConfigExpression)[];
}

/** What a program computes rather than writes: another resource's output, config, a file. */
export type Expression =
  | OutputExpression
  | ConfigExpression
  | InterpolateExpression
  | { readonly kind: "file"; readonly path: string };

/** One resource of the program. */
export interface ExampleResource {
  /** The Pulumi resource name, e.g. `host-ca` (variables are named after it in each language). */
  readonly name: string;
  /** The resource's name in the schema, e.g. `SshCertificateAuthority`. */
  readonly type: string;
  /** Its inputs, by the SDK's names (camelCase), each a {@link Value}. */
  readonly args: Readonly<Record<string, Value>>;
  /** `protect: true` (a CA is a key in every sshd: replacing it is never casual). */
  readonly protect?: boolean;
}

/** A whole example program. */
export interface ExampleProgram {
  /** What it shows, one sentence (a comment at its top in each language). */
  readonly summary: string;
  readonly resources: readonly ExampleResource[];
  /** The stack outputs: name → value. */
  readonly outputs: Readonly<Record<string, Value>>;
  /**
   * The text of each file the program reads that its reader writes (a Traffic Policy), by its
   * path: the page shows it beside the program. Files the reader already has (an SSH public key,
   * the IdP's metadata) are described by the input that reads them, not given here.
   */
  readonly files?: Readonly<Record<string, string>>;
}

/** `resource`'s output `property` (`id` is the Pulumi id). */
export const output = (resource: string, property: string): OutputExpression => ({
  kind: "output",
  resource,
  property,
});

/** The stack config value `name` of the program's project (`secret`: read as a secret). */
export const config = (name: string, secret = false): ConfigExpression => ({
  kind: "config",
  name,
  secret,
});

/**
 * A string of literal text, outputs and config, as a tagged template:
 * `` interpolate`https://${output("api-domain", "domain")}` ``.
 */
export function interpolate(
  text: TemplateStringsArray,
  ...values: (OutputExpression | ConfigExpression)[]
): InterpolateExpression {
  const parts: (string | OutputExpression | ConfigExpression)[] = [];
  text.forEach((literal, i) => {
    if (literal !== "") parts.push(literal);
    const value = values[i];
    if (value !== undefined) parts.push(value);
  });
  return { kind: "interpolate", parts };
}

/** The text of the file at `path`, relative to the program's folder. */
export const file = (path: string): Expression => ({ kind: "file", path });

/** A map of strings. */
export const map = (entries: Record<string, string>): StringMap => ({ kind: "map", entries });

/** An object of an object type, its fields by the SDK's names. */
export const object = (fields: Record<string, Value>): ObjectValue => ({ kind: "object", fields });

/** A resource of the program (`npm run generate` checks that each arg is an input of `type`). */
export function resource(
  type: string,
  name: string,
  args: Readonly<Record<string, Value>>,
  protect?: boolean,
): ExampleResource {
  return { type, name, args, protect };
}
