/**
 * A resource as one typed value: what its folder `provider/<resource>/` exports (its `index.ts`),
 * and what `../registry` lists. It holds the resource's definition (with its pure `check` and
 * `diff`), its `ResourceProvider` methods, and its lookups; everything that serves a resource
 * (the thin providers through `pulumi-ngrok-dynamic/provider`, the provider plugin, the lookups
 * of the SDK and of the plugin, `pending-creates`, `import-file`, the generator) reaches it
 * through this value, never by a name built from strings.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import type { NgrokClient } from "../client";
import type { ReadResultOf } from "../common/readResult";
import type { PureMethods } from "./define";
import type { InputsOf, OutputsOf, ResourceDefinition } from "./resource";

/**
 * The `ResourceProvider` methods of a resource (all but `configure`, which is the package's), as
 * the dynamic-provider host and the provider plugin call them: `check` and `diff` make no API call
 * and load neither zod nor the HTTP client (`tests/provider/lazyLoading.test.ts`).
 */
export interface ResourceMethods<Inputs = Record<string, unknown>, Outputs = Inputs> {
  check(
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<pulumi.dynamic.CheckResult<Inputs>>;
  diff(
    id: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<pulumi.dynamic.DiffResult>;
  create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult<Outputs>>;
  read(id: string, props?: Outputs): Promise<ReadResultOf<Outputs, Inputs>>;
  update(id: string, olds: Outputs, news: Inputs): Promise<pulumi.dynamic.UpdateResult<Outputs>>;
  delete(id: string, props: Outputs): Promise<void>;
}

/**
 * What a list lookup keeps, named by its filters (a definition's `lookups.list.filters`): each
 * field that is set must equal the object's exactly.
 */
export type LookupFilter<Name extends string> = { readonly [Field in Name]?: string };

/** One object as a lookup returns it: the resource's outputs, and its Pulumi id. */
export type LookupRecord<D extends ResourceDefinition> = OutputsOf<D> & { id: string };

/**
 * The reads behind a definition's `lookups` (`GET` only), in the program's process (the SDK's
 * `get…` functions) or the plugin's (`Invoke`).
 */
export interface ResourceLookups<Found = Record<string, unknown>> {
  /**
   * `get<Name>`: one object by the lookup's `by` arguments (`id`, or properties), each a string.
   *
   * @throws TypeError when an argument is not an id of the right kind, before any request.
   * @throws NgrokApiError when ngrok refuses, e.g. 404 when there is no such object.
   */
  one?(client: NgrokClient, args: Readonly<Record<string, string>>): Promise<Found>;
  /**
   * `get<Plural>`: every object that `filter` keeps (each filter that is set must match), newest
   * first, through every page. Without a filter: every object (what `pending-creates` reads).
   *
   * @throws NgrokApiError or NgrokClientError when a page cannot be read.
   */
  list?(
    client: NgrokClient,
    filter?: Readonly<Record<string, string | undefined>>,
  ): Promise<Found[]>;
}

/** A resource: its definition, its provider's methods and its lookups (see the module comment). */
export interface ResourceModule<
  D extends ResourceDefinition = ResourceDefinition,
  Found = LookupRecord<D>,
> {
  readonly definition: D & PureMethods<D>;
  readonly provider: ResourceMethods<InputsOf<D>, OutputsOf<D>>;
  readonly lookups: ResourceLookups<Found>;
}

/** The value a resource's folder exports, typed by its definition and its lookups. */
export function resourceModule<
  D extends ResourceDefinition,
  Lookups extends ResourceLookups<LookupRecord<D>> = ResourceLookups<LookupRecord<D>>,
>(
  definition: D & PureMethods<D>,
  parts: {
    readonly provider: ResourceMethods<InputsOf<D>, OutputsOf<D>>;
    readonly lookups: Lookups;
  },
): ResourceModule<D> & { readonly lookups: Lookups } {
  return { definition, provider: parts.provider, lookups: parts.lookups };
}
