/**
 * What a resource's SDK class does beyond what the rest of its definition already says, as
 * declared data: `tools/scripts/generate/sdkClasses.ts` writes the class from the definition, and the
 * class hands these facts to `sdk/registration.ts` at construction. Most classes declare none:
 * the import refusal, the ownership marker and the adoption from `ngrok:adoptExistingIds` follow
 * from `pendingCreates` (`marked`, `adoptBy`), and the claim input from `claimedBy`.
 *
 * @module
 */

/**
 * A special case of construction, by name; `sdk/registration.ts` holds what each does.
 * - `oneModulePerRoute`: two resources of one program that declare the same object (by the ids
 *   of `lookups.one.by`, e.g. a route's SAML module) throw at construction, or when the ids are
 *   known.
 */
export type ProgramRule = "oneModulePerRoute";

/** The facts of {@link ResourceDefinition.sdk}. */
export interface SdkFacts {
  /**
   * The argument that adopts an existing object, as the refusal of the `import` option names it,
   * when it is not `pendingCreates.adoptBy` set to the id, e.g. `adoptExisting: true (with its edgeId
   * and routeId)`.
   */
  readonly importAdopt?: string;
  /**
   * For a resource that cannot adopt: what to do instead of importing, a clause after `cannot be
   * adopted: `, with `{id}` for the id; default, that a new object is made.
   */
  readonly importInstead?: string;
  /** The special cases of its construction. */
  readonly programRules?: readonly ProgramRule[];
}
