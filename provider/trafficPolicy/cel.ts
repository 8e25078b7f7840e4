/**
 * CEL in a traffic policy: the expressions of a rule, the fields that hold one expression (a
 * rate limit's `bucket_key`), and the interpolations `${…}` in config strings, each parsed with
 * `@bufbuild/cel` (loaded on first use: about 300 ms, so a policy without CEL never pays it).
 *
 * Only the syntax is judged: which variables and functions exist (`req`, `conn`,
 * `secrets.get(…)`, ngrok's macros) is ngrok's to say, at run time.
 *
 * Sources: "Expressions" and "CEL Interpolation" of "How Traffic Policy Works"
 * (https://ngrok.com/docs/traffic-policy/how-it-works/#cel-interpolation); the CEL language
 * definition (https://github.com/google/cel-spec/blob/master/doc/langdef.md) for its string
 * literals, which the search for the end of an interpolation skips.
 *
 * @module
 */
import { load } from "../lazy";

/** Where a CEL text does not parse (line and column from 1) and what the parser says. */
export interface CelProblem {
  readonly line: number;
  readonly column: number;
  /** The parser's words, e.g. `found end of input but expecting ',', ']'`. */
  readonly message: string;
}

/** Why `expression` is not one CEL expression, or `undefined` when it parses. */
export function celProblem(expression: string): CelProblem | undefined {
  if (expression.trim() === "") {
    return { line: 1, column: 1, message: "it is empty" };
  }
  try {
    load.cel().parse(expression);
    return undefined;
  } catch (error) {
    const start = locationStart(error);
    const message = error instanceof Error ? error.message : String(error);
    return {
      line: start?.line ?? 1,
      column: start?.column ?? 1,
      message: message.replace(/^<input>:\d+:\d+: /, ""),
    };
  }
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
      index = afterStringLiteral(text, index);
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
function afterStringLiteral(text: string, start: number): number {
  const quote = text[start];
  const triple = text.startsWith(quote.repeat(3), start);
  const delimiter = triple ? quote.repeat(3) : quote;
  let index = start + delimiter.length;
  while (index < text.length) {
    if (text[index] === "\\") {
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
 * Why an interpolation of `text` does not parse, with its line and column in `text` (from 1), or
 * `undefined` when they all parse (or there is none).
 */
export function interpolationProblem(text: string): CelProblem | undefined {
  for (const interpolation of interpolations(text)) {
    if (interpolation.end === undefined) {
      const { line, column } = position(text, interpolation.start);
      return { line, column, message: "its ${ has no closing }" };
    }
    const problem = celProblem(interpolation.expression);
    if (problem !== undefined) {
      const offset = offsetOf(interpolation.expression, problem.line, problem.column);
      const { line, column } = position(text, interpolation.start + 2 + offset);
      return { line, column, message: problem.message };
    }
  }
  return undefined;
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
