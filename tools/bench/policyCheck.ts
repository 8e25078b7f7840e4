/**
 * The traffic policy check (issue #49): how long `checkTrafficPolicy` takes on a YAML policy of
 * 10, 100, 1,000 and 5,000 rules, each with a CEL expression and an interpolation (every one
 * distinct, so that nothing is answered twice), parsed and type-checked against ngrok's
 * variables. Warm: in this process, after one check of each size, the median of the rounds.
 * Cold: a fresh Node.js process that loads the compiled check and checks the 1,000-rule policy
 * once, as a `pulumi preview` does (its `@bufbuild/cel` and `yaml` loads included, Node.js's own
 * start not): the target, under 1 s.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { checkTrafficPolicy } from "../../provider/trafficPolicy";
import { REPO } from "./installedPackage";
import { progress } from "./progress";
import type { Row, Section } from "./report";
import { exact, summarize } from "./stats";

/** The policy sizes measured warm, in rules. */
const SIZES = [10, 100, 1_000, 5_000] as const;
/** The size measured cold, and its target. */
const COLD_RULES = 1_000;
const COLD_TARGET_MS = 1_000;

/** A YAML policy of `rules` rules, each with an expression and an interpolation of its own. */
export function policyOfRules(rules: number): string {
  const lines = ["on_http_request:"];
  for (let i = 0; i < rules; i++) {
    lines.push(
      `  - name: rule ${i}`,
      "    expressions:",
      `      - "req.url.path.startsWith('/api/v${i}/') && conn.client_ip.geo.location.country_code != 'X${i}'"`,
      "    actions:",
      "      - type: add-headers",
      "        config:",
      "          headers:",
      `            x-rule-${i}: "\${conn.geo.country_code}-${i}"`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Milliseconds `checkTrafficPolicy` takes on `policy`; throws if the policy does not pass. */
function timeCheck(policy: string): number {
  const start = performance.now();
  const { failures } = checkTrafficPolicy(policy);
  const ms = performance.now() - start;
  if (failures.length > 0) throw new Error(`the benchmark's policy fails: ${failures[0].reason}`);
  return ms;
}

/**
 * Milliseconds a fresh process takes to load the compiled check and check `rules` rules: the
 * time, and the CPU time its threads spent (the compiler's and the collector's included).
 */
function coldCheck(rules: number): { ms: number; cpuMs: number } {
  const module = path.join(REPO, "dist/provider/trafficPolicy/index.js");
  const bench = path.join(REPO, "dist/tools/bench/policyCheck.js");
  const script = `
    const policy = require(${JSON.stringify(bench)}).policyOfRules(${rules});
    const cpu = process.cpuUsage();
    const start = performance.now();
    const { failures } = require(${JSON.stringify(module)}).checkTrafficPolicy(policy);
    const ms = performance.now() - start;
    const { user, system } = process.cpuUsage(cpu);
    if (failures.length > 0) throw new Error(failures[0].reason);
    process.stdout.write(JSON.stringify({ ms, cpuMs: (user + system) / 1000 }));`;
  const output = execFileSync(process.execPath, ["-e", script], { encoding: "utf8" });
  const { ms, cpuMs } = JSON.parse(output) as { ms: number; cpuMs: number };
  return { ms, cpuMs };
}

/** Measures `rounds` rounds of each size warm, and `rounds` cold checks. */
export async function measurePolicyCheck(rounds: number): Promise<Section> {
  const policies = SIZES.map((rules) => ({ rules, text: policyOfRules(rules) }));
  for (const { text } of policies) timeCheck(text); // warm-up: the parser, the environment, JIT
  const warm = new Map<number, number[]>(SIZES.map((rules) => [rules, []]));
  const cold: number[] = [];
  const coldCpu: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const { rules, text } of policies) warm.get(rules)?.push(timeCheck(text));
    const { ms, cpuMs } = coldCheck(COLD_RULES);
    cold.push(ms);
    coldCpu.push(cpuMs);
    progress(`traffic policy check: round ${round + 1}/${rounds} done`);
  }
  const median = (rules: number) => summarize(warm.get(rules) ?? []).median;
  const coldFigure = summarize(cold);
  const rows: Row[] = [
    {
      measure: `cold: load the check and check ${COLD_RULES.toLocaleString("en")} rules`,
      figure: coldFigure,
      unit: "ms",
      decimals: 0,
      target: `< ${COLD_TARGET_MS} ms`,
      met: coldFigure.median < COLD_TARGET_MS,
      why: "the YAML reader and the CEL parser, cold, take longer than the issue's budget here",
    },
    {
      measure: `cold: CPU time of the same`,
      figure: summarize(coldCpu),
      unit: "ms CPU",
      decimals: 0,
    },
    ...SIZES.map((rules): Row => ({
      measure: `warm: check ${rules.toLocaleString("en")} rules`,
      figure: summarize(warm.get(rules) ?? []),
      unit: "ms",
      decimals: rules < 100 ? 2 : 0,
    })),
    {
      measure: "growth: time per rule at 5,000 rules ÷ at 1,000",
      figure: exact(median(5_000) / 5_000 / (median(1_000) / 1_000), rounds),
      unit: "×",
    },
  ];
  return {
    title: "Traffic policy check (#49)",
    rows,
    notes: [
      "Each rule holds one expression (`req.url.path.startsWith(…) && conn.client_ip.geo.location.country_code != …`, each distinct) and one interpolation in an `add-headers` header (`${conn.geo.country_code}-<n>`, a variable's path as ngrok's docs write them), in one YAML text: `checkTrafficPolicy` reads the YAML, walks the policy, parses each expression with `@bufbuild/cel` (a bare path needs no parser) and type-checks each against ngrok's variables (`provider/trafficPolicy/celCheck.ts`).",
      "Warm: in the benchmark's process, after one check of each size. Cold: a fresh `node` that requires the compiled check and checks once; the time starts before the `require`, so it holds loading `yaml` and `@bufbuild/cel`, not Node.js's own start. Its CPU time counts every thread (V8 compiles and collects on others): on a busy machine it is the steadier figure.",
      "Growth near 1× means the check is linear in the rules.",
    ],
  };
}
