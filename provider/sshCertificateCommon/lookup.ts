/**
 * Reading SSH certificates without managing them: what the SDK's lookup functions
 * (`getSshHostCertificate`, `getSshHostCertificates`, `getSshUserCertificate`,
 * `getSshUserCertificates`) run in the program's process, one implementation for both
 * {@link CertificateKind}s (`../sshHostCertificate/lookup` and `../sshUserCertificate/lookup` name
 * each kind's functions).
 *
 * Only `GET` requests, retried as every request of the provider's client is. Each certificate
 * comes back as the resource's outputs with its id.
 *
 * `provider/index.ts` exports this module, so it is loaded with the provider (by `check` and
 * `diff` too): it loads the wire format (zod) only when it is used.
 *
 * @module
 */
import type { NgrokClient } from "../client";
import { requireLookupId } from "../common/ids";
import type * as ApiModule from "./api";
import type { SshCertificateOutputs } from "./properties";
import type { CertificateKind } from "./kinds";
import { load } from "../lazy";
import { derivedAs } from "../common/derived";

/** The wire format (zod schemas), loaded on first use (see the module comment). */
const api = load.certificateApi;

/**
 * A certificate of either kind as a lookup returns it: the resource's outputs (the user
 * certificate's maps only for user certificates) and ngrok's id.
 */
export type SshCertificateRecord = Omit<SshCertificateOutputs, "criticalOptions" | "extensions"> & {
  /** ngrok's id, `shcrt_…` or `sucrt_…`. */
  id: string;
};

/**
 * What a list of certificates keeps: every field that is set must match (exactly; absent and
 * `""` are the same for `description` and `metadata`); none set keeps every certificate.
 */
export interface SshCertificateFilter {
  /** The signing CA's id, `sshca_…`. */
  readonly sshCertificateAuthorityId?: string;
  readonly description?: string;
  readonly metadata?: string;
  /** One of the certificate's principals (a certificate without principals has none to match). */
  readonly principal?: string;
}

/**
 * One `GET <kind.path>/{id}`: the certificate as the resource's outputs, with its id.
 *
 * @throws TypeError when `id` is not an id of this kind (`shcrt_…`, `sucrt_…`), before any
 *   request.
 * @throws {@link NgrokApiError} when ngrok refuses, e.g. 404 when there is no such certificate.
 */
export async function lookupCertificate<Found extends SshCertificateRecord>(
  client: NgrokClient,
  kind: CertificateKind,
  id: string,
): Promise<Found> {
  requireLookupId(`get${kind.type}`, kind.noun, kind.idPrefix, id);
  const certificate = await client.request({
    method: "GET",
    path: api().itemPath(kind, id),
    schema: api().certificateSchema(kind),
  });
  return record<Found>(kind, certificate);
}

/**
 * Every certificate of `kind` that `filter` keeps, newest first: `GET <kind.path>` 100 at a time,
 * following `next_page_uri` to the last page (250 certificates are 3 requests).
 *
 * @throws {@link NgrokApiError} or {@link NgrokClientError} when a page cannot be read.
 */
export async function listCertificatesOf<Found extends SshCertificateRecord>(
  client: NgrokClient,
  kind: CertificateKind,
  filter: SshCertificateFilter = {},
): Promise<Found[]> {
  const { sshCertificateAuthorityId, description, metadata, principal } = filter;
  const found: Found[] = [];
  for await (const certificate of api().listCertificates(client, kind)) {
    if (
      (sshCertificateAuthorityId === undefined ||
        certificate.ssh_certificate_authority_id === sshCertificateAuthorityId) &&
      (description === undefined || (certificate.description ?? "") === description) &&
      (metadata === undefined || (certificate.metadata ?? "") === metadata) &&
      (principal === undefined || (certificate.principals ?? []).includes(principal))
    ) {
      found.push(record<Found>(kind, certificate));
    }
  }
  return found;
}

/** A certificate of `kind` as a lookup returns it (`Found`: the kind's own record type). */
function record<Found extends SshCertificateRecord>(
  kind: CertificateKind,
  certificate: ApiModule.SshCertificateResponse,
): Found {
  return derivedAs<Found>({ id: certificate.id, ...api().toOutputs(kind, certificate) });
}
