/**
 * Reading SSH certificate authorities without managing them: what the SDK's lookup functions
 * (`getSshCertificateAuthority`, `getSshCertificateAuthorities`) run in the program's process.
 *
 * Only `GET` requests, retried as every request of the provider's client is. Each CA comes back
 * as the resource's outputs with its id; its key parameters are read from its public key (see
 * `./keyParameters`), since ngrok never returns them.
 *
 * `provider/index.ts` exports this module, so it is loaded with the provider (by `check` and
 * `diff` too): it loads the wire format (zod) only when it is used.
 *
 * @module
 */
import type { NgrokClient } from "../client";
import { requireLookupId } from "../common/ids";
import type * as ApiModule from "./api";
import { CA_ID_PREFIX, type SshCertificateAuthorityOutputs } from "./definition";
import { keyParametersOfCa } from "./keyParameters";
import { load } from "../lazy";

/** The wire format (zod schemas), loaded on first use (see the module comment). */
const api = load.caApi;

/** One CA as a lookup returns it: the outputs of the resource, and the CA's id (`sshca_…`). */
export interface SshCertificateAuthorityRecord extends SshCertificateAuthorityOutputs {
  /** ngrok's id, `sshca_…`. */
  id: string;
}

/**
 * What {@link listSshCertificateAuthorities} keeps: every field that is set must be equal
 * (exactly; absent and `""` are the same for `description` and `metadata`).
 */
export interface SshCertificateAuthorityFilter {
  readonly description?: string;
  readonly metadata?: string;
  /** `"rsa"`, `"ecdsa"` or `"ed25519"`. */
  readonly privateKeyType?: string;
}

/**
 * One `GET /ssh_certificate_authorities/{id}`.
 *
 * @throws TypeError when `id` is not a CA id (`sshca_…`), before any request.
 * @throws {@link NgrokApiError} when ngrok refuses, e.g. 404 when there is no such CA.
 */
export async function lookupSshCertificateAuthority(
  client: NgrokClient,
  id: string,
): Promise<SshCertificateAuthorityRecord> {
  requireLookupId("getSshCertificateAuthority", "SSH certificate authority", CA_ID_PREFIX, id);
  const ca = await client.request({
    method: "GET",
    path: api().itemPath(id),
    schema: api().sshCertificateAuthoritySchema,
  });
  return record(ca);
}

/**
 * Every CA of the account that `filter` keeps, newest first: `GET /ssh_certificate_authorities`
 * 100 at a time, following `next_page_uri` to the last page (250 CAs are 3 requests).
 *
 * @throws {@link NgrokApiError} or {@link NgrokClientError} when a page cannot be read.
 */
export async function listSshCertificateAuthorities(
  client: NgrokClient,
  filter: SshCertificateAuthorityFilter = {},
): Promise<SshCertificateAuthorityRecord[]> {
  const found: SshCertificateAuthorityRecord[] = [];
  for await (const ca of client.list(
    `${api().COLLECTION_PATH}?limit=100`,
    "ssh_certificate_authorities",
    api().sshCertificateAuthorityListSchema,
  )) {
    if (
      (filter.description === undefined || (ca.description ?? "") === filter.description) &&
      (filter.metadata === undefined || (ca.metadata ?? "") === filter.metadata) &&
      (filter.privateKeyType === undefined || ca.key_type === filter.privateKeyType)
    ) {
      found.push(record(ca));
    }
  }
  return found;
}

function record(ca: ApiModule.SshCertificateAuthorityResponse): SshCertificateAuthorityRecord {
  return { id: ca.id, ...api().toOutputs(ca, keyParametersOfCa(ca)) };
}
