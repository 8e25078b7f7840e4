/**
 * The actions of the traffic policy table that control traffic: forward, deny, limit, restrict,
 * log, set variables, terminate TLS (see `./schema` for what each entry says, `./actions` for the
 * whole table).
 *
 * Sources: each action's reference page on ngrok's docs (its `source`), read in ngrok's docs
 * repository (ngrok/ngrok-docs, `traffic-policy/actions/*.mdx`, as of 2026-08-07); the phases
 * and the terminating actions also from the Action Hub
 * (https://ngrok.com/docs/traffic-policy/actions/) and "How Traffic Policy Works"
 * (https://ngrok.com/docs/traffic-policy/how-it-works/#non-terminating-actions). Where two pages
 * disagree, the table takes the reading that refuses less, and says so.
 *
 * @module
 */
import { celText, enforce, headers, onError, STATUS } from "./fieldSpecs";
import type { ActionEntry } from "./schema";

export const TRAFFIC_ACTIONS = {
  "circuit-breaker": {
    description: "Rejects requests while the upstream's error rate is over a threshold.",
    phases: ["on_http_request"],
    fields: {
      // "Required", with a default of 0.5: the table takes it as optional.
      error_threshold: {
        type: { kind: "number", min: 0, max: 1 },
        description: "The share of errors (0.0 to 1.0) over which requests are rejected.",
        default: "0.5",
      },
      volume_threshold: {
        type: { kind: "integer", min: 1, max: 2_000_000_000 },
        description: "The requests in the window before the error threshold is checked.",
        default: "10",
      },
      window_duration: {
        type: { kind: "duration", min: "1s", max: "2m" },
        description: "How long metrics are kept (the rolling window).",
        default: "10s",
      },
      tripped_duration: {
        type: { kind: "duration", min: "1s", max: "2m" },
        description: "How long requests are rejected before upstream health is checked again.",
        default: "10s",
      },
      num_buckets: {
        type: { kind: "integer", min: 10, max: 10 },
        description: "The buckets of the window: fixed at 10.",
      },
      enforce: enforce("When false, the circuit breaker never trips."),
    },
  },
  "close-connection": {
    description: "Closes the client's connection.",
    phases: ["on_tcp_connect", "on_http_request"],
    terminating: true,
    fields: {},
  },
  deny: {
    description: "Denies the request or the connection.",
    phases: ["on_tcp_connect", "on_http_request"],
    terminating: true,
    fields: {
      status_code: {
        type: STATUS,
        description: "The response's status code (HTTP only).",
        default: "403",
        phases: ["on_http_request"],
      },
    },
  },
  "forward-internal": {
    description: "Forwards the traffic to an internal endpoint of the same account.",
    phases: ["on_tcp_connect", "on_http_request"],
    // "This action is not terminating if on_error is set to continue."
    terminating: { unless: { field: "on_error", value: "continue" } },
    fields: {
      url: {
        type: { kind: "string", format: "internalUrl" },
        required: true,
        cel: true,
        description:
          "The internal endpoint, e.g. `https://api.internal` or `tcp://db.internal:5432`.",
      },
      on_error: onError("halt"),
    },
  },
  "http-request": {
    description: "Sends an HTTP request to another API.",
    phases: ["on_http_request", "on_http_response"],
    fields: {
      url: {
        type: { kind: "string", format: "url" },
        required: true,
        cel: true,
        description: "The URL.",
      },
      method: {
        type: { kind: "enum", values: ["GET", "PUT", "POST", "PATCH", "DELETE", "OPTIONS"] },
        description: "The HTTP method.",
        default: "GET",
      },
      query_params: {
        type: {
          kind: "list",
          maxItems: 32,
          items: {
            kind: "object",
            fields: {
              key: {
                type: { kind: "string", maxLength: 128 },
                required: true,
                cel: true,
                description: "The name.",
              },
              value: {
                type: { kind: "string", maxLength: 8192 },
                required: true,
                cel: true,
                description: "The value.",
              },
            },
          },
        },
        description: "Query parameters to append to the URL.",
      },
      headers: headers("The request's headers (at most 10)."),
      body: { type: { kind: "string" }, cel: true, description: "The request's body." },
      // The page says 0 to 100, default 10; its config snippet 0 to 5, default 0.
      max_redirects: {
        type: { kind: "integer", min: 0, max: 100 },
        description: "How many redirects to follow.",
      },
      timeout: {
        type: { kind: "duration", min: "1s", max: "30s" },
        description: "How long to wait for the whole request, retries included.",
        default: "3s",
      },
      retry_condition: {
        type: { kind: "string", format: "celExpression" },
        description: "A CEL expression: when true after a failed attempt, the request is retried.",
        default: "false",
      },
      on_error: onError("continue"),
    },
  },
  log: {
    description: "Adds metadata to the events logged for the traffic.",
    phases: ["on_tcp_connect", "on_http_request", "on_http_response"],
    fields: {
      metadata: {
        type: { kind: "map", values: { kind: "any" } },
        required: true,
        cel: true,
        description: "Names to values to add to the events.",
      },
    },
  },
  "rate-limit": {
    description: "Limits the rate of requests that reach the upstream service.",
    phases: ["on_http_request"],
    fields: {
      name: {
        type: { kind: "string", maxLength: 1023 },
        required: true,
        description: "A name for this rate limit.",
      },
      enforce: enforce("When false, the limit is measured but not applied."),
      algorithm: {
        type: { kind: "enum", values: ["sliding_window"] },
        required: true,
        description: "The rate limit algorithm.",
      },
      capacity: {
        type: { kind: "integer", min: 1, max: 2_000_000_000 },
        required: true,
        description: "The requests allowed in each `rate` period.",
      },
      rate: {
        type: { kind: "duration", min: "60s", max: "24h", multipleOf: "10s" },
        required: true,
        description: "The period the capacity applies to: 60s to 24h, a multiple of 10s.",
      },
      bucket_key: {
        type: { kind: "list", items: { kind: "string", format: "celExpression" }, maxItems: 10 },
        required: true,
        description: "CEL expressions whose values make the key of a bucket (at most 10).",
      },
    },
  },
  "restrict-ips": {
    description: "Allows or denies traffic by the client's IP address.",
    // The reference page adds on_http_response to the Action Hub's two.
    phases: ["on_tcp_connect", "on_http_request", "on_http_response"],
    fields: {
      // "Required", with a default of true: the table takes it as optional.
      enforce: enforce("When false, the next action runs even if the IP is not allowed."),
      allow: {
        type: { kind: "list", items: { kind: "string", format: "cidr" } },
        cel: true,
        description: "The CIDR blocks allowed, e.g. `203.0.113.0/24`.",
      },
      deny: {
        type: { kind: "list", items: { kind: "string", format: "cidr" } },
        cel: true,
        description: "The CIDR blocks denied.",
      },
      ip_policies: {
        type: { kind: "list", items: { kind: "string", format: "ipPolicyId" } },
        description: "The ids of ngrok IP policies (`ipp_…`) to check the client's IP against.",
      },
    },
    rules: [{ kind: "atLeastOne", fields: ["allow", "deny", "ip_policies"] }],
  },
  "set-vars": {
    description: "Sets variables for the rest of the policy.",
    phases: ["on_tcp_connect", "on_http_request", "on_http_response"],
    fields: {
      vars: {
        type: {
          kind: "list",
          items: { kind: "map", values: { kind: "any" }, minEntries: 1, maxEntries: 1 },
        },
        required: true,
        cel: true,
        description: "The variables, each a map of one name to its value.",
      },
    },
  },
  "terminate-tls": {
    description: "Controls how ngrok terminates TLS.",
    phases: ["on_tcp_connect"],
    // Its page's "Supported schemes" says https; ngrok's mutual TLS examples run it on tls://
    // endpoints (ngrok-docs snippets/examples/agent-config/tls-mtls-at-edge.mdx): both pass.
    schemes: ["https", "tls"],
    fields: {
      min_version: {
        type: { kind: "enum", values: ["1.2", "1.3"] },
        description: "The lowest TLS version.",
        default: "1.2",
      },
      max_version: {
        type: { kind: "enum", values: ["1.2", "1.3"] },
        description: "The highest TLS version.",
        default: "1.3",
      },
      server_private_key: celText(
        "The PEM private key of a certificate of your own (with `serverCertificate`).",
        { secret: true },
      ),
      server_certificate: celText("The PEM certificate of your own (with `serverPrivateKey`)."),
      mutual_tls_certificate_authorities: {
        type: { kind: "list", items: { kind: "string" } },
        cel: true,
        description:
          "PEM certificates or ids of the certificate authorities trusted for mutual TLS.",
      },
      mutual_tls_verification_strategy: {
        type: { kind: "enum", values: ["require-and-verify", "require-any", "request"] },
        description: "How client certificates are verified.",
        default: "require-and-verify",
      },
    },
    rules: [{ kind: "together", fields: ["server_private_key", "server_certificate"] }],
  },
} as const satisfies Record<string, ActionEntry>;
