/**
 * Reading SSH host certificates without managing them: what the SDK's lookup functions
 * (`getSshHostCertificate`, `getSshHostCertificates`) run in the program's process. One
 * implementation for both kinds of certificate, in `../sshCertificateCommon/lookup`: `GET` requests
 * only, the zod wire format loaded when a lookup runs.
 *
 * @module
 */
import type { NgrokClient } from "../client";
import {
  listCertificatesOf,
  lookupCertificate,
  type SshCertificateFilter,
} from "../sshCertificateCommon/lookup";
import { HOST, type SshHostCertificateOutputs } from "./definition";

/** One host certificate as a lookup returns it: the outputs of the resource, and its id (`shcrt_…`). */
export interface SshHostCertificateRecord extends SshHostCertificateOutputs {
  /** ngrok's id, `shcrt_…`. */
  id: string;
}

/**
 * One `GET /ssh_host_certificates/{id}`.
 *
 * @throws TypeError when `id` is not a host certificate id (`shcrt_…`), before any request.
 * @throws {@link NgrokApiError} when ngrok refuses, e.g. 404 when there is no such certificate.
 */
export async function lookupSshHostCertificate(
  client: NgrokClient,
  id: string,
): Promise<SshHostCertificateRecord> {
  return lookupCertificate<SshHostCertificateRecord>(client, HOST, id);
}

/**
 * Every host certificate of the account that `filter` keeps, newest first:
 * `GET /ssh_host_certificates` 100 at a time, through every page.
 *
 * @throws {@link NgrokApiError} or {@link NgrokClientError} when a page cannot be read.
 */
export async function listSshHostCertificates(
  client: NgrokClient,
  filter: SshCertificateFilter = {},
): Promise<SshHostCertificateRecord[]> {
  return listCertificatesOf<SshHostCertificateRecord>(client, HOST, filter);
}
