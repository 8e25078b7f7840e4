/**
 * `pulumi-ngrok-dynamic pending-creates [--file <export.json>|-] [--stack <name>] [--since <time>]`:
 * reads a stack's pending creates (the output of `pulumi stack export --show-secrets`, from a
 * file, standard input, or by running it), lists the live objects of their types through ngrok's
 * API (every page, paced as the provider paces), judges which object each create made
 * (`./judge`) and prints the report and the commands (`./report`).
 *
 * The API key and base URL come from the environment, as for the provider: `NGROK_API_KEY`,
 * `NGROK_API_BASE_URL` (and the other `NGROK_*` settings of docs/configuration.md).
 *
 * Exit status: 0 when every pending create is resolved (or there is none), 1 when some need a
 * decision (ambiguous, or of a type it does not handle), 2 on an error (the message says which).
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { clientFromConfiguration } from "../../provider/client";
import { judge } from "./judge";
import { type LiveObject, RECOVERABLE_KINDS } from "./kinds";
import { formatReport } from "./report";
import { readStackState } from "./stackExport";

/** The usage text. */
export const USAGE =
  "usage: pulumi-ngrok-dynamic pending-creates [--file <export.json> | --file -] [--stack <name>] [--since <RFC 3339 time>]\n" +
  "  Without --file, runs `pulumi stack export --show-secrets` in the current folder.\n" +
  "  The API key comes from NGROK_API_KEY (and NGROK_API_BASE_URL for another API).";

/** The parsed arguments. */
export interface PendingCreatesArgs {
  readonly file?: string;
  readonly stack?: string;
  /** Milliseconds since the epoch. */
  readonly since?: number;
}

/**
 * Parses the arguments after `pending-creates`.
 *
 * @throws Error with the usage when an argument is unknown or a value is missing or invalid.
 */
export function parseArgs(argv: readonly string[]): PendingCreatesArgs {
  const args: { file?: string; stack?: string; since?: number } = {};
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    if (flag === "--file") args.file = value;
    else if (flag === "--stack") args.stack = value;
    else if (flag === "--since") {
      args.since = Date.parse(value);
      if (Number.isNaN(args.since)) throw new Error(`--since ${value}: not a time\n${USAGE}`);
    } else throw new Error(`unknown argument ${flag}\n${USAGE}`);
  }
  return args;
}

/** Runs the command; returns the exit status (see the module comment). */
export async function pendingCreates(
  argv: readonly string[],
  out: (text: string) => void = (text) => process.stdout.write(text),
): Promise<number> {
  const args = parseArgs(argv);
  const text =
    args.file === "-"
      ? fs.readFileSync(0, "utf8")
      : args.file !== undefined
        ? fs.readFileSync(args.file, "utf8")
        : execFileSync(
            "pulumi",
            ["stack", "export", "--show-secrets", ...(args.stack ? ["--stack", args.stack] : [])],
            { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
          );
  const state = readStackState(text);
  const types = new Set(state.pendingCreates.map((p) => p.type));
  const live = new Map<string, LiveObject[]>();
  if (types.size > 0) {
    const client = clientFromConfiguration();
    for (const type of types) {
      const kind = RECOVERABLE_KINDS.get(type);
      if (kind === undefined) continue;
      const objects: LiveObject[] = [];
      for await (const object of kind.list(client)) objects.push(object);
      live.set(type, objects);
    }
  }
  const report = formatReport(judge(state, RECOVERABLE_KINDS, live, args.since), {
    stack: args.stack,
    otherPending: state.otherPendingOperations,
  });
  out(`${report.text}\n`);
  return report.resolved ? 0 : 1;
}
