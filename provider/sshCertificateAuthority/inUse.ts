/**
 * Why an SSH certificate authority cannot be deleted: ngrok refuses to delete a CA while
 * certificates it signed exist (`ERR_NGROK_1964`, `ngrok-ssh-certificates.md` section 4), and its
 * message does not say which. {@link explainAuthorityInUse} finds them (both kinds, every page)
 * and throws {@link SshCertificateAuthorityInUseError}, which names them.
 *
 * The certificates are defined above the CA (they name its id and key types), so this module does
 * not import them: it receives them as {@link SignedCertificates}, which `../index` assembles from
 * `../registry`' `CERTIFICATE_KINDS` (see `../sshCertificateCommon/signedBy`). Its folder imports
 * none of theirs (`tests/repository/importCycles.test.ts`).
 *
 * `provider/index.ts` exports the error class, so this module is loaded with the provider, by
 * `check` and `diff` too: the wire format (zod) is loaded only when a delete was refused.
 *
 * @module
 */
import type { NgrokClient } from "../client";
import { isBranded, propertyOf } from "../client/brand";
import { NgrokApiError } from "../client/errors";

/**
 * Every SSH certificate of the account, of both kinds, every page: what ngrok's `ERR_NGROK_1964`
 * is about. Each has its id and the id of the CA that signed it.
 */
export type SignedCertificates = (
  client: NgrokClient,
) => AsyncIterable<{ readonly id: string; readonly ssh_certificate_authority_id: string }>;

/** ngrok's code for "a CA cannot be deleted while certificates it signed exist". */
export const CA_IN_USE_CODE = "ERR_NGROK_1964";

/**
 * ngrok refused to delete an SSH certificate authority because certificates it signed still
 * exist (`ERR_NGROK_1964`). The message names them; nothing was deleted.
 */
export class SshCertificateAuthorityInUseError extends Error {
  /** Brand checked by {@link SshCertificateAuthorityInUseError.isInstance}. */
  public readonly __sshCertificateAuthorityInUseError = true;
  /** The CA ngrok would not delete (`sshca_…`). */
  public readonly certificateAuthorityId: string;
  /**
   * The host (`shcrt_…`) and user (`sucrt_…`) certificates it signed, as listed after the
   * refusal (empty when none was found any more, or the lists could not be read).
   */
  public readonly certificateIds: readonly string[];
  /** ngrok's answer to the `DELETE`. */
  public readonly refusal: NgrokApiError;

  /** @param listError why the certificates could not be listed, if they could not. */
  constructor(caId: string, ids: readonly string[], refusal: NgrokApiError, listError?: unknown) {
    super(`${inUse(caId, ids, listError)} (${refusal.message})`);
    this.name = "SshCertificateAuthorityInUseError";
    this.certificateAuthorityId = caId;
    this.certificateIds = ids;
    this.refusal = refusal;
  }

  /** True when `obj` is an {@link SshCertificateAuthorityInUseError}, from any copy of this package. */
  public static isInstance(obj: unknown): obj is SshCertificateAuthorityInUseError {
    return isBranded(obj, "__sshCertificateAuthorityInUseError");
  }
}

/** What {@link SshCertificateAuthorityInUseError} says before ngrok's own message. */
function inUse(caId: string, certificateIds: readonly string[], listError?: unknown): string {
  const head = `the SSH certificate authority ${caId}`;
  if (listError !== undefined) {
    return (
      `${head} still has certificates it signed (listing them failed: ${propertyOf(listError, "message")}); ` +
      "find them with `ngrok api ssh-host-certificates list` and `ngrok api " +
      "ssh-user-certificates list` (their ssh_certificate_authority_id) and delete them first"
    );
  }
  if (certificateIds.length === 0) {
    return (
      `${head} had certificates it signed when ngrok refused to delete it, and none is left ` +
      "now: run the delete again"
    );
  }
  return (
    `${head} still has certificates it signed: ${certificateIds.join(", ")}; delete them first ` +
    "(or remove them from the program: Pulumi deletes a certificate before the CA whose id it " +
    "uses), then delete the CA"
  );
}

/**
 * The error a CA's delete throws after `error`: for ngrok's `ERR_NGROK_1964`, an
 * {@link SshCertificateAuthorityInUseError} naming the certificates the CA signed (found in
 * `certificates`: `GET /ssh_host_certificates` and `GET /ssh_user_certificates`, every page); any
 * other error is returned unchanged.
 */
export async function explainAuthorityInUse(
  client: NgrokClient,
  caId: string,
  error: unknown,
  certificates: SignedCertificates,
): Promise<unknown> {
  if (!NgrokApiError.isInstance(error) || error.errorCode !== CA_IN_USE_CODE) {
    return error;
  }
  const ids: string[] = [];
  try {
    for await (const certificate of certificates(client)) {
      if (certificate.ssh_certificate_authority_id === caId) {
        ids.push(certificate.id);
      }
    }
  } catch (listError) {
    return new SshCertificateAuthorityInUseError(caId, ids, error, listError);
  }
  return new SshCertificateAuthorityInUseError(caId, ids, error);
}
