/**
 * Adopting an existing SSH certificate authority: the create path of a resource that sets
 * `adoptExistingId`.
 *
 * Pulumi cannot `import` dynamic resources (pulumi/pulumi#3550, #16175), and a CA made in the
 * dashboard must come under Pulumi without a new key (a new CA is a new key in every sshd). So
 * create, given `adoptExistingId`, takes that CA over instead of making one:
 *
 * 1. One `GET /ssh_certificate_authorities/{id}`. A 404 refuses (there is nothing to adopt; a CA
 *    is never created in its place).
 * 2. The declared key parameters are compared with the CA's public key (key type, ECDSA curve,
 *    RSA modulus bits, with `check`'s defaults applied: see `./keyParameters`). A difference
 *    refuses: a CA's key never changes, and creating another one is what adoption exists to
 *    avoid.
 * 3. When `description` or `metadata` differ from the declared ones (absent and `""` are the
 *    same), one `PATCH` sets both, as an update would (an undeclared one is cleared).
 * 4. The CA's id becomes the resource's id. No `POST` is ever sent.
 *
 * Every refusal happens before any write and throws {@link SshCertificateAuthorityAdoptionError}.
 *
 * A CA adopted here is remembered for the rest of this process (the dynamic-provider host runs
 * one deployment): a second resource of the same deployment cannot adopt it too, and the delete
 * of another resource holding the same id in this deployment (the resource being replaced by
 * `pulumi up --replace`, or renamed without `aliases`, whose create adopted the CA again) leaves
 * the CA in place, since the new resource now manages it.
 *
 * @module
 */
import type { NgrokClient } from "../client";
import { isBranded, propertyOf } from "../client/brand";
import type * as ApiModule from "./api";
import type { SshCertificateAuthorityInputs } from "./definition";
import { keyMismatch, publicKeyFacts } from "./keyParameters";
import { load } from "../lazy";

/** The wire format (zod schemas), loaded on first use. */
const api = load.caApi;

/** Ids adopted (or being adopted) in this process. */
const adopted = new Set<string>();

/** Why an adoption was refused. */
export type AdoptionRefusal = "not-found" | "key-mismatch" | "unreadable-key" | "already-adopted";

/**
 * Create refused to adopt the CA named by `adoptExistingId`; nothing was changed (no `PATCH`, no
 * `POST`) and nothing was recorded in state.
 */
export class SshCertificateAuthorityAdoptionError extends Error {
  /** Brand checked by {@link SshCertificateAuthorityAdoptionError.isInstance}. */
  public readonly __sshCertificateAuthorityAdoptionError = true;

  constructor(
    /** The CA id of `adoptExistingId`. */
    public readonly caId: string,
    /** Why it was refused. */
    public readonly refusal: AdoptionRefusal,
    reason: string,
  ) {
    super(
      `refusing to adopt the SSH certificate authority ${caId}: ${reason}; nothing was changed`,
    );
    this.name = "SshCertificateAuthorityAdoptionError";
  }

  /** True when `obj` is a {@link SshCertificateAuthorityAdoptionError}, from any copy of this package. */
  public static isInstance(obj: unknown): obj is SshCertificateAuthorityAdoptionError {
    return isBranded(obj, "__sshCertificateAuthorityAdoptionError");
  }
}

/**
 * Adopts the CA `inputs.adoptExistingId` (see the module comment): one `GET`, at most one
 * `PATCH`, no `POST`. Returns the CA as ngrok holds it afterwards.
 *
 * @throws {@link SshCertificateAuthorityAdoptionError} when the CA does not exist, its key
 *   differs from the declared one or cannot be read, or another resource of this deployment
 *   adopted it; nothing was changed.
 * @throws {@link NgrokApiError} or {@link NgrokClientError} when the `GET` or the `PATCH` fails.
 */
export async function adoptCertificateAuthority(
  client: NgrokClient,
  inputs: SshCertificateAuthorityInputs & { adoptExistingId: string },
): Promise<ApiModule.SshCertificateAuthorityResponse> {
  const id = inputs.adoptExistingId;
  if (adopted.has(id)) {
    throw new SshCertificateAuthorityAdoptionError(
      id,
      "already-adopted",
      "another resource of this deployment adopts it already; a CA is managed by one resource",
    );
  }
  adopted.add(id);
  try {
    const live = await client.requestUnlessNotFound({
      method: "GET",
      path: api().itemPath(id),
      schema: api().sshCertificateAuthoritySchema,
    });
    if (live === undefined) {
      throw new SshCertificateAuthorityAdoptionError(
        id,
        "not-found",
        `ngrok has no such CA (GET ${api().itemPath(id)} answered 404). Check the id ` +
          "(`ngrok api ssh-certificate-authorities list`), or remove adoptExistingId to create a new CA",
      );
    }
    refuseOtherKey(id, inputs, live.public_key);
    if (
      sameText(live.description, inputs.description) &&
      sameText(live.metadata, inputs.metadata)
    ) {
      client.debug(`ngrok: adopted the SSH certificate authority ${id} as it is`);
      return live;
    }
    const patched = await client.request({
      method: "PATCH",
      path: api().itemPath(id),
      body: api().updateBody(inputs),
      schema: api().sshCertificateAuthoritySchema,
    });
    client.debug(
      `ngrok: adopted the SSH certificate authority ${id}; set its description and metadata`,
    );
    return patched;
  } catch (error) {
    adopted.delete(id);
    throw error;
  }
}

/** Throws when the declared key parameters are not those of `publicKey`. */
function refuseOtherKey(id: string, inputs: SshCertificateAuthorityInputs, publicKey: string) {
  let mismatch: string | undefined;
  try {
    mismatch = keyMismatch(inputs, publicKeyFacts(publicKey));
  } catch (error) {
    throw new SshCertificateAuthorityAdoptionError(
      id,
      "unreadable-key",
      `its public key could not be read to compare it with the declared key parameters ` +
        `(${propertyOf(error, "message")})`,
    );
  }
  if (mismatch !== undefined) {
    throw new SshCertificateAuthorityAdoptionError(
      id,
      "key-mismatch",
      `${mismatch}. A CA's key never changes: declare the key parameters of the CA, or remove ` +
        "adoptExistingId to create a new CA (with a new key to distribute)",
    );
  }
}

/** Absent and `""` are the same (ngrok omits empty fields). */
function sameText(live: string | undefined, declared: string | undefined): boolean {
  return (live ?? "") === (declared ?? "");
}

/**
 * True when a create of this process adopted the CA `id`: the delete of another resource that
 * holds the same id must then leave the CA in place (see the module comment).
 */
export function adoptedInThisDeployment(id: string): boolean {
  return adopted.has(id);
}

/** Forgets the adoptions of this process, as a new deployment starts without any (for tests). */
export function resetAdoptions(): void {
  adopted.clear();
}
