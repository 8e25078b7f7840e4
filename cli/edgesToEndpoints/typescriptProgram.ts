/**
 * A {@link Program} as a Pulumi TypeScript program (`index.ts`) on the Node.js SDK of
 * `pulumi-ngrok-dynamic`: each stack config key a `const` read with `config.require` (or
 * `requireSecret`), each resource a `new` of its class with its `import` and `dependsOn` options,
 * strings written as JSON string literals, comments as `//` lines above their value, an
 * alternative as commented-out code after it.
 *
 * @module
 */
import { ConfigRef } from "./policy";
import { Commented, isList, isObject, type Program, type ProgramValue, wrap } from "./program";

const INDENT = "  ";

/** `text` as `//` comment lines at `indent`. */
const comment = (text: string, indent: string, width?: number): string[] =>
  wrap(text, width).map((line) => `${indent}//${line === "" ? "" : ` ${line}`}`);

/** An object key: bare when it is an identifier, else a string literal. */
const keyOf = (key: string): string =>
  /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);

/**
 * The lines of `value` at `indent`, the first line starting with `prefix` (a key, or nothing) and
 * the last ending with `suffix` (a comma, or nothing).
 */
function linesOf(value: ProgramValue, indent: string, prefix: string, suffix: string): string[] {
  if (value instanceof Commented) {
    const lines = [
      ...(value.comment === undefined ? [] : comment(value.comment, indent)),
      ...linesOf(value.value, indent, prefix, suffix),
    ];
    if (value.alternative !== undefined) {
      lines.push(
        ...linesOf(value.alternative, indent, prefix, suffix).map(
          (line) => `${indent}// ${line.slice(indent.length)}`,
        ),
      );
    }
    return lines;
  }
  if (value instanceof ConfigRef) return [`${indent}${prefix}${value.key}${suffix}`];
  if (typeof value !== "object") return [`${indent}${prefix}${JSON.stringify(value)}${suffix}`];
  const inner = indent + INDENT;
  if (isList(value)) {
    const items = value;
    if (items.length === 0) return [`${indent}${prefix}[]${suffix}`];
    return [
      `${indent}${prefix}[`,
      ...items.flatMap((item) => linesOf(item, inner, "", ",")),
      `${indent}]${suffix}`,
    ];
  }
  const entries = isObject(value) ? Object.entries(value) : [];
  if (entries.length === 0) return [`${indent}${prefix}{}${suffix}`];
  return [
    `${indent}${prefix}{`,
    ...entries.flatMap(([key, item]) => linesOf(item, inner, `${keyOf(key)}: `, ",")),
    `${indent}}${suffix}`,
  ];
}

/** The program as the text of an `index.ts`. */
export function typescriptProgram(program: Program): string {
  const lines: string[] = [];
  for (const [i, paragraph] of program.header.entries()) {
    if (i > 0) lines.push("//");
    lines.push(...comment(paragraph, "", 97));
  }
  const classes = [...new Set(program.resources.map((resource) => resource.className))].sort();
  lines.push("", 'import * as pulumi from "@pulumi/pulumi";');
  lines.push(`import { ${classes.join(", ")} } from "pulumi-ngrok-dynamic";`, "");
  const declared = program.config.filter((key) => key.alternativeOnly !== true);
  if (declared.length > 0) lines.push("const config = new pulumi.Config();");
  for (const key of declared) {
    lines.push(...comment(key.description, ""));
    lines.push(
      `const ${key.name} = config.${key.secret ? "requireSecret" : "require"}(${JSON.stringify(key.name)});`,
    );
  }
  const variables = new Map(
    program.resources.map((resource) => [resource.name, resource.variable]),
  );
  for (const resource of program.resources) {
    lines.push("");
    if (resource.comment !== undefined) lines.push(...comment(resource.comment, ""));
    const options: string[] = [];
    if (resource.importId !== undefined)
      options.push(`import: ${JSON.stringify(resource.importId)}`);
    if (resource.dependsOn !== undefined) {
      const names = resource.dependsOn.map((name) => variables.get(name) ?? name);
      options.push(`dependsOn: [${names.join(", ")}]`);
    }
    const args = linesOf({ ...resource.properties }, "", "", options.length > 0 ? "," : "");
    lines.push(
      `export const ${resource.variable} = new ${resource.className}(${JSON.stringify(resource.name)}, ${args[0]}`,
      ...args.slice(1),
    );
    if (options.length > 0) lines.push(`{ ${options.join(", ")} });`);
    else lines[lines.length - 1] += ");";
  }
  return `${lines.join("\n")}\n`;
}
