/**
 * The implementation of the `SshCertificateAuthority` dynamic provider. The SDK's thin provider
 * class `require`s this module by package name inside each method, so none of it is serialized
 * into `__provider`.
 *
 * Each lifecycle method makes exactly one API request (plus retries of the same request where
 * the client allows them); `check` and `diff` make none.
 * - create: `POST /ssh_certificate_authorities`, never sent twice; after a failure that may have
 *   created the CA, the CA is looked for with `GET /ssh_certificate_authorities` (see `./create`).
 *   With `adoptExistingId`: `GET /ssh_certificate_authorities/{id}` and at most one `PATCH`,
 *   never a `POST` (see `./adopt`)
 * - read: `GET /ssh_certificate_authorities/{id}` (404 → the CA is gone: `id: ""`); without key
 *   parameters in `props` (a `get`), they are read from the CA's public key
 * - update: `PATCH /ssh_certificate_authorities/{id}` (description, metadata)
 * - delete: `DELETE /ssh_certificate_authorities/{id}` (404 counts as deleted); none for a CA
 *   that a create of this deployment adopted (see `./adopt`); refused because certificates the CA
 *   signed still exist (`ERR_NGROK_1964`), the host and user certificates are listed
 *   (`GET /ssh_host_certificates`, `GET /ssh_user_certificates`) to name them in the error;
 *   none for a CA that a create of this deployment took over (`ngrok:ownershipMarker`, see
 *   `../common/takeOver`)
 *
 * With `ngrok:ownershipMarker` on, `check` folds the owner the resource class passes into
 * `metadata` (`../common/ownershipMarker`), and create first looks for the CA an interrupted
 * deployment made for the same resource (one `GET` per 100 CAs) and takes it over instead of
 * sending a `POST`.
 *
 * The object is the mirror image of `../httpsEdgeRouteSaml/provider.ts` on purpose (the same methods in the
 * same order, each with its one request; CONTRIBUTING.md, "Layout"), so `duplicates` pairs the
 * seam between their `read` and `update`: a deliberate likeness, not a copy to factor out.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { clientFromConfiguration, logDebug } from "../client";
import { markDeleted, takenOverInThisDeployment } from "../common/deploymentIds";
import { withOwnershipMarker } from "../common/ownershipMarker";
import { pureMethods } from "../common/pureMethods";
import { patchItem } from "../common/patchItem";
import { readResult, type ReadResultOf } from "../common/readResult";
import { answeredId, recordCreated } from "../common/recordCreated";
import type * as ApiModule from "./api";
import { diffSshCertificateAuthority } from "./definition";
import {
  checkSshCertificateAuthority,
  LIMITS,
  type SshCertificateAuthorityInputs,
  type SshCertificateAuthorityOutputs,
} from "./definition";
import { explainAuthorityInUse } from "./inUse";
import { keyParametersOfCa } from "./keyParameters";
import { load } from "../lazy";

type Inputs = SshCertificateAuthorityInputs;

/**
 * The wire format (zod schemas) and the create logic, loaded on first use: `check` and `diff`,
 * all that `pulumi preview` needs, load neither zod nor the HTTP client, which keeps the
 * plugin's cold start near that of a trivial dynamic provider (see BENCHMARKS.md).
 */
const api = load.caApi;
const create = load.caCreate;
const adopt = load.caAdopt;
type Outputs = SshCertificateAuthorityOutputs;

/**
 * The `ResourceProvider` methods of `SshCertificateAuthority` (all but `configure`): `check` is
 * {@link checkSshCertificateAuthority} with the ownership marker folded into `metadata`
 * (`withOwnershipMarker`), and `diff` is {@link diffSshCertificateAuthority} (no API call).
 */
export const sshCertificateAuthorityProvider = {
  ...pureMethods(
    withOwnershipMarker(checkSshCertificateAuthority, LIMITS.metadataBytes),
    diffSshCertificateAuthority,
  ),

  /**
   * One `POST`; ngrok generates the key pair and returns the public key. See `createOnce` in
   * `./create`. With `adoptExistingId`, one `GET` and at most one `PATCH` instead: see
   * `adoptCertificateAuthority` in `./adopt`.
   */
  async create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult<Outputs>> {
    const client = clientFromConfiguration();
    const adoptExistingId = inputs.adoptExistingId;
    if (adoptExistingId !== undefined) {
      const adopted = await adopt().adoptCertificateAuthority(client, {
        ...inputs,
        adoptExistingId,
      });
      return { id: adopted.id, outs: api().toOutputs(adopted, inputs) };
    }
    try {
      const created = await create().createOnce(client, inputs);
      return { id: created.id, outs: api().toOutputs(created, inputs) };
    } catch (error) {
      // A POST answered with the new CA's id created it: record it rather than leak it.
      throw recordCreated(error, inputs, {
        idAfter: (failure) => {
          const id = answeredId(failure);
          return typeof id !== "string" || id === "" ? undefined : id;
        },
        describe: (id) => `the SSH certificate authority ${id} was created`,
      });
    }
  },

  /**
   * One `GET`. A CA deleted outside Pulumi reads as `id: ""`, which removes it from state. A read
   * without key parameters in `props` (`SshCertificateAuthority.get`) takes them from the CA's
   * public key.
   */
  async read(id: string, props?: Outputs): Promise<ReadResultOf<Outputs, Inputs>> {
    const client = clientFromConfiguration();
    const old: Partial<Outputs> = props ?? {};
    const live = await client.requestUnlessNotFound({
      method: "GET",
      path: api().itemPath(id),
      schema: api().sshCertificateAuthoritySchema,
    });
    const kept = (found: ApiModule.SshCertificateAuthorityResponse) =>
      old.privateKeyType === undefined ? keyParametersOfCa(found) : old;
    return readResult(
      id,
      live,
      (found) => api().toOutputs(found, kept(found)),
      (found) => api().liveInputs(found, kept(found)),
    );
  },

  /** One `PATCH` with `description` and `metadata` (`""` clears a field). */
  async update(
    id: string,
    _olds: Outputs,
    news: Inputs,
  ): Promise<pulumi.dynamic.UpdateResult<Outputs>> {
    const updated = await patchItem(
      clientFromConfiguration(),
      api().itemPath(id),
      api().updateBody(news),
      api().sshCertificateAuthoritySchema,
    );
    return { outs: api().toOutputs(updated, news) };
  },

  /**
   * One `DELETE`; a CA that is already gone counts as deleted. None when a create of this
   * deployment adopted the CA or took it over: that resource manages it now (see `./adopt` and
   * `../common/takeOver`). When ngrok
   * refuses because certificates the CA signed still exist (`ERR_NGROK_1964`), the certificates
   * are listed and the error names them (`SshCertificateAuthorityInUseError`).
   */
  async delete(id: string, _props: Outputs): Promise<void> {
    if (adopt().adoptedInThisDeployment(id)) {
      logDebug(`left the SSH certificate authority ${id} in place: a new resource adopted it`);
      return;
    }
    if (takenOverInThisDeployment(id)) {
      logDebug(`left the SSH certificate authority ${id} in place: a new resource took it over`);
      return;
    }
    const client = clientFromConfiguration();
    try {
      await client.requestUnlessNotFound({ method: "DELETE", path: api().itemPath(id) });
      markDeleted(id);
    } catch (error) {
      throw await explainAuthorityInUse(client, id, error);
    }
  },
};
