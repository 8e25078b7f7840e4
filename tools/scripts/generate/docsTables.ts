/**
 * The Inputs and Outputs tables of each resource's docs page (`docs/<resource>.md`), generated
 * from its definition between the markers `<!-- generated:inputs -->` … `<!-- /generated:inputs -->`
 * (and `outputs`); the prose around them is the page's own.
 *
 * @module
 */
import { outputWords, type PropertyDefinition } from "../../../provider/framework/property";
import { namesOf } from "../../../provider/framework/names";
import type { ResourceDefinition } from "../../../provider/framework/resource";
import { pluginToken } from "../../../provider/framework/tokens";
import { DATA_SOURCE_DEFINITIONS, DEFINITIONS, LOOKUPS } from "../../../provider/registry";
import { defaultWords, typeWords } from "./text";

/** A Markdown table cell: no line break, no unescaped pipe. */
const cell = (text: string) => text.replace(/\s+/g, " ").replace(/\|/g, "\\|").trim();

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

function inputsTable(definition: ResourceDefinition): string {
  const rows = Object.entries(definition.properties)
    .filter(([, p]) => p.role === "input")
    .map(([name, p]: [string, PropertyDefinition]) => [
      `\`${name}\``,
      typeWords(p),
      p.required ? "required" : (defaultWords(p) ?? "none"),
      p.onChange ?? "",
      p.description,
    ]);
  return table(["Input", "Type", "Default", "On change", "Description"], rows);
}

/** The outputs of `definition` under `head`, `id` first, described as `idWords` and its `id`. */
function fieldsTable(definition: ResourceDefinition, head: string, idWords: string): string {
  const rows = [
    ["`id`", "string", `${idWords}${definition.id}`],
    ...Object.entries(definition.properties)
      .filter(([, p]) => p.role === "output")
      .map(([name, p]) => [`\`${name}\``, typeWords(p), outputWords(p)]),
  ];
  return table([head, "Type", "Description"], rows);
}

function outputsTable(definition: ResourceDefinition): string {
  return `All inputs, plus:\n\n${fieldsTable(definition, "Output", "the Pulumi id: ")}`;
}

/** The page that describes the data sources (`DATA_SOURCES` of the registry). */
export const DATA_SOURCES_PAGE = "docs/dataSources.md";

/**
 * The data sources' section of {@link DATA_SOURCES_PAGE}: for each,
 * its heading, what it is, its lookups in the SDK and the plugin, and the fields they return.
 */
function dataSourcesSection(): string {
  return DATA_SOURCE_DEFINITIONS.map((definition) => {
    const lookups = LOOKUPS.filter((l) => l.resource === definition).map((l) => [
      `\`${l.name}\``,
      `\`${pluginToken(l.name)}\``,
      l.description,
    ]);
    return [
      `### ${definition.name}`,
      definition.description,
      table(["Lookup", "Provider plugin's function", "What it does"], lookups),
      `Each object, from \`${definition.api.endpoints.replace(/`/g, "")}\`:`,
      fieldsTable(definition, "Field", ""),
    ].join("\n\n");
  }).join("\n\n");
}

/** Replaces what is between the markers of `section` in `page` with `content`. */
export function splice(page: string, file: string, section: string, content: string): string {
  const open = `<!-- generated:${section} -->`;
  const close = `<!-- /generated:${section} -->`;
  const start = page.indexOf(open);
  const end = page.indexOf(close);
  if (start < 0 || end < start) {
    throw new Error(`${file} has no ${open} … ${close} markers`);
  }
  return `${page.slice(0, start + open.length)}\n\n${content}\n\n${page.slice(end)}`;
}

/** Each docs page, with the function that puts its generated tables into its current text. */
export function docsTables(): Map<string, (page: string) => string> {
  const pages = new Map<string, (page: string) => string>();
  for (const definition of DEFINITIONS) {
    const file = namesOf(definition).docsPage;
    pages.set(file, (page) =>
      splice(
        splice(page, file, "inputs", inputsTable(definition)),
        file,
        "outputs",
        outputsTable(definition),
      ),
    );
  }
  pages.set(DATA_SOURCES_PAGE, (text) =>
    splice(text, DATA_SOURCES_PAGE, "dataSources", dataSourcesSection()),
  );
  return pages;
}
