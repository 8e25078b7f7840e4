/**
 * `sdk/lookups/<resource>.ts`: a resource's lookup functions (`get<Name>`, `get<Plural>` and their
 * `…Output` forms), generated from its definition's `lookups` (see `./sdkClasses`);
 * `sdk/lookups/lookupFacts.ts`, what every resource's are made of; and
 * `sdk/generated/lookupResults.ts`, what the `get<Plural>` functions return. The functions are
 * written once, in `sdk/lookups/lookups.ts`: a resource's file holds their names and TSDoc.
 *
 * @module
 */
import { idPrefixOf } from "../../../provider/framework/property";
import { namesOf, pluralOf as plural } from "../../../provider/framework/names";
import { lookupArgumentsOf, type ResourceDefinition } from "../../../provider/framework/resource";
import { lookupOmits } from "./sdkTypes";
import { doc, generatedBanner } from "./text";
import type { LookupArgsNames, SdkUnit } from "./units";

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
  const prefix = name === "id" ? (d.api.idPrefix ?? "") : (idPrefixOf(type) ?? "");
  return `"${prefix}2Z…"`;
}

/** An example argument of a list lookup: `description: "production"`, else its first filter's. */
const sampleFilter = (filters: readonly string[]) =>
  filters.includes("description") ? 'description: "production"' : `${filters[0]}: "…"`;

/** The units whose definitions declare lookups, in the order of the registry. */
const lookupUnits = (units: readonly SdkUnit[]) =>
  units.filter((u) => u.definition.lookups !== undefined);

/** `sdk/lookups/<resource>.ts`: the resource's lookup functions, made by `LOOKUPS`. */
export function lookupFile(unit: SdkUnit, source: string): string {
  const d = unit.definition;
  const names = namesOf(d);
  const facts = d.lookups ?? {};
  const types = lookupTypes(unit);
  const key = JSON.stringify(unit.className);
  let out = `${generatedBanner(source)}\n`;
  out += doc(
    [
      `The lookup functions of \`${d.name}\`, generated from its definition: read ${plural(d.api.noun)} that a program does not manage. Each is made by \`./lookups\` from what \`./lookupFacts\` says of it.`,
      "@module",
    ],
    0,
  );
  out += 'import { LOOKUPS } from "./lookupFacts";\n\n';
  if (facts.one !== undefined && types.one !== undefined) {
    const by = lookupArgumentsOf(d);
    const sample = `{ ${by.map((n) => `${n}: ${sampleOf(d, n)}`).join(", ")} }`;
    out += doc(
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
        "@function",
      ],
    );
    out += `export const ${names.getOne} = LOOKUPS.one(${key});\n\n`;
    out += doc(
      [
        `{@link ${names.getOne}} with inputs, as an output: for ids that other resources' outputs give.`,
      ],
      0,
      ["", "@function"],
    );
    out += `export const ${names.getOne}Output = LOOKUPS.oneOutput(${key});\n\n`;
  }
  if (facts.list !== undefined && types.list !== undefined) {
    out += doc(
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
        `const { ${names.listResultField} } = await ${names.getList}({ ${sampleFilter(facts.list.filters)} });`,
        "```",
        "@throws NgrokApiError or NgrokClientError when a page cannot be read.",
        "@throws NgrokConfigurationError when no API key is configured.",
        "@function",
      ],
    );
    out += `export const ${names.getList} = LOOKUPS.list(${key});\n\n`;
    out += doc([`{@link ${names.getList}} with inputs, as an output.`], 0, ["", "@function"]);
    out += `export const ${names.getList}Output = LOOKUPS.listOutput(${key});\n`;
  }
  return out;
}

/** `field: value,` lines of an object literal or an object type, at `indent`. */
const fields = (entries: readonly (readonly [string, string | undefined])[], indent: string) =>
  entries
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${indent}${name}: ${value},\n`)
    .join("");

/** `["a", "b"]`, or `undefined` for none. */
const list = (names: readonly string[]) =>
  names.length === 0 ? undefined : `[${names.map((n) => JSON.stringify(n)).join(", ")}]`;

/**
 * `sdk/lookups/lookupFacts.ts`: what every resource's lookup functions are made of (their types,
 * the implementation's exports they call, the arguments that address one object, the field of a
 * list's result, the fields the results leave out).
 */
export function lookupFactsFile(units: readonly SdkUnit[]): string {
  const withLookups = lookupUnits(units);
  let oneTypes = "";
  let listTypes = "";
  let oneReads = "";
  let listReads = "";
  for (const unit of withLookups) {
    const d = unit.definition;
    const names = namesOf(d);
    const facts = d.lookups ?? {};
    const types = lookupTypes(unit);
    const omit = list(lookupOmits(unit));
    const typesOf = (args: LookupArgsNames, result: string) =>
      `  ${unit.className}: {\n` +
      fields(
        [
          ["args", `types.${args.name}`],
          ["outputArgs", `types.${args.outputName}`],
          ["result", result],
        ],
        "    ",
      ).replaceAll(",\n", ";\n") +
      "  };\n";
    if (facts.one !== undefined && types.one !== undefined) {
      oneTypes += doc([`Those of {@link ${names.getOne}}.`], 2);
      oneTypes += typesOf(types.one, `types.${types.result}`);
      oneReads += `    ${unit.className}: oneLookup({\n`;
      oneReads += fields(
        [
          ["read", `provider.${names.lookupOne}`],
          ["by", list(lookupArgumentsOf(d))],
          ["omit", omit],
        ],
        "      ",
      );
      oneReads += "    }),\n";
    }
    if (facts.list !== undefined && types.list !== undefined) {
      listTypes += doc([`Those of {@link ${names.getList}}.`], 2);
      listTypes += typesOf(types.list, `results.Get${names.plural}Result`);
      listReads += `    ${unit.className}: listLookup({\n`;
      listReads += fields(
        [
          ["read", `provider.${names.lookupList}`],
          ["field", JSON.stringify(names.listResultField)],
          ["omit", omit],
        ],
        "      ",
      );
      listReads += "    }),\n";
    }
  }
  const sources = withLookups.map((u) => u.source).join(", ");
  let out = `${generatedBanner(sources)}\n`;
  out += doc(
    [
      "What every resource's lookup functions (`./<resource>.ts`) are made of, generated from the definitions' `lookups`: their types, and what they read (`./lookups` writes the functions once).",
      "@module",
    ],
    0,
  );
  out += 'import { listLookup, lookupFunctions, oneLookup } from "./lookups";\n';
  out += 'import type * as results from "../generated/lookupResults";\n';
  out += 'import type * as types from "../generated/types";\n\n';
  out += doc(["The types of each resource's `get<Name>` and `get<Name>Output`, by its name."], 0);
  out += `export interface OneLookups {\n${oneTypes}}\n\n`;
  out += doc(
    ["The types of each resource's `get<Plural>` and `get<Plural>Output`, by its name."],
    0,
  );
  out += `export interface ListLookups {\n${listTypes}}\n\n`;
  out += doc(
    [
      "Every resource's lookup functions, from what they read: the implementation's `lookup<Name>` " +
        "and `list<Plural>` (`pulumi-ngrok-dynamic/provider`), the arguments that address one " +
        "object (`by`), the field of a list's result, and the fields the results leave out (the " +
        "resource's bookkeeping).",
    ],
    0,
  );
  out += "export const LOOKUPS = lookupFunctions<OneLookups, ListLookups>((provider) => ({\n";
  out += `  one: {\n${oneReads}  },\n  list: {\n${listReads}  },\n}));\n`;
  return out;
}

/** `sdk/generated/lookupResults.ts`: what the `get<Plural>` functions return. */
export function lookupResultsFile(units: readonly SdkUnit[]): string {
  const withLists = lookupUnits(units).filter((u) => u.definition.lookups?.list !== undefined);
  const items = new Set(withLists.map((unit) => lookupTypes(unit).result));
  let out = `${generatedBanner(withLists.map((u) => u.source).join(", "))}\n`;
  out += doc(
    [
      "What the `get<Plural>` lookup functions return, generated from the definitions' `lookups`: the objects the arguments keep, each as `get<Name>` returns it (`./types`).",
      "@module",
    ],
    0,
  );
  out += `import type { ${[...items].sort().join(", ")} } from "./types";\n\n`;
  for (const unit of withLists) {
    const d = unit.definition;
    const names = namesOf(d);
    out += doc([`What {@link ${names.getList}} returns.`], 0);
    out += `export interface Get${names.plural}Result {\n`;
    out += doc([`The ${plural(d.api.noun)} the arguments keep, newest first (ngrok's order).`], 2);
    out += `  ${names.listResultField}: ${lookupTypes(unit).result}[];\n}\n\n`;
  }
  return out;
}
