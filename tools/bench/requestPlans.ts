/**
 * What requestCounts.ts measures for each resource of the registry (`DEFINITIONS`), derived from
 * its definition, so that a resource added to the registry is measured with no edit here:
 *
 * - its inputs: the first resource of its type in its definition's `example`
 *   (`provider/framework/example.ts`), with the resources it refers to (`output(…)`) created
 *   first (their requests not counted); config the example reads is an id seeded in the emulator
 *   (by the input's id prefix) or a text of the benchmark's; a file is the text the example
 *   shows, else one made for its kind (its extension);
 * - an update: `description` when it updates in place, else the first input of the example's
 *   resource that updates in place and that the benchmark can give another valid value;
 * - a replacement: the first input that replaces and can be given another valid value (another
 *   enum value, the other boolean, another seeded id, a second object of the referenced resource,
 *   another file of the same kind); none ("—") when the resource has none;
 * - the floors, from ngrok's: no request for check and diff (preview), one for create, read
 *   (refresh), update and delete, a replacement one create plus one delete; plus the requests a
 *   resource makes by design (`BY_DESIGN`, each with its reason).
 *
 * The values stand in the goals as placeholders (`«output:<resource>:<property>»`,
 * `«config:<name>»`) until the benchmark has the objects they name (requestCounts.ts).
 *
 * @module
 */
import type {
  ExampleProgram,
  ExampleResource,
  OutputExpression,
  Value,
} from "../../provider/framework/example";
import type { PropertyDefinition } from "../../provider/framework/property";
import type { ResourceDefinition } from "../../provider/framework/resource";
import { DEFINITIONS } from "../../provider/registry";
import { isExpression, isMap, referenced } from "../scripts/generate/examples/programWalk";
import { fileText } from "./exampleFiles";
import { floorsOf, type StepName } from "./requestFloors";

export { BY_DESIGN, byDesignWhy, floorsOf, STEPS, type StepName } from "./requestFloors";

/** A placeholder for another resource's output in a goal's inputs. */
export const outputPlaceholder = (resource: string, property: string) =>
  `«output:${resource}:${property}»`;
/** A placeholder for a seeded id (by prefix) in a goal's inputs; `second`: the second one seeded. */
export const configPlaceholder = (prefix: string, second = false) =>
  `«config:${prefix}${second ? ":2" : ""}»`;
/** Every placeholder in a text. */
export const PLACEHOLDER = /«(output|config):([^:»]+)(?::([^»]+))?»/g;

/** One resource the consumer program declares for a plan: its type, name and args. */
export interface Declared {
  readonly type: string;
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** A change of one input: its name and new value (placeholders allowed). */
export interface Change {
  readonly property: string;
  readonly value: unknown;
  /** Resources to declare first for it (a second object of a referenced resource). */
  readonly needs?: readonly Declared[];
}

/** What requestCounts measures for one resource. */
export interface RequestPlan {
  readonly resource: string;
  /** The resource's goal in the consumer program (the example's resource, renamed). */
  readonly target: Declared;
  /** What it refers to, in the order to create them (not counted). */
  readonly dependencies: readonly Declared[];
  readonly update?: Change;
  readonly replace?: Change;
  /** Why there is no update or no replacement, for those missing. */
  readonly none: Partial<Record<"update" | "replace", string>>;
  readonly floors: Record<StepName, number>;
  /** The seeded ids the plan's config needs, by id prefix. */
  readonly seeded: readonly string[];
}

/** A plan, or why a resource cannot be measured (with what to add to this module). */
export type PlanResult = RequestPlan | { readonly resource: string; readonly unmeasured: string };

/** The consumer program's name of an example resource of `resource`'s plan. */
export const declaredName = (resource: string, name: string) => `req-${resource}-${name}`;

/**
 * The ids the benchmark seeds in the emulator for config, by prefix, with how many distinct ones:
 * an HTTPS edge, and two of its routes (a replacement moves to the second).
 */
export const SEEDED: Readonly<Record<string, 1 | 2>> = { edghts_: 1, edghtsrt_: 2 };

interface Context {
  readonly definition: ResourceDefinition;
  readonly program: ExampleProgram;
  readonly idpMetadata: string;
  readonly seeded: Set<string>;
  readonly rename: (name: string) => string;
}

/** The input `key` of `type` (a property of the registry's definition). */
function propertyOf(type: string, key: string): PropertyDefinition | undefined {
  const definition = DEFINITIONS.find((d) => d.name === type);
  const properties: Readonly<Record<string, PropertyDefinition>> | undefined =
    definition?.properties;
  return properties?.[key];
}

/** `value` with its expressions made placeholders or texts; throws when one has none. */
function argValue(value: Value, owner: ExampleResource, key: string, context: Context): unknown {
  if (Array.isArray(value)) return (value as Value[]).map((v) => argValue(v, owner, key, context));
  if (isMap(value)) return { ...value.entries };
  if (!isExpression(value)) return value;
  switch (value.kind) {
    case "output":
      return outputPlaceholder(context.rename(value.resource), value.property);
    case "config": {
      const type = propertyOf(owner.type, key)?.type;
      if (type?.kind === "ngrokId") {
        if (SEEDED[type.prefix] === undefined) {
          throw new Error(
            `config ${value.name} (${owner.type}.${key}) is an id of prefix ${type.prefix}, which ` +
              "the benchmark does not seed (tools/bench/requestPlans.ts, SEEDED)",
          );
        }
        context.seeded.add(type.prefix);
        return configPlaceholder(type.prefix);
      }
      return `bench-${value.name}`;
    }
    case "interpolate":
      return value.parts
        .map((part) =>
          typeof part === "string" ? part : String(argValue(part, owner, key, context)),
        )
        .join("");
    case "file": {
      const text = context.program.files?.[value.path] ?? fileText(value.path, context.idpMetadata);
      if (text === undefined) {
        throw new Error(
          `the example reads ${value.path} (${owner.type}.${key}), which it does not show and ` +
            "whose kind the benchmark cannot make (tools/bench/requestPlans.ts, fileText)",
        );
      }
      return text;
    }
  }
}

/** The example's resources `name` refers to, transitively, in the example's order. */
function dependenciesOf(program: ExampleProgram, name: string): ExampleResource[] {
  const needed = new Set<string>();
  const visit = (resourceName: string) => {
    const resource = program.resources.find((r) => r.name === resourceName);
    if (resource === undefined) return;
    const own: ExampleProgram = { ...program, resources: [resource], outputs: {} };
    for (const dependency of referenced(own)) {
      if (!needed.has(dependency)) {
        needed.add(dependency);
        visit(dependency);
      }
    }
  };
  visit(name);
  return program.resources.filter((r) => needed.has(r.name));
}

/** Another valid value of input `key` (given `current`), or `undefined` when there is none to make. */
function anotherValue(
  key: string,
  property: PropertyDefinition,
  current: Value | undefined,
  owner: ExampleResource,
  context: Context,
): Change | undefined {
  const type = property.type;
  const now = current ?? (property.default as Value | undefined);
  if (current !== undefined && isExpression(current)) {
    if (current.kind === "config" && type.kind === "ngrokId" && SEEDED[type.prefix] === 2) {
      // The second seeded object of the same kind (another route of the edge).
      argValue(current, owner, key, context);
      return { property: key, value: configPlaceholder(type.prefix, true) };
    }
    const outputs =
      current.kind === "output" && current.property === "id" && type.kind === "reference"
        ? [current]
        : current.kind === "interpolate"
          ? current.parts.filter(
              (p): p is OutputExpression => typeof p !== "string" && p.kind === "output",
            )
          : [];
    if (outputs.length > 0) {
      // A second object of each resource it is made from, declared as the example declares the
      // first (its plain texts with a character more, where names are unique).
      const needs: Declared[] = [];
      const seconds = new Map<string, string>();
      for (const { resource } of outputs) {
        const first = context.program.resources.find((r) => r.name === resource);
        if (first === undefined) return undefined;
        seconds.set(resource, `${resource}-2`);
        needs.push(
          ...dependenciesOf(context.program, first.name).map((r) => declare(r, context)),
          declare({ ...first, name: `${resource}-2`, args: secondArgs(first) }, context),
        );
      }
      const renamed = (expression: OutputExpression): OutputExpression => ({
        ...expression,
        resource: seconds.get(expression.resource) ?? expression.resource,
      });
      const value: Value =
        current.kind === "interpolate"
          ? {
              ...current,
              parts: current.parts.map((p) =>
                typeof p !== "string" && p.kind === "output" ? renamed(p) : p,
              ),
            }
          : renamed(current as OutputExpression);
      return { property: key, value: argValue(value, owner, key, context), needs };
    }
    if (current.kind === "file") {
      const text = fileText(current.path, context.idpMetadata);
      // Another file of the same kind: a fresh SSH key; one IdP document and one PEM set only.
      return text === undefined || !current.path.endsWith(".pub")
        ? undefined
        : { property: key, value: text };
    }
    return undefined;
  }
  switch (type.kind) {
    case "enum": {
      const other = type.values.find((v) => v !== now);
      return other === undefined ? undefined : { property: key, value: other };
    }
    case "boolean":
      return { property: key, value: !(now ?? false) };
    case "integer": {
      const value = typeof now === "number" && now + 1 <= type.max ? now + 1 : type.min;
      return value === now ? undefined : { property: key, value };
    }
    case "string":
      // Free text (a description), or a text the example sets, with a character more.
      if (type.format !== undefined) return undefined;
      if (typeof now === "string" && now !== "") return { property: key, value: `${now}2` };
      return key === "description" ? { property: key, value: "bench, updated" } : undefined;
    default:
      return undefined;
  }
}

/** `resource`'s args with each plain text made another (a second object, where names are unique). */
function secondArgs(resource: ExampleResource): Record<string, Value> {
  return Object.fromEntries(
    Object.entries(resource.args).map(([key, value]) => {
      const type = propertyOf(resource.type, key)?.type;
      return [
        key,
        typeof value === "string" && type?.kind === "string" && type.format === undefined
          ? `${value}2`
          : (value as Value),
      ];
    }),
  );
}

/** The example resource as the consumer program declares it. */
function declare(resource: ExampleResource, context: Context): Declared {
  return {
    type: resource.type,
    name: context.rename(resource.name),
    args: Object.fromEntries(
      Object.entries(resource.args).map(([key, value]) => [
        key,
        argValue(value as Value, resource, key, context),
      ]),
    ),
  };
}

/** The inputs of `definition` whose `onChange` is `effect` (not write-only). */
function inputsThat(definition: ResourceDefinition, effect: "update" | "replace"): string[] {
  const properties: Readonly<Record<string, PropertyDefinition>> = definition.properties;
  return Object.keys(properties).filter((key) => {
    const property = properties[key];
    return property.role === "input" && property.onChange === effect && !property.writeOnly;
  });
}

/** Why `definition` gets no `effect` change. */
function noneWhy(definition: ResourceDefinition, effect: "update" | "replace"): string {
  const inputs = inputsThat(definition, effect);
  return inputs.length === 0
    ? `no input ${effect === "update" ? "updates in place" : "replaces"}`
    : `the benchmark makes no other valid value of ${inputs.join(", ")} ` +
        "(tools/bench/requestPlans.ts, anotherValue)";
}

/** The first change of an input whose `onChange` is `effect`, `description` first. */
function changeOf(
  effect: "update" | "replace",
  target: ExampleResource,
  context: Context,
): Change | undefined {
  const properties: Readonly<Record<string, PropertyDefinition>> = context.definition.properties;
  const keys = inputsThat(context.definition, effect);
  // `description` first, then literal values, then seeded ids, second objects and files.
  const rank = (key: string) => {
    const value = target.args[key];
    if (key === "description") return 0;
    if (value === undefined || !isExpression(value)) return 1;
    return value.kind === "config" ? 2 : value.kind === "output" ? 3 : 4;
  };
  keys.sort((a, b) => rank(a) - rank(b));
  for (const key of keys) {
    const change = anotherValue(key, properties[key], target.args[key], target, context);
    if (change !== undefined) return change;
  }
  return undefined;
}

/**
 * The plan of `definition`: its example's resource, what it refers to, its update and
 * replacement, its floors.
 */
export function planOf(definition: ResourceDefinition, idpMetadata: string): PlanResult {
  const program = definition.example;
  const target = program?.resources.find((r) => r.type === definition.name);
  if (program === undefined || target === undefined) {
    return { resource: definition.name, unmeasured: "its definition's example declares none" };
  }
  const context: Context = {
    definition,
    program,
    idpMetadata,
    seeded: new Set(),
    rename: (name) => declaredName(definition.name, name),
  };
  try {
    const dependencies = dependenciesOf(program, target.name).map((r) => declare(r, context));
    const update = changeOf("update", target, context);
    const replace = changeOf("replace", target, context);
    const plan: RequestPlan = {
      resource: definition.name,
      target: declare(target, context),
      dependencies,
      update,
      replace,
      none: {
        ...(update === undefined ? { update: noneWhy(definition, "update") } : {}),
        ...(replace === undefined ? { replace: noneWhy(definition, "replace") } : {}),
      },
      floors: floorsOf(definition.name),
      seeded: [...context.seeded],
    };
    return plan;
  } catch (error) {
    return { resource: definition.name, unmeasured: (error as Error).message };
  }
}

/** Every resource's plan, in the registry's order. */
export function requestPlans(
  idpMetadata: string,
  definitions: readonly ResourceDefinition[] = DEFINITIONS,
): PlanResult[] {
  return definitions.map((definition) => planOf(definition, idpMetadata));
}

/** Every resource the consumer program declares for `plans` (each name once). */
export function declaredOf(plans: readonly PlanResult[]): Declared[] {
  const all = new Map<string, Declared>();
  for (const plan of plans) {
    if ("unmeasured" in plan) continue;
    for (const declared of [
      ...plan.dependencies,
      plan.target,
      ...(plan.update?.needs ?? []),
      ...(plan.replace?.needs ?? []),
    ]) {
      all.set(declared.name, declared);
    }
  }
  return [...all.values()];
}
