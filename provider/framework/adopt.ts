/**
 * Adopting an existing object: the create path of a resource whose definition names an adoption
 * input (`pendingCreates.adoptBy`, the SSH CA's `adoptExistingId`) when the program sets it.
 *
 * Pulumi cannot `import` dynamic resources (pulumi/pulumi#3550, #16175), and an object made in the
 * dashboard must come under Pulumi without being made again (a new CA is a new key in every
 * sshd). So create, given the input, takes that object over instead of making one:
 *
 * 1. One `GET <path>/{id}`. A 404 refuses (there is nothing to adopt; an object is never created
 *    in its place).
 * 2. What no update can change is compared with the declared inputs (the resource's `sameObject`,
 *    e.g. the CA's key parameters against its public key, see `./implementation`). A difference
 *    refuses: creating another object is what adoption exists to avoid.
 * 3. When `description` or `metadata` differ from the declared ones (absent and `""` are the
 *    same), one `PATCH` sets both, as an update would (an undeclared one is cleared).
 * 4. The object's id becomes the resource's id. No `POST` is ever sent.
 *
 * Every refusal happens before any write and throws {@link AdoptionError}.
 *
 * An object adopted here is remembered for the rest of this process (the dynamic-provider host
 * runs one deployment): a second resource of the same deployment cannot adopt it too, and the
 * delete of another resource holding the same id in this deployment (the resource being replaced
 * by `pulumi up --replace`, or renamed without `aliases`, whose create adopted the object again)
 * leaves the object in place, since the new resource now manages it.
 *
 * @module
 */
import type { z } from "zod";
import type { NgrokClient } from "../client";
import { isBranded } from "../client/brand";

/** Ids adopted (or being adopted) in this process. */
const adopted = new Set<string>();

/** Why an adoption was refused. */
export type AdoptionRefusal = "not-found" | "key-mismatch" | "unreadable-key" | "already-adopted";

/**
 * Create refused to adopt the object its adoption input names; nothing was changed (no `PATCH`,
 * no `POST`) and nothing was recorded in state. Its `name` is `<Resource>AdoptionError`, e.g.
 * `SshCertificateAuthorityAdoptionError` (exported under that name).
 */
export class AdoptionError extends Error {
  /** Brand checked by {@link AdoptionError.isInstance}. */
  public readonly __adoptionError = true;

  constructor(
    /** The resource's type name, e.g. `SshCertificateAuthority`. */
    resource: string,
    /** In sentences, e.g. `SSH certificate authority`. */
    noun: string,
    /** The id of the object named by the adoption input. */
    public readonly objectId: string,
    /** Why it was refused. */
    public readonly refusal: AdoptionRefusal,
    reason: string,
  ) {
    super(`refusing to adopt the ${noun} ${objectId}: ${reason}; nothing was changed`);
    this.name = `${resource}AdoptionError`;
  }

  /** True when `obj` is an {@link AdoptionError}, from any copy of this package. */
  public static isInstance(obj: unknown): obj is AdoptionError {
    return isBranded(obj, "__adoptionError");
  }
}

/** An object with the free-text fields an adoption sets. */
interface TextFields {
  readonly description?: string;
  readonly metadata?: string;
}

/** What {@link adoptObject} needs of the resource and of the create. */
export interface AdoptionSpec<Item extends TextFields> {
  /** The resource's type name and its words (see `./resource`, `objectNames`). */
  readonly resource: string;
  readonly names: { readonly noun: string; readonly short: string; readonly cli: string };
  /** The adoption input, e.g. `adoptExistingId`. */
  readonly input: string;
  /** The object's path, `<path>/{id}`. */
  readonly path: string;
  readonly schema: z.ZodType<Item>;
  /** The declared `description` and `metadata`. */
  readonly declared: TextFields;
  /** Why `live` cannot be the declared object, or `undefined` when it can (see the module comment). */
  readonly refusal: (live: Item) => { refusal: AdoptionRefusal; reason: string } | undefined;
  /** The body of the `PATCH` that sets the declared `description` and `metadata`. */
  readonly patchBody: Record<string, unknown>;
}

/**
 * Adopts the object `id` (see the module comment): one `GET`, at most one `PATCH`, no `POST`.
 * Returns the object as ngrok holds it afterwards.
 *
 * @throws {@link AdoptionError} when the object does not exist, is not the declared one, or
 *   another resource of this deployment adopted it; nothing was changed.
 * @throws {@link NgrokApiError} or {@link NgrokClientError} when the `GET` or the `PATCH` fails.
 */
export async function adoptObject<Item extends TextFields>(
  client: NgrokClient,
  id: string,
  spec: AdoptionSpec<Item>,
): Promise<Item> {
  const { noun, short, cli } = spec.names;
  const refuse = (refusal: AdoptionRefusal, reason: string) =>
    new AdoptionError(spec.resource, noun, id, refusal, reason);
  if (adopted.has(id)) {
    throw refuse(
      "already-adopted",
      `another resource of this deployment adopts it already; a ${short} is managed by one resource`,
    );
  }
  adopted.add(id);
  try {
    const live = await client.requestUnlessNotFound({
      method: "GET",
      path: spec.path,
      schema: spec.schema,
    });
    if (live === undefined) {
      throw refuse(
        "not-found",
        `ngrok has no such ${short} (GET ${spec.path} answered 404). Check the id ` +
          `(\`ngrok api ${cli} list\`), or remove ${spec.input} to create a new ${short}`,
      );
    }
    const refused = spec.refusal(live);
    if (refused !== undefined) throw refuse(refused.refusal, refused.reason);
    if (
      sameText(live.description, spec.declared.description) &&
      sameText(live.metadata, spec.declared.metadata)
    ) {
      client.debug(`ngrok: adopted the ${noun} ${id} as it is`);
      return live;
    }
    const patched = await client.request({
      method: "PATCH",
      path: spec.path,
      body: spec.patchBody,
      schema: spec.schema,
    });
    client.debug(`ngrok: adopted the ${noun} ${id}; set its description and metadata`);
    return patched;
  } catch (error) {
    adopted.delete(id);
    throw error;
  }
}

/** Absent and `""` are the same (ngrok omits empty fields). */
function sameText(live: string | undefined, declared: string | undefined): boolean {
  return (live ?? "") === (declared ?? "");
}

/**
 * True when a create of this process adopted the object `id`: the delete of another resource that
 * holds the same id must then leave the object in place (see the module comment).
 */
export function adoptedInThisDeployment(id: string): boolean {
  return adopted.has(id);
}

/** Forgets the adoptions of this process, as a new deployment starts without any (for tests). */
export function resetAdoptions(): void {
  adopted.clear();
}
