/**
 * The traffic policy corpus (tests/fixtures/traffic-policy/corpus/README.md) through
 * `checkTrafficPolicy` (issue #49):
 * - every policy of ngrok's own documents (the valid corpus, extracted by
 *   tools/trafficPolicyCorpus into the corpus folder's `valid/`, which git ignores) passes, except
 *   the exceptions of `expectations.yaml`, each with its reason;
 * - every policy of `invalid.yaml` (one per documented rule) is refused at its path, except the
 *   gaps of `expectations.yaml`, each naming the rule the check lacks.
 * Both lists are exact: a listed policy that the check now judges right fails the test (remove
 * its entry), and so does an unlisted one it judges wrong.
 *
 * Without `valid/` (a fresh clone: ngrok's documents are not this repository's to publish) the
 * valid corpus's tests are skipped, with the reason printed.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as YAML from "yaml";
import {
  checkTrafficPolicy,
  type TrafficPolicyCheck,
  type TrafficPolicyCheckOptions,
} from "../../../provider/trafficPolicy";
import {
  CORPUS_SOURCES,
  type CorpusEntry,
  type CorpusSummary,
} from "../../../tools/trafficPolicyCorpus/entry";

const CORPUS = path.resolve(__dirname, "../../fixtures/traffic-policy/corpus");
const VALID = path.join(CORPUS, "valid");
/** SAML certificates' expiry is judged at a fixed date, so that the results keep still. */
const NOW = Date.parse("2026-09-01T00:00:00Z");

/** One policy of `invalid.yaml`. */
interface InvalidEntry {
  readonly id: string;
  readonly rule: string;
  readonly source: string;
  readonly url?: string;
  readonly form?: "object";
  readonly expect?: "warning";
  readonly path: string;
  readonly policy: string;
}

/** `expectations.yaml`. */
interface Expectations {
  readonly commits: Readonly<Record<string, string>>;
  readonly exceptions: readonly {
    readonly kind: "placeholder" | "documentationError" | "contested" | "stub";
    readonly error?: string;
    readonly reason: string;
    readonly policies: readonly string[];
  }[];
  readonly gaps: readonly { readonly rule: string; readonly policies: readonly string[] }[];
}

const read = (name: string): unknown =>
  YAML.parse(fs.readFileSync(path.join(CORPUS, name), "utf8"));
const EXPECTATIONS = read("expectations.yaml") as Expectations;
const INVALID = read("invalid.yaml") as InvalidEntry[];

/**
 * The check's options for a policy of the endpoint `url`, of type `endpoint` (a policy without a
 * URL is judged without the endpoint's rules; `checkTrafficPolicy` takes one with a URL for a
 * cloud endpoint's unless told `agent`).
 */
function optionsFor(
  url: string | undefined,
  endpoint?: "cloud" | "agent",
): TrafficPolicyCheckOptions {
  return {
    now: NOW,
    ...(url === undefined ? {} : { url }),
    ...(endpoint === undefined ? {} : { endpointType: endpoint }),
  };
}

/** Whether the result refuses the policy at `place`, or (for `expect: warning`) warns there. */
function judgedAt(result: TrafficPolicyCheck, entry: InvalidEntry): boolean {
  if (entry.expect === "warning") {
    return (
      result.failures.length === 0 &&
      result.warnings.some((warning) => warning.startsWith(`${entry.path} `))
    );
  }
  return result.failures.some((failure) => failure.path === entry.path);
}

/** `actual` less `listed`, and `listed` less `actual`: what the lists miss and what they keep. */
function differences(actual: readonly string[], listed: readonly string[]) {
  return {
    unlisted: actual.filter((id) => !listed.includes(id)).sort(),
    stale: listed.filter((id) => !actual.includes(id)).sort(),
  };
}

const counts: string[] = [];
afterAll(() => console.log(`Traffic policy corpus:\n${counts.join("\n")}`));

describe("the lists", () => {
  test("each exception has a kind and a reason, a documentation error its error code", () => {
    for (const group of EXPECTATIONS.exceptions) {
      expect(["placeholder", "documentationError", "contested", "stub"]).toContain(group.kind);
      expect(group.reason.length).toBeGreaterThan(20);
      if (group.kind === "documentationError") expect(group.error).toMatch(/^ERR_NGROK_\d+$/);
      expect(group.policies.length).toBeGreaterThan(0);
    }
    const ids = EXPECTATIONS.exceptions.flatMap((group) => group.policies);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("each invalid policy has a rule, a source and a path; each gap names some of them", () => {
    const ids = INVALID.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of INVALID) {
      expect(entry.rule.length).toBeGreaterThan(10);
      expect(entry.source).toMatch(/https:\/\/|ERR_NGROK_\d+|YAML 1\.2/);
      expect(entry.path).toMatch(/^trafficPolicy\b/);
    }
    const gaps = EXPECTATIONS.gaps.flatMap((gap) => gap.policies);
    expect(new Set(gaps).size).toBe(gaps.length);
    expect(gaps.filter((id) => !ids.includes(id))).toEqual([]);
  });
});

describe("the invalid corpus", () => {
  const missed = INVALID.filter((entry) => {
    const input = entry.form === "object" ? YAML.parse(entry.policy) : entry.policy;
    return !judgedAt(checkTrafficPolicy(input, optionsFor(entry.url)), entry);
  }).map((entry) => entry.id);
  const gaps = EXPECTATIONS.gaps.flatMap((gap) => gap.policies);
  counts.push(
    `  invalid: ${INVALID.length} tried, ${INVALID.length - missed.length} refused at their ` +
      `path (or warned, as decided), ${missed.length} gaps`,
  );

  test("every policy is refused at its path, except the listed gaps", () => {
    const { unlisted, stale } = differences(missed, gaps);
    // A new gap: a rule the check no longer applies, or a path it no longer names.
    expect(unlisted).toEqual([]);
    // A gap that closed: remove its entry from expectations.yaml.
    expect(stale).toEqual([]);
  });
});

/** The valid corpus's entries, or why there are none. */
function validCorpus():
  { entries: CorpusEntry[]; summary: Record<string, CorpusSummary> } | string {
  const sources = path.join(VALID, "SOURCES.json");
  if (!fs.existsSync(sources)) {
    return `${path.relative(CORPUS, VALID)}/ is not there: run tools/trafficPolicyCorpus (README.md)`;
  }
  const summary = JSON.parse(fs.readFileSync(sources, "utf8")) as Record<string, CorpusSummary>;
  const entries = Object.keys(CORPUS_SOURCES).flatMap((source) =>
    fs
      .readFileSync(path.join(VALID, `${source}.jsonl`), "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as CorpusEntry),
  );
  return { entries, summary };
}

const corpus = validCorpus();
if (typeof corpus === "string") console.log(`The valid corpus's tests are skipped: ${corpus}`);

(typeof corpus === "string" ? describe.skip : describe)("the valid corpus", () => {
  const { entries, summary } = typeof corpus === "string" ? { entries: [], summary: {} } : corpus;
  const results = new Map(
    entries.map((entry) => [
      entry.id,
      // The extractor says cloud wherever the document does (a CloudEndpoint, an API body of
      // type cloud, Terraform's ngrok_cloud_endpoint); a URL without a type is an agent's (an
      // agent config without `version`, an SDK's options).
      checkTrafficPolicy(entry.policy, optionsFor(entry.url, entry.endpoint ?? "agent")),
    ]),
  );
  const refused = entries
    .filter((entry) => (results.get(entry.id)?.failures.length ?? 0) > 0)
    .map((entry) => entry.id);
  const excepted = EXPECTATIONS.exceptions.flatMap((group) => group.policies);
  const warned = entries.filter((entry) => {
    const result = results.get(entry.id);
    return result !== undefined && result.failures.length === 0 && result.warnings.length > 0;
  }).length;
  const distinct = new Set(entries.map((entry) => entry.policy)).size;
  counts.unshift(
    `  valid: ${entries.length} tried (${distinct} distinct texts), ` +
      `${entries.length - refused.length} passed (${warned} with a warning), ` +
      `${refused.length} refused, all of them listed exceptions when the test passes`,
  );

  test("it was extracted at the commits the lists were made for", () => {
    const commits = Object.fromEntries(
      Object.entries(summary).map(([source, { commit }]) => [source, commit]),
    );
    expect(commits).toEqual(EXPECTATIONS.commits);
  });

  test("each entry has a unique id and its provenance", () => {
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    for (const entry of entries) {
      expect(entry.repository).toBe(CORPUS_SOURCES[entry.source]);
      expect(entry.commit).toBe(EXPECTATIONS.commits[entry.source]);
      expect(entry.line).toBeGreaterThan(0);
    }
  });

  test("every policy passes, except the listed exceptions", () => {
    const { unlisted, stale } = differences(refused, excepted);
    // A newly refused policy: a rule that refuses what ngrok's documents show working.
    expect(unlisted).toEqual([]);
    // An exception that passes now, or is no longer in the corpus: remove its entry.
    expect(stale).toEqual([]);
  });
});
