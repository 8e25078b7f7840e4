/**
 * `defineResource`: declares a resource from its definition (see `./resource`) and gives it the
 * pure `check` and `diff` derived from it (`./check`, `./diff`), typed with its own inputs.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { checkResource } from "./check";
import { diffResource } from "./diff";
import { answerField } from "./reference";
import { derivedAs } from "../common/derived";
import type { InputsOf, ResourceDefinition } from "./resource";

/**
 * What the properties' own rules of `D` parsed, by property: each rule's return value, for a value
 * it accepted (see `./property`, `rule`).
 */
export type ParsedOf<D extends ResourceDefinition> = {
  -readonly [K in keyof D["properties"]]?: D["properties"][K] extends {
    rule(...args: never[]): infer R;
  }
    ? Exclude<R, void | undefined>
    : never;
};

/** What a declared resource adds to its definition: its pure `check` and `diff`. */
export interface PureMethods<D extends ResourceDefinition> extends CheckAndDiff<InputsOf<D>> {
  /** {@link CheckAndDiff.check}, with what the properties' own rules parsed (see {@link ParsedOf}). */
  checkParsed(news: Record<string, unknown>): {
    result: pulumi.dynamic.CheckResult<InputsOf<D>>;
    parsed: ParsedOf<D>;
  };
}

/** A pure `check` whose checked inputs are `Inputs`, and a pure `diff`. */
export interface CheckAndDiff<Inputs> {
  /**
   * Validates the raw inputs `news` and records the defaults. Pure: no API call, so
   * `pulumi preview` reports every failure before anything is created. Values not known yet
   * (preview) are not checked. Each failure names its property and the rule (see `./check`).
   */
  check(news: Record<string, unknown>): pulumi.dynamic.CheckResult<Inputs>;
  /** Compares `olds` (the outputs in state) with `news` (the inputs after `check`), see `./diff`. */
  diff(
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): pulumi.dynamic.DiffResult & { updates: string[] };
}

/**
 * Declares a resource. The `const` type parameter keeps every literal (property names, enum
 * values, roles), so that `InputsOf` and `OutputsOf` derive exact types.
 *
 * @throws Error when an input does not say what a change does (`onChange`), an output's
 *   `derivedFrom` names what is not an input, a reference's wire name is not `<name>_id`
 *   (`<name>_ids`), `writeOnly` is not on an input sent to ngrok or `returnedOnce` not on an
 *   output ngrok answers.
 */
export function defineResource<const D extends ResourceDefinition>(
  definition: D,
): D & PureMethods<D> {
  for (const [name, property] of Object.entries(definition.properties)) {
    if (property.role === "input" && property.onChange === undefined) {
      throw new Error(`${definition.name}.${name}: an input says what a change does (onChange)`);
    }
    const { type } = property;
    if (type.kind === "reference") answerField({ ...property, type });
    if (property.writeOnly && (property.role !== "input" || property.wire === undefined)) {
      throw new Error(`${definition.name}.${name}: writeOnly is an input sent to ngrok (wire)`);
    }
    if (property.returnedOnce && (property.role !== "output" || property.wire === undefined)) {
      throw new Error(`${definition.name}.${name}: returnedOnce is an output ngrok answers (wire)`);
    }
    for (const source of property.derivedFrom ?? []) {
      if (definition.properties[source]?.role !== "input") {
        throw new Error(`${definition.name}.${name}: derivedFrom names ${source}, not an input`);
      }
    }
  }
  const checkParsed = (news: Record<string, unknown>) => {
    const { result, parsed } = checkResource<InputsOf<D>>(definition, news);
    return { result, parsed: derivedAs<ParsedOf<D>>(parsed) };
  };
  return {
    ...definition,
    checkParsed,
    check: (news) => checkParsed(news).result,
    diff: (olds, news) => diffResource(definition, olds, news),
  };
}
