/**
 * Renders an {@link ExampleProgram} in C# (`./render.ts` renders the other languages and says how
 * names and types are chosen): the `PulumiNgrokDynamic.NgrokDynamic` namespace under the alias
 * `NgrokDynamic`, PascalCase fields, an object as its `Inputs.<Type>Args`, `Output.Format` for a
 * string made of outputs.
 *
 * @module
 */
import type { ExampleProgram, Value } from "../../../../provider/framework/example";
import { configs, filesOf, isExpression, isMap, isObjectValue } from "./programWalk";
import { camel, memberName, pascal, type PropertySpec, type SchemaNames } from "./schemaNames";

const indent = (text: string, by: string) =>
  text
    .split("\n")
    .map((l) => (l === "" ? l : by + l))
    .join("\n");

const CS_ALIAS = "NgrokDynamic";

function csharpValue(value: Value, names: SchemaNames, spec?: PropertySpec): string {
  if (Array.isArray(value)) {
    return `new[] { ${(value as Value[]).map((v) => csharpValue(v, names, spec?.items)).join(", ")} }`;
  }
  if (isObjectValue(value)) {
    const type = names.objectOf(spec);
    const fields = Object.entries(value.fields).map(
      ([k, v]) => `${pascal(k)} = ${csharpValue(v, names, type.properties[k])}`,
    );
    return `new ${CS_ALIAS}.Inputs.${type.name}Args { ${fields.join(", ")} }`;
  }
  if (isMap(value)) {
    return `{ ${Object.entries(value.entries)
      .map(([k, v]) => `{ ${JSON.stringify(k)}, ${JSON.stringify(v)} }`)
      .join(", ")} }`;
  }
  if (isExpression(value)) {
    switch (value.kind) {
      case "output":
        return `${camel(value.resource)}.${pascal(value.property)}`;
      case "config":
        return `config.${value.secret ? "RequireSecret" : "Require"}(${JSON.stringify(value.name)})`;
      case "file":
        return `File.ReadAllText(${JSON.stringify(value.path)})`;
      case "interpolate":
        return `Output.Format($"${value.parts
          .map((part) =>
            typeof part === "string"
              ? JSON.stringify(part).slice(1, -1).replaceAll("{", "{{").replaceAll("}", "}}")
              : `{${csharpValue(part, names)}}`,
          )
          .join("")}")`;
    }
  }
  const enumType = spec === undefined ? undefined : names.enumOf(spec);
  if (enumType) return `${CS_ALIAS}.${enumType.name}.${memberName(enumType.spec, value)}`;
  return JSON.stringify(value);
}

export function csharp(program: ExampleProgram, names: SchemaNames): string {
  const usesFiles = filesOf(program).size > 0;
  const body: string[] = [];
  if (configs(program).length > 0) body.push("var config = new Config();", "");
  for (const r of program.resources) {
    const fields = Object.entries(r.args).map(
      ([k, v]) =>
        `    ${pascal(k)} = ${csharpValue(v as Value, names, names.inputSpec(r.type, k))},`,
    );
    const options = r.protect ? ", new CustomResourceOptions { Protect = true }" : "";
    body.push(
      `var ${camel(r.name)} = new ${CS_ALIAS}.${r.type}(${JSON.stringify(r.name)}, new()`,
      "{",
      ...fields,
      `}${options});`,
      "",
    );
  }
  body.push(
    "return new Dictionary<string, object?>",
    "{",
    ...Object.entries(program.outputs).map(
      ([k, v]) => `    [${JSON.stringify(k)}] = ${csharpValue(v, names)},`,
    ),
    "};",
  );
  return [
    `// ${program.summary}`,
    "using System.Collections.Generic;",
    ...(usesFiles ? ["using System.IO;"] : []),
    "using Pulumi;",
    `using ${CS_ALIAS} = PulumiNgrokDynamic.NgrokDynamic;`,
    "",
    "return await Deployment.RunAsync(() =>",
    "{",
    indent(body.join("\n"), "    "),
    "});",
    "",
  ].join("\n");
}
