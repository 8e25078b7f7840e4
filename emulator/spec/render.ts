/**
 * Answers rendered from the effective document (`overlay.ts`): every property of the answer's
 * schema, in the document's order, and nothing else (values the emulator holds beyond the schema
 * never leak). A property without a value is answered as:
 * - left out, when the overlay marks it `x-omit-when-empty` (also when its value is `""`);
 * - `null`, when it is `nullable` (the overlay makes every object-valued reference nullable);
 * - its type's zero value otherwise: `""`, `0`, `false`, `[]`, `{}` (a map), or an object whose
 *   properties are rendered by these rules — as ngrok's Go server renders an empty field.
 */
import { resolveSchema, type OpenApiDocument, type SchemaObject } from "./document";
import { isRecord } from "./values";

/** The answer for a property without a value (the rules of the module comment). */
export function absentValue(document: OpenApiDocument, schema: SchemaObject): unknown {
  if (schema.nullable === true) return null;
  const resolved = resolveSchema(document, schema);
  switch (resolved.type) {
    case "string":
      return "";
    case "integer":
    case "number":
      return 0;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return resolved.properties === undefined ? {} : renderValue(document, resolved, {});
    default:
      return null;
  }
}

/** `value` rendered after `schema` (the rules of the module comment). */
export function renderValue(
  document: OpenApiDocument,
  schema: SchemaObject,
  value: unknown,
): unknown {
  if (value === undefined) return absentValue(document, schema);
  if (value === null) return schema.nullable === true ? null : absentValue(document, schema);
  const resolved = resolveSchema(document, schema);
  if (resolved.type === "array" && Array.isArray(value)) {
    const items = resolved.items;
    return items === undefined
      ? [...value]
      : value.map((item) => renderValue(document, items, item));
  }
  if (resolved.type === "object" && isRecord(value)) {
    if (resolved.properties === undefined) return { ...value };
    const rendered: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(resolved.properties)) {
      const field = value[name];
      if (property["x-omit-when-empty"] === true && (field === undefined || field === "")) continue;
      rendered[name] = renderValue(document, property, field);
    }
    return rendered;
  }
  return value;
}

/** An object answer: {@link renderValue} of an object schema. */
export function renderObject(
  document: OpenApiDocument,
  schema: SchemaObject,
  value: Record<string, unknown>,
): Record<string, unknown> {
  const rendered = renderValue(document, schema, value);
  if (!isRecord(rendered)) throw new Error("the schema of an answer is not an object");
  return rendered;
}

/**
 * The one place where emulator/ asserts a type: an answer rendered from ngrok's schema (by
 * {@link renderObject}), as the interface the emulator declares for that schema
 * (`../model/render`, `SshCertificateAuthorityJson`, …). TypeScript cannot follow an OpenAPI
 * schema through the loop that renders it; `tests/emulator/openApiConformance.test.ts` holds every
 * answer to its schema, field by field, and `tests/repository/casts.test.ts` holds emulator/ to
 * this one place.
 */
export function renderedAs<T>(answer: object): T {
  return answer as T;
}
