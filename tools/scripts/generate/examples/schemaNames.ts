/**
 * What the example renderers (`render.ts`) read from the package schema (`../schema.ts`): each
 * resource input's type and each enum's members, and the names the languages give them
 * (PascalCase, camelCase, snake_case), following Pulumi's code generators. The schema is handed
 * in ({@link schemaNames}) by `../docsExamples.ts`, so that this folder never imports its parent.
 *
 * @module
 */
import type { Value } from "../../../../provider/framework/example";

export interface PropertySpec {
  type?: string;
  $ref?: string;
  items?: PropertySpec;
}
export interface EnumSpec {
  type: string;
  enum?: { value: string | number; name?: string }[];
  properties?: Record<string, PropertySpec>;
}

/** The parts of the package schema the renderers read. */
interface SchemaView {
  readonly name: string;
  readonly resources: Record<string, { inputProperties: Record<string, PropertySpec> }>;
  readonly types: Record<string, EnumSpec>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The package schema (`../schema.ts` builds it as plain JSON), as the renderers read it. */
function schemaView(spec: Record<string, unknown>): SchemaView {
  const { name, resources, types } = spec;
  if (typeof name !== "string" || !isRecord(resources) || !isRecord(types)) {
    throw new Error("example: the package schema has no name, resources or types");
  }
  return {
    name,
    resources: resources as SchemaView["resources"],
    types: types as SchemaView["types"],
  };
}

/** What the renderers read of one package schema: its type tokens, inputs and enums. */
export interface SchemaNames {
  /** The type token of resource `type`. */
  token(type: string): string;
  /** The schema of input `name` of resource `type`; throws for a name the schema does not have. */
  inputSpec(type: string, name: string): PropertySpec;
  /** The enum type a property refers to, if any: its short name and its values. */
  enumOf(spec: PropertySpec): { name: string; spec: EnumSpec } | undefined;
  /**
   * The object type a property (or a list's items) refers to: its short name and its fields'
   * schemas; throws for a property of another type.
   */
  objectOf(spec: PropertySpec | undefined): {
    name: string;
    properties: Record<string, PropertySpec>;
  };
}

/** {@link SchemaNames} of the package schema `spec` (as `../schema.ts` builds it). */
export function schemaNames(spec: Record<string, unknown>): SchemaNames {
  const schema = schemaView(spec);
  const token = (type: string) => `${schema.name}:index:${type}`;
  return {
    token,
    inputSpec(type, name) {
      const resource = schema.resources[token(type)];
      if (!resource) throw new Error(`example: no resource ${type} in the schema`);
      const input = resource.inputProperties[name];
      if (!input) throw new Error(`example: ${type} has no input ${name}`);
      return input;
    },
    enumOf(property) {
      const ref = property.$ref?.replace("#/types/", "");
      const type = ref === undefined ? undefined : schema.types[ref];
      if (ref === undefined || type?.enum === undefined) return undefined;
      return { name: ref.split(":").pop()!, spec: type };
    },
    objectOf(property) {
      const ref = property?.$ref?.replace("#/types/", "");
      const type = ref === undefined ? undefined : schema.types[ref];
      if (ref === undefined || type?.properties === undefined) {
        throw new Error("example: an object given where the schema has no object type");
      }
      return { name: ref.split(":").pop()!, properties: type.properties };
    },
  };
}

/** An enum value's member name: its schema name, else its value in PascalCase. */
export function memberName(spec: EnumSpec, value: Value): string {
  const member = spec.enum!.find((e) => e.value === value);
  if (!member) throw new Error(`example: ${String(value)} is not a value of the enum`);
  return member.name ?? pascal(String(member.value));
}

export const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== "");
export const pascal = (name: string) =>
  words(name)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");
export const camel = (name: string) => {
  const p = pascal(name);
  return p[0].toLowerCase() + p.slice(1);
};
export const snake = (name: string) =>
  words(name)
    .map((w) => w.toLowerCase())
    .join("_");
