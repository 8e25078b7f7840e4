/**
 * CEL where a policy's walk meets it (`./walk`, `./fields`): a rule's expressions, a field of
 * format `celExpression`, the interpolations `${…}` of a field that takes CEL, and those of a value
 * of any shape; each judged by `./cel` with what its place may read (the rule's phase, the
 * action's field), its problems reported with their line and column, and none of the parser's or
 * the checker's words for a value the program made secret (they quote it).
 *
 * @module
 */
import { type CelContext, type CelProblem, celProblems, interpolationProblems } from "./cel";
import { isWrittenNumber } from "./numbers";
import { child, isMap, type Place, type Walk } from "./report";
import { judgeNumber } from "./values";

/** What a CEL text at `place` may read: the rule's phase, the action's field. */
export function celContext(
  place: Place,
  context: { readonly phase: string; readonly field?: string },
): CelContext {
  const { phase, field } = context;
  return { phase, action: place.action, field, expect: "any", unknown: "fail" };
}

/** The interpolations of `value` must parse and type-check (`./cel`). */
export function judgeInterpolations(
  walk: Walk,
  value: string,
  place: Place,
  cel: CelContext,
  secret: boolean,
): void {
  if (!walk.settings.judge || !value.includes("${")) return;
  const hidden = secret || walk.hides(place);
  for (const problem of interpolationProblems(value, cel)) {
    reportCel(walk, place, problem, { interpolation: true, secret: hidden });
  }
}

/**
 * The interpolations of every string in `value`, deeply, and its numbers (`./numbers`): a value
 * of any shape (a log's metadata, a field this version does not know, an action it does not know).
 * What the interpolations read that ngrok's docs do not list only warns, since such an action may
 * bring variables of its own.
 */
export function judgeStrings(
  walk: Walk,
  value: unknown,
  place: Place,
  phase: string,
  secret = false,
): void {
  if (typeof value === "string") {
    const cel: CelContext = { ...celContext(place, { phase }), unknown: "warn" };
    return judgeInterpolations(walk, value, place, cel, secret);
  }
  if (typeof value === "number" || isWrittenNumber(value)) {
    return walk.settings.judge ? judgeNumber(walk, value, place) : undefined;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => judgeStrings(walk, item, child(place, index), phase, secret));
  } else if (isMap(value)) {
    for (const [key, item] of Object.entries(value)) {
      judgeStrings(walk, item, child(place, key), phase, secret);
    }
  }
}

/**
 * Fails `place` when `value` is not a CEL expression ngrok accepts in `cel` (`./cel`): one that
 * does not parse, naming the line and column where it stops; one that reads a variable, a field
 * or a function ngrok does not have there, or gives a function what it does not take (contested
 * readings warn). A rule's `expressions` and each field of format `celExpression`. In a YAML
 * text, an unquoted expression starting with `!` is a tag: said so, with the quoted form.
 */
export function judgeCel(walk: Walk, value: string, place: Place, cel: CelContext): void {
  const tag = walk.settings.tagOf?.(place.steps);
  if (tag !== undefined) {
    const written = value === "" ? tag : `${tag} ${value}`;
    return walk.fail(
      place,
      `must be a CEL expression, quoted in YAML when it starts with !: unquoted, YAML reads ` +
        `${tag} as a tag and drops it, leaving ${JSON.stringify(value)}${lineNote(walk, place)}; ` +
        `write it in quotes: ${JSON.stringify(written)}`,
    );
  }
  for (const problem of celProblems(value, cel)) {
    reportCel(walk, place, problem, { interpolation: false, secret: walk.hides(place) });
  }
}

/** Records `problem` of the expression (or an interpolation of the value) at `place`. */
function reportCel(
  walk: Walk,
  place: Place,
  problem: CelProblem,
  how: { readonly interpolation: boolean; readonly secret: boolean },
): void {
  const of = how.interpolation ? " of the value" : "";
  const where = `at line ${problem.line}, column ${problem.column}${of}`;
  const what = how.interpolation ? "has a CEL interpolation ${…}" : "is a CEL expression";
  // The parser's and the checker's words quote the text: not for a hidden one.
  const words = how.secret ? "" : `: ${problem.message}`;
  if (problem.warning) return walk.warn(place, `${what} ngrok may refuse, ${where}${words}`);
  const rule = !problem.syntax
    ? how.interpolation
      ? `${what} that ngrok refuses, ${where}`
      : `must be a CEL expression ngrok accepts; ${where}`
    : how.interpolation
      ? `${what} that does not parse, ${where}`
      : `must be a CEL expression; it does not parse ${where}`;
  walk.fail(place, `${rule}${words}${lineNote(walk, place)}`);
}

/** ` (line N of the policy)` for a text form whose node at `place` has a line. */
function lineNote(walk: Walk, place: Place): string {
  const line = walk.settings.lineOf?.(place.steps);
  return line === undefined ? "" : ` (line ${line} of the policy)`;
}
