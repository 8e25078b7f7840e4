/**
 * The create path of `HttpsEdgeRouteSaml`: its take-over rule, checked before the `PUT` that
 * writes the module, and the error it throws.
 *
 * A route has one SAML module, so a route that already has one when this resource is created
 * holds either this stack's own module (its claim names this stack, see `./claim`: a resource
 * being replaced, renamed or moved, whose delete will leave the module alone), which create takes
 * over, or a module this stack did not write (configured by hand, or another stack's). Create then
 * fails with {@link SamlModuleExistsError}, naming the route, the existing module's entity id and
 * its writer, and changes nothing, unless the resource sets `adoptExisting: true`: then the
 * existing module is adopted, as an SSH CA is with `adoptExistingId`: read first (the same `GET`),
 * then written once (one `PUT` with this resource's configuration and claim: a `PUT` is needed
 * even when the configuration already matches, since the claim is what makes the module this
 * resource's), and managed by this stack from then on. A route without a module gets one, as
 * without `adoptExisting`: unlike a CA's key, nothing about a module would be lost by writing it.
 *
 * `provider/index.ts` exports {@link SamlModuleExistsError}, so this module is loaded with the
 * provider, by `check` and `diff` too: it loads the wire format (zod) only when it is used.
 *
 * @module
 */
import type { NgrokClient } from "../client";
import { isBranded } from "../client/brand";
import type * as ApiModule from "./api";
import { type Claim, claimOf, splitClaimedBy } from "./claim";
import type { HttpsEdgeRouteSamlInputs } from "./definition";

/** The wire format (zod schemas), loaded on first use (see the module comment). */
function api(): typeof ApiModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("./api") as typeof ApiModule;
}

/**
 * Create found a SAML module on the route that this stack did not write, and the resource does not
 * set `adoptExisting`. Nothing was changed.
 */
export class SamlModuleExistsError extends Error {
  /** Brand checked by {@link SamlModuleExistsError.isInstance}. */
  public readonly __samlModuleExistsError = true;

  constructor(
    public readonly edgeId: string,
    public readonly routeId: string,
    public readonly entityId: string,
    /** The claim on the module: who wrote it, when it was written through this package. */
    public readonly claim?: Claim,
  ) {
    const writer =
      claim === undefined
        ? "it carries no Pulumi claim: it was configured outside Pulumi, or by version 0.1 of " +
          "this package"
        : `it was written by resource "${claim.resource}" of stack ${claim.stack}`;
    super(
      `route ${routeId} of HTTPS edge ${edgeId} already has a SAML module (entity ID ${entityId}) ` +
        `that this stack did not write (${writer}); nothing was changed. A route has one SAML ` +
        `module, so one resource manages it. To manage it with this resource and replace its ` +
        `configuration with this resource's, set adoptExisting: true (the resource that wrote it ` +
        `then leaves it in place when it is deleted, and drops it from its state on refresh); ` +
        `otherwise remove it (DELETE ${api().samlPath(edgeId, routeId)}) or choose another route`,
    );
    this.name = "SamlModuleExistsError";
  }

  /** True when `obj` is a {@link SamlModuleExistsError}, from any copy of this package. */
  public static isInstance(obj: unknown): obj is SamlModuleExistsError {
    return isBranded(obj, "__samlModuleExistsError");
  }
}

/**
 * The take-over check of create: one `GET …/saml` of the route. Resolves when the route has no
 * module (ngrok answers 404, or an empty module: see `isAbsentModule` in `./api`), holds this
 * stack's own, or holds one that `adoptExisting: true` adopts (logged: its entity ID and
 * writer); the `PUT` that follows then writes the declared configuration and this resource's
 * claim.
 *
 * @throws {@link SamlModuleExistsError} when the route holds a module this stack did not write
 *   and the resource does not set `adoptExisting`.
 * @throws {@link NgrokApiError} or {@link NgrokClientError} when the `GET` fails.
 */
export async function refuseTakeOver(
  client: NgrokClient,
  inputs: HttpsEdgeRouteSamlInputs,
): Promise<void> {
  const existing = await client.requestUnlessNotFound(
    api().getModuleRequest(inputs.edgeId, inputs.routeId),
  );
  const claim = claimOf(existing?.idp_metadata);
  if (existing === undefined || isOwnStacks(claim, inputs.claimedBy)) {
    return;
  }
  if (inputs.adoptExisting !== true) {
    throw new SamlModuleExistsError(inputs.edgeId, inputs.routeId, existing.entity_id, claim);
  }
  client.debug(
    `ngrok: adopting the SAML module of route ${inputs.routeId} (entity ID ${existing.entity_id}, ` +
      `${claim === undefined ? "no Pulumi claim" : `written by "${claim.resource}" of stack ${claim.stack}`})`,
  );
}

/** True when `claim` names the same stack as `claimedBy` (`<project>/<stack>/<name>`). */
function isOwnStacks(claim: Claim | undefined, claimedBy: string | undefined): boolean {
  return (
    claim !== undefined &&
    claimedBy !== undefined &&
    claim.stack !== "/" &&
    claim.stack === splitClaimedBy(claimedBy).stack
  );
}
