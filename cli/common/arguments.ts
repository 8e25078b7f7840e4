/**
 * The command line of each of the package's commands (`pending-creates`, `import-file`,
 * `edges-to-endpoints`): node's `util.parseArgs`, strict, with its mistakes told in the command's
 * words and followed by the command's usage.
 *
 * @module
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { isRecord } from "../../provider/client/brand";

/** The options of a command, as `util.parseArgs` takes them. */
type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * `argv` parsed against `options` (strict: an unknown option is a mistake); positionals only when
 * `allowPositionals`.
 *
 * @throws Error naming the mistake ({@link argumentMistake}), followed by `usage`.
 */
export function parseCommandLine<O extends Options, P extends boolean>(
  argv: readonly string[],
  options: O,
  usage: string,
  allowPositionals: P,
) {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals });
  } catch (error) {
    throw new Error(`${argumentMistake(error)}\n${usage}`, { cause: error });
  }
}

/**
 * The mistake `util.parseArgs` found, in the command's words: its messages carry node's
 * internals (error codes, advice on `--`), which a user of these commands has no use for.
 */
export function argumentMistake(error: unknown): string {
  const code = isRecord(error) ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  // The argument, as node quotes it: 'x', '--bogus', or '--file <value>'.
  const argument = /'([^' ]+)[^']*'/.exec(message)?.[1] ?? "";
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown argument ${argument}`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return message.includes("ambiguous")
        ? `${argument} needs a value; one starting with a dash is written ${argument}=-…`
        : `${argument} needs a value`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument ${argument}: every value follows its option`;
    default:
      return message;
  }
}
