/**
 * Helpers for the plain objects that cross the gRPC boundary as protobuf Structs.
 *
 * @module
 */

/** A copy without `undefined` members: a protobuf Struct cannot carry them. */
export function withoutUndefined(
  value: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
