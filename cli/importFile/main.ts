/**
 * `pulumi-ngrok-dynamic import-file [<name>=]<id>… [--out <file>] [--type <type token>]`: writes a
 * Pulumi import file with inputs and outputs (Pulumi 3.254 and later) for existing ngrok objects,
 * each under its Node.js class's own type token and with the `__provider` that class writes, so
 * that `pulumi import --file` brings them under the program's resources and the next preview
 * shows no change.
 *
 * - `./args`: the command line; `./kinds`: which class an id is of; `./refusals`: what is refused
 *   before any request (the generic token, an id of no class, duplicates);
 * - `./entries`: each object read with its class's provider (`GET`, the API key from the
 *   environment at call time); `./serializedProvider`: the `__provider` text;
 * - `./help`: the help and the lines printed after writing.
 *
 * Exit status: 0 when the file is written, 2 on a refusal or an error (the message says which;
 * it never holds the API key).
 *
 * @module
 */
import * as fs from "node:fs";
import { parseArgs } from "./args";
import { importFile } from "./entries";
import { IMPORT_FILE_HELP, writtenSummary } from "./help";

export { IMPORT_FILE_HELP } from "./help";

/** Runs the command; returns the exit status (see the module comment). */
export async function importFileCommand(
  argv: readonly string[],
  out: (text: string) => void = (text) => process.stdout.write(text),
  err: (text: string) => void = (text) => process.stderr.write(text),
): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args.help === true) {
      out(`${IMPORT_FILE_HELP}\n`);
      return 0;
    }
    const file = await importFile(args.requests);
    const text = `${JSON.stringify(file, null, 2)}\n`;
    if (args.out === undefined) {
      out(text);
    } else {
      fs.writeFileSync(args.out, text);
      out(`${writtenSummary(args.out, file)}\n`);
    }
    return 0;
  } catch (error) {
    err(
      `pulumi-ngrok-dynamic import-file: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
}
