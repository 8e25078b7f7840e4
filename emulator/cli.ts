#!/usr/bin/env node
/**
 * `ngrok-api-emulator [--host 127.0.0.1] [--port 8787] [--api-key KEY] [--saml-base-url URL]
 *  [--rate-limit N] [--rate-limit-window-ms MS] [--rate-limit-retry-after]
 *  [--saml-module-absent 404|null|empty|zero] [--ca-limit N] [--edges-deprecated 400|403|404]
 *  [--edges-read-only 400|403]`
 *
 * Starts the emulator and prints its base URL, the API key it accepts and the environment
 * variables to export for clients (`NGROK_API_BASE_URL`, `NGROK_API_KEY`). Stops cleanly on
 * SIGINT or SIGTERM. `ngrok-api-emulator --version` prints the emulator's version (its
 * package.json's, e.g. `0.2.0`). Exit codes: 0 after a clean stop, `--help` or `--version`, 1
 * when it cannot start (e.g. the port is taken), 2 on bad arguments.
 */
import { parseArgs } from "node:util";
// This folder's package.json: tsc copies it beside the compiled files (`dist/package.json`), and
// esbuild writes it into the self-contained executable's bundle.
import { version as VERSION } from "./package.json";
import {
  DEFAULT_RATE_LIMIT_REQUESTS,
  DEFAULT_RATE_LIMIT_WINDOW_MS,
  startEmulator,
  type RunningEmulator,
} from "./index";
import { EDGES_DEPRECATED_STATUSES, EDGES_READ_ONLY_STATUSES } from "./http/edgesDeprecated";
import { SAML_MODULE_ABSENT_ANSWERS, type SamlModuleAbsentAnswer } from "./model/render";
import { errorMessage } from "./spec/values";

/** One-line usage. */
export const USAGE =
  "Usage: ngrok-api-emulator [--host 127.0.0.1] [--port 8787] [--api-key KEY] [--saml-base-url URL] [--rate-limit N] [--rate-limit-window-ms MS] [--rate-limit-retry-after] [--saml-module-absent 404|null|empty|zero] [--ca-limit N] [--edges-deprecated 400|403|404] [--edges-read-only 400|403]";

const HELP = `${USAGE}

Local emulator of ngrok's REST API (SSH certificate authorities, SSH host and user certificates, SSH credentials, HTTPS edge route SAML module).

Options:
  --host HOST            interface to listen on (default 127.0.0.1)
  --port PORT            TCP port, 0 picks a free one (default 8787)
  --api-key KEY          API key to accept (default: generated, printed at start)
  --saml-base-url URL    base of the SAML SP URLs (default: the emulator's base URL)
  --rate-limit N         turn on ngrok's rate limit with N requests per window (ngrok: 120);
                         over it: 429 ERR_NGROK_226 (default: off)
  --rate-limit-window-ms MS
                         rolling window of the rate limit in ms (default 60000); turns the
                         rate limit on, with 120 requests unless --rate-limit says otherwise
  --rate-limit-retry-after
                         send Retry-After with the rate limit's 429s (ngrok documents none);
                         turns the rate limit on
  --saml-module-absent 404|null|empty|zero
                         what GET of a route's absent SAML module answers: 404 ERR_NGROK_7124
                         (default), or 200 with null, {} or a zero-valued module
  --ca-limit N           the account's limit of SSH CAs (ERR_NGROK_1956 beyond it; default none)
  --edges-deprecated 400|403|404
                         an account without edges: every edge endpoint answers ERR_NGROK_7008
                         with this status (ngrok documents none)
  --edges-read-only 400|403
                         an account whose edges are read-only: every write to an edge
                         endpoint answers ERR_NGROK_7196 with this status; reads work
  --version              print the emulator's version and exit
  -h, --help             show this help

Fault rules can be added at run time (not part of ngrok's API, same API key):
  curl -H "Authorization: Bearer KEY" -H "Content-Type: application/json" \
    -d '{"path":"/ssh_certificate_authorities","status":503,"count":1}' URL/__emulator/faults
`;

class UsageError extends Error {}

/** Parsed command line. */
export interface CliArguments {
  help: boolean;
  /** From `--version`. */
  version: boolean;
  host?: string;
  port?: number;
  apiKey?: string;
  samlBaseUrl?: string;
  /**
   * From `--rate-limit` / `--rate-limit-window-ms` / `--rate-limit-retry-after`; `undefined` when
   * none is given.
   */
  rateLimit?: { requests?: number; windowMs?: number; retryAfter?: boolean };
  /** From `--saml-module-absent`. */
  samlModuleAbsent?: SamlModuleAbsentAnswer;
  /** From `--ca-limit`. */
  caLimit?: number;
  /** From `--edges-deprecated`: the status of ERR_NGROK_7008. */
  edgesDeprecated?: { status: (typeof EDGES_DEPRECATED_STATUSES)[number] };
  /** From `--edges-read-only`: the status of ERR_NGROK_7196. */
  edgesReadOnly?: { status: (typeof EDGES_READ_ONLY_STATUSES)[number] };
}

function positiveIntegerArgument(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!(parsed > 0)) throw new UsageError(`--${name} must be a positive integer, got ${value}`);
  return parsed;
}

function samlModuleAbsentArgument(value: string | undefined): SamlModuleAbsentAnswer | undefined {
  if (value === undefined) return undefined;
  const answer = SAML_MODULE_ABSENT_ANSWERS.find((allowed) => allowed === value);
  if (answer === undefined) {
    throw new UsageError(
      `--saml-module-absent must be one of ${SAML_MODULE_ABSENT_ANSWERS.join(", ")}, got ${value}`,
    );
  }
  return answer;
}

function edgesDeprecatedArgument(value: string | undefined): CliArguments["edgesDeprecated"] {
  if (value === undefined) return undefined;
  const status = EDGES_DEPRECATED_STATUSES.find((allowed) => String(allowed) === value);
  if (status === undefined) {
    throw new UsageError(
      `--edges-deprecated must be one of ${EDGES_DEPRECATED_STATUSES.join(", ")}, got ${value}`,
    );
  }
  return { status };
}

function edgesReadOnlyArgument(value: string | undefined): CliArguments["edgesReadOnly"] {
  if (value === undefined) return undefined;
  const status = EDGES_READ_ONLY_STATUSES.find((allowed) => String(allowed) === value);
  if (status === undefined) {
    throw new UsageError(
      `--edges-read-only must be one of ${EDGES_READ_ONLY_STATUSES.join(", ")}, got ${value}`,
    );
  }
  return { status };
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
        "rate-limit-retry-after": { type: "boolean" },
        "saml-module-absent": { type: "string" },
        "ca-limit": { type: "string" },
        "edges-deprecated": { type: "string" },
        "edges-read-only": { type: "string" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean" },
      },
    }));
  } catch (error) {
    throw new UsageError(errorMessage(error));
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
  const retryAfter = values["rate-limit-retry-after"] === true ? true : undefined;
  const parsed: CliArguments = {
    help: values.help === true,
    version: values.version === true,
    host: values.host,
    port,
    apiKey: values["api-key"],
    samlBaseUrl,
    rateLimit:
      requests === undefined && windowMs === undefined && retryAfter === undefined
        ? undefined
        : { requests, windowMs, ...(retryAfter ? { retryAfter } : {}) },
    samlModuleAbsent: samlModuleAbsentArgument(values["saml-module-absent"]),
    caLimit: positiveIntegerArgument("ca-limit", values["ca-limit"]),
    edgesDeprecated: edgesDeprecatedArgument(values["edges-deprecated"]),
    edgesReadOnly: edgesReadOnlyArgument(values["edges-read-only"]),
  };
  if (parsed.edgesDeprecated !== undefined && parsed.edgesReadOnly !== undefined) {
    throw new UsageError(
      "--edges-deprecated and --edges-read-only exclude each other: an account without edges " +
        "cannot also have read-only edges",
    );
  }
  return parsed;
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
  if (args.version) {
    process.stdout.write(`${VERSION}\n`);
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
      samlModuleAbsent: args.samlModuleAbsent,
      caLimit: args.caLimit,
      edgesDeprecated: args.edgesDeprecated,
      edgesReadOnly: args.edgesReadOnly,
    });
  } catch (error) {
    process.stderr.write(`ngrok-api-emulator: cannot start: ${errorMessage(error)}\n`);
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
        : `Rate limit: ${args.rateLimit.requests ?? DEFAULT_RATE_LIMIT_REQUESTS} requests per ${args.rateLimit.windowMs ?? DEFAULT_RATE_LIMIT_WINDOW_MS} ms${args.rateLimit.retryAfter ? ", with Retry-After" : ""}\n`),
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
