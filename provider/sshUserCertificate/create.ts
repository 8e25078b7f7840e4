/**
 * Creating an SSH user certificate exactly once: `POST /ssh_user_certificates` is never sent twice,
 * and after a failure that may have acted the certificate is looked for, as
 * `../sshCertificateCommon/create` describes (one implementation for both kinds of certificate).
 *
 * @module
 */
import type { NgrokClient } from "../client";
import { createCertificate } from "../sshCertificateCommon/create";
import { USER, type SshUserCertificateInputs } from "./definition";

/**
 * `POST /ssh_user_certificates` once (see `createCertificate` in `../sshCertificateCommon/create`).
 *
 * @throws {@link NgrokApiError} when the API refused the request (nothing was created).
 * @throws {@link NgrokClientError} when the outcome stays unknown.
 */
export const createOnce = (client: NgrokClient, inputs: SshUserCertificateInputs) =>
  createCertificate(client, USER, inputs);
