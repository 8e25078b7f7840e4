/**
 * The brand check behind every error class's static `isInstance()`.
 *
 * Each error class of this package sets a brand property (`__ngrokApiError = true`, …) and checks
 * it with {@link isBranded} rather than `instanceof`, so that an error is still recognised when it
 * crosses a copy of this package (the dynamic-provider host can load a different copy than the
 * program), as Pulumi's own `RunError.isInstance` does.
 *
 * @module
 */

/** True when `obj` is an object whose property `brand` is `true`. */
export function isBranded(obj: unknown, brand: string): boolean {
  return (
    typeof obj === "object" && obj !== null && (obj as Record<string, unknown>)[brand] === true
  );
}
