/**
 * The implementation of the `SshHostCertificate` dynamic provider, loaded by package name inside
 * the dynamic-provider host (never serialized into `__provider`). Its methods are those of
 * `../sshCertificateCommon/provider` for host certificates, one implementation for both kinds:
 * - check, diff: no API call;
 * - create: `POST /ssh_host_certificates`, never sent twice (see `./create`);
 * - read: `GET /ssh_host_certificates/{id}` (404 → gone: `id: ""`);
 * - update: `PATCH /ssh_host_certificates/{id}` (description, metadata);
 * - delete: `DELETE /ssh_host_certificates/{id}` (404 counts as deleted).
 *
 * @module
 */
import { sshCertificateProvider } from "../sshCertificateCommon/provider";
import {
  HOST,
  sshHostCertificateDefinition,
  type SshHostCertificateInputs,
  type SshHostCertificateOutputs,
} from "./definition";

/** The `ResourceProvider` methods of `SshHostCertificate` (all but `configure`). */
export const sshHostCertificateProvider = sshCertificateProvider<
  SshHostCertificateInputs,
  SshHostCertificateOutputs
>(HOST, sshHostCertificateDefinition);
