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
import { DEFINITIONS } from "../../../provider/registry";
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

function outputsTable(definition: ResourceDefinition): string {
  const rows = [
    ["`id`", "string", `the Pulumi id: ${definition.id}`],
    ...Object.entries(definition.properties)
      .filter(([, p]) => p.role === "output")
      .map(([name, p]) => [`\`${name}\``, typeWords(p), outputWords(p)]),
  ];
  return `All inputs, plus:\n\n${table(["Output", "Type", "Description"], rows)}`;
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
  return pages;
}
