/**
 * What a property's description states about its values. ngrok's document has no `enum`,
 * `format` or `maxLength` keyword: it says these things in words, and the same few phrasings
 * recur, so they are read here rather than written per field:
 *
 * - a limit: `max 255 bytes`, `max 4096 chars` (UTF-8 bytes; characters as code points);
 * - the values: `either \`allow\` or \`deny\``, `can be either rsa or ecdsa`, `one of \`rsa\`,
 *   \`ecdsa\``, `four values are currently supported: \`dashboard\`, …`, `the only accepted value
 *   is \`JSON\``, a list closing the text in parentheses `(au, eu, ap, us, jp, in, sa)`; and the
 *   one taken when none is sent, `default is us`, `Defaults to rsa` (only one of those values);
 * - a format: `CIDR notation`, `PEM`, an `Amazon Resource Name` or `ARN`, a `URI` or `URL`;
 * - for an object: `exactly one of` its properties is set.
 *
 * A phrase that lists no single-word values (`Accepts one of: User ID, User email, …`) states
 * none. What a stated rule refuses, and with which code, is the model's (`model/statedChecks.ts`).
 */

/** The formats a description can state. */
export type StatedFormat = "cidr" | "pem" | "arn" | "uri";

/** The rules one property's description states (see the module comment). */
export interface StatedRules {
  /** `max N bytes`: UTF-8 bytes. */
  readonly maxBytes?: number;
  /** `max N chars`: characters (code points). */
  readonly maxChars?: number;
  /** The values it may take, as the description spells them. */
  readonly oneOf?: readonly string[];
  /** The value taken when none is sent (one of {@link oneOf}). */
  readonly default?: string;
  /** The format of its text. */
  readonly format?: StatedFormat;
  /** For an object: exactly one of its properties is set. */
  readonly exactlyOne?: boolean;
}

const LIMIT = /\bmax(?:imum)? (\d+) (bytes|chars|characters)\b/i;
const TOKEN = "(?:`[^`\\s]+`|[A-Za-z0-9_.-]+)";
const SEPARATOR = "(?:,? or|,? and|,)";
const LIST = `${TOKEN}(?:${SEPARATOR} ${TOKEN})+`;
/** `either a or b`, `one of a, b, c` (not after `exactly`, which speaks of properties). */
const CHOICE = new RegExp(`(?<!exactly )\\b(?:either|one of) (${LIST})`, "i");
/** `… values are currently supported: a, b, and c`. */
const SUPPORTED = new RegExp(`\\bsupported: (${TOKEN}(?:${SEPARATOR} ${TOKEN})*)`, "i");
/** `the only accepted value is a`. */
const ONLY = new RegExp(`\\bthe only (?:accepted|supported|allowed) value is (${TOKEN})`, "i");
/** `default is us`, `Defaults to rsa`. */
const DEFAULT = /\bdefaults? (?:is|to) `?([A-Za-z0-9_.-]+?)`?[.,;\s]/i;
/** `(au, eu, ap)` closing the text. */
const CLOSING_LIST = /\(([a-z0-9-]+(?:, [a-z0-9-]+)+)\)\.?\s*$/;

const FORMATS: ReadonlyArray<readonly [RegExp, StatedFormat]> = [
  [/\bCIDR\b/, "cidr"],
  [/\bPEM\b/, "pem"],
  [/\b(?:Amazon Resource Name|ARN)\b/, "arn"],
  [/\b(?:URI|URL)s?\b/, "uri"],
];

/** The single values of a listed phrase, backticks and a closing full stop removed. */
function values(list: string): string[] {
  return list
    .split(new RegExp(`${SEPARATOR} `))
    .map((item) => item.trim().replace(/^`|`$/g, "").replace(/\.$/, ""))
    .filter((item) => item !== "");
}

/** The values `description` states, if it states some. */
function statedValues(description: string): string[] | undefined {
  const only = ONLY.exec(description);
  if (only !== null) return values(only[1]);
  const listed = SUPPORTED.exec(description) ?? CHOICE.exec(description);
  if (listed !== null) return values(listed[1]);
  const closing = CLOSING_LIST.exec(description);
  return closing === null ? undefined : values(closing[1]);
}

/**
 * The rules a property's `description` states, for a property of `type` (values and formats
 * only for strings, `exactly one of` only for objects).
 */
export function statedRules(
  description: string | undefined,
  type: string | undefined,
): StatedRules {
  if (description === undefined) return {};
  const text = description.replace(/\s+/g, " ").trim();
  const rules: {
    maxBytes?: number;
    maxChars?: number;
    oneOf?: readonly string[];
    default?: string;
    format?: StatedFormat;
    exactlyOne?: boolean;
  } = {};
  const limit = LIMIT.exec(text);
  if (limit !== null) {
    if (limit[2].toLowerCase() === "bytes") rules.maxBytes = Number(limit[1]);
    else rules.maxChars = Number(limit[1]);
  }
  if (type === "object") {
    if (/\bexactly one of\b/i.test(text)) rules.exactlyOne = true;
    return rules;
  }
  if (type !== "string") return rules;
  const oneOf = statedValues(text);
  if (oneOf !== undefined) rules.oneOf = oneOf;
  const fallback = DEFAULT.exec(`${text} `)?.[1];
  if (fallback !== undefined && oneOf?.includes(fallback)) rules.default = fallback;
  const format = FORMATS.find(([pattern]) => pattern.test(text));
  if (format !== undefined) rules.format = format[1];
  return rules;
}
