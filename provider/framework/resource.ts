/**
 * One definition per resource: its properties (see `./property`), each written once, and what is
 * derived from them at run time (the property lists the provider's `check`, `diff` and wire
 * mapping use) and at compile time (the checked inputs' and the outputs' TypeScript types).
 *
 * What is derived into files (the SDK's argument and output types, the lookups' result types,
 * the Pulumi package schema, the docs tables) is written by `npm run generate`
 * (`tools/scripts/generate/`), and a test fails when a generated file is stale.
 *
 * @module
 */
import type { ExampleProgram } from "./example";
import type { SdkFacts } from "./sdkFacts";
import type { PropertyDefinition, ValueOf } from "./property";
import { namesOf, pluralOf } from "./names";

/** The properties of a resource, by their camelCase name. */
export type Properties = Readonly<Record<string, PropertyDefinition>>;

/** How the resource reads in sentences and on the wire. */
export interface ResourceApi {
  /** The collection path, e.g. `/ssh_certificate_authorities`; a template for nested objects. */
  readonly path: string;
  /** The object in sentences, e.g. `SSH certificate authority`. */
  readonly noun: string;
  /** The prefix of ngrok's ids of the object, e.g. `sshca_`; absent when it has no id of its own. */
  readonly idPrefix?: string;
  /**
   * Other prefixes ngrok's documents give the ids, where they disagree (a service user's
   * `bot_` beside `service_`): an id with any of them is taken, by the lookups, `import-file`
   * and a create's recorded id ({@link idPrefixesOf}).
   */
  readonly otherIdPrefixes?: readonly string[];
  /**
   * ngrok documents no prefix of these ids (its examples of the object are empty): `idPrefix` is
   * the one ngrok's Terraform provider's examples show, for samples only, and a lookup takes an
   * id of any prefix ({@link idPrefixesOf} gives none).
   */
  readonly idPrefixUndocumented?: boolean;
  /**
   * The field of ngrok's list page that holds the objects, when it is not the path's last segment
   * (the description's `…List`: `secrets` for `/vault_secrets`, `keys` for `/api_keys`).
   */
  readonly listField?: string;
  /** The endpoints, as the docs name them, e.g. `` `POST`, `GET`, `PATCH`, `DELETE /…[/{id}]` ``. */
  readonly endpoints: string;
  /**
   * ngrok's error codes that refuse one field, and the input each is about, e.g.
   * `{ ERR_NGROK_600: "acl" }`: a create or update refused with one of them fails with
   * `ngrok refused <input>: <ngrok's message>` (same status and code).
   */
  readonly fieldErrors?: Readonly<Record<string, string>>;
}

/**
 * The lookups of a resource: the SDK's `get…` functions, the package schema's functions and the
 * plugin's `Invoke`. Their names follow from the resource's: `get<Name>` reads one object
 * (the resource's `lookups.one`, see `./module`, its arguments those of `by`) and
 * `get<Plural>` every object its filters keep (`lookups.list`, into the result's field
 * `<plural>`). A filter or an argument is a property of the resource (it keeps the objects whose
 * field equals it), except where `extra` describes it.
 */
export interface LookupFacts {
  /** `get<Name>`: the arguments (default `["id"]`) and what it does, for the schema. */
  readonly one?: { readonly by?: readonly string[]; readonly description: string };
  /** `get<Plural>`: the filters, in order, and what it does. */
  readonly list?: { readonly filters: readonly string[]; readonly description: string };
  /** Arguments that are not properties of the resource, with their descriptions. */
  readonly extra?: Readonly<Record<string, string>>;
  /**
   * The SDK's words for a filter or an argument (its lookup argument types' TSDoc), where they say
   * more than those derived from its property (`Keep the <plural> whose <property> is exactly
   * this`) or from `extra`. Only the SDK's types read them.
   */
  readonly argumentDescriptions?: Readonly<Record<string, string>>;
}

/**
 * How an interrupted create of the resource is found again by `pulumi-ngrok-dynamic
 * pending-creates`: only for objects created with a `POST` that is not idempotent. The command
 * lists the objects with the resource's `lookups.list` (see `./module`).
 */
export interface PendingCreateFacts {
  /** The `ngrok api` subcommand of the collection, e.g. `ssh-certificate-authorities`. */
  readonly ngrokCliCommand: string;
  /** One object in a sentence, e.g. `CA`; several, e.g. `CAs`. */
  readonly shortNoun: string;
  readonly shortNounPlural: string;
  /** The inputs that identify a create in the report, in order. */
  readonly identifyingInputs: readonly string[];
  /** Whether create writes the ownership marker (`ngrok:ownershipMarker`) into `metadata`. */
  readonly writesOwnershipMarker: boolean;
  /**
   * The input that adopts an existing object instead of creating one (`adoptExistingId`, an id
   * of the resource's kind), when the resource has one: create then reads and adopts that object
   * (`./adopt.ts`), and the stack setting `ngrok:adoptExistingIds` sets it by URN.
   */
  readonly adoptBy?: string;
}

/** A resource: its name, its properties, and what its docs and schema say of it as a whole. */
export interface ResourceDefinition<P extends Properties = Properties> {
  /** The type name, e.g. `SshCertificateAuthority` (also the SDK class and the schema token). */
  readonly name: string;
  /**
   * What the resource is, for users: the first paragraph of its TSDoc, its schema description and
   * its docs page.
   */
  readonly description: string;
  /** What the Pulumi id is, e.g. ngrok's id (`sshca_…`). */
  readonly id: string;
  readonly api: ResourceApi;
  readonly properties: P;
  /** What the SDK's `<Name>Args` says of the arguments as a whole; default: what they are of. */
  readonly argsDescription?: string;
  /** The type name of several, when it is not `<name>s`, e.g. `SshCertificateAuthorities`. */
  readonly pluralName?: string;
  /**
   * ngrok's Terraform resource of the same objects, with its data source of the same name, in
   * ngrok's Terraform provider v0.8.0 (its `internal/provider/provider.go`), e.g. `ngrok_domain`;
   * absent when that provider has none. README's table and the docs page's tokens name it.
   */
  readonly terraform?: string;
  readonly lookups?: LookupFacts;
  readonly pendingCreates?: PendingCreateFacts;
  /**
   * The internal input that names the resource that declares the object: the SDK's class and the
   * provider plugin set it to `<project>/<stack>/<resource name>` (`claimedByOf` in `./names`),
   * e.g. `claimedBy` of the SAML module, written into the module's claim.
   */
  readonly claimedBy?: string;
  /** What its SDK class does beyond the rest of the definition (`./sdkFacts`). */
  readonly sdk?: SdkFacts;
  /**
   * The example program of its docs page, rendered in YAML, Python, Go and C# by `npm run
   * generate` (`./example`); it mirrors the TypeScript example at the top of the page. Every
   * resource of the registry has one (the generator refuses one without).
   */
  readonly example?: ExampleProgram;
}

/**
 * Every prefix of `api`'s ids: its `idPrefix`, then its `otherIdPrefixes`; none without ids or
 * where ngrok documents none (`idPrefixUndocumented`).
 */
export function idPrefixesOf(api: ResourceApi): readonly string[] {
  return api.idPrefix === undefined || api.idPrefixUndocumented === true
    ? []
    : [api.idPrefix, ...(api.otherIdPrefixes ?? [])];
}

/**
 * The arguments of `definition`'s `get<Name>`, in order: its `lookups.one.by`, by default
 * `["id"]` (see {@link LookupFacts}).
 */
export function lookupArgumentsOf(definition: ResourceDefinition): readonly string[] {
  return definition.lookups?.one?.by ?? ["id"];
}

/**
 * How `definition`'s objects are named in sentences and on ngrok's command line, for the errors
 * of a create that may have acted: its `api.noun`, and its `pendingCreates` words (`shortNoun`,
 * `shortNounPlural`, `ngrokCliCommand`) when it declares them, else the noun, its plural and the collection's path
 * (`/ip_policies` → `ip-policies`, as ngrok's CLI names its subcommands).
 */
export function objectNames(definition: ResourceDefinition) {
  const { pendingCreates, api } = definition;
  return {
    noun: api.noun,
    short: pendingCreates?.shortNoun ?? api.noun,
    plural: pendingCreates?.shortNounPlural ?? pluralOf(api.noun),
    cli: pendingCreates?.ngrokCliCommand ?? namesOf(definition).wireListField.replace(/_/g, "-"),
  };
}

type InputKeys<P extends Properties> = {
  [K in keyof P]: P[K]["role"] extends "input" | "internal" ? K : never;
}[keyof P];
type OutputKeys<P extends Properties> = {
  [K in keyof P]: P[K]["role"] extends "output" ? K : never;
}[keyof P];
/** Inputs that `check` always records: required, or with a default that applies unconditionally. */
type CertainKeys<P extends Properties> = {
  [K in keyof P]: P[K] extends { required: true }
    ? K
    : P[K] extends { default: unknown }
      ? P[K] extends { onlyWhen: object }
        ? never
        : K
      : never;
}[keyof P];
type Simplify<T> = { [K in keyof T]: T[K] };

/** The properties of `P` named in `Keys`, each with the value of its type. */
type ValuesOf<P extends Properties, Keys> = {
  -readonly [K in keyof P as K extends Keys ? K : never]: ValueOf<P[K]["type"]>;
};
/** {@link ValuesOf}, each optional. */
type OptionalValuesOf<P extends Properties, Keys> = {
  -readonly [K in keyof P as K extends Keys ? K : never]?: ValueOf<P[K]["type"]>;
};

/** The inputs as they are after `check`: required and defaulted ones set, the others optional. */
export type InputsOf<D extends ResourceDefinition> = Simplify<
  ValuesOf<D["properties"], InputKeys<D["properties"]> & CertainKeys<D["properties"]>> &
    OptionalValuesOf<
      D["properties"],
      Exclude<InputKeys<D["properties"]>, CertainKeys<D["properties"]>>
    >
>;

/**
 * Outputs that may be absent from state: `optional`, with no value for an absent answer; and a
 * value ngrok answers once (absent after an import).
 */
type MaybeAbsent<P extends Properties> = {
  [K in keyof P]: P[K] extends { returnedOnce: true }
    ? K
    : P[K] extends { optional: true }
      ? P[K] extends { whenAbsent: unknown }
        ? never
        : K
      : never;
}[keyof P];

/** Inputs ngrok fills when they are left out: always set in the outputs, unless `optional`. */
type FilledKeys<P extends Properties> = {
  [K in keyof P]: P[K] extends { serverFilled: true }
    ? P[K] extends { optional: true }
      ? never
      : K
    : never;
}[keyof P];

/** The outputs recorded in state: the inputs (those ngrok fills always set), and what ngrok computes. */
export type OutputsOf<D extends ResourceDefinition> = Simplify<
  Omit<InputsOf<D>, FilledKeys<D["properties"]>> &
    ValuesOf<D["properties"], FilledKeys<D["properties"]>> &
    ValuesOf<D["properties"], Exclude<OutputKeys<D["properties"]>, MaybeAbsent<D["properties"]>>> &
    OptionalValuesOf<D["properties"], OutputKeys<D["properties"]> & MaybeAbsent<D["properties"]>>
>;

/** The names of the properties for which `select` holds, in definition order. */
export function propertyNames<P extends Properties>(
  definition: ResourceDefinition<P>,
  select: (property: PropertyDefinition, name: string) => boolean,
): (keyof P & string)[] {
  return Object.entries(definition.properties)
    .filter(([name, property]) => select(property, name))
    .map(([name]) => name);
}

/** Every property `check` accepts: the inputs and the internal ones. */
export const checkedProperties = <P extends Properties>(d: ResourceDefinition<P>) =>
  propertyNames(d, (p) => p.role !== "output");
/** The inputs a program sets (the SDK's arguments). */
export const inputProperties = <P extends Properties>(d: ResourceDefinition<P>) =>
  propertyNames(d, (p) => p.role === "input");
/** The inputs whose change replaces the object. */
export const replaceProperties = <P extends Properties>(d: ResourceDefinition<P>) =>
  propertyNames(d, (p) => p.role === "input" && p.onChange === "replace");
/** The inputs updated in place. */
export const updateProperties = <P extends Properties>(d: ResourceDefinition<P>) =>
  propertyNames(d, (p) => p.role === "input" && p.onChange === "update");
/** The inputs ngrok fills when they are left out (never a change while left out). */
export const serverFilledProperties = <P extends Properties>(d: ResourceDefinition<P>) =>
  propertyNames(d, (p) => p.role === "input" && p.serverFilled === true);
/** The outputs ngrok (or the provider) computes. */
export const computedProperties = <P extends Properties>(d: ResourceDefinition<P>) =>
  propertyNames(d, (p) => p.role === "output");
/** Every property a resource registers: its inputs and its outputs (internal ones excluded). */
export const publicProperties = <P extends Properties>(d: ResourceDefinition<P>) =>
  propertyNames(d, (p) => p.role !== "internal");

/**
 * The defaults `check` records for inputs the program leaves out (those without `onlyWhen`; a
 * conditional default is applied by the rule that judges its condition, see `./check`).
 */
export function unconditionalDefaults<P extends Properties>(
  definition: ResourceDefinition<P>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(definition.properties)
      .filter(([, p]) => p.default !== undefined && p.onlyWhen === undefined)
      .map(([name, p]) => [name, structuredClone(p.default)]),
  );
}

/** `{ name: undefined }` for each of `names`: what a resource class registers to have an output. */
export function unset(names: readonly string[]): Record<string, undefined> {
  return Object.fromEntries(names.map((name) => [name, undefined]));
}
