/**
 * The implementation of the `HttpsEdgeRouteSaml` dynamic provider, loaded by package name inside
 * the dynamic-provider host (never serialized into `__provider`).
 *
 * The module is a singleton under an HTTPS edge route, addressed by (edge id, route id); its
 * Pulumi id is `<edge id>/<route id>`. Every write carries the resource's claim (see `./claim`).
 * - create: `GET …/saml` (the take-over check of `./create`), then `PUT …/saml`
 * - read: `GET …/saml` (404, or an empty module (see `isAbsentModule` in `./api`) → the module,
 *   its route or its edge is gone: `id: ""`; so is a module that another resource's claim has
 *   taken over); without state (a `get`), the edge and route come from the id
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
import { clientFromConfiguration, logDebug } from "../client";
import { pureMethods } from "../common/pureMethods";
import { readResult } from "../common/readResult";
import { recordCreated } from "../common/recordCreated";
import type * as ApiModule from "./api";
import { type Claim, claimOf } from "./claim";
import { refuseTakeOver } from "./create";
import { diffHttpsEdgeRouteSaml } from "./definition";
import {
  checkHttpsEdgeRouteSaml,
  type HttpsEdgeRouteSamlInputs,
  type HttpsEdgeRouteSamlOutputs,
  samlModuleId,
  splitSamlModuleId,
} from "./definition";

type Inputs = HttpsEdgeRouteSamlInputs;
type Outputs = HttpsEdgeRouteSamlOutputs;

/**
 * The wire format (zod schemas), loaded on first use: `check` and `diff`, all that
 * `pulumi preview` needs, load neither zod nor the HTTP client, which keeps the plugin's cold
 * start near that of a trivial dynamic provider (see BENCHMARKS.md).
 */
function api(): typeof ApiModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("./api") as typeof ApiModule;
}

/**
 * The `ResourceProvider` methods of `HttpsEdgeRouteSaml` (all but `configure`): `check` is
 * {@link checkHttpsEdgeRouteSaml} and `diff` is {@link diffHttpsEdgeRouteSaml} (no API call).
 */
export const httpsEdgeRouteSamlProvider = {
  ...pureMethods(checkHttpsEdgeRouteSaml, diffHttpsEdgeRouteSaml),

  /**
   * The take-over check (one `GET`; with `adoptExisting`, the module found is adopted), then one
   * `PUT` that carries a new claim token.
   */
  async create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult<Outputs>> {
    const client = clientFromConfiguration();
    await refuseTakeOver(client, inputs);
    const id = samlModuleId(inputs.edgeId, inputs.routeId);
    const claimToken = randomUUID();
    try {
      const module = await client.request(api().putModuleRequest(inputs, claimToken));
      return { id, outs: api().toOutputs(module, { ...inputs, claimToken }) };
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
  async read(id: string, props?: Outputs): Promise<pulumi.dynamic.ReadResult<Outputs>> {
    const old = (props ?? {}) as Outputs;
    // Without state (a get), the id alone addresses the module.
    const at = old.edgeId === undefined || old.routeId === undefined ? splitSamlModuleId(id) : old;
    const address = {
      edgeId: at.edgeId,
      routeId: at.routeId,
      adoptExisting: old.adoptExisting,
      claimedBy: old.claimedBy,
      claimToken: old.claimToken,
    };
    const live = await clientFromConfiguration().requestUnlessNotFound(
      api().getModuleRequest(address.edgeId, address.routeId),
    );
    const claimedAway = claimedByAnother(claimOf(live?.idp_metadata), old.claimToken, true);
    return readResult(
      id,
      claimedAway ? undefined : live,
      (found) => api().toOutputs(found, address),
      (found) => api().liveInputs(found, address) as Outputs,
    );
  },

  /** One `PUT` with every writable field, and the resource's claim. */
  async update(
    _id: string,
    olds: Outputs,
    news: Inputs,
  ): Promise<pulumi.dynamic.UpdateResult<Outputs>> {
    const claimToken = olds.claimToken ?? randomUUID();
    const module = await clientFromConfiguration().request(
      api().putModuleRequest(news, claimToken),
    );
    return { outs: api().toOutputs(module, { ...news, claimToken }) };
  },

  /**
   * One `GET`, then one `DELETE` unless another resource's claim is on the module (it took the
   * module over: a replacement, a renamed or moved resource, an adoption); then the module is
   * left in place. A module that is already gone counts as deleted.
   */
  async delete(_id: string, props: Outputs): Promise<void> {
    const client = clientFromConfiguration();
    const live = await client.requestUnlessNotFound(
      api().getModuleRequest(props.edgeId, props.routeId),
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
      path: api().samlPath(props.edgeId, props.routeId),
    });
  },
};

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
