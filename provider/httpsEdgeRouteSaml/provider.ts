/**
 * The implementation of the `HttpsEdgeRouteSaml` dynamic provider, loaded by package name inside
 * the dynamic-provider host (never serialized into `__provider`).
 *
 * The module is a singleton under an HTTPS edge route, addressed by (edge id, route id); its
 * Pulumi id is `<edge id>/<route id>`. Every write carries the resource's claim (see `./claim`).
 * - create: `GET …/saml` (the take-over check of `./create`), then `PUT …/saml`
 * - read: `GET …/saml` (404, or an empty module (see `isAbsentModule` in `./api`) → the module,
 *   its route or its edge is gone: `id: ""`; so is a module that another resource's claim has
 *   taken over); without state (a `get`), the edge and route come from the id. The IdP metadata
 *   in state stays when ngrok holds it apart from comments and whitespace (`heldIdpMetadata` in
 *   `./api`), so that an API that normalises it shows no change that never settles
 * - update: `PUT …/saml` with every writable field
 * - delete: `GET …/saml`, then `DELETE …/saml` unless another resource's claim is on the module
 *   (404 counts as deleted)
 *
 * The take-over rule of create, and its `SamlModuleExistsError`, are in `./create`; the wire
 * format and the requests are in `./api`.
 *
 * The object is the mirror image of `../sshCertificateAuthority/provider.ts` on purpose (the same methods in the
 * same order, each with its one request; CONTRIBUTING.md, "Layout"), so `duplicates` pairs the
 * seam between their `read` and `update`: a deliberate likeness, not a copy to factor out.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import type * as pulumi from "@pulumi/pulumi";
import { clientFromConfiguration, logDebug, logWarning, NgrokApiError } from "../client";
import { EDGES_DEPRECATED_CODE, EDGES_READ_ONLY_CODE } from "../client/errorCodes";
import { pureMethods } from "../common/pureMethods";
import { readResult, type ReadResultOf } from "../common/readResult";
import { recordCreated } from "../common/recordCreated";
import { splitClaimedBy } from "../framework/names";
import { type Claim, claimOf } from "./claim";
import { claimLostWarning, refuseTakeOver } from "./create";
import {
  checkHttpsEdgeRouteSaml,
  diffHttpsEdgeRouteSaml,
  type HttpsEdgeRouteSamlInputs,
  type HttpsEdgeRouteSamlOutputs,
} from "./definition";
import { checkHttpsEdgeRouteSamlWithWarnings } from "./expiry";
import { samlModuleId, splitSamlModuleId } from "./moduleId";
import * as wire from "./api";

type Inputs = HttpsEdgeRouteSamlInputs;
type Outputs = HttpsEdgeRouteSamlOutputs;

/**
 * The `ResourceProvider` methods of `HttpsEdgeRouteSaml` (all but `configure`): `check` is
 * {@link checkHttpsEdgeRouteSaml} and `diff` is {@link diffHttpsEdgeRouteSaml} (no API call).
 */
export const httpsEdgeRouteSamlProvider = {
  ...pureMethods(checkHttpsEdgeRouteSaml, diffHttpsEdgeRouteSaml),

  /**
   * {@link checkHttpsEdgeRouteSaml}, which makes no API call, and a warning (`logWarning`, shown
   * by `pulumi preview` and `pulumi up` without failing them) for each signing certificate of
   * `idpMetadata` that has expired or expires within 30 days.
   */
  async check(
    _olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<pulumi.dynamic.CheckResult<Inputs>> {
    const { result, warnings } = checkHttpsEdgeRouteSamlWithWarnings(news, Date.now());
    for (const warning of warnings) {
      logWarning(warning);
    }
    return result;
  },

  /**
   * The take-over check (one `GET`; with `adoptExisting`, the module found is adopted), then one
   * `PUT` that carries a new claim token; a warning when the answer lacks the claim (see
   * `claimLostWarning`).
   */
  async create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult<Outputs>> {
    const client = clientFromConfiguration();
    await refuseTakeOver(client, inputs);
    const id = samlModuleId(inputs.edgeId, inputs.routeId);
    const claimToken = randomUUID();
    try {
      const module = await client.request(wire.putModuleRequest(inputs, claimToken));
      warnIfClaimLost(inputs, module.idp_metadata, claimToken);
      return { id, outs: wire.toOutputs(module, { ...inputs, claimToken }, inputs.idpMetadata) };
    } catch (error) {
      // A PUT that ngrok answered wrote the module: record it rather than orphan it.
      throw recordCreated(
        error,
        { ...inputs, claimToken },
        {
          idAfter: (failure) => (failure.statusCode === undefined ? undefined : id),
          describe: (written) => `the SAML module ${written} was written`,
        },
      );
    }
  },

  /**
   * One `GET`. A module removed outside Pulumi (or its route or edge) reads as `id: ""`, and so
   * does a module that another resource has claimed since this one wrote it.
   */
  async read(id: string, props?: Outputs): Promise<ReadResultOf<Outputs, Inputs>> {
    const old: Partial<Outputs> = props ?? {};
    // Without state (a get), the id alone addresses the module.
    const at =
      old.edgeId === undefined || old.routeId === undefined
        ? splitSamlModuleId(id)
        : { edgeId: old.edgeId, routeId: old.routeId };
    const address = {
      edgeId: at.edgeId,
      routeId: at.routeId,
      adoptExisting: old.adoptExisting,
      claimedBy: old.claimedBy,
      claimToken: old.claimToken,
    };
    const live = await clientFromConfiguration().requestUnlessNotFound(
      wire.getModuleRequest(address.edgeId, address.routeId),
    );
    const claimedAway = claimedByAnother(claimOf(live?.idp_metadata), old.claimToken, true);
    return readResult(
      id,
      claimedAway ? undefined : live,
      (found) => wire.toOutputs(found, address, old.idpMetadata),
      (found) => wire.liveInputs(found, address, old.idpMetadata),
    );
  },

  /**
   * One `PUT` with every writable field, and the resource's claim; a warning when the answer
   * lacks the claim (see `claimLostWarning`).
   */
  async update(
    _id: string,
    olds: Outputs,
    news: Inputs,
  ): Promise<pulumi.dynamic.UpdateResult<Outputs>> {
    const claimToken = olds.claimToken ?? randomUUID();
    const module = await clientFromConfiguration().request(wire.putModuleRequest(news, claimToken));
    warnIfClaimLost(news, module.idp_metadata, claimToken);
    return { outs: wire.toOutputs(module, { ...news, claimToken }, news.idpMetadata) };
  },

  /**
   * One `GET`, then one `DELETE` unless another resource's claim is on the module (it took the
   * module over: a replacement, a renamed or moved resource, an adoption); then the module is
   * left in place. A module that is already gone counts as deleted. On an account whose edges
   * are read-only (`ERR_NGROK_7196`) or gone (`ERR_NGROK_7008`), the delete finishes with a
   * warning saying what became of the module, so that `pulumi destroy` can complete (see
   * `leavingUnavailableEdge`).
   */
  async delete(_id: string, props: Outputs): Promise<void> {
    try {
      await deleteModule(props);
    } catch (error) {
      const leaving = leavingUnavailableEdge(error, props);
      if (leaving === undefined) throw error;
      logWarning(leaving);
    }
  },
};

/** Logs {@link claimLostWarning} when the module written does not carry its claim. */
function warnIfClaimLost(inputs: Inputs, stored: string | undefined, claimToken: string): void {
  const warning = claimLostWarning(inputs, stored, claimToken);
  if (warning !== undefined) logWarning(warning);
}

/**
 * The delete of a module: one `GET`, then one `DELETE` unless another resource's claim is on
 * the module (see `httpsEdgeRouteSamlProvider.delete`).
 */
async function deleteModule(props: Outputs): Promise<void> {
  const client = clientFromConfiguration();
  const live = await client.requestUnlessNotFound(
    wire.getModuleRequest(props.edgeId, props.routeId),
  );
  if (live === undefined) {
    return;
  }
  const claim = claimOf(live.idp_metadata);
  if (claimedByAnother(claim, props.claimToken, false)) {
    logDebug(
      `left the SAML module of route ${props.routeId} in place: resource "${claim?.resource}" ` +
        `of stack ${claim?.stack} has claimed it since this resource wrote it`,
    );
    return;
  }
  await client.requestUnlessNotFound({
    method: "DELETE",
    path: wire.samlPath(props.edgeId, props.routeId),
  });
}

/**
 * When `error` says that this account can no longer change its edges, the warning with which the
 * delete of the module finishes (the resource leaves the stack), else `undefined`:
 * - `ERR_NGROK_7196`, read-only edges (answered to the `DELETE`; the `GET` is answered): no one
 *   but ngrok can delete the module, which stays in place, protecting its route as configured;
 * - `ERR_NGROK_7008`, an account without edges (answered to the `GET`): the edge is gone, and
 *   the module with it, so there is nothing to delete.
 * Without this, `pulumi destroy` of such a stack could never finish. Source: ngrok's error
 * catalogue (ERR_NGROK_7008, ERR_NGROK_7196); `ngrok-api.md` ("Status of these APIs").
 */
function leavingUnavailableEdge(error: unknown, props: Outputs): string | undefined {
  if (!NgrokApiError.isInstance(error)) return undefined;
  const { stack, resource } = splitClaimedBy(props.claimedBy ?? "");
  const who =
    resource !== "" ? `HttpsEdgeRouteSaml "${resource}" (stack ${stack})` : "HttpsEdgeRouteSaml";
  const where = `route ${props.routeId} of HTTPS edge ${props.edgeId}`;
  const answered = `ngrok answered ${error.errorCode} to ${error.endpoint.method} ${error.endpoint.path}`;
  if (error.errorCode === EDGES_READ_ONLY_CODE) {
    return (
      `${who} leaves the stack, but the SAML module of ${where} stays in ngrok: this account's ` +
      `HTTPS edges are read-only (${answered}), so only ngrok can delete it, and it keeps ` +
      "protecting the route with the configuration it has. To change sign-in on that route, " +
      "move its traffic to a cloud endpoint with a Traffic Policy openid-connect or oauth " +
      "action (ngrok's saml action is in early access), or ask ngrok support to remove the module"
    );
  }
  if (error.errorCode === EDGES_DEPRECATED_CODE) {
    return (
      `${who} leaves the stack without an API call to delete the SAML module of ${where}: this ` +
      `ngrok account has no HTTPS edges any more (${answered}); ngrok deprecated edges on ` +
      "2025-12-31 and removed this account's, the module's route with them. If this account " +
      "should still have edges, the API key may be another account's: check it, and ask ngrok " +
      "support; the module's claim names this stack, so a resource with adoptExisting: true " +
      "can take it back"
    );
  }
  return undefined;
}

/**
 * True when the module's claim is another resource's than the one holding `token`. A resource
 * without a token (created before claims existed, or read with `{ id }`) is another resource for
 * delete, which must never remove a claimed module it did not claim, but not for read, which
 * then reads whatever is there.
 */
function claimedByAnother(claim: Claim | undefined, token: string | undefined, forRead: boolean) {
  if (claim === undefined) return false;
  if (token === undefined) return !forRead;
  return claim.token !== token;
}
