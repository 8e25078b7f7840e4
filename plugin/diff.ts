/**
 * `Diff`'s answer from the provider's own diff (`methods.diff`: its `changes`, `replaces` and the
 * changed keys it calls `updates`), with the detailed diff the engine shows (`pulumi preview
 * --diff`: each property as an update or a replacement).
 *
 * `DiffResponse.detailedDiff` and `hasDetailedDiff` (`sdk/proto/provider.proto`): with
 * `hasDetailedDiff` true, the engine takes the detailed diff as the whole truth about what
 * changed, instead of diffing the inputs itself. Each changed property's kind is chosen as
 * pulumi-go-provider does: `ADD` when the old state lacks it, `DELETE` when the new inputs lack
 * it, `UPDATE` otherwise, each `_REPLACE` when the property is among `replaces`; `inputDiff`
 * is true (the provider compares the new inputs with the old state's inputs).
 *
 * @module
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";

const { Kind } = provproto.PropertyDiff;
const { DiffChanges } = provproto.DiffResponse;

/** What the provider's `diff` answers (`pulumi.dynamic.DiffResult`, and its changed keys). */
export interface ProviderDiff {
  readonly changes?: boolean;
  readonly replaces?: string[];
  readonly updates?: string[];
  readonly deleteBeforeReplace?: boolean;
}

/** Whether `values` holds a value for `key`. */
const holds = (values: Readonly<Record<string, unknown>>, key: string) =>
  values[key] !== undefined && values[key] !== null;

/** The kind of the change of `key`, from `olds` to `news` (see the module comment). */
function kindOf(
  key: string,
  replaced: boolean,
  olds: Readonly<Record<string, unknown>>,
  news: Readonly<Record<string, unknown>>,
): provproto.PropertyDiff.Kind {
  if (!holds(olds, key) && holds(news, key)) return replaced ? Kind.ADD_REPLACE : Kind.ADD;
  if (holds(olds, key) && !holds(news, key)) return replaced ? Kind.DELETE_REPLACE : Kind.DELETE;
  return replaced ? Kind.UPDATE_REPLACE : Kind.UPDATE;
}

/** `Diff`'s answer for the provider's `result`, the old state `olds` and the new inputs `news`. */
export function diffResponse(
  result: ProviderDiff,
  olds: Readonly<Record<string, unknown>>,
  news: Readonly<Record<string, unknown>>,
): provproto.DiffResponse {
  const replaces = result.replaces ?? [];
  const changed = [...new Set([...replaces, ...(result.updates ?? [])])];
  const response = new provproto.DiffResponse();
  response.setChanges(
    result.changes === false
      ? DiffChanges.DIFF_NONE
      : result.changes === true
        ? DiffChanges.DIFF_SOME
        : DiffChanges.DIFF_UNKNOWN,
  );
  response.setReplacesList(replaces);
  response.setDiffsList(changed);
  response.setDeletebeforereplace(result.deleteBeforeReplace === true);
  // Only an answer that names its changes is detailed: otherwise the engine diffs the inputs.
  if (result.changes === false || (result.changes === true && changed.length > 0)) {
    const detailed = response.getDetaileddiffMap();
    for (const key of result.changes ? changed : []) {
      const diff = new provproto.PropertyDiff();
      diff.setKind(kindOf(key, replaces.includes(key), olds, news));
      diff.setInputdiff(true);
      detailed.set(key, diff);
    }
    response.setHasdetaileddiff(true);
  }
  return response;
}
