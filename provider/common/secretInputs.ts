/**
 * No message shows a secret input's value (issue #38 §3), and no message hides more than that
 * value (issue #48 §2): never a key, a path or an action type.
 *
 * Secrets are known by path, where the program declares them: the Node.js resource classes see
 * which arguments, or which values inside an argument, are secret outputs (`pulumi.secret(…)`,
 * `config.requireSecret(…)`, another resource's secret output), and the provider plugin receives
 * them in Pulumi's secret envelope, wherever the engine put one. A path names a whole input
 * (`description`) or a value inside one (`trafficPolicy.onHttpRequest[0].actions[0].config
 * .clientSecret`), written as every message writes paths ({@link pathText}). Pulumi's Node.js
 * dynamic-provider host hands the provider plain values (it answers `acceptSecrets: false`), so
 * both pass the paths on in the hidden input {@link SECRET_INPUTS_KEY}, which `check` reads and
 * never keeps in the checked inputs: it is not in the state's inputs or outputs (the engine
 * records its name, with no dependency, among the resource's `propertyDependencies`).
 *
 * Then, on both paths:
 *
 * - the shared checks (`./inputChecker.ts`) describe the value of an input that holds a secret as
 *   {@link SECRET_SHOWN}, whatever its type; a document's own rule (a traffic policy's) hides the
 *   secret values inside it, and only those, or every value the program wrote in it when the
 *   whole input is secret (never its keys, paths or action types);
 * - every failure reason and log line is cleared of the secret texts ({@link secretTexts},
 *   {@link redactSecretText}), so that a rule quoting a value (a key type, a timestamp, a cookie
 *   prefix) or another input's value that happens to be secret cannot show it either.
 *
 * @module
 */

/** The hidden input listing the secret inputs' paths ({@link pathText}). */
export const SECRET_INPUTS_KEY = "__secretInputs";

/** What a message says instead of a secret value. */
export const SECRET_SHOWN = "[secret]";

/** One step of a path: a key, or a list's index. */
export type PathStep = string | number;

/** A secret's path: the input's name, then the steps to the value inside it (none: all of it). */
export type SecretPath = readonly [string, ...PathStep[]];

/**
 * The shortest secret text cleared from a message: a shorter one would also clear the same
 * letters from the message's own words. A shorter secret is still never quoted by the checks
 * (they describe it as {@link SECRET_SHOWN}).
 */
const MIN_REDACTED_LENGTH = 3;

/**
 * The shortest start of a secret text that is cleared when the whole text is not in a message: a
 * rule of an input secret as a whole may quote its value cut to its first characters
 * (`quoted(value, 40)` in `./ids`).
 */
const MIN_REDACTED_PREFIX = 8;

/**
 * A text no message may show, and where it is found:
 * - `anywhere`: whole, or JSON-escaped (as a JSON-quoted value is written); a secret value;
 * - `word`: the same, but only where it is not part of a longer word: a value hidden because it
 *   is in a document the program made secret as a whole, which may be no secret itself (a client
 *   id, `app`, must not clear the message's own word `applies`);
 * - `prefix`: as `anywhere`, or cut after at least {@link MIN_REDACTED_PREFIX} of its characters:
 *   an input secret as a whole, which its own rules may quote cut.
 */
export interface SecretText {
  readonly text: string;
  readonly match: "anywhere" | "word" | "prefix";
}

/**
 * What a program wrote in a document (an input of kind `document`) that a message must not show
 * when the whole input is secret: its values, not its keys nor what names its structure. The
 * definition's `writtenValues` (`../framework/property`); `undefined` for an input that has none.
 */
export type WrittenValues = (property: string, value: unknown) => readonly string[] | undefined;

/** A key written bare in a path: a name; any other key is JSON-quoted, `headers["X-Client-IP"]`. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The text of the path `steps` inside `property`, as every message writes it:
 * `trafficPolicy.onHttpRequest[0].actions[1].config.issuerUrl`, a key that is not a name quoted
 * (`headers["X-Client-IP"]`).
 */
export function pathText(property: string, steps: readonly PathStep[]): string {
  return steps.reduce<string>(
    (path, step) =>
      typeof step === "number"
        ? `${path}[${step}]`
        : NAME.test(step)
          ? `${path}.${step}`
          : `${path}[${JSON.stringify(step)}]`,
    property,
  );
}

/** A step of a path's text: `.name`, `[0]` or `["any key"]`. */
const STEP = /^(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\])/;

/** The path a {@link pathText} writes, or `undefined` when `text` is not one. */
export function parsePath(text: string): SecretPath | undefined {
  const head = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text);
  if (head === null) return undefined;
  const steps: PathStep[] = [];
  let rest = text.slice(head[0].length);
  while (rest !== "") {
    const match = STEP.exec(rest);
    if (match === null) return undefined;
    const [whole, name, index, quoted] = match;
    steps.push(name ?? (index !== undefined ? Number(index) : parseKey(quoted)));
    rest = rest.slice(whole.length);
  }
  return [head[0], ...steps];
}

/** A JSON-quoted key of a path. */
function parseKey(quoted: string): string {
  const key: unknown = JSON.parse(quoted);
  return typeof key === "string" ? key : quoted;
}

/**
 * The secret paths the hidden input {@link SECRET_INPUTS_KEY} lists in the raw inputs `raw`, or
 * none. An entry that is not a path is read as its leading name: that whole input is secret.
 */
export function secretPathsOf(raw: Readonly<Record<string, unknown>>): SecretPath[] {
  const listed = raw[SECRET_INPUTS_KEY];
  if (!Array.isArray(listed)) return [];
  return listed
    .filter((entry): entry is string => typeof entry === "string")
    .flatMap((entry) => {
      const path = parsePath(entry);
      if (path !== undefined) return [path];
      const name = /^[^.[]+/.exec(entry)?.[0];
      return name === undefined ? [] : [[name] satisfies SecretPath];
    });
}

/** The hidden input's entries for `paths` (their texts), `[]` for none. */
export function secretInputsEntry(paths: readonly SecretPath[]): string[] {
  return [...new Set(paths.map(([property, ...steps]) => pathText(property, steps)))];
}

/**
 * What is secret of `property` among `paths`: all of it (`whole`), or the places inside it
 * (`inside`: each path's steps after the property's name).
 */
export function secretsIn(
  paths: readonly SecretPath[],
  property: string,
): { readonly whole: boolean; readonly inside: readonly (readonly PathStep[])[] } {
  const own = paths.filter(([name]) => name === property).map(([, ...steps]) => steps);
  const whole = own.some((steps) => steps.length === 0);
  return { whole, inside: whole ? [] : own };
}

/** Whether `steps` are at or under one of `paths` (each a list of steps). */
export function isUnder(
  steps: readonly PathStep[],
  paths: readonly (readonly PathStep[])[],
): boolean {
  return paths.some(
    (path) => path.length <= steps.length && path.every((step, index) => step === steps[index]),
  );
}

/** The value at `steps` inside `value`, or `undefined` when the steps cannot be followed. */
export function valueAt(
  value: unknown,
  steps: readonly PathStep[],
): { value: unknown } | undefined {
  let found = value;
  for (const step of steps) {
    if (typeof step === "number") {
      if (!Array.isArray(found) || step >= found.length) return undefined;
      found = found[step];
    } else {
      if (!isMap(found) || !Object.hasOwn(found, step)) return undefined;
      found = found[step];
    }
  }
  return { value: found };
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Every string, number and boolean in `value` as text, deeply; with `keys`, its maps' keys too. */
function stringsOf(value: unknown, keys: boolean): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "number" || typeof value === "boolean") return [String(value)];
  if (Array.isArray(value)) return value.flatMap((item) => stringsOf(item, keys));
  if (isMap(value)) {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(keys ? [key] : []),
      ...stringsOf(item, keys),
    ]);
  }
  return [];
}

/**
 * The texts no message about the inputs `raw` may show, for the secret `paths`:
 * - a value inside an input: the value (`anywhere`); a secret list or map inside one, the values
 *   in it (`word`), not its keys;
 * - an input secret as a whole: a document's `writtenValues` (`word`; its keys, paths and
 *   action types stay readable); any other input's every string, key and number (`prefix`, as
 *   its own rules may quote it cut).
 *
 * A path that cannot be followed in `raw` stands for its whole input.
 */
export function secretTexts(
  raw: Readonly<Record<string, unknown>>,
  paths: readonly SecretPath[],
  writtenValues: WrittenValues = () => undefined,
): SecretText[] {
  return paths.flatMap(([property, ...steps]): SecretText[] => {
    const input = raw[property];
    const found = steps.length === 0 ? undefined : valueAt(input, steps);
    if (found !== undefined) {
      const { value } = found;
      const match = typeof value === "object" && value !== null ? "word" : "anywhere";
      return stringsOf(value, false).map((text) => ({ text, match }));
    }
    const written = writtenValues(property, input);
    if (written !== undefined) return written.map((text) => ({ text, match: "word" }));
    return stringsOf(input, true).map((text) => ({ text, match: "prefix" }));
  });
}

/** How many characters of `form` match `text` from `at` on. */
function matchLength(text: string, at: number, form: string): number {
  let length = 0;
  while (length < form.length && text[at + length] === form[length]) length++;
  return length;
}

/** A letter, a digit or `_`: what a word is made of. */
const WORD = /[\p{L}\p{N}_]/u;

/** Whether `form`, at `at` in `text`, is not part of a longer word. */
function standsAlone(text: string, at: number, form: string): boolean {
  const joins = (inside: string | undefined, outside: string | undefined) =>
    inside !== undefined && outside !== undefined && WORD.test(inside) && WORD.test(outside);
  return !joins(form[0], text[at - 1]) && !joins(form[form.length - 1], text[at + form.length]);
}

/** `text` with `secret` replaced by {@link SECRET_SHOWN} where it is found (see {@link SecretText}). */
function redactOne(text: string, secret: SecretText): string {
  const forms = [...new Set([secret.text, JSON.stringify(secret.text).slice(1, -1)])];
  const shortest = (form: string) =>
    secret.match === "prefix" ? Math.min(MIN_REDACTED_PREFIX, form.length) : form.length;
  let result = "";
  let from = 0;
  let at = 0;
  while (at < text.length) {
    const length = Math.max(
      0,
      ...forms.map((form) => {
        const matched = matchLength(text, at, form);
        if (matched < shortest(form)) return 0;
        return secret.match === "word" && !standsAlone(text, at, form) ? 0 : matched;
      }),
    );
    if (length === 0) {
      at++;
      continue;
    }
    result += `${text.slice(from, at)}${SECRET_SHOWN}`;
    at += length;
    from = at;
  }
  return result + text.slice(from);
}

/**
 * `text` with each of `secrets` replaced by {@link SECRET_SHOWN} where it is found (see
 * {@link SecretText}), the longest first; a secret shorter than 3 characters is left to the
 * checks, which never quote it.
 */
export function redactSecretText(text: string, secrets: readonly SecretText[]): string {
  const strongest = new Map<string, SecretText>();
  const rank = { word: 0, anywhere: 1, prefix: 2 } as const;
  for (const secret of secrets) {
    if (secret.text.length < MIN_REDACTED_LENGTH) continue;
    const known = strongest.get(secret.text);
    if (known === undefined || rank[secret.match] > rank[known.match]) {
      strongest.set(secret.text, secret);
    }
  }
  return [...strongest.values()]
    .sort((a, b) => b.text.length - a.text.length)
    .reduce(redactOne, text);
}
