/**
 * `provider/generated/exports.ts`: each resource's (and data source's) exports of
 * `pulumi-ngrok-dynamic/provider`,
 * under the names of `provider/framework/names.ts` (the names the thin providers of deployed
 * states and the SDK's lookups call): `<resource>Provider`, `lookup<Name>` and `list<Plural>` with
 * their record and filter types, and the resource's definition module as a namespace.
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { namesOf } from "../../../provider/framework/names";
import { lookupArgumentsOf } from "../../../provider/framework/resource";
import { ANY_RESOURCES, DATA_SOURCES } from "../../../provider/registry";
import { generatedBanner, tsdoc } from "./text";

/** The generated file's path in the repository. */
export const PROVIDER_EXPORTS = "provider/generated/exports.ts";

/**
 * Where the resource's value is exported: its folder's `index.ts` when it has one (a resource with
 * hooks of its own), else its `definition.ts` (CONTRIBUTING.md, "Adding a resource").
 */
function valueModule(repo: string, module: string): string {
  return fs.existsSync(path.join(repo, "provider", module, "index.ts"))
    ? `../${module}`
    : `../${module}/definition`;
}

/**
 * The text of {@link PROVIDER_EXPORTS} (before formatting); `repo` is the repository's root. The
 * exports are grouped by kind (the providers, the record types, the lookups, the filters, the
 * lists, the definitions), each group in the registry's order: one derived line a resource.
 */
export function providerExportsFile(repo: string): string {
  let imports = 'import type { NgrokClient } from "../client";\n';
  imports += 'import type { LookupFilter, LookupRecord } from "../framework/module";\n';
  const groups = {
    providers: "",
    records: "",
    lookups: "",
    filters: "",
    lists: "",
    definitions: "",
  };
  for (const value of [...ANY_RESOURCES, ...DATA_SOURCES]) {
    const { definition, lookups } = value;
    const names = namesOf(definition);
    const { module, type } = names;
    const { noun } = definition.api;
    imports += `import { ${module} } from "${valueModule(repo, module)}";\n`;
    // A data source has no provider.
    if ("provider" in value) {
      groups.providers += tsdoc(
        `The implementation of the \`${type}\` dynamic provider: what its thin provider ` +
          `(\`sdk/thinProviders/${module}.ts\`) calls in the dynamic-provider host.`,
      );
      groups.providers += `export const ${names.provider} = ${module}.provider;\n`;
    }
    groups.records += tsdoc(
      `One ${noun} as a lookup returns it: ${"provider" in value ? "the outputs of the resource" : "the fields ngrok answers"}, and its id.`,
    );
    groups.records += `export type ${type}Record = LookupRecord<(typeof ${module})["definition"]>;\n`;
    const facts = definition.lookups ?? {};
    if (lookups.one !== undefined) {
      const by = lookupArgumentsOf(definition);
      groups.lookups += tsdoc(
        `Reads one ${noun} without managing it (what the SDK's \`${names.getOne}\` runs in the ` +
          "program's process).",
        0,
        [
          "@throws TypeError when an argument is not an id of the right kind, before any request.",
          `@throws NgrokApiError when ngrok refuses, e.g. 404 when there is no such ${noun}.`,
        ],
      );
      const params = by.map((name) => `${name}: string`).join(", ");
      groups.lookups +=
        `export const ${names.lookupOne} = (client: NgrokClient, ${params}) =>\n` +
        `  ${module}.lookups.one(client, { ${by.join(", ")} });\n`;
    }
    if (lookups.list !== undefined) {
      const filters = facts.list?.filters ?? [];
      if (filters.length > 0) {
        groups.filters += tsdoc(
          `What {@link ${names.lookupList}} keeps: every field that is set must match.`,
        );
        const union = filters.map((name) => `"${name}"`).join(" | ");
        groups.filters += `export type ${type}Filter = LookupFilter<${union}>;\n`;
      }
      const readers = [
        ...(facts.list === undefined ? [] : [`\`${names.getList}\``]),
        ...(definition.pendingCreates === undefined
          ? []
          : ["`pulumi-ngrok-dynamic pending-creates`"]),
      ];
      groups.lists += tsdoc(
        `Every ${noun} of the account${filters.length > 0 ? " that `filter` keeps" : ""}, ` +
          `newest first, as lookups return them (what ${readers.join(" and ")} read), through ` +
          "every page.",
        0,
        ["@throws NgrokApiError or NgrokClientError when a page cannot be read."],
      );
      groups.lists +=
        filters.length > 0
          ? `export const ${names.lookupList} = (client: NgrokClient, filter: ${type}Filter = {}) =>\n` +
            `  ${module}.lookups.list(client, filter);\n`
          : `export const ${names.lookupList} = (client: NgrokClient) => ${module}.lookups.list(client);\n`;
    }
    // Every resource folder has its definition (CONTRIBUTING.md, "Layout").
    const definitionFile = `provider/${module}/definition.ts`;
    groups.definitions += tsdoc(
      `The definition of \`${type}\` and what it exports (\`${definitionFile}\`).`,
    );
    groups.definitions += `export * as ${module} from "../${module}/definition";\n`;
  }
  return (
    `${generatedBanner("provider/registry.ts")}\n` +
    "/**\n * Each resource's exports of `pulumi-ngrok-dynamic/provider`, under the names of\n" +
    " * `provider/framework/names.ts` (see `tools/scripts/generate/providerExports.ts`), grouped by kind.\n" +
    " *\n * @module\n */\n" +
    `${imports}\n${Object.values(groups).join("\n")}`
  );
}
