/**
 * Why an SSH certificate authority cannot be deleted: ngrok refuses to delete a CA while
 * certificates it signed exist (`ERR_NGROK_1964`, `contributing/reference/ngrok-ssh-certificates.md` §4), and its
 * message does not say which. {@link explainAuthorityInUse} finds them (both kinds, every page)
 * and throws {@link SshCertificateAuthorityInUseError}, which names them.
 *
 * The certificates are defined above the CA (they name its id and key types), so this module does
 * not import their definitions: it reads the collections that hold what a CA signs,
 * {@link SIGNED_COLLECTIONS}, as ngrok's documents name them (`tests/provider/registry.test.ts`
 * checks that they are the collections of every resource whose input names a CA).
 *
 * The wire format (zod) is loaded only when a delete was refused.
 *
 * @module
 */
import type { NgrokClient } from "../client";
import { isBranded, propertyOf } from "../client/brand";
import { NgrokApiError } from "../client/errors";
import { pageSchema } from "../framework/wire";
import { load } from "../lazy";

/**
 * The collections of the objects a CA signs, whose field `ssh_certificate_authority_id` names it:
 * the host and the user certificates (`contributing/reference/ngrok-ssh-certificates.md` §1 and §4).
 */
export const SIGNED_COLLECTIONS = ["/ssh_host_certificates", "/ssh_user_certificates"] as const;

/**
 * Every SSH certificate of the account, of both kinds, every page: what ngrok's `ERR_NGROK_1964`
 * is about. Each has its id and the id of the CA that signed it.
 */
async function* signedCertificates(client: NgrokClient) {
  const { z } = load.zod();
  const certificate = z.object({ id: z.string(), ssh_certificate_authority_id: z.string() });
  for (const path of SIGNED_COLLECTIONS) {
    yield* client.list(`${path}?limit=100`, "items", pageSchema(path.slice(1), certificate));
  }
}

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
 * {@link SshCertificateAuthorityInUseError} naming the certificates the CA signed (found with
 * `GET /ssh_host_certificates` and `GET /ssh_user_certificates`, every page); any other error is
 * returned unchanged.
 */
export async function explainAuthorityInUse(
  client: NgrokClient,
  caId: string,
  error: unknown,
): Promise<unknown> {
  if (!NgrokApiError.isInstance(error) || error.errorCode !== CA_IN_USE_CODE) {
    return error;
  }
  const ids: string[] = [];
  try {
    for await (const certificate of signedCertificates(client)) {
      if (certificate.ssh_certificate_authority_id === caId) {
        ids.push(certificate.id);
      }
    }
  } catch (listError) {
    return new SshCertificateAuthorityInUseError(caId, ids, error, listError);
  }
  return new SshCertificateAuthorityInUseError(caId, ids, error);
}
