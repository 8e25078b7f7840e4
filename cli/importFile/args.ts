/**
 * The arguments of `import-file`, parsed with node's `util.parseArgs` (its mistakes said in the
 * command's words, as `pending-creates` says them), and turned into what to import: each
 * `[<name>=]<id>`, its resource picked from the id (`./refusals`).
 *
 * @module
 */
import { parseCommandLine } from "../common/arguments";
import type { ImportRequest } from "./entries";
import { kindOfImportedId, refuseDuplicates, typeOption } from "./refusals";

/** The usage line, shown with every mistake in the arguments. */
export const USAGE =
  "usage: pulumi-ngrok-dynamic import-file [<name>=]<id>… [--out <file>] [--type <type token>]";

/** The parsed arguments. */
export interface ImportFileArgs {
  /** The objects, each with its resource and logical name. */
  readonly requests: readonly ImportRequest[];
  /** Where the file goes; `undefined`: standard output. */
  readonly out?: string;
  /** `--help` or `-h`: print the help and do nothing else. */
  readonly help?: boolean;
}

/** `<name>=<id>`, or `<id>` alone (ids hold no `=`, so the last one separates). */
function splitNamed(argument: string): { name?: string; id: string } {
  const at = argument.lastIndexOf("=");
  return at < 0 ? { id: argument } : { name: argument.slice(0, at), id: argument.slice(at + 1) };
}

/**
 * Parses the arguments after `import-file`.
 *
 * @throws Error naming the argument and the rule, followed by {@link USAGE}, when an argument is
 *   unknown, a value or the ids are missing, or a name is empty.
 * @throws ImportFileRefusal (`./refusals`) for a type or an id that would import the object
 *   under the wrong type token, and for an object or a name given twice.
 */
export function parseArgs(argv: readonly string[]): ImportFileArgs {
  const { values, positionals } = parseCommandLine(
    argv,
    {
      out: { type: "string", short: "o" },
      type: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    USAGE,
    true,
  );
  if (values.help === true) return { requests: [], help: true };
  if (positionals.length === 0) {
    throw new Error(`no id given: name the objects to import by their ids\n${USAGE}`);
  }
  const typed = values.type === undefined ? undefined : typeOption(values.type);
  const requests = positionals.map((argument) => {
    const { name, id } = splitNamed(argument);
    if (name === "") {
      throw new Error(`${argument}: the name before = is empty\n${USAGE}`);
    }
    const kind = kindOfImportedId(id, typed);
    return { kind, id, name: name ?? kind.defaultName(id) };
  });
  refuseDuplicates(requests);
  return { requests, out: values.out === "-" ? undefined : values.out };
}
