/**
 * What the resources' rules share beyond ngrok's OpenAPI document (`spec/`, which checks the
 * fields and their types): typed readers of checked values, byte lengths with each resource's own
 * error codes, id prefixes (ERR_NGROK_227) and query strings (ERR_NGROK_231/232).
 */
import { apiErrors } from "../errors";

/** A JSON object, for `typeof` narrowing. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The request body as an object: no body (or `null`) is `{}`; any other non-object JSON value
 * answers ERR_NGROK_213. (API bodies go through `ApiSpec.parseBody`; this is for the emulator's
 * own admin endpoint.)
 */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (!isPlainObject(body)) throw apiErrors.bodyUnparseable();
  return body;
}

// Readers of values `ApiSpec.parseBody` checked against the document (so of the right type).

/** A string value, or `undefined` when omitted. */
export function text(values: Record<string, unknown>, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

/** An integer value, or `undefined` when omitted. */
export function integer(values: Record<string, unknown>, name: string): number | undefined {
  const value = values[name];
  return typeof value === "number" ? value : undefined;
}

/** A list of strings, or `undefined` when omitted. */
export function textList(values: Record<string, unknown>, name: string): string[] | undefined {
  const value = values[name];
  return Array.isArray(value) ? value.filter((item) => typeof item === "string") : undefined;
}

/** A map of strings (`map<string,string>`), or `undefined` when omitted. */
export function textMap(
  values: Record<string, unknown>,
  name: string,
): Record<string, string> | undefined {
  const value = values[name];
  if (!isPlainObject(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

/** An object value, or `undefined` when omitted. */
export function object(
  values: Record<string, unknown>,
  name: string,
): Record<string, unknown> | undefined {
  const value = values[name];
  return isPlainObject(value) ? value : undefined;
}

/** UTF-8 length of a string, in bytes. */
export function utf8Length(value: string): number {
  return Buffer.byteLength(value, "utf8");
}

/** ngrok's limit of a `description` field, in UTF-8 bytes. */
export const DESCRIPTION_MAX_BYTES = 255;
/** ngrok's limit of a `metadata` field, in UTF-8 bytes. */
export const METADATA_MAX_BYTES = 4096;

/** Builds the error for a value of `got` bytes over a limit of `max` bytes. */
export type TooLong = (max: number, got: number) => Error;

/**
 * Checks `description` ≤ {@link DESCRIPTION_MAX_BYTES} and `metadata` ≤
 * {@link METADATA_MAX_BYTES} UTF-8 bytes (omitted values pass), throwing the resource's own
 * error (each resource has its own catalogue code).
 */
export function checkDescriptionLengths(
  values: Record<string, unknown>,
  tooLong: { description: TooLong; metadata: TooLong },
): void {
  const description = text(values, "description");
  const metadata = text(values, "metadata");
  if (description !== undefined && utf8Length(description) > DESCRIPTION_MAX_BYTES) {
    throw tooLong.description(DESCRIPTION_MAX_BYTES, utf8Length(description));
  }
  if (metadata !== undefined && utf8Length(metadata) > METADATA_MAX_BYTES) {
    throw tooLong.metadata(METADATA_MAX_BYTES, utf8Length(metadata));
  }
}

/** Answers ERR_NGROK_227 unless `id` starts with `prefix`. */
export function checkIdPrefix(id: string, prefix: string): void {
  if (!id.startsWith(prefix)) throw apiErrors.invalidIdPrefix(id, prefix);
}

/** The query parameters an operation takes (`ApiSpec.query`): names, and those that repeat. */
export interface QueryParameters {
  readonly names: readonly string[];
  readonly repeatable: readonly string[];
}

/**
 * Checks the query string: unknown parameters answer ERR_NGROK_231, repeated ones ERR_NGROK_232
 * (unless `repeatable`). Returns the single values by name.
 */
export function checkQuery(
  query: unknown,
  supported: QueryParameters | readonly string[],
): Record<string, string> {
  const { names, repeatable } =
    "names" in supported ? supported : { names: supported, repeatable: [] };
  const params: Record<string, string> = {};
  if (!isPlainObject(query)) return params;
  const unknown = Object.keys(query).filter((key) => !names.includes(key));
  if (unknown.length > 0) throw apiErrors.unknownQueryParameters(unknown, names);
  for (const key of names) {
    if (!Object.prototype.hasOwnProperty.call(query, key) || repeatable.includes(key)) continue;
    const value = query[key];
    if (Array.isArray(value)) {
      throw apiErrors.repeatedQueryParameter(key, value.map(String));
    }
    if (typeof value === "string") params[key] = value;
  }
  return params;
}

/**
 * The repeatable (array) query parameters' values: each given once or more, or as one
 * comma-separated value; empty values dropped.
 */
export function queryLists(query: unknown, supported: QueryParameters): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  if (!isPlainObject(query)) return lists;
  for (const key of supported.repeatable) {
    const value = query[key];
    if (value === undefined) continue;
    const items = (Array.isArray(value) ? value : [value]).flatMap((item) =>
      String(item).split(","),
    );
    lists[key] = items.filter((item) => item !== "");
  }
  return lists;
}
