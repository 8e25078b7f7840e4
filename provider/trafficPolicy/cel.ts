/**
 * CEL in a traffic policy: the expressions of a rule, the fields that hold one expression (a
 * rate limit's `bucket_key`), and the interpolations `${…}` in config strings, each parsed with
 * `@bufbuild/cel` (loaded on first use: about 300 ms, so a policy without CEL never pays it) and
 * type-checked against ngrok's variables and functions (`./celCheck`, from the tables in
 * `./celVariables` and `./celFunctions`), in the rule's phase: `req.pathh`, `res.status_code` in
 * `on_http_request` and `req.url.path.startsWith(1)` are refused, with their line and column.
 *
 * An expression is parsed with a newline after it, so that one ending in a `//` comment parses
 * (the parser wants a line's end after a comment). When it does not parse and a bracket is left
 * open, the message says where the `)` is missing (the parser's own position is where it last
 * backtracked, often the last method call).
 *
 * Sources: "Expressions" and "CEL Interpolation" of "How Traffic Policy Works"
 * (https://ngrok.com/docs/traffic-policy/how-it-works/#cel-interpolation); the CEL language
 * definition (https://github.com/google/cel-spec/blob/master/doc/langdef.md) for its string
 * literals and comments, which the search for the end of an interpolation and for brackets skip.
 *
 * @module
 */
import { load } from "../lazy";
import { checkCel } from "./celCheck";
import type { CelContext, CelExpr, CelTree } from "./celEnvironment";

export type { CelContext } from "./celEnvironment";

/** What is wrong with a CEL text, where (line and column from 1), and whether it only warns. */
export interface CelProblem {
  readonly line: number;
  readonly column: number;
  /** The parser's or the checker's words, e.g. `found end of input but expecting ',', ']'`. */
  readonly message: string;
  /** It does not parse (rather than naming a variable, field or function ngrok refuses). */
  readonly syntax: boolean;
  /** A contested reading (see `./celCheck`): the policy passes with a warning. */
  readonly warning: boolean;
}

/**
 * What is wrong with `expression`: why it does not parse (one problem), or, given `context`,
 * what the type check found (failures and warnings). None when it is fine.
 */
export function celProblems(expression: string, context?: CelContext): CelProblem[] {
  if (expression.trim() === "") return [syntaxProblem(1, 1, "it is empty")];
  let parsed;
  try {
    parsed = parseCel(expression);
  } catch (error) {
    return [parseProblem(expression, error)];
  }
  if (context === undefined) return [];
  let findings;
  try {
    findings = checkCel(parsed, context);
  } catch {
    return []; // defensive: a tree the checker does not handle is not the user's mistake
  }
  return findings.map((finding) => ({
    ...position(expression, Math.min(finding.offset, expression.length)),
    message: finding.message,
    syntax: false,
    warning: finding.warning,
  }));
}

/** A variable's path alone (`conn.client_ip`), which needs no parser. */
const PATH = /^(\s*)([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*$/;
/** CEL's literals and reserved words, which the parser judges (`true`, `null`, `if`). */
const RESERVED = new Set(
  "true false null in as break const continue else for function if import let loop package namespace return var void while".split(
    " ",
  ),
);
/** Parsed texts, kept: a policy often repeats one (a bucket key, a header's interpolation). */
const PARSED = new Map<string, CelTree>();
const MAX_PARSED = 10_000;

/**
 * The tree of `expression`, parsed with a newline after it (see the module's comment), or made
 * directly for a variable's path (the parser is slow to warm up: about 0.5 ms an expression
 * cold). Throws `@bufbuild/cel`'s error when it does not parse.
 */
function parseCel(expression: string): CelTree {
  const path = PATH.exec(expression);
  if (path !== null && !path[2].split(".").some((name) => RESERVED.has(name))) {
    return pathTree(path[2], path[1].length);
  }
  const kept = PARSED.get(expression);
  if (kept !== undefined) return kept;
  const parsed = load.cel().parse(`${expression}\n`);
  const tree = { expr: parsed.expr, positions: parsed.sourceInfo?.positions ?? {} };
  if (PARSED.size >= MAX_PARSED) PARSED.clear();
  PARSED.set(expression, tree);
  return tree;
}

/** The tree the parser makes of the dotted `path` at `start`: an identifier, then selections. */
function pathTree(path: string, start: number): CelTree {
  const [first, ...fields] = path.split(".");
  const positions: Record<string, number> = { "1": start };
  let expr: CelExpr = {
    $typeName: "cel.expr.Expr",
    id: 1n,
    exprKind: { case: "identExpr", value: { $typeName: "cel.expr.Expr.Ident", name: first } },
  };
  let offset = start + first.length;
  fields.forEach((field, index) => {
    const id = index + 2;
    positions[String(id)] = offset; // a selection is at its dot, as the parser places it
    expr = {
      $typeName: "cel.expr.Expr",
      id: BigInt(id),
      exprKind: {
        case: "selectExpr",
        value: { $typeName: "cel.expr.Expr.Select", operand: expr, field, testOnly: false },
      },
    };
    offset += field.length + 1;
  });
  return { expr, positions };
}

/** A syntax problem at `line` and `column`. */
function syntaxProblem(line: number, column: number, message: string): CelProblem {
  return { line, column, message, syntax: true, warning: false };
}

/** Why `expression` does not parse: a bracket left open or closed alone, else the parser's words. */
function parseProblem(expression: string, error: unknown): CelProblem {
  const bracket = bracketProblem(expression);
  if (bracket !== undefined) return bracket;
  const start = locationStart(error);
  const message = error instanceof Error ? error.message : String(error);
  // The newline the parse added is not the user's: a problem there is at the text's end.
  const at =
    start === undefined
      ? { line: 1, column: 1 }
      : position(
          expression,
          Math.min(offsetOf(expression, start.line, start.column), expression.length),
        );
  return syntaxProblem(at.line, at.column, message.replace(/^<input>:\d+:\d+: /, ""));
}

/**
 * A bracket of `text` that is never closed (at the end of its code, naming where it opened), or
 * a closing one with none open, string literals and comments skipped; `undefined` when they pair.
 */
export function bracketProblem(text: string): CelProblem | undefined {
  const open: { character: string; index: number }[] = [];
  const pairs: Readonly<Record<string, string>> = { ")": "(", "]": "[", "}": "{" };
  let codeEnd = 0;
  let index = 0;
  while (index < text.length) {
    const character = text[index];
    if (character === "'" || character === '"') {
      index = afterStringLiteral(text, index, /[rR]/.test(text[index - 1] ?? ""));
      codeEnd = index;
      continue;
    }
    if (text.startsWith("//", index)) {
      const newline = text.indexOf("\n", index);
      index = newline < 0 ? text.length : newline;
      continue;
    }
    if ("([{".includes(character)) open.push({ character, index });
    const opener = pairs[character];
    if (opener !== undefined) {
      const last = open.pop();
      if (last === undefined || last.character !== opener) {
        const { line, column } = position(text, index);
        const what =
          last === undefined
            ? `this ${character} closes nothing`
            : `this ${character} closes the ${last.character} at ${at(text, last.index)}`;
        return syntaxProblem(line, column, what);
      }
    }
    if (!/\s/.test(character)) codeEnd = index + 1;
    index += 1;
  }
  const unclosed = open.pop();
  if (unclosed === undefined) return undefined;
  const closer = Object.keys(pairs).find((c) => pairs[c] === unclosed.character) ?? ")";
  const { line, column } = position(text, codeEnd);
  return syntaxProblem(
    line,
    column,
    `a ${closer} is missing at the end of the expression, to close the ${unclosed.character} ` +
      `at ${at(text, unclosed.index)}`,
  );
}

/** `line L, column C` of `index` in `text`. */
function at(text: string, index: number): string {
  const { line, column } = position(text, index);
  return `line ${line}, column ${column}`;
}

/** The start of a parse error's location (`@bufbuild/cel`'s `ParseError.location.start`). */
function locationStart(error: unknown): { line: number; column: number } | undefined {
  if (typeof error !== "object" || error === null || !("location" in error)) return undefined;
  const location = error.location;
  if (typeof location !== "object" || location === null || !("start" in location)) return undefined;
  const start = location.start;
  if (typeof start !== "object" || start === null) return undefined;
  const line = "line" in start ? start.line : undefined;
  const column = "column" in start ? start.column : undefined;
  return typeof line === "number" && typeof column === "number" ? { line, column } : undefined;
}

/** One interpolation `${…}` of a string: where it starts (at `$`) and its expression. */
export interface Interpolation {
  readonly start: number;
  /** The index after its closing `}`, or `undefined` when it has none. */
  readonly end: number | undefined;
  readonly expression: string;
}

/**
 * The interpolations of `text`, in order. An interpolation ends at the `}` that closes its `${`,
 * braces inside CEL string literals (`'…'`, `"…"`, their triple-quoted forms) not counted.
 */
export function interpolations(text: string): Interpolation[] {
  const found: Interpolation[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf("${", from);
    if (start < 0) return found;
    const end = closingBrace(text, start + 2);
    found.push({
      start,
      end: end === undefined ? undefined : end + 1,
      expression: text.slice(start + 2, end ?? text.length),
    });
    if (end === undefined) return found;
    from = end + 1;
  }
}

/** The index of the `}` that closes a `{` just before `from`, or `undefined`. */
function closingBrace(text: string, from: number): number | undefined {
  let depth = 0;
  let index = from;
  while (index < text.length) {
    const character = text[index];
    if (character === "'" || character === '"') {
      index = afterStringLiteral(text, index, /[rR]/.test(text[index - 1] ?? ""));
      continue;
    }
    if (character === "{") depth += 1;
    if (character === "}") {
      if (depth === 0) return index;
      depth -= 1;
    }
    index += 1;
  }
  return undefined;
}

/** The index after the CEL string literal that starts at `start` (its end if unterminated). */
function afterStringLiteral(text: string, start: number, raw = false): number {
  const quote = text[start];
  const triple = text.startsWith(quote.repeat(3), start);
  const delimiter = triple ? quote.repeat(3) : quote;
  let index = start + delimiter.length;
  while (index < text.length) {
    if (text[index] === "\\" && !raw) {
      index += 2;
    } else if (text.startsWith(delimiter, index)) {
      return index + delimiter.length;
    } else if (!triple && text[index] === "\n") {
      return index;
    } else {
      index += 1;
    }
  }
  return text.length;
}

/**
 * What is wrong with the interpolations of `text` (see {@link celProblems}), each with its line
 * and column in `text` (from 1): the first that does not parse alone, else what the type check
 * of each found given `context`. None when they are fine (or there is none).
 */
export function interpolationProblems(text: string, context?: CelContext): CelProblem[] {
  const found: CelProblem[] = [];
  for (const interpolation of interpolations(text)) {
    if (interpolation.end === undefined) {
      const { line, column } = position(text, interpolation.start);
      return [syntaxProblem(line, column, "its ${ has no closing }")];
    }
    for (const problem of celProblems(interpolation.expression, context)) {
      const offset = offsetOf(interpolation.expression, problem.line, problem.column);
      const where = position(text, interpolation.start + 2 + offset);
      if (problem.syntax) return [{ ...problem, ...where }];
      found.push({ ...problem, ...where });
    }
  }
  return found;
}

/**
 * The text of `text` outside its interpolations, each replaced by `placeholder`: what a format
 * rule can still judge (e.g. the host of `https://${vars.name}.internal`).
 */
export function withoutInterpolations(text: string, placeholder: string): string {
  let out = "";
  let from = 0;
  for (const { start, end } of interpolations(text)) {
    out += text.slice(from, start) + placeholder;
    from = end ?? text.length;
  }
  return out + text.slice(from);
}

/** Whether `text` holds an interpolation. */
export function hasInterpolation(text: string): boolean {
  return text.includes("${");
}

/** A reference to an ngrok vault secret, `${secrets.get('vault', 'name')}` (either quote). */
const VAULT_REFERENCE = /\$\{\s*secrets\.get\(\s*(['"])[^'"]*\1\s*,\s*(['"])[^'"]*\2\s*\)\s*\}/g;

/**
 * Whether `text` holds a secret of its own: what is left once its references to ngrok vault
 * secrets (`${secrets.get('vault', 'name')}`) are taken out is not empty; for a credential
 * (`username:password`), once they are taken out of its password. Any other text counts, an
 * interpolation included (it could compute a secret from a literal). Source: ngrok's secrets docs
 * (https://ngrok.com/docs/traffic-policy/secrets/).
 */
export function holdsSecret(text: string, credential = false): boolean {
  const left = text.replace(VAULT_REFERENCE, "");
  if (!credential) return left !== "";
  const colon = left.indexOf(":");
  return colon < 0 ? left !== "" : left.slice(colon + 1) !== "";
}

/** Whether `text` is a reference to an ngrok vault secret alone. */
export function isVaultReference(text: string): boolean {
  return text.trim() !== "" && text.trim().replace(VAULT_REFERENCE, "") === "";
}

/** Line and column (from 1) of `index` in `text`. */
export function position(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index).split("\n");
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** The index in `text` of `line` and `column` (from 1). */
function offsetOf(text: string, line: number, column: number): number {
  const lines = text.split("\n");
  let offset = 0;
  for (let index = 0; index < line - 1 && index < lines.length; index++) {
    offset += lines[index].length + 1;
  }
  return offset + column - 1;
}
