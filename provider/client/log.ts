/**
 * Where the client's diagnostic lines (one per retry) and its notices (requests waiting for the
 * rate limit, see `./pacer`) go.
 *
 * {@link logDebug} writes through Pulumi's logging at debug level (`pulumi.log.debug`, shown by
 * `pulumi up --logtostderr -v=9` or in `--debug` output) when an engine is connected. Pulumi's
 * Node.js dynamic-provider host does not connect its logging to the engine
 * (pulumi/pulumi#6065), so inside the host those lines would be dropped; set the environment
 * variable {@link DEBUG_ENV_VAR} (`PULUMI_NGROK_DYNAMIC_DEBUG=1`) to also print them on
 * standard error, which the Pulumi CLI shows from dynamic providers (pulumi/pulumi#18253).
 *
 * {@link logInfo} writes through `pulumi.log.info`. Inside the dynamic-provider host, which has
 * no engine connection, that falls back to the host's standard output (`info: [runtime] …`),
 * and the Pulumi CLI shows every line a provider process writes on standard output or standard
 * error as it comes (on the stack's line of the progress display, and again under
 * "Diagnostics"), as an engine event of severity `info` (`info#err` for standard error);
 * `pulumi.log.debug` is dropped there. Checked with the real CLI
 * (contributing/providerOutput.md, "What a dynamic provider can show").
 *
 * The lines are built by the client from redacted messages: they never contain the API key. As a
 * second guard, every line is also cleared of the values given to {@link redactFromLogs} (the
 * provider plugin gives the API key it is configured with) before it goes anywhere.
 *
 * @module
 */
import { debugLinesWanted } from "./debugLines";
import { load } from "../lazy";

export { DEBUG_ENV_VAR } from "./debugLines";

/** The values no line may hold (see {@link redactFromLogs}). */
const redacted = new Set<string>();

/**
 * Clears `secret` from every line logged from now on, in this process, and from what
 * {@link withoutSecrets} returns: the provider plugin passes its API key (issue #33: no log line
 * and no error message ever holds the key). Empty values are ignored.
 */
export function redactFromLogs(secret: string | undefined): void {
  if (secret !== undefined && secret !== "") redacted.add(secret);
}

/** `text` with every value given to {@link redactFromLogs} replaced by `<redacted>`. */
export function withoutSecrets(text: string): string {
  let out = text;
  for (const secret of redacted) out = out.split(secret).join("<redacted>");
  return out;
}

/** Where the provider plugin sends the lines instead of Pulumi's Node.js logging. */
export interface LogSink {
  log(severity: "debug" | "info" | "warning", message: string): void;
}

let sink: LogSink | undefined;

/**
 * Sends every line to `next` from now on, in this process (the provider plugin's engine
 * connection, which attaches each line to the resource of the call that wrote it; a command's
 * standard error, `cli/common/commandLog.ts`).
 *
 * @returns the sink it replaces, `undefined` for Pulumi's logging.
 */
export function setLogSink(next: LogSink | undefined): LogSink | undefined {
  const previous = sink;
  sink = next;
  return previous;
}

/** Logs `message` at Pulumi's debug level, and on stderr when {@link DEBUG_ENV_VAR} is set. */
export function logDebug(line: string): void {
  const message = withoutSecrets(line);
  if (sink !== undefined) {
    sink.log("debug", message);
    return;
  }
  // Required on first use only: retries are rare, and the plugin's cold start stays small. A
  // line that cannot be logged must not fail the request that wrote it.
  try {
    const { log } = load.pulumi();
    log.debug(message).catch(() => undefined);
  } catch {
    // Lost, but for the copy below.
  }
  if (debugLinesWanted()) process.stderr.write(`debug: ${message}\n`);
}

/**
 * Logs `message` at Pulumi's info level: shown by the Pulumi CLI while the operation runs (see
 * the module comment).
 */
export function logInfo(line: string): void {
  // A notice must never fail a request (it runs from the pacer's timers).
  logWithoutFailing("info", line);
}

/**
 * Logs `message` at Pulumi's warning level: for what a user should act on although nothing
 * failed (a preview that passes with something likely wrong). Inside the dynamic-provider host it
 * falls back to standard error (`warning: [runtime] …`), which the Pulumi CLI shows under the
 * operation as it comes (see the module comment).
 */
export function logWarning(line: string): void {
  // A warning must never fail the operation that raised it.
  logWithoutFailing("warning", line);
}

/** Sends `line` to the sink, else to Pulumi's logging at `severity`; never throws. */
function logWithoutFailing(severity: "info" | "warning", line: string): void {
  const message = withoutSecrets(line);
  try {
    if (sink !== undefined) return sink.log(severity, message);
    const { log } = load.pulumi();
    log[severity === "info" ? "info" : "warn"](message).catch(() => undefined);
  } catch {
    // Nothing to do: the line is lost, the caller goes on.
  }
}
