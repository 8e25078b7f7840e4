/**
 * Which failed requests `NgrokClient` (in `./ngrokClient`) sends again, and how long it waits first: a pure
 * function ({@link retryDecision}) of the failure, the method, the attempt number, the clock and
 * the deadline. The client asks it after each failed attempt; exponential-backoff then draws the
 * jittered wait and sleeps.
 *
 * Retries (exponential back-off with full jitter, bounded by {@link RetryPolicy.attempts} and by
 * the total {@link RetryPolicy.deadlineMs}):
 * - 429 (`ERR_NGROK_225`/`ERR_NGROK_226`), every method: the API did not act. A `Retry-After`
 *   header (seconds or HTTP-date, {@link NgrokApiError.retryAfterSeconds}) is waited out first,
 *   capped at {@link RetryPolicy.maxDelayMs}.
 * - 500, 502, 503, 504, a connection reset or a timeout: GET, PUT, PATCH and DELETE only
 *   (repeating them changes nothing more; a 500 is retried as go-retryablehttp, which ngrok's Go
 *   client uses, retries it). Never POST: the API may have created the object already, and a
 *   second POST would create a second one. Such a failure of a POST is reported with
 *   {@link NgrokClientError.requestOutcome} `"unknown"` (or as an {@link NgrokApiError} 5xx) so
 *   that the caller can look for what it may have created.
 * - a connection that could not be opened (refused, DNS failure), every method: nothing was sent.
 *   Two of these are retried for a few seconds only, since waiting does not mend them the way a
 *   remote API recovers: a connection refused by a loopback address (`127.0.0.1`, `localhost`,
 *   `::1`: an emulator that is not running), for {@link LOOPBACK_REFUSED_BUDGET_MS}; and a host
 *   name that does not resolve (`ENOTFOUND`: the resolver answered that the name does not
 *   exist, e.g. a mistyped `api.ngrok.con`), for {@link UNRESOLVED_HOST_BUDGET_MS}. A resolver
 *   that did not answer (`EAI_AGAIN`) is a transient fault and is retried as usual.
 * - nothing else (other 4xx and 5xx, a body of the wrong shape, a redirect).
 *
 * @module
 */
import { NgrokApiError, NgrokClientError } from "./errors";
import type { HttpMethod } from "./request";

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
   * Total time budget of one request, all attempts and waits included, counted from its first
   * sending (the time it waits for the pacing's first slot does not count): no wait is started
   * that could end after it, so a request gives up within `deadlineMs` plus one attempt's timeout.
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

/** `policy` with each field left out taken from {@link DEFAULT_RETRY_POLICY}. */
export function withRetryDefaults(policy: Partial<RetryPolicy> = {}): RetryPolicy {
  return {
    attempts: policy.attempts ?? DEFAULT_RETRY_POLICY.attempts,
    startingDelayMs: policy.startingDelayMs ?? DEFAULT_RETRY_POLICY.startingDelayMs,
    maxDelayMs: policy.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
    deadlineMs: policy.deadlineMs ?? DEFAULT_RETRY_POLICY.deadlineMs,
  };
}

/** What {@link retryDecision} decides from. */
export interface RetryQuestion {
  /** What the attempt threw: an {@link NgrokApiError}, an {@link NgrokClientError}, or other. */
  readonly error: unknown;
  /** The request's method: POST is only sent again when it certainly was not sent. */
  readonly method: HttpMethod;
  /** The number of attempts made so far, 1 after the first. */
  readonly attempt: number;
  /** The time now, in milliseconds since the epoch (`Date.now()`). */
  readonly now: number;
  /** When the request's time budget ends, in milliseconds since the epoch. */
  readonly deadline: number;
  /** The retry settings. */
  readonly policy: RetryPolicy;
  /**
   * True when the API's base URL is a loopback address (`127.0.0.1`, `localhost`, `::1`), whose
   * refused connections are retried for {@link LOOPBACK_REFUSED_BUDGET_MS} only. Default false.
   */
  readonly loopback?: boolean;
}

/**
 * The answer of {@link retryDecision}. When `retry` is true, the client waits `retryAfterMs`,
 * then a random time up to `backOffMs` (exponential-backoff's full jitter), then sends again.
 * `stoppedBy` says why a request is not retried: `"attempts"` (none left), `"not-retriable"`
 * (the failure is not one of the module comment's), `"deadline"` (a retriable failure, but the
 * longest wait would end after the deadline), `"loopback-refused"` (a loopback address has
 * refused the connection for {@link LOOPBACK_REFUSED_BUDGET_MS}), `"unresolved-host"` (the API's
 * host name has not resolved for {@link UNRESOLVED_HOST_BUDGET_MS}).
 */
export type RetryDecision =
  | { readonly retry: false; readonly stoppedBy: "attempts" | "not-retriable" }
  | {
      readonly retry: false;
      readonly stoppedBy: "deadline" | "loopback-refused" | "unresolved-host";
      readonly reason: string;
    }
  | {
      readonly retry: true;
      /** Why the failure may be retried, a short phrase for the log, e.g. `HTTP 429 ERR_NGROK_226`. */
      readonly reason: string;
      /** The `Retry-After` wait in milliseconds (capped at `maxDelayMs`), 0 when none. */
      readonly retryAfterMs: number;
      /** The upper bound of the jittered back-off wait, in milliseconds. */
      readonly backOffMs: number;
    };

const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(["GET", "PUT", "DELETE", "PATCH"]);
const RETRIABLE_SERVER_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/**
 * How long a request keeps retrying a connection refused by a loopback address, counted from its
 * first sending: 5000 ms.
 */
export const LOOPBACK_REFUSED_BUDGET_MS = 5000;

/**
 * How long a request keeps retrying a host name that does not resolve (`ENOTFOUND`), counted
 * from its first sending: 5000 ms. Long enough for a resolver's brief hiccup; a mistyped
 * `ngrok:apiBaseUrl` fails in 2 to 3 s instead of after every attempt's back-off (53 to 100 s
 * with the default 10 attempts, measured for #27).
 */
export const UNRESOLVED_HOST_BUDGET_MS = 5000;

/**
 * Whether to send a request again after a failed attempt, and how long to wait first: the rules
 * of the module comment. Pure: reads neither the clock nor a random source.
 */
export function retryDecision(question: RetryQuestion): RetryDecision {
  const { error, method, attempt, now, deadline, policy } = question;
  // exponential-backoff asks even after the last attempt; answering then must not wait out a
  // Retry-After for a request that will never be sent.
  if (attempt >= policy.attempts) {
    return { retry: false, stoppedBy: "attempts" };
  }
  const reason = retryReason(error, method);
  if (reason === undefined) {
    return { retry: false, stoppedBy: "not-retriable" };
  }
  const retryAfterMs = NgrokApiError.isInstance(error)
    ? retryAfterDelayMs(error, policy.maxDelayMs)
    : 0;
  const backOffMs = Math.min(policy.maxDelayMs, policy.startingDelayMs * 2 ** (attempt - 1));
  if (now + retryAfterMs + backOffMs > deadline) {
    return { retry: false, stoppedBy: "deadline", reason };
  }
  const firstSentAt = deadline - policy.deadlineMs;
  if (
    question.loopback === true &&
    notSent(error, "ECONNREFUSED") &&
    now + backOffMs > firstSentAt + LOOPBACK_REFUSED_BUDGET_MS
  ) {
    return { retry: false, stoppedBy: "loopback-refused", reason };
  }
  if (notSent(error, "ENOTFOUND") && now + backOffMs > firstSentAt + UNRESOLVED_HOST_BUDGET_MS) {
    return { retry: false, stoppedBy: "unresolved-host", reason };
  }
  return { retry: true, reason, retryAfterMs, backOffMs };
}

/**
 * The log line of a decision about `where` (`METHOD path`) after `attempt` attempts, or
 * `undefined` for a decision the client does not log (no attempts left, not retriable).
 */
export function retryLogLine(
  decision: RetryDecision,
  where: string,
  attempt: number,
  policy: RetryPolicy,
): string | undefined {
  if (decision.retry) {
    const { reason, retryAfterMs, backOffMs } = decision;
    return (
      `ngrok API: retrying ${where} (attempt ${attempt + 1} of ${policy.attempts}) after ${reason}; ` +
      `waiting ${retryAfterMs > 0 ? `Retry-After ${retryAfterMs} ms then ` : ""}up to ${backOffMs} ms`
    );
  }
  if (decision.stoppedBy === "deadline") {
    return `ngrok API: not retrying ${where} after ${decision.reason}: the retry deadline of ${policy.deadlineMs} ms would pass`;
  }
  if (decision.stoppedBy === "loopback-refused") {
    return `ngrok API: not retrying ${where} after ${decision.reason}: a loopback address has refused connections for ${LOOPBACK_REFUSED_BUDGET_MS} ms`;
  }
  if (decision.stoppedBy === "unresolved-host") {
    return `ngrok API: not retrying ${where} after ${decision.reason}: the host name has not resolved for ${UNRESOLVED_HOST_BUDGET_MS} ms`;
  }
  return undefined;
}

/**
 * True when `error` is a connection that failed with node's `code` (`ECONNREFUSED`,
 * `ENOTFOUND`) before anything was sent.
 */
function notSent(error: unknown, code: string): boolean {
  return (
    NgrokClientError.isInstance(error) &&
    error.requestOutcome === "not-sent" &&
    error.transportCode === code
  );
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

/**
 * The `Retry-After` wait of a 429 in milliseconds, capped at `maxDelayMs`; 0 for any other
 * status (a `Retry-After` on a 503 is not waited out) or without the header.
 */
function retryAfterDelayMs(error: NgrokApiError, maxDelayMs: number): number {
  const seconds = error.statusCode === 429 ? error.retryAfterSeconds : undefined;
  return seconds === undefined ? 0 : Math.min(seconds * 1000, maxDelayMs);
}
