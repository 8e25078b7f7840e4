/**
 * Pulumi's "unknown" sentinel: during `pulumi preview`, an input that depends on another
 * resource's not-yet-known output reaches the dynamic provider's `check` and `diff` as this
 * string (`UnknownValue` in `@pulumi/pulumi/runtime/rpc`). Validation skips such values; diff
 * treats them as changed.
 *
 * @module
 */

/** The string the dynamic-provider host passes for a value that is not known yet. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when `value` is, or (for arrays) contains, Pulumi's unknown sentinel. */
export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN || (Array.isArray(value) && value.some(isUnknown));
}
