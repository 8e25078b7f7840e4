/**
 * The rules of the string formats of the table (`PolicyFormat` in `./schema`) and of durations:
 * each says what the value must be, and why a value is not that, without quoting the value (the
 * caller quotes it, or not, for a secret). The formats a resource's properties share with the
 * policy (URLs, CIDR, …) are written once, in `../framework/formats.ts`; this module judges them
 * around CEL interpolations and adds those only a policy has.
 *
 * In a field that takes CEL, a value with an interpolation (`${…}`) is judged on what is left
 * outside its interpolations, where that still says something (the host of
 * `https://${vars.name}.internal`, the `:` of a credential); otherwise it is left to ngrok, at run
 * time. In a field that does not, `${…}` is text, judged like the rest.
 *
 * Sources, for the formats added by issue #49: RFC 9110, section 5.1 (a field name is a token;
 * ngrok's `ERR_NGROK_2210`, "name is invalid"); RFC 1035 and UTS #46 for a domain
 * (`ERR_NGROK_2243`, "is not a valid domain"); RE2's syntax
 * (https://github.com/google/re2/wiki/Syntax; `ERR_NGROK_2261`, "is not a valid regular
 * expression"), judged by `re2js`, a port of RE2/J.
 *
 * @module
 */
import { domainToASCII } from "node:url";
import { isNgrokId } from "../common/ids";
import { derivedAs } from "../common/derived";
import { load } from "../lazy";
import {
  type FormatRule as SharedFormatRule,
  STRING_FORMATS,
  type StringFormat,
  urlOf,
} from "../framework/formats";
import { hasInterpolation, interpolations, isVaultReference, withoutInterpolations } from "./cel";
import type { PolicyFormat } from "./schema";

/** A format's rule: what a value must be, and why one is not (`undefined`: it is). */
export interface FormatRule {
  /** What the value must be, after "must be", e.g. `an https:// URL`. */
  readonly what: string;
  /**
   * Why `value` is not that, or `undefined`. `cel`: ngrok evaluates the value's interpolations,
   * so the parts they give are not judged. Never quotes the value.
   */
  readonly problem: (value: string, cel: boolean) => string | undefined;
}

/** A placeholder for an interpolation in a URL's skeleton: valid in a host name. */
const PLACEHOLDER = "interpolated0value";

/**
 * A shared format's rule (`../framework/formats.ts`) in a policy: in a field that takes CEL, a
 * value with an interpolation is left to ngrok; in any other, `${…}` is text, judged like the rest.
 */
function shared(rule: SharedFormatRule): FormatRule {
  return {
    what: rule.what,
    problem: (value, cel) => (cel && hasInterpolation(value) ? undefined : rule.problem?.(value)),
  };
}

/** Every shared format's rule, judged around interpolations: built by a loop over them. */
const SHARED_FORMATS = derivedAs<Record<StringFormat, FormatRule>>(
  Object.fromEntries(Object.entries(STRING_FORMATS).map(([name, rule]) => [name, shared(rule)])),
);

/** Go's duration units in milliseconds (https://pkg.go.dev/time#ParseDuration). */
const UNITS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * The milliseconds of a duration as Go writes one (`90s`, `1h30m`, `1.5h`, `500ms`), or
 * `undefined` when `text` is not one. Source: Go's `time.ParseDuration`, which ngrok's
 * durations follow (their docs write `10s`, `2m`, `24h`).
 */
export function durationMs(text: string): number | undefined {
  if (text === "0") return 0;
  const part = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/y;
  let total = 0;
  let index = 0;
  while (index < text.length) {
    part.lastIndex = index;
    const match = part.exec(text);
    if (match === null) return undefined;
    total += Number(match[1]) * UNITS[match[2]];
    index = part.lastIndex;
  }
  return index === 0 ? undefined : total;
}

/** The first `:` of `text` outside its interpolations, or -1. */
function separatorIndex(text: string): number {
  let from = 0;
  for (const { start, end } of interpolations(text)) {
    const colon = text.slice(from, start).indexOf(":");
    if (colon >= 0) return from + colon;
    from = end ?? text.length;
  }
  const colon = text.slice(from).indexOf(":");
  return colon < 0 ? -1 : from + colon;
}

/** Why `value` is not `username:password` with a password of 8 to 128 characters. */
function credentialProblem(value: string): string | undefined {
  // Always a field that takes CEL (basic-auth's credentials).
  if (isVaultReference(value) || /^\$\{[^]*\}$/.test(value.trim())) return undefined;
  const colon = separatorIndex(value);
  if (colon < 0) return "it has no : between the username and the password";
  if (colon === 0) return "its username is empty";
  const password = value.slice(colon + 1);
  if (hasInterpolation(password)) return undefined;
  const length = [...password].length;
  if (length < 8 || length > 128) {
    return `its password has ${length} characters`;
  }
  return undefined;
}

/** A token of RFC 9110 (section 5.6.2): what an HTTP field name is. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Why `value` is not a domain name, or `undefined`. */
function domainProblem(value: string): string | undefined {
  // A leading dot is the older cookie spelling (RFC 6265, section 5.2.3: ignored).
  const name = value.startsWith(".") ? value.slice(1) : value;
  const ascii = name === "" ? "" : domainToASCII(name);
  if (ascii === "") return "it is not a host name";
  if (ascii.length > 253) return "it is longer than 253 characters";
  const label = ascii
    .replace(/\.$/, "")
    .split(".")
    .find((part) => !/^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/.test(part));
  if (label === undefined) return undefined;
  return label === ""
    ? "it has an empty label (two dots in a row)"
    : "each label must be 1 to 63 letters, digits and hyphens, not starting or ending with a hyphen";
}

/**
 * The regular expressions judged so far, and why each is not one (`""`: it is): compiling one
 * takes about a millisecond, and a preview checks a policy twice (its failures, its warnings).
 */
const REGEXES = new Map<string, string>();
/** The most {@link REGEXES} holds: past it, it starts again. */
const MAX_REGEXES = 10_000;

/** Why `value` is not an RE2 regular expression, in RE2's words, or `undefined`. */
function regexProblem(value: string): string | undefined {
  let problem = REGEXES.get(value);
  if (problem === undefined) {
    problem = compileProblem(value);
    if (REGEXES.size >= MAX_REGEXES) REGEXES.clear();
    REGEXES.set(value, problem);
  }
  return problem === "" ? undefined : problem;
}

/** Why RE2 (`re2js`) does not compile `value`, in its words, or `""`. */
function compileProblem(value: string): string {
  try {
    load.re2js().RE2JS.compile(value);
    return "";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // RE2's words end by quoting the part that fails, which the caller may not show (a secret).
    return message.replace(/^error parsing regexp: /, "").replace(/: `[^]*`$/, "");
  }
}

/** Every string format's rule. */
export const FORMATS: Readonly<Record<PolicyFormat, FormatRule>> = {
  ...SHARED_FORMATS,
  internalUrl: {
    what: "the URL of an internal endpoint, scheme://name.internal[:port] (http, https, tcp or tls)",
    // Always a field that takes CEL (forward-internal's url).
    problem: (value) => {
      const skeleton = withoutInterpolations(value, PLACEHOLDER);
      if (skeleton === PLACEHOLDER) return undefined; // all of it given by CEL
      const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(skeleton) ? urlOf(skeleton) : undefined;
      if (url === undefined) return "it is not a URL with a scheme (e.g. https://api.internal)";
      if (url.hostname.includes(PLACEHOLDER) && !url.hostname.endsWith(".internal")) {
        return undefined; // the host's end is given by CEL
      }
      const scheme = url.protocol;
      if (!scheme.includes(PLACEHOLDER) && !["http:", "https:", "tcp:", "tls:"].includes(scheme)) {
        return `its scheme is ${url.protocol.slice(0, -1)}`;
      }
      if (!url.hostname.endsWith(".internal")) {
        return "its host does not end in .internal (forward-internal reaches internal endpoints only)";
      }
      return undefined;
    },
  },
  celExpression: {
    // Judged by the caller with `celProblems` (its line and column are wanted in the message).
    what: "a CEL expression",
    problem: () => undefined,
  },
  credential: {
    what: "username:password, the password 8 to 128 characters",
    problem: credentialProblem,
  },
  idpMetadata: {
    // Judged by the caller with `parseIdpMetadata`, for HttpsEdgeRouteSaml's own messages and
    // certificate warnings.
    what: "an identity provider's SAML 2.0 metadata document",
    problem: () => undefined,
  },
  ipPolicyId: {
    what: 'the id of an ngrok IP policy, "ipp_" followed by letters and digits',
    problem: (value, cel) =>
      (cel && hasInterpolation(value)) || isNgrokId(value, "ipp_") ? undefined : "it is not one",
  },
  headerName: {
    what: "an HTTP header name (RFC 9110: letters, digits and !#$%&'*+-.^_`|~)",
    problem: (value, cel) =>
      (cel && hasInterpolation(value)) || TOKEN.test(value)
        ? undefined
        : value === ""
          ? "it is empty"
          : "it has a character a header name cannot have",
  },
  domain: {
    what: "a domain name (e.g. example.com)",
    problem: (value, cel) => (cel && hasInterpolation(value) ? undefined : domainProblem(value)),
  },
  regex: {
    what: "a regular expression in RE2's syntax (ngrok compiles it as Go's regexp does)",
    problem: (value, cel) => (cel && hasInterpolation(value) ? undefined : regexProblem(value)),
  },
};
