/**
 * The one description of a program `edges-to-endpoints` prints, from which both its YAML text
 * (`./yamlProgram`) and its TypeScript text (`./typescriptProgram`) are rendered: the stack config
 * it reads, its resources (type, properties, the id to import, what it depends on) and the
 * comments for the reader. Neither renderer knows what a migration is: each walks this
 * description, so the two programs cannot say different things.
 *
 * @module
 */
import type { SampledConfigKey } from "./names";
import { ConfigRef } from "./policy";

/** A value that carries a comment printed above it, and optionally one printed commented out after it. */
export class Commented {
  constructor(
    readonly value: ProgramValue,
    readonly comment?: string,
    /** A value to use instead, printed commented out after this one (e.g. the SAML alternative). */
    readonly alternative?: ProgramValue,
  ) {}
}

/** A property value of a program: literals, stack config references, lists and objects. */
export type ProgramValue =
  | string
  | number
  | boolean
  | ConfigRef
  | Commented
  | readonly ProgramValue[]
  | { readonly [key: string]: ProgramValue };

/** The classes a printed program declares, with their type tokens (the provider plugin's). */
export const RESOURCE_TOKENS = {
  ReservedDomain: "ngrok-dynamic:index:ReservedDomain",
  CloudEndpoint: "ngrok-dynamic:index:CloudEndpoint",
} as const;

/** A class a program declares. */
export type ResourceClass = keyof typeof RESOURCE_TOKENS;

/** One resource of a program. */
export interface ProgramResource {
  /** Its logical name (the YAML key, the TypeScript resource name), e.g. `app-example-com`. */
  readonly name: string;
  /** Its TypeScript variable, e.g. `appExampleComEndpoint`. */
  readonly variable: string;
  readonly className: ResourceClass;
  /** Its properties, in the SDKs' names (camelCase). */
  readonly properties: Readonly<Record<string, ProgramValue>>;
  /** The id of the live object to import (`rd_…`), when the resource adopts one. */
  readonly importId?: string;
  /** The names of the resources it depends on (of this program). */
  readonly dependsOn?: readonly string[];
  /** Printed above it. */
  readonly comment?: string;
}

/** A program. */
export interface Program {
  /** The Pulumi project name (YAML `name:`). */
  readonly project: string;
  /** Printed at the top, one paragraph each. */
  readonly header: readonly string[];
  /**
   * The stack config keys the program reads, in order; those marked `alternativeOnly` are read by
   * a commented-out alternative only, and not declared.
   */
  readonly config: readonly SampledConfigKey[];
  readonly resources: readonly ProgramResource[];
}

/** Whether `value` is a list of the description. */
export function isList(value: ProgramValue): value is readonly ProgramValue[] {
  return Array.isArray(value);
}

/** Whether `value` is a plain object of the description. */
export function isObject(value: ProgramValue): value is { readonly [key: string]: ProgramValue } {
  return (
    typeof value === "object" &&
    !Array.isArray(value) &&
    !(value instanceof ConfigRef) &&
    !(value instanceof Commented)
  );
}

/**
 * `value` with the comments dropped and each stack config reference replaced by `fill(key)`: the
 * value the program gives the resource once its config is set (for the check of a policy).
 */
export function plainValue(value: ProgramValue, fill: (key: string) => unknown): unknown {
  if (value instanceof Commented) return plainValue(value.value, fill);
  if (value instanceof ConfigRef) return fill(value.key);
  if (Array.isArray(value)) return value.map((item: ProgramValue) => plainValue(item, fill));
  if (isObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, plainValue(item, fill)]),
    );
  }
  return value;
}

/**
 * `text` cut into lines of at most `width` characters, at spaces (a longer word stays whole); a
 * line that starts with a space (a command to paste) is kept whole, as it is.
 */
export function wrap(text: string, width = 96): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    if (paragraph.startsWith(" ")) {
      lines.push(paragraph);
      continue;
    }
    let line = "";
    for (const word of paragraph.split(" ")) {
      if (line !== "" && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line === "" ? word : `${line} ${word}`;
    }
    lines.push(line);
  }
  return lines;
}
