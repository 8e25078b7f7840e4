/**
 * `SshHostCertificate`: its definition (`./definition`) with the generic implementation
 * (`../framework/implementation`: `POST`, `GET`, `PATCH`, `DELETE /ssh_host_certificates[/{id}]`,
 * a create sent once and found again after a failure that may have acted, the ownership marker)
 * and the certificates' hooks for its kind ({@link HOST}, see `../sshCertificateCommon/hooks`).
 *
 * @module
 */
import { crudResource } from "../framework/implementation";
import type { LookupRecord } from "../framework/module";
import { certificateHooks } from "../sshCertificateCommon/hooks";
import { HOST, sshHostCertificateDefinition } from "./definition";

/** One host certificate as a lookup returns it: the outputs of the resource, and its id. */
export type SshHostCertificateRecord = LookupRecord<typeof sshHostCertificateDefinition>;

/** The SSH host certificate. */
export const sshHostCertificate = crudResource(
  sshHostCertificateDefinition,
  certificateHooks(sshHostCertificateDefinition, HOST),
);
