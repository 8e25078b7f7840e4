/**
 * The implementation of the `SshUserCertificate` dynamic provider, loaded by package name inside
 * the dynamic-provider host (never serialized into `__provider`). Its methods are those of
 * `../sshCertificateCommon/provider` for user certificates, one implementation for both kinds:
 * - check, diff: no API call;
 * - create: `POST /ssh_user_certificates`, never sent twice (see `./create`);
 * - read: `GET /ssh_user_certificates/{id}` (404 → gone: `id: ""`);
 * - update: `PATCH /ssh_user_certificates/{id}` (description, metadata);
 * - delete: `DELETE /ssh_user_certificates/{id}` (404 counts as deleted).
 *
 * @module
 */
import { sshCertificateProvider } from "../sshCertificateCommon/provider";
import {
  USER,
  sshUserCertificateDefinition,
  type SshUserCertificateInputs,
  type SshUserCertificateOutputs,
} from "./definition";

/** The `ResourceProvider` methods of `SshUserCertificate` (all but `configure`). */
export const sshUserCertificateProvider = sshCertificateProvider<
  SshUserCertificateInputs,
  SshUserCertificateOutputs
>(USER, sshUserCertificateDefinition);
