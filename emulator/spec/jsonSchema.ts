/**
 * The schemas of the effective document (`overlay.ts`) as JSON Schema for ajv, in two strengths:
 *
 * - `request`: what a request body may hold. Objects are closed (an unknown or `x-not-modelled`
 *   property is an `additionalProperties` error: ERR_NGROK_214); `required` is left to the
 *   emulator (`missingRequired`), which treats `""` as missing as ngrok's Go server does;
 * - `response`: what an answer must hold, as the conformance test and the fuzzer judge it. Objects
 *   are closed and every property is required, except those the overlay lets answers omit
 *   (`x-omit-when-empty`); `nullable` properties may be null.
 *
 * And {@link strictOpenApiDocument}: the effective document restricted to the operations the
 * emulator serves, with the `response` strength written in OpenAPI's own terms, for Schemathesis.
 */
import { refName, type OpenApiDocument, type SchemaObject } from "./document";

/** How strictly a schema is converted (see the module comment). */
export type Strength = "request" | "response";

/** A JSON Schema, as ajv takes it. */
export type JsonSchema = { [keyword: string]: unknown };

/** `schema` (of the effective document) as JSON Schema; `$ref`s point into `<base>#/definitions`. */
export function toJsonSchema(schema: SchemaObject, strength: Strength, base: string): JsonSchema {
  const ref = (target: string): JsonSchema => ({ $ref: `${base}#/definitions/${refName(target)}` });
  const nullable = schema.nullable === true;
  let converted: JsonSchema;
  if (schema.$ref !== undefined) {
    converted = ref(schema.$ref);
  } else if (schema.allOf !== undefined) {
    converted = { allOf: schema.allOf.map((part) => toJsonSchema(part, strength, base)) };
  } else {
    converted = {};
    if (schema.type !== undefined) converted.type = schema.type;
    if (schema.minimum !== undefined) converted.minimum = schema.minimum;
    if (schema.maximum !== undefined) converted.maximum = schema.maximum;
    if (schema.items !== undefined) converted.items = toJsonSchema(schema.items, strength, base);
    if (schema.type === "object") Object.assign(converted, objectKeywords(schema, strength, base));
  }
  if (!nullable) return converted;
  if (typeof converted.type === "string") return { ...converted, type: [converted.type, "null"] };
  return { anyOf: [converted, { type: "null" }] };
}

function objectKeywords(schema: SchemaObject, strength: Strength, base: string): JsonSchema {
  const entries = Object.entries(schema.properties ?? {}).filter(
    ([, property]) => strength === "response" || property["x-not-modelled"] !== true,
  );
  const additional = schema.additionalProperties;
  const keywords: JsonSchema = {
    properties: Object.fromEntries(
      entries.map(([name, property]) => [name, toJsonSchema(property, strength, base)]),
    ),
    additionalProperties:
      typeof additional === "object"
        ? toJsonSchema(additional, strength, base)
        : (additional ?? schema.properties === undefined),
  };
  if (strength === "response") {
    keywords.required = entries
      .filter(([, property]) => property["x-omit-when-empty"] !== true)
      .map(([name]) => name);
  }
  return keywords;
}

/** Every component schema of `document` as JSON Schema definitions, under the id `base`. */
export function definitions(document: OpenApiDocument, strength: Strength, base: string) {
  const all = document.components.schemas;
  return {
    $id: base,
    definitions: Object.fromEntries(
      Object.entries(all).map(([name, schema]) => [name, toJsonSchema(schema, strength, base)]),
    ),
  };
}

/** The names of the component schemas `roots` reach through `$ref`s. */
function reachable(document: OpenApiDocument, roots: readonly SchemaObject[]): Set<string> {
  const found = new Set<string>();
  const visit = (schema: SchemaObject | undefined): void => {
    if (schema === undefined) return;
    for (const part of schema.allOf ?? []) visit(part);
    if (schema.$ref !== undefined) {
      const name = refName(schema.$ref);
      if (found.has(name)) return;
      found.add(name);
      visit(document.components.schemas[name]);
    }
    visit(schema.items);
    for (const property of Object.values(schema.properties ?? {})) visit(property);
    if (typeof schema.additionalProperties === "object") visit(schema.additionalProperties);
  };
  roots.forEach(visit);
  return found;
}

/**
 * The effective document with only the `served` operations (`"<METHOD> <path>"`), and the schemas
 * their answers reach made strict: closed objects, every property required but those answers may
 * omit. The `x-…` marks are kept (OpenAPI tools ignore them).
 */
export function strictOpenApiDocument(
  document: OpenApiDocument,
  served: ReadonlySet<string>,
): OpenApiDocument {
  const copy = structuredClone(document);
  const paths: OpenApiDocument["paths"] = {};
  const answers: SchemaObject[] = [];
  for (const [apiPath, methods] of Object.entries(copy.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (op === undefined || !served.has(`${method.toUpperCase()} ${apiPath}`)) continue;
      paths[apiPath] = { ...paths[apiPath], [method]: op };
      for (const response of Object.values(op.responses)) {
        const schema = response.content?.["application/json"]?.schema;
        if (schema !== undefined) answers.push(schema);
      }
    }
  }
  copy.paths = paths;
  for (const name of reachable(copy, answers)) {
    const schema = copy.components.schemas[name];
    if (schema.type !== "object") continue;
    if (schema.properties !== undefined) {
      schema.additionalProperties ??= false;
      schema.required = Object.entries(schema.properties)
        .filter(([, property]) => property["x-omit-when-empty"] !== true)
        .map(([property]) => property);
    }
  }
  return copy;
}
