/**
 * The wire mapping derived from a resource's definition, where it is mechanical: request bodies
 * from inputs (camelCase to ngrok's snake_case `wire` names), outputs and live inputs from ngrok's
 * answers, and the zod schema that validates an answer. A resource whose API is irregular (a
 * field it transforms on the way, such as the SAML module's claim) says so in its `api.ts` and
 * overrides that field only.
 *
 * Loads zod (`../lazy`) only when a schema is built, on the first API call: never for `check` or
 * `diff`.
 *
 * @module
 */
import type { z } from "zod";
import { withoutUndefined } from "../common/objects";
import { load } from "../lazy";
import type { ObjectType, PropertyDefinition, PropertyType, ValueOf } from "./property";
import { answeredReference, answerField } from "./reference";
import type { InputsOf, OutputsOf, Properties, ResourceDefinition } from "./resource";
import { derivedAs } from "../common/derived";

type Simplify<T> = { [K in keyof T]: T[K] };
/** Properties that answers must carry: computed outputs with a wire name, not optional. */
type RequiredWire<P extends Properties> = {
  [K in keyof P]: P[K] extends { role: "output"; wire: string }
    ? P[K] extends { optional: true } | { returnedOnce: true }
      ? never
      : K
    : P[K] extends { wire: string; alwaysAnswered: true }
      ? K
      : never;
}[keyof P];
/** Properties answers may carry: echoed inputs, optional outputs. */
type OptionalWire<P extends Properties> = {
  [K in keyof P]: P[K] extends { wire: string }
    ? P[K] extends { role: "output" }
      ? P[K] extends { optional: true }
        ? K
        : never
      : P[K] extends { echoed: false } | { writeOnly: true } | { alwaysAnswered: true }
        ? never
        : K
    : never;
}[keyof P];

/** `name` made plural as {@link pluralOf} (`./names`) makes it: `ip_policy` → `ip_policies`. */
type Plural<Name extends string> = Name extends `${string}${"a" | "e" | "i" | "o" | "u"}y`
  ? `${Name}s`
  : Name extends `${infer Stem}y`
    ? `${Stem}ies`
    : `${Name}s`;
/** The field of an answer that holds property `P`: its wire name, or a reference's (`./reference`). */
type AnswerKey<P> = P extends { type: { kind: "reference" }; wire: infer W }
  ? W extends `${infer Name}_ids`
    ? Plural<Name>
    : W extends `${infer Name}_id`
      ? Name
      : never
  : P extends { wire: infer W extends string }
    ? W
    : never;
/** ngrok's `Ref`: another object's id and API URI. */
interface Ref {
  id: string;
  uri?: string;
}
/** The value of property `P` in an answer: a reference's `Ref` (or list), else its value. */
type AnsweredValue<P extends { type: PropertyType }> = P["type"] extends {
  kind: "reference";
  many: true;
}
  ? Ref[]
  : P["type"] extends { kind: "reference" }
    ? Ref
    : ValueOf<P["type"]>;

/**
 * An answer of ngrok's API for the resource of definition `D`, as {@link responseSchema} parses it:
 * its `id` (for a resource with ids of its own), each computed output, and each echoed input
 * (`undefined` when left out or `null`), under their wire names.
 */
export type ResponseOf<D extends ResourceDefinition> = Simplify<
  (D["api"] extends { idPrefix: string } ? { id: string } : unknown) & {
    -readonly [
      K in keyof D["properties"] as K extends RequiredWire<D["properties"]>
        ? AnswerKey<D["properties"][K]>
        : never
    ]: AnsweredValue<D["properties"][K]>;
  } & {
    -readonly [
      K in keyof D["properties"] as K extends OptionalWire<D["properties"]>
        ? AnswerKey<D["properties"][K]>
        : never
    ]?: AnsweredValue<D["properties"][K]>;
  }
>;

/** Whether ngrok's answers carry the property (see {@link PropertyDefinition.echoed}). */
export function isEchoed(property: PropertyDefinition): boolean {
  return property.wire !== undefined && property.echoed !== false && property.writeOnly !== true;
}

/**
 * The field of ngrok's answers that holds `property`: its `wire` name, or for a reference the
 * field of its `Ref` (`ip_policy` for `ip_policy_id`, see `./reference`).
 */
export function answerKey(property: PropertyDefinition): string | undefined {
  const { type } = property;
  return type.kind === "reference" ? answerField({ ...property, type }) : property.wire;
}

/** The value that clears a field in a `PATCH`: `""`, `[]` or `{}` by type. */
function cleared(type: PropertyType): unknown {
  switch (type.kind) {
    case "stringList":
    case "objectList":
      return [];
    case "reference":
      return type.many === true ? [] : "";
    case "stringMap":
      return {};
    case "object":
    case "document":
      return undefined; // left out: ngrok keeps what it holds
    default:
      return "";
  }
}

/** An object's fields under their wire names (nested objects too); other values as they are. */
function objectToWire(type: PropertyType | ObjectType, value: unknown): unknown {
  if (type.kind !== "object" || typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => type.fields[key] !== undefined)
      .map(([key, item]) => {
        const field = type.fields[key]!;
        return [field.wire, field.object ? objectToWire(field.object, item) : item];
      }),
  );
}

/**
 * An answer's object under the fields' names (nested objects too), `null` and `""` fields left
 * out (ngrok answers a nested field it does not hold as `""`, as it does a top-level one).
 */
function objectFromWire(type: ObjectType, value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const answer: Readonly<Record<string, unknown>> = Object.fromEntries(Object.entries(value));
  return withoutUndefined(
    Object.fromEntries(
      Object.entries(type.fields).map(([name, field]) => {
        const item = answer[field.wire] === "" ? undefined : (answer[field.wire] ?? undefined);
        return [
          name,
          field.object && item !== undefined ? objectFromWire(field.object, item) : item,
        ];
      }),
    ),
  );
}

/** The value ngrok receives of an input: its `encode`, or an object under its wire names. */
function toWire(property: PropertyDefinition, value: unknown): unknown {
  if (value === undefined) return undefined;
  return property.encode ? property.encode(value) : objectToWire(property.type, value);
}

/**
 * The body of a create (`POST`) or a whole-object write (`PUT`): every input with a wire name
 * whose value is set, under that name.
 */
export function requestBody(
  definition: ResourceDefinition,
  inputs: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return withoutUndefined(
    Object.fromEntries(
      Object.entries(definition.properties)
        .filter(([, p]) => p.role === "input" && p.wire !== undefined)
        .map(([name, p]) => [p.wire!, toWire(p, inputs[name])]),
    ),
  );
}

/**
 * The body of an update (`PATCH`): every input updated in place, a value left out sent as the
 * empty value that clears it (`""`, `[]`), since ngrok leaves an omitted field unchanged.
 */
export function patchBody(
  definition: ResourceDefinition,
  inputs: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(definition.properties)
      .filter(([, p]) => p.role === "input" && p.onChange === "update" && p.wire !== undefined)
      // An input ngrok fills when it is left out keeps ngrok's value: it is not sent.
      .map(([name, p]) => [
        p.wire!,
        toWire(p, inputs[name]) ?? (p.serverFilled ? undefined : cleared(p.type)),
      ]),
  );
}

/** An answer's value of `property`: absent, `null` and `""` read as {@link PropertyDefinition.whenAbsent}. */
function answered(property: PropertyDefinition, response: Readonly<Record<string, unknown>>) {
  const { type } = property;
  const field = response[answerKey(property)!];
  const value = type.kind === "reference" ? answeredReference(type, field) : field;
  if (type.kind === "object" && value !== undefined && value !== null) {
    return objectFromWire(type, value);
  }
  if (value !== undefined && value !== null && value !== "") return value;
  const absent = property.whenAbsent ?? property.default;
  return absent === "omit" || absent === undefined ? value || undefined : structuredClone(absent);
}

/**
 * The inputs that would reproduce the live object: the echoed ones from the answer, the others
 * (never returned by ngrok, or the provider's own) from `kept`. What `read` hands back for later
 * diffs.
 */
export function liveInputsFrom<D extends ResourceDefinition>(
  definition: D,
  response: Readonly<Record<string, unknown>>,
  kept: Readonly<Record<string, unknown>>,
): InputsOf<D> {
  return typedAs<InputsOf<D>>(
    Object.fromEntries(
      Object.entries(definition.properties)
        .filter(([, p]) => p.role !== "output")
        .map(([name, p]) => [name, isEchoed(p) ? answered(p, response) : kept[name]]),
    ),
  );
}

/**
 * The outputs: {@link liveInputsFrom}, and the outputs ngrok computes (or `kept` holds: the
 * provider's own, and a value ngrok answers once, when an answer no longer holds it).
 */
export function outputsFrom<D extends ResourceDefinition>(
  definition: D,
  response: Readonly<Record<string, unknown>>,
  kept: Readonly<Record<string, unknown>>,
): OutputsOf<D> {
  const computed = (name: string, p: PropertyDefinition) => {
    if (p.wire === undefined) return kept[name];
    const value = answered(p, response);
    return p.returnedOnce === true ? (value ?? kept[name]) : value;
  };
  return typedAs<OutputsOf<D>>({
    ...liveInputsFrom(definition, response, kept),
    ...Object.fromEntries(
      Object.entries(definition.properties)
        .filter(([, p]) => p.role === "output")
        .map(([name, p]) => [name, computed(name, p)]),
    ),
  });
}

/** `values`, without its `undefined` entries, as the type `T` its definition derives (`../common/derived.ts`). */
function typedAs<T>(values: Record<string, unknown>): T {
  return derivedAs<T>(withoutUndefined(values));
}

/** The zod schema of one field of an answer. */
function fieldSchema(property: PropertyDefinition): z.ZodType {
  const { z } = load.zod();
  const { type } = property;
  let schema: z.ZodType;
  switch (type.kind) {
    case "boolean":
      schema = z.boolean();
      break;
    case "integer":
      schema = type.min >= 0 ? z.number().int().nonnegative() : z.number().int();
      break;
    case "enum":
      schema = type.values.every((v) => typeof v === "number") ? z.number() : z.string();
      break;
    case "stringList":
      schema = z.array(z.string());
      break;
    case "stringMap":
      schema = z.record(z.string(), z.string());
      break;
    case "objectList":
      schema = z.array(
        z.object(Object.fromEntries(Object.keys(type.fields).map((f) => [f, z.string()]))),
      );
      break;
    case "object":
      schema = z.record(z.string(), z.unknown()); // read field by field (objectFromWire)
      break;
    case "reference": {
      const ref = z.looseObject({ id: z.string(), uri: z.string().optional() });
      schema = type.many === true ? z.array(ref) : ref;
      break;
    }
    default:
      schema =
        (type.kind === "string" && type.nonEmpty) || property.alwaysAnswered
          ? z.string().min(1)
          : z.string();
  }
  const required =
    (property.role === "output" && !property.optional && !property.returnedOnce) ||
    property.alwaysAnswered === true;
  return required ? schema : schema.nullish().transform((value) => value ?? undefined);
}

/**
 * The zod schema of an answer: `id` for a resource with ids of its own, then each echoed input and
 * each computed output with a wire name (computed outputs required unless `optional`, inputs
 * tolerated absent or `null`); unknown extra fields are tolerated and dropped.
 */
export function responseSchema<D extends ResourceDefinition>(
  definition: D,
): z.ZodType<ResponseOf<D>> {
  const { z } = load.zod();
  const shape: Record<string, z.ZodType> = {};
  if (definition.api.idPrefix !== undefined) shape.id = z.string().min(1);
  for (const property of Object.values(definition.properties)) {
    if (property.wire !== undefined && (property.role === "output" || isEchoed(property))) {
      shape[answerKey(property)!] = fieldSchema(property);
    }
  }
  // A schema of some object (checked): what TypeScript can tell of a shape built in a loop.
  const schema: z.ZodType<Record<string, unknown>> = z.object(shape);
  // It is built from the same definition as ResponseOf<D>, field by field, so its answers are
  // ResponseOf<D>: the one narrowing, from an object to the definition's own fields, is here.
  return derivedAs<z.ZodType<ResponseOf<D>>>(schema);
}

/** One page of a list, as {@link pageSchema} reads it: its objects, and the next page's URI. */
export interface Page<Item> {
  readonly items: Item[];
  readonly next_page_uri?: string | null;
}

/**
 * The zod schema of one page of ngrok's list whose objects are under `field` (e.g.
 * `ssh_credentials`) and read with `item`: the page's `uri`, `next_page_uri` and objects, handed
 * on as {@link Page} (the objects under `items`, for `NgrokClient.list`). A failure of an object
 * names its place in the page, e.g. `ssh_credentials.0.public_key`.
 */
export function pageSchema<Item>(field: string, item: z.ZodType<Item>): z.ZodType<Page<Item>> {
  const { z } = load.zod();
  const items = z.array(item);
  return z
    .looseObject({ uri: z.string(), next_page_uri: z.string().nullable().optional() })
    .transform((page, context): Page<Item> => {
      const found = items.safeParse(page[field]);
      if (found.success) return { items: found.data, next_page_uri: page.next_page_uri };
      for (const issue of found.error.issues) {
        context.addIssue({ code: "custom", message: issue.message, path: [field, ...issue.path] });
      }
      return { items: [] };
    });
}

/**
 * What every object of ngrok's API with an id of its own has, as the generic implementation
 * (`./implementation`) reads it: its id and creation time, the free-text fields the ownership
 * marker lives in, and the other fields of the definition's answer under their wire names.
 */
export interface ApiObject extends Readonly<Record<string, unknown>> {
  readonly id: string;
  readonly created_at: string;
  readonly description?: string;
  readonly metadata?: string;
}

/**
 * The zod schema of an answer of `definition`'s API ({@link responseSchema}), read as an
 * {@link ApiObject}: what the generic implementation reads every answer with.
 */
export function apiObjectSchema(definition: ResourceDefinition): z.ZodType<ApiObject> {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return responseSchema(definition).transform(
    (answer: Readonly<Record<string, unknown>>): ApiObject => ({
      ...answer,
      id: String(answer.id),
      created_at: String(answer.created_at),
      description: text(answer.description),
      metadata: text(answer.metadata),
    }),
  );
}
