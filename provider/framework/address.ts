/**
 * Where the object of a resource without ids of its own lives: a singleton under other objects
 * (the SAML module of an HTTPS edge route), addressed by the arguments of its lookup
 * (`lookups.one.by`, e.g. `["edgeId", "routeId"]`), each an input holding an ngrok id
 * (`{ kind: "ngrokId" }`). They fill the placeholders of `api.path` in order
 * (`/edges/https/{edge_id}/routes/{id}/saml`), and, joined by `/`, make its Pulumi id
 * (`edghts_…/edghtsrt_…`).
 *
 * @module
 */
import { isNgrokId, quoted } from "../common/ids";
import { ngrokIdMistake } from "./check";
import type { ResourceDefinition } from "./resource";

/** The address of a resource's object (see the module comment). */
export interface ObjectAddress {
  /** The inputs that address the object, in order, e.g. `["edgeId", "routeId"]`. */
  readonly inputs: readonly string[];
  /** The Pulumi id's form, for messages, e.g. `edghts_…/edghtsrt_…`. */
  readonly form: string;
  /** The Pulumi id of the object at `values`, e.g. `edghts_2Zp…/edghtsrt_2Zq…`. */
  id(values: Readonly<Record<string, unknown>>): string;
  /**
   * The inputs a Pulumi id names: what a read without state (`<Name>.get`) addresses the object by.
   *
   * @throws TypeError when `id` is not of the {@link ObjectAddress.form}.
   */
  split(id: string): Record<string, string>;
  /** `api.path` with the ids of `values` in its placeholders, URL-encoded. */
  path(values: Readonly<Record<string, unknown>>): string;
  /**
   * The refusal of a lookup argument that is not an id of the right kind, or `undefined`.
   * `lookup` names the function, e.g. `getHttpsEdgeRouteSaml`.
   */
  refusal(lookup: string, values: Readonly<Record<string, unknown>>): TypeError | undefined;
}

/** `edgeId` → `edge id`: a camelCase name in words. */
const inWords = (name: string) => name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

/**
 * The address of `definition`'s object.
 *
 * @throws Error when the definition's lookup names no argument that is an ngrok id input, or
 *   when their number is not that of `api.path`'s placeholders.
 */
export function addressOf(definition: ResourceDefinition): ObjectAddress {
  const inputs = definition.lookups?.one?.by ?? [];
  const types = inputs.map((name) => {
    const type = definition.properties[name]?.type;
    if (type?.kind !== "ngrokId") {
      throw new Error(`${definition.name}: ${name}, which addresses it, is not an ngrok id input`);
    }
    return type;
  });
  const prefixes = types.map((type) => type.prefix);
  const placeholders = definition.api.path.match(/\{[^}]+\}/g) ?? [];
  if (inputs.length === 0 || placeholders.length !== inputs.length) {
    throw new Error(`${definition.name}: ${definition.api.path} is not addressed by ${inputs}`);
  }
  const form = prefixes.map((prefix) => `${prefix}…`).join("/");
  const words = inputs.map((name) => `<${inWords(name)}>`).join("/");
  return {
    inputs,
    form,
    id: (values) => inputs.map((name) => String(values[name])).join("/"),
    split(id) {
      const parts = id.split("/");
      if (
        parts.length !== inputs.length ||
        !parts.every((part, i) => isNgrokId(part, prefixes[i]))
      ) {
        throw new TypeError(
          `the id of an ${definition.name} is "${words}" (${form}); got ${JSON.stringify(id)}`,
        );
      }
      return Object.fromEntries(inputs.map((name, i) => [name, parts[i]]));
    },
    path(values) {
      let i = 0;
      return definition.api.path.replace(/\{[^}]+\}/g, () =>
        encodeURIComponent(String(values[inputs[i++]])),
      );
    },
    refusal(lookup, values) {
      const wrong = inputs.findIndex((name, i) => !isNgrokId(values[name], prefixes[i]));
      if (wrong === -1) return undefined;
      const value = values[inputs[wrong]];
      const shown = typeof value === "string" ? quoted(value) : JSON.stringify(value);
      return new TypeError(`${lookup}: ${ngrokIdMistake(inputs[wrong], types[wrong], shown)}`);
    },
  };
}
