/**
 * Request validation shared by the routes: JSON body fields (unknown field → ERR_NGROK_214,
 * wrong type → ERR_NGROK_215), byte lengths, id prefixes (ERR_NGROK_227) and query strings
 * (ERR_NGROK_231/232).
 *
 * `null` counts as "omitted" for every optional body field: ngrok's Go client omits zero values
 * (`omitempty`), its Python client strips `None`, but a TypeScript caller can pass `null`.
 */
import { apiErrors } from "../errors";

/** Types a body field can have. */
export type FieldType = "string" | "boolean" | "uint32" | "int64" | "stringArray" | "stringMap";

/** The value a field of each {@link FieldType} has once checked. */
export interface FieldTypeValues {
  /** A JSON string. */
  string: string;
  /** A JSON boolean. */
  boolean: boolean;
  /** A JSON integer in 0..4294967295. */
  uint32: number;
  /** A JSON integer (any safe or unsafe integer JSON.parse yields). */
  int64: number;
  /** A JSON array of strings. */
  stringArray: string[];
  /** A JSON object whose values are strings (a `map<string,string>`). */
  stringMap: Record<string, string>;
}

/** Field name → type, in the order the API documents the fields. */
export type FieldSpec = Readonly<Record<string, FieldType>>;

/**
 * What {@link checkFields} returns for a spec: every field of the spec, optional (absent when
 * omitted or `null`), with the TypeScript type of its {@link FieldType}.
 */
export type FieldValues<S extends FieldSpec> = { -readonly [K in keyof S]?: FieldTypeValues[S[K]] };

const UINT32_MAX = 4_294_967_295;

function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** A JSON object, for `typeof` narrowing. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The request body as an object: no body (or `null`) is `{}`; any other non-object JSON value
 * answers ERR_NGROK_213.
 */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (!isPlainObject(body)) throw apiErrors.bodyUnparseable();
  return body;
}

function typeMatches<T extends FieldType>(type: T, value: unknown): value is FieldTypeValues[T] {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "uint32":
      return (
        typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= UINT32_MAX
      );
    case "int64":
      return typeof value === "number" && Number.isInteger(value);
    case "stringArray":
      return Array.isArray(value) && value.every((item) => typeof item === "string");
    case "stringMap":
      return isPlainObject(value) && Object.values(value).every((item) => typeof item === "string");
  }
  return false;
}

/**
 * Checks a body against a field spec: the first unknown field answers ERR_NGROK_214, the first
 * field of the wrong type (in the spec's order) ERR_NGROK_215. Returns the present, non-null
 * values, typed after the spec (`{ description: "string" }` gives `{ description?: string }`).
 */
export function checkFields<S extends FieldSpec>(
  body: Record<string, unknown>,
  spec: S,
): FieldValues<S> {
  const supported = Object.keys(spec);
  for (const key of Object.keys(body)) {
    if (!hasOwn(spec, key)) throw apiErrors.unknownField(key, supported);
  }
  const values: FieldValues<S> = {};
  for (const key in spec) {
    if (!hasOwn(spec, key) || !hasOwn(body, key)) continue;
    const value = body[key];
    if (value === null) continue;
    if (!typeMatches(spec[key], value)) throw apiErrors.invalidValue(key);
    values[key] = value;
  }
  return values;
}

/** UTF-8 length of a string, in bytes. */
export function utf8Length(value: string): number {
  return Buffer.byteLength(value, "utf8");
}

/** ngrok's limit of a `description` field, in UTF-8 bytes. */
export const DESCRIPTION_MAX_BYTES = 255;
/** ngrok's limit of a `metadata` field, in UTF-8 bytes. */
export const METADATA_MAX_BYTES = 4096;

/**
 * The `description` and `metadata` fields most ngrok objects carry, for spreading into a
 * {@link FieldSpec} where the API documents them.
 */
export const DESCRIPTION_FIELDS = { description: "string", metadata: "string" } as const;

/** Builds the error for a value of `got` bytes over a limit of `max` bytes. */
export type TooLong = (max: number, got: number) => Error;

/**
 * Checks `description` ≤ {@link DESCRIPTION_MAX_BYTES} and `metadata` ≤
 * {@link METADATA_MAX_BYTES} UTF-8 bytes (omitted values pass), throwing the resource's own
 * error (each resource has its own catalogue code).
 */
export function checkDescriptionLengths(
  values: { description?: string; metadata?: string },
  tooLong: { description: TooLong; metadata: TooLong },
): void {
  const { description, metadata } = values;
  if (description !== undefined && utf8Length(description) > DESCRIPTION_MAX_BYTES) {
    throw tooLong.description(DESCRIPTION_MAX_BYTES, utf8Length(description));
  }
  if (metadata !== undefined && utf8Length(metadata) > METADATA_MAX_BYTES) {
    throw tooLong.metadata(METADATA_MAX_BYTES, utf8Length(metadata));
  }
}

/**
 * For create requests: {@link checkDescriptionLengths}, then both fields with `""` for an
 * omitted one.
 */
export function describedFields(
  values: { description?: string; metadata?: string },
  tooLong: { description: TooLong; metadata: TooLong },
): { description: string; metadata: string } {
  checkDescriptionLengths(values, tooLong);
  return { description: values.description ?? "", metadata: values.metadata ?? "" };
}

/** The fields of a PATCH that changes only `description` and `metadata` (absent = unchanged). */
export interface DescriptionUpdate {
  readonly description?: string;
  readonly metadata?: string;
}

/**
 * The body of an update that takes only `description` and `metadata` (SSH CAs and
 * certificates): unknown fields 214, wrong types 215, then the lengths. An `id` field is
 * accepted and ignored, since ngrok's TypeScript client sends it.
 */
export function parseDescriptionUpdate(
  body: unknown,
  tooLong: { description: TooLong; metadata: TooLong },
): DescriptionUpdate {
  const fields = { id: "string", ...DESCRIPTION_FIELDS } as const;
  const { description, metadata } = checkFields(objectBody(body), fields);
  checkDescriptionLengths({ description, metadata }, tooLong);
  return {
    ...(description === undefined ? {} : { description }),
    ...(metadata === undefined ? {} : { metadata }),
  };
}

/** Applies a {@link DescriptionUpdate} to a stored record and returns the record. */
export function applyDescriptionUpdate<T extends { description: string; metadata: string }>(
  record: T,
  update: DescriptionUpdate,
): T {
  if (update.description !== undefined) record.description = update.description;
  if (update.metadata !== undefined) record.metadata = update.metadata;
  return record;
}

/** Answers ERR_NGROK_227 unless `id` starts with `prefix`. */
export function checkIdPrefix(id: string, prefix: string): void {
  if (!id.startsWith(prefix)) throw apiErrors.invalidIdPrefix(id, prefix);
}

/**
 * Checks the query string: unknown parameters answer ERR_NGROK_231, repeated ones
 * ERR_NGROK_232. Returns single values by name.
 */
export function checkQuery(query: unknown, supported: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  if (!isPlainObject(query)) return params;
  const unknown = Object.keys(query).filter((key) => !supported.includes(key));
  if (unknown.length > 0) throw apiErrors.unknownQueryParameters(unknown, supported);
  for (const key of supported) {
    if (!hasOwn(query, key)) continue;
    const value = query[key];
    if (Array.isArray(value)) {
      throw apiErrors.repeatedQueryParameter(key, value.map(String));
    }
    if (typeof value === "string") params[key] = value;
  }
  return params;
}
