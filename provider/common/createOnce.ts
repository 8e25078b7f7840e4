/**
 * Creating an object exactly once with a `POST` that is not idempotent (ngrok has no idempotency
 * key): the recovery that SSH certificate authorities, host certificates and user certificates
 * share, each describing its collection and what an identical object looks like in a
 * {@link CreateOnceSpec}.
 *
 * The client never sends a `POST` twice after a failure that may have acted (a connection reset or
 * a timeout after the request was sent, or a 5xx). After such a failure this module looks for the
 * object the request may have created, instead of leaving it orphaned:
 *
 * 1. It lists the collection ({@link CreateOnceSpec.list}: newest first, retried as usual) and keeps
 *    the candidates: created while the request could have been processed (by ngrok's clock: from
 *    the list answer's `Date` header minus the time since the request was sent, with
 *    {@link CLOCK_PRECISION_MS} for whole-second timestamps; by this machine's clock with
 *    {@link CLOCK_SKEW_MS} if there is no `Date`), matching what the request asked for
 *    ({@link CreateOnceSpec.matches}), and not already created or adopted by this process (the
 *    dynamic-provider host runs one deployment).
 * 2. Exactly one candidate, and no identical create still in flight in this process: it is the
 *    one this request created; it is returned as the result of the create (and logged).
 * 3. None after a timeout: the API may still be working on the request, so the list is read
 *    again with growing pauses (1 s, 2 s, 4 s, …) for up to {@link timeoutGraceMs}.
 * 4. Otherwise it fails with an {@link NgrokClientError} that says an object may have been
 *    created, names the candidates, and says how to find and delete one.
 *
 * Residual risk, documented: another program creating an identical object during this request,
 * while this request's create did not act, would be taken for this one.
 *
 * With the stack setting `ngrok:ownershipMarker` on, the object's metadata names the resource
 * that creates it, and before its `POST` a create takes over the object an interrupted deployment
 * made for the same resource, if there is one ({@link CreateOnceSpec.takeOver}, `./takeOver`).
 *
 * This module loads no zod itself: the schemas come with the spec, from the resource's `api.ts`.
 *
 * @module
 */
import type { z } from "zod";
import { type NgrokClient, NgrokClientError } from "../client";
import { propertyOf } from "../client/brand";
import { claim, isClaimed } from "./deploymentIds";
import {
  type CreatedItem,
  type ObjectNames,
  type TakeOverSpec,
  takeOverPredecessor,
} from "./takeOver";

/**
 * Allowed difference between this machine's clock and ngrok's `created_at` when the list answer
 * has no `Date` header: 60 000 ms.
 */
export const CLOCK_SKEW_MS = 60_000;
/** Slack for whole-second timestamps (`Date` and `created_at`): 2000 ms. */
export const CLOCK_PRECISION_MS = 2_000;

export type { CreatedItem, ObjectNames } from "./takeOver";

/**
 * The take-over of a create with the ownership marker on (its metadata names `owner`), or none
 * when the marker is off (`owner` undefined).
 */
export function takeOverWhenMarked<Item extends CreatedItem>(
  owner: string | undefined,
  spec: Omit<TakeOverSpec<Item>, "owner">,
): TakeOverSpec<Item> | undefined {
  return owner === undefined ? undefined : { owner, ...spec };
}

/** One create: where it goes, what it sends, and how to recognise what it made. */
export interface CreateOnceSpec<Item extends CreatedItem> {
  /** The collection, e.g. `/ssh_certificate_authorities`. */
  readonly path: string;
  /** The schema of the `POST` answer. */
  readonly itemSchema: z.ZodType<Item>;
  /**
   * Every object of the collection, newest first, through every page (e.g. with
   * `NgrokClient.list`), calling `onHeaders` with the headers of each page's answer.
   */
  readonly list: (
    client: NgrokClient,
    onHeaders: (headers: { get(name: string): string | null }) => void,
  ) => AsyncIterable<Item>;
  /** The request body. */
  readonly body: Record<string, unknown>;
  /** Whether `item` has what this create would give it. */
  readonly matches: (item: Item) => boolean;
  /** The names of the kind of object, for the error. */
  readonly names: ObjectNames;
  /**
   * What to look for in a list, for the error, e.g. `description "x", key type ed25519` (the
   * error appends `, created since <time>`).
   */
  readonly identifyCreate: string;
  /**
   * With `ngrok:ownershipMarker` on: how to find and take over the object an interrupted
   * deployment's create of the same resource made, before any `POST` (see `./takeOver`).
   */
  readonly takeOver?: TakeOverSpec<Item>;
}

/** Creates in flight in this process, by {@link fingerprint}. */
const inFlight = new Map<string, number>();

/**
 * `POST spec.path` once, recovering the object after an ambiguous failure (see the module
 * comment). With {@link CreateOnceSpec.takeOver}, the object an interrupted deployment made for
 * the same resource is taken over instead, and no `POST` is sent.
 *
 * @throws {@link NgrokApiError} when the API refused the request (nothing was created).
 * @throws {@link OwnershipMarkerConflictError} when several objects carry the resource's
 *   ownership marker (nothing was created).
 * @throws {@link NgrokClientError} when the outcome stays unknown: the message says an object may
 *   have been created and how to find it.
 */
export async function createOnce<Item extends CreatedItem>(
  client: NgrokClient,
  spec: CreateOnceSpec<Item>,
): Promise<Item> {
  if (spec.takeOver !== undefined) {
    const predecessor = await takeOverPredecessor(client, spec, spec.takeOver);
    if (predecessor !== undefined) {
      return predecessor;
    }
  }
  const key = fingerprint(spec);
  inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
  const sentAt = Date.now();
  try {
    const created = await client.request({
      method: "POST",
      path: spec.path,
      body: spec.body,
      schema: spec.itemSchema,
    });
    claim(created.id);
    return created;
  } catch (error) {
    if (!NgrokClientError.outcomeUnknown(error)) {
      throw error;
    }
    return await recover(client, spec, key, sentAt, error);
  } finally {
    const count = (inFlight.get(key) ?? 1) - 1;
    if (count === 0) inFlight.delete(key);
    else inFlight.set(key, count);
  }
}

async function recover<Item extends CreatedItem>(
  client: NgrokClient,
  spec: CreateOnceSpec<Item>,
  key: string,
  sentAt: number,
  failure: Error,
): Promise<Item> {
  const timedOut = NgrokClientError.isInstance(failure) && failure.transportCode === "ETIMEDOUT";
  const graceEnds = Date.now() + (timedOut ? timeoutGraceMs(client) : 0);
  let pause = 1000;
  for (;;) {
    let candidates: Item[];
    try {
      candidates = await findCandidates(client, spec, sentAt);
    } catch (listError) {
      throw ambiguousCreate(spec, sentAt, failure, undefined, listError);
    }
    if (candidates.length === 1 && inFlight.get(key) === 1) {
      const [found] = candidates;
      claim(found.id);
      client.debug(
        `ngrok API: POST ${spec.path} failed (${failure.message}) but created ${found.id}; recorded it instead of creating another`,
      );
      return found;
    }
    if (candidates.length > 0 || Date.now() + pause > graceEnds) {
      throw ambiguousCreate(spec, sentAt, failure, candidates);
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause *= 2;
  }
}

/**
 * How long to keep looking for an object after a create timed out: twice the per-attempt
 * timeout, at most 60 000 ms.
 */
export function timeoutGraceMs(client: NgrokClient): number {
  return Math.min(2 * client.timeoutMs, 60_000);
}

/** Objects that the create sent at `sentAt` may have made (see the module comment). */
async function findCandidates<Item extends CreatedItem>(
  client: NgrokClient,
  spec: CreateOnceSpec<Item>,
  sentAt: number,
): Promise<Item[]> {
  let since = sentAt - CLOCK_SKEW_MS;
  let firstPage = true;
  const found: Item[] = [];
  for await (const item of spec.list(client, (headers) => {
    const serverNow = Date.parse(headers.get("date") ?? "");
    if (firstPage && !Number.isNaN(serverNow)) {
      since = serverNow - (Date.now() - sentAt) - CLOCK_PRECISION_MS;
    }
    firstPage = false;
  })) {
    const createdAt = Date.parse(item.created_at);
    if (createdAt < since) {
      break; // newest first: the rest are older
    }
    if (!isClaimed(item.id) && spec.matches(item)) {
      found.push(item);
    }
  }
  return found;
}

/** What identifies a create request: its collection and its payload. */
function fingerprint(spec: { path: string; body: Record<string, unknown> }): string {
  return `${spec.path} ${JSON.stringify(spec.body)}`;
}

function ambiguousCreate<Item extends CreatedItem>(
  spec: CreateOnceSpec<Item>,
  sentAt: number,
  failure: Error,
  candidates: Item[] | undefined,
  listError?: unknown,
): NgrokClientError {
  const { noun, short, plural, cli } = spec.names;
  const since = new Date(sentAt - CLOCK_SKEW_MS).toISOString();
  const what = `${spec.identifyCreate}, created since ${since}`;
  let found: string;
  if (listError !== undefined) {
    found = `Looking for it failed too (${propertyOf(listError, "message")}).`;
  } else if (candidates === undefined || candidates.length === 0) {
    found = `No matching ${short} (${what}) was found, so most likely none was created; nothing was recorded in state.`;
  } else {
    found =
      `${candidates.length} matching ${plural} exist (${candidates.map((c) => c.id).join(", ")}) and ` +
      `this provider cannot tell which one, if any, this request created; none was recorded in state.`;
  }
  const endpoint = { method: "POST", path: spec.path };
  return new NgrokClientError(
    `creating the ${noun} failed after the request was sent (${failure.message}); ` +
      `ngrok may have created it. ${found} To check, list the ${plural} (GET ${spec.path}, or ` +
      `\`ngrok api ${cli} list\`) and look for ${what}; delete a stray one ` +
      `(\`ngrok api ${cli} delete <id>\`) before running \`pulumi up\` again.`,
    { endpoint, requestOutcome: "unknown" },
  );
}
