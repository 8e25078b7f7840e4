/**
 * Writes the valid traffic policy corpus (tests/fixtures/traffic-policy/corpus/README.md): every
 * policy in local copies of ngrok's repositories, read at their HEAD, with where it is.
 *
 * ```sh
 * npm run build
 * node dist/tools/trafficPolicyCorpus/index.js --docs <ngrok-docs> --operator <ngrok-operator> \
 *   --terraform <terraform-provider-ngrok> [--out <folder>]
 * ```
 *
 * Each path is a clone, a work tree or a bare git directory (read with git; nothing is fetched).
 * `--out` defaults to the corpus folder's `valid/`, which git ignores: the policies are ngrok's,
 * not this repository's to publish. It gets `<source>.jsonl` (one `CorpusEntry` per line, see
 * `./entry`) and `SOURCES.json` (each source's commit, counts and what was passed over).
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { type CorpusEntry, type CorpusSource, type CorpusSummary, CORPUS_SOURCES } from "./entry";
import { gitTree } from "./git";
import { actionPhases, type Extracted, fromDocs, fromOperator } from "./sources";
import { fromTerraform } from "./terraform";

/** The corpus folder, from `dist/tools/trafficPolicyCorpus/`. */
const CORPUS = path.resolve(__dirname, "../../../tests/fixtures/traffic-policy/corpus");

/** The entries in a stable order: by path, then block, then place in the block. */
function ordered(entries: readonly CorpusEntry[]): CorpusEntry[] {
  return [...entries].sort(
    (a, b) =>
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
      a.block - b.block ||
      a.line - b.line ||
      (a.at < b.at ? -1 : a.at > b.at ? 1 : 0),
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      docs: { type: "string" },
      operator: { type: "string" },
      terraform: { type: "string" },
      out: { type: "string", default: path.join(CORPUS, "valid") },
    },
  });
  const { docs, operator, terraform, out } = values;
  if (docs === undefined || operator === undefined || terraform === undefined) {
    throw new Error("give --docs, --operator and --terraform: local copies of the repositories");
  }
  const docsTree = gitTree(docs);
  const actions = actionPhases(docsTree);
  const operatorTree = gitTree(operator);
  const terraformTree = gitTree(terraform);
  const results: Record<CorpusSource, [string, Extracted]> = {
    "ngrok-docs": [docsTree.commit, fromDocs(docsTree, actions)],
    "ngrok-operator": [operatorTree.commit, fromOperator(operatorTree, actions)],
    "terraform-provider-ngrok": [terraformTree.commit, await fromTerraform(terraformTree, actions)],
  };
  fs.mkdirSync(out, { recursive: true });
  const summary: Record<string, CorpusSummary> = {};
  for (const [source, [commit, extracted]] of Object.entries(results)) {
    const lines = ordered(extracted.entries).map((entry) => `${JSON.stringify(entry)}\n`);
    fs.writeFileSync(path.join(out, `${source}.jsonl`), lines.join(""));
    summary[source] = {
      repository: CORPUS_SOURCES[source as CorpusSource],
      commit,
      policies: lines.length,
      skipped: extracted.skipped,
    };
    console.log(`${source} at ${commit}: ${lines.length} policies`);
  }
  fs.writeFileSync(path.join(out, "SOURCES.json"), `${JSON.stringify(summary, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
