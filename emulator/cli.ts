#!/usr/bin/env node
/**
 * `ngrok-api-emulator [--host 127.0.0.1] [--port 8787] [--api-key KEY] [--saml-base-url URL]`
 *
 * Starts the emulator and prints its base URL, the API key it accepts and the environment
 * variables to export for clients (`NGROK_API_BASE_URL`, `NGROK_API_KEY`). Stops cleanly on
 * SIGINT or SIGTERM. Exit codes: 0 after a clean stop or `--help`, 1 when it cannot start (e.g.
 * the port is taken), 2 on bad arguments.
 */
import { parseArgs } from "node:util";
import { startEmulator, type RunningEmulator } from "./index";

/** One-line usage. */
export const USAGE =
  "Usage: ngrok-api-emulator [--host 127.0.0.1] [--port 8787] [--api-key KEY] [--saml-base-url URL]";

const HELP = `${USAGE}

Local emulator of ngrok's REST API (SSH certificate authorities, HTTPS edge route SAML module).

Options:
  --host HOST            interface to listen on (default 127.0.0.1)
  --port PORT            TCP port, 0 picks a free one (default 8787)
  --api-key KEY          API key to accept (default: generated, printed at start)
  --saml-base-url URL    base of the SAML SP URLs (default: the emulator's base URL)
  -h, --help             show this help
`;

class UsageError extends Error {}

/** Parsed command line. */
export interface CliArguments {
  help: boolean;
  host?: string;
  port?: number;
  apiKey?: string;
  samlBaseUrl?: string;
}

/** Parses the command line. Throws a UsageError on bad arguments. */
export function parseCliArguments(argv: string[]): CliArguments {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: "string" },
        port: { type: "string" },
        "api-key": { type: "string" },
        "saml-base-url": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  let port: number | undefined;
  if (values.port !== undefined) {
    port = /^\d{1,5}$/.test(values.port) ? Number(values.port) : NaN;
    if (!(port >= 0 && port <= 65535)) {
      throw new UsageError(`--port must be an integer in 0..65535, got ${values.port}`);
    }
  }
  if (values["api-key"] !== undefined && !/^[\x21-\x7e]+$/.test(values["api-key"])) {
    throw new UsageError("--api-key must be non-empty printable ASCII without spaces");
  }
  const samlBaseUrl = values["saml-base-url"];
  if (samlBaseUrl !== undefined && !URL.canParse(samlBaseUrl)) {
    throw new UsageError(`--saml-base-url must be an absolute URL, got ${samlBaseUrl}`);
  }
  return {
    help: values.help === true,
    host: values.host,
    port,
    apiKey: values["api-key"],
    samlBaseUrl,
  };
}

/** Runs the CLI; resolves with the exit code once the emulator has stopped (or failed). */
export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  let args: CliArguments;
  try {
    args = parseCliArguments(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`ngrok-api-emulator: ${error.message}\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(HELP);
    return 0;
  }

  let emulator: RunningEmulator;
  try {
    emulator = await startEmulator({
      host: args.host,
      port: args.port,
      apiKey: args.apiKey,
      samlBaseUrl: args.samlBaseUrl,
    });
  } catch (error) {
    process.stderr.write(`ngrok-api-emulator: cannot start: ${(error as Error).message}\n`);
    return 1;
  }

  // Handlers first, banner second: a client that reads the banner may signal right away.
  const stopped = new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      process.stdout.write(`Received ${signal}, shutting down\n`);
      emulator.close().then(
        () => resolve(0),
        (error: Error) => {
          process.stderr.write(`ngrok-api-emulator: error while closing: ${error.message}\n`);
          resolve(1);
        },
      );
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });

  process.stdout.write(
    `ngrok API emulator listening on ${emulator.url}\n` +
      `API key: ${emulator.apiKey}\n` +
      `export NGROK_API_BASE_URL=${emulator.url} NGROK_API_KEY=${emulator.apiKey}\n`,
  );
  return stopped;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: Error) => {
      process.stderr.write(`ngrok-api-emulator: ${error.stack ?? error.message}\n`);
      process.exit(1);
    },
  );
}
