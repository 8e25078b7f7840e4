/**
 * Errors thrown by the ngrok API client.
 *
 * Each class carries a brand property and a static `isInstance()` that checks the brand, so
 * that an error is still recognised when it crosses a copy of this package (the dynamic-provider
 * host can load a different copy than the program), as Pulumi's own `RunError` does.
 *
 * No message built here ever contains the API key.
 *
 * @module
 */
import { isBranded } from "./brand";
import { EDGES_UNAVAILABLE_CODES } from "./errorCodes";

/**
 * Where in the API a request went: the HTTP method and the path (with query) relative to the
 * base URL, e.g. `{ method: "POST", path: "/ssh_certificate_authorities" }`.
 */
export interface Endpoint {
  readonly method: string;
  readonly path: string;
}

/** The fields of ngrok's error body (`{error_code, status_code, msg, details: {operation_id}}`). */
export interface NgrokErrorBody {
  readonly errorCode?: string;
  readonly msg?: string;
  readonly operationId?: string;
}

/**
 * The ngrok API answered with an error status (4xx or 5xx).
 *
 * The message reads like
 * `ngrok API 400 ERR_NGROK_1941: Invalid elliptic curve (POST /ssh_certificate_authorities, operation op_2Z…)`,
 * followed, for an error the user can act on, by `. ` and the {@link NgrokApiError.hint}.
 * `error_code` can be missing from ngrok's body (some 404s carry none), so branch on
 * {@link NgrokApiError.statusCode} first. The operation id comes from the body's
 * `details.operation_id`, or from the `Ngrok-Operation-Id` response header when the body does
 * not parse. Source: ngrok's API error format (see `contributing/reference/ngrok-api.md`, "Errors").
 */
export class NgrokApiError extends Error {
  /** Brand checked by {@link NgrokApiError.isInstance}. */
  public readonly __ngrokApiError = true;
  /** The HTTP status code, e.g. 404. */
  public readonly statusCode: number;
  /** ngrok's error code, e.g. `ERR_NGROK_1941`, when the body carried one. */
  public readonly errorCode: string | undefined;
  /** The human-readable message from the body, or the HTTP reason when there was none. */
  public readonly msg: string;
  /** ngrok's operation id (`op_…`), to quote to ngrok support. */
  public readonly operationId: string | undefined;
  /** The request that failed. */
  public readonly endpoint: Endpoint;
  /**
   * How long the API asked to wait before trying again, in seconds (fractional for an HTTP-date
   * counted from when the answer arrived); `undefined` when the answer had no readable
   * `Retry-After` header. Source: the `Retry-After` response header of any error answer.
   * ngrok does not document one for its management API, but when a 429 carries one,
   * `NgrokClient` waits it out (capped at `RetryPolicy.maxDelayMs`) before retrying.
   */
  public readonly retryAfterSeconds: number | undefined;
  /**
   * What to do about this error, when the client knows (an authentication failure, whether
   * answered 401 or 403, naming where the API key came from; an account without edges,
   * `ERR_NGROK_7008`, or with read-only edges, `ERR_NGROK_7196`; the SSH CA limit,
   * `ERR_NGROK_1956`): the end of the message.
   */
  public readonly hint: string | undefined;

  /**
   * @param statusCode the HTTP status of the answer, 400..599.
   * @param body the fields read from ngrok's error body (the message already redacted).
   * @param endpoint the request that failed.
   * @param options what the answer's headers said; see {@link NgrokApiErrorOptions}.
   */
  constructor(
    statusCode: number,
    body: NgrokErrorBody,
    endpoint: Endpoint,
    options: NgrokApiErrorOptions = {},
  ) {
    const msg = body.msg && body.msg.trim() !== "" ? body.msg.trim() : `HTTP ${statusCode}`;
    const code = body.errorCode ? ` ${body.errorCode}` : "";
    const where = [`${endpoint.method} ${endpoint.path}`];
    if (body.operationId) {
      where.push(`operation ${body.operationId}`);
    }
    const hint = options.hint ? `. ${options.hint}` : "";
    super(`ngrok API ${statusCode}${code}: ${msg} (${where.join(", ")})${hint}`);
    this.name = "NgrokApiError";
    this.statusCode = statusCode;
    this.errorCode = body.errorCode;
    this.msg = msg;
    this.operationId = body.operationId;
    this.endpoint = endpoint;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.hint = options.hint || undefined;
  }

  /** True when `obj` is an {@link NgrokApiError}, from any copy of this package. */
  public static isInstance(obj: unknown): obj is NgrokApiError {
    return isBranded(obj, "__ngrokApiError");
  }

  /**
   * True when this is a 404: the object (or its parent edge or route) does not exist. Not for
   * `ERR_NGROK_7008` (an account without edges) or `ERR_NGROK_7196` (read-only edges), whatever
   * their status: ngrok does not document it, and a module read or deleted on such an account
   * must be told apart from one that is gone (see `HttpsEdgeRouteSaml`'s delete).
   */
  public get isNotFound(): boolean {
    return (
      this.statusCode === 404 &&
      (this.errorCode === undefined || !EDGES_UNAVAILABLE_CODES.includes(this.errorCode))
    );
  }
}

/** What the headers of an error answer said, beside its body: see {@link NgrokApiError}. */
export interface NgrokApiErrorOptions {
  /** The `Retry-After` header in seconds: see {@link NgrokApiError.retryAfterSeconds}. */
  readonly retryAfterSeconds?: number;
  /** What to do about the error: see {@link NgrokApiError.hint}. */
  readonly hint?: string;
}

/**
 * What is known about whether the API acted on a request that failed without a usable answer:
 * - `"not-sent"`: the connection could not be opened (refused, DNS failure); the API certainly
 *   did not act.
 * - `"unknown"`: the request was sent but no answer came (connection reset, timeout); the API
 *   may or may not have acted.
 * - `"answered"`: the API answered, with a body this client could not use (or a redirect).
 */
export type RequestOutcome = "not-sent" | "unknown" | "answered";

/**
 * The ngrok API answered with a success status but a body of an unexpected shape, or the
 * request never got an answer (connection refused, DNS failure, TLS error, timeout).
 *
 * The message names the endpoint and, for a shape problem, each offending field, e.g.
 * `ngrok API response from GET /ssh_certificate_authorities/sshca_… has an unexpected shape: public_key: expected string, received undefined`.
 */
export class NgrokClientError extends Error {
  /** Brand checked by {@link NgrokClientError.isInstance}. */
  public readonly __ngrokClientError = true;
  /** The request concerned. */
  public readonly endpoint: Endpoint;
  /**
   * The HTTP status of the answer whose body was unusable; `undefined` when no answer came (the
   * request may or may not have been processed).
   */
  public readonly statusCode: number | undefined;
  /** The parsed response body, when it was JSON (never the request, never credentials). */
  public readonly responseBody: unknown;
  /**
   * Whether the API may have acted: see {@link RequestOutcome}. Default `"answered"` when
   * there was a status code, else `"unknown"`.
   */
  public readonly requestOutcome: RequestOutcome;
  /**
   * For a request without an answer: node's error code (`ECONNREFUSED`, `ECONNRESET`, …), or
   * `ETIMEDOUT` when the attempt ran out of time; `""` when unknown or not applicable.
   */
  public readonly transportCode: string;

  /**
   * @param message the whole message (it must not contain the API key).
   * @param options the request concerned and what is known of its answer; see
   *   {@link NgrokClientErrorOptions} for the defaults.
   */
  constructor(message: string, options: NgrokClientErrorOptions) {
    super(message);
    const { endpoint, statusCode, responseBody, requestOutcome, transportCode = "" } = options;
    this.name = "NgrokClientError";
    this.endpoint = endpoint;
    this.statusCode = statusCode;
    this.responseBody = responseBody;
    this.requestOutcome = requestOutcome ?? (statusCode === undefined ? "unknown" : "answered");
    this.transportCode = transportCode;
  }

  /**
   * True when `error` leaves it unknown whether the API acted on the request; only ever for an
   * {@link NgrokApiError} (a 5xx) or an {@link NgrokClientError}.
   */
  public static outcomeUnknown(error: unknown): error is NgrokApiError | NgrokClientError {
    if (NgrokApiError.isInstance(error)) {
      return error.statusCode >= 500;
    }
    return NgrokClientError.isInstance(error) && error.requestOutcome === "unknown";
  }

  /** True when `obj` is an {@link NgrokClientError}, from any copy of this package. */
  public static isInstance(obj: unknown): obj is NgrokClientError {
    return isBranded(obj, "__ngrokClientError");
  }
}

/** The fields of an {@link NgrokClientError} besides its message; each is documented there. */
export interface NgrokClientErrorOptions {
  /** The request concerned: {@link NgrokClientError.endpoint}. */
  readonly endpoint: Endpoint;
  /** The HTTP status of the unusable answer; leave it out when no answer came. */
  readonly statusCode?: number;
  /** The parsed response body, when it was JSON. */
  readonly responseBody?: unknown;
  /**
   * Whether the API may have acted. Default `"answered"` when
   * {@link NgrokClientErrorOptions.statusCode} is given, else `"unknown"`.
   */
  readonly requestOutcome?: RequestOutcome;
  /** node's error code of a request without an answer. Default `""`. */
  readonly transportCode?: string;
}

/**
 * The provider is not configured well enough to call the API: no API key, or a base URL that
 * is not an http(s) URL. The message names both the stack config key and the environment
 * variable that set the value.
 */
export class NgrokConfigurationError extends Error {
  /** Brand checked by {@link NgrokConfigurationError.isInstance}. */
  public readonly __ngrokConfigurationError = true;

  constructor(message: string) {
    super(message);
    this.name = "NgrokConfigurationError";
  }

  /** True when `obj` is an {@link NgrokConfigurationError}, from any copy of this package. */
  public static isInstance(obj: unknown): obj is NgrokConfigurationError {
    return isBranded(obj, "__ngrokConfigurationError");
  }
}
