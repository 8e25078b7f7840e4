/**
 * Renders an {@link ExampleProgram} in YAML, Python, Go and C#, as programs on the provider
 * plugin's SDKs (`npm run sdks`) and Pulumi YAML: the languages Pulumi's registry shows beside
 * TypeScript. Names and types come from the package schema (`../schema.ts`, handed in as
 * {@link SchemaNames}), and follow Pulumi's code generators: Python's snake_case arguments and UPPER_CASE enum members, Go's and C#'s
 * PascalCase fields, Go's `pulumi.String(…)` wrappers, C#'s `PulumiNgrokDynamic.NgrokDynamic`
 * namespace. A string made of outputs (`interpolate`) is each language's own: YAML's
 * `https://${api-domain.domain}`, Python's `pulumi.Output.concat`, Go's `pulumi.Sprintf`, C#'s
 * `Output.Format`, its literal text escaped for each. The languages page and each resource page
 * show them (`../docsExamples.ts`); tests/automation/docsExamples.automation.test.ts runs them.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { csharp } from "./renderCsharp";
import type {
  ExampleProgram,
  InterpolateExpression,
  Value,
} from "../../../../provider/framework/example";
import { configs, filesOf, isExpression, isMap, isObjectValue, referenced } from "./programWalk";
import {
  camel,
  memberName,
  pascal,
  snake,
  type PropertySpec,
  type SchemaNames,
} from "./schemaNames";

/** A language's code block: its Markdown fence name and its title. */
export interface Rendered {
  readonly language: "yaml" | "python" | "go" | "csharp";
  readonly title: string;
  readonly code: string;
}

const indent = (text: string, by: string) =>
  text
    .split("\n")
    .map((l) => (l === "" ? l : by + l))
    .join("\n");

// ---------------------------------------------------------------- YAML

/** A scalar: a string unquoted only when YAML cannot read it as anything else. */
function yamlScalar(value: string | number | boolean): string {
  if (typeof value !== "string") return String(value);
  const plain =
    /^[A-Za-z][A-Za-z0-9 ._/@-]*$/.test(value) &&
    !/^(true|false|null|yes|no|on|off|y|n)$/i.test(value) &&
    !value.endsWith(" ");
  return plain ? value : JSON.stringify(value);
}

/** `https://${api-domain.domain}`, quoted where YAML would not read it plain; `${` written `$${`. */
function yamlInterpolation(value: InterpolateExpression): string {
  const text = value.parts
    .map((part) =>
      typeof part === "string" ? part.replaceAll("${", () => "$${") : yamlInline(part),
    )
    .join("");
  const plain = /^[A-Za-z][A-Za-z0-9 ._/@:${}-]*$/.test(text) && !/: | #|[: ]$/.test(text);
  return plain ? text : JSON.stringify(text);
}

/** A scalar or an expression, on one line. */
function yamlInline(value: Value): string {
  if (isExpression(value)) {
    if (value.kind === "output") return `\${${value.resource}.${value.property}}`;
    if (value.kind === "config") return `\${${value.name}}`;
    if (value.kind === "interpolate") return yamlInterpolation(value);
  }
  return yamlScalar(value as string | number | boolean);
}

/** An object's fields, one `key: value` (or block) a line. */
function yamlFields(value: Value): string {
  if (!isObjectValue(value)) return yamlInline(value);
  return Object.entries(value.fields)
    .map(([k, v]) => yamlEntry(k, v))
    .join("\n");
}

/** `key: value`, a list, a map, an object or `fn::readFile` under its key. */
function yamlEntry(key: string, value: Value): string {
  if (Array.isArray(value)) {
    const item = (v: Value) => {
      const [first, ...rest] = yamlFields(v).split("\n");
      return [`  - ${first}`, ...rest.map((line) => `    ${line}`)].join("\n");
    };
    return `${key}:\n${(value as Value[]).map(item).join("\n")}`;
  }
  if (isObjectValue(value)) return `${key}:\n${indent(yamlFields(value), "  ")}`;
  if (isMap(value)) {
    const entries = Object.entries(value.entries);
    return `${key}:\n${entries.map(([k, v]) => `  ${yamlScalar(k)}: ${JSON.stringify(v)}`).join("\n")}`;
  }
  if (isExpression(value) && value.kind === "file") {
    return `${key}:\n  fn::readFile: ./${value.path}`;
  }
  return `${key}: ${yamlInline(value)}`;
}

export function yaml(program: ExampleProgram, names: SchemaNames): string {
  const parts: string[] = [`# ${program.summary}`];
  const config = configs(program);
  if (config.length > 0) {
    parts.push(
      `config:\n${config
        .map((c) => `  ${c.name}:\n    type: string${c.secret ? "\n    secret: true" : ""}`)
        .join("\n")}`,
    );
  }
  const resources = program.resources.map((r) => {
    const properties = Object.entries(r.args)
      .map(([k, v]) => indent(yamlEntry(k, v as Value), "      "))
      .join("\n");
    const options = r.protect ? "\n    options:\n      protect: true" : "";
    return `  ${r.name}:\n    type: ${names.token(r.type)}\n    properties:\n${properties}${options}`;
  });
  parts.push(`resources:\n${resources.join("\n")}`);
  parts.push(
    `outputs:\n${Object.entries(program.outputs)
      .map(([k, v]) => `  ${yamlEntry(k, v)}`)
      .join("\n")}`,
  );
  return `${parts.join("\n")}\n`;
}

// ---------------------------------------------------------------- Python

const PY_MODULE = "ngrok_dynamic";

function pythonValue(value: Value, names: SchemaNames, spec?: PropertySpec): string {
  if (Array.isArray(value)) {
    return `[${(value as Value[]).map((v) => pythonValue(v, names, spec?.items)).join(", ")}]`;
  }
  if (isObjectValue(value)) {
    const type = names.objectOf(spec);
    const fields = Object.entries(value.fields).map(
      ([k, v]) => `${snake(k)}=${pythonValue(v, names, type.properties[k])}`,
    );
    return `${PY_MODULE}.${type.name}Args(${fields.join(", ")})`;
  }
  if (isMap(value)) {
    return `{${Object.entries(value.entries)
      .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
      .join(", ")}}`;
  }
  if (isExpression(value)) {
    switch (value.kind) {
      case "output":
        return `${snake(value.resource)}.${snake(value.property)}`;
      case "config":
        return `config.${value.secret ? "require_secret" : "require"}(${JSON.stringify(value.name)})`;
      case "file":
        return `pathlib.Path(${JSON.stringify(value.path)}).read_text()`;
      case "interpolate":
        return `pulumi.Output.concat(${value.parts
          .map((part) =>
            typeof part === "string" ? JSON.stringify(part) : pythonValue(part, names),
          )
          .join(", ")})`;
    }
  }
  const enumType = spec === undefined ? undefined : names.enumOf(spec);
  if (enumType) {
    return `${PY_MODULE}.${enumType.name}.${snake(memberName(enumType.spec, value)).toUpperCase()}`;
  }
  if (typeof value === "boolean") return value ? "True" : "False";
  return JSON.stringify(value);
}

export function python(program: ExampleProgram, names: SchemaNames): string {
  const usesFiles = filesOf(program).size > 0;
  const lines = [`"""${program.summary}"""`];
  if (usesFiles) lines.push("import pathlib");
  lines.push("", "import pulumi", `import pulumi_ngrok_dynamic as ${PY_MODULE}`, "");
  if (configs(program).length > 0) lines.push("config = pulumi.Config()", "");
  for (const r of program.resources) {
    const args = Object.entries(r.args).map(
      ([k, v]) => `    ${snake(k)}=${pythonValue(v as Value, names, names.inputSpec(r.type, k))},`,
    );
    if (r.protect) args.push("    opts=pulumi.ResourceOptions(protect=True),");
    lines.push(
      `${snake(r.name)} = ${PY_MODULE}.${r.type}(`,
      `    ${JSON.stringify(r.name)},`,
      ...args,
      ")",
      "",
    );
  }
  for (const [k, v] of Object.entries(program.outputs)) {
    lines.push(`pulumi.export(${JSON.stringify(k)}, ${pythonValue(v, names)})`);
  }
  return `${lines.join("\n")}\n`;
}

// ---------------------------------------------------------------- Go

const GO_PACKAGE = "ngrokdynamic";

function goValue(
  value: Value,
  names: SchemaNames,
  spec: PropertySpec | undefined,
  files: Map<string, string>,
): string {
  if (Array.isArray(value)) {
    const items = (value as Value[]).map((v) => goValue(v, names, spec?.items, files));
    const array = spec?.items?.$ref
      ? `${GO_PACKAGE}.${names.objectOf(spec.items).name}Array`
      : "pulumi.StringArray";
    return `${array}{${items.join(", ")}}`;
  }
  if (isObjectValue(value)) {
    const type = names.objectOf(spec);
    const fields = Object.entries(value.fields).map(
      ([k, v]) => `${pascal(k)}: ${goValue(v, names, type.properties[k], files)}`,
    );
    return `${GO_PACKAGE}.${type.name}Args{${fields.join(", ")}}`;
  }
  if (isMap(value)) {
    return `pulumi.StringMap{${Object.entries(value.entries)
      .map(([k, v]) => `${JSON.stringify(k)}: pulumi.String(${JSON.stringify(v)})`)
      .join(", ")}}`;
  }
  if (isExpression(value)) {
    switch (value.kind) {
      case "output":
        return value.property === "id"
          ? `${camel(value.resource)}.ID()`
          : `${camel(value.resource)}.${pascal(value.property)}`;
      case "config":
        return value.secret
          ? `cfg.RequireSecret(${JSON.stringify(value.name)})`
          : `pulumi.String(cfg.Require(${JSON.stringify(value.name)}))`;
      case "file":
        return `pulumi.String(string(${files.get(value.path)!}))`;
      case "interpolate":
        return goSprintf(value, names, files);
    }
  }
  const enumType = spec === undefined ? undefined : names.enumOf(spec);
  if (enumType) return `${GO_PACKAGE}.${enumType.name}${memberName(enumType.spec, value)}`;
  if (typeof value === "boolean") return `pulumi.Bool(${value})`;
  if (typeof value === "number") return `pulumi.Int(${value})`;
  return `pulumi.String(${JSON.stringify(value)})`;
}

/** `pulumi.Sprintf("https://%v", apiDomain.Domain)`, config the plain string it reads. */
function goSprintf(
  value: InterpolateExpression,
  names: SchemaNames,
  files: Map<string, string>,
): string {
  const format = value.parts
    .map((part) => (typeof part === "string" ? part.replaceAll("%", "%%") : "%v"))
    .join("");
  const args = value.parts.flatMap((part) => {
    if (typeof part === "string") return [];
    if (part.kind === "config" && !part.secret)
      return [`cfg.Require(${JSON.stringify(part.name)})`];
    return [goValue(part, names, undefined, files)];
  });
  return `pulumi.Sprintf(${[JSON.stringify(format), ...args].join(", ")})`;
}

export function go(program: ExampleProgram, names: SchemaNames): string {
  const files = filesOf(program);
  const used = referenced(program);
  const imports = [
    ...(files.size > 0 ? ['\t"os"', ""] : []),
    `\t"github.com/pulumi-ngrok-dynamic/pulumi-ngrok-dynamic/sdks/go/${GO_PACKAGE}"`,
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ...(configs(program).length > 0
      ? ['\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"']
      : []),
  ];
  const body: string[] = [];
  let errDeclared = false;
  const assign = (name: string | undefined) => {
    const target = name ?? "_";
    const op = name !== undefined || !errDeclared ? ":=" : "=";
    errDeclared = true;
    return `${target}, err ${op}`;
  };
  if (configs(program).length > 0) body.push('cfg := config.New(ctx, "")');
  for (const [filePath, variable] of files) {
    body.push(
      `${assign(variable)} os.ReadFile(${JSON.stringify(filePath)})`,
      "if err != nil {",
      "\treturn err",
      "}",
    );
  }
  for (const r of program.resources) {
    const fields = Object.entries(r.args).map(
      ([k, v]) =>
        `\t${pascal(k)}: ${goValue(v as Value, names, names.inputSpec(r.type, k), files)},`,
    );
    const options = r.protect ? ", pulumi.Protect(true)" : "";
    body.push(
      `${assign(used.has(r.name) ? camel(r.name) : undefined)} ${GO_PACKAGE}.New${r.type}(ctx, ${JSON.stringify(r.name)}, &${GO_PACKAGE}.${r.type}Args{`,
      ...fields,
      `}${options})`,
      "if err != nil {",
      "\treturn err",
      "}",
    );
  }
  for (const [k, v] of Object.entries(program.outputs)) {
    body.push(`ctx.Export(${JSON.stringify(k)}, ${goValue(v, names, undefined, files)})`);
  }
  body.push("return nil");
  return gofmt(
    [
      `// ${program.summary}`,
      "package main",
      "",
      "import (",
      ...imports,
      ")",
      "",
      "func main() {",
      "\tpulumi.Run(func(ctx *pulumi.Context) error {",
      indent(body.join("\n"), "\t\t"),
      "\t})",
      "}",
      "",
    ].join("\n"),
  );
}

/** `source` as Go's own formatter writes it (gofmt comes with Go, which the CLI's build needs). */
function gofmt(source: string): string {
  const run = spawnSync("gofmt", [], { input: source, encoding: "utf8" });
  if (run.error || run.status !== 0) {
    throw new Error(`gofmt failed on a Go example: ${run.error?.message ?? run.stderr}`);
  }
  return run.stdout;
}

/** The program in every language, in the order the pages show them, named as `names` reads. */
export function renderAll(program: ExampleProgram, names: SchemaNames): Rendered[] {
  return [
    { language: "yaml", title: "YAML", code: yaml(program, names) },
    { language: "python", title: "Python", code: python(program, names) },
    { language: "go", title: "Go", code: go(program, names) },
    { language: "csharp", title: "C#", code: csharp(program, names) },
  ];
}
