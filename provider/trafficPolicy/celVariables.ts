/**
 * ngrok's CEL variables as data, written once: what a traffic policy's expressions and
 * interpolations may read, each by its dotted name, with its CEL type, the phases it exists in
 * and its page, and the object types they hold. The functions and macros are in
 * `./celFunctions`; `./celEnvironment` builds the checker's environment from both.
 *
 * Read from ngrok's documentation at commit 56a5f9960f4e7c7e134fbc0412f74b51b2df5eca of
 * github.com/ngrok/ngrok-docs (2026-08-07): `traffic-policy/variables/*.mdx` and the snippets
 * they include (`snippets/traffic-policy/variables/`, `snippets/traffic-policy/actions/<action>/
 * variables.mdx`), and the `http-request` action's "Retry Logic".
 *
 * Types are CEL's (`int`, `string`, `list(string)`, `map(string, list(string))`, …): ngrok's
 * `int32`, `int64` and `integer` are `int`, `boolean` is `bool`, `[]T` is `list(T)`. Where the
 * docs give a type loosely (`list`, `object`, `array of objects`, `list | map`), it is `dyn`
 * (anything is accepted), not a guess. A variable may be a value and have fields at once
 * (`req.url` is a string, `req.url.path` another), as ngrok documents them.
 *
 * @module
 */
import type { PhaseName } from "./schema";

/** ngrok's Traffic Policy documentation, the base of every page below. */
export const TRAFFIC_POLICY_DOCS = "https://ngrok.com/docs/traffic-policy";

/** The phases that have a request (`req.*`): those of HTTP endpoints, and an SSE stream's. */
export const REQUEST_PHASES = [
  "on_http_request",
  "on_http_response",
  "on_event_stream_message",
] as const;
/** The phases that have a response (`res.*`). */
export const RESPONSE_PHASES = ["on_http_response", "on_event_stream_message"] as const;

/** A group of variables from one page of ngrok's docs. */
export interface VariableFamily {
  /** The page that documents them. */
  readonly page: string;
  /** The phases they exist in; every phase when left out. */
  readonly phases?: readonly PhaseName[];
  /** Each variable by its dotted name, with its CEL type (see the module's comment). */
  readonly variables: Readonly<Record<string, string>>;
  /** Variables whose fields are free-form: any access below them is accepted (`vars.*`). */
  readonly open?: readonly string[];
  /**
   * The docs give the shape loosely (actions' results): a field they do not list is a warning,
   * not a failure.
   */
  readonly unlistedFields?: "warn";
  /**
   * Why ngrok's docs contest them (their examples read them, their variables pages do not list
   * them): a use is accepted with a warning that says so.
   */
  readonly contested?: string;
  /** Only in this field of this action (the variables of `http-request`'s `retry_condition`). */
  readonly only?: { readonly action: string; readonly field: string };
}

/** The fields of a certificate's issuer or subject. */
const DISTINGUISHED_NAME = {
  common_name: "string",
  ...Object.fromEntries(
    ["country", "locality", "organization", "organizational_unit", "postal_code", "province"]
      .concat("street_address")
      .map((name) => [name, "list(string)"]),
  ),
};

/** The fields of an X.509 certificate, as `conn.tls.client` and `conn.tls.server` give them. */
const CERTIFICATE = {
  extensions: "list(extension)",
  issuer: "string",
  ...under("issuer", DISTINGUISHED_NAME),
  san: "string",
  "san.dns_names": "list(string)",
  "san.email_addresses": "list(string)",
  "san.ip_addresses": "list(string)",
  "san.uris": "list(string)",
  serial_number: "string",
  signature_algorithm: "string",
  subject: "string",
  ...under("subject", DISTINGUISHED_NAME),
  "validity.not_after": "timestamp",
  "validity.not_before": "timestamp",
};

/** A geographic location, as the IP intelligence variables give one. */
const LOCATION = {
  city: "string",
  continent: "string",
  country: "string",
  country_code: "string",
  is_eu: "bool",
  metro_code: "string",
  subdivision: "string",
  timezone: "string",
} as const;

/** What ngrok knows of an IP address (`conn.client_ip.*`, `conn.server_ip.*`). */
const IP_INTELLIGENCE = {
  categories: "list(dyn)", // "list"
  is_on_blocklist: "bool",
  is_tor_node: "bool",
  "as.number": "int",
  "as.organization": "string",
  ...under("geo.location", {
    ...LOCATION,
    latitude: "string",
    longitude: "string",
    postal_code: "string",
    radius: "string",
  }),
  ...under("geo.registered_location", LOCATION),
} as const;

/** The fields of an action's error, as most actions' results give them. */
const ACTION_ERROR = { "error.code": "string", "error.message": "string" } as const;

/** What the oauth and openid-connect actions leave alike. */
const SIGN_IN = {
  ...ACTION_ERROR,
  ...under("identity", {
    id: "string",
    email: "string",
    name: "string",
    provider_user_id: "string",
  }),
  access_token: "string",
  refresh_token: "string",
  expires_at: "string",
  session_timed_out: "bool",
  session_max_duration_reached: "bool",
  userinfo_refreshed: "bool",
};

/** What the owasp-crs-request and owasp-crs-response actions leave alike. */
const OWASP_CRS = {
  ...ACTION_ERROR,
  decision: "string",
  anomaly_score: "int",
  anomaly_score_threshold: "int",
  matched_rules: "list(dyn)",
};

/** `fields` with each name under `prefix` (`under("a", { b: "int" })` is `{ "a.b": "int" }`). */
function under(prefix: string, fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, type]) => [`${prefix}.${name}`, type]),
  );
}

/** Every variable, by family. */
export const VARIABLE_FAMILIES: readonly VariableFamily[] = [
  {
    page: `${TRAFFIC_POLICY_DOCS}/variables/connection/`,
    variables: {
      "conn.bytes_in": "int",
      "conn.bytes_out": "int",
      "conn.client_ip": "string",
      "conn.client_port": "int",
      "conn.server_ip": "string",
      "conn.server_port": "int",
      "conn.server_region": "string",
      "conn.ts.start": "timestamp",
      // Not in the table, but in the docs' examples ("conn.ts.end < timestamp(time.now)").
      "conn.ts.end": "timestamp",
      "conn.geo.city": "string",
      "conn.geo.country": "string",
      "conn.geo.country_code": "string",
      "conn.geo.latitude": "string",
      "conn.geo.longitude": "string",
      "conn.geo.radius": "string",
      "conn.geo.subdivision": "string",
      "conn.tls.cipher_suite": "string",
      "conn.tls.ja4_fingerprint": "string",
      "conn.tls.negotiated_alpn": "string",
      "conn.tls.session_resumed": "bool",
      "conn.tls.sni": "string",
      "conn.tls.version": "string",
      ...under("conn.tls.client", { ...CERTIFICATE, pem: "string" }),
      ...under("conn.tls.server", CERTIFICATE),
      "conn.k8s.pod.id": "string",
      "conn.k8s.pod.metadata.name": "string",
      "conn.k8s.pod.metadata.namespace": "string",
      "conn.k8s.pod.metadata.annotations": "map(string, string)",
      "conn.k8s.pod.metadata.error_code": "string",
      "conn.k8s.pod.metadata.error_message": "string",
    },
  },
  {
    page: `${TRAFFIC_POLICY_DOCS}/variables/ip-intel/`,
    variables: {
      ...under("conn.client_ip", IP_INTELLIGENCE),
      ...under("conn.server_ip", IP_INTELLIGENCE),
    },
  },
  {
    page: `${TRAFFIC_POLICY_DOCS}/variables/endpoint/`,
    variables: {
      "endpoint.addr": "string",
      "endpoint.host": "string",
      "endpoint.id": "string",
      "endpoint.port": "int",
      "endpoint.protocol": "string",
      "endpoint.url": "string",
    },
  },
  {
    page: `${TRAFFIC_POLICY_DOCS}/variables/req/`,
    phases: REQUEST_PHASES,
    variables: {
      "req.content_encoding": "list(string)",
      "req.content_length": "int",
      "req.content_type": "string",
      "req.content_type.parameters": "map(string, string)",
      "req.content_type.raw": "string",
      "req.cookies": "map(string, list(cookie))",
      "req.headers": "map(string, list(string))",
      "req.host": "string",
      "req.location": "string",
      "req.method": "string",
      "req.trailers": "map(string, list(string))",
      "req.ts.body_received": "timestamp",
      "req.ts.header_received": "timestamp",
      "req.url": "string",
      "req.url.authority": "string",
      "req.url.host": "string",
      "req.url.path": "string",
      "req.url.port": "int",
      "req.url.query": "string",
      "req.url.query_params": "map(string, list(string))",
      "req.url.raw": "string",
      "req.url.raw_path": "string",
      "req.url.scheme": "string",
      "req.url.uri": "string",
      "req.url.user_password": "string",
      "req.user_agent": "string",
      "req.user_agent.name": "string",
      "req.user_agent.version": "string",
      "req.user_agent.os": "string",
      "req.user_agent.os_version": "string",
      "req.user_agent.device": "string",
      "req.user_agent.is_mobile": "bool",
      "req.user_agent.is_tablet": "bool",
      "req.user_agent.is_desktop": "bool",
      "req.user_agent.is_bot": "bool",
      "req.user_agent.url": "string",
      "req.version": "string",
    },
  },
  {
    page: `${TRAFFIC_POLICY_DOCS}/variables/res/`,
    phases: RESPONSE_PHASES,
    variables: {
      "res.content_encoding": "list(string)",
      "res.content_length": "int",
      "res.content_type": "string",
      "res.content_type.parameters": "map(string, string)",
      "res.content_type.raw": "string",
      "res.cookies": "map(string, list(cookie))",
      "res.headers": "map(string, list(string))",
      "res.location": "string",
      "res.status_code": "int",
      "res.trailers": "map(string, list(string))",
    },
  },
  {
    page: `${TRAFFIC_POLICY_DOCS}/variables/time/`,
    // A string in RFC 3339 format, as the docs say and use it (`timestamp(time.now)`).
    variables: { "time.now": "string" },
  },
  {
    page: `${TRAFFIC_POLICY_DOCS}/variables/action/`,
    unlistedFields: "warn",
    // What each action leaves for the actions after it; `object` without listed fields is open.
    variables: {
      "actions.ngrok.add_headers.headers_added": "map(string, dyn)",
      "actions.ngrok.ai_gateway.status": "string",
      "actions.ngrok.ai_gateway.error": "dyn",
      "actions.ngrok.ai_gateway.client": "dyn",
      "actions.ngrok.ai_gateway.input_ngrok_tokens": "int",
      "actions.ngrok.ai_gateway.output_ngrok_tokens": "int",
      "actions.ngrok.ai_gateway.gateway_latency_ms": "int",
      "actions.ngrok.ai_gateway.model_selection": "list(dyn)",
      "actions.ngrok.ai_gateway.models_tried": "list(dyn)",
      "actions.ngrok.ai_gateway.success": "dyn",
      "actions.ngrok.basic_auth.credentials.presented": "bool",
      "actions.ngrok.basic_auth.credentials.username": "string",
      "actions.ngrok.basic_auth.credentials.authorized": "bool",
      "actions.ngrok.compress.already_compressed": "bool",
      "actions.ngrok.compress.negotiated_algorithm": "string",
      ...under("actions.ngrok.http_request", ACTION_ERROR),
      "actions.ngrok.http_request.attempts": "list(dyn)",
      "actions.ngrok.http_request.req": "dyn",
      "actions.ngrok.http_request.res": "dyn",
      "actions.ngrok.jwt_validation.tokens": "list(dyn)",
      ...under("actions.ngrok.jwt_validation", ACTION_ERROR),
      "actions.ngrok.log.metadata": "dyn",
      ...under("actions.ngrok.oauth", {
        ...SIGN_IN,
        "identity.current_provider_session_id": "string",
      }),
      ...under("actions.ngrok.oidc", {
        ...SIGN_IN,
        "identity.current_session_id": "string",
        identity_token: "string",
      }),
      ...under("actions.ngrok.owasp_crs_request", OWASP_CRS),
      ...under("actions.ngrok.owasp_crs_response", OWASP_CRS),
      ...under("actions.ngrok.rate_limit", {
        ...ACTION_ERROR,
        bucket_key: "string",
        limited: "bool",
      }),
      ...under("actions.ngrok.redirect", {
        ...ACTION_ERROR,
        matches: "list(string)",
        url: "string",
      }),
      "actions.ngrok.remove_headers.headers_removed": "list(string)",
      ...under("actions.ngrok.restrict_ips", {
        ...ACTION_ERROR,
        action: "string",
        matched_cidr: "string",
      }),
      ...under("actions.ngrok.terminate_tls", {
        ...ACTION_ERROR,
        cipher_suite: "string",
        sni: "string",
        version: "string",
        warnings: "list(string)",
        ...under("client", CERTIFICATE),
        ...under("server", CERTIFICATE),
      }),
      ...under("actions.ngrok.url_rewrite", {
        ...ACTION_ERROR,
        matches: "list(string)",
        url: "string",
      }),
      "actions.ngrok.verify_webhook.verified": "bool",
      ...under("actions.ngrok.verify_webhook", ACTION_ERROR),
    },
    open: [
      "actions.ngrok.ai_gateway.error",
      "actions.ngrok.ai_gateway.client",
      "actions.ngrok.ai_gateway.success",
      "actions.ngrok.http_request.req",
      "actions.ngrok.http_request.res",
      "actions.ngrok.log.metadata",
    ],
  },
  {
    // The variables the set-vars action sets, by the names the policy gives them.
    page: `${TRAFFIC_POLICY_DOCS}/actions/set-vars/`,
    variables: { vars: "dyn" },
    open: ["vars"],
  },
  {
    // "has access to: attempts, last_attempt.req, last_attempt.res, last_attempt.error", with
    // no shape given (its example reads `last_attempt.res.statusCode`).
    page: `${TRAFFIC_POLICY_DOCS}/actions/http-request/`,
    only: { action: "http-request", field: "retry_condition" },
    variables: {
      attempts: "int",
      last_attempt: "dyn",
      "last_attempt.req": "dyn",
      "last_attempt.res": "dyn",
      "last_attempt.error": "dyn",
    },
    open: ["last_attempt"],
  },
  {
    page: "https://github.com/ngrok/ngrok-docs/blob/main/snippets/traffic-policy/gallery/ManipulateHeaders.mdx",
    contested:
      "ngrok.* is on no variables page; the gallery's header example reads " +
      "`${.ngrok.geo.country_code}`, so ngrok may accept it, with fields the docs do not give",
    variables: { ngrok: "dyn" },
    open: ["ngrok"],
  },
];

/**
 * The object types the variables and functions hold, by name, with their fields. The docs list
 * a request cookie's `name` and `value`, a response cookie's attributes too, and show
 * `getReqCookie('session').secure`: one cookie type with every attribute accepts each reading.
 */
export const OBJECT_TYPES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cookie: {
    domain: "string",
    expires: "timestamp",
    http_only: "bool",
    max_age: "duration",
    name: "string",
    path: "string",
    same_site: "string",
    secure: "bool",
    unparsed_attributes: "map(string, string)",
    value: "string",
  },
  extension: { id: "string", critical: "bool", value: "bytes" },
};
