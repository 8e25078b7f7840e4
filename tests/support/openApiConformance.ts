/**
 * Judges the emulator's answers against ngrok's OpenAPI document, independently of the code that
 * renders them: the vendored `emulator/openapi/ngrok.yaml` parsed here with `yaml`, the emulator's
 * overlay applied (`effectiveDocument`: the documented differences, each with its source), then
 * made strict here — every object closed (no field the document lacks) and every property
 * required (none missing) but those the overlay lets answers omit (`x-omit-when-empty`),
 * OpenAPI's `nullable` as JSON Schema's `null` — and compiled with ajv.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import { parse } from "yaml";
import { effectiveDocument } from "../../emulator/spec/overlay";
import type { OpenApiDocument, OperationObject, SchemaObject } from "../../emulator/spec";

const REPO = path.resolve(__dirname, "../..");

/** The vendored document, as published. */
export function vendoredDocument(): OpenApiDocument {
  return parse(fs.readFileSync(path.join(REPO, "emulator/openapi/ngrok.yaml"), "utf8"));
}

type Json = { [keyword: string]: unknown };

/** An OpenAPI 3.0 schema of `document` as a strict JSON Schema (see the module comment). */
function strict(schema: SchemaObject): Json {
  const out: Json = {};
  if (schema.$ref !== undefined) out.$ref = `doc#/definitions/${schema.$ref.split("/").pop()}`;
  if (schema.allOf !== undefined) out.allOf = schema.allOf.map(strict);
  if (schema.type !== undefined) out.type = schema.type;
  if (schema.items !== undefined) out.items = strict(schema.items);
  for (const keyword of ["minimum", "maximum"] as const) {
    if (schema[keyword] !== undefined) out[keyword] = schema[keyword];
  }
  if (schema.type === "object") {
    const properties = schema.properties ?? {};
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, strict(property)]),
    );
    out.required = Object.keys(properties).filter(
      (name) => properties[name]["x-omit-when-empty"] !== true,
    );
    const additional = schema.additionalProperties;
    out.additionalProperties =
      typeof additional === "object" ? strict(additional) : schema.properties === undefined;
  }
  if (schema.nullable !== true) return out;
  return { anyOf: [out, { type: "null" }] };
}

/** Validators of the answers of `document`'s operations, after the overlay. */
export class AnswerSchemas {
  readonly document: OpenApiDocument;
  private readonly ajv = new Ajv({ allErrors: true, strict: false });

  constructor(base: OpenApiDocument = vendoredDocument()) {
    this.document = effectiveDocument(base);
    const definitions = Object.fromEntries(
      Object.entries(this.document.components.schemas).map(([n, s]) => [n, strict(s)]),
    );
    this.ajv.addSchema({ $id: "doc", definitions });
  }

  /** The operation at `apiPath` and `method` (lower case); throws when the document lacks it. */
  operation(apiPath: string, method: string): OperationObject {
    const methods: Record<string, OperationObject | undefined> = this.document.paths[apiPath] ?? {};
    const op = methods[method];
    if (op === undefined) throw new Error(`no ${method} ${apiPath} in ngrok's document`);
    return op;
  }

  /** The documented success status of an operation and a validator of its body (if any). */
  success(op: OperationObject): { status: number; validate?: ValidateFunction } {
    const code = Object.keys(op.responses).find((key) => /^2\d\d$/.test(key));
    if (code === undefined) throw new Error(`${op.operationId} documents no success`);
    const schema = op.responses[code].content?.["application/json"]?.schema;
    return {
      status: Number(code),
      validate: schema === undefined ? undefined : this.ajv.compile(strict(schema)),
    };
  }

  /** A validator of ngrok's error body (the overlay's `Error`). */
  error(): ValidateFunction {
    return this.ajv.compile(strict({ $ref: "#/components/schemas/Error" }));
  }
}
