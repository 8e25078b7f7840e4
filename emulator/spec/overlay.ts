/**
 * The overlay: where what ngrok's API answers differs from, or says more than, its OpenAPI
 * document (`openapi/ngrok.yaml`). Each entry names its source: the seed spec
 * (`contributing/reference/seed.md`, sections `§n`), the facts gathered from ngrok's docs and
 * clients (`contributing/reference/ngrok-api.md`, `contributing/reference/ngrok-ssh-certificates.md`), ngrok's docs pages, or the emulator's
 * scope. {@link effectiveDocument} applies them to a copy of the document: what the emulator
 * validates requests against and renders answers from (and serves at `/__emulator/openapi.json`).
 *
 * Marks the overlay adds to schemas (OpenAPI's own `nullable` aside):
 * - `x-omit-when-empty`: the property is left out of answers when it is `""` or unset;
 * - `x-not-modelled`: a request with the property is refused (ERR_NGROK_214);
 * - `x-not-echoed`: the property is accepted but not answered as sent.
 */
import type { OpenApiDocument, ParameterObject, SchemaObject } from "./document";

/** Schema names, or `"*"` for every schema that has the properties. */
type Schemas = readonly string[] | "*";

/** One overlay entry. `source` says where the difference is documented. */
export type OverlayEntry = { readonly source: string } & (
  | { readonly kind: "omitWhenEmpty"; readonly schemas: Schemas; readonly properties: string[] }
  | { readonly kind: "nullable"; readonly schemas: Schemas; readonly properties: string[] }
  | { readonly kind: "nullableReferences" }
  | {
      readonly kind: "addProperty";
      readonly schemas: readonly string[];
      readonly property: string;
      readonly schema: SchemaObject;
    }
  | {
      readonly kind: "refine";
      readonly schemas: readonly string[];
      readonly properties: string[];
      readonly schema: SchemaObject;
    }
  | {
      readonly kind: "notRequired";
      readonly schemas: readonly string[];
      readonly properties: string[];
    }
  | {
      readonly kind: "notModelled";
      readonly schemas: readonly string[];
      readonly properties: string[];
    }
  | {
      readonly kind: "notEchoed";
      readonly schemas: readonly string[];
      readonly properties: string[];
    }
  | { readonly kind: "listQuery"; readonly parameters: readonly ParameterObject[] }
  | { readonly kind: "errorResponse"; readonly schema: SchemaObject }
  | { readonly kind: "flatBody"; readonly operationId: string; readonly schema: string }
);

const UINT32: SchemaObject = { type: "integer", minimum: 0, maximum: 4_294_967_295 };
/**
 * The route modules a route create refuses: all but `oauth` and `oidc`, which a create stores and
 * a route answers as sent (the sign-in modules a migration to cloud endpoints reads), and `saml`,
 * refused here too: it is set through its own endpoint.
 */
const ROUTE_MODULES = [
  ...["backend", "ip_restriction", "circuit_breaker", "compression", "request_headers"],
  ...["response_headers", "webhook_verification", "saml"],
  ...["websocket_tcp_converter", "user_agent_filter", "traffic_policy"],
];

/** Every difference the emulator knows between ngrok's answers and its OpenAPI document. */
export const OVERLAY: readonly OverlayEntry[] = [
  {
    kind: "omitWhenEmpty",
    schemas: "*",
    properties: ["description", "metadata"],
    source:
      "contributing/reference/seed.md §2.1 (metadata 'Omitted from responses when it was never set'); `contributing/reference/ngrok-api.md` (SSH CAs: " +
      "metadata absent when empty, description likewise); `contributing/reference/ngrok-ssh-certificates.md` §5 and the " +
      "SSH credential and reserved domain examples of ngrok's docs (absent when not set)",
  },
  {
    kind: "nullable",
    schemas: "*",
    properties: ["next_page_uri"],
    source:
      "`contributing/reference/ngrok-api.md` 'Lists and paging' (null on the last page); the document's own text",
  },
  {
    kind: "nullable",
    schemas: ["ReservedDomain"],
    properties: ["cname_target", "acme_challenge_cname_target"],
    source: "the document's own descriptions ('or null if …', 'Must be null for …')",
  },
  {
    kind: "nullable",
    schemas: ["APIKey", "Credential"],
    properties: ["token"],
    source:
      "the document's own descriptions ('This value is only available one time, on the API " +
      "response from key creation. Otherwise it is null.')",
  },
  {
    kind: "nullable",
    schemas: ["TLSCertificate"],
    properties: ["issued_at"],
    source:
      "the document's own description ('or null if this certificate was user-uploaded'); " +
      'ngrok\'s docs example of an upload answers "issued_at": null',
  },
  {
    kind: "nullableReferences",
    source:
      '`contributing/reference/ngrok-api.md` (a route GET shows "saml": null) and the document\'s descriptions of ' +
      "references ('or null otherwise'): an object-valued property without a value is null",
  },
  {
    kind: "addProperty",
    schemas: ["EndpointSAML", "EndpointSAMLMutate"],
    property: "idp_metadata_url",
    schema: { type: "string" },
    source:
      "contributing/reference/seed.md §2.3 ('Additional response field: idp_metadata_url'); `contributing/reference/ngrok-api.md` (the URL form " +
      "of the IdP metadata, exclusive with idp_metadata)",
  },
  {
    kind: "refine",
    schemas: ["EndpointSAML", "EndpointSAMLMutate"],
    properties: ["inactivity_timeout", "maximum_duration"],
    schema: UINT32,
    source: "contributing/reference/seed.md §2.3 and §8 (uint32 seconds)",
  },
  {
    kind: "refine",
    schemas: ["SSHUserCertificateCreate", "SSHUserCertificate"],
    properties: ["critical_options", "extensions"],
    schema: { additionalProperties: { type: "string" } },
    source:
      "`contributing/reference/ngrok-ssh-certificates.md` §2 (map<string,string> in ngrok's Go client)",
  },
  {
    kind: "notRequired",
    schemas: ["EndpointCreate"],
    properties: ["type"],
    source: "the document's own description of type ('Defaults to 'cloud' if not specified')",
  },
  {
    kind: "notEchoed",
    schemas: ["ReservedDomainCreate"],
    properties: ["region"],
    source:
      'ngrok\'s docs (api/resources/reserved-domains, 2024 example): region "us" sent, "" ' +
      "answered; the document calls it deprecated (traffic is handled globally)",
  },
  {
    kind: "notModelled",
    schemas: ["HTTPSEdgeCreate"],
    properties: ["mutual_tls", "tls_termination"],
    source: "the emulator's scope: edges and routes exist for the SAML module only",
  },
  {
    kind: "notModelled",
    schemas: ["HTTPSEdgeRouteCreate"],
    properties: ROUTE_MODULES,
    source:
      "the emulator's scope: the SAML module is set through its own endpoint, the OAuth and " +
      "OIDC modules on a route's create only (what reading an edge's sign-in needs); the rest " +
      "are not modelled",
  },
  {
    kind: "listQuery",
    parameters: [
      { name: "filter", in: "query", required: false, schema: { type: "string" } },
      { name: "beforeId", in: "query", required: false, schema: { type: "string" } },
    ],
    source:
      "`contributing/reference/ngrok-api.md` 'Lists and paging' (lists take a CEL filter); ngrok's TypeScript client " +
      "sends its paging object's beforeId unchanged",
  },
  {
    kind: "errorResponse",
    schema: {
      type: "object",
      properties: {
        error_code: { type: "string", "x-omit-when-empty": true },
        status_code: { type: "integer" },
        msg: { type: "string" },
        details: { type: "object", additionalProperties: { type: "string" } },
      },
    },
    source: "`contributing/reference/ngrok-api.md` 'Errors' (error_code can be missing)",
  },
  {
    kind: "flatBody",
    operationId: "EdgeRouteSamlModuleReplace",
    schema: "EndpointSAMLMutate",
    source:
      "`contributing/reference/ngrok-api.md` (PUT takes the flat module object, as in the docs' curl example)",
  },
];

/** The schema names an entry applies to in `document`. */
function targets(
  document: OpenApiDocument,
  schemas: Schemas,
  properties: readonly string[],
): SchemaObject[] {
  const all = document.components.schemas;
  const names = schemas === "*" ? Object.keys(all) : schemas;
  return names
    .map((name) => {
      const schema = all[name];
      if (schema === undefined) throw new Error(`overlay: no schema ${name}`);
      return schema;
    })
    .filter((schema) => schemas !== "*" || properties.some((p) => schema.properties?.[p]));
}

/** Sets `change` on each of `properties` of each target schema (missing ones are skipped). */
function mark(
  document: OpenApiDocument,
  schemas: Schemas,
  properties: readonly string[],
  change: (property: SchemaObject) => SchemaObject,
): void {
  for (const schema of targets(document, schemas, properties)) {
    for (const name of properties) {
      const property = schema.properties?.[name];
      if (property !== undefined && schema.properties) schema.properties[name] = change(property);
    }
  }
}

/** `schema` as null or itself: `nullable` beside a type, a one-`allOf` wrapper for a `$ref`. */
function nullable(schema: SchemaObject): SchemaObject {
  if (schema.$ref === undefined) return { ...schema, nullable: true };
  const { $ref, ...rest } = schema;
  return { ...rest, allOf: [{ $ref }], nullable: true };
}

/** Applies one entry to `document` (in place). */
function apply(document: OpenApiDocument, entry: OverlayEntry): void {
  switch (entry.kind) {
    case "omitWhenEmpty":
      return mark(document, entry.schemas, entry.properties, (p) => ({
        ...p,
        "x-omit-when-empty": true,
      }));
    case "nullable":
      return mark(document, entry.schemas, entry.properties, nullable);
    case "nullableReferences":
      for (const schema of Object.values(document.components.schemas)) {
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          if (property.$ref !== undefined && schema.properties) {
            schema.properties[name] = nullable(property);
          }
        }
      }
      return;
    case "addProperty":
      for (const schema of targets(document, entry.schemas, [])) {
        schema.properties = { ...schema.properties, [entry.property]: entry.schema };
      }
      return;
    case "refine":
      return mark(document, entry.schemas, entry.properties, (p) => ({ ...p, ...entry.schema }));
    case "notRequired":
      for (const schema of targets(document, entry.schemas, [])) {
        schema.required = schema.required?.filter((name) => !entry.properties.includes(name));
      }
      return;
    case "notModelled":
      return mark(document, entry.schemas, entry.properties, (p) => ({
        ...p,
        "x-not-modelled": true,
      }));
    case "notEchoed":
      return mark(document, entry.schemas, entry.properties, (p) => ({
        ...p,
        "x-not-echoed": true,
      }));
    case "listQuery":
      for (const methods of Object.values(document.paths)) {
        const list = methods.get;
        const names = (list?.parameters ?? []).map((p) => ("name" in p ? p.name : p.$ref));
        if (list === undefined || !names.includes("before_id")) continue;
        // The 2026 document gives most lists `filter` itself.
        const more = entry.parameters.filter((p) => !names.includes(p.name));
        list.parameters = [...(list.parameters ?? []), ...more];
      }
      return;
    case "errorResponse":
      document.components.schemas.Error = entry.schema;
      for (const methods of Object.values(document.paths)) {
        for (const op of Object.values(methods)) {
          op.responses.default = {
            description: "ngrok's error body",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          };
        }
      }
      return;
    case "flatBody":
      return; // read by the routes that take such a body (flatBodySchema)
  }
}

/** The schema an operation also takes flat (the SAML module's PUT), or `undefined`. */
export function flatBodySchema(operationId: string): string | undefined {
  for (const entry of OVERLAY) {
    if (entry.kind === "flatBody" && entry.operationId === operationId) return entry.schema;
  }
  return undefined;
}

/** A deep copy of `document` with the {@link OVERLAY} applied. */
export function effectiveDocument(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document);
  for (const entry of OVERLAY) apply(copy, entry);
  return copy;
}
