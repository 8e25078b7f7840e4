/**
 * ngrok's CEL functions and macros as data, written once, each with its signature: CEL's
 * standard definitions (the operators as the parser names them, the conversions, `size`, the
 * string tests, the timestamp accessors) and what ngrok adds (`traffic-policy/macros/index.mdx`
 * of github.com/ngrok/ngrok-docs at commit 56a5f9960f4e7c7e134fbc0412f74b51b2df5eca, 2026-08-07):
 * `inCidrRange`, `getReqHeader`, `secrets.get`, `rand.int`, the hashes, the string and list
 * extensions. ngrok's runtime is cel-go.
 *
 * @module
 */
import { REQUEST_PHASES, RESPONSE_PHASES, TRAFFIC_POLICY_DOCS } from "./celVariables";
import type { PhaseName } from "./schema";

/** A group of function signatures from one source. */
export interface FunctionFamily {
  readonly page: string;
  /** The phases the functions exist in; every phase when left out. */
  readonly phases?: readonly PhaseName[];
  /**
   * Why ngrok's docs contest these forms (they use them, and their reference says otherwise):
   * a use is accepted with a warning that says so.
   */
  readonly contested?: string;
  /**
   * Each signature: `name(T, …): R` for a function, `T.name(T, …): R` for a method of `T`
   * (`string.startsWith(string): bool`), where a single capital letter is a type parameter.
   * A dotted name whose prefix is not a type is a function's name (`base64.decode`).
   */
  readonly signatures: readonly string[];
}

/** Both forms of each of ngrok's hash functions: `hash.md5(string)` and `string.md5()`. */
const HASHES = ["crc32", "crc64", "md5", "sha1", "sha256", "sha512", "xxhash64"].flatMap((h) => [
  `hash.${h}(string): string`,
  `hash.${h}(string, string): string`,
  `string.${h}(): string`,
  `string.${h}(string): string`,
]);

/** The accessors of a timestamp, each in UTC or in a time zone. */
const TIMESTAMP_PARTS = [
  "getDate",
  "getDayOfMonth",
  "getDayOfWeek",
  "getDayOfYear",
  "getFullYear",
  "getHours",
  "getMilliseconds",
  "getMinutes",
  "getMonth",
  "getSeconds",
].flatMap((part) => [`timestamp.${part}(): int`, `timestamp.${part}(string): int`]);

/** Every function and method, by source. */
export const FUNCTION_FAMILIES: readonly FunctionFamily[] = [
  {
    // CEL's standard definitions: the operators (as the parser names them), conversions, size.
    page: "https://github.com/google/cel-spec/blob/master/doc/langdef.md#list-of-standard-definitions",
    signatures: [
      "!_(bool): bool",
      "-_(int): int",
      "-_(double): double",
      "_&&_(bool, bool): bool",
      "_||_(bool, bool): bool",
      "_?_:_(bool, A, A): A",
      "@not_strictly_false(bool): bool",
      "_==_(A, A): bool",
      "_!=_(A, A): bool",
      ...["_<_", "_<=_", "_>_", "_>=_"].flatMap((op) =>
        ["bool", "int", "uint", "double", "string", "bytes", "timestamp", "duration"].map(
          (t) => `${op}(${t}, ${t}): bool`,
        ),
      ),
      ...["int", "uint", "double"].map((t) => `_+_(${t}, ${t}): ${t}`),
      "_+_(string, string): string",
      "_+_(bytes, bytes): bytes",
      "_+_(list(A), list(A)): list(A)",
      "_+_(timestamp, duration): timestamp",
      "_+_(duration, timestamp): timestamp",
      "_+_(duration, duration): duration",
      ...["int", "uint", "double"].map((t) => `_-_(${t}, ${t}): ${t}`),
      "_-_(timestamp, timestamp): duration",
      "_-_(timestamp, duration): timestamp",
      "_-_(duration, duration): duration",
      ...["_*_", "_/_"].flatMap((op) =>
        ["int", "uint", "double"].map((t) => `${op}(${t}, ${t}): ${t}`),
      ),
      "_%_(int, int): int",
      "_%_(uint, uint): uint",
      "_[_](list(A), int): A",
      "_[_](map(K, V), K): V",
      "@in(A, list(A)): bool",
      "@in(K, map(K, V)): bool",
      "size(string): int",
      "size(bytes): int",
      "size(list(A)): int",
      "size(map(K, V)): int",
      "string.size(): int",
      "bytes.size(): int",
      "list(A).size(): int",
      "map(K, V).size(): int",
      "string.contains(string): bool",
      "string.startsWith(string): bool",
      "string.endsWith(string): bool",
      "string.matches(string): bool",
      "matches(string, string): bool",
      ...["int", "uint", "double", "string", "bytes", "bool", "timestamp", "duration"].map(
        (t) => `${t}(A): ${t}`,
      ),
      "dyn(A): dyn",
      "type(A): type",
      ...TIMESTAMP_PARTS,
      "duration.getHours(): int",
      "duration.getMinutes(): int",
      "duration.getSeconds(): int",
      "duration.getMilliseconds(): int",
    ],
  },
  {
    page: `${TRAFFIC_POLICY_DOCS}/macros/`,
    signatures: [
      "base64.decode(string): bytes",
      "base64.encode(bytes): string",
      "basic_auth.encode(string, string): string",
      ...HASHES,
      "json.decode(string): dyn",
      "json.encode(dyn): string",
      "list(A).encodeJson(): string",
      "list(A).join(): string",
      "list(A).join(string): string",
      "list(A).slice(int, int): list(A)",
      "list(A).flatten(): list(dyn)",
      "list(A).flatten(int): list(dyn)",
      "list(A).sort(): list(A)",
      // `sortBy(x, key)` is a macro: `./celCheck` binds its first argument.
      "list(A).sortBy(A, dyn): list(A)",
      "list(A).distinct(): list(A)",
      "lists.range(int): list(int)",
      "map(K, V).encodeJson(): string",
      "map(K, V).encodeQueryString(): string",
      "queryString.decode(string): map(string, dyn)",
      "queryString.encode(map(K, V)): string",
      "rand.double(): double",
      "rand.int(int, int): int",
      "secrets.get(string, string): string",
      "string.charAt(int): string",
      "string.indexOf(string): int",
      "string.indexOf(string, int): int",
      "string.format(list(dyn)): string",
      "string.lastIndexOf(string): int",
      "string.lastIndexOf(string, int): int",
      "string.split(): list(string)",
      "string.split(string): list(string)",
      "string.split(string, int): list(string)",
      "string.replace(string, string): string",
      "string.replace(string, string, int): string",
      "string.decodeBase64(): string",
      "string.decodeJson(): dyn",
      "string.decodeQueryString(): map(string, dyn)",
      "string.encodeBase64(): string",
      "string.escapeUrl(): string",
      "string.isJson(): bool",
      "string.isPrivateIp(): bool",
      "string.isQueryString(): bool",
      "string.isURL(): bool",
      "string.lower(): string",
      "string.upper(): string",
      "string.parseUrl(): dyn",
      "string.unescapeUrl(): string",
      "string.lowerAscii(): string",
      "string.upperAscii(): string",
      "string.substring(int): string",
      "string.substring(int, int): string",
      "string.trim(): string",
      "string.reverse(): string",
      "strings.quote(string): string",
      "url.escape(string): string",
      "url.parse(string): dyn",
      "url.unescape(string): string",
      "inCidrRange(string, string): bool",
      "inCidrRanges(string, list(string)): bool",
    ],
  },
  {
    page: `${TRAFFIC_POLICY_DOCS}/macros/#http-requests`,
    phases: REQUEST_PHASES,
    signatures: [
      "getReqCookie(string): cookie",
      "getReqHeader(string): list(string)",
      "getQueryParam(string): list(string)",
      "hasQueryParam(string): bool",
      "hasReqCookie(string): bool",
      "hasReqHeader(string): bool",
    ],
  },
  {
    page: `${TRAFFIC_POLICY_DOCS}/macros/#http-responses`,
    phases: RESPONSE_PHASES,
    signatures: [
      "getResCookie(string): cookie",
      "getResHeader(string): list(string)",
      "hasResCookie(string): bool",
      "hasResHeader(string): bool",
    ],
  },
  {
    // A macro: `./celCheck` binds its first two arguments to two items.
    page: `${TRAFFIC_POLICY_DOCS}/actions/set-vars/`,
    signatures: ["list(A).sort(A, A, bool): list(A)"],
  },
  {
    page: `${TRAFFIC_POLICY_DOCS}/actions/response-body-find-replace/`,
    contested:
      "the response-body-find-replace page calls contains on a header's values " +
      "(`res.headers['content-type'].contains(…)`), a list the variables page types " +
      "map[string][]string and CEL gives no contains; ngrok may refuse it",
    signatures: ["list(A).contains(A): bool"],
  },
  {
    page: `${TRAFFIC_POLICY_DOCS}/examples/event-logging/`,
    contested:
      "the event-logging example compares res.status_code, an int32 on the variables page, " +
      "with a string (`res.status_code < '200'`); ngrok may refuse it",
    signatures: ["_<_", "_<=_", "_>_", "_>=_", "_==_", "_!=_"].map(
      (op) => `${op}(int, string): bool`,
    ),
  },
];
