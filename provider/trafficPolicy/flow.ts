/**
 * How traffic flows through a policy, judged on its converted form (`./walk`) after its values:
 * what the terminating actions (`ActionSpec.terminating`) end, and what the endpoint's URL allows.
 *
 * Always:
 * - an action after a terminating one in its rule never runs: refused (`ERR_NGROK_2207`,
 *   "unreachable due to a prior terminating action");
 * - `forward-internal` from an HTTP phase reaches an HTTP internal endpoint ("The target must be
 *   of the same protocol", https://ngrok.com/docs/traffic-policy/actions/forward-internal/).
 *
 * With the endpoint's URL (`TrafficPolicyCheckOptions.url`):
 * - a phase with rules must run on its protocol: a `tcp://` or `tls://` endpoint has
 *   `on_tcp_connect` only (`ERR_NGROK_2230`; "Phases available by protocol",
 *   https://ngrok.com/docs/traffic-policy/how-it-works/); an internal `http(s)://….internal`
 *   endpoint has no `on_tcp_connect` (`ERR_NGROK_2262`);
 * - an action runs on the schemes its page names (`ActionSpec.schemes`, `ERR_NGROK_2205`);
 * - `forward-internal` in `on_tcp_connect` of a `tcp://` or `tls://` endpoint does not reach an
 *   HTTP one (same source as above);
 * - a cloud endpoint's policy must handle all traffic ("All Cloud Endpoint Traffic Policies must
 *   end with a terminating action", how-it-works; `ERR_NGROK_2235`): the last rule of
 *   `on_tcp_connect`, or of `on_http_request` on an HTTP endpoint, must end with a terminating
 *   action. Agent endpoints forward to their upstream, so the rule is not theirs.
 *
 * Where ngrok's pages disagree, warned, not refused:
 * - a policy whose last terminating action is behind expressions "ends with a terminating
 *   action" as how-it-works words it, but is "not guaranteed to handle traffic" as
 *   `ERR_NGROK_2235` words it; ngrok's own operator writes such policies (weighted routes whose
 *   expressions cover every case), and traffic they leave out meets `ERR_NGROK_6029` at run time;
 * - `redirect` ends a cloud endpoint's policy on the cloud endpoints page
 *   (https://ngrok.com/docs/endpoints/cloud-endpoints/), and is non-terminating on its own page
 *   and the Action Hub;
 * - an action after `custom-response` in its rule (`ActionSpec.terminating.laterActions`);
 * - a cloud endpoint's policy that ends with an action this version does not know (it may be
 *   terminating);
 * - `forward-internal` from a `tls://` endpoint to a `tcp://` one, or back.
 *
 * @module
 */
import { ACTIONS, actionSpec } from "./actions";
import { isMap, type Place, type Walk } from "./report";
import { camelCase, type ActionSpec, type EndpointScheme, type PhaseName } from "./schema";

/** ngrok's catalogue of error codes. */
const ERRORS = "https://ngrok.com/docs/errors";
/** "How Traffic Policy Works". */
const HOW_IT_WORKS = "https://ngrok.com/docs/traffic-policy/how-it-works";

/** The endpoint a policy is judged for. */
export interface Endpoint {
  /** Its URL as given. */
  readonly url: string;
  readonly scheme: EndpointScheme;
  /** Its host ends in `.internal`. */
  readonly internal: boolean;
  /** A cloud endpoint (`type: cloud`), whose policy must handle all traffic. */
  readonly cloud: boolean;
}

/**
 * The endpoint of `url`, or `undefined` when its scheme is not one of ngrok's (the URL rules are
 * then not judged: ngrok's API judges the URL itself).
 */
export function endpointOf(url: string, cloud: boolean): Endpoint | undefined {
  const scheme = /^([a-z]+):\/\//i.exec(url)?.[1].toLowerCase();
  if (scheme !== "http" && scheme !== "https" && scheme !== "tls" && scheme !== "tcp") {
    return undefined;
  }
  const host = URL.canParse(url) ? new URL(url).hostname : "";
  return { url, scheme, internal: /\.internal\.?$/i.test(host), cloud };
}

/** The phases of HTTP traffic: none runs on a TCP or TLS endpoint. */
const HTTP_PHASES: readonly PhaseName[] = [
  "on_http_request",
  "on_http_response",
  "on_event_stream_message",
];

/** Whether `scheme` is an HTTP one. */
const isHttp = (scheme: string): boolean => scheme === "http" || scheme === "https";

/** One action of the converted policy, with its place. */
interface ActionAt {
  readonly type: string;
  readonly config: Record<string, unknown>;
  readonly place: Place;
  /** The table's entry, when the type is known. */
  readonly spec?: ActionSpec;
}

/** One rule of the converted policy: whether it has expressions, and its actions. */
interface RuleAt {
  readonly conditional: boolean;
  readonly actions: readonly ActionAt[];
}

/**
 * Judges the flow rules (see the module comment) on `converted`, the policy as `walkPolicy`
 * returned it; `raw` is the policy as given (for the phase keys as written).
 */
export function judgeFlow(
  walk: Walk,
  raw: unknown,
  converted: Record<string, unknown>,
  endpoint: Endpoint | undefined,
): void {
  const phases = new Map<PhaseName, readonly RuleAt[]>();
  for (const [phase, rules] of Object.entries(converted)) {
    if (!isPhase(phase) || !Array.isArray(rules)) continue;
    phases.set(phase, readRules(walk, raw, phase, rules));
  }
  for (const [phase, rules] of phases) {
    for (const rule of rules) {
      unreachable(walk, rule);
      for (const action of rule.actions) forwardTarget(walk, phase, action, endpoint);
    }
  }
  if (endpoint === undefined) return;
  for (const [phase, rules] of phases) {
    if (rules.length === 0) continue;
    phaseFits(walk, phaseKey(walk, raw, phase), phase, endpoint);
    for (const action of rules.flatMap((rule) => rule.actions)) schemeFits(walk, action, endpoint);
  }
  // A value not known yet (a preview) may be a rule or an action: the rule waits for `up`.
  if (endpoint.cloud && !walk.unknown) handlesAllTraffic(walk, raw, phases, endpoint);
}

/** Whether `name` is one of the phases (the converted policy holds no other). */
function isPhase(name: string): name is PhaseName {
  return name.startsWith("on_");
}

/** The key `raw` writes `phase` with, or its spelling in the walk's form when it has none. */
function phaseKey(walk: Walk, raw: unknown, phase: PhaseName): string {
  if (isMap(raw) && walk.settings.form === "object" && !Object.hasOwn(raw, phase)) {
    if (Object.hasOwn(raw, camelCase(phase))) return camelCase(phase);
  }
  return isMap(raw) && Object.hasOwn(raw, phase) ? phase : walk.spelled(phase);
}

/** The rules of `phase`, each action with its place (indexes are the policy's own). */
function readRules(walk: Walk, raw: unknown, phase: PhaseName, rules: unknown[]): RuleAt[] {
  const key = phaseKey(walk, raw, phase);
  return rules.flatMap((rule, index) => {
    if (!isMap(rule) || !Array.isArray(rule.actions)) return [];
    const actions = rule.actions.flatMap((action, at): ActionAt[] => {
      if (!isMap(action) || typeof action.type !== "string") return [];
      const config = isMap(action.config) ? action.config : {};
      const place = { steps: [key, index, "actions", at], action: action.type };
      return [{ type: action.type, config, place, spec: actionSpec(action.type) }];
    });
    // Only a rule whose actions were all read is judged as a whole.
    if (actions.length !== rule.actions.length) return [];
    return [{ conditional: Array.isArray(rule.expressions), actions }];
  });
}

/** Whether `spec` is a terminating action's, by every page (see `ActionSpec.terminating`). */
export function isTerminating(spec: ActionSpec | undefined): boolean {
  const terminating = spec?.terminating;
  return terminating === true || (terminating !== undefined && terminating.contested === undefined);
}

/** Whether `action` ends the handling of the traffic, always (see `ActionSpec.terminating`). */
function terminates(action: ActionAt): boolean {
  const terminating = action.spec?.terminating;
  if (!isTerminating(action.spec) || terminating === undefined) return false;
  const unless = terminating === true ? undefined : terminating.unless;
  return unless === undefined || action.config[unless.field] !== unless.value;
}

/** Why `action` may end a cloud endpoint's policy by one of ngrok's pages only, if it may. */
function contested(action: ActionAt): string | undefined {
  const terminating = action.spec?.terminating;
  return terminating === undefined || terminating === true ? undefined : terminating.contested;
}

/** An action after a terminating one in its rule (`ERR_NGROK_2207`). */
function unreachable(walk: Walk, rule: RuleAt): void {
  const index = rule.actions.findIndex(terminates);
  if (index < 0 || index === rule.actions.length - 1) return;
  const ending = rule.actions[index];
  const terminating = ending.spec?.terminating;
  const disputed =
    terminating === undefined || terminating === true ? undefined : terminating.laterActions;
  const why = `${ending.type} before it (actions[${index}]) is a terminating action`;
  if (disputed !== undefined) {
    return walk.warn(
      rule.actions[index + 1].place,
      `may never run: ${why}, though ${disputed}; ngrok may refuse it as unreachable ` +
        `(ERR_NGROK_2207, ${ERRORS}/err_ngrok_2207/)`,
    );
  }
  walk.fail(
    rule.actions[index + 1].place,
    `never runs: ${why}, which ends the rule; ngrok refuses an unreachable action ` +
      `(ERR_NGROK_2207, ${ERRORS}/err_ngrok_2207/)`,
  );
}

/** A `forward-internal` whose target's protocol does not fit the phase or the endpoint. */
function forwardTarget(
  walk: Walk,
  phase: PhaseName,
  action: ActionAt,
  endpoint: Endpoint | undefined,
): void {
  if (action.type !== "forward-internal" || typeof action.config.url !== "string") return;
  const target = /^([a-z]+):\/\//i.exec(action.config.url)?.[1].toLowerCase();
  if (target === undefined) return; // given by CEL, or not a URL (its format's rule says so)
  const place = { ...action.place, steps: [...action.place.steps, "config", "url"] };
  const source = "https://ngrok.com/docs/traffic-policy/actions/forward-internal/";
  if (HTTP_PHASES.includes(phase)) {
    if (isHttp(target)) return;
    return walk.fail(
      place,
      `must reach an http:// or https:// internal endpoint from ${phase}: ngrok forwards to an ` +
        `endpoint of the same protocol, and ${target} is not HTTP (${source}, Valid forward targets)`,
    );
  }
  // on_tcp_connect: judged against the endpoint's protocol; of an HTTP endpoint, ngrok is silent.
  if (endpoint === undefined || isHttp(endpoint.scheme)) return;
  if (isHttp(target)) {
    walk.fail(
      place,
      `must reach a tcp:// or tls:// internal endpoint from a ${endpoint.scheme} endpoint: ngrok ` +
        `forwards to an endpoint of the same protocol, and ${target} is HTTP (${source}, Valid ` +
        "forward targets)",
    );
  } else if (target !== endpoint.scheme) {
    walk.warn(
      place,
      `forwards a ${endpoint.scheme} endpoint to a ${target} one: ngrok's page asks for the same ` +
        `protocol (${source}), and does not say whether TLS and TCP count as one`,
    );
  }
}

/** A phase with rules on an endpoint whose protocol does not have it (2230, 2262). */
function phaseFits(walk: Walk, key: string, phase: PhaseName, endpoint: Endpoint): void {
  const place = { steps: [key] };
  if (!isHttp(endpoint.scheme) && HTTP_PHASES.includes(phase)) {
    walk.fail(
      place,
      `does not run on a ${endpoint.scheme} endpoint (${endpoint.url}), whose only phase is ` +
        `on_tcp_connect: ngrok refuses it (ERR_NGROK_2230, invalid phase for protocol; ` +
        `${HOW_IT_WORKS}/#phases-available-by-protocol)`,
    );
  } else if (isHttp(endpoint.scheme) && endpoint.internal && phase === "on_tcp_connect") {
    walk.fail(
      place,
      `does not run on an internal ${endpoint.scheme} endpoint (${endpoint.url}): ngrok refuses ` +
        `it (ERR_NGROK_2262; https://ngrok.com/docs/endpoints/internal-endpoints/); give its ` +
        "rules to the endpoints that forward here, or use a tcp:// or tls:// endpoint",
    );
  }
}

/** An action on an endpoint whose scheme its page does not name (2205). */
function schemeFits(walk: Walk, action: ActionAt, endpoint: Endpoint): void {
  const schemes = action.spec?.schemes;
  if (schemes === undefined || schemes.includes(endpoint.scheme)) return;
  walk.fail(
    { ...action.place, steps: [...action.place.steps, "type"] },
    `does not run on a ${endpoint.scheme} endpoint (${endpoint.url}); it runs on ` +
      `${schemes.join(" and ")} endpoints: ngrok refuses it (ERR_NGROK_2205; ${action.spec?.source})`,
  );
}

/**
 * A cloud endpoint's policy must handle all traffic (`ERR_NGROK_2235`): refused when no phase
 * that can end it (`on_tcp_connect`; `on_http_request` on an HTTP endpoint) ends with a
 * terminating action; warned when the one that does is behind expressions or contested.
 */
function handlesAllTraffic(
  walk: Walk,
  raw: unknown,
  phases: ReadonlyMap<PhaseName, readonly RuleAt[]>,
  endpoint: Endpoint,
): void {
  const ending: PhaseName[] = isHttp(endpoint.scheme)
    ? ["on_tcp_connect", "on_http_request"]
    : ["on_tcp_connect"];
  const lasts = ending.flatMap((phase) => {
    const rules = phases.get(phase) ?? [];
    const rule = rules[rules.length - 1];
    const action = rule?.actions[rule.actions.length - 1];
    return action === undefined ? [] : [{ phase, rule, action }];
  });
  // Guaranteed: a rule without expressions that ends with a terminating action.
  const always = (rule: RuleAt) => !rule.conditional && rule.actions.some(terminates);
  if (ending.some((phase) => (phases.get(phase) ?? []).some(always))) return;
  const main = ending[ending.length - 1];
  const place = { steps: [phaseKey(walk, raw, main)] };
  const conditional = lasts.find(({ action }) => terminates(action));
  if (conditional !== undefined) {
    return walk.warn(
      { steps: conditional.action.place.steps.slice(0, 2) },
      "is the last rule, and runs only when its expressions hold: traffic they leave out meets " +
        `no terminating action (ngrok's ERR_NGROK_2235, "not guaranteed to handle traffic", ` +
        "or ERR_NGROK_6029 at run time); end with a rule without expressions if they do not " +
        "cover every case",
    );
  }
  const disputed = lasts.find(({ action }) => contested(action) !== undefined);
  if (disputed !== undefined) {
    return walk.warn(
      disputed.action.place,
      `ends the policy, and ${contested(disputed.action)}: ngrok may refuse it ` +
        `(ERR_NGROK_2235); end with a terminating action to be sure`,
    );
  }
  const unknown = lasts.find(({ action }) => action.spec === undefined);
  if (unknown !== undefined) {
    return walk.warn(
      unknown.action.place,
      "ends the policy with an action this version does not know: ngrok refuses the policy " +
        "if it is not terminating (ERR_NGROK_2235)",
    );
  }
  const how =
    lasts.length === 0
      ? `${place.steps[0]} has no rule`
      : lasts
          .map(({ phase, action }) => {
            const why =
              action.spec?.terminating === undefined
                ? "is not terminating"
                : "does not terminate with this config";
            return `${phaseKey(walk, raw, phase)}'s last rule ends with ${action.type}, which ${why}`;
          })
          .join(", and ");
  walk.fail(
    place,
    `must end with a terminating action (${terminatingTypes().join(", ")}) on a cloud endpoint, ` +
      `so that all traffic is handled; ${how}: ngrok refuses it ` +
      `(ERR_NGROK_2235; ${HOW_IT_WORKS}/#non-terminating-actions)`,
  );
}

/** The types of the table's terminating actions (a contested one left out). */
function terminatingTypes(): string[] {
  const table: Readonly<Record<string, ActionSpec>> = ACTIONS;
  return Object.entries(table)
    .filter(([, spec]) => isTerminating(spec))
    .map(([type]) => type);
}
