/**
 * The one HTTP client both resources share: ngrok's REST API over node-fetch v2 (CommonJS, so
 * it loads inside Pulumi's dynamic-provider host, where node-fetch v3 fails as ESM-only).
 *
 * Every request carries `Authorization: Bearer <key>`, `Ngrok-Version: 2`, a `User-Agent` of
 * the form `pulumi-ngrok-dynamic/<version> node/<version>`, and `Content-Type: application/json`
 * when it has a body (spec sections 5 and 9). Connections are kept alive and reused. Responses are
 * validated with zod. Redirects are not followed.
 *
 * Retries (exponential back-off with full jitter, bounded by {@link RetryPolicy.attempts} and by
 * the total {@link RetryPolicy.deadlineMs}); each one is logged at debug level (see `./log`):
 * - 429 (`ERR_NGROK_225`/`ERR_NGROK_226`), every method: the API did not act. A `Retry-After`
 *   header (seconds or HTTP-date) is waited out first, capped at {@link RetryPolicy.maxDelayMs}.
 * - 502, 503, 504, a connection reset or a timeout: GET, PUT, PATCH and DELETE only (repeating
 *   them changes nothing more). Never POST: the API may have created the object already, and a
 *   second POST would create a second one. Such a failure of a POST is reported with
 *   {@link NgrokClientError.requestOutcome} `"unknown"` (or as an {@link NgrokApiError} 5xx) so
 *   that the caller can look for what it may have created.
 * - a connection that could not be opened (refused, DNS failure), every method: nothing was sent.
 *
 * @module
 */
import * as http from "node:http";
import * as https from "node:https";
import type * as ExponentialBackoff from "exponential-backoff";
import type * as NodeFetch from "node-fetch";
import type { Response } from "node-fetch";
import type { z } from "zod";
import type { NgrokApiSettings } from "./configuration";
import { type Endpoint, NgrokApiError, NgrokClientError } from "./errors";
import { logDebug } from "./log";

/** HTTP methods the API uses. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** One request. `path` is relative to the base URL and may carry a query string. */
export interface RequestSpec<T> {
  readonly method: HttpMethod;
  readonly path: string;
  /** JSON-serialisable body; sent with `Content-Type: application/json`. */
  readonly body?: unknown;
  /** Schema of a 2xx body. Omit for endpoints that answer 204 with no body. */
  readonly schema?: z.ZodType<T>;
  /** Called with the headers of the successful answer (e.g. to read its `Date`). */
  readonly onHeaders?: (headers: { get(name: string): string | null }) => void;
}

/**
 * How failed requests are retried (see the module comment for which ones). Delays are in
 * milliseconds. The delay before retry `n` is drawn uniformly from
 * `0..min(maxDelayMs, startingDelayMs * 2^(n-1))` ("full jitter"); a `Retry-After` header is
 * waited out before that, capped at `maxDelayMs`.
 */
export interface RetryPolicy {
  /** Total attempts including the first. Default 10. */
  readonly attempts: number;
  /** Upper bound of the delay before the second attempt. Default 1000 ms; doubles each time. */
  readonly startingDelayMs: number;
  /** Upper bound of one delay (and of a `Retry-After` wait). Default 30000 ms. */
  readonly maxDelayMs: number;
  /**
   * Total time budget of one request, all attempts and waits included: no wait is started that
   * could end after it, so a request gives up within `deadlineMs` plus one attempt's timeout.
   * Default 300000 ms (5 minutes: several of ngrok's 60 s rate-limit windows).
   */
  readonly deadlineMs: number;
}

/** The default {@link RetryPolicy}: see each field. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 10,
  startingDelayMs: 1000,
  maxDelayMs: 30000,
  deadlineMs: 300000,
};

/** How long one attempt may take, from sending to the end of the answer's headers: 60000 ms. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60000;

/** Options of {@link NgrokClient}. */
export interface NgrokClientOptions {
  /** Default {@link DEFAULT_RETRY_POLICY}; fields left out take their default. */
  readonly retry?: Partial<RetryPolicy>;
  /**
   * Milliseconds one attempt may take before it fails as a connection failure (and is retried
   * like one). Default {@link DEFAULT_REQUEST_TIMEOUT_MS}; a hung connection never stalls a
   * deployment forever.
   */
  readonly timeoutMs?: number;
  /**
   * Receives one line per retry (method, path, attempt, reason, wait). Default
   * {@link logDebug}: Pulumi's debug log. The lines never contain the API key.
   */
  readonly log?: (message: string) => void;
}

const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(["GET", "PUT", "DELETE", "PATCH"]);
const RETRIABLE_SERVER_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
/**
 * Connection errors (node's `code`) that happen before a single byte of the request is sent:
 * the API certainly did not act, so even a POST may be sent again.
 */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/**
 * node-fetch and exponential-backoff, loaded with the first request: the plugin loads this
 * module for `check` too, which makes no request (cold start, see BENCHMARKS.md).
 */
function nodeFetch(): typeof NodeFetch.default {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require("node-fetch") as typeof NodeFetch).default;
}
function exponentialBackoff(): typeof ExponentialBackoff {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("exponential-backoff") as typeof ExponentialBackoff;
}

const httpAgent = new http.Agent({ keepAlive: true });
const httpsAgent = new https.Agent({ keepAlive: true });

/** A client bound to one API key and base URL. Cheap to create; connections are pooled per process. */
export class NgrokClient {
  private readonly settings: NgrokApiSettings;
  private readonly retry: RetryPolicy;
  private readonly requestTimeoutMs: number;
  private readonly log: (message: string) => void;

  constructor(settings: NgrokApiSettings, options: NgrokClientOptions = {}) {
    this.settings = settings;
    const retry = options.retry ?? {};
    this.retry = {
      attempts: retry.attempts ?? DEFAULT_RETRY_POLICY.attempts,
      startingDelayMs: retry.startingDelayMs ?? DEFAULT_RETRY_POLICY.startingDelayMs,
      maxDelayMs: retry.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
      deadlineMs: retry.deadlineMs ?? DEFAULT_RETRY_POLICY.deadlineMs,
    };
    this.requestTimeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.log = options.log ?? logDebug;
  }

  /** How long one attempt may take, in milliseconds. */
  public get timeoutMs(): number {
    return this.requestTimeoutMs;
  }

  /** Logs one diagnostic line where this client logs its retries (never with the API key). */
  public debug(message: string): void {
    this.log(redact(message, this.settings.apiKey));
  }

  /** The base URL requests go to, e.g. `https://api.ngrok.com`. */
  public get baseUrl(): string {
    return this.settings.baseUrl;
  }

  /**
   * Sends one request (retrying as the module comment says) and returns the validated body.
   *
   * @throws {@link NgrokApiError} for a 4xx/5xx answer.
   * @throws {@link NgrokClientError} when the body of a 2xx answer does not match `schema`, or
   *   the API could not be reached.
   */
  public async request<T>(spec: RequestSpec<T>): Promise<T> {
    const endpoint: Endpoint = { method: spec.method, path: spec.path };
    const deadline = Date.now() + this.retry.deadlineMs;
    const response = await exponentialBackoff().backOff(() => this.send(spec, endpoint), {
      numOfAttempts: this.retry.attempts,
      startingDelay: this.retry.startingDelayMs,
      maxDelay: this.retry.maxDelayMs,
      timeMultiple: 2,
      jitter: "full",
      retry: (error: unknown, attemptNumber: number) =>
        this.shouldRetry(error, endpoint, attemptNumber, deadline),
    });
    spec.onHeaders?.(response.headers);
    return parseBody(response, spec, endpoint);
  }

  /**
   * Like {@link NgrokClient.request}, but a 404 (the object, or its edge or route, does not
   * exist) resolves to `undefined` instead of throwing: what refresh ("deleted outside Pulumi")
   * and delete ("already gone") need.
   */
  public async requestUnlessNotFound<T>(spec: RequestSpec<T>): Promise<T | undefined> {
    try {
      return await this.request(spec);
    } catch (error) {
      if (NgrokApiError.isInstance(error) && error.isNotFound) {
        return undefined;
      }
      throw error;
    }
  }

  /**
   * Iterates over every item of a paged list, following `next_page_uri` until it is `null`
   * (ngrok's paging: `limit` 1..100, `before_id`, newest first).
   *
   * @param path the list path, e.g. `/ssh_certificate_authorities?limit=100`.
   * @param field the array field of the list body, e.g. `ssh_certificate_authorities`.
   * @param page the schema of one page.
   * @param onHeaders called with the headers of each page's answer.
   * @throws {@link NgrokClientError} if `next_page_uri` leaves the configured base URL (the API
   *   key is never sent to another origin) or points back at a page already read.
   */
  public async *list<Item, Field extends string>(
    path: string,
    field: Field,
    page: z.ZodType<{ [K in Field]: Item[] } & { next_page_uri?: string | null }>,
    onHeaders?: RequestSpec<unknown>["onHeaders"],
  ): AsyncGenerator<Item> {
    const visited = new Set<string>();
    let next: string | undefined = path;
    while (next !== undefined) {
      visited.add(next);
      const body: { [K in Field]: Item[] } & { next_page_uri?: string | null } = await this.request(
        { method: "GET", path: next, schema: page, onHeaders },
      );
      yield* body[field];
      const from: string = next;
      next = body.next_page_uri ? this.relativePath(body.next_page_uri, from) : undefined;
      if (next !== undefined && visited.has(next)) {
        throw new NgrokClientError(
          `ngrok API list ${from} returned next_page_uri ${JSON.stringify(body.next_page_uri)}, a page already read; stopping instead of looping`,
          { method: "GET", path: from },
        );
      }
    }
  }

  private relativePath(nextPageUri: string, from: string): string {
    const base = new URL(this.settings.baseUrl + "/");
    const next = new URL(nextPageUri, base);
    if (next.origin !== base.origin || !next.pathname.startsWith(base.pathname)) {
      throw new NgrokClientError(
        `ngrok API list ${from} returned next_page_uri ${JSON.stringify(nextPageUri)} outside ${this.settings.baseUrl}; refusing to follow it`,
        { method: "GET", path: from },
      );
    }
    return "/" + next.pathname.slice(base.pathname.length) + next.search;
  }

  private async send<T>(spec: RequestSpec<T>, endpoint: Endpoint): Promise<Response> {
    const url = this.settings.baseUrl + spec.path;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.settings.apiKey}`,
      "Ngrok-Version": "2",
      "User-Agent": userAgent(),
      Accept: "application/json",
    };
    let body: string | undefined;
    if (spec.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(spec.body);
    }
    let response: Response;
    try {
      response = await nodeFetch()(url, {
        method: spec.method,
        headers,
        body,
        agent: url.startsWith("https:") ? httpsAgent : httpAgent,
        timeout: this.requestTimeoutMs,
        // node-fetch would follow a redirect with the Authorization header to another port of
        // the same host or to a subdomain; the API does not redirect, so none is followed.
        redirect: "manual",
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const code = transportCode(error);
      const notSent = NOT_SENT_CODES.has(code);
      throw new NgrokClientError(
        `could not reach the ngrok API at ${this.settings.baseUrl} (${endpoint.method} ${endpoint.path}): ${redact(reason, this.settings.apiKey)}`,
        endpoint,
        undefined,
        undefined,
        notSent ? "not-sent" : "unknown",
        code,
      );
    }
    if (response.status >= 400) {
      throw await apiError(response, endpoint, this.settings.apiKey);
    }
    if (response.status >= 300) {
      await response.text().catch(() => "");
      const location = response.headers.get("location");
      throw new NgrokClientError(
        redact(
          `ngrok API answered ${endpoint.method} ${endpoint.path} with a redirect (HTTP ${response.status}` +
            `${location ? ` to ${location}` : ""}); not followed: the API key is only sent to ${this.settings.baseUrl}`,
          this.settings.apiKey,
        ),
        endpoint,
        response.status,
      );
    }
    return response;
  }

  /**
   * Decides whether to send `endpoint` again after `error` (see the module comment), waits out a
   * `Retry-After`, and logs the retry. `attemptNumber` is the number of attempts made so far.
   */
  private async shouldRetry(
    error: unknown,
    endpoint: Endpoint,
    attemptNumber: number,
    deadline: number,
  ): Promise<boolean> {
    // exponential-backoff asks even after the last attempt; answering then must not wait out a
    // Retry-After for a request that will never be sent.
    if (attemptNumber >= this.retry.attempts) {
      return false;
    }
    const reason = retryReason(error, endpoint.method as HttpMethod);
    if (reason === undefined) {
      return false;
    }
    const retryAfterMs = NgrokApiError.isInstance(error)
      ? retryAfterDelayMs(error, this.retry.maxDelayMs)
      : 0;
    const backOffMs = Math.min(
      this.retry.maxDelayMs,
      this.retry.startingDelayMs * 2 ** (attemptNumber - 1),
    );
    const where = `${endpoint.method} ${endpoint.path}`;
    if (Date.now() + retryAfterMs + backOffMs > deadline) {
      this.log(
        `ngrok API: not retrying ${where} after ${reason}: the retry deadline of ${this.retry.deadlineMs} ms would pass`,
      );
      return false;
    }
    this.log(
      `ngrok API: retrying ${where} (attempt ${attemptNumber + 1} of ${this.retry.attempts}) after ${reason}; ` +
        `waiting ${retryAfterMs > 0 ? `Retry-After ${retryAfterMs} ms then ` : ""}up to ${backOffMs} ms`,
    );
    if (retryAfterMs > 0) {
      await sleep(retryAfterMs);
    }
    return true;
  }
}

/**
 * node's error code of a failed fetch (`ECONNREFUSED`, `ECONNRESET`, …), `ETIMEDOUT` for
 * node-fetch's own timeout, `""` when there is none.
 */
function transportCode(error: unknown): string {
  if ((error as { type?: unknown }).type === "request-timeout") {
    return "ETIMEDOUT";
  }
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : "";
}

/**
 * Why `error` may be retried for `method` (a short phrase for the log), or `undefined` when it
 * must not be: see the module comment.
 */
function retryReason(error: unknown, method: HttpMethod): string | undefined {
  if (NgrokApiError.isInstance(error)) {
    const status = `HTTP ${error.statusCode}${error.errorCode ? ` ${error.errorCode}` : ""}`;
    if (error.statusCode === 429) {
      return status;
    }
    return IDEMPOTENT.has(method) && RETRIABLE_SERVER_STATUSES.has(error.statusCode)
      ? status
      : undefined;
  }
  if (NgrokClientError.isInstance(error)) {
    if (error.requestOutcome === "not-sent") {
      return `a connection failure before sending (${error.message})`;
    }
    if (error.requestOutcome === "unknown" && IDEMPOTENT.has(method)) {
      return `a connection failure (${error.message})`;
    }
  }
  return undefined;
}

/** An {@link NgrokApiError} that remembers the `Retry-After` header of its response. */
class RateLimitedError extends NgrokApiError {
  public retryAfterSeconds: number | undefined;
}

/**
 * The error for a 4xx/5xx answer. The API key is redacted from the message: ngrok's 401 bodies
 * quote the credential that was sent (ERR_NGROK_202), and error messages end up in logs.
 */
async function apiError(
  response: Response,
  endpoint: Endpoint,
  apiKey: string,
): Promise<NgrokApiError> {
  const text = await response.text().catch(() => "");
  let errorCode: string | undefined;
  let msg: string | undefined;
  let operationId: string | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) {
      errorCode = typeof parsed.error_code === "string" ? parsed.error_code : undefined;
      msg = typeof parsed.msg === "string" ? parsed.msg : undefined;
      const details = parsed.details;
      if (isRecord(details) && typeof details.operation_id === "string") {
        operationId = details.operation_id;
      }
    }
  } catch {
    msg = response.statusText || undefined;
  }
  operationId = operationId ?? response.headers.get("ngrok-operation-id") ?? undefined;
  const body = { errorCode, msg: msg === undefined ? undefined : redact(msg, apiKey), operationId };
  if (response.status === 429) {
    const error = new RateLimitedError(response.status, body, endpoint);
    error.retryAfterSeconds = retryAfterSeconds(response.headers.get("retry-after"));
    return error;
  }
  return new NgrokApiError(response.status, body, endpoint);
}

async function parseBody<T>(
  response: Response,
  spec: RequestSpec<T>,
  endpoint: Endpoint,
): Promise<T> {
  const text = await response.text();
  if (spec.schema === undefined) {
    return undefined as T;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new NgrokClientError(
      `ngrok API response from ${endpoint.method} ${endpoint.path} is not JSON (HTTP ${response.status}, ${text.length} bytes)`,
      endpoint,
      response.status,
    );
  }
  const result = spec.schema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues
      .map(
        (issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(body)"}: ${issue.message}`,
      )
      .join("; ");
    throw new NgrokClientError(
      `ngrok API response from ${endpoint.method} ${endpoint.path} has an unexpected shape: ${problems}`,
      endpoint,
      response.status,
      json,
    );
  }
  return result.data;
}

/**
 * The `Retry-After` header in seconds: delay-seconds, or an HTTP-date (RFC 9110 section 10.2.3)
 * counted from now. `undefined` when absent or unreadable.
 */
function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || header.trim() === "") {
    return undefined;
  }
  const seconds = Number(header);
  if (Number.isFinite(seconds)) {
    return seconds >= 0 ? seconds : undefined;
  }
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

function retryAfterDelayMs(error: NgrokApiError, maxDelayMs: number): number {
  const seconds = error instanceof RateLimitedError ? error.retryAfterSeconds : undefined;
  return seconds === undefined ? 0 : Math.min(seconds * 1000, maxDelayMs);
}

let cachedUserAgent: string | undefined;

/** `pulumi-ngrok-dynamic/<package version> node/<node version>`, as ngrok's clients format theirs. */
export function userAgent(): string {
  if (cachedUserAgent === undefined) {
    // Self-reference by package name: resolves in the repository and in an installed copy alike.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { name, version } = require("pulumi-ngrok-dynamic/package.json") as {
      name: string;
      version: string;
    };
    cachedUserAgent = `${name}/${version} node/${process.versions.node}`;
  }
  return cachedUserAgent;
}

function redact(text: string, secret: string): string {
  return secret === "" ? text : text.split(secret).join("<redacted>");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
