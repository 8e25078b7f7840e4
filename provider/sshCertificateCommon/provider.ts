/**
 * The implementation of the SSH certificate dynamic providers, one for each
 * {@link CertificateKind}. The SDK's thin provider `require`s the package's provider module by
 * name inside each method, so none of this is serialized into `__provider`.
 *
 * Each lifecycle method makes exactly one API request (plus retries of the same request where
 * the client allows them); `check` and `diff` make none.
 * - create: `POST <path>`, never sent twice; after a failure that may have created the
 *   certificate, it is looked for with `GET <path>` (see `./create`)
 * - read: `GET <path>/{id}` (404 → the certificate is gone: `id: ""`)
 * - update: `PATCH <path>/{id}` (description, metadata)
 * - delete: `DELETE <path>/{id}` (404 counts as deleted); none for a certificate that a create of
 *   this deployment took over (`ngrok:ownershipMarker`, see `../common/takeOver`)
 *
 * With `ngrok:ownershipMarker` on, `check` folds the owner the resource class passes into
 * `metadata` (`../common/ownershipMarker`), and create first looks for the certificate an
 * interrupted deployment made for the same resource (one `GET` per 100 certificates) and takes it
 * over instead of sending a `POST`.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { clientFromConfiguration, logDebug } from "../client";
import { markDeleted, takenOverInThisDeployment } from "../common/deploymentIds";
import { withOwnershipMarker } from "../common/ownershipMarker";
import { pureMethods } from "../common/pureMethods";
import { readResult, type ReadResultOf } from "../common/readResult";
import { answeredId, recordCreated } from "../common/recordCreated";
import type { CheckAndDiff } from "../framework/define";
import type * as ApiModule from "./api";
import { LIMITS, type SshCertificateInputs, type SshCertificateOutputs } from "./properties";
import type { CertificateKind } from "./kinds";
import { expiredWarning } from "./validity";
import { load } from "../lazy";
import { derivedAs } from "../common/derived";

/**
 * The wire format (zod schemas) and the create logic, loaded on first use: `check` and `diff`,
 * all that `pulumi preview` needs, load neither zod nor the HTTP client.
 */
const api = load.certificateApi;
const create = load.certificateCreate;

/** What a certificate's checked inputs hold: all of {@link SshCertificateInputs} but its maps. */
type BaseInputs = Omit<SshCertificateInputs, "criticalOptions" | "extensions">;

/**
 * The `ResourceProvider` methods (all but `configure`) of the certificates of `kind`, typed with
 * the resource's own `Inputs` and `Outputs`: `check` is its definition's (`pure`, see
 * `../framework/define`) with the ownership marker folded into `metadata`
 * (`withOwnershipMarker`), warning when `validUntil` has passed (`expiredWarning`), and `diff` is
 * its definition's (no API call).
 */
export function sshCertificateProvider<
  Inputs extends BaseInputs,
  Outputs extends Omit<SshCertificateOutputs, "criticalOptions" | "extensions">,
>(kind: CertificateKind, pure: CheckAndDiff<Inputs>) {
  const outputs = (response: ApiModule.SshCertificateResponse) =>
    derivedAs<Outputs>(api().toOutputs(kind, response));
  return {
    ...pureMethods(withOwnershipMarker(pure.check, LIMITS.metadataBytes), pure.diff, (inputs) => {
      const expired = expiredWarning(kind.type, kind.defaultValidity, inputs);
      return expired === undefined ? [] : [expired];
    }),

    /** One `POST`: ngrok signs the key. See `createCertificate` in `./create`. */
    async create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult<Outputs>> {
      const client = clientFromConfiguration();
      try {
        const created = await create().createCertificate(client, kind, inputs);
        return { id: created.id, outs: outputs(created) };
      } catch (error) {
        // A POST answered with the new certificate's id created it: record it rather than leak it.
        throw recordCreated(error, inputs, {
          idAfter: (failure) => {
            const id = answeredId(failure);
            return typeof id === "string" && id.startsWith(kind.idPrefix) ? id : undefined;
          },
          describe: (id) => `the ${kind.noun} ${id} was created`,
        });
      }
    },

    /** One `GET`. A certificate deleted outside Pulumi reads as `id: ""`, which removes it from state. */
    async read(id: string, _props?: Outputs): Promise<ReadResultOf<Outputs, SshCertificateInputs>> {
      const live = await clientFromConfiguration().requestUnlessNotFound({
        method: "GET",
        path: api().itemPath(kind, id),
        schema: api().certificateSchema(kind),
      });
      return readResult(id, live, outputs, (found) => api().liveInputs(kind, found));
    },

    /** One `PATCH` with `description` and `metadata` (`""` clears a field). */
    async update(
      id: string,
      _olds: Outputs,
      news: Inputs,
    ): Promise<pulumi.dynamic.UpdateResult<Outputs>> {
      const updated = await clientFromConfiguration().request({
        method: "PATCH",
        path: api().itemPath(kind, id),
        body: api().updateBody(kind, news),
        schema: api().certificateSchema(kind),
      });
      return { outs: outputs(updated) };
    },

    /**
     * One `DELETE`; a certificate that is already gone counts as deleted. None when a create of
     * this deployment took the certificate over: that resource manages it now.
     */
    async delete(id: string, _props?: Outputs): Promise<void> {
      if (takenOverInThisDeployment(id)) {
        logDebug(`left the ${kind.noun} ${id} in place: a new resource took it over`);
        return;
      }
      await clientFromConfiguration().requestUnlessNotFound({
        method: "DELETE",
        path: api().itemPath(kind, id),
      });
      markDeleted(id);
    },
  };
}
