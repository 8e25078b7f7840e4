/**
 * The resources `import-file` can write an entry for, and which one an id is: each resource of
 * `provider/registry` (`DEFINITIONS`), recognised by the id ngrok gives its objects (the
 * definition's `api.idPrefix`, e.g. `sshca_…`), or, for an object without an id of its own (the
 * SAML module), by the address its provider names it by (`<edge id>/<route id>`, see
 * `provider/framework/address`).
 *
 * @module
 */
import { isNgrokIdOf } from "../../provider/common/ids";
import type { ResourceMethods } from "../../provider/framework/module";
import { namesOf } from "../../provider/framework/names";
import { idPrefixesOf } from "../../provider/framework/resource";
import { ANY_RESOURCES } from "../../provider/registry";
import { addressOf, type ObjectAddress } from "../../provider/framework/address";
import { classToken } from "../../provider/framework/tokens";

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
  /** Its provider's methods (the same as `pulumi-ngrok-dynamic/provider`'s `<resource>Provider`). */
  readonly provider: Pick<ResourceMethods<unknown, unknown>, "read">;
  /** The module of `sdk/thinProviders/` whose export the class serializes into `__provider`. */
  readonly thinProviderModule: string;
  /** Whether `id` is the id of one of its objects. */
  matches(id: string): boolean;
  /** The logical name given when the command line names none. */
  defaultName(id: string): string;
}

/** Whether `id` is an address of `address`'s kind. */
function isAddress(address: ObjectAddress, id: string): boolean {
  try {
    address.split(id);
    return true;
  } catch {
    return false;
  }
}

/** Every importable resource, in the order of `DEFINITIONS`. */
export const IMPORTABLE_KINDS: readonly ImportableKind[] = ANY_RESOURCES.map((resource) => {
  const { definition } = resource;
  const prefix = definition.api.idPrefix;
  const named = {
    name: definition.name,
    type: classToken(definition.name),
    noun: definition.api.noun,
    provider: resource.provider,
    thinProviderModule: namesOf(definition).module,
  };
  if (prefix !== undefined) {
    return {
      ...named,
      idForm: `${prefix}…`,
      matches: (id) => isNgrokIdOf(id, idPrefixesOf(definition.api)),
      defaultName: (id) => id,
    };
  }
  const address = addressOf(definition);
  return {
    ...named,
    idForm: address.form,
    matches: (id) => isAddress(address, id),
    // A route has one SAML module: the last id of its address (its route's) names it.
    defaultName: (id) => address.split(id)[address.inputs[address.inputs.length - 1]],
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
