/**
 * `pulumi-ngrok-dynamic pending-creates [--file <export.json>|-] [--stack <name>] [--since <time>]`:
 * reads a stack's pending creates (the output of `pulumi stack export --show-secrets`, from a
 * file, standard input, or by running it), lists the live objects of their types through ngrok's
 * API (every page, paced as the provider paces), judges which object each create made
 * (`./judge`) and prints the report and the commands (`./report`).
 *
 * The API key and base URL are the provider's (`./settings`): for the Node.js classes' pending
 * creates (`pulumi-nodejs:dynamic/ngrok:*`) the environment, `NGROK_API_KEY`, `NGROK_API_BASE_URL`
 * (and the other `NGROK_*` settings of docs/configuration.md); for the plugin's
 * (`ngrok-dynamic:index:*`), the settings the state's `ngrok-dynamic` provider holds (the stack
 * config `ngrok-dynamic:apiKey`, `ngrok-dynamic:apiBaseUrl`, …), then the same environment
 * variables, as the plugin reads them. The commands it prints name the settings of the stack's
 * family (`ngrok-dynamic:adoptExistingIds` for the plugin's resources).
 *
 * The same command ships with the provider plugin (`pulumi-resource-ngrok-dynamic
 * pending-creates`, plugin/commands.ts), for users without Node.js; `program` names it in the
 * messages.
 *
 * Exit status: 0 when every pending create is resolved (or there is none), 1 when some need a
 * decision (ambiguous, or of a type it does not handle), 2 on an error (the message says which).
 * `--help` prints {@link PENDING_CREATES_HELP} and exits 0.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { clientFromConfiguration } from "../../provider";
import { isRecord } from "../../provider/client/brand";
import { parseCommandLine } from "../common/arguments";
import { ENVIRONMENT_ONLY } from "../common/environment";
import type { ResourceDefinition } from "../../provider/framework/resource";
import { DEFINITIONS, PLUGIN_PACKAGE, typeTokensOf } from "../../provider/registry";
import { GUIDE_LINE } from "./guide";
import { judge } from "./judge";
import { type LiveObject, PENDING_CREATE_KINDS as RECOVERABLE_KINDS } from "../../provider";
import { formatReport } from "./report";
import { readStackState } from "./stackExport";
import { isUnreadableCheckpoint, unreadableCheckpointAdvice } from "./unreadableCheckpoint";
import { namespaceOf, pluginSettingsOf, requireApiKey, settingsSource } from "./settings";

/**
 * The types whose pending create a rerun repeats without a second object (resources declaring no
 * `pendingCreates`: `HttpsEdgeRouteSaml`'s create is a `PUT`), under both token families.
 */
const REPEATABLE: ReadonlySet<string> = new Set(
  DEFINITIONS.flatMap((definition: ResourceDefinition) =>
    definition.pendingCreates === undefined ? typeTokensOf(definition) : [],
  ),
);

/** The usage line, shown with every mistake in the arguments. */
export const USAGE =
  "usage: pulumi-ngrok-dynamic pending-creates [--file <export.json> | --file -] [--stack <name>] [--since <RFC 3339 time>]";

/** What `pending-creates --help` prints. */
export const PENDING_CREATES_HELP = [
  USAGE,
  "",
  "Run it after a pulumi up, destroy or replacement was interrupted (a killed CI job, a cancelled",
  "run) and left pending creates in the stack: it finds the ngrok object each unfinished create",
  "made and prints the commands that adopt or delete it and clear the pending creates. It",
  "changes nothing itself.",
  "",
  "  --file <path>   the stack's state as `pulumi stack export --show-secrets` writes it; `-` reads",
  "                  standard input. Without --file, runs that command in the current folder.",
  "  --stack <name>  the stack to export (default: the selected stack).",
  "  --since <time>  only objects created at or after this RFC 3339 time, e.g. when the",
  "                  interrupted deployment began.",
  "  --help, -h      this text.",
  "",
  "The API key: for the Node.js classes' resources, NGROK_API_KEY (NGROK_API_BASE_URL for another",
  "API than ngrok's); for the provider plugin's (ngrok-dynamic:index:*, a YAML, Go, Python…",
  "program), the state's ngrok-dynamic provider settings (ngrok-dynamic:apiKey, …), then the same",
  "variables. The commands use the stack's keys: ngrok:… or ngrok-dynamic:adoptExistingIds.",
  "Exit status: 0 every pending create resolved (or none), 1 some need your decision, 2 an error.",
  GUIDE_LINE,
].join("\n");

/** The parsed arguments. */
export interface PendingCreatesArgs {
  readonly file?: string;
  readonly stack?: string;
  /** Milliseconds since the epoch. */
  readonly since?: number;
  /** `--help` or `-h`: print {@link PENDING_CREATES_HELP} and do nothing else. */
  readonly help?: boolean;
}

/**
 * Parses the arguments after `pending-creates` (with node's `util.parseArgs`).
 *
 * @throws Error naming the argument and the rule, followed by {@link USAGE}, when an argument is
 *   unknown, a value is missing, or `--since` is not a time.
 */
export function parseArgs(argv: readonly string[]): PendingCreatesArgs {
  const { values } = parseCommandLine(
    argv,
    {
      file: { type: "string" },
      stack: { type: "string" },
      since: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    USAGE,
    false,
  );
  if (values.help === true) return { help: true };
  let since: number | undefined;
  if (values.since !== undefined) {
    since = Date.parse(values.since);
    if (Number.isNaN(since)) {
      throw new Error(
        `--since ${values.since}: not a time; give an RFC 3339 time such as 2026-01-31T09:00:00Z\n${USAGE}`,
      );
    }
  }
  return { file: values.file, stack: values.stack, since };
}

/**
 * The stack's state as `pulumi stack export --show-secrets` prints it, run in the current folder.
 *
 * @throws Error saying what is missing when there is no `pulumi` on PATH (and how to do without
 *   it: `--file`), or what the CLI said when the export failed; when it could not read the
 *   checkpoint, which of the stack's files are torn and what to run (`./unreadableCheckpoint`).
 */
function exportStack(stack: string | undefined, program = "pulumi-ngrok-dynamic"): string {
  const args = ["stack", "export", "--show-secrets", ...(stack ? ["--stack", stack] : [])];
  try {
    return execFileSync("pulumi", args, {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    const { code, stderr } = isRecord(error) ? error : {};
    if (code === "ENOENT") {
      throw new Error(
        "without --file, pending-creates reads the stack's state by running `pulumi stack " +
          "export --show-secrets`, and there is no `pulumi` on PATH. Install the Pulumi CLI " +
          "(https://www.pulumi.com/docs/install/) or add its folder to PATH; or, where the CLI " +
          "runs, export the state to a file and pass it: pulumi stack export --show-secrets " +
          `--file export.json, then ${program} pending-creates --file export.json`,
        { cause: error },
      );
    }
    const said = typeof stderr === "string" ? stderr.trim() : "";
    if (isUnreadableCheckpoint(said)) {
      throw new Error(unreadableCheckpointAdvice(said, { stack, program }), { cause: error });
    }
    throw new Error(
      `\`pulumi ${args.join(" ")}\` failed${said === "" ? "" : `: ${said}`}. Run it in the ` +
        "stack's project folder (or name the stack with --stack), or pass an exported state with --file",
      { cause: error },
    );
  }
}

/** Who runs the command, for its messages. */
export interface PendingCreatesOptions {
  /** The program's name in the messages: `pulumi-ngrok-dynamic` unless told. */
  readonly program?: string;
}

/** Runs the command; returns the exit status (see the module comment). */
export async function pendingCreates(
  argv: readonly string[],
  out: (text: string) => void = (text) => process.stdout.write(text),
  options: PendingCreatesOptions = {},
): Promise<number> {
  const program = options.program ?? "pulumi-ngrok-dynamic";
  const named = (text: string) => text.replaceAll("pulumi-ngrok-dynamic ", `${program} `);
  let args: PendingCreatesArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    throw new Error(named(error instanceof Error ? error.message : String(error)), {
      cause: error,
    });
  }
  if (args.help === true) {
    out(`${named(PENDING_CREATES_HELP)}\n`);
    return 0;
  }
  const text =
    args.file === "-"
      ? fs.readFileSync(0, "utf8")
      : args.file !== undefined
        ? fs.readFileSync(args.file, "utf8")
        : exportStack(args.stack, program);
  const state = readStackState(text);
  const types = new Set(state.pendingCreates.map((p) => p.type));
  const live = new Map<string, LiveObject[]>();
  if ([...types].some((type) => RECOVERABLE_KINDS.has(type))) {
    const plugin = [...types].some((type) => namespaceOf(type) === PLUGIN_PACKAGE);
    const settings = plugin ? pluginSettingsOf(state) : undefined;
    if (plugin) requireApiKey(PLUGIN_PACKAGE, settings);
    const client = clientFromConfiguration(
      settings === undefined ? ENVIRONMENT_ONLY : settingsSource(settings, PLUGIN_PACKAGE),
    );
    for (const type of types) {
      const kind = RECOVERABLE_KINDS.get(type);
      if (kind === undefined) continue;
      // Both token families of one kind list the same collection: list it once.
      const twin = [...live.entries()].find(([other]) => RECOVERABLE_KINDS.get(other) === kind);
      const objects: LiveObject[] = twin?.[1] ?? [];
      if (twin === undefined) for await (const object of kind.list(client)) objects.push(object);
      live.set(type, objects);
    }
  }
  const report = formatReport(judge(state, RECOVERABLE_KINDS, live, args.since, REPEATABLE), {
    stack: args.stack,
    otherPending: state.otherPendingOperations,
  });
  out(`${report.text}\n`);
  return report.resolved ? 0 : 1;
}
