/**
 * Helpers for the plain objects that cross the gRPC boundary as protobuf Structs.
 *
 * @module
 */

/** A copy without `undefined` members: a protobuf Struct cannot carry them. */
export function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
