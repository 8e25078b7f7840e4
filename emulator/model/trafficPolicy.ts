/**
 * A cloud endpoint's traffic policy, checked as ngrok documents it and stored as sent (the
 * string, byte for byte). The policy is YAML or JSON (JSON is YAML): a mapping of phases to lists
 * of rules (https://ngrok.com/docs/traffic-policy/), each rule a mapping of `name`, `expressions`
 * (CEL strings) and `actions` (each a mapping of `type` and `config`).
 *
 * - not YAML, not a mapping, a malformed rule or action → ERR_NGROK_9026 "The TrafficPolicy you
 *   provided is invalid: <reason>.";
 * - a phase the endpoint's protocol lacks → ERR_NGROK_2230 "Invalid Traffic Policy phase <phase>
 *   for protocol <protocol>." (HTTP and HTTPS endpoints have `on_http_request`,
 *   `on_http_response` and `on_tcp_connect`; TCP and TLS endpoints `on_tcp_connect`).
 *
 * Not checked (the emulator does not run policies): CEL expressions, and the action types and
 * their configs (ngrok's ERR_NGROK_2202, an action a phase does not support, included).
 */
import { parse } from "yaml";
import { apiErrors } from "../errors";
import { isPlainObject } from "./validation";

const HTTP_PHASES = ["on_http_request", "on_http_response", "on_tcp_connect"];

/** The phases of each protocol (the URL's scheme). */
export const TRAFFIC_POLICY_PHASES: Readonly<Record<string, readonly string[]>> = {
  http: HTTP_PHASES,
  https: HTTP_PHASES,
  tcp: ["on_tcp_connect"],
  tls: ["on_tcp_connect"],
};

const RULE_FIELDS = ["name", "expressions", "actions"];
const ACTION_FIELDS = ["type", "config"];

function invalid(reason: string): Error {
  return apiErrors.trafficPolicyInvalid(reason);
}

function checkAction(action: unknown, where: string): void {
  if (!isPlainObject(action)) throw invalid(`${where} is not a mapping`);
  const unknown = Object.keys(action).find((key) => !ACTION_FIELDS.includes(key));
  if (unknown !== undefined) throw invalid(`${where} has an unknown field ${unknown}`);
  if (typeof action.type !== "string" || action.type === "") {
    throw invalid(`${where} has no type`);
  }
  if (action.config !== undefined && action.config !== null && !isPlainObject(action.config)) {
    throw invalid(`${where}.config is not a mapping`);
  }
}

function checkRule(rule: unknown, where: string): void {
  if (!isPlainObject(rule)) throw invalid(`${where} is not a mapping`);
  const unknown = Object.keys(rule).find((key) => !RULE_FIELDS.includes(key));
  if (unknown !== undefined) throw invalid(`${where} has an unknown field ${unknown}`);
  if (rule.name !== undefined && typeof rule.name !== "string") {
    throw invalid(`${where}.name is not a string`);
  }
  const { expressions, actions } = rule;
  if (
    expressions !== undefined &&
    expressions !== null &&
    !(Array.isArray(expressions) && expressions.every((e) => typeof e === "string"))
  ) {
    throw invalid(`${where}.expressions is not a list of strings`);
  }
  if (!Array.isArray(actions) || actions.length === 0) {
    throw invalid(`${where} has no actions`);
  }
  actions.forEach((action, i) => checkAction(action, `${where}.actions[${i}]`));
}

/** The parsed policy, or ERR_NGROK_9026 with the parser's first line. */
function parsePolicy(policy: string): unknown {
  try {
    return parse(policy, { uniqueKeys: true, prettyErrors: false });
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw invalid(`it is neither JSON nor YAML (${message})`);
  }
}

/**
 * Checks a traffic policy for an endpoint of `protocol` (`http`, `https`, `tcp`, `tls`): the
 * rules of the module comment. Returns nothing: the policy is stored as sent.
 */
export function checkTrafficPolicy(policy: string, protocol: string): void {
  const document = parsePolicy(policy);
  if (document === null || document === undefined) return;
  if (!isPlainObject(document)) throw invalid("it is not a mapping of phases to rules");
  const phases = TRAFFIC_POLICY_PHASES[protocol] ?? [];
  for (const [phase, rules] of Object.entries(document)) {
    if (!phases.includes(phase)) throw apiErrors.trafficPolicyPhaseInvalid(phase, protocol);
    if (rules === null) continue;
    if (!Array.isArray(rules)) throw invalid(`${phase} is not a list of rules`);
    rules.forEach((rule, i) => checkRule(rule, `${phase}[${i}]`));
  }
}
