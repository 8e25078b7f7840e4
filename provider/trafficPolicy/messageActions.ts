/**
 * The actions of the traffic policy table that change requests and responses: headers, bodies,
 * URLs, responses of their own (see `./schema` for what each entry says, `./actions` for the
 * whole table).
 *
 * Sources: each action's reference page on ngrok's docs (its `source`), read in ngrok's docs
 * repository (ngrok/ngrok-docs, `traffic-policy/actions/*.mdx`, as of 2026-08-07); the phases
 * also from the Action Hub (https://ngrok.com/docs/traffic-policy/actions/). Where two pages
 * disagree, the table takes the reading that refuses less, and says so.
 *
 * @module
 */
import { celText, headers, onError, someObjects, STATUS } from "./fieldSpecs";
import type { ActionEntry, FieldSpec } from "./schema";

/** `from` and `to` of the URL rewriting actions: regular expressions, interpolations allowed. */
const fromTo = {
  from: {
    type: { kind: "string", format: "regex" },
    cel: true,
    description: "A regular expression (RE2 syntax) matching part of the URL.",
  },
  to: celText("The replacement of the matched part (`$1`… for capture groups).", {
    required: true,
  }),
} as const satisfies Record<string, FieldSpec>;

/** The `replacements` of the body find-and-replace actions. */
const replacements = (field: boolean) =>
  ({
    type: someObjects({
      ...(field
        ? {
            field: {
              type: { kind: "enum", values: ["data", "retry"] },
              description: "The SSE field to apply the replacement to.",
              default: "data",
            },
          }
        : {}),
      from: {
        type: { kind: "string", format: "regex" },
        required: true,
        cel: true,
        description: "A regular expression (RE2 syntax) to match.",
      },
      to: celText("The replacement (`$1`… for capture groups); left out, the match is deleted."),
    }),
    required: true,
    description: "The replacements, applied in order.",
  }) as const satisfies FieldSpec;

/** The fields of the OWASP Core Rule Set actions. */
const owasp = {
  on_error: { ...onError("halt"), required: true },
  process_body: {
    type: { kind: "boolean" },
    description: "Whether the rules for the body are evaluated.",
    default: "false",
  },
  exclude_rule_ids: {
    type: { kind: "list", items: { kind: "integer", min: 900000, max: 999999 } },
    description: "OWASP CRS rule IDs not to evaluate.",
  },
} as const satisfies Record<string, FieldSpec>;

export const MESSAGE_ACTIONS = {
  "add-headers": {
    description: "Adds headers to requests or responses.",
    phases: ["on_http_request", "on_http_response"],
    fields: { headers: { ...headers("Header names to values to add.", 1), required: true } },
  },
  "compress-response": {
    description: "Compresses response bodies.",
    // The reference page says on_http_response; the Action Hub adds on_http_request.
    phases: ["on_http_request", "on_http_response"],
    fields: {
      algorithms: {
        type: {
          kind: "list",
          items: { kind: "enum", values: ["br", "compress", "deflate", "gzip"] },
          unique: true,
        },
        description: "The compression algorithms to choose from.",
        default: "gzip, deflate, br, compress",
      },
    },
  },
  "custom-response": {
    description: "Sends a response of your own to the client.",
    phases: ["on_http_request", "on_http_response"],
    terminating: {
      laterActions:
        "its page says that in on_http_request the policy goes on (to on_http_response), and " +
        "ngrok's maintenance-mode example (gateway/examples/maintenance-mode) puts a " +
        "forward-internal after it",
    },
    fields: {
      status_code: { type: STATUS, description: "The response's status code.", default: "200" },
      body: { type: { kind: "string" }, cel: true, description: "The response's body." },
      // ngrok's operator writes it (ngrok-operator internal/trafficpolicy/policy.go,
      // NewCustomResponseAction), as the edges' custom response module named it.
      content: {
        type: { kind: "string" },
        cel: true,
        description: "The response's body, in the older spelling of ngrok's operator.",
        legacyOf: "body",
      },
      headers: headers("The response's headers (at most 10)."),
    },
  },
  "owasp-crs-request": {
    description: "Applies the OWASP Core Rule Set to requests.",
    phases: ["on_http_request"],
    fields: owasp,
  },
  "owasp-crs-response": {
    description: "Applies the OWASP Core Rule Set to responses.",
    phases: ["on_http_response"],
    fields: owasp,
  },
  redirect: {
    description: "Redirects the client to another URL.",
    phases: ["on_http_request"],
    terminating: {
      contested:
        "the cloud endpoints page counts redirect among the actions that end a cloud endpoint's " +
        "policy (https://ngrok.com/docs/endpoints/cloud-endpoints/), while its own page and the " +
        "Action Hub call it non-terminating",
    },
    fields: {
      ...fromTo,
      status_code: {
        type: { kind: "integer", min: 300, max: 399 },
        description: "A 3xx status code.",
        default: "302",
      },
      headers: headers("Headers to add to the response (at most 10)."),
    },
  },
  "remove-headers": {
    description: "Removes headers from requests or responses.",
    phases: ["on_http_request", "on_http_response"],
    fields: {
      headers: {
        type: {
          kind: "list",
          items: { kind: "string", format: "headerName" },
          minItems: 1,
          maxItems: 10,
        },
        required: true,
        description: "The names of the headers to remove.",
      },
    },
  },
  "request-body-find-replace": {
    description: "Finds and replaces text in request bodies.",
    phases: ["on_http_request"],
    fields: { replacements: replacements(false) },
  },
  "response-body-find-replace": {
    description: "Finds and replaces text in response bodies.",
    phases: ["on_http_response"],
    fields: { replacements: replacements(false) },
  },
  "sse-find-replace": {
    description: "Finds and replaces text in the messages of Server-Sent Events streams.",
    phases: ["on_event_stream_message"],
    fields: { replacements: replacements(true) },
  },
  "url-rewrite": {
    description: "Rewrites the request's URL before it reaches the upstream service.",
    phases: ["on_http_request"],
    fields: fromTo,
  },
} as const satisfies Record<string, ActionEntry>;
