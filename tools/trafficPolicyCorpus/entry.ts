/**
 * The valid corpus's format: one JSON object per line (`<source>.jsonl`), each a traffic policy
 * from one of ngrok's public repositories with where it is, written by `./index` and read by
 * `tests/provider/trafficPolicy/corpus.test.ts`.
 *
 * @module
 */

/** The repositories the corpus is taken from, by the name of their file. */
export const CORPUS_SOURCES = {
  "ngrok-docs": "ngrok/ngrok-docs",
  "ngrok-operator": "ngrok/ngrok-operator",
  "terraform-provider-ngrok": "ngrok/terraform-provider-ngrok",
} as const;

/** A source's name. */
export type CorpusSource = keyof typeof CORPUS_SOURCES;

/** One policy of the valid corpus. */
export interface CorpusEntry {
  /** `<source>:<path>#<block>[@<at>]`: stable while the document's blocks keep their order. */
  readonly id: string;
  readonly source: CorpusSource;
  /** The repository (`owner/name`), and its commit the policy was read at. */
  readonly repository: string;
  readonly commit: string;
  /** The file, and the line (from 1) of its code block or string. */
  readonly path: string;
  readonly line: number;
  /** The index of its code block among the page's (from 1), or of the string in the file. */
  readonly block: number;
  /** The block's language (`yaml`, `json`, …) or the file's kind (`go`, `hcl`). */
  readonly language: string;
  /** The rest of the block's info string, when it has one (e.g. `policy.yml {4-28}`). */
  readonly info?: string;
  /** Where in the block: `""` for all of it, else a path such as `spec.trafficPolicy.inline`. */
  readonly at: string;
  /** How a fragment was wrapped into a policy, e.g. `a rule, in on_http_request`. */
  readonly wrapped?: string;
  /** The endpoint it is for, when the document says. */
  readonly url?: string;
  readonly endpoint?: "cloud" | "agent";
  /** The policy as `checkTrafficPolicy` is given it (YAML or JSON text). */
  readonly policy: string;
}

/** What `./index` writes beside the entries (`SOURCES.json`): each source's commit and counts. */
export interface CorpusSummary {
  readonly repository: string;
  readonly commit: string;
  /** Policies written. */
  readonly policies: number;
  /** What was passed over, each with its reason and count. */
  readonly skipped: Readonly<Record<string, number>>;
}

/** An entry's id (see {@link CorpusEntry.id}). */
export function entryId(source: string, path: string, block: number, at: string): string {
  return `${source}:${path}#${block}${at === "" ? "" : `@${at}`}`;
}
