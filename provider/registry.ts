/**
 * Every resource, in the order the docs and the package schema list them: the typed list of the
 * values their folders export (`./framework/module`); the data sources, lookups with no resource
 * (`./framework/dataSource`); and the lookups derived from the `lookups` of both's definitions.
 * What `npm run generate` derives the SDK, the package schema and the docs tables from, what `pulumi-ngrok-dynamic/provider` exports, and what the provider plugin,
 * `pending-creates` and `import-file` serve.
 *
 * @module
 */
import type { NgrokClient } from "./client";
import { describe } from "./common/inputChecker";
import { isLookupId, lookupIdWords, quoted } from "./common/ids";
import type { ResourceModule } from "./framework/module";
import { namesOf } from "./framework/names";
import { idPrefixOf, type PropertyDefinition } from "./framework/property";
import {
  idPrefixesOf,
  type LookupFacts,
  lookupArgumentsOf,
  type ResourceApi,
  type ResourceDefinition,
} from "./framework/resource";
import { CLASS_TYPE_PREFIX, classToken, PLUGIN_PACKAGE, pluginToken } from "./framework/tokens";
import { httpsEdgeRouteSaml } from "./httpsEdgeRouteSaml";
import { reservedDomain } from "./reservedDomain/definition";
import { cloudEndpoint } from "./cloudEndpoint";
import { sshCertificateAuthority } from "./sshCertificateAuthority";
import { sshCredential } from "./sshCredential";
import { sshHostCertificate } from "./sshHostCertificate";
import { sshUserCertificate } from "./sshUserCertificate";
import { vault } from "./vault/definition";
import { vaultSecret } from "./vaultSecret/definition";
import { ipPolicy } from "./ipPolicy/definition";
import { ipPolicyRule } from "./ipPolicyRule/definition";
import { ipRestriction } from "./ipRestriction/definition";
import { eventDestination } from "./eventDestination/definition";
import { eventSubscription } from "./eventSubscription/definition";
import { serviceUser } from "./serviceUser/definition";
import { apiKey } from "./apiKey/definition";
import { credential } from "./credential/definition";
import { certificateAuthority } from "./certificateAuthority/definition";
import { tlsCertificate } from "./tlsCertificate/definition";
import { reservedAddr } from "./reservedAddr/definition";
import { agentIngress } from "./agentIngress/definition";
import { tunnelSession } from "./tunnelSession/definition";
import { applicationUser } from "./applicationUser/definition";
import { applicationSession } from "./applicationSession/definition";
import type { DataSourceModule } from "./framework/dataSource";
import type { ResourceLookups } from "./framework/module";

export { CLASS_TYPE_PREFIX, PLUGIN_PACKAGE };

/** The resources, in order: each the one value its folder exports (`./framework/module`). */
export const RESOURCES = [
  sshCertificateAuthority,
  sshHostCertificate,
  sshUserCertificate,
  sshCredential,
  httpsEdgeRouteSaml,
  reservedDomain,
  cloudEndpoint,
  vault,
  vaultSecret,
  ipPolicy,
  ipPolicyRule,
  ipRestriction,
  eventDestination,
  eventSubscription,
  serviceUser,
  apiKey,
  credential,
  certificateAuthority,
  tlsCertificate,
  reservedAddr,
  agentIngress,
] as const;

/** A resource of {@link RESOURCES}, typed as any resource. */
export type AnyResource = ResourceModule<ResourceDefinition, unknown>;

/** The resources, typed alike, for what serves any of them. */
export const ANY_RESOURCES: readonly AnyResource[] = RESOURCES;

/** The definitions, in the order of {@link RESOURCES}. */
export const DEFINITIONS: readonly ResourceDefinition[] = ANY_RESOURCES.map((r) => r.definition);

/**
 * The data sources, in order: what ngrok's API only reads, with lookups and no resource
 * (`./framework/dataSource`), as ngrok's Terraform provider's data sources without a resource.
 */
export const DATA_SOURCES: readonly DataSourceModule[] = [
  tunnelSession,
  applicationUser,
  applicationSession,
];

/** The data sources' definitions, in the order of {@link DATA_SOURCES}. */
export const DATA_SOURCE_DEFINITIONS: readonly ResourceDefinition[] = DATA_SOURCES.map(
  (d) => d.definition,
);

/** The type tokens of `definition`'s resources: the class's, then the plugin's. */
export const typeTokensOf = (definition: ResourceDefinition): readonly [string, string] => [
  classToken(definition.name),
  pluginToken(definition.name),
];

/**
 * A lookup of one object by its address, or of every object a filter keeps: the functions the SDK
 * exports (`sdk/lookups/`), the package schema declares and the plugin serves, derived from each
 * definition's `lookups` (see {@link LookupFacts}).
 */
export interface LookupDefinition {
  /** The function's name, e.g. `getSshCertificateAuthority`. */
  readonly name: string;
  /** The resource whose objects it reads (the result's fields are its outputs). */
  readonly resource: ResourceDefinition;
  /** One object by these arguments (`id`, or properties), or a list under `list` by filters. */
  readonly by?: readonly string[];
  readonly list?: { readonly field: string; readonly filters: readonly string[] };
  /** Arguments that are not properties of the resource, with their descriptions. */
  readonly extra?: Readonly<Record<string, string>>;
  /** What it does, for the schema. */
  readonly description: string;
  /**
   * Judges the arguments before anything is sent: each failure names the argument and the rule
   * (an argument it does not take, a missing one of `by`, a value that is not a string or not an
   * id of the right kind), never quoting a value longer than 60 characters.
   */
  check(args: Record<string, unknown>): { property: string; reason: string }[];
  /** Runs it: the object, or `{ [list.field]: objects }`. */
  run(client: NgrokClient, args: Record<string, unknown>): Promise<unknown>;
}

/**
 * The check of a lookup `name` of `definition`'s objects: `required` arguments, `optional` ones
 * (filters, strings), each an `id` (the definition's id prefix), an id property or a string.
 */
function lookupArgsCheck(
  name: string,
  definition: ResourceDefinition,
  required: readonly string[],
  optional: readonly string[],
): LookupDefinition["check"] {
  const properties: Readonly<Record<string, PropertyDefinition>> = definition.properties;
  const api: ResourceApi = definition.api;
  const known = [...required, ...optional];
  return (args) => {
    const failures: { property: string; reason: string }[] = [];
    const fail = (property: string, rule: string) =>
      failures.push({ property, reason: `${name}: ${property} ${rule}` });
    for (const key of Object.keys(args)) {
      if (!known.includes(key))
        fail(key, `is not an argument; its arguments are ${known.join(", ")}`);
    }
    for (const key of known) {
      const value = args[key];
      const type = properties[key]?.type;
      const typePrefix = idPrefixOf(type);
      const prefix =
        key === "id" ? idPrefixesOf(api) : typePrefix === undefined ? [] : [typePrefix];
      const shape = prefix.length === 0 ? "" : ` (${prefix.map((p) => `${p}…`).join(" or ")})`;
      const what =
        key === "id"
          ? `the id of the ${api.noun}${shape}`
          : (properties[key]?.requiredText ?? "a string");
      if (value === undefined || value === null) {
        if (required.includes(key)) fail(key, `is required: ${what}`);
      } else if (typeof value !== "string") {
        fail(key, `must be a string, not ${describe(value)}`);
      } else if ((key === "id" || prefix.length > 0) && !isLookupId(value, prefix)) {
        fail(key, `must be ${lookupIdWords(prefix)}; got ${quoted(value)}`);
      }
    }
    return failures;
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The lookups `resource` (or a data source) declares: `get<Name>` (its `lookups.one`), `get<Plural>` (`lookups.list`). */
function lookupsOf(resource: {
  readonly definition: ResourceDefinition;
  readonly lookups: ResourceLookups<unknown>;
}): LookupDefinition[] {
  const { definition, lookups } = resource;
  const facts: LookupFacts = definition.lookups ?? {};
  const names = namesOf(definition);
  const found: LookupDefinition[] = [];
  const { one, list } = lookups;
  if (facts.one !== undefined) {
    if (one === undefined)
      throw new Error(`${definition.name} declares ${names.getOne} without it`);
    const by = lookupArgumentsOf(definition);
    found.push({
      name: names.getOne,
      resource: definition,
      by,
      description: facts.one.description,
      check: lookupArgsCheck(names.getOne, definition, by, []),
      run: (client, args) => one(client, Object.fromEntries(by.map((a) => [a, String(args[a])]))),
    });
  }
  const listFacts = facts.list;
  if (listFacts !== undefined) {
    if (list === undefined)
      throw new Error(`${definition.name} declares ${names.getList} without it`);
    const field = names.listResultField;
    found.push({
      name: names.getList,
      resource: definition,
      list: { field, filters: listFacts.filters },
      extra: facts.extra,
      description: listFacts.description,
      check: lookupArgsCheck(names.getList, definition, [], listFacts.filters),
      run: async (client, args) => {
        const filter = Object.fromEntries(listFacts.filters.map((f) => [f, text(args[f])]));
        return { [field]: await list(client, filter) };
      },
    });
  }
  return found;
}

/**
 * Every lookup, in the order of {@link DEFINITIONS}, then of {@link DATA_SOURCES}: for each, by
 * address, then the list.
 */
export const LOOKUPS: readonly LookupDefinition[] = [...ANY_RESOURCES, ...DATA_SOURCES].flatMap(
  lookupsOf,
);
