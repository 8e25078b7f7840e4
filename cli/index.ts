#!/usr/bin/env node
/**
 * The `pulumi-ngrok-dynamic` command (the package's `bin`). One subcommand:
 * `pending-creates` (see `./pendingCreates/main`).
 *
 * @module
 */
import { pendingCreates, USAGE } from "./pendingCreates/main";

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== "pending-creates") {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  return pendingCreates(rest);
}

// Exits once the report is written: the API client's pacing timers and kept-alive connections
// would otherwise keep the process running.
main(process.argv.slice(2)).then(
  (status) => process.stdout.write("", () => process.exit(status)),
  (error: unknown) => {
    process.stderr.write(
      `pulumi-ngrok-dynamic: ${error instanceof Error ? error.message : String(error)}\n`,
      () => process.exit(2),
    );
  },
);
