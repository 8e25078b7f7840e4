/**
 * Lookup functions for SSH user certificates: read certificates that a program does not manage.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { implementation, programClient } from "./programClient";
import type {
  GetSshCertificateArgs,
  GetSshCertificateOutputArgs,
  GetSshCertificatesArgs,
  GetSshCertificatesOutputArgs,
} from "./sshCertificate";
import type { GetSshUserCertificateResult } from "../generated/types";

export type { GetSshUserCertificateResult } from "../generated/types";

/** What {@link getSshUserCertificates} returns. */
export interface GetSshUserCertificatesResult {
  /** The user certificates the arguments keep, newest first (ngrok's order). */
  sshUserCertificates: GetSshUserCertificateResult[];
}

/**
 * Reads one SSH user certificate by id, without managing it: one
 * `GET /ssh_user_certificates/{id}` from the program's process, at every `pulumi preview` and
 * `pulumi up`.
 *
 * Configuration as for the resources (stack config `ngrok:apiKey`, `ngrok:apiBaseUrl`, the
 * retry settings, then `NGROK_API_KEY`, …); requests are retried as the resources' are. This is
 * not a Pulumi invoke: `pulumi.runtime.setMocks` does not intercept it.
 *
 * @example
 * ```ts
 * const deploy = await getSshUserCertificate({ id: "sucrt_2Z…" });
 * export const deployValidUntil = deploy.validUntil;
 * ```
 * @throws TypeError when `id` is not a user certificate id (`sucrt_…`), before any request.
 * @throws NgrokApiError from the API, e.g. 404 when there is no such certificate.
 * @throws NgrokConfigurationError when no API key is configured.
 */
export async function getSshUserCertificate(
  args: GetSshCertificateArgs,
): Promise<GetSshUserCertificateResult> {
  return implementation().lookupSshUserCertificate(programClient(), args.id);
}

/**
 * {@link getSshUserCertificate} with inputs, as an output: for an id that another resource's
 * output gives.
 */
export function getSshUserCertificateOutput(
  args: GetSshCertificateOutputArgs,
): pulumi.Output<GetSshUserCertificateResult> {
  return pulumi.output(args).apply((resolved) => getSshUserCertificate(resolved));
}

/**
 * Reads every SSH user certificate of the account that `args` keeps, without managing them:
 * `GET /ssh_user_certificates` 100 at a time, following `next_page_uri` through all pages (250
 * certificates are 3 requests), from the program's process at every `pulumi preview` and
 * `pulumi up`; the filter is applied here. Configuration and retries as for
 * {@link getSshUserCertificate}.
 *
 * @example
 * ```ts
 * const { sshUserCertificates } = await getSshUserCertificates({ principal: "deploy" });
 * export const deployCertificateIds = sshUserCertificates.map((c) => c.id);
 * ```
 * @throws NgrokApiError or NgrokClientError when a page cannot be read.
 * @throws NgrokConfigurationError when no API key is configured.
 */
export async function getSshUserCertificates(
  args: GetSshCertificatesArgs = {},
): Promise<GetSshUserCertificatesResult> {
  const found = await implementation().listSshUserCertificates(programClient(), args);
  return { sshUserCertificates: found };
}

/** {@link getSshUserCertificates} with inputs, as an output. */
export function getSshUserCertificatesOutput(
  args: GetSshCertificatesOutputArgs = {},
): pulumi.Output<GetSshUserCertificatesResult> {
  return pulumi.output(args).apply((resolved) => getSshUserCertificates(resolved));
}
