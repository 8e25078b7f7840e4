/**
 * Client-side pacing, the queue: every attempt of every request to one account waits here for a
 * slot of its {@link RollingWindow} (see `./rateLimiter` for the accounting), first come, first
 * served. A request keeps its place ({@link Pacer.ticket}) across its retries, so a retry goes
 * before requests that came after it. One pacer per process, API key and base URL
 * ({@link pacerFor}): every dynamic resource of a deployment goes through one provider process,
 * so one pacer sees all of its requests.
 *
 * What a 429 teaches (a `Retry-After`, a full window) holds every queued request, not only the
 * one that got it. The answers of a process are remembered for the next one (`./windowMemory`),
 * so that a `pulumi refresh` right after a `pulumi up` does not send a burst into the window the
 * `up` filled.
 *
 * No waiting without a word: when a request has waited {@link PacerOptions.noticeAfterMs} (5 s),
 * the pacer says how many requests wait and for how long, again every
 * {@link PacerOptions.noticeEveryMs} (15 s) while they do, and once more, with the total wait,
 * when the queue is empty again. These notices go to {@link logInfo} (shown by the Pulumi CLI).
 *
 * @module
 */
import { logInfo } from "./log";
import { type RateLimit, RollingWindow } from "./rateLimiter";
import { accountId, type WindowMemory, windowMemoryFor } from "./windowMemory";

/** The clock and timers a pacer runs on; tests pass a fake one. */
export interface PacerClock {
  /** A monotonic time in milliseconds. */
  now(): number;
  /** Calls `callback` after `ms` milliseconds; returns a function that cancels it. */
  setTimer(callback: () => void, ms: number): () => void;
}

/** Options of {@link Pacer}. */
export interface PacerOptions {
  /** Default: `performance.now()` and `setTimeout`. */
  readonly clock?: PacerClock;
  /** Where the notices go. Default {@link logInfo}. */
  readonly notice?: (message: string) => void;
  /** How long a request waits before the first notice, in milliseconds. Default 5000. */
  readonly noticeAfterMs?: number;
  /** How often the notice is repeated while requests wait, in milliseconds. Default 15000. */
  readonly noticeEveryMs?: number;
  /** Where the answers' times are remembered for the next process. Default: none. */
  readonly memory?: WindowMemory;
}

/** A slot given by {@link Pacer.acquire}: the attempt may be sent. */
export interface PacerSlot {
  /** How long this attempt waited in the queue, in milliseconds. */
  readonly waitedMs: number;
  /**
   * The attempt is over (answered, or failed without an answer). `rateLimited` when the answer
   * was a 429, with its `Retry-After` in milliseconds when it had one. Call it exactly once.
   */
  release(answer?: { readonly rateLimited: true; readonly retryAfterMs?: number }): void;
}

interface Waiter {
  readonly ticket: number;
  readonly since: number;
  readonly resolve: (slot: PacerSlot) => void;
}

const NO_EPISODE = { waited: 0, maxMs: 0, totalMs: 0, lastNoticeAt: Number.NEGATIVE_INFINITY };

const realClock: PacerClock = {
  now: () => performance.now(),
  setTimer(callback, ms) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};

/** The queue of one account's requests. */
export class Pacer {
  private readonly window: RollingWindow;
  private readonly clock: PacerClock;
  private readonly notice: (message: string) => void;
  private readonly noticeAfterMs: number;
  private readonly noticeEveryMs: number;
  private readonly memory: WindowMemory | undefined;
  private readonly queue: Waiter[] = [];
  private tickets = 0;
  private timer: { at: number; cancel: () => void } | undefined;
  /** Since the queue last was empty: requests that waited, their longest and total wait, the last notice. */
  private episode = NO_EPISODE;

  /**
   * @param limit the rate to keep under.
   * @param options the clock, the notices and the memory; see {@link PacerOptions}.
   */
  constructor(limit: RateLimit, options: PacerOptions = {}) {
    this.clock = options.clock ?? realClock;
    this.notice = options.notice ?? logInfo;
    this.noticeAfterMs = options.noticeAfterMs ?? 5000;
    this.noticeEveryMs = options.noticeEveryMs ?? 15000;
    this.memory = options.memory;
    this.window = new RollingWindow(limit, this.memory?.load(this.clock.now(), limit.windowMs));
  }

  /** The rate kept under. */
  public get limit(): RateLimit {
    return this.window.limit;
  }

  /** Changes the rate (the configuration changed); queued requests are served at the new one. */
  public setLimit(limit: RateLimit): void {
    this.window.setLimit(limit);
    this.pump();
  }

  /** A place in the queue for a new request; pass it to every {@link Pacer.acquire} of its attempts. */
  public ticket(): number {
    this.tickets += 1;
    return this.tickets;
  }

  /**
   * Waits for a slot for one attempt of the request holding `ticket`. When `signal` fires first,
   * the attempt leaves the queue (taking no slot) and the promise rejects with its reason.
   */
  public acquire(ticket: number, signal?: AbortSignal): Promise<PacerSlot> {
    if (signal?.aborted) {
      return Promise.reject(signal.reason);
    }
    if (this.queue.length === 0 && this.window.delay(this.clock.now()) === 0) {
      this.window.take();
      return Promise.resolve(this.slot(0));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        ticket,
        since: this.clock.now(),
        resolve: (slot) => {
          signal?.removeEventListener("abort", leave);
          resolve(slot);
        },
      };
      const leave = () => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) {
          this.queue.splice(at, 1);
          this.pump();
        }
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", leave, { once: true });
      let index = this.queue.length;
      while (index > 0 && this.queue[index - 1].ticket > ticket) {
        index -= 1;
      }
      this.queue.splice(index, 0, waiter);
      this.pump();
    });
  }

  /** Gives slots to the head of the queue while there are some, then sets a timer for the rest. */
  private pump(): void {
    let now = this.clock.now();
    let delay = this.window.delay(now);
    while (this.queue.length > 0 && delay === 0) {
      const waiter = this.queue.shift()!;
      this.window.take();
      waiter.resolve(this.slot(now - waiter.since));
      now = this.clock.now();
      delay = this.window.delay(now);
    }
    if (this.queue.length === 0) {
      this.endEpisode();
      this.cancelTimer();
      return;
    }
    const oldest = Math.min(...this.queue.map((w) => w.since));
    const noticeAt = () =>
      Math.max(oldest + this.noticeAfterMs, this.episode.lastNoticeAt + this.noticeEveryMs);
    if (now >= noticeAt()) {
      this.sayWaiting(now, oldest, delay);
    }
    // With every slot in flight (`delay` undefined), the next answer pumps again.
    const wakeAt = Math.min(delay === undefined ? Infinity : now + delay, noticeAt());
    if (wakeAt !== Infinity && (this.timer === undefined || this.timer.at > wakeAt)) {
      this.cancelTimer();
      const cancel = this.clock.setTimer(
        () => {
          this.timer = undefined;
          this.pump();
        },
        Math.max(0, Math.ceil(wakeAt - now)),
      );
      this.timer = { at: wakeAt, cancel };
    }
  }

  private slot(waitedMs: number): PacerSlot {
    if (waitedMs > 0) {
      this.episode = {
        ...this.episode,
        waited: this.episode.waited + 1,
        maxMs: Math.max(this.episode.maxMs, waitedMs),
        totalMs: this.episode.totalMs + waitedMs,
      };
    }
    let released = false;
    return {
      waitedMs,
      release: (answer) => {
        if (released) return;
        released = true;
        const now = this.clock.now();
        this.window.settle(now);
        if (answer?.rateLimited) {
          this.window.rateLimited(now, answer.retryAfterMs);
        }
        this.remember(now);
        this.pump();
      },
    };
  }

  private sayWaiting(now: number, oldest: number, delay: number | undefined): void {
    this.episode = { ...this.episode, lastNoticeAt: now };
    const { requests, windowMs } = this.window.limit;
    const next = delay === undefined ? "" : `; the next goes in ${seconds(delay)}`;
    this.notice(
      `ngrok API: ${this.queue.length} request${this.queue.length === 1 ? "" : "s"} waiting for ` +
        `the rate limit of ${requests} per ${seconds(windowMs)} (ngrok:maxRequestsPerMinute); ` +
        `the longest has waited ${seconds(now - oldest)}${next}`,
    );
  }

  /** The queue is empty: closes the notices with the total wait, if there were notices. */
  private endEpisode(): void {
    const { waited, maxMs, totalMs, lastNoticeAt } = this.episode;
    if (lastNoticeAt !== Number.NEGATIVE_INFINITY) {
      this.notice(
        `ngrok API: no request waiting for the rate limit any more; ${waited} ` +
          `request${waited === 1 ? "" : "s"} waited, ${seconds(maxMs)} at most, ` +
          `${seconds(totalMs)} in all`,
      );
    }
    this.episode = NO_EPISODE;
  }

  private remember(now: number): void {
    if (this.memory !== undefined) {
      const idle = this.queue.length === 0 && this.window.inFlightCount === 0;
      this.memory.save(now, this.window.answeredInWindow(now), idle);
    }
  }

  private cancelTimer(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }
}

/** `ms` as seconds for a message, e.g. `12.3 s`. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

const pacers = new Map<string, Pacer>();

/**
 * The pacer of this process for `account` (an API key and a base URL), created on first use at
 * `limit` (remembering the answers of earlier processes, see `./windowMemory`), and set to
 * `limit` if it was created at another rate.
 */
export function pacerFor(account: { apiKey: string; baseUrl: string }, limit: RateLimit): Pacer {
  const id = accountId(account);
  let pacer = pacers.get(id);
  if (pacer === undefined) {
    pacer = new Pacer(limit, { memory: windowMemoryFor(id) });
    pacers.set(id, pacer);
  } else if (pacer.limit.requests !== limit.requests || pacer.limit.windowMs !== limit.windowMs) {
    pacer.setLimit(limit);
  }
  return pacer;
}
