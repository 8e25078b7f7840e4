/**
 * `sdk/generated/types.ts`: the SDK's types derived from the definitions (see `./units`): for
 * each resource its arguments (with variants where the definition pairs inputs with a key type),
 * the interface of its outputs that its class merges, the property names it registers, and the
 * lookup functions' result and argument types; the enum and object types the fields use.
 *
 * @module
 */
import type { PropertyDefinition } from "../../../provider/framework/property";
import { isReadByLookups, literalUnion, outputWords } from "../../../provider/framework/property";
import { lookupArgumentsOf } from "../../../provider/framework/resource";
import { namedTypes } from "./sdkNamedTypes";
import { type ArgVariants, SDK_UNITS, type SdkUnit } from "./units";
import { constantCase, defaultWords, generatedBanner, tsdoc } from "./text";

type Entry = [string, PropertyDefinition];

/** Whether an output of `property` may be absent (`undefined`). */
export function mayBeAbsent(property: PropertyDefinition): boolean {
  if (property.role === "output") {
    return (
      property.returnedOnce === true ||
      (property.optional === true && property.whenAbsent === undefined)
    );
  }
  return (
    !property.required &&
    (property.default === undefined || property.onlyWhen !== undefined) &&
    (!property.serverFilled || property.optional === true) &&
    (property.whenAbsent === undefined || property.whenAbsent === "omit")
  );
}

/** The plain TypeScript type of a property's value. */
function valueType(property: PropertyDefinition): string {
  const { type } = property;
  switch (type.kind) {
    case "boolean":
      return "boolean";
    case "integer":
      return "number";
    case "enum":
      return type.typeName ?? literalUnion(type.values);
    case "stringList":
      return "string[]";
    case "reference":
      return type.many === true ? "string[]" : "string";
    case "stringMap":
      return "Record<string, string>";
    case "objectList":
      return `${type.typeName}[]`;
    case "object":
      return type.typeName;
    case "document":
      return `${type.typeName} | string`;
    default:
      return "string";
  }
}

/** The type of an argument: each part a `pulumi.Input`. */
function inputType(property: PropertyDefinition): string {
  const { type } = property;
  if (type.kind === "reference" && type.many === true) {
    return "pulumi.Input<pulumi.Input<string>[]>";
  }
  switch (type.kind) {
    case "stringList":
      return "pulumi.Input<pulumi.Input<string>[]>";
    case "stringMap":
      return "pulumi.Input<Record<string, pulumi.Input<string>>>";
    case "document": // an input at any leaf: a secret there leaves the rest readable
      return `pulumi.Input<DeepInput<${type.typeName}> | string>`;
    default:
      return `pulumi.Input<${valueType(property)}>`;
  }
}

/** An argument's documentation: its description, and its default or that it is required. */
function argumentDoc(property: PropertyDefinition): string {
  let text = property.description;
  const fallback = defaultWords(property);
  if (property.required && !/\bRequired\b/.test(text)) text += " Required.";
  else if (fallback !== undefined && !/\bDefault\b/.test(text)) text += ` Default: ${fallback}.`;
  return text;
}

/** The properties of `unit` a program sets. */
const argumentsOf = (unit: SdkUnit): Entry[] =>
  Object.entries(unit.definition.properties).filter(([, p]) => p.role === "input");
/** Every property a resource registers (inputs and outputs, not the internal ones). */
const publicOf = (unit: SdkUnit): Entry[] =>
  Object.entries(unit.definition.properties).filter(([, p]) => p.role !== "internal");
/** What a lookup reads: what ngrok holds (not an input only create reads, nor the provider's own). */
const readOf = (unit: SdkUnit): Entry[] => publicOf(unit).filter(([, p]) => isReadByLookups(p));
/** `entries` without those that `unit.base` declares the same way (only what differs is repeated). */
function ownOf(unit: SdkUnit, entries: Entry[], byName = false): Entry[] {
  const base = unit.base?.definition.properties;
  if (base === undefined) return entries;
  return entries.filter(([name, p]) => !(name in base) || (!byName && base[name] !== p));
}

function argumentLines(entries: Entry[]): string {
  return entries
    .map(
      ([name, p]) =>
        tsdoc(argumentDoc(p), 2) + `  ${name}${p.required ? "" : "?"}: ${inputType(p)};\n`,
    )
    .join("");
}

/** The argument variants of `unit` (see {@link ArgVariants}). */
function variantArgs(unit: SdkUnit, variants: ArgVariants): string {
  const all = argumentsOf(unit);
  const discriminant = unit.definition.properties[variants.discriminant];
  const conditional = all.filter(([, p]) => p.onlyWhen?.property === variants.discriminant);
  const common = all.filter(
    ([name, p]) => name !== variants.discriminant && p.onlyWhen === undefined,
  );
  const change = discriminant.onChange === "replace" ? " Changing it replaces the resource." : "";
  let out =
    tsdoc(variants.common.doc) +
    `export interface ${variants.common.name} {\n${argumentLines(common)}}\n\n`;
  for (const variant of variants.cases) {
    out +=
      tsdoc(variant.doc) + `export interface ${variant.name} extends ${variants.common.name} {\n`;
    out += tsdoc(`\`"${variant.value}"\`.${change}`, 2);
    out += `  ${variants.discriminant}: "${variant.value}";\n`;
    for (const [name, p] of conditional) {
      if (p.onlyWhen!.value === variant.value) {
        out += tsdoc(argumentDoc(p), 2) + `  ${name}?: ${inputType(p)};\n`;
      } else {
        out += tsdoc(`Not allowed with \`"${variant.value}"\`.`, 2) + `  ${name}?: never;\n`;
      }
    }
    out += "}\n\n";
  }
  const discriminantType = valueType(discriminant);
  out +=
    tsdoc(variants.computed.doc) +
    `export interface ${variants.computed.name} extends ${variants.common.name} {\n` +
    tsdoc(`${argumentDoc(discriminant)} Known only when the program runs.`, 2) +
    `  ${variants.discriminant}: pulumi.Output<${discriminantType}> | Promise<${discriminantType}>;\n` +
    argumentLines(conditional) +
    "}\n\n";
  const picks = variants.cases.map((variant) => {
    const names = [
      variants.discriminant,
      ...conditional.filter(([, p]) => p.onlyWhen!.value === variant.value).map(([n]) => n),
    ];
    return `  | Pick<${variant.name}, ${names.map((n) => `"${n}"`).join(" | ")}>`;
  });
  out +=
    tsdoc(variants.keyArgs.doc) +
    `export type ${variants.keyArgs.name} =\n${picks.join("\n")};\n\n`;
  const union = [...variants.cases.map((v) => v.name), variants.computed.name];
  out +=
    tsdoc(variants.union.doc) +
    `export type ${variants.union.name} =\n${union.map((n) => `  | ${n}`).join("\n")};\n\n`;
  return out;
}

/** The unit's arguments. */
function argsOf(unit: SdkUnit): string {
  if ("discriminant" in unit.args) return variantArgs(unit, unit.args);
  const base = unit.base === undefined ? "" : ` extends ${nameOfArgs(unit.base)}`;
  return (
    tsdoc(unit.args.doc) +
    `export interface ${unit.args.name}${base} {\n${argumentLines(ownOf(unit, argumentsOf(unit)))}}\n\n`
  );
}

function nameOfArgs(unit: SdkUnit): string {
  return "discriminant" in unit.args ? unit.args.union.name : unit.args.name;
}

/**
 * The interface of the unit's outputs, which its class merges (`interface X extends …`). What its
 * lookups' result holds is derived from that result (`Outputs`, `sdk/shapes/index.ts`: the same
 * fields, each a `pulumi.Output`); only the rest (inputs only create reads, the provider's
 * bookkeeping, outputs the result leaves out) is declared here.
 */
function outputsOf(unit: SdkUnit): string {
  let entries = ownOf(unit, publicOf(unit), true);
  // A unit with no output of its own has its base's (its class extends the base's class).
  if (entries.length === 0 && unit.base !== undefined) return "";
  const parents: string[] = [];
  if (unit.base !== undefined) parents.push(`${unit.base.className}OutputProperties`);
  if (unit.result !== undefined) {
    const inResult = new Set(readOf(unit).map(([name]) => name));
    entries = entries.filter(([name]) => !inResult.has(name));
    parents.push(`Outputs<Omit<${unit.result.name}, "id">>`);
  }
  const base = parents.length === 0 ? "" : ` extends ${parents.join(", ")}`;
  const lines = entries
    .map(([name, p]) => {
      const type = valueType(p) + (mayBeAbsent(p) ? " | undefined" : "");
      return tsdoc(outputWords(p), 2) + `  readonly ${name}: pulumi.Output<${type}>;\n`;
    })
    .join("");
  return (
    tsdoc(
      `The outputs of {@link ${unit.className}}${unit.base === undefined ? "" : ` beyond those of {@link ${unit.base.className}}`}: every input, with ngrok's value where ngrok fills one, and what ngrok computes.`,
    ) +
    // The rule allows an empty interface that extends two or more types (it merges them).
    (lines === "" && parents.length < 2
      ? "// eslint-disable-next-line @typescript-eslint/no-empty-object-type\n"
      : "") +
    `export interface ${unit.className}OutputProperties${base} {\n${lines}}\n\n`
  );
}

/** Whether the unit declares an outputs interface of its own (its class merges it). */
export function hasOwnOutputs(unit: SdkUnit): boolean {
  return unit.base === undefined || ownOf(unit, publicOf(unit), true).length > 0;
}

/**
 * The fields of a lookup's record that its result leaves out: the resource's own bookkeeping
 * (inputs only create reads, the provider's internal properties, outputs the provider keeps that
 * ngrok neither sends nor derives from what it sends, such as a claim's token). An output derived
 * from an input (`idpSigningCertificates`) stays, as in 0.2.0, though the result's type leaves it
 * out.
 */
export function lookupOmits(unit: SdkUnit): string[] {
  const bookkeeping = (p: PropertyDefinition) =>
    p.role === "internal" ||
    (p.role === "input" && (p.onChange === "nothing" || p.writeOnly === true)) ||
    (p.role === "output" && p.wire === undefined && p.derivedFrom === undefined);
  return Object.entries(unit.definition.properties)
    .filter(([, p]) => bookkeeping(p))
    .map(([name]) => name);
}

/** The property names the unit's class registers, each `undefined`, so that every output is set. */
function namesOf(unit: SdkUnit): string {
  const constant = constantCase(unit.className);
  const object = (entries: Entry[]) =>
    `{\n${entries.map(([n]) => `  ${n}: undefined,\n`).join("")}} as const`;
  const all = publicOf(unit);
  return (
    tsdoc(`The inputs {@link ${unit.className}} registers, unset.`) +
    `export const ${constant}_INPUTS = ${object(all.filter(([, p]) => p.role === "input"))};\n\n` +
    tsdoc(
      `The outputs ngrok computes for {@link ${unit.className}}, unset: no argument sets them.`,
    ) +
    `export const ${constant}_OUTPUTS = ${object(all.filter(([, p]) => p.role === "output"))};\n\n`
  );
}

/** The lookup functions' result type of the unit. */
function resultOf(unit: SdkUnit): string {
  if (unit.result === undefined) return "";
  const base = unit.base?.result;
  const entries = ownOf(unit, readOf(unit), true);
  const id =
    base === undefined ? tsdoc(`The Pulumi id: ${unit.definition.id}.`, 2) + "  id: string;\n" : "";
  const lines = entries
    .map(([name, p]) => {
      const optional = mayBeAbsent(p) ? "?" : "";
      return tsdoc(outputWords(p), 2) + `  ${name}${optional}: ${valueType(p)};\n`;
    })
    .join("");
  const extend = base === undefined ? "" : ` extends ${base.name}`;
  return (
    tsdoc(unit.result.doc) + `export interface ${unit.result.name}${extend} {\n${id}${lines}}\n\n`
  );
}

/**
 * The lookup functions' argument types of the unit, from its definition's `lookups`: those of
 * `get<Name>` (its `by`, required: `id`, or properties) and of `get<Plural>` (its filters,
 * optional), each also as `…OutputArgs` of `pulumi.Input`s. An argument is typed as its property
 * (a filter that is no property, from `extra`, is a string) and documented by the lookup's
 * `argumentDescriptions`, else by `extra`, else by its property's words.
 */
function lookupArgsOf(unit: SdkUnit): string {
  const args = unit.lookupArgs;
  if (args === undefined) return "";
  const { definition } = args;
  const facts = definition.lookups ?? {};
  const argument = (name: string, filter: boolean) => {
    const property = definition.properties[name] as PropertyDefinition | undefined;
    const type = property === undefined ? "string" : valueType(property);
    const own = facts.argumentDescriptions?.[name] ?? facts.extra?.[name];
    let doc: string;
    if (own !== undefined) doc = own;
    else if (property === undefined) {
      if (name !== "id")
        throw new Error(`${definition.name}'s lookup argument ${name} is undeclared`);
      doc = args.idDoc;
    } else if (!filter) doc = outputWords(property);
    else {
      const values = property.type.kind === "enum" ? property.type.values : undefined;
      doc =
        `Keep the ${args.plural} whose \`${name}\` is exactly this` +
        (values === undefined
          ? ""
          : `: ${values
              .map((v) => `\`${JSON.stringify(v)}\``)
              .join(", ")
              .replace(/, ([^,]*)$/, " or $1")}`) +
        ".";
    }
    return { name, type, doc, optional: filter };
  };
  const declare = (
    names: { name: string; doc: string; outputName: string; outputDoc: string },
    fields: ReturnType<typeof argument>[],
  ) => {
    const lines = fields
      .map((f) => tsdoc(f.doc, 2) + `  ${f.name}${f.optional ? "?" : ""}: ${f.type};\n`)
      .join("");
    // The …OutputArgs are the same arguments as inputs, derived by `Inputs` (sdk/shapes/index.ts).
    return (
      tsdoc(names.doc) +
      `export interface ${names.name} {\n${lines}}\n\n` +
      tsdoc(names.outputDoc) +
      "// eslint-disable-next-line @typescript-eslint/no-empty-object-type\n" +
      `export interface ${names.outputName} extends Inputs<${names.name}> {}\n\n`
    );
  };
  let out = "";
  if (args.one !== undefined) {
    const by = lookupArgumentsOf(definition);
    out += declare(
      args.one,
      by.map((name) => argument(name, false)),
    );
  }
  if (args.list !== undefined) {
    out += declare(
      args.list,
      (facts.list?.filters ?? []).map((name) => argument(name, true)),
    );
  }
  return out;
}

/** The text of `sdk/generated/types.ts` (before formatting). */
export function sdkTypesFile(): string {
  const sources = SDK_UNITS.map((u) => u.source).filter((s, i, all) => all.indexOf(s) === i);
  let out = `${generatedBanner(sources.join(", "))}\n`;
  out += `/**\n * The SDK's types, derived from the resources' definitions (\`provider/<resource>/definition.ts\`).\n *\n * @module\n */\n`;
  out += 'import type * as pulumi from "@pulumi/pulumi";\n';
  out += 'import type { DeepInput, Inputs, Outputs } from "../shapes/index";\n\n';
  out += namedTypes();
  for (const unit of SDK_UNITS) {
    // A fragment (the certificates' shared base) has no class to register its names; a data
    // source has its lookups' types only.
    const names = unit.fragment ? "" : namesOf(unit);
    const own = unit.dataSource ? "" : argsOf(unit) + outputsOf(unit) + names;
    out += own + resultOf(unit) + lookupArgsOf(unit);
  }
  return out;
}
