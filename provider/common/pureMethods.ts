/**
 * The two `ResourceProvider` methods that make no API call, built the same way for every
 * resource from the pure functions of its `inputs.ts` and `diff.ts`.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { logWarning } from "../client/log";
import { warnIfNoApiKey } from "./previewWarnings";

/**
 * `check` and `diff` with the signatures the dynamic-provider host calls, around a resource's
 * pure `check(news)` (validation and defaults) and `diff(olds, news)` (outputs in state against
 * checked inputs). Neither makes an API call or loads the HTTP client or zod, so `pulumi preview`
 * stays cheap.
 *
 * `check` also gives the preview warnings of `./previewWarnings`: once per process when no API
 * key is set, and each warning `warnings` finds in inputs that passed the checks.
 */
export function pureMethods<Inputs>(
  check: (news: Record<string, unknown>) => pulumi.dynamic.CheckResult<Inputs>,
  diff: (olds: Record<string, unknown>, news: Record<string, unknown>) => pulumi.dynamic.DiffResult,
  warnings: (inputs: Inputs) => readonly string[] = () => [],
) {
  return {
    /**
     * Validates `news` and applies defaults (`olds` are not needed). No API call. Warns (never
     * fails) about what passed but is likely a mistake.
     */
    async check(
      _olds: Record<string, unknown>,
      news: Record<string, unknown>,
    ): Promise<pulumi.dynamic.CheckResult<Inputs>> {
      const result = check(news);
      warnIfNoApiKey();
      if ((result.failures ?? []).length === 0 && result.inputs !== undefined) {
        warnings(result.inputs).forEach(logWarning);
      }
      return result;
    },

    /** Compares the outputs in state with the checked inputs (the id is not needed). No API call. */
    async diff(
      _id: string,
      olds: Record<string, unknown>,
      news: Record<string, unknown>,
    ): Promise<pulumi.dynamic.DiffResult> {
      return diff(olds, news);
    },
  };
}
