/**
 * The one place where provider/ asserts a type (besides the typed `require`s of `../lazy`): a
 * value built property by property from a resource's definition (its checked inputs, its outputs
 * or its wire schema from an answer, its defaults), as the type the same definition derives for
 * it (`InputsOf`, `OutputsOf`, `ResponseOf`, see `../framework/resource`). TypeScript cannot
 * follow a mapped type through a loop over the properties; the loops are in `./inputChecker.ts`,
 * `../framework/check` and `../framework/wire`, and their tests compare every resource's values
 * with its types. Also the traffic policy table with each action's derived `source`
 * (`../trafficPolicy/actions`), its type its entries' own. `tests/repository/casts.test.ts` holds provider/ to it.
 *
 * @module
 */

/** `values`, built from a definition, as the type `T` that the definition derives for it. */
export function derivedAs<T>(values: object): T {
  return values as T;
}
