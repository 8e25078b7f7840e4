/**
 * The brand check behind every error class's static `isInstance()`, and the reading of one
 * property of a value of unknown type (a caught error, parsed JSON).
 *
 * Each error class of this package sets a brand property (`__ngrokApiError = true`, …) and checks
 * it with {@link isBranded} rather than `instanceof`, so that an error is still recognised when it
 * crosses a copy of this package (the dynamic-provider host can load a different copy than the
 * program), as Pulumi's own `RunError.isInstance` does.
 *
 * @module
 */

/**
 * The property `key` of `value` when `value` is an object or a function (`undefined` when it has
 * none), else `undefined`: what `value.key` reads, without a cast and without throwing on `null`.
 */
export function propertyOf(value: unknown, key: string): unknown {
  return (typeof value === "object" && value !== null) || typeof value === "function"
    ? Reflect.get(value, key)
    : undefined;
}

/** Whether `value` is an object that is not an array (a JSON object, once parsed). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** True when `obj` is an object whose property `brand` is `true`. */
export function isBranded(obj: unknown, brand: string): boolean {
  return typeof obj === "object" && obj !== null && propertyOf(obj, brand) === true;
}
