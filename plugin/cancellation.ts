/**
 * How the plugin stops work the engine no longer waits for:
 *
 * - `Cancel` (`ResourceProvider.Cancel`, `sdk/proto/provider.proto`: "signals the provider to
 *   gracefully shut down and abort any ongoing resource operations"): every operation under way
 *   is aborted, and answers at once with an error, instead of running on through pacing waits
 *   and retries (up to `retryDeadlineSeconds`, 300 s by default). Only the work in flight is
 *   cancelled, as pulumi-go-provider's cancel middleware does: a call that arrives later (the
 *   engine's `GetPluginInfo`, a `Check`, `Diff` or `Read` of a later run on an attached plugin, or
 *   a new operation) is served as usual.
 * - The `timeout` of `CreateRequest`, `UpdateRequest` and `DeleteRequest` (seconds; the
 *   resource's `customTimeouts`, 0 when none is set): the operation is aborted when it runs
 *   longer, as pulumi-go-provider applies it as the call's context deadline.
 *
 * Each operation runs with an `AbortSignal` ({@link currentSignal}), aborted in both cases. The
 * API client takes it from there (`setSignalSource` in `provider/client/abort.ts`, set by
 * `./server`): once it fires, the operation's requests send nothing more (their pacing waits,
 * `Retry-After` waits and back-offs end, an attempt in flight is aborted) and fail at once, saying
 * why and, for one that may have been sent, that it may still have completed. An answer that had
 * already arrived is still read: a create that ngrok answered is recorded, not lost.
 *
 * So the operation is given {@link ABORT_GRACE_MS} to answer for itself once aborted: its own
 * result (the object a create made just before, which the engine then records) or its own error
 * (which request it stopped, and what may have reached ngrok). Only an operation that has not
 * answered by then is answered with the reason alone.
 *
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * How long an aborted operation may take to answer for itself, in milliseconds: 1000. Its
 * requests stop at once, so it answers within milliseconds unless an answer is being read.
 */
export const ABORT_GRACE_MS = 1000;

/** The operations under way, each with its controller. */
const underWay = new Set<AbortController>();

const signals = new AsyncLocalStorage<AbortSignal>();

/** The signal of the operation this code runs for, if any (aborted on `Cancel` or timeout). */
export function currentSignal(): AbortSignal | undefined {
  return signals.getStore();
}

/** `Cancel`: aborts every operation under way (and only those). */
export function cancelAll(): void {
  for (const controller of underWay) {
    controller.abort(new Error("the operation was cancelled (the engine sent Cancel)"));
  }
}

/** How an operation ended: its value, or what it threw. */
type Outcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

/** The outcome of `promise`, which never rejects. */
const settle = <T>(promise: Promise<T>): Promise<Outcome<T>> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

/** Resolves with `value` after `ms` milliseconds. */
const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms).unref());

/**
 * Runs the operation `run` (`what`: `Create`…) until it ends, `Cancel` aborts it, or
 * `timeoutSeconds` (the request's `timeout`; none when 0) pass; then answers with its result,
 * or, once aborted, with its own answer if it comes within {@link ABORT_GRACE_MS}, else with the
 * reason it was aborted.
 */
export async function runOperation<T>(
  what: string,
  timeoutSeconds: number,
  run: () => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const { signal } = controller;
  underWay.add(controller);
  const timer =
    timeoutSeconds > 0
      ? setTimeout(
          () =>
            controller.abort(
              new Error(
                `${what} did not finish within its timeout of ${timeoutSeconds} s (customTimeouts)`,
              ),
            ),
          timeoutSeconds * 1000,
        )
      : undefined;
  const aborted = new Promise<"aborted">((resolve) =>
    signal.addEventListener("abort", () => resolve("aborted"), { once: true }),
  );
  try {
    const operation = settle(signals.run(signal, run));
    let outcome = await Promise.race([operation, aborted]);
    if (outcome === "aborted") {
      outcome = await Promise.race([operation, after(ABORT_GRACE_MS, "aborted" as const)]);
    }
    if (outcome === "aborted") throw stillRunning(signal);
    if (outcome.ok) return outcome.value;
    throw outcome.error;
  } finally {
    clearTimeout(timer);
    underWay.delete(controller);
  }
}

/** The error of an aborted operation that did not answer within {@link ABORT_GRACE_MS}. */
function stillRunning(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return new Error(
    `${reason instanceof Error ? reason.message : String(reason)}: stopped waiting for ngrok; a ` +
      "request already sent may still complete, run `pulumi refresh` to see",
  );
}
