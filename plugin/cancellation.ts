/**
 * How the plugin stops work the engine no longer waits for:
 *
 * - `Cancel` (`ResourceProvider.Cancel`, `sdk/proto/provider.proto`: "signals the provider to
 *   gracefully shut down and abort any ongoing resource operations"): every operation under way
 *   is aborted, and answers at once with an error, instead of running on through pacing waits
 *   and retries (up to `retryDeadlineSeconds`, 300 s by default); every later operation is
 *   refused before it sends anything.
 * - The `timeout` of `CreateRequest`, `UpdateRequest` and `DeleteRequest` (seconds; the
 *   resource's `customTimeouts`, 0 when none is set): the operation is aborted when it runs
 *   longer, as pulumi-go-provider applies it as the call's context deadline.
 *
 * Each operation runs with an `AbortSignal` ({@link currentSignal}), aborted in both cases.
 * Today the API client (`provider/client/ngrokClient.ts`) takes no signal, so an aborted
 * operation's requests are not stopped: its answer to the engine comes at once, but a request
 * already queued or retried may still be sent (the error says so). Passing the signal to the
 * client's waits and to node-fetch is the remaining step.
 *
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** Set by `Cancel`: the engine is shutting the operation down, so no new operation starts. */
let cancelled = false;

/** The operations under way, each with its controller. */
const underWay = new Set<AbortController>();

const signals = new AsyncLocalStorage<AbortSignal>();

/** The signal of the operation this code runs for, if any (aborted on `Cancel` or timeout). */
export function currentSignal(): AbortSignal | undefined {
  return signals.getStore();
}

/** Whether `Cancel` was called: no new operation may start. */
export function isCancelled(): boolean {
  return cancelled;
}

/** `Cancel`: aborts every operation under way, and refuses the later ones. */
export function cancelAll(): void {
  cancelled = true;
  for (const controller of underWay) {
    controller.abort(
      new Error(
        "the operation was cancelled (the engine sent Cancel): stopped waiting for ngrok; a " +
          "request already sent or queued may still complete, run pulumi refresh to see",
      ),
    );
  }
}

/**
 * Runs the operation `run` (`what`: `Create`…) until it ends, `Cancel` aborts it, or
 * `timeoutSeconds` (the request's `timeout`; none when 0) pass; then answers with its result or
 * the reason it was aborted.
 */
export async function runOperation<T>(
  what: string,
  timeoutSeconds: number,
  run: () => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  underWay.add(controller);
  const timer =
    timeoutSeconds > 0
      ? setTimeout(
          () =>
            controller.abort(
              new Error(
                `${what} did not finish within its timeout of ${timeoutSeconds} s ` +
                  "(customTimeouts): stopped waiting for ngrok; a request already sent or " +
                  "queued may still complete, run pulumi refresh to see",
              ),
            ),
          timeoutSeconds * 1000,
        )
      : undefined;
  const aborted = new Promise<never>((_, reject) =>
    controller.signal.addEventListener("abort", () => reject(controller.signal.reason), {
      once: true,
    }),
  );
  aborted.catch(() => undefined);
  try {
    return await Promise.race([signals.run(controller.signal, run), aborted]);
  } finally {
    clearTimeout(timer);
    underWay.delete(controller);
  }
}
