/**
 * The examples in other languages on the docs pages, between the markers
 * `<!-- generated:examples -->` … `<!-- /generated:examples -->`: each resource page's example
 * (`examples/specs.ts`) and the languages page's program, rendered by `examples/render.ts` with
 * the names and types of the package schema it is handed (`schema.ts`).
 *
 * @module
 */
import { docsPageOf } from "../../../provider/framework/names";
import { splice } from "./docsTables";
import { renderAll } from "./examples/render";
import { schemaNames, type SchemaNames } from "./examples/schemaNames";
import { languagesExample, resourceExamples } from "./examples/specs";
import type { ExampleProgram } from "../../../provider/framework/example";

/** The page that shows the program in every language the plugin serves. */
export const LANGUAGES_PAGE = "docs/otherLanguages.md";

/** The program's code blocks, each under a heading of its language. */
export function examplesSection(
  program: ExampleProgram,
  names: SchemaNames,
  heading = "####",
): string {
  return renderAll(program, names)
    .map((r) => `${heading} ${r.title}\n\n\`\`\`${r.language}\n${r.code}\`\`\``)
    .join("\n\n");
}

/**
 * Each page with generated examples, with the function that puts them into its current text;
 * `schema` is the package schema (`packageSchema()`), whose names and types the examples use.
 */
export function docsExamples(
  schema: Record<string, unknown>,
): Map<string, (page: string) => string> {
  const names = schemaNames(schema);
  const pages = new Map<string, (page: string) => string>();
  for (const [name, program] of resourceExamples()) {
    const file = docsPageOf({ name });
    pages.set(file, (page) => splice(page, file, "examples", examplesSection(program, names)));
  }
  pages.set(LANGUAGES_PAGE, (page) =>
    splice(page, LANGUAGES_PAGE, "examples", examplesSection(languagesExample(), names, "###")),
  );
  return pages;
}
