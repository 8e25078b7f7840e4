/**
 * Constructing a resource without the stack traces Pulumi's Node SDK records for its promises.
 *
 * For every promise it makes for a resource (one per output property, and a few more), the SDK
 * records `new Error().stack` to name where the promise was made if the program ends with it
 * unresolved (a "promise leak"). Formatting those stack traces is the largest single cost of
 * declaring a resource with many outputs: for 300 `SshCertificateAuthority` (10 outputs) under
 * Pulumi's mocks, about half of the constructors' CPU (BENCHMARKS.md, "Per-resource cost").
 *
 * So the resource classes construct their resource with `Error.stackTraceLimit` at 0, restored
 * as soon as the constructor returns or throws. A leak report still names the resource and the
 * property (the SDK's context string); only its stack is empty. So is the stack of an error that
 * Pulumi throws inside the constructor (an invalid resource option): its message names the
 * problem. Left as they are:
 * - when `PULUMI_DEBUG_PROMISE_LEAKS` is set: Pulumi's own switch for debugging leaks;
 * - when the resource has `transformations`: user code that runs inside the constructor, whose
 *   errors keep their stacks.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";

/** The environment variable with which Pulumi's Node SDK reports promise leaks in detail. */
export const DEBUG_PROMISE_LEAKS_ENV_VAR = "PULUMI_DEBUG_PROMISE_LEAKS";

/**
 * Sets `Error.stackTraceLimit` to 0 for the construction of a resource with `opts` (see the
 * module comment for when it does not) and returns the function that restores it; call that in
 * a `finally` right after the `super` call.
 */
export function suspendPromiseStacks(opts: pulumi.CustomResourceOptions | undefined): () => void {
  if (process.env[DEBUG_PROMISE_LEAKS_ENV_VAR] || (opts?.transformations?.length ?? 0) > 0) {
    return () => undefined;
  }
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  return () => {
    Error.stackTraceLimit = limit;
  };
}
