/**
 * `schema.json`: the Pulumi package schema (pulumi.com/docs/iac/extending-pulumi/schema/) of the
 * package as a provider plugin serves it: its configuration (`provider/client/settings.ts`), its
 * resources and their properties, and its lookups as functions, all from the definitions.
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  isReadByLookups,
  type ObjectType,
  outputWords,
  type PropertyDefinition,
} from "../../../provider/framework/property";
import { holdsSecret } from "../../../provider/framework/secretFields";
import type { ResourceDefinition } from "../../../provider/framework/resource";
import { SETTINGS } from "../../../provider/client/settings";
import {
  DATA_SOURCE_DEFINITIONS,
  DEFINITIONS,
  LOOKUPS,
  PLUGIN_PACKAGE,
  type LookupDefinition,
} from "../../../provider/registry";
import { mayBeAbsent } from "./sdkTypes";
import { defaultWords } from "./text";
import { trafficPolicyProperty, trafficPolicyTypes } from "./trafficPolicySchema";

/** The package's name in Pulumi: the tokens' first part, `ngrok-dynamic:index:<Resource>`. */
const PACKAGE = PLUGIN_PACKAGE;
const REPO = path.resolve(__dirname, "../../../..");

type Spec = Record<string, unknown>;

const token = (name: string) => `${PACKAGE}:index:${name}`;

type TokenOf = (name: string) => string;

/** A document type's schema: its named types, and an input's type (the object, or its text). */
interface DocumentSchema {
  readonly types: (token: TokenOf) => Spec;
  readonly input: (token: TokenOf) => Spec;
}

/**
 * Each document type's (`kind: "document"`) schema, by its `typeName`, derived from the table the
 * document's rule reads.
 */
const DOCUMENTS: Readonly<Record<string, DocumentSchema>> = {
  TrafficPolicy: { types: trafficPolicyTypes, input: trafficPolicyProperty },
};

/** The schema of the document type `typeName`; fails for one {@link DOCUMENTS} does not have. */
function documentSchema(typeName: string): DocumentSchema {
  const schema = DOCUMENTS[typeName];
  if (schema === undefined) throw new Error(`no schema types for the document type ${typeName}`);
  return schema;
}

/**
 * A property's schema type (`type`, `items`, `$ref`, `oneOf`). A document is typed as an input; as
 * an output it is `Any` (what ngrok holds, or the input as given).
 */
function typeSpec(property: PropertyDefinition, output = false): Spec {
  const { type } = property;
  switch (type.kind) {
    case "boolean":
      return { type: "boolean" };
    case "integer":
      return { type: "integer" };
    case "enum":
      return type.typeName !== undefined
        ? { $ref: `#/types/${token(type.typeName)}` }
        : { type: typeof type.values[0] === "number" ? "integer" : "string" };
    case "stringList":
      return { type: "array", items: { type: "string" } };
    case "reference":
      return type.many === true ? { type: "array", items: { type: "string" } } : { type: "string" };
    case "stringMap":
      return { type: "object", additionalProperties: { type: "string" } };
    case "objectList":
      return { type: "array", items: { $ref: `#/types/${token(type.typeName)}` } };
    case "object":
      return { $ref: `#/types/${token(type.typeName)}` };
    case "document":
      return output ? { $ref: "pulumi.json#/Any" } : documentSchema(type.typeName).input(token);
    default:
      return { type: "string" };
  }
}

/** A property's schema: its type, description (with its default), secret. */
function propertySpec(property: PropertyDefinition, output: boolean): Spec {
  let description = output ? outputWords(property) : property.description;
  const fallback = defaultWords(property);
  if (!output && fallback !== undefined && !/\bDefault\b/.test(description)) {
    description += ` Default: ${fallback}.`;
  }
  return {
    ...typeSpec(property, output),
    description,
    ...(holdsSecret(property) ? { secret: true } : {}),
    ...(!output && property.onChange === "replace" ? { willReplaceOnChanges: true } : {}),
  };
}

const entries = (d: ResourceDefinition) => Object.entries(d.properties);

/** A resource's schema. */
function resourceSpec(definition: ResourceDefinition): Spec {
  const inputs = entries(definition).filter(([, p]) => p.role === "input");
  const outputs = entries(definition).filter(([, p]) => p.role !== "internal");
  return {
    description: `${definition.description}\n\nAPI: ${definition.api.endpoints}. The Pulumi id is ${definition.id}.`,
    inputProperties: Object.fromEntries(inputs.map(([n, p]) => [n, propertySpec(p, false)])),
    requiredInputs: inputs.filter(([, p]) => p.required).map(([n]) => n),
    properties: Object.fromEntries(outputs.map(([n, p]) => [n, propertySpec(p, true)])),
    required: outputs.filter(([, p]) => !mayBeAbsent(p)).map(([n]) => n),
  };
}

/**
 * The named types: enums with a type name, the objects of object lists, and each document type's
 * (once).
 */
function typesSpec(): Spec {
  const types: Spec = {};
  const documents = new Set<string>();
  for (const definition of [...DEFINITIONS, ...DATA_SOURCE_DEFINITIONS]) {
    for (const [, { type }] of entries(definition)) {
      if (type.kind === "enum" && type.typeName !== undefined) {
        const numeric = typeof type.values[0] === "number";
        types[token(type.typeName)] = {
          type: numeric ? "integer" : "string",
          description: type.typeDescription,
          enum: type.values.map((value) => ({
            value,
            ...(numeric ? { name: `${type.unit === "bits" ? "Bits" : "Value"}${value}` } : {}),
          })),
        };
      }
      if (type.kind === "object") objectTypeSpecs(type, types);
      if (type.kind === "document" && !documents.has(type.typeName)) {
        documents.add(type.typeName);
        for (const [key, spec] of Object.entries(documentSchema(type.typeName).types(token))) {
          if (key in types) throw new Error(`${key}: a document's type meets another type`);
          types[key] = spec;
        }
      }
      if (type.kind === "objectList") {
        types[token(type.typeName)] = {
          type: "object",
          description: type.typeDescription,
          properties: Object.fromEntries(
            Object.entries(type.fields).map(([n, f]) => [
              n,
              { type: "string", description: f.description },
            ]),
          ),
          required: Object.keys(type.fields),
        };
      }
    }
  }
  for (const lookup of LOOKUPS) {
    if (lookup.list === undefined) continue;
    types[token(listItemType(lookup))] = {
      ...resultSpec(lookup.resource),
      description: `One item of \`${lookup.name}\`'s \`${lookup.list.field}\`.`,
    };
  }
  return types;
}

/** The schema's types of an {@link ObjectType} and of the objects its fields hold, into `types`. */
function objectTypeSpecs(type: ObjectType, types: Spec): void {
  types[token(type.typeName)] = {
    type: "object",
    description: type.typeDescription,
    properties: Object.fromEntries(
      Object.entries(type.fields).map(([n, f]) => [
        n,
        {
          ...(f.object
            ? { $ref: `#/types/${token(f.object.typeName)}` }
            : f.list === true
              ? { type: "array", items: { type: "string" } }
              : { type: "string" }),
          description: f.description,
          ...(f.secret === true ? { secret: true } : {}),
        },
      ]),
    ),
    ...(Object.values(type.fields).some((f) => f.required === true)
      ? {
          required: Object.entries(type.fields)
            .filter(([, f]) => f.required === true)
            .map(([n]) => n),
        }
      : {}),
  };
  for (const field of Object.values(type.fields)) {
    if (field.object) objectTypeSpecs(field.object, types);
  }
}

/** What a lookup returns of one object: what ngrok holds of it, with its id. */
function resultSpec(definition: ResourceDefinition): Spec {
  const read = entries(definition).filter(([, p]) => isReadByLookups(p));
  return {
    type: "object",
    properties: {
      id: { type: "string", description: `The Pulumi id: ${definition.id}.` },
      ...Object.fromEntries(read.map(([n, p]) => [n, propertySpec(p, true)])),
    },
    required: ["id", ...read.filter(([, p]) => !mayBeAbsent(p)).map(([n]) => n)],
  };
}

/** `getSshCertificateAuthorities` → `GetSshCertificateAuthorities`. */
const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The named object type of one item of a list lookup's result, e.g.
 * `GetSshCertificateAuthoritiesSshCertificateAuthority` (the name Pulumi's bridged providers give
 * such items). An inline object type would not do: the schema binds `type: object` with no `$ref`
 * as a map of strings, which would drop the items' numbers, lists and maps in every generated SDK.
 */
const listItemType = (lookup: LookupDefinition) =>
  `${capitalized(lookup.name)}${lookup.resource.name}`;

/** The lookups' schemas. */
function functionsSpec(): Spec {
  const functions: Spec = {};
  for (const lookup of LOOKUPS) {
    const args = lookup.by ?? lookup.list?.filters ?? [];
    const argSpec = (name: string): Spec => {
      if (name === "id") return { type: "string", description: `The id: ${lookup.resource.id}.` };
      const extra = lookup.extra?.[name];
      if (extra !== undefined) return { type: "string", description: extra };
      const property = (lookup.resource as ResourceDefinition).properties[name];
      return { ...typeSpec(property), description: property.description };
    };
    const result = resultSpec(lookup.resource);
    functions[token(lookup.name)] = {
      description: lookup.description,
      inputs: {
        properties: Object.fromEntries(args.map((name) => [name, argSpec(name)])),
        required: lookup.by ?? [],
      },
      outputs:
        lookup.list === undefined
          ? result
          : {
              type: "object",
              properties: {
                [lookup.list.field]: {
                  type: "array",
                  items: { $ref: `#/types/${token(listItemType(lookup))}` },
                },
              },
              required: [lookup.list.field],
            },
    };
  }
  return functions;
}

/** The provider's configuration: every setting but the Node.js programs' own. */
function configSpec(): Spec {
  return Object.fromEntries(
    SETTINGS.map((setting) => [
      setting.name,
      {
        type: setting.type === "object" ? "object" : setting.type,
        ...(setting.type === "object" ? { additionalProperties: { type: "string" } } : {}),
        description:
          `${setting.description} Default: ${setting.defaultText}.` +
          ("env" in setting ? ` Environment variable: \`${setting.env}\`.` : ""),
        ...("secret" in setting ? { secret: true } : {}),
      },
    ]),
  );
}

/**
 * Where the CLI fetches the plugin when a program needs it and it is not installed:
 * `github://api.github.com/<owner>/<repository>`, the GitHub release tagged `v<version>` of the
 * repository package.json names, whose assets are the archives `npm run release` makes
 * (`pulumi-resource-ngrok-dynamic-v<version>-<os>-<arch>.tar.gz`, tools/scripts/executableArchives.ts).
 */
export function pluginDownloadUrl(repositoryUrl: string): string {
  const found = /^https:\/\/github\.com\/([^/]+)\/([^/]+)$/.exec(repositoryUrl);
  if (found === null)
    throw new Error(`package.json's repository ${repositoryUrl} is not on GitHub`);
  return `github://api.github.com/${found[1]}/${found[2]}`;
}

/** The package schema. */
export function packageSchema(): Spec {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as {
    version: string;
    description: string;
    license: string;
    homepage: string;
    repository: { url: string };
    keywords: string[];
  };
  const config = configSpec();
  const repositoryUrl = manifest.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
  return {
    name: PACKAGE,
    displayName: "ngrok (SSH CAs, SSH certificates, edge SAML)",
    version: manifest.version,
    description: manifest.description,
    keywords: manifest.keywords,
    homepage: manifest.homepage,
    license: manifest.license,
    repository: repositoryUrl,
    publisher: "pulumi-ngrok-dynamic",
    pluginDownloadURL: pluginDownloadUrl(repositoryUrl),
    // supportPack: each SDK carries the schema's version, and the Go SDK its own go.mod.
    meta: { moduleFormat: "(.*)", supportPack: true },
    config: { variables: config },
    provider: {
      description:
        "The provider's settings: stack config `ngrok-dynamic:<name>`, or the environment variable each names.",
      inputProperties: config,
    },
    types: typesSpec(),
    resources: Object.fromEntries(DEFINITIONS.map((d) => [token(d.name), resourceSpec(d)])),
    functions: functionsSpec(),
    language: {
      nodejs: { packageName: "@pulumi-ngrok-dynamic/ngrok-dynamic", respectSchemaVersion: true },
      python: {
        packageName: "pulumi_ngrok_dynamic",
        respectSchemaVersion: true,
        pyproject: { enabled: true },
      },
      go: {
        // The Go SDK is committed in `sdks/go/` (a Go module of its own: Go programs fetch it from
        // the repository); `sdk/` holds the TypeScript SDK.
        importBasePath: "github.com/pulumi-ngrok-dynamic/pulumi-ngrok-dynamic/sdks/go/ngrokdynamic",
        respectSchemaVersion: true,
      },
      csharp: { rootNamespace: "PulumiNgrokDynamic", respectSchemaVersion: true },
    },
  };
}
