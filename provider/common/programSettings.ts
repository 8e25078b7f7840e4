/**
 * The program-side settings, parsed once for both paths: the Node.js classes read them from the
 * stack config `ngrok:<name>` in the program (sdk/ownership.ts), the plugin from
 * `ngrok-dynamic:<name>` in `CheckConfig`/`Configure` (plugin/settings.ts). Each path names the
 * setting its own way in the message (`label`); the rule and its words are written here.
 *
 * - `ownershipMarker`: `true`/`1` on, `false`/`0`, empty or absent off (case and surrounding
 *   spaces ignored); anything else is refused.
 * - `adoptExistingIds`: a JSON object from resource URN to CA id, as `pulumi-ngrok-dynamic
 *   pending-creates` prints it; given as its JSON text or already parsed; absent is `{}`.
 *
 * @module
 */

/** A parsed setting: its value, or the reason it is refused (and then a safe default value). */
export interface ParsedSetting<T> {
  readonly value: T;
  /** The reason, starting with `label`; absent when the setting is valid. */
  readonly problem?: string;
}

/** `ownershipMarker` from its raw text; `label` names it in the problem. */
export function parseOwnershipMarker(
  raw: string | undefined,
  label: string,
): ParsedSetting<boolean> {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === "" || value === "false" || value === "0") {
    return { value: false };
  }
  if (value === "true" || value === "1") return { value: true };
  return { value: false, problem: `${label} must be true or false, got ${JSON.stringify(raw)}` };
}

/** `adoptExistingIds` from its JSON text or parsed value; `label` names it in the problem. */
export function parseAdoptExistingIds(
  raw: unknown,
  label: string,
): ParsedSetting<Readonly<Record<string, string>>> {
  let ids: unknown = raw ?? {};
  if (typeof ids === "string") {
    try {
      ids = JSON.parse(ids);
    } catch {
      ids = undefined;
    }
  }
  if (isStringRecord(ids)) {
    return { value: ids };
  }
  return {
    value: {},
    problem:
      `${label} must be a JSON object from resource URN to CA id ` +
      `({"urn:pulumi:…": "sshca_…"}), as pulumi-ngrok-dynamic pending-creates prints it`,
  };
}

/** Whether `value` is an object (not an array) whose every value is a string. */
function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((id) => typeof id === "string")
  );
}
