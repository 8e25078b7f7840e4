/**
 * `diff` derived from a resource's definition: old outputs (state) against new checked inputs.
 *
 * - An input with `onChange: "replace"` that changed replaces the object (the new one is created
 *   before the old one is deleted); one with `"update"` updates it in place; `"nothing"` is never
 *   a change (an input only create reads).
 * - An absent value (or `""`) is the property's default, or for a string `""` (ngrok omits empty fields
 *   from its answers, so there is no perpetual diff after a refresh); an input ngrok fills when it
 *   is left out (`serverFilled`) is not a change while it is left out; an `unordered` list is
 *   compared as a set.
 * - A property compares its own way where equality is not enough (two timestamps of one instant,
 *   one key with another comment): its `same`, attached to it in its `definition.ts`.
 * - A replacement creates the new object before it deletes the old one, except when it keeps the
 *   value of a `unique` input (and of the input it is unique `within`: ngrok would refuse the
 *   copy): then the old one is deleted first.
 * - A value not known yet (preview) counts as changed. `__provider` is never compared: a new
 *   version of this package never shows as a change.
 * - A `writeOnly` input (ngrok never returns it) compares with the value in state; a required
 *   one absent from state (an object imported, or read by `get`: ngrok cannot say what it
 *   holds) is not a change, so an import previews with no change: the declared value is taken as
 *   ngrok's until it changes ({@link unrecordedWriteOnly} names it, for a warning).
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import type * as pulumi from "@pulumi/pulumi";
import { isUnknown } from "../common/unknown";
import type { PropertyDefinition } from "./property";
import type { ResourceDefinition } from "./resource";

/** A property's value as it is compared: absent as its default (or `""` for a string). */
export function canonical(property: PropertyDefinition, value: unknown): unknown {
  // `""` reads as absent, as in ngrok's answers (see `./wire`).
  let v = value === "" ? undefined : (value ?? undefined);
  if (v === undefined) {
    if (property.default !== undefined && property.onlyWhen === undefined) {
      v = property.default;
    } else if (
      property.type.kind === "string" ||
      property.type.kind === "ngrokId" ||
      (property.type.kind === "reference" && property.type.many !== true)
    ) {
      v = "";
    }
  }
  if (property.unordered && Array.isArray(v)) {
    // Spread into a list of this realm: `map` would make one of the value's own (another realm's
    // under jest's vm, which `isDeepStrictEqual` then tells apart from this one's).
    const items: unknown[] = [...v];
    return items.map((item) => JSON.stringify(item)).sort();
  }
  return v ?? null;
}

/**
 * Whether `old` (in state) and `declared` are the same value of `property`: by its own `same`
 * when it has one, else equal after {@link canonical}.
 */
export function sameValue(property: PropertyDefinition, old: unknown, declared: unknown): boolean {
  return property.same !== undefined
    ? property.same(old ?? undefined, declared ?? undefined)
    : isDeepStrictEqual(canonical(property, old), canonical(property, declared));
}

/**
 * The required `writeOnly` inputs of `definition` that `news` declares and `olds` (the state) does
 * not hold: an object imported or read without state, whose value ngrok cannot say (see the
 * module comment).
 */
export function unrecordedWriteOnly(
  definition: ResourceDefinition,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): string[] {
  return Object.entries(definition.properties)
    .filter(
      ([key, p]) =>
        p.writeOnly === true &&
        p.required === true &&
        (olds[key] ?? undefined) === undefined &&
        (news[key] ?? undefined) !== undefined,
    )
    .map(([key]) => key);
}

/** Compares `olds` (the outputs in state) with `news` (the inputs after `check`). */
export function diffResource(
  definition: ResourceDefinition,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): pulumi.dynamic.DiffResult & { updates: string[] } {
  const unrecorded = unrecordedWriteOnly(definition, olds, news);
  const changed = (effect: "replace" | "update") =>
    Object.entries(definition.properties)
      .filter(([, p]) => p.role === "input" && p.onChange === effect)
      .filter(([key, property]) => {
        const value = news[key] ?? undefined;
        if (isUnknown(value)) return true;
        if (value === undefined && property.serverFilled) return false;
        if (unrecorded.includes(key)) return false;
        return !sameValue(property, olds[key], value);
      })
      .map(([key]) => key);
  const replaces = changed("replace");
  const updates = changed("update");
  // A replacement that keeps a value ngrok allows once (per account, or among the objects that
  // share its `within` input) deletes the old object first.
  const keepsUnique = Object.entries(definition.properties).some(
    ([key, p]) =>
      p.unique !== undefined &&
      p.unique !== false &&
      !replaces.includes(key) &&
      (p.unique === true || !replaces.includes(p.unique.within)),
  );
  return {
    changes: replaces.length > 0 || updates.length > 0,
    replaces,
    // The inputs updated in place: the provider plugin names them to the engine (`diffs`); the
    // Node.js dynamic-provider host ignores the field.
    updates,
    deleteBeforeReplace: replaces.length > 0 && keepsUnique,
  };
}
