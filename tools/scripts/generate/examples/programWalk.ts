/**
 * Walks an {@link ExampleProgram} for the example renderers (`render.ts`): its expressions, and the
 * resources, configs and files they refer to.
 *
 * @module
 */
import type {
  ExampleProgram,
  ExampleResource,
  Expression,
  StringMap,
  Value,
} from "../../../../provider/framework/example";
import { camel } from "./schemaNames";

export const isExpression = (value: Value): value is Expression =>
  typeof value === "object" &&
  !Array.isArray(value) &&
  (value as Expression).kind !== undefined &&
  (value as StringMap).kind !== "map";
export const isMap = (value: Value): value is StringMap =>
  typeof value === "object" && !Array.isArray(value) && (value as StringMap).kind === "map";

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
    } else if (isExpression(value)) {
      yield { expression: value, owner, key };
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
  const files = new Map<string, string>();
  for (const { expression, owner, key } of expressions(program)) {
    if (expression.kind === "file" && owner !== undefined && !files.has(expression.path)) {
      files.set(expression.path, camel(`${owner.name} ${key}`));
    }
  }
  return files;
}
