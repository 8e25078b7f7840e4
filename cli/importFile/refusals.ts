/**
 * What `import-file` refuses, before any API request, and why: every entry must carry the class's
 * own type token, because an entry that does not (the generic `pulumi-nodejs:dynamic:Resource`,
 * or no class at all) imports the object under a URN that no resource of the program has, and
 * the next `pulumi up` then creates a new object for the program's resource and deletes the
 * imported one (tried with the CLI 3.274.1: the imported CA was deleted).
 *
 * @module
 */
import {
  GENERIC_DYNAMIC_TOKEN,
  IMPORTABLE_KINDS,
  type ImportableKind,
  kindOfId,
  kindOfType,
} from "./kinds";
import { CLASS_TYPE_PREFIX } from "../../provider/framework/tokens";

/** A request the command refuses: its message names the rule. Exit status 2. */
export class ImportFileRefusal extends Error {
  public constructor(message: string) {
    super(message);
    this.name = "ImportFileRefusal";
  }
}

/** Why the wrong token is refused, said in each refusal about a token or an id. */
export const WRONG_TOKEN_CONSEQUENCE =
  "an entry without the class's own type token (e.g. the generic " +
  `${GENERIC_DYNAMIC_TOKEN}) imports the object under a URN that no resource of your program ` +
  "has, and the next pulumi up then creates a new object for your resource and deletes the " +
  "imported one";

const known = () => IMPORTABLE_KINDS.map((kind) => `${kind.type} (${kind.idForm})`).join(", ");

/**
 * The resource `--type` names.
 *
 * @throws ImportFileRefusal for the generic dynamic token, the plugin's token (imported by id,
 *   without a file) and any other token that is not one of the classes'.
 */
export function typeOption(type: string): ImportableKind {
  const kind = kindOfType(type);
  if (kind !== undefined) return kind;
  if (type === GENERIC_DYNAMIC_TOKEN) {
    throw new ImportFileRefusal(
      `--type ${type}: refused, every entry carries the class's own type token ` +
        `(${CLASS_TYPE_PREFIX}<Class>, which this command picks from the id): ${WRONG_TOKEN_CONSEQUENCE}`,
    );
  }
  const plugin = /^ngrok-dynamic:index:(\w+)$/.exec(type);
  if (plugin !== null && kindOfType(plugin[1]!) !== undefined) {
    throw new ImportFileRefusal(
      `--type ${type}: refused, that is the provider plugin's token, and its resources are ` +
        `imported by id without a file: pulumi import ${type} <name> <id>. This command writes ` +
        `files for the Node.js classes (${CLASS_TYPE_PREFIX}<Class>)`,
    );
  }
  throw new ImportFileRefusal(
    `--type ${type}: refused, not a type this command writes; the types are ${known()}`,
  );
}

/**
 * The resource of `id`: the one whose ids it has, which `--type` (when given) must name.
 *
 * @throws ImportFileRefusal when `id` has no known form, or is not of the `--type`'s resource.
 */
export function kindOfImportedId(id: string, typed: ImportableKind | undefined): ImportableKind {
  const kind = kindOfId(id);
  if (kind === undefined) {
    throw new ImportFileRefusal(
      `${JSON.stringify(id)}: refused, not the id of an object this package manages, so no ` +
        `class's type token fits it, and ${WRONG_TOKEN_CONSEQUENCE}. The ids are: ${known()}`,
    );
  }
  if (typed !== undefined && typed !== kind) {
    throw new ImportFileRefusal(
      `${id}: refused, it is the id of a ${kind.name} (${kind.type}), not of a ${typed.name} ` +
        `(--type ${typed.type}); an entry whose token is not its class's would replace the object`,
    );
  }
  return kind;
}

/**
 * @throws ImportFileRefusal when two entries name the same object (two resources would manage
 *   it) or have the same logical name (one URN for two resources).
 */
export function refuseDuplicates(entries: readonly { name: string; id: string }[]): void {
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const { name, id } of entries) {
    if (ids.has(id)) {
      throw new ImportFileRefusal(
        `${id} is given twice: refused, each object is imported once (two resources would manage it)`,
      );
    }
    if (names.has(name)) {
      throw new ImportFileRefusal(
        `the name ${JSON.stringify(name)} is given twice: refused, each resource needs a name ` +
          "of its own (give one with <name>=<id>)",
      );
    }
    ids.add(id);
    names.add(name);
  }
}
