/**
 * Guards for values of unknown type (a parsed body, a thrown value), so that the emulator reads
 * them by checking, not by asserting their type.
 *
 * @module
 */

/** Whether `value` is an object that is not an array (a JSON object, once parsed). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The message of a thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
