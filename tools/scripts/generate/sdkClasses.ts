/**
 * The SDK's resource classes, lookup functions and entry point, generated from the definitions
 * as the thin providers are: `sdk/<resource>.ts` (the class), `sdk/lookups/<resource>.ts` (its
 * `get…` functions, when its definition declares `lookups`), `sdk/generated/classFacts.ts` (what
 * each class hands to `sdk/registration.ts`) and `sdk/index.ts`. Their words come from the
 * definition (`description`, `id`, `api`, the properties' `onChange`, `lookups`), the class's
 * example from the first TypeScript block of the resource's docs page; what a class does beyond
 * that is declared in the definition's `pendingCreates`, `claimedBy` and `sdk` (`SdkFacts`).
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { docsPageOf, moduleNameOf, namesOf } from "../../../provider/framework/names";
import { type ObjectType, type PropertyDefinition } from "../../../provider/framework/property";
import { holdsSecret } from "../../../provider/framework/secretFields";
import type { ResourceDefinition } from "../../../provider/framework/resource";
import { hasOwnOutputs } from "./sdkTypes";
import { constantCase, doc, generatedBanner } from "./text";
import { lookupFactsFile, lookupFile, lookupResultsFile } from "./sdkLookups";
import { SDK_UNITS, type SdkUnit } from "./units";

const classUnits = () => SDK_UNITS.filter((u) => !u.fragment && !u.dataSource);
/** The units with lookup functions of their own: the classes', then the data sources'. */
const lookupUnits = () => SDK_UNITS.filter((u) => !u.fragment);
const facts = (unit: SdkUnit) => `${constantCase(unit.className)}_CLASS`;
const argsName = (unit: SdkUnit) =>
  "discriminant" in unit.args ? unit.args.union.name : unit.args.name;
const code = (names: readonly string[]) => {
  const quoted = names.map((n) => `\`${n}\``);
  return quoted.length < 2
    ? quoted.join("")
    : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
};

/** The first TypeScript block of the resource's docs page, or `undefined`. */
function docsExample(repo: string, definition: ResourceDefinition): string | undefined {
  const page = path.join(repo, docsPageOf(definition));
  if (!fs.existsSync(page)) return undefined;
  return /^```ts\n([\s\S]*?)^```$/m.exec(fs.readFileSync(page, "utf8"))?.[1];
}
/** What a change of each input does, in a sentence. */
function changes(d: ResourceDefinition): string {
  const inputs = Object.entries(d.properties).filter(([, p]) => p.role === "input");
  const by = (change: PropertyDefinition["onChange"]) =>
    inputs.filter(([, p]) => p.onChange === change).map(([n]) => n);
  const [replace, update] = [by("replace"), by("update")];
  const parts = [
    ...(replace.length > 0 ? [`${code(replace)} replace the ${d.api.noun}`] : []),
    ...(update.length > 0 ? [`${code(update)} update in place`] : []),
  ];
  return parts.length === 0 ? "" : ` ${parts.join("; ")}.`;
}

/**
 * The class's TSDoc: what it is, its API, what a change does, failures, `get` and the `import`
 * option, and its example.
 */
function classDoc(unit: SdkUnit, repo: string, readAndImport: string): string {
  const d = unit.definition;
  const { noun } = d.api;
  const example = docsExample(repo, d);
  return doc(
    [
      d.description,
      `API: ${d.api.endpoints} (ngrok API reference). The Pulumi id is ${d.id}.${changes(d)} ` +
        `Deleted outside Pulumi, the ${noun} leaves the state on \`pulumi refresh\`; a field ` +
        "changed outside Pulumi shows as drift there and is set back by the next `pulumi up`.",
      "Invalid arguments fail at `check`, so `pulumi preview` reports them before any API call, " +
        "each naming the property and the rule. API failures surface as `ngrok API <status> " +
        "<code>: <message> (<endpoint>, operation op_…)`. The API key and the other settings " +
        "come from the stack config (`ngrok:apiKey`, …), then the environment (`NGROK_API_KEY`, …). " +
        `The resource's page of the package's docs, \`${docsPageOf(d)}\`, says more.`,
      readAndImport,
    ],
    0,
    example === undefined ? [] : ["", "@example", "```ts", ...example.trimEnd().split("\n"), "```"],
  );
}

/** What `get` and the `import` option do, in the class's docs (their code is `../../../sdk/resourceClass`'s). */
function readAndImportDoc(unit: SdkUnit): string {
  const d = unit.definition;
  const { noun } = d.api;
  const adopt = d.sdk?.importAdopt?.split(":")[0] ?? d.pendingCreates?.adoptBy;
  const readPath = d.api.path.includes("{") ? d.api.path : `${d.api.path}/{id}`;
  const programRules = (d.sdk?.programRules ?? []).length > 0;
  return (
    `\`${unit.className}.get(name, id, opts)\` reads an existing ${noun} into the program without ` +
    `managing it (Pulumi's \`ReadResource\`): one \`GET ${readPath}\` at each \`pulumi up\`, ` +
    "`preview` and `refresh`, with every output set; the id is " +
    `${d.id}. The \`import\` option is refused at construction (Pulumi cannot import dynamic ` +
    "resources), naming what to do instead: " +
    (adopt === undefined
      ? `an existing ${noun} cannot be adopted, and \`get\` reads one.`
      : `adopt an existing ${noun} with \`${adopt}\`, or read it with \`get\`.`) +
    (programRules ? ` A second resource of the program that declares the same ${noun} throws.` : "")
  );
}

/** `sdk/<resource>.ts`: the resource's class. */
function classFile(unit: SdkUnit, repo: string, source: string): string {
  const { className: name } = unit;
  const d = unit.definition;
  const module = moduleNameOf(d);
  const args = argsName(unit);
  const base = unit.base?.className;
  const merge = hasOwnOutputs(unit);
  let out = `${generatedBanner(source)}\n`;
  out += doc([`The \`${name}\` resource class, generated from its definition.`, "@module"], 0);
  out += `import provider = require("./thinProviders/${module}");\n`;
  out += `import { ${facts(unit)} } from "./generated/classFacts";\n`;
  out += `import type { ${[args, ...(merge ? [`${name}OutputProperties`] : [])].join(", ")} } from "./generated/types";\n`;
  out += 'import { resourceClass } from "./resourceClass";\n';
  if (base !== undefined) out += `import { ${base} } from "./${moduleNameOf({ name: base })}";\n`;
  out += "\n";
  if (merge) {
    out +=
      "// The outputs are declared once, generated from the definition: the interface merges into the class.\n" +
      "// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type\n" +
      `export interface ${name} extends ${name}OutputProperties {}\n\n`;
  }
  out += classDoc(unit, repo, readAndImportDoc(unit));
  if (merge)
    out += "// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging\n";
  const parts = [facts(unit), "provider", ...(base === undefined ? [] : [base])];
  const types = [args, ...(base === undefined ? [] : [`typeof ${base}`])];
  out += `export class ${name} extends resourceClass<${types.join(", ")}>(${parts.join(", ")}) {}\n`;
  return out;
}

/**
 * The secret properties of `d` (`holdsSecret`: secret, write-only, returned once, or holding a
 * secret field), if any.
 */
function secretProperties(d: ResourceDefinition): string[] | undefined {
  const names = Object.entries(d.properties)
    .filter(([, p]) => p.role !== "internal" && holdsSecret(p))
    .map(([n]) => n);
  return names.length === 0 ? undefined : names;
}

/** `sdk/generated/classFacts.ts`: what each class hands to `sdk/registration.ts`. */
function classFactsFile(): string {
  const units = classUnits();
  let out = `${generatedBanner(units.map((u) => `provider/${moduleNameOf(u.definition)}/definition.ts`).join(", "))}\n`;
  out += doc(
    [
      "What each resource class hands to `registration` (`sdk/registration.ts`) when it is constructed, from its definition (a `ClassFacts`).",
      "@module",
    ],
    0,
  );
  out += `import * as types from "./types";\n\n`;
  for (const unit of units) {
    const d = unit.definition;
    const constant = constantCase(unit.className);
    const fields: Record<string, unknown> = {
      type: unit.className,
      object: d.api.noun,
      adoptBy: d.pendingCreates?.adoptBy,
      importAdopt: d.sdk?.importAdopt,
      importInstead: d.sdk?.importInstead,
      marked: d.pendingCreates?.writesOwnershipMarker || undefined,
      claimedBy: d.claimedBy,
      programRules: d.sdk?.programRules,
      secrets: secretProperties(d),
    };
    out += doc([`What {@link ${unit.className}} hands to \`registration\`.`], 0);
    out += `export const ${facts(unit)} = {\n`;
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) out += `  ${key}: ${JSON.stringify(value)},\n`;
    }
    out += `  inputs: types.${constant}_INPUTS,\n  outputs: types.${constant}_OUTPUTS,\n} as const;\n\n`;
  }
  return out;
}
/** The names of an object type and of the object types of its fields, at any depth. */
function objectTypeNames(type: ObjectType): string[] {
  return [
    type.typeName,
    ...Object.values(type.fields).flatMap((f) =>
      f.object === undefined ? [] : objectTypeNames(f.object),
    ),
  ];
}

/** Every type name of `sdk/generated/types.ts` that the package exports. */
function exportedTypes(): string[] {
  const names: string[] = [];
  for (const unit of SDK_UNITS) {
    const { args } = unit;
    // A data source has no arguments of its own: only its lookups' (below).
    if ("discriminant" in args) {
      names.push(
        args.common.name,
        ...args.cases.map((c) => c.name),
        args.computed.name,
        args.keyArgs.name,
        args.union.name,
      );
    } else if (!unit.dataSource) names.push(args.name);
    for (const [, p] of Object.entries(unit.definition.properties)) {
      const { type } = p;
      if (type.kind === "enum" && type.typeName !== undefined) names.push(type.typeName);
      if (type.kind === "objectList" || type.kind === "document") names.push(type.typeName);
      if (type.kind === "object") names.push(...objectTypeNames(type));
    }
    if (unit.result !== undefined) names.push(unit.result.name);
    for (const form of [unit.lookupArgs?.one, unit.lookupArgs?.list]) {
      if (form !== undefined) names.push(form.name, form.outputName);
    }
  }
  return [...new Set(names)].sort();
}

/** `sdk/index.ts`: every class, lookup and type the package exports. */
function indexFile(): string {
  let out = `${generatedBanner("provider/registry.ts")}\n`;
  out += doc(["`pulumi-ngrok-dynamic`: Pulumi dynamic resources for ngrok's API.", "@module"], 0);
  out += 'export { SshCertificate, type CertificateProperties } from "./sshCertificate";\n';
  const results: string[] = [];
  for (const unit of lookupUnits()) {
    const module = moduleNameOf(unit.definition);
    if (!unit.dataSource) out += `export { ${unit.className} } from "./${module}";\n`;
    const d = unit.definition;
    if (d.lookups === undefined) continue;
    const names = namesOf(d);
    const values = [
      ...(d.lookups.one === undefined ? [] : [names.getOne, `${names.getOne}Output`]),
      ...(d.lookups.list === undefined ? [] : [names.getList, `${names.getList}Output`]),
    ];
    out += `export { ${values.join(", ")} } from "./lookups/${module}";\n`;
    if (d.lookups.list !== undefined) results.push(`Get${names.plural}Result`);
  }
  out += `export type { ${results.join(", ")} } from "./generated/lookupResults";\n`;
  out += `export type { ${exportedTypes().join(", ")} } from "./generated/types";\n`;
  // A document argument's type (a traffic policy with a secret at a leaf), for programs to name.
  out += 'export type { DeepInput, DeepInputValue } from "./shapes/index";\n';
  return out;
}

/** Every file this module generates, by its path in the repository; `repo` is its root. */
export function sdkClassFiles(repo: string): Map<string, string> {
  const files = new Map<string, string>();
  files.set("sdk/generated/classFacts.ts", classFactsFile());
  files.set("sdk/index.ts", indexFile());
  files.set("sdk/lookups/lookupFacts.ts", lookupFactsFile(lookupUnits()));
  files.set("sdk/generated/lookupResults.ts", lookupResultsFile(lookupUnits()));
  for (const unit of lookupUnits()) {
    const module = moduleNameOf(unit.definition);
    const source = unit.source;
    if (!unit.dataSource) files.set(`sdk/${module}.ts`, classFile(unit, repo, source));
    if (unit.definition.lookups !== undefined)
      files.set(`sdk/lookups/${module}.ts`, lookupFile(unit, source));
  }
  return files;
}
