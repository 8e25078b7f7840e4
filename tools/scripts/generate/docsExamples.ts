/**
 * The examples in other languages on the docs pages, between the markers
 * `<!-- generated:examples -->` … `<!-- /generated:examples -->`: each resource page's example
 * (`examples/specs.ts`) and the languages page's program, rendered by `examples/render.ts` with
 * the names and types of the package schema it is handed (`schema.ts`), after the text of each
 * file the program gives (`files`: what the reader writes beside it, a Traffic Policy).
 * `tests/automation/docsExamples.automation.test.ts` runs these blocks as printed.
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

/** The fence of a file's block, by its extension: `yaml`, `json`, `xml`, else `text`. */
const fenceOf = (file: string) =>
  ({ yaml: "yaml", yml: "yaml", json: "json", xml: "xml" })[file.split(".").pop() ?? ""] ?? "text";

/**
 * The sentence that introduces the text of a file the program reads (`FILE_INTRO("policy.yaml")`),
 * which the tests find it by.
 */
export const FILE_INTRO = (file: string) => `The program reads \`${file}\`, beside it:`;

/** The files the program gives, then its code blocks, each under a heading of its language. */
export function examplesSection(
  program: ExampleProgram,
  names: SchemaNames,
  heading = "####",
): string {
  const files = Object.entries(program.files ?? {}).map(
    ([file, text]) => `${FILE_INTRO(file)}\n\n\`\`\`${fenceOf(file)}\n${text}\`\`\``,
  );
  const code = renderAll(program, names).map(
    (r) => `${heading} ${r.title}\n\n\`\`\`${r.language}\n${r.code}\`\`\``,
  );
  return [...files, ...code].join("\n\n");
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
