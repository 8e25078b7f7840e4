/**
 * Stopping the work of an operation the engine no longer waits for: where `NgrokClient` (in
 * `./ngrokClient`) finds the `AbortSignal` of the operation it runs for, the waits that end when
 * it fires, and the error a request fails with then.
 *
 * The provider plugin sets the signal source ({@link setSignalSource}, as it sets the log sink in
 * `./log`): its `currentSignal` (`plugin/cancellation.ts`) gives each operation's signal, aborted
 * by the engine's `Cancel` or by the operation's `timeout` (`customTimeouts`). The Node.js
 * resource classes set none: their requests have no signal and run as before.
 *
 * Once the signal fires, a request sends nothing more: its pacing wait, its `Retry-After` wait
 * and its back-off end at once, and an attempt in flight is aborted up to the answer's headers.
 * An answer that has arrived is still read (a `POST` that ngrok answered is recorded, never lost).
 *
 * @module
 */
import { type Endpoint, NgrokClientError } from "./errors";

/** The `transportCode` of a request stopped by its operation's signal (node's `AbortError` code). */
export const ABORTED_CODE = "ABORT_ERR";

let source: (() => AbortSignal | undefined) | undefined;

/**
 * Takes the signal of each request from `next` from now on, in this process: called when a
 * request starts, it returns the signal of the operation the request runs for, if any. The
 * provider plugin passes `currentSignal` (`plugin/cancellation.ts`); `undefined` removes it.
 */
export function setSignalSource(next: (() => AbortSignal | undefined) | undefined): void {
  source = next;
}

/** The signal of the operation the calling code runs for, from the source; none without one. */
export function operationSignal(): AbortSignal | undefined {
  return source?.();
}

/** Waits `ms` milliseconds, or rejects with the signal's reason as soon as `signal` fires. */
export function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Runs `send` with a signal of its own that follows `signal` until `send`'s promise settles (the
 * answer's headers have arrived), and no longer: aborting then would also drop the body of an
 * answer that has arrived, such as the object a `POST` created.
 */
export async function abortUntilAnswered<T>(
  signal: AbortSignal | undefined,
  send: (attemptSignal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (signal === undefined) return send(undefined);
  const attempt = new AbortController();
  const forward = () => attempt.abort(signal.reason);
  if (signal.aborted) forward();
  else signal.addEventListener("abort", forward, { once: true });
  try {
    return await send(attempt.signal);
  } finally {
    signal.removeEventListener("abort", forward);
  }
}

/** The words of `signal`'s reason: why the operation was stopped. */
function reasonOf(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  const text = reason instanceof Error ? reason.message : typeof reason === "string" ? reason : "";
  return text === "" ? "the operation was cancelled or timed out by the engine" : text;
}

/**
 * The error of a request to `endpoint` stopped by `signal`. `mayHaveActed`: an attempt was in
 * flight when it fired, or an earlier one failed without telling whether the API acted; the
 * message then says that the request may still have completed and to run `pulumi refresh`, and
 * its `requestOutcome` is `"unknown"` (a create's recovery looks for what it may have made),
 * else `"not-sent"` (the API did not act on it). The message holds no secret: the reason (the
 * plugin's words), the method and the path.
 */
export function abortedError(
  signal: AbortSignal,
  endpoint: Endpoint,
  mayHaveActed: boolean,
): NgrokClientError {
  const where = `${endpoint.method} ${endpoint.path}`;
  const what = mayHaveActed
    ? `stopped waiting for the answer to ${where}, which was sent: the request may still have ` +
      "completed (run `pulumi refresh` to see)"
    : `${where} was not sent (again)`;
  return new NgrokClientError(`${reasonOf(signal)}: ${what}; nothing more is sent to ngrok`, {
    endpoint,
    requestOutcome: mayHaveActed ? "unknown" : "not-sent",
    transportCode: ABORTED_CODE,
  });
}

/** True when `error` is a request stopped by its operation's signal ({@link abortedError}). */
export function isAbortedError(error: unknown): error is NgrokClientError {
  return NgrokClientError.isInstance(error) && error.transportCode === ABORTED_CODE;
}
