/**
 * At scale (#50): one `IpPolicy` and 300 `IpPolicyRule` through the real Pulumi CLI, against the
 * emulator with ngrok's rate limit on (120 requests per rolling 60 s) and the provider's pacing on
 * (its default): `pulumi up`, an update of every rule (its description, in place), `pulumi
 * refresh` and `pulumi destroy`, as pacing.ts runs 300 SSH CAs. ngrok's Terraform provider sends
 * rules one by one and runs into that limit (terraform-provider-ngrok issue #35); here each step
 * must keep to one request per rule, plus the policy's own, with no request answered 429.
 *
 * Requests (and 429 answers) are counted from the emulator's request log around each step, split
 * by path into the rules' (`/ip_policy_rules`) and the policy's (`/ip_policies`); failures from the
 * CLI's result and the engine's events; orphans (policies and rules in the emulator that the state
 * does not hold, or that destroy left) from the emulator's snapshot after each step.
 *
 * @module
 */
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { RealStack } from "../devtools/realStack";
import { engineCli } from "./engineRun";
import type { Consumer } from "./installedPackage";
import { progress } from "./progress";
import type { Row, Section } from "./report";
import { exact } from "./stats";
import { IP_POLICY_RULES_TITLE, ipPolicyRulesMeasures, RULES } from "./ipPolicyRulesRows";

/** ngrok's limit, which is also the provider's default pacing (as pacing.ts). */
const LIMIT = { requests: 120, windowMs: 60_000 };
/** The steps, in order; `update` is `pulumi up` with every rule's description changed. */
const STEPS = ["up", "update", "refresh", "destroy"] as const;
export type StepName = (typeof STEPS)[number];
/** The emulator's collections of the two resources. */
const POLICIES = "/ip_policies";
const RULE_PATH = "/ip_policy_rules";

/** What one step cost. */
export interface Step {
  readonly ok: boolean;
  readonly ms: number;
  readonly sent: number;
  readonly refused: number;
  /** Requests to `/ip_policy_rules…` and to `/ip_policies…`. */
  readonly ruleRequests: number;
  readonly policyRequests: number;
  readonly failures: number;
  readonly orphans: number;
  readonly error?: string;
}

/** The policy's own requests at ngrok's floor: none in the update (only the rules change). */
const POLICY_FLOOR: Record<StepName, number> = { up: 1, update: 0, refresh: 1, destroy: 1 };

/** Runs the four steps on a fresh emulator with the rate limit, `rules` rules. */
export async function measureIpPolicyRules(
  consumer: Consumer,
  rules: number = RULES,
): Promise<Section> {
  const cli = engineCli(consumer, "the IP policy rules benchmark");
  const emulator = await startEmulator({ port: 0, rateLimit: LIMIT });
  const steps = {} as Record<StepName, Step>;
  try {
    const stack = await RealStack.create({
      cli,
      programDir: consumer.dir,
      main: "engine.js",
      projectName: "bench-ip-policy-rules",
      config: {
        count: { value: String(rules) },
        kind: { value: "ipPolicyRules" },
        "ngrok:apiBaseUrl": { value: emulator.url },
        "ngrok:apiKey": { value: emulator.apiKey, secret: true },
      },
    });
    try {
      for (const name of STEPS) {
        if (name === "update") {
          await stack.setConfig({ ruleDescription: { value: "bench rule, updated" } });
        }
        const op = name === "update" ? "up" : name;
        const before = emulator.requests.length;
        const result = await stack.run(op, { timeoutMs: 20 * 60_000 });
        const requests = emulator.requests.slice(before);
        const failed = result.steps.filter((s) => s.event === "failed").length;
        const held =
          name === "destroy"
            ? new Set<string>()
            : new Set(stack.checkpointResources().map((r) => r.id ?? ""));
        steps[name] = {
          ok: result.ok,
          ms: result.durationMs,
          sent: requests.length,
          refused: requests.filter((r) => r.status === 429).length,
          ruleRequests: requests.filter((r) => r.path.startsWith(RULE_PATH)).length,
          policyRequests: requests.filter((r) => r.path.startsWith(POLICIES)).length,
          failures: failed > 0 ? failed : result.ok ? 0 : 1,
          orphans: orphans(emulator, held),
          error: result.ok ? undefined : result.error?.slice(0, 300),
        };
        progress(
          `IP policy rules: ${rules} rules, ${name}: ${(result.durationMs / 1000).toFixed(1)} s, ` +
            `${steps[name].sent} requests, ${steps[name].refused} answered 429` +
            `${result.ok ? "" : ", FAILED"}`,
        );
      }
    } finally {
      await stack.remove();
    }
  } finally {
    await emulator.close();
  }
  return ipPolicyRulesSection(steps, rules, cli.version);
}

/** Policies and rules in the emulator that `held` (the state's ids) does not hold. */
function orphans(emulator: RunningEmulator, held: ReadonlySet<string>): number {
  const { collections } = emulator.snapshot();
  return [POLICIES, RULE_PATH]
    .flatMap((path) => collections[path] ?? [])
    .filter((object) => !held.has(String(object.id))).length;
}

/** The floor of a step: the requests the API accepted ÷ the rate, in milliseconds. */
function floorMs(step: Step): number {
  return ((step.sent - step.refused) * LIMIT.windowMs) / LIMIT.requests;
}

/** The section of one run's steps (exported for its test). */
export function ipPolicyRulesSection(
  steps: Record<StepName, Step>,
  rules: number,
  cliVersion: string,
): Section {
  const rows: Row[] = [];
  const label = `${rules} IP policy rules`;
  const measures = ipPolicyRulesMeasures(rules);
  const target = (value: number, limit: number, text: string, why: string) => ({
    target: text,
    met: value <= limit,
    why: value <= limit ? undefined : why,
  });
  for (const name of STEPS) {
    const step = steps[name];
    const ratio = step.ms / floorMs(step);
    rows.push({
      measure: `${label}: ${name}, wall time ÷ (accepted requests ÷ rate)`,
      figure: exact(ratio),
      unit: "×",
      ...target(
        ratio,
        1.1,
        "≤ 1.1",
        `${name}: ${(step.ms / 1000).toFixed(1)} s for a floor of ${(floorMs(step) / 1000).toFixed(1)} s`,
      ),
    });
  }
  for (const name of STEPS) {
    const step = steps[name];
    rows.push({
      measure: `${label}: ${name}, rule requests ÷ rules`,
      figure: exact(step.ruleRequests / rules),
      unit: "×",
      ...target(
        step.ruleRequests / rules,
        1,
        "≤ 1",
        `${step.ruleRequests} requests to ${RULE_PATH} for ${rules} rules`,
      ),
    });
    rows.push({
      measure: `${label}: ${name}, the policy's own requests`,
      figure: exact(step.policyRequests),
      unit: "requests",
      ...target(
        step.policyRequests,
        POLICY_FLOOR[name],
        `≤ ${POLICY_FLOOR[name]}`,
        `${step.policyRequests} requests to ${POLICIES}`,
      ),
    });
    rows.push({
      measure: `${label}: ${name}, requests sent`,
      figure: exact(step.sent),
      unit: "requests",
    });
  }
  const total = (of: (s: Step) => number) => STEPS.reduce((sum, name) => sum + of(steps[name]), 0);
  const wall = total((s) => s.ms);
  const floor = total(floorMs);
  rows.push({
    measure: measures.wall,
    figure: exact(wall / floor),
    unit: "×",
    ...target(
      wall / floor,
      1.1,
      "≤ 1.1",
      `${(wall / 1000).toFixed(0)} s for a floor of ${(floor / 1000).toFixed(0)} s`,
    ),
  });
  const refused = total((s) => s.refused);
  const sent = total((s) => s.sent);
  rows.push({
    measure: measures.refused,
    figure: exact(refused),
    unit: "requests",
    ...target(refused, 0, "0", `${refused} of ${sent} requests answered 429`),
  });
  const perRule = Math.max(...STEPS.map((name) => steps[name].ruleRequests / rules));
  rows.push({
    measure: measures.perRule,
    figure: exact(perRule),
    unit: "×",
    ...target(perRule, 1, "≤ 1", `${perRule.toFixed(2)} rule requests per rule in a step`),
  });
  for (const [name, of] of [
    ["failures", (s: Step) => s.failures],
    ["orphans", (s: Step) => s.orphans],
  ] as const) {
    const value = Math.max(...STEPS.map((step) => of(steps[step])));
    rows.push({
      measure: measures[name],
      figure: exact(value),
      unit: "count",
      ...target(value, 0, "0", `${value} ${name}`),
    });
  }
  const failed = STEPS.filter((name) => !steps[name].ok).map(
    (name) => `${name}: ${steps[name].error ?? "failed"}`,
  );
  return {
    title: IP_POLICY_RULES_TITLE,
    rows,
    notes: [
      `Pulumi CLI ${cliVersion}, Automation API inline programs (tools/devtools/realStack), the ` +
        "package installed from `npm pack`, the program tools/bench/engineProgram.ts (kind " +
        `\`ipPolicyRules\`: one IpPolicy and ${rules} IpPolicyRule, each a distinct /32 block). The ` +
        `emulator's rate limit is ngrok's: ${LIMIT.requests} requests per rolling ` +
        `${LIMIT.windowMs / 1000} s (429 ERR_NGROK_226 beyond it); the provider's pacing is its ` +
        "default (`ngrok:maxRequestsPerMinute` unset: 120 per 60 s).",
      "The steps run once, back to back, on one emulator: `pulumi up` (the policy, then the " +
        "rules), `pulumi up` with every rule's description changed (an update in place, one " +
        "`PATCH` each), `pulumi refresh`, `pulumi destroy`. Each is a new provider process; the " +
        "provider's pacing memory carries the window from one to the next.",
      "Why: ngrok's Terraform provider writes rules one by one and runs into the 120 requests " +
        "per minute (ngrok/terraform-provider-ngrok issue #35). The floor of a step is the " +
        "requests the emulator accepted ÷ the rate; the first 120 requests of an empty window go " +
        "at once, so a step can beat its floor. At 120 per minute each step takes about 2.5 " +
        "minutes by design.",
      "Requests per rule: the requests to `/ip_policy_rules…` ÷ the rules, target ≤ 1 (ngrok's " +
        "floor: one `POST`, `PATCH`, `GET` or `DELETE` per rule); the policy's own requests " +
        "(to `/ip_policies…`) are counted apart, at most one per step and none in the update.",
      "The machine (2 CPUs) was shared with other engineers' builds and tests during the run: " +
        "the wall times are inflated, the request counts and the 429 count are not.",
      ...(failed.length > 0 ? [`Failed steps: ${failed.join("; ")}.`] : []),
    ],
  };
}
