/**
 * The checker's environment, built once from the table (`./celVariables`, `./celFunctions`):
 * ngrok's variables as a tree (`req` → `url` → `path`), where a node may be a value and have
 * fields at once, each with the phases it exists in; the object types; each function's overloads,
 * read from their signatures; and how an overload is matched and shown in a message.
 *
 * @module
 */
import { didYouMean } from "./report";
import { FUNCTION_FAMILIES, type FunctionFamily } from "./celFunctions";
import { type Bindings, type CelType, isType, parseType, shown, unify } from "./celTypes";
import { OBJECT_TYPES, VARIABLE_FAMILIES, type VariableFamily } from "./celVariables";

/** A parsed expression, as `@bufbuild/cel`'s `parse` returns it. */
export type ParsedCel = ReturnType<typeof import("@bufbuild/cel").parse>;
/** One node of its syntax tree. */
export type CelExpr = ParsedCel["expr"];
/** A parsed expression's tree, with each node's offset in its text, by the node's id. */
export interface CelTree {
  readonly expr: CelExpr;
  readonly positions: Readonly<Record<string, number>>;
}
/** Where an expression is, for what it may read. */
export interface CelContext {
  /** The rule's phase (a phase's wire name). */
  readonly phase: string;
  /** The action whose config holds it, and the field (wire name), if any. */
  readonly action?: string;
  readonly field?: string;
  /** `bool`: a condition (a rule's expression, `retry_condition`); `any`: a value. */
  readonly expect: "bool" | "any";
  /**
   * What a missing variable, field or function is: a failure, or (in the config of an action
   * this version does not know, which may bring variables of its own) a warning.
   */
  readonly unknown: "fail" | "warn";
}

/** What the check found at `offset` (a UTF-16 index in the expression's text). */
export interface CelFinding {
  readonly offset: number;
  readonly message: string;
  readonly warning: boolean;
}

/** A node of ngrok's tree of variables (`req`, `req.url`, `req.url.path`, …). */
export interface VariableNode {
  readonly name: string;
  /** Its value's type, when it is a value (`req.url` is a string); else it is an object. */
  type?: CelType;
  readonly children: Map<string, VariableNode>;
  /** Any field below it is accepted. */
  open: boolean;
  /** The phases it exists in; every phase when `undefined`. */
  phases?: readonly string[];
  readonly family: VariableFamily;
}

/** One signature of a function. */
export interface Overload {
  readonly name: string;
  readonly receiver?: CelType;
  readonly params: readonly CelType[];
  readonly result: CelType;
  /** Its source, phases, and whether ngrok's docs contest it. */
  readonly family: FunctionFamily;
}

/** The environment built from the table, once. */
export interface Environment {
  readonly roots: Map<string, VariableNode>;
  readonly objects: Map<string, Map<string, CelType>>;
  /** Overloads by name (`startsWith`, `base64.decode`, `_==_`). */
  readonly functions: Map<string, Overload[]>;
  /** The names users write (no operators), for "did you mean". */
  readonly functionNames: readonly string[];
}

let built: Environment | undefined;

/** The environment, built on first use (about a millisecond) and kept. */
export function environment(): Environment {
  built ??= buildEnvironment();
  return built;
}

/** Reads the table into the tree of variables, the object types and the overloads. */
function buildEnvironment(): Environment {
  const objectNames = new Set(Object.keys(OBJECT_TYPES));
  const type = (text: string) => parseType(text, objectNames);
  const objects = new Map(
    Object.entries(OBJECT_TYPES).map(([name, fields]) => [
      name,
      new Map(Object.entries(fields).map(([field, text]) => [field, type(text)])),
    ]),
  );
  const roots = new Map<string, VariableNode>();
  for (const family of VARIABLE_FAMILIES) {
    for (const [name, text] of Object.entries(family.variables)) {
      nodeAt(roots, name, family).type = type(text);
    }
    for (const name of family.open ?? []) nodeAt(roots, name, family).open = true;
  }
  const functions = new Map<string, Overload[]>();
  for (const family of FUNCTION_FAMILIES) {
    for (const signature of family.signatures) {
      const overload = readSignature(signature, family, objectNames);
      const list = functions.get(overload.name) ?? [];
      list.push(overload);
      functions.set(overload.name, list);
    }
  }
  const functionNames = [...functions.keys()].filter((name) => /^[A-Za-z]/.test(name));
  return { roots, objects, functions, functionNames };
}

/** The node of dotted `name`, made (with its parents) when missing. */
function nodeAt(
  roots: Map<string, VariableNode>,
  name: string,
  family: VariableFamily,
): VariableNode {
  let children = roots;
  let node: VariableNode | undefined;
  const parts = name.split(".");
  parts.forEach((part, index) => {
    const dotted = parts.slice(0, index + 1).join(".");
    const found = children.get(part);
    if (found === undefined) {
      node = { name: dotted, children: new Map(), open: false, phases: family.phases, family };
      children.set(part, node);
    } else {
      node = found;
      // A node two families share (conn.client_ip) exists where either's does.
      if (found.phases !== undefined) {
        found.phases =
          family.phases === undefined
            ? undefined
            : [...new Set([...found.phases, ...family.phases])];
      }
    }
    children = node.children;
  });
  if (node === undefined) throw new Error(`empty variable name in the CEL table`);
  return node;
}

/** `name(T, …): R` or `T.name(T, …): R` (see `FunctionFamily.signatures`). */
function readSignature(
  signature: string,
  family: FunctionFamily,
  objects: ReadonlySet<string>,
): Overload {
  const close = signature.lastIndexOf("): ");
  let open = close;
  for (let depth = 0; open > 0; open--) {
    if (signature[open] === ")") depth += 1;
    if (signature[open] === "(") depth -= 1;
    if (depth === 0) break;
  }
  if (close < 0 || open <= 0) throw new Error(`not a signature: ${signature}`);
  const callee = signature.slice(0, open);
  const params = signature.slice(open + 1, close);
  const result = signature.slice(close + 3);
  const dot = callee.lastIndexOf(".");
  const qualifier = dot < 0 ? "" : callee.slice(0, dot);
  const last = callee.slice(dot + 1);
  const method = qualifier !== "" && isType(qualifier, objects);
  const name = method || qualifier === "" ? last : `${qualifier}.${last}`;
  return {
    name,
    ...(method ? { receiver: parseType(qualifier, objects) } : {}),
    params: splitTypes(params).map((text) => parseType(text, objects)),
    result: parseType(result, objects),
    family,
  };
}

/** The comma-separated types of `text`, commas inside parentheses kept. */
function splitTypes(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  [...text].forEach((character, index) => {
    if (character === "(") depth += 1;
    if (character === ")") depth -= 1;
    if (character === "," && depth === 0) {
      out.push(text.slice(start, index).trim());
      start = index + 1;
    }
  });
  const last = text.slice(start).trim();
  if (last !== "") out.push(last);
  return out;
}

/** Whether `overload` takes `args` on `receiver`, binding its parameters. */
export function matches(
  overload: Overload,
  receiver: CelType | undefined,
  args: readonly CelType[],
  bindings: Bindings,
  numeric: boolean,
): boolean {
  if (overload.params.length !== args.length) return false;
  if (overload.receiver !== undefined && receiver !== undefined) {
    if (!unify(overload.receiver, receiver, bindings, false)) return false;
  }
  return overload.params.every((param, index) => unify(param, args[index], bindings, numeric));
}

/** Operators as users write them. */
const OPERATORS: Readonly<Record<string, string>> = {
  "!_": "!",
  "-_": "-",
  "_&&_": "&&",
  "_||_": "||",
  "_?_:_": "?:",
  "_==_": "==",
  "_!=_": "!=",
  "_<_": "<",
  "_<=_": "<=",
  "_>_": ">",
  "_>=_": ">=",
  "_+_": "+",
  "_-_": "-",
  "_*_": "*",
  "_/_": "/",
  "_%_": "%",
  "_[_]": "[]",
  "@in": "in",
};

/** `name` as users write it: `==` for `_==_`. */
export function displayName(name: string): string {
  const op = OPERATORS[name];
  return op === undefined ? name : `the operator ${op}`;
}

/** `overload` as users write it: `string.startsWith(string) -> bool`, `A == A -> bool`. */
export function signatureOf(overload: Overload): string {
  const p = overload.params.map(shown);
  const result = shown(overload.result);
  const op = OPERATORS[overload.name];
  if (op === "[]") return `${p[0]}[${p[1]}] -> ${result}`;
  if (op === "?:") return `${p[0]} ? ${p[1]} : ${p[2]} -> ${result}`;
  if (op !== undefined && p.length === 1) return `${op}${p[0]} -> ${result}`;
  if (op !== undefined) return `${p[0]} ${op} ${p[1]} -> ${result}`;
  const receiver = overload.receiver === undefined ? "" : `${shown(overload.receiver)}.`;
  return `${receiver}${overload.name}(${p.join(", ")}) -> ${result}`;
}

/**
 * ` (did you mean "x"?)` for the field of `node` nearest `field`, else for the variable below it
 * whose last name is, or is near, `field` (`req.path`, `req.pathh`: `req.url.path`), the
 * shortest such.
 */
export function nearField(node: VariableNode, field: string): string {
  const near = didYouMean(field, [...node.children.keys()]);
  if (near !== "") return near;
  const below = new Map<string, string[]>();
  const visit = (n: VariableNode, path: string) => {
    for (const [name, child] of n.children) {
      below.set(name, [...(below.get(name) ?? []), `${path}${name}`]);
      visit(child, `${path}${name}.`);
    }
  };
  visit(node, "");
  const name = below.has(field) ? field : /"(.*)"/.exec(didYouMean(field, [...below.keys()]))?.[1];
  const [shortest] = (below.get(name ?? "") ?? []).sort((a, b) => a.length - b.length);
  return shortest === undefined
    ? ""
    : ` (did you mean ${JSON.stringify(`${node.name}.${shortest}`)}?)`;
}

/** The name a dotted name starts with (`base64` of `base64.decode`). */
export function rootOf(expr: CelExpr): CelExpr {
  const kind = expr.exprKind;
  return kind.case === "selectExpr" && kind.value.operand !== undefined
    ? rootOf(kind.value.operand)
    : expr;
}

/** The dotted name an operand spells (`base64`, `a.b`), or `undefined`. */
export function qualifiedName(expr: CelExpr): string | undefined {
  const kind = expr.exprKind;
  if (kind.case === "identExpr") return kind.value.name;
  if (kind.case === "selectExpr" && !kind.value.testOnly && kind.value.operand !== undefined) {
    const operand = qualifiedName(kind.value.operand);
    return operand === undefined ? undefined : `${operand}.${kind.value.field}`;
  }
  return undefined;
}
