/**
 * The traffic policy table: every action this version knows, with the phases it runs in and its
 * config fields (see `./schema`), in three parts: sign-in and verification (`./authActions`),
 * traffic control (`./trafficActions`), and changes to requests and responses
 * (`./messageActions`), each entry with its source in ngrok's docs (its reference page).
 *
 * @module
 */
import { AUTH_ACTIONS } from "./authActions";
import { MESSAGE_ACTIONS } from "./messageActions";
import { derivedAs } from "../common/derived";
import { DOCS } from "./fieldSpecs";
import type { ActionEntry, ActionSpec } from "./schema";
import { TRAFFIC_ACTIONS } from "./trafficActions";

/** `table` with each entry's `source`: its reference page, `<DOCS>/<page, else its type>/`. */
function withSources<const T extends Readonly<Record<string, ActionEntry>>>(
  table: T,
): { readonly [K in keyof T]: T[K] & { readonly source: string } } {
  const sourced: Record<string, ActionSpec> = {};
  for (const [type, entry] of Object.entries(table)) {
    sourced[type] = { ...entry, source: `${DOCS}/${entry.page ?? type}/` };
  }
  return derivedAs(sourced);
}

/** Every action this version knows, by type. */
export const ACTIONS = withSources({ ...AUTH_ACTIONS, ...TRAFFIC_ACTIONS, ...MESSAGE_ACTIONS });

/** The type of an action this version knows. */
export type KnownActionType = keyof typeof ACTIONS;

/** The table's entry of `type` (or of a type an alias names), or `undefined`. */
export function actionSpec(type: string): ActionSpec | undefined {
  const table: Readonly<Record<string, ActionSpec>> = ACTIONS;
  if (Object.hasOwn(table, type)) return table[type];
  return Object.values(table).find((spec) => spec.aliases?.includes(type));
}

/** The types this version knows, aliases included, for "did you mean". */
export const ACTION_TYPES: readonly string[] = Object.entries(ACTIONS).flatMap(
  ([type, spec]: [string, ActionSpec]) => [type, ...(spec.aliases ?? [])],
);
