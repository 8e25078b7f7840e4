/**
 * Lookup functions for SSH certificate authorities: read CAs that a program does not manage.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import type { SshCertificateAuthorityRecord } from "../../provider";
import { implementation, programClient } from "./programClient";
import type * as generated from "../generated/types";

export type {
  GetSshCertificateAuthoritiesArgs,
  GetSshCertificateAuthoritiesOutputArgs,
  GetSshCertificateAuthorityArgs,
  GetSshCertificateAuthorityOutputArgs,
  GetSshCertificateAuthorityResult,
} from "../generated/types";

/** What {@link getSshCertificateAuthorities} returns. */
export interface GetSshCertificateAuthoritiesResult {
  /** The CAs the arguments keep, newest first (ngrok's order). */
  sshCertificateAuthorities: generated.GetSshCertificateAuthorityResult[];
}

/**
 * Reads one SSH certificate authority by id, without managing it: one
 * `GET /ssh_certificate_authorities/{id}` from the program's process, at every `pulumi preview`
 * and `pulumi up`. Its key parameters come from its public key (ngrok never returns them).
 *
 * Configuration as for the resources (stack config `ngrok:apiKey`, `ngrok:apiBaseUrl`, the
 * retry settings, then `NGROK_API_KEY`, …); requests are retried as the resources' are. This is
 * not a Pulumi invoke: `pulumi.runtime.setMocks` does not intercept it.
 *
 * @example
 * ```ts
 * const ca = await getSshCertificateAuthority({ id: "sshca_2Z…" });
 * export const trustedUserCaKey = ca.publicKey;
 * ```
 * @throws TypeError when `id` is not a CA id, before any request.
 * @throws NgrokApiError from the API, e.g. 404 when there is no such CA.
 * @throws NgrokConfigurationError when no API key is configured.
 */
export async function getSshCertificateAuthority(
  args: generated.GetSshCertificateAuthorityArgs,
): Promise<generated.GetSshCertificateAuthorityResult> {
  const found = await implementation().lookupSshCertificateAuthority(programClient(), args.id);
  return result(found);
}

/**
 * {@link getSshCertificateAuthority} with inputs, as an output: for an id that another
 * resource's output gives.
 */
export function getSshCertificateAuthorityOutput(
  args: generated.GetSshCertificateAuthorityOutputArgs,
): pulumi.Output<generated.GetSshCertificateAuthorityResult> {
  return pulumi.output(args).apply((resolved) => getSshCertificateAuthority(resolved));
}

/**
 * Reads every SSH certificate authority of the account that `args` keeps, without managing
 * them: `GET /ssh_certificate_authorities` 100 at a time, following `next_page_uri` through all
 * pages (250 CAs are 3 requests), from the program's process at every `pulumi preview` and
 * `pulumi up`; the filter is applied here. Configuration and retries as for
 * {@link getSshCertificateAuthority}.
 *
 * @example
 * ```ts
 * const { sshCertificateAuthorities } = await getSshCertificateAuthorities({
 *   description: "Production user CA",
 * });
 * ```
 * @throws NgrokApiError or NgrokClientError when a page cannot be read.
 * @throws NgrokConfigurationError when no API key is configured.
 */
export async function getSshCertificateAuthorities(
  args: generated.GetSshCertificateAuthoritiesArgs = {},
): Promise<GetSshCertificateAuthoritiesResult> {
  const found = await implementation().listSshCertificateAuthorities(programClient(), args);
  return { sshCertificateAuthorities: found.map(result) };
}

/** {@link getSshCertificateAuthorities} with inputs, as an output. */
export function getSshCertificateAuthoritiesOutput(
  args: generated.GetSshCertificateAuthoritiesOutputArgs = {},
): pulumi.Output<GetSshCertificateAuthoritiesResult> {
  return pulumi.output(args).apply((resolved) => getSshCertificateAuthorities(resolved));
}

/** The result's fields of the provider's record (without `adoptExistingId`, never set here). */
function result({
  adoptExistingId: _unset,
  ...fields
}: SshCertificateAuthorityRecord): generated.GetSshCertificateAuthorityResult {
  return fields;
}
