/**
 * Taking over the object that an interrupted deployment created for the same resource, with the
 * stack setting `ngrok:ownershipMarker` on (the resource's metadata then names its owner, see
 * `./ownershipMarker`).
 *
 * When the Pulumi CLI dies between ngrok's answer to a create and the checkpoint write, the
 * object exists in ngrok while the checkpoint records only a "pending create", and the next
 * `pulumi up` creates the resource again. So, before its `POST`, a create with the marker:
 *
 * 1. lists the collection (every page: one `GET` per 100 objects, paced like any request) and
 *    keeps the objects whose marker names this resource's owner, that have what the create would
 *    give them and no update can change ({@link TakeOverSpec.sameObject}: the key, the signed
 *    fields), and that this deployment did not create, take over or delete already;
 * 2. none: the create goes on with its `POST`;
 * 3. one: it is taken over: `description` and `metadata` are set to the declared ones with one
 *    `PATCH` if they differ, a notice says so (`pulumi.log.info`), and it is the create's result;
 *    no `POST` is sent;
 * 4. several: {@link OwnershipMarkerConflictError}, naming them, before any write.
 *
 * An object that carries the marker but another key is not taken (it is the object a
 * replacement is about to delete, or a predecessor made before the program changed the key).
 *
 * Limits, documented in docs/interruptedDeployments.md: Pulumi does not call the provider's diff
 * before the replacement forced by `pulumi up --replace` (or `replaceWith`), so when the inputs
 * did not change such a replacement's create cannot tell the object being replaced from a crashed
 * predecessor; it takes it over, and the delete of the replaced resource then leaves it in place
 * ({@link takenOverInThisDeployment}): the resource keeps its object rather than getting a new
 * one. And two stacks with the same organization, project and stack name (two file backends
 * are both "organization") that share an ngrok account name the same owners.
 *
 * @module
 */
import { type NgrokClient, logInfo } from "../client";
import { isBranded } from "../client/brand";
import { deletedInThisDeployment, isClaimed, markTakenOver } from "./deploymentIds";
import { ownerOf } from "./ownershipMarker";

/** What every object a create can find again has: its id and its RFC 3339 creation time. */
export interface CreatedItem {
  readonly id: string;
  readonly created_at: string;
}

/** The names an error uses for the kind of object, e.g. for SSH CAs. */
export interface ObjectNames {
  /** After "creating the", e.g. `SSH certificate authority`. */
  readonly noun: string;
  /** One object in a sentence, e.g. `CA`. */
  readonly short: string;
  /** Several, e.g. `CAs`. */
  readonly plural: string;
  /** The `ngrok api` subcommand of the collection, e.g. `ssh-certificate-authorities`. */
  readonly cli: string;
}

/** The collection a create lists: every object, newest first, through every page. */
export interface Collection<Item> {
  readonly list: (
    client: NgrokClient,
    onHeaders: (headers: { get(name: string): string | null }) => void,
  ) => AsyncIterable<Item>;
  readonly names: ObjectNames;
}

/** An object with the free-text fields the marker lives in. */
export interface MarkedItem extends CreatedItem {
  readonly description?: string;
  readonly metadata?: string;
}

/** How a create with the ownership marker recognises and takes over its predecessor. */
export interface TakeOverSpec<Item extends CreatedItem> {
  /** The owner the create's metadata names (`<organization>/<URN>`). */
  readonly owner: string;
  /** Whether `item` has what this create would give it that no update can change. */
  readonly sameObject: (item: Item) => boolean;
  /** The declared `description` and `metadata` (marker included), as the create would send them. */
  readonly declared: { readonly description?: string; readonly metadata?: string };
  /** One `PATCH` that sets `description` and `metadata` to the declared ones. */
  readonly update: (client: NgrokClient, id: string) => Promise<Item>;
}

/**
 * Several objects carry the ownership marker of the resource being created: none is taken over
 * and nothing is created.
 */
export class OwnershipMarkerConflictError extends Error {
  /** Brand checked by {@link OwnershipMarkerConflictError.isInstance}. */
  public readonly __ownershipMarkerConflictError = true;

  constructor(
    /** The owner the marker names (`<organization>/<URN>`). */
    public readonly owner: string,
    /** The ids of the objects that carry it. */
    public readonly ids: readonly string[],
    message: string,
  ) {
    super(message);
    this.name = "OwnershipMarkerConflictError";
  }

  /** True when `obj` is an {@link OwnershipMarkerConflictError}, from any copy of this package. */
  public static isInstance(obj: unknown): obj is OwnershipMarkerConflictError {
    return isBranded(obj, "__ownershipMarkerConflictError");
  }
}

/**
 * The predecessor of this create, taken over (see the module comment), or `undefined` when there
 * is none and the create must `POST`.
 *
 * @throws {@link OwnershipMarkerConflictError} when several objects qualify.
 * @throws {@link NgrokApiError} or {@link NgrokClientError} when the list or the `PATCH` fails.
 */
export async function takeOverPredecessor<Item extends CreatedItem & MarkedItem>(
  client: NgrokClient,
  spec: Collection<Item>,
  takeOver: TakeOverSpec<Item>,
): Promise<Item | undefined> {
  const candidates: Item[] = [];
  for await (const item of spec.list(client, () => undefined)) {
    if (
      ownerOf(item.metadata) === takeOver.owner &&
      !isClaimed(item.id) &&
      !deletedInThisDeployment(item.id)
    ) {
      if (takeOver.sameObject(item)) {
        candidates.push(item);
      } else {
        client.debug(
          `ngrok: ${item.id} carries the ownership marker of ${takeOver.owner} but not its key or signed fields; not taken over`,
        );
      }
    }
  }
  const { short, plural, cli } = spec.names;
  if (candidates.length > 1) {
    const ids = candidates.map((c) => c.id);
    throw new OwnershipMarkerConflictError(
      takeOver.owner,
      ids,
      `${candidates.length} ${plural} carry the ownership marker of this resource ` +
        `(${takeOver.owner}): ${ids.join(", ")}; none was taken over and none was created. Keep ` +
        `the one this resource should manage and delete the others (\`ngrok api ${cli} delete <id>\`), ` +
        `then run \`pulumi up\` again`,
    );
  }
  const [found] = candidates;
  if (found === undefined) {
    return undefined;
  }
  markTakenOver(found.id);
  const declared = takeOver.declared;
  const result =
    (found.description ?? "") === (declared.description ?? "") &&
    (found.metadata ?? "") === (declared.metadata ?? "")
      ? found
      : await takeOver.update(client, found.id);
  logInfo(
    `ngrok: took over the ${short} ${found.id}, created at ${found.created_at} by an interrupted ` +
      `deployment of this resource (its ownership marker names ${takeOver.owner}), instead of ` +
      `creating another`,
  );
  return result;
}
