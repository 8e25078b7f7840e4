/**
 * ngrok object ids as inputs: recognising one, and quoting any string in an error.
 *
 * Inputs may be megabytes long (a wrong output wired in, a file read by mistake). A whole-string
 * pattern such as `/^sshca_[A-Za-z0-9]+$/` run over such a string makes V8's regular-expression
 * engine backtrack over every character, and on some machines that throws `RangeError: Maximum
 * call stack size exceeded` instead of answering. So the length is checked first, and the
 * characters after the prefix are checked with a single-character search, which never
 * backtracks.
 *
 * @module
 */

/**
 * The longest id accepted, in characters. ngrok's ids are a prefix of at most 10 characters and
 * 27 letters and digits (a KSUID); 128 leaves room and refuses at once anything far longer.
 */
export const MAX_ID_LENGTH = 128;

/** Any character that is not a letter or digit (ASCII). */
const NOT_ALPHANUMERIC = /[^0-9A-Za-z]/;

/**
 * Whether `value` is an ngrok id with `prefix`: the prefix, then one or more ASCII letters and
 * digits, at most {@link MAX_ID_LENGTH} characters in all.
 *
 * @param value - any value; only strings can be ids.
 * @param prefix - the id prefix, e.g. `"sshca_"` or `"edghts_"`.
 */
export function isNgrokId(value: unknown, prefix: string): boolean {
  return (
    typeof value === "string" &&
    value.length > prefix.length &&
    value.length <= MAX_ID_LENGTH &&
    value.startsWith(prefix) &&
    !NOT_ALPHANUMERIC.test(value.slice(prefix.length))
  );
}

/**
 * `value` quoted as JSON for an error message, cut to its first `max` characters (default 60)
 * with `…` after the closing quote when it is longer, so that a long input never makes a long
 * error.
 */
export function quoted(value: string, max = 60): string {
  return value.length > max ? `${JSON.stringify(value.slice(0, max))}…` : JSON.stringify(value);
}

/** Whether `value` is an ngrok id with one of `prefixes` (see {@link isNgrokId}). */
export function isNgrokIdOf(value: unknown, prefixes: string | readonly string[]): boolean {
  return (typeof prefixes === "string" ? [prefixes] : prefixes).some((p) => isNgrokId(value, p));
}

/** `"sshca_"`, or `"service_" or "bot_"`: the prefixes of an id, quoted, for a message. */
export function prefixWords(prefixes: string | readonly string[]): string {
  return (typeof prefixes === "string" ? [prefixes] : prefixes)
    .map((p) => JSON.stringify(p))
    .join(" or ");
}

/**
 * Whether `value` is a lookup's id of `prefixes`: an ngrok id of one of them ({@link isNgrokIdOf}),
 * or with none (ngrok documents none) letters, digits and `_`, at most {@link MAX_ID_LENGTH}
 * characters.
 */
export function isLookupId(value: unknown, prefixes: string | readonly string[]): value is string {
  if (prefixes.length > 0) return isNgrokIdOf(value, prefixes);
  return (
    typeof value === "string" &&
    value.length > 0 &&
    value.length <= MAX_ID_LENGTH &&
    !/[^0-9A-Za-z_]/.test(value)
  );
}

/** What {@link isLookupId} takes, in words: `"ts_" followed by letters and digits`. */
export function lookupIdWords(prefixes: string | readonly string[]): string {
  return prefixes.length > 0
    ? `${prefixWords(prefixes)} followed by letters and digits`
    : "letters, digits and _";
}

/**
 * Throws the `TypeError` of the lookup `lookup` (`getSshCredential`, …), before any request, when
 * `id` is not an id of `object` (`an SSH credential`, `a service user`, with its article):
 * `prefix` (or one of several) followed by letters and digits; with no prefix (ngrok documents
 * none), letters, digits and `_` ({@link isLookupId}).
 */
export function requireLookupId(
  lookup: string,
  object: string,
  prefix: string | readonly string[],
  id: unknown,
): asserts id is string {
  if (!isLookupId(id, prefix)) {
    throw new TypeError(
      `${lookup}: id must be ${object} id, ${lookupIdWords(prefix)}; got ${typeof id === "string" ? quoted(id) : JSON.stringify(id)}`,
    );
  }
}
