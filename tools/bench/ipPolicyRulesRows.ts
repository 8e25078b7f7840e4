/**
 * The names of the IP policy rules benchmark's section and headline rows (ipPolicyRules.ts), and
 * the summary's line that quotes them (report.ts), so that a renamed row cannot leave the summary
 * behind.
 *
 * @module
 */
import type { Found } from "./report";

/** The section's title. */
export const IP_POLICY_RULES_TITLE = "IP policy rules at ngrok's rate (real CLI, #50)";

/** The rules of the stack the benchmark and the summary quote (the 300). */
export const RULES = 300;

/** The headline rows of a stack of `rules` rules. */
export const ipPolicyRulesMeasures = (rules: number) => ({
  wall: `${rules} IP policy rules: up + update + refresh + destroy, wall time ÷ (accepted requests ÷ rate)`,
  refused: `${rules} IP policy rules: requests answered 429`,
  perRule: `${rules} IP policy rules: most rule requests per rule in a step`,
  failures: `${rules} IP policy rules: failures (resources)`,
  orphans: `${rules} IP policy rules: orphans (policies and rules, worst step)`,
});

const NOT_MEASURED = "(not in this file)";

/**
 * The summary's bullet on the 300 rules. `find` looks a row's median up in the current sections
 * by title prefix and measure (noting it missing when absent); `runOf` names the runs of the
 * figures found.
 */
export function ipPolicyRulesSummary(
  find: (titlePrefix: string, measure: string) => Found | undefined,
  runOf: (found: (Found | undefined)[]) => string,
): string {
  const measures = ipPolicyRulesMeasures(RULES);
  const found = [
    find(IP_POLICY_RULES_TITLE, measures.wall),
    find(IP_POLICY_RULES_TITLE, measures.refused),
    find(IP_POLICY_RULES_TITLE, measures.perRule),
    find(IP_POLICY_RULES_TITLE, measures.failures),
    find(IP_POLICY_RULES_TITLE, measures.orphans),
  ];
  const [wall, refused, perRule, failures, orphans] = found.map((f) => f?.median ?? NOT_MEASURED);
  return (
    `- **At scale, an IP policy with ${RULES} rules** (ngrok's Terraform provider runs into the ` +
    "120 requests per minute writing rules one by one): created, every rule updated, refreshed " +
    `and destroyed at ngrok's rate in ${wall} of the time the limit allows, with ${refused} ` +
    `requests answered 429, at most ${perRule} request per rule in a step (plus the policy's ` +
    `own), ${failures} failures and ${orphans} orphans${runOf(found)}.`
  );
}
