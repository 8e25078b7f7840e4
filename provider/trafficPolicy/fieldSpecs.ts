/**
 * Fields that several actions of the traffic policy table share, each written once (see
 * `./schema` for what a field says): the actions' reference pages, HTTP status codes, header
 * maps, `on_error`, `enforce`, and strings in which ngrok evaluates interpolations.
 *
 * @module
 */
import type { Fields, FieldSpec, FieldType } from "./schema";

/** ngrok's reference pages of the actions (each action's `source` is one below it). */
export const DOCS = "https://ngrok.com/docs/traffic-policy/actions";

/** HTTP status codes. */
export const STATUS = { kind: "integer", min: 100, max: 599 } as const;

/**
 * A value written as a number or a boolean where a string goes (a header value), accepted: ngrok's
 * docs write `X-Custom: 1` unquoted (ngrok-docs `snippets/examples/agent-config/http-request-headers.mdx`).
 */
export const SCALAR_HEADER = {
  why: "ngrok's docs write header values such as 1 unquoted",
} as const;

/**
 * A map of header names (RFC 9110 tokens; `ERR_NGROK_2210`) to values (interpolations allowed),
 * at most 10.
 */
export const headers = (description: string, minEntries?: number) =>
  ({
    type: {
      kind: "map",
      names: "headerName",
      values: { kind: "string", scalars: SCALAR_HEADER },
      maxEntries: 10,
      minEntries,
    },
    cel: true,
    description,
  }) as const satisfies FieldSpec;

/** `on_error`: whether the next actions run after an error, `halt` or `continue`. */
export const onError = (fallback: "halt" | "continue") =>
  ({
    type: { kind: "enum", values: ["halt", "continue"] },
    description: "Whether the next actions run (`continue`) or not (`halt`) after an error.",
    default: fallback,
  }) as const satisfies FieldSpec;

/** `enforce`: when false, the action's outcome does not stop what follows; default `true`. */
export const enforce = (description: string) =>
  ({ type: { kind: "boolean" }, description, default: "true" }) as const satisfies FieldSpec;

/**
 * A string in which ngrok evaluates interpolations (`${…}`), with what else it says (`required`,
 * `secret`).
 */
export const celText = <const More extends Pick<FieldSpec, "required" | "secret">>(
  description: string,
  more?: More,
) => ({ type: { kind: "string" }, ...more, cel: true, description }) as const satisfies FieldSpec;

/** The type of a list of at least one object with `fields`. */
export const someObjects = <const F extends Fields>(fields: F) =>
  ({ kind: "list", minItems: 1, items: { kind: "object", fields } }) as const satisfies FieldType;
