/**
 * What one request waits on the rate limit across its attempts, for `NgrokClient` (in
 * `./ngrokClient`): its place in the pacer's queue (kept across retries), the slot of each
 * attempt, what a 429 answer tells the pacer, and the total wait, which ends up in the debug log
 * and in the message of the error the request finally fails with.
 *
 * @module
 */
import { NgrokApiError } from "./errors";
import { type Pacer, type PacerSlot, seconds } from "./pacer";

/** The rate-limit side of one request. */
export class RateLimitWait {
  private readonly ticket: number;
  private waited = 0;
  /** When the last attempt was answered 429 (`Date.now()`), until the next attempt starts. */
  private limitedAt: number | undefined;

  /**
   * @param pacer the pacer of the request's account, or `undefined` without pacing (the wait
   *   after 429 answers is counted all the same).
   * @param maxDelayMs the cap of a `Retry-After` (`RetryPolicy.maxDelayMs`).
   */
  constructor(
    private readonly pacer: Pacer | undefined,
    private readonly maxDelayMs: number,
  ) {
    this.ticket = pacer?.ticket() ?? 0;
  }

  /** Milliseconds waited so far: in the queue, and after each 429 until the next attempt. */
  public get waitedMs(): number {
    return this.waited;
  }

  /**
   * Before an attempt: waits for the pacer's slot (none without pacing). Rejects with the
   * signal's reason, taking no slot, as soon as `signal` (the operation's) fires.
   */
  public async slot(signal?: AbortSignal): Promise<PacerSlot | undefined> {
    if (this.limitedAt !== undefined) {
      this.waited += Math.max(0, Date.now() - this.limitedAt);
      this.limitedAt = undefined;
    }
    const queuedAt = Date.now();
    try {
      const slot = await this.pacer?.acquire(this.ticket, signal);
      this.waited += slot?.waitedMs ?? 0;
      return slot;
    } catch (error) {
      this.waited += Date.now() - queuedAt;
      throw error;
    }
  }

  /** After an attempt: frees its slot, telling the pacer about a 429 (`error`, if it failed). */
  public done(slot: PacerSlot | undefined, error?: unknown): void {
    if (!NgrokApiError.isInstance(error) || error.statusCode !== 429) {
      slot?.release();
      return;
    }
    this.limitedAt = Date.now();
    const retryAfter = error.retryAfterSeconds;
    slot?.release({
      rateLimited: true,
      retryAfterMs:
        retryAfter === undefined ? undefined : Math.min(retryAfter * 1000, this.maxDelayMs),
    });
  }

  /** Adds the total wait to the message of the request's final error, when there was a wait. */
  public annotate(error: unknown): void {
    if (this.waited > 0 && error instanceof Error) {
      error.message += `; waited ${seconds(this.waited)} on the rate limit`;
    }
  }

  /** The debug line about the total wait, or `undefined` when the request did not wait. */
  public logLine(where: string): string | undefined {
    return this.waited > 0
      ? `ngrok API: ${where} waited ${seconds(this.waited)} on the rate limit`
      : undefined;
  }
}
