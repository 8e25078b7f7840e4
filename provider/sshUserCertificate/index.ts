/**
 * `SshUserCertificate`: its definition (`./definition`) with the generic implementation
 * (`../framework/implementation`: `POST`, `GET`, `PATCH`, `DELETE /ssh_user_certificates[/{id}]`,
 * a create sent once and found again after a failure that may have acted, the ownership marker)
 * and the certificates' hooks for its kind ({@link USER}, see `../sshCertificateCommon/hooks`).
 *
 * @module
 */
import { crudResource } from "../framework/implementation";
import type { LookupRecord } from "../framework/module";
import { certificateHooks } from "../sshCertificateCommon/hooks";
import { USER, sshUserCertificateDefinition } from "./definition";

/** One user certificate as a lookup returns it: the outputs of the resource, and its id. */
export type SshUserCertificateRecord = LookupRecord<typeof sshUserCertificateDefinition>;

/** The SSH user certificate. */
export const sshUserCertificate = crudResource(
  sshUserCertificateDefinition,
  certificateHooks(sshUserCertificateDefinition, USER),
);
