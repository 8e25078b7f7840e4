/**
 * The two `ResourceProvider` methods that make no API call, built the same way for every
 * resource from the pure functions of its `inputs.ts` and `diff.ts`.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { logWarning } from "../client/log";
import type { Checked } from "./ownershipMarker";
import { warnIfNoApiKey } from "./previewWarnings";

/**
 * `check` and `diff` with the signatures the dynamic-provider host calls, around a resource's
 * pure `check(news)` (validation and defaults, with what its rules parsed) and `diff(olds, news)`
 * (outputs in state against checked inputs). Neither makes an API call or loads the HTTP client or zod, so `pulumi preview`
 * stays cheap.
 *
 * `check` also gives the preview warnings of `./previewWarnings`: once per process when no API
 * key is set, and each warning `warnings` finds in inputs that passed the checks, given what the
 * rules parsed so that nothing is parsed twice.
 */
export function pureMethods<Inputs, Parsed>(
  check: (news: Record<string, unknown>) => Checked<Inputs, Parsed>,
  diff: (olds: Record<string, unknown>, news: Record<string, unknown>) => pulumi.dynamic.DiffResult,
  warnings: (inputs: Inputs, parsed: Parsed) => readonly string[] = () => [],
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
      const { result, parsed } = check(news);
      warnIfNoApiKey();
      if ((result.failures ?? []).length === 0 && result.inputs !== undefined) {
        warnings(result.inputs, parsed).forEach(logWarning);
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
