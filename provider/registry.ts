/**
 * Every resource's definition (see `./framework`), in the order the docs and the package schema
 * list them: what `npm run generate` derives the SDK's types, the package schema and the docs
 * tables from, and what the provider plugin serves.
 *
 * @module
 */
import { httpsEdgeRouteSamlDefinition } from "./httpsEdgeRouteSaml/definition";
import { sshCertificateAuthorityDefinition } from "./sshCertificateAuthority/definition";
import { sshCredentialDefinition } from "./sshCredential/definition";
import { HOST, sshHostCertificateDefinition } from "./sshHostCertificate/definition";
import { sshUserCertificateDefinition, USER } from "./sshUserCertificate/definition";

export {
  httpsEdgeRouteSamlDefinition,
  sshCertificateAuthorityDefinition,
  sshCredentialDefinition,
  sshHostCertificateDefinition,
  sshUserCertificateDefinition,
};
export { SSH_CERTIFICATE_COMMON } from "./sshCertificateCommon/properties";
import type { NgrokClient } from "./client";
import { describe } from "./common/check";
import { isNgrokId, quoted } from "./common/ids";
import type { PropertyDefinition } from "./framework/property";
import {
  type LookupFacts,
  pluralNameOf,
  type ResourceApi,
  type ResourceDefinition,
} from "./framework/resource";
import { load } from "./lazy";
import { CLASS_TYPE_PREFIX, PLUGIN_PACKAGE, pluginToken } from "./framework/tokens";
import type { CertificateKind } from "./sshCertificateCommon/kinds";

export { CLASS_TYPE_PREFIX, PLUGIN_PACKAGE };

/** The resources, in order. */
export const DEFINITIONS = [
  sshCertificateAuthorityDefinition,
  sshHostCertificateDefinition,
  sshUserCertificateDefinition,
  sshCredentialDefinition,
  httpsEdgeRouteSamlDefinition,
] as const;

/**
 * The kinds of SSH certificate, host and user (each declared beside its definition): what the
 * shared `./sshCertificate` code receives when it needs both, such as the certificates a CA
 * signed. Assembled here, above both, so that `./sshCertificate` imports neither folder.
 */
export const CERTIFICATE_KINDS: readonly CertificateKind[] = [HOST, USER];

/** The type tokens of `definition`'s resources: the class's, then the plugin's. */
export const typeTokensOf = (definition: ResourceDefinition): readonly [string, string] => [
  `${CLASS_TYPE_PREFIX}${definition.name}`,
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
  readonly resource: (typeof DEFINITIONS)[number];
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
  definition: (typeof DEFINITIONS)[number],
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
      const prefix =
        key === "id" ? api.idPrefix : type?.kind === "ngrokId" ? type.prefix : undefined;
      const what =
        key === "id"
          ? `the id of the ${api.noun} (${prefix}…)`
          : (properties[key]?.requiredText ?? "a string");
      if (value === undefined || value === null) {
        if (required.includes(key)) fail(key, `is required: ${what}`);
      } else if (typeof value !== "string") {
        fail(key, `must be a string, not ${describe(value)}`);
      } else if (prefix !== undefined && !isNgrokId(value, prefix)) {
        fail(key, `must be "${prefix}" followed by letters and digits; got ${quoted(value)}`);
      }
    }
    return failures;
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const lowerFirst = (name: string) => `${name.charAt(0).toLowerCase()}${name.slice(1)}`;

/**
 * The function `name` of `pulumi-ngrok-dynamic/provider` (`./index`), loaded on first use.
 *
 * @throws Error when there is no such function: a definition's lookup without its implementation.
 */
export async function callImplementation(name: string, ...args: unknown[]): Promise<unknown> {
  const found: unknown = Reflect.get(load.implementation(), name);
  if (typeof found !== "function") throw new Error(`pulumi-ngrok-dynamic/provider has no ${name}`);
  return Reflect.apply(found, undefined, args);
}

/** The lookups `definition` declares: `get<Name>` (`lookup<Name>`), `get<Plural>` (`list<Plural>`). */
function lookupsOf(definition: (typeof DEFINITIONS)[number]): LookupDefinition[] {
  const facts: LookupFacts = definition.lookups ?? {};
  const plural = pluralNameOf(definition);
  const found: LookupDefinition[] = [];
  if (facts.one !== undefined) {
    const by = facts.one.by ?? ["id"];
    found.push({
      name: `get${definition.name}`,
      resource: definition,
      by,
      description: facts.one.description,
      check: lookupArgsCheck(`get${definition.name}`, definition, by, []),
      run: (client, args) =>
        callImplementation(`lookup${definition.name}`, client, ...by.map((a) => String(args[a]))),
    });
  }
  const list = facts.list;
  if (list !== undefined) {
    const field = lowerFirst(plural);
    found.push({
      name: `get${plural}`,
      resource: definition,
      list: { field, filters: list.filters },
      extra: facts.extra,
      description: list.description,
      check: lookupArgsCheck(`get${plural}`, definition, [], list.filters),
      run: async (client, args) => {
        const filter = Object.fromEntries(list.filters.map((f) => [f, text(args[f])]));
        return { [field]: await callImplementation(`list${plural}`, client, filter) };
      },
    });
  }
  return found;
}

/** Every lookup, in the order of {@link DEFINITIONS}: for each, by address, then the list. */
export const LOOKUPS: readonly LookupDefinition[] = DEFINITIONS.flatMap(lookupsOf);
