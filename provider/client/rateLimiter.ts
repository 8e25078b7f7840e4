/**
 * The accounting of client-side pacing, pure: which request slots of a rolling window are taken,
 * and how long the next request must wait. The caller passes the time (a monotonic clock in
 * milliseconds); `./pacer` runs the queue and the timers on top of it.
 *
 * ngrok counts 120 requests per rolling 60 s per account (`contributing/reference/ngrok-api.md`, "Rate limits"): a
 * request is accepted when fewer than 120 were accepted in the 60 s before it. A
 * {@link RollingWindow} keeps the client under that count, counting conservatively:
 * - a request holds its slot from the moment it is sent, and its 60 s start only when its answer
 *   arrives (the API counted it somewhere between the two), so a slot is never reused early
 *   whatever the latency;
 * - a request answered 429 still holds its slot (ngrok does not say whether it counts them);
 * - the first `requests` requests of an empty window go at once: a small stack is not delayed.
 *
 * What a 429 teaches ({@link RollingWindow.rateLimited}): the account's window is full now, so
 * others (another process, another tool with the same key) use it too. With a `Retry-After`, no
 * request is sent before it passes. Without one (ngrok documents none), the slots this client
 * thought free are taken by unknown requests, assumed to have been sent evenly over the last
 * window and so to leave it evenly over the next one: the client then paces at the window's
 * average rate instead of sending a burst into a full window.
 *
 * @module
 */

/** A rate: at most {@link RateLimit.requests} requests in any rolling {@link RateLimit.windowMs}. */
export interface RateLimit {
  /** Requests per window, a positive integer. */
  readonly requests: number;
  /** The length of the rolling window, in milliseconds. */
  readonly windowMs: number;
}

/** ngrok's documented limit: 120 requests per rolling 60 000 ms, per account. */
export const DEFAULT_RATE_LIMIT: RateLimit = { requests: 120, windowMs: 60_000 };

/** The slots of one rolling window. Every method takes the time now, in milliseconds. */
export class RollingWindow {
  private limitValue: RateLimit;
  /** Requests sent and not answered yet: each holds a slot. */
  private inFlight = 0;
  /** When the slots of answered requests leave the window (answer + windowMs), ascending. */
  private readonly answered: number[] = [];
  /**
   * When the slots taken by others leave the window, ascending: the answers of earlier processes
   * given to the constructor, and the slots assumed taken after a 429.
   */
  private readonly others: number[] = [];
  /** No request is sent before this time (a `Retry-After`). */
  private pausedUntil = Number.NEGATIVE_INFINITY;

  /**
   * @param limit the rate to keep under.
   * @param othersAnsweredAt times at which others' requests to the same account were answered
   *   (a previous process's, see `./windowMemory`), on the same clock; they hold their slots for
   *   a window from then.
   */
  constructor(limit: RateLimit, othersAnsweredAt: readonly number[] = []) {
    this.limitValue = limit;
    for (const at of [...othersAnsweredAt].sort((a, b) => a - b)) {
      this.others.push(at + limit.windowMs);
    }
  }

  /** The rate kept under. */
  public get limit(): RateLimit {
    return this.limitValue;
  }

  /** Changes the rate (the configuration changed); slots already taken keep their times. */
  public setLimit(limit: RateLimit): void {
    this.limitValue = limit;
  }

  /**
   * How long a request must wait before it may be sent at `now`: `0` to send it now, a number of
   * milliseconds, or `undefined` when every slot is held by a request still in flight (the wait
   * can only be known once one is answered).
   */
  public delay(now: number): number | undefined {
    this.expire(now);
    const paused = Math.max(0, this.pausedUntil - now);
    const excess = this.inFlight + this.answered.length + this.others.length - this.limit.requests;
    if (excess < 0) {
      return paused;
    }
    const freedAt = nthSmallest(this.answered, this.others, excess);
    return freedAt === undefined ? undefined : Math.max(paused, freedAt - now);
  }

  /** A request is sent now: it takes a slot. Call it only when {@link RollingWindow.delay} is 0. */
  public take(): void {
    this.inFlight += 1;
  }

  /** A request taken earlier was answered (or failed) at `now`: its slot stays for a window. */
  public settle(now: number): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    const end = now + this.limit.windowMs;
    const last = this.answered[this.answered.length - 1];
    this.answered.push(last === undefined ? end : Math.max(last, end));
  }

  /**
   * The API answered 429 at `now` (after {@link RollingWindow.settle} of that request): with
   * `retryAfterMs`, nothing is sent before it passes; without, the free slots are assumed taken
   * by others, leaving evenly over the next window (see the module comment).
   */
  public rateLimited(now: number, retryAfterMs?: number): void {
    this.expire(now);
    if (retryAfterMs !== undefined) {
      this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterMs);
      return;
    }
    const free = this.limit.requests - this.inFlight - this.answered.length - this.others.length;
    for (let k = 1; k <= free; k++) {
      insertSorted(this.others, now + (this.limit.windowMs * k) / free);
    }
  }

  /**
   * When this client's own answered requests still in the window were answered, ascending (not
   * the others' of the constructor or of a 429).
   */
  public answeredInWindow(now: number): number[] {
    this.expire(now);
    return this.answered.map((end) => end - this.limit.windowMs);
  }

  /** Requests sent and not yet answered. */
  public get inFlightCount(): number {
    return this.inFlight;
  }

  private expire(now: number): void {
    dropUpTo(this.answered, now);
    dropUpTo(this.others, now);
  }
}

/** Removes the leading entries of the ascending `times` that are `<= now` (their slot is free). */
function dropUpTo(times: number[], now: number): void {
  let count = 0;
  while (count < times.length && times[count] <= now) {
    count += 1;
  }
  if (count > 0) {
    times.splice(0, count);
  }
}

function insertSorted(times: number[], value: number): void {
  let index = times.length;
  while (index > 0 && times[index - 1] > value) {
    index -= 1;
  }
  times.splice(index, 0, value);
}

/** The `n`-th smallest (0-based) of two ascending arrays together, or `undefined` past their end. */
function nthSmallest(a: readonly number[], b: readonly number[], n: number): number | undefined {
  let i = 0;
  let j = 0;
  for (let k = 0; k <= n; k++) {
    if (i >= a.length && j >= b.length) {
      return undefined;
    }
    const fromA = j >= b.length || (i < a.length && a[i] <= b[j]);
    const value = fromA ? a[i++] : b[j++];
    if (k === n) {
      return value;
    }
  }
  return undefined;
}
