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
 * An API that stores `idp_metadata` without its XML comments (ngrok's reference shows it stored
 * byte for byte; see `./sameness`) drops the claim, so a module this stack wrote can carry none.
 * Create then cannot tell it from a module configured by hand, and never takes it over without
 * `adoptExisting`: the error says so when the module's metadata is this resource's apart from
 * comments and whitespace, and names what to do. A write whose answer lacks the claim it sent
 * logs {@link claimLostWarning}; an adoption of a module without a claim logs
 * {@link unclaimedAdoptionWarning}.
 *
 * `provider/index.ts` exports {@link SamlModuleExistsError}, so this module is loaded with the
 * provider, by `check` and `diff` too: it loads the wire format (zod) only when it is used.
 *
 * @module
 */
import type { NgrokClient } from "../client";
import { isBranded } from "../client/brand";
import { logWarning } from "../client";
import { splitClaimedBy } from "../framework/names";
import { type Claim, claimOf } from "./claim";
import type { HttpsEdgeRouteSamlInputs } from "./definition";
import { sameIdpMetadata } from "./sameness";
import * as wire from "./api";

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
    /**
     * True when the module carries no claim and its IdP metadata is this resource's apart from
     * comments and whitespace (see `sameIdpMetadata`): possibly this stack's own module, whose
     * claim the API did not keep.
     */
    public readonly unclaimedButMatching = false,
  ) {
    super(
      unclaimedButMatching
        ? unclaimedButMatchingMessage(edgeId, routeId, entityId)
        : `route ${routeId} of HTTPS edge ${edgeId} already has a SAML module (entity ID ${entityId}) ` +
            `that this stack did not write (${writerOf(claim)}); nothing was changed. A route has ` +
            `one SAML module, so one resource manages it. To manage it with this resource and ` +
            `replace its configuration with this resource's, set adoptExisting: true (the ` +
            `resource that wrote it then leaves it in place when it is deleted, and drops it from ` +
            `its state on refresh); otherwise remove it ` +
            `(DELETE ${wire.samlPath(edgeId, routeId)}) or choose another route`,
    );
    this.name = "SamlModuleExistsError";
  }

  /** True when `obj` is a {@link SamlModuleExistsError}, from any copy of this package. */
  public static isInstance(obj: unknown): obj is SamlModuleExistsError {
    return isBranded(obj, "__samlModuleExistsError");
  }
}

/**
 * The take-over check of create, on what the `GET …/saml` of the route found before the write
 * (`existing`; `undefined` when ngrok answered 404, or an empty module: see `isAbsentModule` in
 * `./api`). Returns when the route has no module, holds this stack's own, or holds one that
 * `adoptExisting: true` adopts (logged: its entity ID and writer); the `PUT` that follows then
 * writes the declared configuration and this resource's claim.
 *
 * @throws {@link SamlModuleExistsError} when the route holds a module this stack did not write
 *   and the resource does not set `adoptExisting`.
 */
export function refuseTakeOver(
  existing: wire.SamlModuleResponse | undefined,
  inputs: HttpsEdgeRouteSamlInputs,
  client: NgrokClient,
): void {
  const claim = claimOf(existing?.idp_metadata);
  if (existing === undefined || isOwnStacks(claim, inputs.claimedBy)) {
    return;
  }
  if (inputs.adoptExisting !== true) {
    const matching =
      claim === undefined && sameIdpMetadata(existing.idp_metadata, inputs.idpMetadata);
    throw new SamlModuleExistsError(
      inputs.edgeId,
      inputs.routeId,
      existing.entity_id,
      claim,
      matching,
    );
  }
  if (claim === undefined) {
    logWarning(unclaimedAdoptionWarning(inputs, existing.entity_id));
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

/** Who wrote a module, in words, from its claim. */
function writerOf(claim: Claim | undefined): string {
  return claim === undefined
    ? "it carries no Pulumi claim: it was configured outside Pulumi, or by version 0.1 of this " +
        "package, or ngrok did not keep the claim comment"
    : `it was written by resource "${claim.resource}" of stack ${claim.stack}`;
}

/** The message of a {@link SamlModuleExistsError} for an unclaimed module that matches. */
function unclaimedButMatchingMessage(edgeId: string, routeId: string, entityId: string): string {
  return (
    `route ${routeId} of HTTPS edge ${edgeId} already has a SAML module (entity ID ${entityId}) ` +
    "that carries no Pulumi claim, although its IdP metadata is this resource's apart from XML " +
    "comments and whitespace; nothing was changed. It may be this stack's own module, written " +
    "by a resource being renamed, moved or replaced, whose claim ngrok did not keep (the API " +
    "stored idp_metadata without its XML comments, the claim comment among them): without the " +
    "claim, this resource cannot tell it from a module configured by hand with the same IdP, " +
    "and a resource that wrote it would delete it after a take-over, leaving the route " +
    "unprotected. To rename or move the resource, give it `aliases` (the module stays, no API " +
    "call). To replace it on this route, set the resource option `deleteBeforeReplace: true` " +
    "(the route is without a module between the delete and the create). To take the module " +
    "over, first remove the resource that wrote it from its stack's state (`pulumi state " +
    'delete <urn>`), then set adoptExisting: true. See docs/httpsEdgeRouteSaml.md, "IdP ' +
    'metadata that ngrok normalises"'
  );
}

/** `HttpsEdgeRouteSaml "<name>" (stack <stack>)`, or the type alone without `claimedBy`. */
function resourceWords(claimedBy: string | undefined): string {
  const { stack, resource } = splitClaimedBy(claimedBy ?? "");
  return resource !== ""
    ? `HttpsEdgeRouteSaml "${resource}" (stack ${stack})`
    : "HttpsEdgeRouteSaml";
}

/**
 * The warning of an adoption (`adoptExisting: true`) of a module that carries no claim: a
 * resource that wrote it, if any, cannot see the take-over, and its delete would remove it.
 */
export function unclaimedAdoptionWarning(
  inputs: Pick<HttpsEdgeRouteSamlInputs, "claimedBy" | "routeId" | "edgeId">,
  entityId: string,
): string {
  return (
    `${resourceWords(inputs.claimedBy)} adopts the SAML module of route ${inputs.routeId} of ` +
    `HTTPS edge ${inputs.edgeId} (entity ID ${entityId}), which carries no Pulumi claim. If a ` +
    "resource of a Pulumi stack wrote it (ngrok may have dropped its claim comment), that " +
    "resource cannot see this take-over, and deleting it would remove the module: remove it " +
    "from its stack's state first (`pulumi state delete <urn>`)"
  );
}

/**
 * The warning of a write whose answer does not carry the claim it sent, else `undefined`: ngrok
 * stored `idp_metadata` without its XML comments, so the module cannot say which resource wrote it.
 */
export function claimLostWarning(
  inputs: Pick<HttpsEdgeRouteSamlInputs, "claimedBy" | "routeId" | "edgeId">,
  stored: string | undefined,
  claimToken: string,
): string | undefined {
  if (claimOf(stored)?.token === claimToken) return undefined;
  return (
    `${resourceWords(inputs.claimedBy)}: ngrok stored the IdP metadata of route ` +
    `${inputs.routeId} of HTTPS edge ${inputs.edgeId} without the claim comment this resource ` +
    "appended (the API removed its XML comments), so the module cannot say which resource wrote " +
    "it. The module is written and protects the route, and diffs ignore the comments; but " +
    "renaming or moving this resource without `aliases`, or replacing it on the same route, " +
    "will fail with SamlModuleExistsError and change nothing, rather than risk a delete that " +
    "leaves the route unprotected. Use `aliases` to rename or move it; see " +
    'docs/httpsEdgeRouteSaml.md, "IdP metadata that ngrok normalises"'
  );
}
