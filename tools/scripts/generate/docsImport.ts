/**
 * What each resource's docs page says of its type tokens and of importing it, generated from its
 * definition between the markers `<!-- generated:tokens -->` … `<!-- /generated:tokens -->` (the
 * two type tokens, the id and the API, under the page's first paragraph) and
 * `<!-- generated:import -->` … `<!-- /generated:import -->` (the `pulumi import` line through the
 * provider plugin and the `import-file` lines for the Node.js class): the same words and the same
 * forms of id on every page, as `import-file` and the plugin accept them.
 *
 * @module
 */
import { MINIMUM_PULUMI_CLI } from "../../../cli/importFile/help";
import { classToken } from "../../../provider/framework/tokens";
import { namesOf } from "../../../provider/framework/names";
import type { ResourceDefinition } from "../../../provider/framework/resource";
import { DEFINITIONS, PLUGIN_PACKAGE } from "../../../provider/registry";
import { splice } from "./docsTables";
import { wrap } from "./text";

/** An id of the resource as the API makes them, shortened: `sshca_2Zp…`, `edghts_2Zp…/edghtsrt_2Zq…`. */
export function exampleId(definition: ResourceDefinition): string {
  const prefix = definition.api.idPrefix;
  return prefix === undefined ? "edghts_2Zp…/edghtsrt_2Zq…" : `${prefix}2Zp…`;
}

/** The name of the resource in its page's example (`user-ca`, `web1`…): the import's name. */
function exampleName(definition: ResourceDefinition): string {
  // Its definition's own example (checked by `resourceExamples` when the examples are rendered).
  const example = definition.example?.resources.find((r) => r.type === definition.name);
  if (example === undefined) throw new Error(`${definition.name} has no example resource`);
  return example.name;
}

/** A paragraph of prose, wrapped at 100 columns. */
const paragraph = (text: string) => wrap(text, 100).join("\n");

/** The paragraph under the page's first one: both type tokens, the Pulumi id, the API. */
function tokensSection(definition: ResourceDefinition): string {
  return [
    "| Used from | Type token |",
    "| --- | --- |",
    `| The provider plugin: [YAML, Python, Go, C#](otherLanguages.md), \`pulumi import\` | \`${PLUGIN_PACKAGE}:index:${definition.name}\` |`,
    `| The Node.js class: TypeScript, JavaScript | \`${classToken(definition.name)}\` |`,
    ...(definition.terraform === undefined
      ? []
      : [`| ngrok's Terraform provider v0.8.0 (the same objects) | \`${definition.terraform}\` |`]),
    "",
    paragraph(`Pulumi id: ${definition.id}. API: ${definition.api.endpoints}.`),
  ].join("\n");
}

/**
 * What an import cannot recover, one sentence each: the write-only inputs (ngrok never returns
 * them) and the values ngrok returns once, to the create.
 */
function unrecoverable(definition: ResourceDefinition): string {
  const named = (kind: "writeOnly" | "returnedOnce") =>
    Object.entries(definition.properties)
      .filter(([, p]) => p[kind] === true)
      .map(([n]) => `\`${n}\``)
      .join(", ");
  const writeOnly = named("writeOnly");
  const once = named("returnedOnce");
  return [
    writeOnly === ""
      ? ""
      : ` ngrok never returns ${writeOnly}, so an import cannot recover it: declare it, and ` +
        "the declared value is taken as ngrok's (with a warning) until it changes.",
    once === ""
      ? ""
      : ` ngrok returns ${once} only to the create, so an import cannot recover it and leaves ` +
        "it unset.",
  ].join("");
}

/** How to bring an existing object under a stack, through the plugin and with the Node.js class. */
function importSection(definition: ResourceDefinition): string {
  const name = exampleName(definition);
  const id = exampleId(definition);
  return [
    paragraph(
      `Through the provider plugin, \`pulumi import\` works as for any provider: it reads the ` +
        `${definition.api.noun} by its id and prints its declaration in the program's language.` +
        unrecoverable(definition),
    ),
    "",
    "```sh",
    `pulumi import ${PLUGIN_PACKAGE}:index:${definition.name} ${name} ${id}`,
    "```",
    "",
    paragraph(
      "The Node.js class cannot be imported by id (pulumi/pulumi#3550: the engine's import sends " +
        "no dynamic provider), and its `import` resource option throws at construction. Its " +
        "import file, with the class's own type token and `__provider`, is written by the " +
        `package's command \`import-file\` for \`pulumi import --file\` (Pulumi CLI ` +
        `${MINIMUM_PULUMI_CLI} or later). Declare the resource first, under the same name, with ` +
        "arguments that match the entry's `inputs`:",
    ),
    "",
    "```sh",
    "export NGROK_API_KEY=…   # read by the command, never written into the file",
    `npx pulumi-ngrok-dynamic import-file ${name}=${id} --out import.json`,
    "pulumi import --file import.json --generate-code=false",
    "pulumi preview   # no change",
    "```",
    "",
    paragraph(
      "The command refuses the generic token `pulumi-nodejs:dynamic:Resource`, with which the " +
        "next `pulumi up` would create a new object and delete the imported one. More: " +
        "[From Python, Go, C# and YAML: Import](otherLanguages.md#import).",
    ),
  ].join("\n");
}

/** Each resource's page, with the function that puts its token and import sections into it. */
export function docsImport(): Map<string, (page: string) => string> {
  const pages = new Map<string, (page: string) => string>();
  for (const definition of DEFINITIONS) {
    const file = namesOf(definition).docsPage;
    pages.set(file, (page) =>
      splice(
        splice(page, file, "tokens", tokensSection(definition)),
        file,
        "import",
        importSection(definition),
      ),
    );
  }
  return pages;
}
