/**
 * Walks an {@link ExampleProgram} for the example renderers (`render.ts`), the checks of
 * `specs.ts` and the tests that run the examples: its expressions (those inside an
 * `interpolate` too), and the resources, configs and files they refer to.
 *
 * @module
 */
import type {
  ExampleProgram,
  ExampleResource,
  Expression,
  ObjectValue,
  StringMap,
  Value,
} from "../../../../provider/framework/example";
import { camel } from "./schemaNames";

export const isExpression = (value: Value): value is Expression =>
  typeof value === "object" &&
  !Array.isArray(value) &&
  (value as Expression).kind !== undefined &&
  (value as StringMap).kind !== "map" &&
  (value as ObjectValue).kind !== "object";
export const isMap = (value: Value): value is StringMap =>
  typeof value === "object" && !Array.isArray(value) && (value as StringMap).kind === "map";
export const isObjectValue = (value: Value): value is ObjectValue =>
  typeof value === "object" && !Array.isArray(value) && (value as ObjectValue).kind === "object";

/** An expression of the program, with the resource and input it is in (none for an output). */
export interface Found {
  readonly expression: Expression;
  readonly owner?: ExampleResource;
  readonly key?: string;
}

/** Each expression of the program, in the order it declares them. */
export function* expressions(program: ExampleProgram): Generator<Found> {
  function* within(value: Value, owner?: ExampleResource, key?: string): Generator<Found> {
    if (Array.isArray(value)) {
      for (const item of value as Value[]) yield* within(item, owner, key);
    } else if (isObjectValue(value)) {
      for (const item of Object.values(value.fields)) yield* within(item, owner, key);
    } else if (isExpression(value)) {
      yield { expression: value, owner, key };
      if (value.kind === "interpolate") {
        for (const part of value.parts) {
          if (typeof part !== "string") yield { expression: part, owner, key };
        }
      }
    }
  }
  for (const r of program.resources) {
    for (const [key, value] of Object.entries(r.args)) yield* within(value as Value, r, key);
  }
  for (const value of Object.values(program.outputs)) yield* within(value);
}

/** Every resource name an expression of the program refers to. */
export function referenced(program: ExampleProgram): Set<string> {
  const names = new Set<string>();
  for (const { expression } of expressions(program)) {
    if (expression.kind === "output") names.add(expression.resource);
  }
  return names;
}

/** The config names the program reads. */
export function configs(program: ExampleProgram): { name: string; secret: boolean }[] {
  const found = new Map<string, boolean>();
  for (const { expression } of expressions(program)) {
    if (expression.kind === "config") found.set(expression.name, expression.secret);
  }
  return [...found].map(([name, secret]) => ({ name, secret }));
}

/** The files the program reads, each with the variable a language names it by (`<resource> <input>`). */
export function filesOf(program: ExampleProgram): Map<string, string> {
  return new Map(fileReads(program).map((f) => [f.path, camel(`${f.resource} ${f.input}`)]));
}

/** A file the program reads: its path, and the input of the resource that reads it. */
export interface FileRead {
  readonly path: string;
  /** The resource's name in the program (`device-132`) and its type (`SshCredential`). */
  readonly resource: string;
  readonly type: string;
  /** The input the file's text is given to (`publicKey`). */
  readonly input: string;
}

/** The files the program reads, each once, with the first input that reads it. */
export function fileReads(program: ExampleProgram): FileRead[] {
  const reads = new Map<string, FileRead>();
  for (const { expression, owner, key } of expressions(program)) {
    if (expression.kind !== "file" || owner === undefined || key === undefined) continue;
    if (!reads.has(expression.path)) {
      reads.set(expression.path, {
        path: expression.path,
        resource: owner.name,
        type: owner.type,
        input: key,
      });
    }
  }
  return [...reads.values()];
}
