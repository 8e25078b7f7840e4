/**
 * What the provider plugin serves: each resource's token (`ngrok-dynamic:index:<Resource>`) and its
 * implementation (the very `ResourceProvider` object the Node.js classes use,
 * built from `provider/<resource>/definition.ts`), each lookup's token, and what the Node.js resource classes
 * add to a resource's inputs in the program, which the plugin adds in `check` from the resource's
 * URN and its configuration instead:
 *
 * - the input a definition names in `claimedBy` (`HttpsEdgeRouteSaml`'s, written into the
 *   module's claim): `<project>/<stack>/<name>`;
 * - with `ownershipMarker` on, the owner (`<organization>/<URN>`) of the objects whose definition
 *   says `pendingCreates.writesOwnershipMarker`; a provider plugin is not told the organization, so it is
 *   `organization` (the name self-managed backends use);
 * - `adoptExistingIds`' id for the URN, into the input a definition names in `pendingCreates.adoptBy`
 *   (`SshCertificateAuthority`'s `adoptExistingId`), when the resource declares none.
 *
 * Each method runs as a call through the plugin (`asPluginCall`), so that the hints of its rule
 * messages are given in words for a program in any language, not as JavaScript
 * (`provider/common/hints.ts`).
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { ANY_RESOURCES, DEFINITIONS, LOOKUPS } from "../provider/registry";
import { pluginToken } from "../provider/framework/tokens";
import { asPluginCall } from "../provider/common/hints";
import { OWNER_INPUT } from "../provider/common/ownershipMarker";
import { claimedByOf } from "../provider/framework/names";

/** A resource's methods, as the Node.js dynamic-provider host calls them. */
export type Methods = Required<
  Pick<pulumi.dynamic.ResourceProvider, "check" | "diff" | "create" | "read" | "update" | "delete">
>;

/** `method` of `methods`, each call of which runs as a call through the plugin. */
function viaPlugin<A extends unknown[], R>(
  methods: Methods,
  method: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return (...args) => asPluginCall(() => method.apply(methods, args));
}

/** `methods`, each call of which runs as a call through the plugin (see the module comment). */
export function asPluginMethods(methods: Methods): Methods {
  return {
    check: viaPlugin(methods, methods.check),
    diff: viaPlugin(methods, methods.diff),
    create: viaPlugin(methods, methods.create),
    read: viaPlugin(methods, methods.read),
    update: viaPlugin(methods, methods.update),
    delete: viaPlugin(methods, methods.delete),
  };
}

/** Each resource's implementation, by token. */
export const RESOURCES_BY_TOKEN: ReadonlyMap<string, { name: string; methods: Methods }> = new Map(
  ANY_RESOURCES.map(({ definition, provider }) => [
    pluginToken(definition.name),
    { name: definition.name, methods: asPluginMethods(provider) },
  ]),
);

/** Each lookup, by token. */
export const LOOKUPS_BY_TOKEN = new Map(
  LOOKUPS.map((lookup) => [pluginToken(lookup.name), lookup]),
);

/**
 * The parts of a URN: `urn:pulumi:<stack>::<project>::<qualified type>::<name>`. `type` is the
 * resource's own type token, the last `$`-separated part of the qualified type (the parents'
 * types come first: `my:index:Component$ngrok-dynamic:index:SshCertificateAuthority`).
 */
export function parseUrn(urn: string): {
  stack: string;
  project: string;
  type: string;
  name: string;
} {
  const [head = "", project = "", qualifiedType = "", ...name] = urn.split("::");
  const type = qualifiedType.split("$").pop() ?? "";
  return { stack: head.replace(/^urn:pulumi:/, ""), project, type, name: name.join("::") };
}

/** The plugin's settings that the Node.js programs read themselves. */
export interface ProgramSettings {
  readonly ownershipMarker: boolean;
  readonly adoptExistingIds: Readonly<Record<string, string>>;
}

/** Each resource's definition, by its name. */
const BY_NAME = new Map(DEFINITIONS.map((definition) => [definition.name, definition]));

/**
 * `news` with what the Node.js class would have added in the program (see the module comment),
 * for the resource `name` at `urn`. Inputs the program set are never overridden.
 */
export function withProgramInputs(
  name: string,
  urn: string,
  news: Record<string, unknown>,
  settings: ProgramSettings,
): Record<string, unknown> {
  const inputs = { ...news };
  const definition = BY_NAME.get(name);
  const claimed = definition?.claimedBy;
  if (claimed !== undefined && inputs[claimed] === undefined) {
    const { stack, project, name: resource } = parseUrn(urn);
    inputs[claimed] = claimedByOf(project, stack, resource);
  }
  const marked = definition?.pendingCreates?.writesOwnershipMarker === true;
  if (marked && settings.ownershipMarker && inputs[OWNER_INPUT] === undefined) {
    inputs[OWNER_INPUT] = `organization/${urn}`;
  }
  const adoptBy = definition?.pendingCreates?.adoptBy;
  if (adoptBy !== undefined && inputs[adoptBy] === undefined) {
    const id = settings.adoptExistingIds[urn];
    if (id !== undefined) inputs[adoptBy] = id;
  }
  return inputs;
}
