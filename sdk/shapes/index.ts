/**
 * The two mapped types the SDK's generated types (`../generated/types`, written by
 * `npm run generate`) derive their Pulumi forms from, so that each field is declared once, with
 * its documentation: {@link Inputs} (a lookup's `…OutputArgs`, from its arguments) and
 * {@link Outputs} (a class's outputs, from what its lookups return). Both are homomorphic: each
 * property keeps its name and its documentation (editors and the API reference show it).
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";

/**
 * `Args` with each property a `pulumi.Input` of its type (`id: string` → `id: Input<string>`,
 * `description?: string` → `description?: Input<string>`), optional where it is.
 */
export type Inputs<Args> = { [Name in keyof Args]: pulumi.Input<Exclude<Args[Name], undefined>> };

/**
 * `Fields` as a resource's outputs: each property a `readonly` `pulumi.Output` of its type, always
 * present, of `T | undefined` where the field is optional (`description?: string` →
 * `readonly description: Output<string | undefined>`).
 */
export type Outputs<Fields> = {
  readonly [Name in keyof Fields]-?: pulumi.Output<Fields[Name]>;
};
