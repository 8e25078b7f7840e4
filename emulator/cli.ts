#!/usr/bin/env node
/**
 * `ngrok-api-emulator [--host 127.0.0.1] [--port 8787] [--api-key KEY] [--saml-base-url URL]
 *  [--rate-limit N] [--rate-limit-window-ms MS]`
 *
 * Starts the emulator and prints its base URL, the API key it accepts and the environment
 * variables to export for clients (`NGROK_API_BASE_URL`, `NGROK_API_KEY`). Stops cleanly on
 * SIGINT or SIGTERM. Exit codes: 0 after a clean stop or `--help`, 1 when it cannot start (e.g.
 * the port is taken), 2 on bad arguments.
 */
import { parseArgs } from "node:util";
import {
  DEFAULT_RATE_LIMIT_REQUESTS,
  DEFAULT_RATE_LIMIT_WINDOW_MS,
  startEmulator,
  type RunningEmulator,
} from "./index";

/** One-line usage. */
export const USAGE =
  "Usage: ngrok-api-emulator [--host 127.0.0.1] [--port 8787] [--api-key KEY] [--saml-base-url URL] [--rate-limit N] [--rate-limit-window-ms MS]";

const HELP = `${USAGE}

Local emulator of ngrok's REST API (SSH certificate authorities, SSH host and user certificates, HTTPS edge route SAML module).

Options:
  --host HOST            interface to listen on (default 127.0.0.1)
  --port PORT            TCP port, 0 picks a free one (default 8787)
  --api-key KEY          API key to accept (default: generated, printed at start)
  --saml-base-url URL    base of the SAML SP URLs (default: the emulator's base URL)
  --rate-limit N         turn on ngrok's rate limit with N requests per window (ngrok: 120);
                         over it: 429 ERR_NGROK_226 with Retry-After (default: off)
  --rate-limit-window-ms MS
                         rolling window of the rate limit in ms (default 60000); turns the
                         rate limit on, with 120 requests unless --rate-limit says otherwise
  -h, --help             show this help

Fault rules can be added at run time (not part of ngrok's API, same API key):
  curl -H "Authorization: Bearer KEY" -H "Content-Type: application/json" \
    -d '{"path":"/ssh_certificate_authorities","status":503,"count":1}' URL/__emulator/faults
`;

class UsageError extends Error {}

/** Parsed command line. */
export interface CliArguments {
  help: boolean;
  host?: string;
  port?: number;
  apiKey?: string;
  samlBaseUrl?: string;
  /** From `--rate-limit` / `--rate-limit-window-ms`; `undefined` when neither is given. */
  rateLimit?: { requests?: number; windowMs?: number };
}

function positiveIntegerArgument(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!(parsed > 0)) throw new UsageError(`--${name} must be a positive integer, got ${value}`);
  return parsed;
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
        "rate-limit": { type: "string" },
        "rate-limit-window-ms": { type: "string" },
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
  const requests = positiveIntegerArgument("rate-limit", values["rate-limit"]);
  const windowMs = positiveIntegerArgument("rate-limit-window-ms", values["rate-limit-window-ms"]);
  return {
    help: values.help === true,
    host: values.host,
    port,
    apiKey: values["api-key"],
    samlBaseUrl,
    rateLimit:
      requests === undefined && windowMs === undefined ? undefined : { requests, windowMs },
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
      rateLimit: args.rateLimit,
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
      `export NGROK_API_BASE_URL=${emulator.url} NGROK_API_KEY=${emulator.apiKey}\n` +
      (args.rateLimit === undefined
        ? ""
        : `Rate limit: ${args.rateLimit.requests ?? DEFAULT_RATE_LIMIT_REQUESTS} requests per ${args.rateLimit.windowMs ?? DEFAULT_RATE_LIMIT_WINDOW_MS} ms\n`),
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
