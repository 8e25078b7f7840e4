/**
 * The forms a traffic policy is given in, read into one value: an object (the SDKs give one, in
 * camelCase), or a YAML or JSON text (as ngrok's docs write it, in snake_case), read with the
 * `yaml` package (YAML 1.2, of which JSON is a part; loaded only for a text).
 *
 * A text is refused when it is not one YAML document (a syntax error, with its line and column),
 * when a map repeats a key, or when it expands aliases past a limit (a "billion laughs"). The
 * messages are the `yaml` package's own words without its excerpt of the text (which could show
 * a secret), with the line and column. A number is read as its text says (`./numbers`: `1.0`
 * stays `1.0`).
 *
 * @module
 */
import { load } from "../lazy";
import { keepingNumbers } from "./numbers";
import type { PathStep, PolicyForm } from "./report";

/** A policy read from its form. */
export type PolicyReading =
  | {
      readonly ok: true;
      readonly form: PolicyForm;
      /** The policy as a JavaScript value (the object as given, or the text's data). */
      readonly value: unknown;
      /** The line (from 1) of the value at `steps` in a text, when it is there. */
      readonly lineOf?: (steps: readonly PathStep[]) => number | undefined;
      /**
       * The tag of the scalar at `steps` in a YAML text, when it is a local one (`!…`): what
       * YAML made of an unquoted value starting with `!`.
       */
      readonly tagOf?: (steps: readonly PathStep[]) => string | undefined;
    }
  | { readonly ok: false; readonly form: PolicyForm; readonly reason: string };

/** Aliases a text may expand (the `yaml` package's default is 100). */
const MAX_ALIAS_COUNT = 100;

/** Reads `input`: a string is a YAML or JSON text, anything else the object form. */
export function readPolicy(input: unknown): PolicyReading {
  if (typeof input !== "string") return { ok: true, form: "object", value: input };
  const form: PolicyForm = /^\s*[{[]/.test(input) ? "json" : "yaml";
  if (input.trim() === "") {
    return { ok: false, form, reason: "is empty: give a policy such as on_http_request: […]" };
  }
  const yaml = load.yaml();
  const lines = new yaml.LineCounter();
  const document = yaml.parseDocument(input, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: true,
    version: "1.2",
    customTags: keepingNumbers,
  });
  const [error] = document.errors;
  if (error !== undefined) {
    const { line, col } = lines.linePos(error.pos[0]);
    const what = form === "json" ? "JSON" : "YAML";
    const words = error.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
    return {
      ok: false,
      form,
      reason: `is not valid ${what} at line ${line}, column ${col}: ${words}`,
    };
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch {
    return {
      ok: false,
      form,
      reason: `expands more than ${MAX_ALIAS_COUNT} YAML aliases: write the policy out instead`,
    };
  }
  const lineOf = (steps: readonly PathStep[]) => {
    const node = document.getIn(steps, true);
    if (!yaml.isNode(node) || node.range === undefined || node.range === null) return undefined;
    return lines.linePos(node.range[0]).line;
  };
  const tagOf = (steps: readonly PathStep[]) => {
    const node = document.getIn(steps, true);
    return yaml.isScalar(node) && node.tag?.startsWith("!") ? node.tag : undefined;
  };
  return { ok: true, form, value, lineOf, tagOf };
}
