/**
 * Where each of ngrok's repositories keeps its policies, and how they are read:
 * - ngrok/ngrok-docs: the YAML and JSON code blocks of every page and snippet (`.mdx`, `.md`);
 * - ngrok/ngrok-operator: its YAML and JSON files (fixtures, test data, samples), the code blocks
 *   of its Markdown, and the raw strings (`` `…` ``) of its Go code;
 * - ngrok/terraform-provider-ngrok: `./terraform`.
 *
 * @module
 */
import * as YAML from "yaml";
import { entryId, type CorpusEntry, type CorpusSource, CORPUS_SOURCES } from "./entry";
import { fences } from "./fences";
import { type ActionPhases, findPolicies, type FoundPolicy, MENTIONS_PHASE } from "./find";
import type { GitTree } from "./git";

/** What one source gave: its entries, and what was passed over (reason → count). */
export interface Extracted {
  readonly entries: CorpusEntry[];
  readonly skipped: Record<string, number>;
}

/** The languages of code blocks read as YAML or JSON (`""`: a block with none). */
const DATA_LANGUAGES = new Set(["yaml", "yml", "json", "jsonc", "json5", ""]);

/** Where one text sits in its repository, for its entries. */
export interface Place {
  readonly source: CorpusSource;
  readonly tree: GitTree;
  readonly path: string;
  /** The line of the text in its file (from 1). */
  readonly line: number;
  readonly block: number;
  readonly language: string;
  readonly info?: string;
}

/** The entries of the policies `found` in a text at `place`. */
export function entriesOf(place: Place, found: readonly FoundPolicy[]): CorpusEntry[] {
  return found.map(({ line, ...policy }) => ({
    id: entryId(place.source, place.path, place.block, policy.at),
    source: place.source,
    repository: CORPUS_SOURCES[place.source],
    commit: place.tree.commit,
    path: place.path,
    line: place.line + line - 1,
    block: place.block,
    language: place.language,
    ...(place.info ? { info: place.info } : {}),
    ...policy,
  }));
}

/** Counts one more of `reason`. */
export function skip(skipped: Record<string, number>, reason: string): void {
  skipped[reason] = (skipped[reason] ?? 0) + 1;
}

/** The code blocks of a Markdown page: their policies, and what was passed over. */
function pagePolicies(
  place: Omit<Place, "line" | "block" | "language">,
  text: string,
  actions: ActionPhases,
  out: Extracted,
): void {
  for (const fence of fences(text)) {
    if (!DATA_LANGUAGES.has(fence.language)) {
      if (MENTIONS_PHASE.test(fence.text)) {
        skip(out.skipped, `a ${fence.language} block naming a phase (not YAML or JSON)`);
      }
      continue;
    }
    // An untagged block is read as YAML, but shown as a policy only when it is one.
    const found = findPolicies(fence.text, actions, fence.language !== "");
    const at = { ...place, line: fence.line + 1, block: fence.index, language: fence.language };
    out.entries.push(...entriesOf({ ...at, info: fence.info }, found));
  }
}

/**
 * The phases of each action in ngrok's Action Hub (`snippets/examples.yml` of ngrok-docs): what
 * fragments are wrapped by.
 */
export function actionPhases(docs: GitTree): ActionPhases {
  const text = docs.texts(["snippets/examples.yml"]).get("snippets/examples.yml") ?? "";
  const data: unknown = YAML.parse(text);
  const list = (data as { actions?: unknown } | null)?.actions;
  const out = new Map<string, readonly string[]>();
  for (const action of Array.isArray(list) ? list : []) {
    const { type, phases } = action as { type?: unknown; phases?: unknown };
    if (typeof type === "string" && Array.isArray(phases)) out.set(type, phases.map(String));
  }
  if (out.size === 0) throw new Error("ngrok-docs: no actions in snippets/examples.yml");
  return out;
}

/** Every policy of ngrok-docs' pages and snippets. */
export function fromDocs(tree: GitTree, actions: ActionPhases): Extracted {
  const out: Extracted = { entries: [], skipped: {} };
  const pages = tree.paths.filter((path) => /\.mdx?$/.test(path));
  for (const [path, text] of tree.texts(pages)) {
    pagePolicies({ source: "ngrok-docs", tree, path }, text, actions, out);
  }
  return out;
}

/** Every policy of ngrok-operator's data files, Markdown and Go raw strings. */
export function fromOperator(tree: GitTree, actions: ActionPhases): Extracted {
  const out: Extracted = { entries: [], skipped: {} };
  const wanted = tree.paths.filter((path) => /\.(ya?ml|json|md|go)$/.test(path));
  for (const [path, text] of tree.texts(wanted)) {
    const place = { source: "ngrok-operator" as const, tree, path };
    if (path.endsWith(".md")) {
      pagePolicies(place, text, actions, out);
    } else if (path.endsWith(".go")) {
      goStrings(text).forEach(({ text: literal, line }, index) => {
        if (!MENTIONS_PHASE.test(literal)) return;
        const found = findPolicies(literal, actions);
        const at = { ...place, line, block: index + 1, language: "go" };
        out.entries.push(...entriesOf(at, found));
      });
    } else if (MENTIONS_PHASE.test(text)) {
      const found = findPolicies(text, actions);
      if (found.length === 0) {
        skip(out.skipped, "a data file naming a phase, with no policy read (a Helm template, …)");
      }
      const language = path.endsWith(".json") ? "json" : "yaml";
      out.entries.push(...entriesOf({ ...place, line: 1, block: 1, language }, found));
    }
  }
  return out;
}

/** The raw string literals of Go code (`` `…` ``), each with the line it starts on. */
export function goStrings(code: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  // Comments, interpreted strings and runes are passed over, so that a backquote in them is not
  // taken for the start of a raw string.
  const token = /\/\/[^\n]*|\/\*[^]*?\*\/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`([^`]*)`/g;
  for (const match of code.matchAll(token)) {
    if (match[1] === undefined) continue;
    out.push({ text: match[1], line: code.slice(0, match.index).split("\n").length });
  }
  return out;
}
