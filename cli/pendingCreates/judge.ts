/**
 * Which live object each pending create made: the rules of `pulumi-ngrok-dynamic pending-creates`.
 *
 * A live object is a candidate for a pending create when:
 * - it is of the pending create's type;
 * - it is not in state (no resource of the stack has its id);
 * - it was created at or after `--since`, when given (when the interrupted operation began);
 * - every input of the create matches it ({@link LiveObject.differences}: the key or the signed
 *   fields, `description`, `metadata`); with `ngrok:ownershipMarker` on, `metadata` holds the
 *   marker, so a candidate's marker names the pending create's URN.
 *
 * Then, for each pending create:
 * - **match**: exactly one candidate, which fits no other pending create: the create made it;
 * - **ambiguous**: several candidates, or one that also fits another pending create (identical
 *   inputs): the report lists them and why, and the user decides; a match whose URN is in state
 *   with an object created before the match is a replacement the interruption cut short (the
 *   state holds the object being replaced): {@link Verdict} says `replacing`;
 * - **none**: no candidate. The create never reached ngrok (or its object was deleted since), so
 *   clearing it creates no orphan. When the URN is in state (its later `up` recorded it, or a
 *   replacement's old object is there), the report says so.
 *
 * Pure: the live objects are listed by the caller.
 *
 * @module
 */
import type { LiveObject, PendingCreateKind } from "../../provider";
import type { PendingCreate, StackState } from "./stackExport";

/** A candidate and what made it one. */
export interface Candidate {
  readonly id: string;
  /** RFC 3339. */
  readonly createdAt: string;
  /** Whether its ownership marker names the pending create's URN. */
  readonly marked: boolean;
  /** Other pending creates it fits too (their URNs). */
  readonly alsoFits: readonly string[];
}

/** A live object outside the state that differs from the create's inputs. */
export interface NearMiss {
  readonly id: string;
  readonly createdAt: string;
  readonly differences: readonly string[];
}

/** The verdict on one pending create. */
export type Verdict =
  | {
      readonly kind: "match";
      readonly candidate: Candidate;
      /**
       * The id the state holds for this URN: the object a later `up` made again, or, when
       * `replacing`, the object the interrupted replacement was replacing.
       */
      readonly inState?: string;
      /** Whether the state's object is older than the candidate: a replacement cut short. */
      readonly replacing: boolean;
    }
  | { readonly kind: "ambiguous"; readonly candidates: readonly Candidate[] }
  | {
      readonly kind: "none";
      /** The id the state holds for this URN, when it holds one. */
      readonly inState?: string;
      /** Up to three live objects outside the state that came closest, and how they differ. */
      readonly nearMisses: readonly NearMiss[];
    }
  /**
   * A resource of this package whose create a rerun repeats without making a second object
   * (`HttpsEdgeRouteSaml`: a `PUT` on its route): clearing it leaves no orphan.
   */
  | { readonly kind: "repeatable" }
  | { readonly kind: "unsupported" };

/** One pending create and its verdict. */
export interface Judgement {
  readonly pending: PendingCreate;
  /** Its kind, when the command handles its type. */
  readonly kind?: PendingCreateKind;
  readonly verdict: Verdict;
}

/**
 * Judges every pending create of `state` against `live` (the live objects of each kind, by type
 * token) as the module comment says; a pending create of a type in `repeatable` (either token
 * family) is `repeatable`, of any other type that is not in `kinds`, `unsupported`.
 */
export function judge(
  state: StackState,
  kinds: ReadonlyMap<string, PendingCreateKind>,
  live: ReadonlyMap<string, readonly LiveObject[]>,
  since?: number,
  repeatable: ReadonlySet<string> = new Set(),
): Judgement[] {
  const outside = (type: string) =>
    (live.get(type) ?? []).filter(
      (o) => !state.ids.has(o.id) && (since === undefined || Date.parse(o.createdAt) >= since),
    );
  const fits = new Map<PendingCreate, { object: LiveObject; differences: string[] }[]>();
  for (const pending of state.pendingCreates) {
    if (kinds.has(pending.type)) {
      fits.set(
        pending,
        outside(pending.type).map((object) => ({
          object,
          differences: object.differences(pending.inputs),
        })),
      );
    }
  }
  return state.pendingCreates.map((pending) => {
    const kind = kinds.get(pending.type);
    const compared = fits.get(pending);
    if (kind === undefined || compared === undefined) {
      return {
        pending,
        verdict: { kind: repeatable.has(pending.type) ? "repeatable" : "unsupported" },
      };
    }
    const candidates: Candidate[] = compared
      .filter((c) => c.differences.length === 0)
      .map(({ object }) => ({
        id: object.id,
        createdAt: object.createdAt,
        marked: object.markedUrn === pending.urn,
        alsoFits: state.pendingCreates
          .filter(
            (other) =>
              other !== pending &&
              fits.get(other)?.some((c) => c.object === object && c.differences.length === 0),
          )
          .map((other) => other.urn),
      }));
    if (candidates.length === 1 && candidates[0].alsoFits.length === 0) {
      return {
        pending,
        kind,
        verdict: {
          kind: "match",
          candidate: candidates[0],
          inState: state.idsByUrn.get(pending.urn),
          replacing: olderThan(state.createdAtByUrn.get(pending.urn), candidates[0].createdAt),
        },
      };
    }
    if (candidates.length > 0) {
      return { pending, kind, verdict: { kind: "ambiguous", candidates } };
    }
    const nearMisses = compared
      .map(({ object, differences }) => ({
        id: object.id,
        createdAt: object.createdAt,
        differences,
      }))
      .sort((a, b) => a.differences.length - b.differences.length)
      .slice(0, 3);
    return {
      pending,
      kind,
      verdict: { kind: "none", inState: state.idsByUrn.get(pending.urn), nearMisses },
    };
  });
}

/** Whether `stateCreatedAt` is known and earlier than `candidateCreatedAt` (both RFC 3339). */
function olderThan(stateCreatedAt: string | undefined, candidateCreatedAt: string): boolean {
  return (
    stateCreatedAt !== undefined && Date.parse(stateCreatedAt) < Date.parse(candidateCreatedAt)
  );
}
