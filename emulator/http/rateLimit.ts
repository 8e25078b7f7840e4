/**
 * The optional rate limit, as ngrok's (reference "Rate limits": 120 requests per rolling 60 s per
 * account; over it HTTP 429 with ERR_NGROK_226). Off by default.
 *
 * - Rolling window: a request is accepted when fewer than `requests` requests were accepted in
 *   the last `windowMs` milliseconds (monotonic clock), else it answers 429 `ERR_NGROK_226`
 *   ("Your account is rate limited to <requests> API requests per <window>.", the window worded
 *   as ngrok words its own: "minute" for 60 s).
 * - No `Retry-After` header by default: ngrok does not document one. With `retryAfter: true`,
 *   the answer carries one: whole seconds until the oldest accepted request leaves the window
 *   (rounded up, at least 1), so that clients' handling of it can be tested too.
 * - Rejected requests do not count toward the window (a client that retries too early is not
 *   punished further; waiting the `Retry-After` seconds always succeeds if nothing else is sent).
 * - Per API key: the window is keyed by the credential the request authenticated with. The
 *   emulator accepts a single API key, so there is one window per emulator.
 * - Scope: it runs in the API plugin right after authentication and the version check, so only
 *   authenticated, versioned API requests count or are limited, whatever their outcome. Requests
 *   failing authentication (401) or the version check (400), unknown paths (404/405), the public
 *   SAML metadata URL, the `/__emulator/` admin endpoints and requests answered by a fault rule
 *   are neither counted nor limited.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { apiErrors } from "../errors";

/** Default of {@link RateLimitOptions.requests}: ngrok's 120 requests… */
export const DEFAULT_RATE_LIMIT_REQUESTS = 120;
/** Default of {@link RateLimitOptions.windowMs}: …per rolling 60 000 ms. */
export const DEFAULT_RATE_LIMIT_WINDOW_MS = 60_000;

/** The rate limit's numbers (`EmulatorOptions.rateLimit`). */
export interface RateLimitOptions {
  /** Requests accepted per window, a positive integer. Default {@link DEFAULT_RATE_LIMIT_REQUESTS} (120). */
  requests?: number;
  /** Length of the rolling window in milliseconds, a positive integer. Default {@link DEFAULT_RATE_LIMIT_WINDOW_MS} (60 000). */
  windowMs?: number;
  /**
   * Send a `Retry-After` header (whole seconds until a slot frees) with each 429. Default
   * `false`: ngrok documents no such header, so clients must cope without it.
   */
  retryAfter?: boolean;
}

/** A rate limit with defaults applied. */
export interface ResolvedRateLimit {
  requests: number;
  windowMs: number;
  retryAfter: boolean;
}

function positiveInteger(value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive integer, got ${String(value)}`);
  }
  return value;
}

/**
 * Resolves `EmulatorOptions.rateLimit`: `undefined`/`false` → off (`undefined`), `true` → the
 * defaults, an object → its numbers with defaults. Throws `TypeError` on anything else.
 */
export function resolveRateLimit(
  value: RateLimitOptions | boolean | undefined,
): ResolvedRateLimit | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) {
    return {
      requests: DEFAULT_RATE_LIMIT_REQUESTS,
      windowMs: DEFAULT_RATE_LIMIT_WINDOW_MS,
      retryAfter: false,
    };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(
      `rateLimit must be a boolean or { requests?, windowMs?, retryAfter? }, got ${JSON.stringify(value)}`,
    );
  }
  for (const key of Object.keys(value)) {
    if (key !== "requests" && key !== "windowMs" && key !== "retryAfter") {
      throw new TypeError(
        `rateLimit.${key} is not an option (options: requests, windowMs, retryAfter)`,
      );
    }
  }
  if (value.retryAfter !== undefined && typeof value.retryAfter !== "boolean") {
    throw new TypeError(
      `rateLimit.retryAfter must be a boolean, got ${JSON.stringify(value.retryAfter)}`,
    );
  }
  return {
    requests: positiveInteger(value.requests, DEFAULT_RATE_LIMIT_REQUESTS, "rateLimit.requests"),
    windowMs: positiveInteger(value.windowMs, DEFAULT_RATE_LIMIT_WINDOW_MS, "rateLimit.windowMs"),
    retryAfter: value.retryAfter ?? false,
  };
}

/** Windows ngrok's messages name in words. */
const NAMED_WINDOWS: ReadonlyMap<number, string> = new Map([
  [1000, "second"],
  [60_000, "minute"],
  [3_600_000, "hour"],
]);

/**
 * The window as ngrok's message words it: `"minute"` for 60 000 ms (also `"second"`, `"hour"`),
 * else `"90s"`, or `"1500ms"` when not whole seconds.
 */
export function formatWindow(windowMs: number): string {
  const named = NAMED_WINDOWS.get(windowMs);
  if (named !== undefined) return named;
  return windowMs % 1000 === 0 ? `${windowMs / 1000}s` : `${windowMs}ms`;
}

/** Accepted-request times of one key, oldest first (a queue with a moving head). */
interface Window {
  times: number[];
  head: number;
}

/** A rolling-window limiter over keys. `now` is a monotonic clock in milliseconds. */
export class RollingWindowLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly limit: Pick<ResolvedRateLimit, "requests" | "windowMs">,
    // Read through the global at each call, so that a test's fake clock (jest) governs it.
    private readonly now: () => number = () => globalThis.performance.now(),
  ) {}

  /**
   * Accepts (and counts) a request of `key`, returning `undefined`, or rejects it (not counted),
   * returning the milliseconds until a slot frees.
   */
  take(key: string): number | undefined {
    const now = this.now();
    let window = this.windows.get(key);
    if (window === undefined) {
      window = { times: [], head: 0 };
      this.windows.set(key, window);
    }
    const { times } = window;
    while (window.head < times.length && times[window.head] <= now - this.limit.windowMs) {
      window.head += 1;
    }
    if (window.head > 1024 && window.head * 2 > times.length) {
      times.splice(0, window.head);
      window.head = 0;
    }
    if (times.length - window.head < this.limit.requests) {
      times.push(now);
      return undefined;
    }
    return times[window.head] + this.limit.windowMs - now;
  }
}

/**
 * Builds the `onRequest` hook enforcing `limit` for requests authenticated with `apiKey`
 * (register it right after the authentication hook).
 */
export function rateLimitHook(limit: ResolvedRateLimit, apiKey: string) {
  const limiter = new RollingWindowLimiter(limit);
  const interval = formatWindow(limit.windowMs);
  return function limitRate(
    _request: FastifyRequest,
    _reply: FastifyReply,
    done: (error?: Error) => void,
  ): void {
    const waitMs = limiter.take(apiKey);
    if (waitMs === undefined) {
      done();
      return;
    }
    const retryAfterSeconds = limit.retryAfter ? Math.max(1, Math.ceil(waitMs / 1000)) : undefined;
    done(apiErrors.rateLimited(limit.requests, interval, retryAfterSeconds));
  };
}
