/**
 * The commands the provider plugin runs itself, for users who have the plugin (or its
 * self-contained executable) and no Node.js package: `pulumi-resource-ngrok-dynamic
 * pending-creates [options]` is `pulumi-ngrok-dynamic pending-creates` (cli/pendingCreates/main),
 * the recovery after an interrupted deployment (docs/interruptedDeployments.md), run in a YAML
 * program's folder (or with `--stack`/`--file` for an Automation API program's stack);
 * `pulumi-resource-ngrok-dynamic edges-to-endpoints` is `pulumi-ngrok-dynamic edges-to-endpoints`
 * (cli/edgesToEndpoints/main), the programs that move HTTPS edges to cloud endpoints
 * (docs/migratingFromEdges.md).
 *
 * The engine starts the plugin with its own address as the first argument (`127.0.0.1:<port>`),
 * never with a command's name, so a first argument that names a command is the user's.
 *
 * @module
 */
import { withCommandLog } from "../cli/common/commandLog";
import { edgesToEndpoints } from "../cli/edgesToEndpoints/main";
import { pendingCreates } from "../cli/pendingCreates/main";
import { isPluginCommand } from "./commandLine";

/** The plugin's executable, as the messages name it. */
export const PLUGIN_PROGRAM = "pulumi-resource-ngrok-dynamic";

/**
 * Runs the command `argv` names (`argv[0]`: `pending-creates` or `edges-to-endpoints`, with its
 * options and `--help`),
 * writing its report to `out` and its error to `err`; resolves to its exit status (0 resolved,
 * 1 a decision needed, 2 an error). Resolves to `undefined` when `argv[0]` names no command: the
 * plugin then serves the engine as usual.
 */
export async function runPluginCommand(
  argv: string[],
  out: (text: string) => void = (text) => process.stdout.write(text),
  err: (text: string) => void = (text) => process.stderr.write(text),
): Promise<number | undefined> {
  const [command, ...rest] = argv;
  if (!isPluginCommand(command)) return undefined;
  try {
    return await withCommandLog(PLUGIN_PROGRAM, err, () =>
      command === "pending-creates"
        ? pendingCreates(rest, out, { program: PLUGIN_PROGRAM })
        : edgesToEndpoints(rest, out, err, { program: PLUGIN_PROGRAM }),
    );
  } catch (error) {
    err(`${PLUGIN_PROGRAM}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}
