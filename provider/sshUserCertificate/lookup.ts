/**
 * Reading SSH user certificates without managing them: what the SDK's lookup functions
 * (`getSshUserCertificate`, `getSshUserCertificates`) run in the program's process. One
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
import { USER, type SshUserCertificateOutputs } from "./definition";

/** One user certificate as a lookup returns it: the outputs of the resource, and its id (`sucrt_…`). */
export interface SshUserCertificateRecord extends SshUserCertificateOutputs {
  /** ngrok's id, `sucrt_…`. */
  id: string;
}

/**
 * One `GET /ssh_user_certificates/{id}`.
 *
 * @throws TypeError when `id` is not a user certificate id (`sucrt_…`), before any request.
 * @throws {@link NgrokApiError} when ngrok refuses, e.g. 404 when there is no such certificate.
 */
export async function lookupSshUserCertificate(
  client: NgrokClient,
  id: string,
): Promise<SshUserCertificateRecord> {
  return lookupCertificate<SshUserCertificateRecord>(client, USER, id);
}

/**
 * Every user certificate of the account that `filter` keeps, newest first:
 * `GET /ssh_user_certificates` 100 at a time, through every page.
 *
 * @throws {@link NgrokApiError} or {@link NgrokClientError} when a page cannot be read.
 */
export async function listSshUserCertificates(
  client: NgrokClient,
  filter: SshCertificateFilter = {},
): Promise<SshUserCertificateRecord[]> {
  return listCertificatesOf<SshUserCertificateRecord>(client, USER, filter);
}
