/**
 * ngrok's OpenAPI description of its API (`openapi/ngrok.yaml`, vendored from ngrok/ngrok-openapi;
 * see `openapi/README.md`), as the emulator reads it: the JSON rendering `openapi/ngrok.json` of
 * the same document (`spec/vendored.ts` writes it; a test holds it equal to the YAML), parsed once
 * per process, because parsing the 10 000-line YAML takes the better part of a second.
 *
 * Only the subset of OpenAPI 3.0 that ngrok's document uses is typed here: objects, arrays,
 * strings, integers, numbers, booleans and `$ref`s to `#/components/schemas/…`.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** A schema of ngrok's document, or of the effective document (`x-…` marks: see `overlay.ts`). */
export interface SchemaObject {
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  description?: string;
  properties?: Record<string, SchemaObject>;
  items?: SchemaObject;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  $ref?: string;
  allOf?: SchemaObject[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  /** Overlay: answered only when not empty (`""`); see `overlay.ts`. */
  "x-omit-when-empty"?: boolean;
  /** Overlay: refused in requests (ERR_NGROK_214): the emulator does not model it. */
  "x-not-modelled"?: boolean;
  /** Overlay: accepted in requests, not answered as sent. */
  "x-not-echoed"?: boolean;
}

/** A parameter of an operation (path, query or header). */
export interface ParameterObject {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
}

/** A JSON body: request or response. */
export interface JsonContent {
  content?: { "application/json"?: { schema: SchemaObject } };
  description?: string;
}

/** One operation (`paths[path][method]`). */
export interface OperationObject {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<ParameterObject | { $ref: string }>;
  requestBody?: JsonContent;
  responses: Record<string, JsonContent>;
}

/** The methods of ngrok's document. */
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** ngrok's document, or the effective document the overlay makes of it. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string }>;
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components: {
    schemas: Record<string, SchemaObject>;
    parameters?: Record<string, ParameterObject>;
    securitySchemes?: Record<string, unknown>;
  };
  security?: unknown[];
}

/** `#/components/schemas/` */
export const SCHEMA_REF = "#/components/schemas/";

/** The folder of the vendored document: `<emulator package>/openapi`. */
export function openApiFolder(): string {
  const candidates = [
    path.join(__dirname, "..", "openapi"), // sources (emulator/spec)
    path.join(__dirname, "..", "..", "openapi"), // emulator/dist/spec
  ];
  for (const folder of candidates) {
    if (fs.existsSync(path.join(folder, "ngrok.json"))) return folder;
  }
  // The repository's own build (dist/emulator/spec) reaches the workspace through node_modules.
  return path.dirname(require.resolve("ngrok-api-emulator/openapi/ngrok.json"));
}

let cached: OpenApiDocument | undefined;

/**
 * The text of `openapi/ngrok.json`, written into the emulator's self-contained executable by its
 * bundler (`define` in the repository's tools/devtools/executables/bundle.ts), which has no files
 * beside it; `undefined` everywhere else, where the file is read.
 */
declare const NGROK_API_EMULATOR_OPENAPI: string | undefined;

/** ngrok's document as published (parsed once per process; do not mutate it). */
export function ngrokOpenApiDocument(): OpenApiDocument {
  cached ??= JSON.parse(
    typeof NGROK_API_EMULATOR_OPENAPI !== "undefined"
      ? NGROK_API_EMULATOR_OPENAPI
      : fs.readFileSync(path.join(openApiFolder(), "ngrok.json"), "utf8"),
  );
  if (cached === undefined) throw new Error("openapi/ngrok.json did not parse");
  return cached;
}

/** The name of a `#/components/schemas/<name>` reference. */
export function refName(ref: string): string {
  if (!ref.startsWith(SCHEMA_REF)) throw new Error(`unsupported $ref ${ref}`);
  return ref.slice(SCHEMA_REF.length);
}

/** A schema with its `$ref` (or single-`allOf` wrapper of one) followed. */
export function resolveSchema(document: OpenApiDocument, schema: SchemaObject): SchemaObject {
  let current = schema;
  for (let depth = 0; depth < 16; depth++) {
    const ref = current.$ref ?? (current.allOf?.length === 1 ? current.allOf[0].$ref : undefined);
    if (ref === undefined) return current;
    const target = document.components.schemas[refName(ref)];
    if (target === undefined) throw new Error(`no schema ${ref}`);
    current = target;
  }
  throw new Error("$ref chain too deep");
}

/** An operation of the document by path and method, or `undefined`. */
export function findOperation(
  document: OpenApiDocument,
  apiPath: string,
  method: HttpMethod,
): OperationObject | undefined {
  return document.paths[apiPath]?.[method];
}

/** An operation of the document by path and method; throws when the document has none. */
export function operation(
  document: OpenApiDocument,
  apiPath: string,
  method: HttpMethod,
): OperationObject {
  const found = findOperation(document, apiPath, method);
  if (found === undefined) {
    throw new Error(`ngrok's OpenAPI document has no ${method.toUpperCase()} ${apiPath}`);
  }
  return found;
}

/** The JSON schema of an operation's request body, or `undefined` when it takes none. */
export function requestSchema(op: OperationObject): SchemaObject | undefined {
  return op.requestBody?.content?.["application/json"]?.schema;
}

/** The documented success status of an operation (its first 2xx response) and its schema. */
export function successResponse(op: OperationObject): { status: number; schema?: SchemaObject } {
  const code = Object.keys(op.responses).find((key) => /^2\d\d$/.test(key));
  if (code === undefined) throw new Error(`${op.operationId} documents no success`);
  return { status: Number(code), schema: op.responses[code].content?.["application/json"]?.schema };
}

/** The parameters of an operation, `$ref`s followed. */
export function parameters(document: OpenApiDocument, op: OperationObject): ParameterObject[] {
  return (op.parameters ?? []).map((parameter) => {
    if (!("$ref" in parameter)) return parameter;
    const name = parameter.$ref.replace("#/components/parameters/", "");
    const found = document.components.parameters?.[name];
    if (found === undefined) throw new Error(`no parameter ${parameter.$ref}`);
    return found;
  });
}
