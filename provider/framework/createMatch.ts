/**
 * How the generic implementation (`./implementation`) knows an object as the one a create made,
 * after a failure that may have acted: by what no update can change (its inputs that replace it,
 * compared by their `same`), by its `unique` inputs alone where it has some (ngrok holds those
 * once), else also by the inputs an update changes.
 *
 * @module
 */
import { sameValue } from "./diff";
import type { InputsOf, OutputsOf, ResourceDefinition } from "./resource";
import { type ApiObject, isEchoed } from "./wire";

/** The tests of {@link createMatch}. */
export interface CreateMatch<D extends ResourceDefinition> {
  /** Whether `live` has what no update can change of `inputs` (see the module comment). */
  sameObject(live: ApiObject, inputs: InputsOf<D>): boolean;
  /** Whether `live` is the object a create of `inputs` made. */
  matches(live: ApiObject, inputs: InputsOf<D>): boolean;
}

/**
 * The tests of `definition`'s objects; `outputs` reads an answer, `sameObject` is the resource's
 * hook of that name (what no update can change beyond its answered inputs).
 */
export function createMatch<D extends ResourceDefinition>(
  definition: D,
  outputs: (live: ApiObject, kept: Readonly<Record<string, unknown>>) => OutputsOf<D>,
  sameObject?: (answered: OutputsOf<D>, inputs: InputsOf<D>) => boolean,
): CreateMatch<D> {
  const inputEntries = Object.entries(definition.properties).filter(([, p]) => p.role === "input");
  /** The inputs ngrok holds once, with those they are unique within. */
  const unique = inputEntries.filter(([name]) =>
    inputEntries.some(
      ([other, p]) =>
        (other === name && p.unique !== undefined && p.unique !== false) ||
        (typeof p.unique === "object" && p.unique.within === name),
    ),
  );
  const changing = (effect: "replace" | "update") =>
    inputEntries.filter(([, p]) => p.onChange === effect);
  /** Whether `live` has the declared value of each of `entries` that is set. */
  const sameAs = (entries: typeof inputEntries, live: ApiObject, inputs: InputsOf<D>) => {
    const answered: Readonly<Record<string, unknown>> = outputs(live, {});
    const declared: Readonly<Record<string, unknown>> = inputs;
    return entries.every(
      ([name, p]) =>
        !isEchoed(p) ||
        (declared[name] === undefined && p.onChange !== "update") ||
        sameValue(p, answered[name], declared[name]),
    );
  };
  const same = (live: ApiObject, inputs: InputsOf<D>) =>
    sameAs(changing("replace"), live, inputs) &&
    (sameObject?.(outputs(live, inputs), inputs) ?? true);
  return {
    sameObject: same,
    matches: (live, inputs) =>
      unique.length > 0
        ? sameAs(unique, live, inputs)
        : same(live, inputs) && sameAs(changing("update"), live, inputs),
  };
}
