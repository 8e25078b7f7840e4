/**
 * The resources `import-file` can write an entry for, and which one an id is: each resource of
 * `provider/registry` (`DEFINITIONS`), recognised by the id ngrok gives its objects (the
 * definition's `api.idPrefix`, e.g. `sshca_…`), or, for the SAML module, which has no id of its
 * own, by the `<edge id>/<route id>` its provider addresses it by (`splitSamlModuleId`).
 *
 * @module
 */
import { DEFINITIONS } from "../../provider/registry";
import { isNgrokId } from "../../provider/common/ids";
import { splitSamlModuleId } from "../../provider/httpsEdgeRouteSaml/moduleId";
import type { ImplementationName } from "../../sdk/thinProviders/thinProvider";

/** The namespace of the Node.js classes' type tokens: `pulumi.dynamic.Resource`'s, module `ngrok`. */
export const TYPE_TOKEN_PREFIX = "pulumi-nodejs:dynamic/ngrok:";

/** The token of `pulumi.dynamic.Resource` without a module: the one that must never be used. */
export const GENERIC_DYNAMIC_TOKEN = "pulumi-nodejs:dynamic:Resource";

/** One resource whose objects can be imported. */
export interface ImportableKind {
  /** The class's name, e.g. `SshCertificateAuthority`. */
  readonly name: string;
  /** The class's own type token, e.g. `pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority`. */
  readonly type: string;
  /** In sentences, e.g. `SSH certificate authority`. */
  readonly noun: string;
  /** The id's form, for messages, e.g. `sshca_…`. */
  readonly idForm: string;
  /** The export of `pulumi-ngrok-dynamic/provider` that implements it. */
  readonly implementation: ImplementationName;
  /** The module of `sdk/thinProviders/` whose export the class serializes into `__provider`. */
  readonly thinProviderModule: string;
  /** Whether `id` is the id of one of its objects. */
  matches(id: string): boolean;
  /** The logical name given when the command line names none. */
  defaultName(id: string): string;
}

const lowerFirst = (name: string) => `${name.charAt(0).toLowerCase()}${name.slice(1)}`;

/** Whether `id` is a SAML module's `<edge id>/<route id>`. */
function isSamlModuleId(id: string): boolean {
  try {
    splitSamlModuleId(id);
    return true;
  } catch {
    return false;
  }
}

/** Every importable resource, in the order of `DEFINITIONS`. */
export const IMPORTABLE_KINDS: readonly ImportableKind[] = DEFINITIONS.map((definition) => {
  const prefix: string | undefined = (definition.api as { idPrefix?: string }).idPrefix;
  const module = lowerFirst(definition.name);
  return {
    name: definition.name,
    type: `${TYPE_TOKEN_PREFIX}${definition.name}`,
    noun: definition.api.noun,
    idForm: prefix === undefined ? "edghts_…/edghtsrt_…" : `${prefix}…`,
    implementation: `${module}Provider` as ImplementationName,
    thinProviderModule: module,
    matches: prefix === undefined ? isSamlModuleId : (id: string) => isNgrokId(id, prefix),
    // A route has one SAML module: its route id names it; other objects are named by their id.
    defaultName: prefix === undefined ? (id: string) => splitSamlModuleId(id).routeId : (id) => id,
  };
});

/** The resource whose objects have ids like `id`, or `undefined` when no resource's do. */
export function kindOfId(id: string): ImportableKind | undefined {
  return IMPORTABLE_KINDS.find((kind) => kind.matches(id));
}

/** The resource named by `--type`: its class name or its type token; else `undefined`. */
export function kindOfType(type: string): ImportableKind | undefined {
  return IMPORTABLE_KINDS.find((kind) => type === kind.type || type === kind.name);
}
