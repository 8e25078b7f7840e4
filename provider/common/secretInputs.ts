/**
 * No message quotes the value of a secret input (issue #38 §3).
 *
 * Which inputs are secret is known where the program declares them: the Node.js resource classes
 * see which arguments are secret outputs (`pulumi.secret(…)`, another resource's secret output),
 * and the provider plugin receives them in Pulumi's secret envelope. Pulumi's Node.js
 * dynamic-provider host hands the provider plain values (it answers `acceptSecrets: false`), so
 * both pass the names on in the hidden input {@link SECRET_INPUTS_KEY}, which `check` reads and
 * never keeps in the checked inputs: it is not in the state's inputs or outputs (the engine
 * records its name, with no dependency, among the resource's `propertyDependencies`).
 *
 * Then, on both paths:
 *
 * - the shared checks (`./check`) describe a secret input's value as {@link SECRET_SHOWN},
 *   whatever its type;
 * - every failure reason is cleared of each secret input's text ({@link redactSecretText}), so
 *   that a property's own rule quoting a value (a key type, a timestamp, a cookie prefix) or
 *   quoting another input's value that happens to be secret cannot show it either.
 *
 * @module
 */

/** The hidden input naming the inputs that are secret (a list of property names). */
export const SECRET_INPUTS_KEY = "__secretInputs";

/** What a message says instead of a secret value. */
export const SECRET_SHOWN = "[secret]";

/**
 * The shortest secret text cleared from a message: a shorter one would also clear the same
 * letters from the message's own words. A shorter secret is still never quoted by the shared
 * checks (they describe it as {@link SECRET_SHOWN}).
 */
const MIN_REDACTED_LENGTH = 3;

/**
 * The shortest start of a secret text that is cleared when the whole text is not in a message: a
 * message may quote a long value cut to its first characters (`quoted(value, 60)` in `./ids`).
 */
const MIN_REDACTED_PREFIX = 8;

/** The names {@link SECRET_INPUTS_KEY} lists in the raw inputs `raw`, or none. */
export function secretInputNames(raw: Readonly<Record<string, unknown>>): ReadonlySet<string> {
  const listed = raw[SECRET_INPUTS_KEY];
  return new Set(
    Array.isArray(listed) ? listed.filter((n): n is string => typeof n === "string") : [],
  );
}

/** Every string in `value`, deeply (list items, map keys and values). */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "number" || typeof value === "boolean") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [key, ...stringsOf(item)]);
  }
  return [];
}

/** The texts of the secret inputs `names` among `raw`, longest first. */
export function secretTexts(
  raw: Readonly<Record<string, unknown>>,
  names: ReadonlySet<string>,
): string[] {
  return [...names]
    .flatMap((name) => stringsOf(raw[name]))
    .filter((text) => text.length >= MIN_REDACTED_LENGTH)
    .sort((a, b) => b.length - a.length);
}

/** How many characters of `form` match `text` from `at` on. */
function matchLength(text: string, at: number, form: string): number {
  let length = 0;
  while (length < form.length && text[at + length] === form[length]) length++;
  return length;
}

/**
 * `text` with each of `secrets` replaced by {@link SECRET_SHOWN}: whole, in its JSON-escaped form
 * (as a JSON-quoted value is written), or cut after at least {@link MIN_REDACTED_PREFIX} of its
 * characters. At each place the longest match of either form is replaced.
 */
export function redactSecretText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    const forms = [...new Set([secret, JSON.stringify(secret).slice(1, -1)])];
    const heads = forms.map((form) => form.slice(0, Math.min(MIN_REDACTED_PREFIX, form.length)));
    let result = "";
    let from = 0;
    for (;;) {
      const starts = heads.map((head) => out.indexOf(head, from)).filter((at) => at >= 0);
      if (starts.length === 0) break;
      const at = Math.min(...starts);
      const length = Math.max(...forms.map((form) => matchLength(out, at, form)));
      result += `${out.slice(from, at)}${SECRET_SHOWN}`;
      from = at + length;
    }
    out = result + out.slice(from);
  }
  return out;
}
