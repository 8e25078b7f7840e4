/**
 * One kind of record by id (SSH CAs, edges, routes): the store's building block. Ids are
 * assigned on insert (`<prefix><KSUID>`, time-ordered) with the `created_at` time, so that
 * sorting by id sorts by creation.
 */
import type { Values } from "../spec";
import { newId } from "./ids";
import { rfc3339Now } from "./time";

/** The id and creation time given to a record on insert. */
export interface RecordStamp {
  /** `<prefix><KSUID>`, greater than every id made before it in this process. */
  readonly id: string;
  /** RFC 3339 UTC, whole seconds. */
  readonly createdAt: string;
}

/**
 * A stored resource: its id, creation time and the request's echoed fields (API names), as
 * `resource.ts` describes them; updates change the fields.
 */
export interface ResourceRecord extends RecordStamp {
  /** The request's echoed fields as stored; updates change them. */
  fields: Values;
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Records of one kind, keyed by id. Synchronous, like the whole store. */
export class RecordTable<T extends RecordStamp> {
  private readonly records = new Map<string, T>();

  /** @param prefix the kind's id prefix, e.g. `"sshca_"`. */
  constructor(private readonly prefix: string) {}

  /**
   * Stores the record `build` makes from a new id and creation time, and returns it.
   * @param now - the creation time (default: now), for records whose other fields derive from
   *   it (an SSH certificate's default `valid_after`).
   */
  insert(build: (stamp: RecordStamp) => T, now: Date = new Date()): T {
    const record = build({ id: newId(this.prefix, now.getTime()), createdAt: rfc3339Now(now) });
    this.records.set(record.id, record);
    return record;
  }

  /** The record with this id, or `undefined`. */
  get(id: string): T | undefined {
    return this.records.get(id);
  }

  /** How many records there are. */
  get size(): number {
    return this.records.size;
  }

  /** Removes a record; `false` when there was none. */
  delete(id: string): boolean {
    return this.records.delete(id);
  }

  /** Every record, oldest first (by id, i.e. by creation). */
  oldestFirst(): T[] {
    return [...this.records.values()].sort(byId);
  }

  /** Every record, newest first. */
  newestFirst(): T[] {
    return this.oldestFirst().reverse();
  }
}
