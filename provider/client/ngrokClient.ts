/**
 * The one HTTP client both resources share: ngrok's REST API over node-fetch v2 (CommonJS, so
 * it loads inside Pulumi's dynamic-provider host, where node-fetch v3 fails as ESM-only). This
 * module is the transport only: sending, paging, timeouts and pooled connections.
 *
 * Every request carries `Authorization: Bearer <key>`, `Ngrok-Version: 2`, a `User-Agent` of
 * the form `pulumi-ngrok-dynamic/<version> node/<version>`, and `Content-Type: application/json`
 * when it has a body (`contributing/reference/seed.md` §5 and §9). Connections are kept alive and reused. Redirects
 * are not followed. Answers are read by `./decode` (error bodies into {@link NgrokApiError},
 * 2xx bodies validated with the request's zod schema, the API key redacted).
 *
 * Failed attempts are retried as `./retryPolicy` decides ({@link retryDecision}: 429 for every
 * method, 502/503/504, resets and timeouts for GET, PUT, PATCH and DELETE only, a connection
 * that could not be opened for every method, a few seconds only for a loopback address that
 * refuses or a host name that does not resolve), with exponential back-off and full jitter
 * (exponential-backoff runs the attempts; the wait is drawn and slept here, so that it can be cut
 * short), bounded by {@link RetryPolicy.attempts} and {@link RetryPolicy.deadlineMs}; each retry
 * is logged at debug level (see `./log`).
 *
 * With {@link NgrokClientOptions.rateLimit}, every attempt (first sends and retries alike, lists'
 * pages included) first waits for a slot of the process's pacer for the API key and base URL
 * (`./pacer`), and a 429 holds that pacer's queue. The time a request spends waiting on the rate
 * limit (in the queue, and after a 429 before it is sent again) is logged at debug level, and
 * added to the message of the error it finally fails with, if any: `…; waited 12.3 s on the rate
 * limit`. The retry deadline counts from the first attempt's sending, not from the queue.
 *
 * A request made for an operation with an `AbortSignal` (the provider plugin's, see `./abort`)
 * stops when it fires: its pacing wait, `Retry-After` wait and back-off end at once, an attempt
 * in flight is aborted, no further attempt is sent, and it fails with `abortedError`'s message
 * (for a request that may have been sent: it may still have completed, run `pulumi refresh`). An
 * answer whose headers had arrived is read and returned all the same: a create that ngrok
 * answered is never lost. Without a signal, nothing of this applies.
 *
 * @module
 */
import type { Response } from "node-fetch";
import type { z } from "zod";
import { abortableSleep, abortedError, isAbortedError, operationSignal } from "./abort";
import type { NgrokApiSettings } from "./configuration";
import { parseBody, redact } from "./decode";
import { type Endpoint, NgrokApiError, NgrokClientError } from "./errors";
import { whereTheApiIs } from "./hints";
import { logDebug } from "./log";
import { pacerFor } from "./pacer";
import { RateLimitWait } from "./rateLimitWait";
import type { RateLimit } from "./rateLimiter";
import type { HttpMethod, RequestSpec } from "./request";
import { type RetryPolicy, retryDecision, retryLogLine, withRetryDefaults } from "./retryPolicy";
import { configNamespace, settingPlaces } from "./settings";
import { send } from "./transport";
import { load } from "../lazy";

export { userAgent } from "./transport";

/** How long one attempt may take, from sending to the end of the answer's headers: 60000 ms. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60000;

/** Options of {@link NgrokClient}. */
export interface NgrokClientOptions {
  /** Default `DEFAULT_RETRY_POLICY` (in `./retryPolicy`); fields left out take their default. */
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
  /**
   * Paces the requests to this rate, first come, first served, with the process's pacer for the
   * API key and base URL (`pacerFor` in `./pacer`). Default: no pacing; `clientFromConfiguration`
   * passes the configured rate (ngrok's 120 requests per 60 s unless `ngrok:maxRequestsPerMinute`
   * says otherwise).
   */
  readonly rateLimit?: RateLimit;
}

/**
 * exponential-backoff, loaded with the first request: the plugin loads this module for `check`
 * too, which makes no request (cold start, see BENCHMARKS.md).
 */
const exponentialBackoff = load.exponentialBackoff;

/** A client bound to one API key and base URL. Cheap to create; connections are pooled per process. */
export class NgrokClient {
  private readonly settings: NgrokApiSettings;
  private readonly retry: RetryPolicy;
  private readonly requestTimeoutMs: number;
  private readonly log: (message: string) => void;
  private readonly rateLimit: RateLimit | undefined;

  constructor(settings: NgrokApiSettings, options: NgrokClientOptions = {}) {
    this.settings = settings;
    this.rateLimit = options.rateLimit;
    this.retry = withRetryDefaults(options.retry);
    this.requestTimeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.log = options.log ?? logDebug;
  }

  /** Whether the base URL is a loopback address (see `LOOPBACK_REFUSED_BUDGET_MS`). */
  private get loopback(): boolean {
    const host = new URL(this.settings.baseUrl).hostname;
    return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
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
   * Sends one request (paced and retried as the module comment says) and returns the validated
   * body.
   *
   * @throws {@link NgrokApiError} for a 4xx/5xx answer.
   * @throws {@link NgrokClientError} when the body of a 2xx answer does not match `schema`, or
   *   the API could not be reached.
   */
  public request<T>(spec: RequestSpec<T> & { readonly schema: z.ZodType<T> }): Promise<T>;
  /** A request without a schema (an endpoint that answers 204): the body is read and dropped. */
  public request(
    spec: RequestSpec<undefined> & { readonly schema?: undefined },
  ): Promise<undefined>;
  /** A request whose schema may be left out: `undefined` when it is. */
  public request<T>(spec: RequestSpec<T>): Promise<T | undefined>;
  public async request<T>(spec: RequestSpec<T>): Promise<T | undefined> {
    const endpoint: Endpoint = { method: spec.method, path: spec.path };
    const signal = operationSignal();
    const wait = new RateLimitWait(
      this.rateLimit && pacerFor(this.settings, this.rateLimit),
      this.retry.maxDelayMs,
    );
    let deadline: number | undefined;
    let attempts = 0;
    /** An earlier attempt failed without telling whether the API acted (see `./abort`). */
    let mayHaveActed = false;
    /** The signal fired when the last failure would have been retried. */
    let cutShort = false;
    const attempt = async (): Promise<Response> => {
      const slot = await wait.slot(signal).catch((error: unknown) => {
        throw signal?.aborted ? abortedError(signal, endpoint, mayHaveActed) : error;
      });
      if (signal?.aborted) {
        wait.done(slot);
        throw abortedError(signal, endpoint, mayHaveActed);
      }
      deadline ??= Date.now() + this.retry.deadlineMs;
      attempts++;
      try {
        const response = await send(this.settings, spec, endpoint, this.requestTimeoutMs, signal);
        wait.done(slot);
        return response;
      } catch (error) {
        wait.done(slot, error);
        mayHaveActed ||= NgrokClientError.outcomeUnknown(error);
        throw error;
      }
    };
    try {
      const response = await exponentialBackoff().backOff(attempt, {
        numOfAttempts: this.retry.attempts,
        // The back-off is drawn and waited in `shouldRetry`, where the signal can cut it short.
        startingDelay: 0,
        jitter: "none",
        retry: async (error: unknown, attemptNumber: number) => {
          const at = { endpoint, method: spec.method, deadline: deadline ?? 0 };
          const next = await this.shouldRetry(error, at, attemptNumber, signal);
          cutShort = next === "aborted";
          return next === "retry";
        },
      });
      spec.onHeaders?.(response.headers);
      return await parseBody(response, spec.schema, endpoint);
    } catch (caught) {
      const error =
        signal !== undefined && cutShort && !isAbortedError(caught)
          ? abortedError(signal, endpoint, mayHaveActed)
          : caught;
      if (deadline !== undefined && !isAbortedError(error)) {
        const elapsedMs = Date.now() - (deadline - this.retry.deadlineMs);
        annotateGaveUp(error, attempts, elapsedMs, this.loopback, this.settings);
      }
      wait.annotate(error);
      throw error;
    } finally {
      const line = wait.logLine(`${endpoint.method} ${endpoint.path}`);
      if (line !== undefined) this.log(line);
    }
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
          { endpoint: { method: "GET", path: from } },
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
        { endpoint: { method: "GET", path: from } },
      );
    }
    return "/" + next.pathname.slice(base.pathname.length) + next.search;
  }

  /**
   * Asks {@link retryDecision} whether to send `endpoint` again after `error`, logs the
   * decision, and waits out a `Retry-After` then the back-off, drawn with full jitter (uniformly
   * from 0 to the decision's `backOffMs`, as exponential-backoff's `"full"` draws it).
   * `attemptNumber` is the number of attempts made so far. `"aborted"` when the request would be
   * retried but `signal` has fired, before or during the wait.
   */
  private async shouldRetry(
    error: unknown,
    { endpoint, method, deadline }: { endpoint: Endpoint; method: HttpMethod; deadline: number },
    attemptNumber: number,
    signal: AbortSignal | undefined,
  ): Promise<"retry" | "stop" | "aborted"> {
    const policy = this.retry;
    const decision = retryDecision({
      error,
      method,
      attempt: attemptNumber,
      now: Date.now(),
      deadline,
      policy,
      loopback: this.loopback,
    });
    if (decision.retry && signal?.aborted) return "aborted";
    const line = retryLogLine(
      decision,
      `${endpoint.method} ${endpoint.path}`,
      attemptNumber,
      policy,
    );
    if (line !== undefined) {
      this.log(line);
    }
    if (!decision.retry) return "stop";
    const backOffMs = Math.round(Math.random() * decision.backOffMs);
    try {
      await abortableSleep(decision.retryAfterMs + backOffMs, signal);
    } catch {
      return "aborted"; // `request` fails with `abortedError`
    }
    return "retry";
  }
}

/**
 * Ends the message of a request that failed for good with what to change, in the settings'
 * namespace (`settings.sources`; `ngrok-dynamic:…` for the plugin, the environment variables
 * alone for the commands):
 *
 * - one that never got an answer (connection refused, DNS failure, or resets and timeouts of a
 *   request sent more than once): why, where the API's address is set, and how many attempts it
 *   made over how long and the settings that shorten that: `; gave up after 10 attempts over
 *   182.0 s (ngrok:retryMaxAttempts, …)`;
 * - one still refused with 429 after its retries: the address and the settings that wait longer
 *   or pace the client.
 */
function annotateGaveUp(
  error: unknown,
  attempts: number,
  elapsedMs: number,
  loopback: boolean,
  settings: NgrokApiSettings,
): void {
  const namespace = settings.sources === undefined ? configNamespace() : settings.sources.namespace;
  const tries = attempts === 1 ? "1 attempt" : `${attempts} attempts`;
  const over = `${tries} over ${(elapsedMs / 1000).toFixed(1)} s`;
  if (NgrokApiError.isInstance(error) && error.statusCode === 429) {
    const retries = settingPlaces(["retryMaxAttempts", "retryDeadlineSeconds"], namespace);
    error.message +=
      `; still rate-limited by ${settings.baseUrl} after ${over}: ${retries} let a request ` +
      `wait longer, ${settingPlaces(["maxRequestsPerMinute"], namespace)} paces this client ` +
      "(other clients of the same account count against ngrok's limit too)";
    return;
  }
  if (!NgrokClientError.isInstance(error) || error.statusCode !== undefined) return;
  // One attempt whose answer was lost (a POST is never sent twice) is not "unreachable".
  if (attempts === 1 && error.requestOutcome !== "not-sent") return;
  const where = whereTheApiIs(settings);
  if (error.transportCode === "ENOTFOUND") {
    error.message += `; the host name does not resolve (is it mistyped? ${where})`;
  } else if (error.transportCode === "EAI_AGAIN") {
    error.message += `; the host name could not be looked up (no network, or no DNS server answers? ${where})`;
  } else if (loopback && error.transportCode === "ECONNREFUSED") {
    error.message += `; nothing listens there (is the emulator running? ${where})`;
  } else if (error.requestOutcome === "not-sent") {
    error.message += `; nothing answers at that address from here (${where})`;
  }
  const shorten = settingPlaces(
    ["retryMaxAttempts", "retryDeadlineSeconds", "requestTimeoutSeconds"],
    namespace,
  );
  error.message += `; gave up after ${over} (${shorten}${namespace === null ? "" : ","} shorten this)`;
}
