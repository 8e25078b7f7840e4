/**
 * The enum, object and document types the fields of `sdk/generated/types.ts` name (see
 * `./sdkTypes`), each declared once, from every unit's properties.
 *
 * @module
 */
import type { ObjectType } from "../../../provider/framework/property";
import { literalUnion } from "../../../provider/framework/property";
import { tsdoc } from "./text";
import { SDK_UNITS } from "./units";

/** The enum and object types the fields name, each once. */
export function namedTypes(): string {
  const seen = new Set<string>();
  let out = "";
  for (const unit of SDK_UNITS) {
    for (const [, p] of Object.entries(unit.definition.properties)) {
      const { type } = p;
      if (type.kind === "enum" && type.typeName !== undefined && !seen.has(type.typeName)) {
        seen.add(type.typeName);
        out +=
          tsdoc(type.typeDescription ?? type.typeName) +
          `export type ${type.typeName} = ${literalUnion(type.values)};\n\n`;
      }
      if (type.kind === "object") out += objectInterfaces(type, seen);
      if (type.kind === "document" && !seen.has(type.typeName)) {
        seen.add(type.typeName);
        out += `import type { ${type.typeName} } from "${type.typeModule}";\nexport type { ${type.typeName} };\n\n`;
      }
      if (type.kind === "objectList" && !seen.has(type.typeName)) {
        seen.add(type.typeName);
        const fields = Object.entries(type.fields)
          .map(([name, field]) => tsdoc(field.description, 2) + `  readonly ${name}: string;\n`)
          .join("");
        out += tsdoc(type.typeDescription) + `export interface ${type.typeName} {\n${fields}}\n\n`;
      }
    }
  }
  return out;
}

/** The interface of an {@link ObjectType} and of the objects its fields hold, each once. */
function objectInterfaces(type: ObjectType, seen: Set<string>): string {
  if (seen.has(type.typeName)) return "";
  seen.add(type.typeName);
  let out = "";
  const fields = Object.entries(type.fields)
    .map(([name, field]) => {
      if (field.object) out += objectInterfaces(field.object, seen);
      const value =
        field.object?.typeName ??
        (field.values ? literalUnion(field.values) : field.list === true ? "string[]" : "string");
      return tsdoc(field.description, 2) + `  readonly ${name}?: ${value};\n`;
    })
    .join("");
  return out + tsdoc(type.typeDescription) + `export interface ${type.typeName} {\n${fields}}\n\n`;
}
