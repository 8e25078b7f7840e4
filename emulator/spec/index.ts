/**
 * {@link ApiSpec}: what the emulator takes from ngrok's OpenAPI document, with the overlay applied
 * (`overlay.ts`) — the operations and their success statuses, request validation, the fields an
 * answer echoes, query parameters, and the rendering of answers. The resources' code keeps only
 * their behaviour (ids, keys, signing, uniqueness, ngrok's specific error codes).
 *
 * Request bodies (`parseBody`), in this order:
 * 1. not a JSON object → ERR_NGROK_213 (no body is `{}`);
 * 2. `null` counts as omitted, at any depth of an object (ngrok's Go client omits zero values,
 *    its Python client strips `None`);
 * 3. a property the schema does not have, or that the emulator does not model → ERR_NGROK_214,
 *    naming the first in the body's order and the supported ones;
 * 4. a value of the wrong type (or out of a refined range) → ERR_NGROK_215, the first in the
 *    schema's order.
 * Required properties (`missingRequired`) are judged after the resource's own rules, which answer
 * ngrok's specific codes for some (a missing public key is ERR_NGROK_611 or 1952): a property the
 * schema requires that is absent or `""` answers ERR_NGROK_215 "… is required".
 */
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import { apiErrors } from "../errors";
import {
  ngrokOpenApiDocument,
  operation,
  parameters,
  requestSchema,
  resolveSchema,
  successResponse,
  type HttpMethod,
  type OpenApiDocument,
  type OperationObject,
  type SchemaObject,
} from "./document";
import { definitions, strictOpenApiDocument, toJsonSchema } from "./jsonSchema";
import { effectiveDocument, flatBodySchema } from "./overlay";
import { renderObject } from "./render";
import { isRecord } from "./values";

export type { OpenApiDocument, OperationObject, SchemaObject, HttpMethod } from "./document";
export { OVERLAY, type OverlayEntry } from "./overlay";

/** A request body's values, by the API's (snake_case) names. */
export type Values = Record<string, unknown>;

/** A schema without what does not change its meaning (descriptions, overlay marks). */
function shape(schema: SchemaObject | undefined): string {
  return JSON.stringify(schema, (key, value: unknown) =>
    key === "description" || key.startsWith("x-") ? undefined : value,
  );
}

const REQUEST_BASE = "request.json";

/** ngrok's OpenAPI document with the overlay, and what the emulator derives from it. */
export class ApiSpec {
  /** The effective document: ngrok's, with the overlay applied. */
  readonly document: OpenApiDocument;
  // The schemas are made here from the document: checking them against the meta-schema would
  // cost most of the set-up time.
  private readonly ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: false,
    validateSchema: false,
  });
  private readonly validators = new Map<SchemaObject, ValidateFunction>();
  private readonly echoes = new Map<OperationObject, readonly string[]>();

  /** @param base - ngrok's document (default: the vendored one), before the overlay. */
  constructor(base: OpenApiDocument = ngrokOpenApiDocument()) {
    this.document = effectiveDocument(base);
    this.ajv.addSchema(definitions(this.document, "request", REQUEST_BASE));
  }

  /** The operation at `apiPath` (as the document writes it, `/ssh_credentials/{id}`). */
  operation(apiPath: string, method: HttpMethod): OperationObject {
    return operation(this.document, apiPath, method);
  }

  /** The documented success status of an operation (`201` for creates, …). */
  status(op: OperationObject): number {
    return successResponse(op).status;
  }

  /** A component schema of the effective document by name. */
  schema(name: string): SchemaObject {
    const schema = this.document.components.schemas[name];
    if (schema === undefined) throw new Error(`ngrok's OpenAPI document has no schema ${name}`);
    return schema;
  }

  /** An operation's request schema, resolved (`{}`-bodied when it takes none). */
  requestSchemaOf(op: OperationObject): SchemaObject {
    const schema = requestSchema(op);
    return schema === undefined ? { type: "object", properties: {} } : this.resolve(schema);
  }

  /** `schema` with its `$ref` followed. */
  resolve(schema: SchemaObject): SchemaObject {
    return resolveSchema(this.document, schema);
  }

  private validator(schema: SchemaObject): ValidateFunction {
    let validate = this.validators.get(schema);
    if (validate === undefined) {
      validate = this.ajv.compile(toJsonSchema(schema, "request", REQUEST_BASE));
      this.validators.set(schema, validate);
    }
    return validate;
  }

  /**
   * Checks `body` against an operation's request schema (steps 1–4 of the module comment) and
   * returns its values, nulls removed. An operation the overlay lets take a flat body (the SAML
   * module's PUT) takes its module's fields unwrapped too: a body without `module` is judged
   * against that schema, and the module's values are returned either way.
   */
  parseBody(op: OperationObject, body: unknown): Values {
    if (body !== undefined && body !== null && !isRecord(body)) throw apiErrors.bodyUnparseable();
    const raw = body ?? {};
    const flat = flatBodySchema(op.operationId);
    const wrapped = flat === undefined || Object.prototype.hasOwnProperty.call(raw, "module");
    const schema = wrapped ? this.requestSchemaOf(op) : this.schema(flat);
    const values = this.withoutNulls(raw, schema);
    if (!isRecord(values)) throw apiErrors.bodyUnparseable();
    const validate = this.validator(schema);
    if (!validate(values)) throw this.requestError(schema, validate.errors ?? []);
    if (flat === undefined || !wrapped) return values;
    const module = values.module;
    return isRecord(module) ? module : {};
  }

  /**
   * Checks `body` against `schema` (steps 1–4 of the module comment) and returns its values,
   * nulls removed: for values that are not a request's (a test's seeded object).
   */
  parseValues(schema: SchemaObject, body: unknown): Values {
    if (body !== undefined && body !== null && !isRecord(body)) throw apiErrors.bodyUnparseable();
    const values = this.withoutNulls(body ?? {}, schema);
    if (!isRecord(values)) throw apiErrors.bodyUnparseable();
    const validate = this.validator(schema);
    if (!validate(values)) throw this.requestError(schema, validate.errors ?? []);
    return values;
  }

  /**
   * `value` without `null` object properties, wherever `schema` describes objects (arrays' items
   * are kept; what the schema does not describe is left to the validator, so a deeply nested
   * unknown value is not walked).
   */
  private withoutNulls(value: unknown, schema: SchemaObject): unknown {
    const resolved = this.resolve(schema);
    if (Array.isArray(value)) {
      const items = resolved.items;
      return items === undefined ? value : value.map((item) => this.withoutNulls(item, items));
    }
    if (!isRecord(value) || resolved.properties === undefined) return value;
    const properties = resolved.properties;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, field]) => field !== null)
        .map(([name, field]) => {
          const property = properties[name];
          return [name, property === undefined ? field : this.withoutNulls(field, property)];
        }),
    );
  }

  /**
   * The property an ajv instance path is in: the last one a schema declares (`/module/enabled` →
   * `enabled`, `/acl/0` → `acl`, `/extensions/permit-pty` → `extensions`).
   */
  private fieldName(schema: SchemaObject, instancePath: string): string {
    let current: SchemaObject | undefined = schema;
    let name = "body";
    for (const segment of instancePath.split("/").filter(Boolean)) {
      if (current === undefined) break;
      const resolved = this.resolve(current);
      const additional = resolved.additionalProperties;
      if (resolved.type === "array") {
        current = resolved.items;
      } else if (resolved.properties?.[segment] !== undefined) {
        name = segment;
        current = resolved.properties[segment];
      } else {
        current = typeof additional === "object" ? additional : undefined;
      }
    }
    return name;
  }

  private requestError(schema: SchemaObject, errors: readonly ErrorObject[]): Error {
    const unknown = errors.find((error) => error.keyword === "additionalProperties");
    if (unknown !== undefined) {
      const parent: unknown = unknown.parentSchema;
      const properties = isRecord(parent) && isRecord(parent.properties) ? parent.properties : {};
      return apiErrors.unknownField(
        String(unknown.params.additionalProperty),
        Object.keys(properties),
      );
    }
    const [first] = errors;
    return apiErrors.invalidValue(
      first === undefined ? "body" : this.fieldName(schema, first.instancePath),
    );
  }

  /**
   * The properties `schema` requires that `values` lacks (absent, or `""` as ngrok's Go server
   * reads an empty string), in the schema's order.
   */
  missingRequired(schema: SchemaObject, values: Values): string[] {
    return (schema.required ?? []).filter(
      (name) => values[name] === undefined || values[name] === "",
    );
  }

  /** ERR_NGROK_215 for the first of {@link missingRequired}. */
  checkRequired(schema: SchemaObject, values: Values): void {
    const [missing] = this.missingRequired(schema, values);
    if (missing !== undefined) throw apiErrors.invalidValue(missing, "it is required");
  }

  /**
   * The request properties an operation's answer echoes as sent: those its success schema has
   * with the same schema, but `id` (the path names the resource) and the overlay's
   * `x-not-modelled` and `x-not-echoed` ones.
   */
  echoed(op: OperationObject): readonly string[] {
    let names = this.echoes.get(op);
    if (names === undefined) {
      const request = this.requestSchemaOf(op).properties ?? {};
      const answer = successResponse(op).schema;
      const answered = answer === undefined ? {} : (this.resolve(answer).properties ?? {});
      names = Object.entries(request)
        .filter(([name, property]) => {
          if (name === "id" || property["x-not-modelled"] || property["x-not-echoed"]) return false;
          return answered[name] !== undefined && shape(answered[name]) === shape(property);
        })
        .map(([name]) => name);
      this.echoes.set(op, names);
    }
    return names;
  }

  /** The values of {@link echoed} properties present in `values`. */
  echoedValues(op: OperationObject, values: Values): Values {
    return Object.fromEntries(
      this.echoed(op)
        .filter((name) => values[name] !== undefined)
        .map((name) => [name, values[name]]),
    );
  }

  /** The query parameters an operation takes: their names, and those that may repeat (arrays). */
  query(op: OperationObject): { names: string[]; repeatable: string[] } {
    const query = parameters(this.document, op).filter((parameter) => parameter.in === "query");
    return {
      names: query.map((parameter) => parameter.name),
      repeatable: query.filter((p) => p.schema?.type === "array").map((p) => p.name),
    };
  }

  /** An answer of `schema` (a `$ref` or a schema) rendered from `value` (see `render.ts`). */
  render(schema: SchemaObject, value: Values): Record<string, unknown> {
    return renderObject(this.document, schema, value);
  }

  /** The schema of an operation's success answer. */
  successSchema(op: OperationObject): SchemaObject {
    const { schema } = successResponse(op);
    if (schema === undefined) throw new Error(`${op.operationId} answers no body`);
    return schema;
  }

  /** The success answer of an operation rendered from `value`. */
  renderSuccess(op: OperationObject, value: Values): Record<string, unknown> {
    return this.render(this.successSchema(op), value);
  }

  /** The effective document restricted to `served` operations, answers strict (Schemathesis). */
  strictDocument(served: ReadonlySet<string>): OpenApiDocument {
    return strictOpenApiDocument(this.document, served);
  }
}

let vendored: ApiSpec | undefined;

/** The {@link ApiSpec} of the vendored document, made once per process. */
export function defaultApiSpec(): ApiSpec {
  vendored ??= new ApiSpec();
  return vendored;
}
