/**
 * The `DiffResult` of a resource whose free-text properties update in place and whose other
 * properties replace it (SSH certificate authorities, host and user certificates).
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { isUnknown } from "./unknown";

/**
 * The result of `diff` given the properties that force replacement (`replaces`, already judged)
 * and the text properties `updates` that update in place: one of those changes when its new value
 * is not known yet (preview) or differs from the old one, an absent value being `""` (ngrok omits
 * empty fields from responses, so there is no perpetual diff after a refresh). The replacement
 * creates the new object before deleting the old one.
 */
export function diffResult(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  replaces: string[],
  updates: readonly string[],
): pulumi.dynamic.DiffResult {
  const updated = updates.filter(
    (key) => isUnknown(news[key]) || (olds[key] ?? "") !== (news[key] ?? ""),
  );
  return {
    changes: replaces.length > 0 || updated.length > 0,
    replaces,
    deleteBeforeReplace: false,
  };
}
