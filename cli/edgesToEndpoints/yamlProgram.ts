/**
 * A {@link Program} as a Pulumi YAML program (`Pulumi.yaml`), written with the `yaml` package's
 * document model so that comments sit on the nodes they describe: a stack config reference is
 * `${key}`, a `${` in a literal string is escaped `$${` (Pulumi YAML would read it as an
 * interpolation; a traffic policy's own `${…}` reaches ngrok as written), an alternative is a
 * comment after its value.
 *
 * @module
 */
import { Document, isNode, Pair, Scalar, YAMLMap, YAMLSeq, type Node } from "yaml";
import { ConfigRef } from "./policy";
import {
  Commented,
  isList,
  isObject,
  plainValue,
  type Program,
  type ProgramValue,
  RESOURCE_TOKENS,
  wrap,
} from "./program";

/** `text` as the lines of a YAML comment (the `yaml` package adds each `#`). */
const comment = (text: string, width?: number): string =>
  wrap(text, width)
    .map((line) => ` ${line}`)
    .join("\n");

/** A literal string as Pulumi YAML reads it back unchanged. */
const literal = (text: string): string => text.replace(/\$\{/g, "$${");

/** `value` as a node of `doc`. */
function toNode(doc: Document, value: ProgramValue): Node {
  if (value instanceof Commented) {
    const node = toNode(doc, value.value);
    if (value.comment !== undefined) node.commentBefore = comment(value.comment);
    if (value.alternative !== undefined) {
      const text = new Document([plainValue(value.alternative, (key) => `\${${key}}`)]).toString({
        lineWidth: 0,
      });
      node.comment = text
        .trimEnd()
        .split("\n")
        .map((line) => ` ${line}`)
        .join("\n");
    }
    return node;
  }
  if (value instanceof ConfigRef) return new Scalar(`\${${value.key}}`);
  if (typeof value === "string") return new Scalar(literal(value));
  if (typeof value !== "object") return new Scalar(value);
  if (isList(value)) {
    const seq = new YAMLSeq();
    for (const item of value) seq.items.push(toNode(doc, item));
    return seq;
  }
  const map = new YAMLMap();
  if (isObject(value)) {
    for (const [key, item] of Object.entries(value))
      map.items.push(new Pair(new Scalar(key), toNode(doc, item)));
  }
  return map;
}

/** `pairs` as a map node, each value a node or a plain value. */
function mapOf(doc: Document, pairs: Record<string, unknown>): YAMLMap {
  const map = new YAMLMap();
  for (const [key, value] of Object.entries(pairs)) {
    map.items.push(new Pair(new Scalar(key), isNode(value) ? value : doc.createNode(value)));
  }
  return map;
}

/** The program as the text of a `Pulumi.yaml`. */
export function yamlProgram(program: Program): string {
  const doc = new Document();
  const config = new YAMLMap();
  for (const key of program.config) {
    if (key.alternativeOnly === true) continue;
    const node = mapOf(doc, { type: "string", ...(key.secret ? { secret: true } : {}) });
    const name = new Scalar(key.name);
    name.commentBefore = comment(key.description);
    config.items.push(new Pair(name, node));
  }
  const resources = new YAMLMap();
  for (const resource of program.resources) {
    const options: Record<string, unknown> = {};
    if (resource.importId !== undefined) options.import = resource.importId;
    if (resource.dependsOn !== undefined) {
      options.dependsOn = resource.dependsOn.map((name) => `\${${name}}`);
    }
    const body = mapOf(doc, {
      type: RESOURCE_TOKENS[resource.className],
      properties: toNode(doc, { ...resource.properties }),
      ...(Object.keys(options).length > 0 ? { options } : {}),
    });
    const key = new Scalar(resource.name);
    if (resource.comment !== undefined) key.commentBefore = comment(resource.comment);
    resources.items.push(new Pair(key, body));
  }
  doc.contents = mapOf(doc, {
    name: program.project,
    runtime: "yaml",
    description: "HTTPS edge moved to cloud endpoints",
    ...(config.items.length > 0 ? { config } : {}),
    resources,
  });
  doc.commentBefore = program.header.map((paragraph) => comment(paragraph, 98)).join("\n\n");
  return doc.toString({ lineWidth: 0 });
}
