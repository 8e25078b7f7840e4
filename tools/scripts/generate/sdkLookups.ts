/**
 * `sdk/lookups/<resource>.ts`: a resource's lookup functions (`get<Name>`, `get<Plural>` and their
 * `…Output` forms), generated from its definition's `lookups` (see `./sdkClasses`).
 *
 * @module
 */
import { namesOf, pluralOf as plural } from "../../../provider/framework/names";
import type { ResourceDefinition } from "../../../provider/framework/resource";
import { lookupOmits } from "./sdkTypes";
import { doc, generatedBanner } from "./text";
import type { SdkUnit } from "./units";

/** The names of the lookups' types of `unit`: its own, else its base's. */
function lookupTypes(unit: SdkUnit) {
  const args = unit.lookupArgs ?? unit.base?.lookupArgs;
  const result = (unit.result ?? unit.base?.result)?.name;
  return { one: args?.one, list: args?.list, result: result ?? `Get${unit.className}Result` };
}

const LOOKUP_WORDS =
  "Configuration as for the resources (stack config `ngrok:apiKey`, `ngrok:apiBaseUrl`, the " +
  "retry settings, then `NGROK_API_KEY`, …); requests are retried as the resources' are. This " +
  "is not a Pulumi invoke: `pulumi.runtime.setMocks` does not intercept it.";

/** An example value of lookup argument `name` (an id with its prefix). */
function sampleOf(d: ResourceDefinition, name: string): string {
  const type = d.properties[name]?.type;
  const prefix =
    type?.kind === "ngrokId" ? type.prefix : name === "id" ? (d.api.idPrefix ?? "") : "";
  return `"${prefix}2Z…"`;
}

/** `sdk/lookups/<resource>.ts`: the resource's lookup functions. */
export function lookupFile(unit: SdkUnit, source: string): string {
  const d = unit.definition;
  const names = namesOf(d);
  const facts = d.lookups ?? {};
  const types = lookupTypes(unit);
  const omit = lookupOmits(unit);
  const imports = new Set<string>([types.result]);
  let out = `${generatedBanner(source)}\n`;
  out += doc(
    [
      `The lookup functions of \`${d.name}\`, generated from its definition: read ${plural(d.api.noun)} that a program does not manage.`,
      "@module",
    ],
    0,
  );
  out += 'import * as pulumi from "@pulumi/pulumi";\n';
  out += 'import { implementation, programClient } from "./programClient";\n';
  let body = "";
  const strip = (value: string) =>
    omit.length === 0
      ? value
      : `${value}.map(({ ${omit.map((n) => `${n}: _${n}`).join(", ")}, ...fields }) => fields)`;
  if (facts.one !== undefined && types.one !== undefined) {
    const by = facts.one.by ?? ["id"];
    imports.add(types.one.name).add(types.one.outputName);
    const sample = `{ ${by.map((n) => `${n}: ${sampleOf(d, n)}`).join(", ")} }`;
    body += doc(
      [
        `${facts.one.description} From the program's process, at every \`pulumi preview\` and \`pulumi up\`.`,
        LOOKUP_WORDS,
      ],
      0,
      [
        "",
        "@example",
        "```ts",
        `const found = await ${names.getOne}(${sample});`,
        "```",
        "@throws TypeError when an argument is not an id of the right kind, before any request.",
        `@throws NgrokApiError from the API, e.g. 404 when there is no such ${d.api.noun}.`,
        "@throws NgrokConfigurationError when no API key is configured.",
      ],
    );
    const call = `implementation().${names.lookupOne}(programClient(), ${by.map((n) => `args.${n}`).join(", ")})`;
    body +=
      `export async function ${names.getOne}(args: ${types.one.name}): Promise<${types.result}> {\n` +
      (omit.length === 0
        ? `  return ${call};\n`
        : `  const { ${omit.map((n) => `${n}: _${n}`).join(", ")}, ...fields } = await ${call};\n  return fields;\n`) +
      "}\n\n";
    body += doc(
      [
        `{@link ${names.getOne}} with inputs, as an output: for ids that other resources' outputs give.`,
      ],
      0,
    );
    body +=
      `export function ${names.getOne}Output(args: ${types.one.outputName}): pulumi.Output<${types.result}> {\n` +
      `  return pulumi.output(args).apply((resolved) => ${names.getOne}(resolved));\n}\n\n`;
  }
  if (facts.list !== undefined && types.list !== undefined) {
    imports.add(types.list.name).add(types.list.outputName);
    const result = `Get${names.plural}Result`;
    body += doc([`What {@link ${names.getList}} returns.`], 0);
    body += `export interface ${result} {\n`;
    body += doc([`The ${plural(d.api.noun)} the arguments keep, newest first (ngrok's order).`], 2);
    body += `  ${names.listResultField}: ${types.result}[];\n}\n\n`;
    body += doc(
      [
        `${facts.list.description} 100 at a time, following \`next_page_uri\` through all pages, ` +
          "from the program's process at every `pulumi preview` and `pulumi up`; the filter is " +
          `applied here. Configuration and retries as for {@link ${names.getOne}}.`,
      ],
      0,
      [
        "",
        "@example",
        "```ts",
        `const { ${names.listResultField} } = await ${names.getList}({ description: "production" });`,
        "```",
        "@throws NgrokApiError or NgrokClientError when a page cannot be read.",
        "@throws NgrokConfigurationError when no API key is configured.",
      ],
    );
    body +=
      `export async function ${names.getList}(args: ${types.list.name} = {}): Promise<${result}> {\n` +
      `  const found = await implementation().${names.lookupList}(programClient(), args);\n` +
      `  return { ${names.listResultField}: ${strip("found")} };\n}\n\n`;
    body += doc([`{@link ${names.getList}} with inputs, as an output.`], 0);
    body +=
      `export function ${names.getList}Output(args: ${types.list.outputName} = {}): pulumi.Output<${result}> {\n` +
      `  return pulumi.output(args).apply((resolved) => ${names.getList}(resolved));\n}\n`;
  }
  out += `import type { ${[...imports].sort().join(", ")} } from "../generated/types";\n\n`;
  return out + body;
}
