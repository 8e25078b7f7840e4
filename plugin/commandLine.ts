/**
 * The plugin's command line, read as Pulumi's Go providers read theirs (`provider.MainContext`,
 * `sdk/go/pulumi/provider/main.go`: Go's `flag.Parse()`, then `flag.Args()`).
 *
 * The engine starts a provider plugin with its own flags *before* its address
 * (`buildPluginArguments`, `sdk/go/common/resource/plugin/plugin.go`, Pulumi 3.276.0):
 *
 * - `--logtostderr` and `-v=<N>` when the CLI runs with `--logflow -v=<N>`;
 * - `--tracing <endpoint>` when the CLI runs with `--tracing`;
 * - then the engine's address, `127.0.0.1:<port>`.
 *
 * So flags are read first, Go's way (`-name` or `--name`, a value after `=` or as the next
 * argument, `--` ending them), and the address is the first argument that is left. The flags Go
 * providers know (Pulumi's `tracing`, glog's logging flags) are accepted; tracing is not emitted by
 * this plugin (its endpoint is read and ignored). A flag no Go provider knows is refused, as
 * `flag.Parse` refuses it (exit status 2).
 *
 * For users: `--help`/`-h`, `--version`/`-version`/`version` (and `-v` alone), and the
 * commands of {@link PLUGIN_COMMANDS} with their options.
 *
 * @module
 */

/**
 * The commands the plugin runs instead of serving the engine, each with what `--help` says of it
 * (`./commands` runs them).
 */
export const PLUGIN_COMMANDS = {
  "pending-creates":
    "resolve the creates a killed deployment left pending (docs/interruptedDeployments.md)",
  "edges-to-endpoints":
    "print programs that move the account's HTTPS edges to cloud endpoints " +
    "(docs/migratingFromEdges.md)",
} as const;

/** A command of {@link PLUGIN_COMMANDS}. */
export type PluginCommand = keyof typeof PLUGIN_COMMANDS;

/** Whether `word` names a command of {@link PLUGIN_COMMANDS}. */
export const isPluginCommand = (word: string | undefined): word is PluginCommand =>
  word !== undefined && Object.hasOwn(PLUGIN_COMMANDS, word);

/** Flags that take no value (glog's). */
const BOOLEAN_FLAGS: ReadonlySet<string> = new Set(["logtostderr", "alsologtostderr"]);

/** Flags that take a value: Pulumi's `tracing`, glog's `v` and the rest of its flags. */
const VALUE_FLAGS: ReadonlySet<string> = new Set([
  "tracing",
  "v",
  "vmodule",
  "stderrthreshold",
  "log_dir",
  "log_file",
  "log_backtrace_at",
]);

/** What the command line asks for. */
export type Invocation =
  | {
      readonly kind: "serve";
      /** The engine's address, or `undefined` when none was given (waiting for `Attach`). */
      readonly engine: string | undefined;
      /** `-v=<N>`: the engine's verbosity (0 when not given). */
      readonly verbosity: number;
      /** `--logtostderr`: the engine shows what the plugin writes to stderr (`--logflow`). */
      readonly logToStderr: boolean;
    }
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | { readonly kind: "command"; readonly argv: readonly string[] }
  | { readonly kind: "error"; readonly message: string };

/** A flag argument's name and, when written `-name=value`, its value. */
function flagOf(arg: string): { name: string; value: string | undefined } {
  const body = arg.replace(/^--?/, "");
  const equals = body.indexOf("=");
  return equals < 0
    ? { name: body, value: undefined }
    : { name: body.slice(0, equals), value: body.slice(equals + 1) };
}

/** Reads `args` (the arguments after the program's name); see the module comment. */
export function parseCommandLine(args: readonly string[]): Invocation {
  let verbosity = 0;
  let logToStderr = false;
  let index = 0;
  for (; index < args.length; index++) {
    const arg = args[index];
    if (arg === "--") {
      index++;
      break;
    }
    if (!arg.startsWith("-") || arg === "-") break;
    const { name, value } = flagOf(arg);
    if (name === "help" || name === "h") return { kind: "help" };
    if (name === "version") return { kind: "version" };
    if (name === "v" && value === undefined && !/^\d+$/.test(args[index + 1] ?? "")) {
      return { kind: "version" }; // `-v` alone; the engine always writes `-v=<N>`
    }
    if (BOOLEAN_FLAGS.has(name)) {
      if (name === "logtostderr") logToStderr = value === undefined || value === "true";
      continue;
    }
    if (!VALUE_FLAGS.has(name)) {
      return { kind: "error", message: `flag provided but not defined: ${arg}` };
    }
    let flagValue = value;
    if (flagValue === undefined) {
      index++;
      flagValue = args[index];
      if (flagValue === undefined) {
        return { kind: "error", message: `flag needs an argument: ${arg}` };
      }
    }
    if (name === "v") {
      if (!/^\d+$/.test(flagValue)) {
        return { kind: "error", message: `invalid value "${flagValue}" for flag -v` };
      }
      verbosity = Number(flagValue);
    }
  }
  const rest = args.slice(index);
  if (rest[0] === "version") return { kind: "version" };
  if (isPluginCommand(rest[0])) return { kind: "command", argv: rest };
  if (rest.length > 1) {
    return {
      kind: "error",
      message: `expected at most one argument, the engine's address; got ${rest.length}`,
    };
  }
  const engine = rest[0] === "" ? undefined : rest[0];
  return { kind: "serve", engine, verbosity, logToStderr };
}
