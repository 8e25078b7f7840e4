/**
 * Where the API client's lines go while a command runs (`pulumi-ngrok-dynamic <command>`, and
 * the same commands in the plugin, `pulumi-resource-ngrok-dynamic <command>`): standard error,
 * apart from the report on standard output. A command is no Pulumi program: Pulumi's logging,
 * which the client uses when no sink is set (`provider/client/log.ts`), has no engine to send to,
 * prints its info lines on standard output, and is left out of the plugin's executable
 * (`tools/devtools/executables/bundle.ts`), where a retry's debug line made every command fail
 * naming `@pulumi/pulumi` instead of the API it could not reach (issue #48).
 *
 * Notices (a request waiting on the rate limit) and warnings are printed `<program>: <line>`; the
 * retries' debug lines only when `PULUMI_NGROK_DYNAMIC_DEBUG` asks (`debug: <line>`, as
 * Pulumi's logging prints them).
 *
 * @module
 */
import { debugLinesWanted } from "../../provider/client/debugLines";
import { setLogSink } from "../../provider/client/log";

/**
 * Runs `command` with the client's lines written to `err` (see the module comment), and puts
 * back the sink it found once it settles.
 */
export async function withCommandLog<T>(
  program: string,
  err: (text: string) => void,
  command: () => Promise<T>,
): Promise<T> {
  const previous = setLogSink({
    log(severity, message) {
      if (severity !== "debug")
        err(`${program}: ${severity === "warning" ? "warning: " : ""}${message}\n`);
      else if (debugLinesWanted()) err(`debug: ${message}\n`);
    },
  });
  try {
    return await command();
  } finally {
    setLogSink(previous);
  }
}
