/**
 * Lookup functions for SSH host certificates: read certificates that a program does not manage.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { implementation, programClient } from "./programClient";
import type {
  GetSshCertificateArgs,
  GetSshCertificateOutputArgs,
  GetSshCertificateResult,
  GetSshCertificatesArgs,
  GetSshCertificatesOutputArgs,
} from "./sshCertificate";

/** What {@link getSshHostCertificates} returns. */
export interface GetSshHostCertificatesResult {
  /** The host certificates the arguments keep, newest first (ngrok's order). */
  sshHostCertificates: GetSshCertificateResult[];
}

/**
 * Reads one SSH host certificate by id, without managing it: one
 * `GET /ssh_host_certificates/{id}` from the program's process, at every `pulumi preview` and
 * `pulumi up`.
 *
 * Configuration as for the resources (stack config `ngrok:apiKey`, `ngrok:apiBaseUrl`, the
 * retry settings, then `NGROK_API_KEY`, …); requests are retried as the resources' are. This is
 * not a Pulumi invoke: `pulumi.runtime.setMocks` does not intercept it.
 *
 * @example
 * ```ts
 * const web1 = await getSshHostCertificate({ id: "shcrt_2Z…" });
 * export const web1Certificate = web1.certificate;
 * ```
 * @throws TypeError when `id` is not a host certificate id (`shcrt_…`), before any request.
 * @throws NgrokApiError from the API, e.g. 404 when there is no such certificate.
 * @throws NgrokConfigurationError when no API key is configured.
 */
export async function getSshHostCertificate(
  args: GetSshCertificateArgs,
): Promise<GetSshCertificateResult> {
  return implementation().lookupSshHostCertificate(programClient(), args.id);
}

/**
 * {@link getSshHostCertificate} with inputs, as an output: for an id that another resource's
 * output gives.
 */
export function getSshHostCertificateOutput(
  args: GetSshCertificateOutputArgs,
): pulumi.Output<GetSshCertificateResult> {
  return pulumi.output(args).apply((resolved) => getSshHostCertificate(resolved));
}

/**
 * Reads every SSH host certificate of the account that `args` keeps, without managing them:
 * `GET /ssh_host_certificates` 100 at a time, following `next_page_uri` through all pages (250
 * certificates are 3 requests), from the program's process at every `pulumi preview` and
 * `pulumi up`; the filter is applied here. Configuration and retries as for
 * {@link getSshHostCertificate}.
 *
 * @example
 * ```ts
 * const { sshHostCertificates } = await getSshHostCertificates({
 *   sshCertificateAuthorityId: "sshca_2Z…",
 *   principal: "web1.example.com",
 * });
 * ```
 * @throws NgrokApiError or NgrokClientError when a page cannot be read.
 * @throws NgrokConfigurationError when no API key is configured.
 */
export async function getSshHostCertificates(
  args: GetSshCertificatesArgs = {},
): Promise<GetSshHostCertificatesResult> {
  const found = await implementation().listSshHostCertificates(programClient(), args);
  return { sshHostCertificates: found };
}

/** {@link getSshHostCertificates} with inputs, as an output. */
export function getSshHostCertificatesOutput(
  args: GetSshCertificatesOutputArgs = {},
): pulumi.Output<GetSshHostCertificatesResult> {
  return pulumi.output(args).apply((resolved) => getSshHostCertificates(resolved));
}
