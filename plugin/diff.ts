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
 * is true (the provider compares the new inputs with the old inputs: `DiffRequest.oldInputs`,
 * or the old state's outputs when an engine sends none).
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

/**
 * Whether the property `key` is among `ignoreChanges` (`DiffRequest.ignoreChanges`: property
 * paths, `description`, `metadata.team`, `authorizedGroups[0]`, or `*` for every property): a
 * path inside the property ignores the whole property, whose value is sent whole.
 */
function ignored(key: string, ignoreChanges: readonly string[]): boolean {
  return ignoreChanges.some(
    (path) =>
      path === "*" ||
      path === key ||
      path.startsWith(`${key}.`) ||
      path.startsWith(`${key}[`) ||
      path === `["${key}"]`,
  );
}

/**
 * `Diff`'s answer for the provider's `result`, the old inputs `olds` and the new inputs `news`:
 * the properties `ignoreChanges` names are no change (as pulumi-go-provider and the Terraform
 * bridge apply it; the engine has already put their old values into the new inputs), and an
 * answer left with no change is `DIFF_NONE`.
 */
export function diffResponse(
  result: ProviderDiff,
  olds: Readonly<Record<string, unknown>>,
  news: Readonly<Record<string, unknown>>,
  ignoreChanges: readonly string[] = [],
): provproto.DiffResponse {
  const kept = (key: string) => !ignored(key, ignoreChanges);
  const replaces = (result.replaces ?? []).filter(kept);
  const changed = [...new Set([...replaces, ...(result.updates ?? []).filter(kept)])];
  // Every change it named is ignored: none is left.
  const changes =
    result.changes === true && ignoreChanges.length > 0 && changed.length === 0
      ? false
      : result.changes;
  const response = new provproto.DiffResponse();
  response.setChanges(
    changes === false
      ? DiffChanges.DIFF_NONE
      : changes === true
        ? DiffChanges.DIFF_SOME
        : DiffChanges.DIFF_UNKNOWN,
  );
  response.setReplacesList(replaces);
  response.setDiffsList(changed);
  response.setDeletebeforereplace(result.deleteBeforeReplace === true && replaces.length > 0);
  // Only an answer that names its changes is detailed: otherwise the engine diffs the inputs.
  if (changes === false || (changes === true && changed.length > 0)) {
    const detailed = response.getDetaileddiffMap();
    for (const key of changes ? changed : []) {
      const diff = new provproto.PropertyDiff();
      diff.setKind(kindOf(key, replaces.includes(key), olds, news));
      diff.setInputdiff(true);
      detailed.set(key, diff);
    }
    response.setHasdetaileddiff(true);
  }
  return response;
}
