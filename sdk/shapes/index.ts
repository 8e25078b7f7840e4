/**
 * The mapped types the SDK's generated types (`../generated/types`, written by `npm run
 * generate`) derive their Pulumi forms from, so that each field is declared once, with its
 * documentation: {@link Inputs} (a lookup's `…OutputArgs`, from its arguments), {@link DeepInput}
 * (a document argument, with inputs inside) and {@link Outputs} (a class's outputs, from what its
 * lookups return). Each is homomorphic: each property keeps its name and its documentation
 * (editors and the API reference show it).
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
 * The object `T` with every value inside it a `pulumi.Input` too, deeply (`{ config: {
 * clientSecret: string } }` → `{ config: Input<{ clientSecret: Input<string> }> }`): a document
 * argument's form (a traffic policy object), so that a secret, or another resource's output, can
 * stand at any leaf (`clientSecret: config.requireSecret("oidcClientSecret")`) and only that value
 * is secret.
 */
export type DeepInput<T> = { [Name in keyof T]: pulumi.Input<DeepInputValue<T[Name]>> };

/** A value inside a {@link DeepInput}: a list's items and an object's values inputs too. */
export type DeepInputValue<V> = unknown extends V
  ? V
  : V extends string | number | boolean | null | undefined
    ? V
    : V extends readonly (infer Item)[]
      ? pulumi.Input<DeepInputValue<Item>>[]
      : DeepInput<V>;

/**
 * `Fields` as a resource's outputs: each property a `readonly` `pulumi.Output` of its type, always
 * present, of `T | undefined` where the field is optional (`description?: string` →
 * `readonly description: Output<string | undefined>`).
 */
export type Outputs<Fields> = {
  readonly [Name in keyof Fields]-?: pulumi.Output<Fields[Name]>;
};
