/**
 * The traffic policy table: every action this version knows, with the phases it runs in and its
 * config fields (see `./schema`), in three parts: sign-in and verification (`./authActions`),
 * traffic control (`./trafficActions`), and changes to requests and responses
 * (`./messageActions`), each entry with its source in ngrok's docs.
 *
 * @module
 */
import { AUTH_ACTIONS } from "./authActions";
import { MESSAGE_ACTIONS } from "./messageActions";
import type { ActionSpec } from "./schema";
import { TRAFFIC_ACTIONS } from "./trafficActions";

/** Every action this version knows, by type. */
export const ACTIONS = { ...AUTH_ACTIONS, ...TRAFFIC_ACTIONS, ...MESSAGE_ACTIONS } as const;

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
