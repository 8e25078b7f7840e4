/**
 * What every lookup function is, written once. The generated `./<resource>.ts` files are each a
 * few `export const getSshCredential = LOOKUPS.one("SshCredential");` with their TSDoc; the
 * generated `./lookupFacts.ts` holds what each resource's lookups are made of (their types, the
 * implementation's export they call, the arguments that address one object, the field of a list's
 * result, the fields a result leaves out), and builds `LOOKUPS` with {@link lookupFunctions}.
 *
 * Each function runs in the program's process, at call time (not a Pulumi invoke): it loads the
 * implementation by package name and makes a client from the stack config (`./programClient`),
 * calls the implementation's `lookup<Name>` or `list<Plural>` (of `pulumi-ngrok-dynamic/provider`),
 * and leaves the resource's bookkeeping out of what it returns.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { derivedAs } from "../../provider/common/derived";
import { type Client, type Implementation, implementation, programClient } from "./programClient";

/** `get<Plural>`'s result: the objects the arguments keep, under `Field` (e.g. `sshCredentials`). */
export type ListResult<Field extends string, Item> = { [F in Field]: Item[] };

/** The types of a lookup function and of its `…Output` form. */
export interface LookupTypes {
  /** Its arguments, e.g. `GetSshCredentialArgs`. */
  readonly args: object;
  /** Its `…Output` form's arguments, as inputs, e.g. `GetSshCredentialOutputArgs`. */
  readonly outputArgs: object;
  /** What it returns, e.g. `GetSshCredentialResult`. */
  readonly result: object;
}

/** Each resource's {@link LookupTypes}, by the resource's name. */
export type LookupTypesByName<Names> = { readonly [N in keyof Names]: LookupTypes };

/** What reads one object for `get<Name>`: its arguments, or its `…Output` form's, resolved. */
export type OneLookup<T extends LookupTypes> = (
  client: Client,
  args: T["args"] | pulumi.Unwrap<T["outputArgs"]>,
) => Promise<T["result"]>;

/** What reads every object a filter keeps, for `get<Plural>`: no filter keeps them all. */
export type ListLookup<T extends LookupTypes> = (
  client: Client,
  filter?: T["args"] | pulumi.Unwrap<T["outputArgs"]>,
) => Promise<T["result"]>;

/** What every resource's lookups read, by the resource's name, from the implementation. */
export interface LookupTable<
  One extends LookupTypesByName<One>,
  List extends LookupTypesByName<List>,
> {
  /** `get<Name>`'s, for each resource that has one. */
  readonly one: { readonly [N in keyof One]: OneLookup<One[N]> };
  /** `get<Plural>`'s, for each resource that has one. */
  readonly list: { readonly [N in keyof List]: ListLookup<List[N]> };
}

/** A copy of `value` without the fields `keys` names (`value` itself when there are none). */
function omitting<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Omit<T, K> {
  if (keys.length === 0) return value;
  const kept = { ...value };
  for (const key of keys) delete kept[key];
  return kept;
}

/**
 * A read of one object: `read(client, …the arguments that `by` names, in its order)`, e.g.
 * `lookupSshCredential(client, args.id)`, and the object without the fields `omit` names.
 *
 * @param spec.read the implementation's `lookup<Name>`.
 * @param spec.by the arguments that address the object, in `read`'s order (`["id"]`, or e.g.
 *   `["edgeId", "routeId"]`).
 * @param spec.omit the fields of the implementation's record that the result leaves out.
 */
export function oneLookup<
  Found extends object,
  By extends string,
  Omitted extends keyof Found = never,
>(spec: {
  readonly read: (client: Client, ...address: string[]) => Promise<Found>;
  readonly by: readonly By[];
  readonly omit?: readonly Omitted[];
}): (client: Client, args: Readonly<Record<By, string>>) => Promise<Omit<Found, Omitted>> {
  return async (client, args) =>
    omitting(await spec.read(client, ...spec.by.map((key) => args[key])), spec.omit ?? []);
}

/**
 * A read of every object a filter keeps: `read(client, filter)`, e.g.
 * `listSshCertificateAuthorities(client, filter)`, its objects without the fields `omit` names,
 * under `field`.
 *
 * @param spec.read the implementation's `list<Plural>`.
 * @param spec.field the result's field, e.g. `sshCertificateAuthorities`.
 * @param spec.omit the fields of the implementation's records that the result leaves out.
 */
export function listLookup<
  Found extends object,
  Filter,
  Field extends string,
  Omitted extends keyof Found = never,
>(spec: {
  readonly read: (client: Client, filter?: Filter) => Promise<Found[]>;
  readonly field: Field;
  readonly omit?: readonly Omitted[];
}): (client: Client, filter?: Filter) => Promise<ListResult<Field, Omit<Found, Omitted>>> {
  return async (client, filter) => {
    const items = (await spec.read(client, filter)).map((item) => omitting(item, spec.omit ?? []));
    // An object with the one field `field`: TypeScript cannot follow a key that is a type parameter.
    return derivedAs<ListResult<Field, Omit<Found, Omitted>>>({ [spec.field]: items });
  };
}

/** The lookup functions of every resource, by the resource's name (see {@link lookupFunctions}). */
export interface LookupFunctions<
  One extends LookupTypesByName<One>,
  List extends LookupTypesByName<List>,
> {
  /**
   * `get<Name>` of `resource`: reads one object, e.g. by its id, and resolves to it.
   *
   * @throws TypeError (from the implementation) when an argument is not an id of the right kind,
   *   before any request; NgrokApiError from the API, e.g. 404 when there is no such object;
   *   NgrokConfigurationError when no API key is configured (each as the promise's rejection).
   */
  one<N extends keyof One>(resource: N): (args: One[N]["args"]) => Promise<One[N]["result"]>;
  /** `get<Name>Output` of `resource`: `get<Name>` of its resolved inputs, as an output. */
  oneOutput<N extends keyof One>(
    resource: N,
  ): (args: One[N]["outputArgs"]) => pulumi.Output<One[N]["result"]>;
  /**
   * `get<Plural>` of `resource`: reads every object the arguments keep, through every page; no
   * arguments keep them all.
   *
   * @throws NgrokApiError or NgrokClientError when a page cannot be read; NgrokConfigurationError
   *   when no API key is configured (each as the promise's rejection).
   */
  list<N extends keyof List>(resource: N): (args?: List[N]["args"]) => Promise<List[N]["result"]>;
  /** `get<Plural>Output` of `resource`: `get<Plural>` of its resolved inputs, as an output. */
  listOutput<N extends keyof List>(
    resource: N,
  ): (args?: List[N]["outputArgs"]) => pulumi.Output<List[N]["result"]>;
}

/**
 * Every resource's lookup functions, from what they read: `table`, given the implementation
 * (`pulumi-ngrok-dynamic/provider`, loaded when a function is called), returns each resource's
 * reads (made with {@link oneLookup} and {@link listLookup}); each function calls its read with a
 * client made from the program's stack config (`./programClient`).
 *
 * @param table the reads, typed by `One` and `List` (each resource's {@link LookupTypes}, by name).
 */
export function lookupFunctions<
  One extends LookupTypesByName<One>,
  List extends LookupTypesByName<List>,
>(table: (provider: Implementation) => LookupTable<One, List>): LookupFunctions<One, List> {
  const readOne = async <N extends keyof One>(
    resource: N,
    args: One[N]["args"] | pulumi.Unwrap<One[N]["outputArgs"]>,
  ) => table(implementation()).one[resource](programClient(), args);
  const readList = async <N extends keyof List>(
    resource: N,
    args: List[N]["args"] | pulumi.Unwrap<List[N]["outputArgs"]> | undefined,
  ) => table(implementation()).list[resource](programClient(), args);
  return {
    one: (resource) => (args) => readOne(resource, args),
    oneOutput: (resource) => (args) =>
      pulumi.output(args).apply((resolved) => readOne(resource, resolved)),
    list: (resource) => (args) => readList(resource, args),
    listOutput: (resource) => (args) =>
      pulumi.output(args).apply((resolved) => readList(resource, resolved)),
  };
}
