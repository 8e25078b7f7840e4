/**
 * The docs page a resource starts with when it has none (`docs/<module>.md`): its name, its
 * definition's description, and the five generated sections between their markers, which
 * `npm run generate` then fills (type tokens, the examples in other languages, the inputs, the
 * outputs, the import lines). The rest is the author's: the TypeScript example at the top of
 * "Example usage" (the SDK class's TSDoc takes the page's first TypeScript block), what each
 * operation does, and the choices where ngrok is silent; `docs/reservedDomain.md` is the shape.
 *
 * @module
 */
import { docsPageOf } from "../../../provider/framework/names";
import type { ResourceDefinition } from "../../../provider/framework/resource";
import { DEFINITIONS } from "../../../provider/registry";

/** The markers of a generated section, with nothing between them yet. */
const section = (name: string) => `<!-- generated:${name} -->\n<!-- /generated:${name} -->\n`;

/** The page `definition` starts with (see the module comment). */
function startingPage(definition: ResourceDefinition): string {
  return [
    `# ${definition.name}\n`,
    `${definition.description}\n`,
    section("tokens"),
    "## Example usage\n",
    "### In other languages\n",
    section("examples"),
    "## Inputs\n",
    section("inputs"),
    "## Outputs\n",
    section("outputs"),
    "## Import\n",
    section("import"),
  ].join("\n");
}

/** The starting page of the resource whose page is `file`, if `file` is a resource's page. */
export function startingPageOf(file: string): string | undefined {
  const definition = DEFINITIONS.find((d) => docsPageOf(d) === file);
  return definition === undefined ? undefined : startingPage(definition);
}
