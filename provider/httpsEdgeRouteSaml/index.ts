/**
 * `HttpsEdgeRouteSaml`: its definition (`./definition`) with the generic implementation of a
 * singleton (`../framework/singleton`: `PUT`, `GET`, `DELETE
 * /edges/https/{edge_id}/routes/{id}/saml`, addressed by (edge id, route id), its Pulumi id
 * `<edge id>/<route id>`), and what is its own:
 *
 * - the claim (`./claim`): every write appends the resource's claim to `idp_metadata`, with a token
 *   kept in state for the resource's life; a module another resource's claim has taken over since
 *   reads as gone, and its delete leaves it in place; a write whose answer lost the claim warns;
 * - the take-over rule of create (`./create`): a route that already has a module this stack did
 *   not write is refused with `SamlModuleExistsError`, unless `adoptExisting: true`;
 * - the IdP metadata (`./api`): the document in state stays when ngrok holds it apart from
 *   comments and whitespace, and its signing certificates are an output; `check` warns of those
 *   that expired or expire within 30 days;
 * - an answer with no module in it (`isAbsentModule`) is read as none;
 * - edges that ngrok closed (`ERR_NGROK_7196`, `ERR_NGROK_7008`): the delete finishes with a
 *   warning saying what became of the module, so that `pulumi destroy` can complete.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import { NgrokApiError } from "../client";
import { EDGES_DEPRECATED_CODE, EDGES_READ_ONLY_CODE } from "../client/errorCodes";
import { splitClaimedBy } from "../framework/names";
import { singletonResource } from "../framework/singleton";
import * as wire from "./api";
import { type Claim, claimOf } from "./claim";
import { claimLostWarning, refuseTakeOver } from "./create";
import { httpsEdgeRouteSamlDefinition, type HttpsEdgeRouteSamlOutputs } from "./definition";
import { inputWarnings } from "./expiry";

/** The SAML module of an HTTPS edge route. */
export const httpsEdgeRouteSaml = singletonResource(httpsEdgeRouteSamlDefinition, {
  warnings: (inputs, parsed) => inputWarnings(inputs, parsed, Date.now()),
  absent: wire.isAbsentModule,
  beforeCreate: refuseTakeOver,
  kept: (olds) => ({ claimToken: olds?.claimToken ?? randomUUID() }),
  body: (body, inputs, { claimToken }) => wire.putBody(body, inputs, String(claimToken)),
  afterWrite: (answered, inputs, { claimToken }) =>
    claimLostWarning(inputs, answered.idp_metadata, String(claimToken)),
  outputs: (outputs, answered, declared) => ({
    ...outputs,
    ...wire.idpMetadataOutputs(answered, declared?.idpMetadata),
  }),
  liveInputs: (inputs, answered, declared) => ({
    ...inputs,
    idpMetadata: wire.heldIdpMetadata(answered, declared?.idpMetadata),
  }),
  othersNow: (answered, state, during) => {
    const claim = claimOf(answered.idp_metadata);
    if (!claimedByAnother(claim, state.claimToken, during === "read")) return undefined;
    return (
      `left the SAML module of route ${state.routeId} in place: resource "${claim?.resource}" ` +
      `of stack ${claim?.stack} has claimed it since this resource wrote it`
    );
  },
  deleteRefused: leavingUnavailableEdge,
});

/**
 * When `error` says that this account can no longer change its edges, the warning with which the
 * delete of the module finishes (the resource leaves the stack), else `undefined`:
 * - `ERR_NGROK_7196`, read-only edges (answered to the `DELETE`; the `GET` is answered): no one
 *   but ngrok can delete the module, which stays in place, protecting its route as configured;
 * - `ERR_NGROK_7008`, an account without edges (answered to the `GET`): the edge is gone, and
 *   the module with it, so there is nothing to delete.
 * Without this, `pulumi destroy` of such a stack could never finish. Source: ngrok's error
 * catalogue (ERR_NGROK_7008, ERR_NGROK_7196); `contributing/reference/ngrok-api.md` ("Status of these APIs").
 */
function leavingUnavailableEdge(
  error: unknown,
  props: HttpsEdgeRouteSamlOutputs,
): string | undefined {
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
