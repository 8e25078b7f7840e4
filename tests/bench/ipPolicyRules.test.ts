/**
 * The section of the 300-rule benchmark (tools/bench/ipPolicyRules.ts), from the figures of its
 * steps: each step against the rate limit's floor, the requests per rule with the policy's own
 * apart, the 429 answers, failures and orphans, each target met only when the figures meet it;
 * and the summary's line on it (tools/bench/ipPolicyRulesRows.ts) quotes the committed rows.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { ipPolicyRulesSection, type Step } from "../../dist/tools/bench/ipPolicyRules";
import {
  IP_POLICY_RULES_TITLE,
  ipPolicyRulesMeasures,
  RULES,
} from "../../dist/tools/bench/ipPolicyRulesRows";
import { renderSummary } from "../../dist/tools/bench/report";
import { parseDocument } from "../../dist/tools/bench/splice";
import { REPO } from "../support/repo";

/** A step at ngrok's floor: one request per rule (plus `policy`), at 120 per 60 s. */
const step = (policy: number, overrides: Partial<Step> = {}): Step => ({
  ok: true,
  ms: (RULES + policy) * 500,
  sent: RULES + policy,
  refused: 0,
  ruleRequests: RULES,
  policyRequests: policy,
  failures: 0,
  orphans: 0,
  ...overrides,
});
const AT_FLOOR = { up: step(1), update: step(0), refresh: step(1), destroy: step(1) };
const measures = ipPolicyRulesMeasures(RULES);
const row = (steps: typeof AT_FLOOR, measure: string) =>
  ipPolicyRulesSection(steps, RULES, "3.276.0").rows.find((r) => r.measure === measure)!;

test("at ngrok's floor every target is met", () => {
  const section = ipPolicyRulesSection(AT_FLOOR, RULES, "3.276.0");
  expect(section.title).toBe(IP_POLICY_RULES_TITLE);
  const targeted = section.rows.filter((r) => r.target !== undefined);
  expect(targeted.length).toBeGreaterThan(10);
  expect(targeted.filter((r) => !r.met).map((r) => r.measure)).toEqual([]);
  expect(row(AT_FLOOR, measures.wall).figure?.median).toBeCloseTo(1, 5);
});

test("a 429, a second request per rule, a policy request in the update or an orphan is a miss", () => {
  const refused = { ...AT_FLOOR, refresh: step(1, { sent: RULES + 2, refused: 1 }) };
  expect(row(refused, measures.refused)).toMatchObject({ met: false, figure: { median: 1 } });
  const twice = { ...AT_FLOOR, update: step(0, { ruleRequests: 2 * RULES }) };
  expect(row(twice, measures.perRule)).toMatchObject({ met: false, figure: { median: 2 } });
  const policy = { ...AT_FLOOR, update: step(0, { policyRequests: 1 }) };
  expect(row(policy, `${RULES} IP policy rules: update, the policy's own requests`).met).toBe(
    false,
  );
  const orphan = { ...AT_FLOOR, destroy: step(1, { orphans: 1 }) };
  expect(row(orphan, measures.orphans)).toMatchObject({ met: false });
  const slow = { ...AT_FLOOR, up: step(1, { ms: 2 * (RULES + 1) * 500 }) };
  expect(
    row(slow, `${RULES} IP policy rules: up, wall time ÷ (accepted requests ÷ rate)`).met,
  ).toBe(false);
});

test("the summary quotes the committed 300-rule rows", () => {
  const sections = parseDocument(fs.readFileSync(path.join(REPO, "BENCHMARKS.md"), "utf8"));
  const rules = sections.find((s) => s.title === IP_POLICY_RULES_TITLE)!;
  const cell = (measure: string) => rules.rows.find((r) => r[0] === measure)![1];
  const summary = renderSummary(sections);
  expect(summary).toContain(
    `${cell(measures.wall)} of the time the limit allows, with ${cell(measures.refused)} requests answered 429`,
  );
  expect(cell(measures.refused)).toBe("0");
});
