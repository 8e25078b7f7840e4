/**
 * Creating an SSH host certificate exactly once: `POST /ssh_host_certificates` is never sent twice,
 * and after a failure that may have acted the certificate is looked for, as
 * `../sshCertificateCommon/create` describes (one implementation for both kinds of certificate).
 *
 * @module
 */
import type { NgrokClient } from "../client";
import { createCertificate } from "../sshCertificateCommon/create";
import { HOST, type SshHostCertificateInputs } from "./definition";

/**
 * `POST /ssh_host_certificates` once (see `createCertificate` in `../sshCertificateCommon/create`).
 *
 * @throws {@link NgrokApiError} when the API refused the request (nothing was created).
 * @throws {@link NgrokClientError} when the outcome stays unknown.
 */
export const createOnce = (client: NgrokClient, inputs: SshHostCertificateInputs) =>
  createCertificate(client, HOST, inputs);
