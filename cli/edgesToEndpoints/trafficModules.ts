/**
 * The modules of an edge route that are not a sign-in, as traffic policy actions (see
 * `./modules`, which runs them in ngrok's order): `ip_restriction`'s IP policies,
 * `circuit_breaker` → `circuit-breaker`, `request_headers`/`response_headers` → `add-headers` and
 * `remove-headers`, `user_agent_filter` → `deny` rules; and the readers of a module's fields.
 *
 * @module
 */
import type { EdgeModule } from "./account";
import { celString, type PlanAction, type PolicyValue, type RuleTemplate, seconds } from "./policy";

export const text = (module: EdgeModule, name: string): string =>
  typeof module[name] === "string" ? module[name] : "";
export const count = (module: EdgeModule, name: string): number =>
  typeof module[name] === "number" ? module[name] : 0;
export const texts = (module: EdgeModule, name: string): string[] => {
  const value = module[name];
  return Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
};
export const yes = (module: EdgeModule, name: string): boolean => module[name] === true;

/** The ids of an `ip_restriction` module's IP policies. */
export function policyIds(module: EdgeModule): string[] {
  const policies = module.ip_policies;
  if (!Array.isArray(policies)) return [];
  return policies.flatMap((policy: unknown) =>
    typeof policy === "object" && policy !== null && "id" in policy && typeof policy.id === "string"
      ? [policy.id]
      : [],
  );
}

/** `circuit_breaker` → `circuit-breaker` (seconds as durations). */
export function circuitBreaker(module: EdgeModule, notes: string[]): PlanAction {
  const config: Record<string, PolicyValue> = {};
  const duration = (value: number) => value >= 1 && value <= 120;
  if (duration(count(module, "tripped_duration"))) {
    config.tripped_duration = seconds(count(module, "tripped_duration"));
  }
  if (duration(count(module, "rolling_window"))) {
    config.window_duration = seconds(count(module, "rolling_window"));
  }
  if (count(module, "volume_threshold") >= 1)
    config.volume_threshold = count(module, "volume_threshold");
  const threshold = module.error_threshold_percentage;
  if (typeof threshold === "number" && threshold >= 0 && threshold <= 1) {
    config.error_threshold = threshold;
  }
  if (count(module, "num_buckets") !== 0 && count(module, "num_buckets") !== 10) {
    notes.push("The circuit breaker's num_buckets is fixed at 10 in the action: left out.");
  }
  return { type: "circuit-breaker", config };
}

/** `request_headers`/`response_headers` → `add-headers` and `remove-headers`. */
export function headerActions(module: EdgeModule, notes: string[], name: string): PlanAction[] {
  const actions: PlanAction[] = [];
  const add = module.add;
  if (typeof add === "object" && add !== null && !Array.isArray(add)) {
    const headers = Object.fromEntries(
      Object.entries(add).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    if (Object.keys(headers).length > 0) actions.push({ type: "add-headers", config: { headers } });
    if (Object.values(headers).some((value) => value.includes("${"))) {
      notes.push(
        `The ${name} module's values use the edge's template variables: write them as CEL ` +
          "interpolations (e.g. ${actions.ngrok.oidc.identity.email}).",
      );
    }
  }
  const remove = texts(module, "remove");
  if (remove.length > 0) actions.push({ type: "remove-headers", config: { headers: remove } });
  return actions;
}

/** `user_agent_filter` → a `deny` of the agents denied, and of those not allowed. */
export function userAgentRules(module: EdgeModule): RuleTemplate[] {
  const matches = (patterns: string[]) =>
    patterns.map((pattern) => `req.user_agent.raw.matches(${celString(pattern)})`).join(" || ");
  const rules: RuleTemplate[] = [];
  const deny = texts(module, "deny");
  const allow = texts(module, "allow");
  const denied: PlanAction[] = [{ type: "deny", config: { status_code: 403 } }];
  if (deny.length > 0) rules.push({ extra: [matches(deny)], actions: denied });
  if (allow.length > 0) rules.push({ extra: [`!(${matches(allow)})`], actions: denied });
  return rules;
}
