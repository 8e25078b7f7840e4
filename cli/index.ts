#!/usr/bin/env node
/**
 * The `pulumi-ngrok-dynamic` command (the package's `bin`). Three subcommands: `pending-creates`
 * (see `./pendingCreates/main`), `import-file` (see `./importFile/main`) and `edges-to-endpoints`
 * (see `./edgesToEndpoints/main`); `--help`, `-h` and
 * `help` print what the command is for (`help <command>`: that command's help) and exit 0; no
 * command or an unknown one prints the usage and exits 2.
 *
 * @module
 */
import { withCommandLog } from "./common/commandLog";
import { EDGES_TO_ENDPOINTS_HELP, edgesToEndpoints } from "./edgesToEndpoints/main";
import { GUIDE_LINE } from "./pendingCreates/guide";
import { IMPORT_FILE_HELP, importFileCommand } from "./importFile/main";
import { PENDING_CREATES_HELP, pendingCreates } from "./pendingCreates/main";

/** The command's name, as its messages say it. */
const PROGRAM = "pulumi-ngrok-dynamic";

/** The help of the command itself. */
export const HELP = [
  "usage: pulumi-ngrok-dynamic <command> [options]",
  "",
  "Tools for stacks that use pulumi-ngrok-dynamic's resources. Commands:",
  "",
  "  pending-creates   After a pulumi up, destroy or replacement was interrupted (a killed CI job,",
  "                    a cancelled run), finds the ngrok objects its unfinished creates made and",
  "                    prints the commands that adopt or delete them. Changes nothing itself.",
  "                    pulumi-ngrok-dynamic pending-creates --help says more.",
  "  import-file       Writes a Pulumi import file (pulumi import --file, Pulumi CLI 3.254.0 or",
  "                    later) that brings existing ngrok objects, named by their ids, under the",
  "                    Node.js classes: each entry with its class's own type token and __provider.",
  "                    pulumi-ngrok-dynamic import-file --help says more.",
  "  edges-to-endpoints  Prints, for each HTTPS edge with a SAML, OIDC or OAuth module, a program",
  "                    (YAML and TypeScript) that moves it to cloud endpoints. Only reads the",
  "                    account. pulumi-ngrok-dynamic edges-to-endpoints --help says more.",
  "",
  GUIDE_LINE,
].join("\n");

const HELP_FLAGS: ReadonlySet<string> = new Set(["--help", "-h", "help"]);

/** Each command's own help, printed by `help <command>` (and by `<command> --help`). */
const COMMAND_HELP: ReadonlyMap<string, string> = new Map([
  ["pending-creates", PENDING_CREATES_HELP],
  ["import-file", IMPORT_FILE_HELP],
  ["edges-to-endpoints", EDGES_TO_ENDPOINTS_HELP],
]);

/**
 * Runs the command with `argv` (the arguments after the program's name); resolves to the exit
 * status. `out` and `err` receive standard output and standard error; the API client's notices
 * go to `err` too (`./common/commandLog`).
 */
export async function main(
  argv: readonly string[],
  out: (text: string) => void = (text) => process.stdout.write(text),
  err: (text: string) => void = (text) => process.stderr.write(text),
): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== undefined && HELP_FLAGS.has(command)) {
    const help = COMMAND_HELP.get(rest[0] ?? "") ?? HELP;
    out(`${help}\n`);
    return 0;
  }
  if (command === "pending-creates") {
    return withCommandLog(PROGRAM, err, () => pendingCreates(rest, out));
  }
  if (command === "edges-to-endpoints") {
    return withCommandLog(PROGRAM, err, () => edgesToEndpoints(rest, out, err));
  }
  if (command === "import-file") {
    return withCommandLog(PROGRAM, err, () => importFileCommand(rest, out, err));
  }
  err(
    (command === undefined ? "" : `pulumi-ngrok-dynamic: unknown command ${command}\n\n`) +
      `${HELP}\n`,
  );
  return 2;
}

// Exits once the report is written: the API client's pacing timers and kept-alive connections
// would otherwise keep the process running.
if (require.main === module) {
  main(process.argv.slice(2)).then(
    (status) => process.stdout.write("", () => process.exit(status)),
    (error: unknown) => {
      process.stderr.write(
        `pulumi-ngrok-dynamic: ${error instanceof Error ? error.message : String(error)}\n`,
        () => process.exit(2),
      );
    },
  );
}
