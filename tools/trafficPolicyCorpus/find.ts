/**
 * The traffic policies in one YAML or JSON text (a code block, a fixture, a string of Go code):
 * whole policies, policies nested in what holds one (a Kubernetes `AgentEndpoint`, `CloudEndpoint`
 * or `NgrokTrafficPolicy`, an agent config's endpoint, an API request's `traffic_policy` string),
 * and the fragments a page shows alone (a rule, a list of rules, an action), wrapped in a phase.
 *
 * What counts as a policy: a map with a phase key (ngrok's snake_case or the SDKs' camelCase), or
 * whose keys all look like phases (`on_…`: a misspelt phase is still the policy the page shows).
 *
 * @module
 */
import * as YAML from "yaml";
import { PHASE_NAMES } from "../../provider/trafficPolicy/phases";
import { camelCase } from "../../provider/trafficPolicy/schema";

/** One policy found in a text. */
export interface FoundPolicy {
  /** Where in the text: `""` for the whole text, else a path such as `spec.trafficPolicy.inline`. */
  readonly at: string;
  /** The line (from 1) in the text where it starts. */
  readonly line: number;
  /** What `checkTrafficPolicy` is given: the text itself, a string that held it, or JSON. */
  readonly policy: string;
  /** How a fragment was wrapped into a policy, e.g. `a rule, in on_http_request`. */
  readonly wrapped?: string;
  /** The URL of the endpoint it is for, when the text says. */
  readonly url?: string;
  /** The kind of endpoint it is for, when the text says. */
  readonly endpoint?: "cloud" | "agent";
}

/** What the finder knows of ngrok's actions: the phases each runs in (the Action Hub's list). */
export type ActionPhases = ReadonlyMap<string, readonly string[]>;

/** The phase keys, in both spellings. */
const PHASE_KEYS = new Set(PHASE_NAMES.flatMap((phase) => [phase, camelCase(phase)]));
/** A key that looks like a phase. */
const PHASE_LIKE = /^on(_[a-z]+)+$|^on[A-Z][A-Za-z]+$/;
/** A text that may hold a policy. */
export const MENTIONS_PHASE = /\bon_[a-z_]+\b|\bon(Http|Tcp|Event)[A-Za-z]+\b/;
/** Keys whose value is a policy (or a Kubernetes reference to one). */
const HOLDERS = new Set(["traffic_policy", "trafficPolicy", "policy", "inline"]);
const RULE_KEYS = new Set(["name", "expressions", "actions"]);
/** The phases a fragment is tried in, HTTP first (most of ngrok's pages are about HTTP). */
const WRAP_ORDER = [
  "on_http_request",
  "on_http_response",
  "on_tcp_connect",
  "on_event_stream_message",
];

type Context = Pick<FoundPolicy, "url" | "endpoint">;

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether `value` is a policy (see the module comment). */
export function isPolicyMap(value: unknown): value is Record<string, unknown> {
  if (!isMap(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length > 0 &&
    (keys.some((key) => PHASE_KEYS.has(key)) || keys.every((key) => PHASE_LIKE.test(key)))
  );
}

/** One step of a path into a document: a key or a list index. */
type Step = string | number;

/** A path as the entries write it: `spec.trafficPolicy.inline`, `endpoints[0].traffic_policy`. */
function pathText(steps: readonly Step[]): string {
  return steps.reduce<string>(
    (path, step) =>
      typeof step === "number"
        ? `${path}[${step}]`
        : /^[A-Za-z_][A-Za-z0-9_]*$/.test(step)
          ? `${path}${path === "" ? "" : "."}${step}`
          : `${path}[${JSON.stringify(step)}]`,
    "",
  );
}

/** Where the search is: the steps so far, the endpoint they are in, what it found. */
interface Search {
  readonly steps: readonly Step[];
  readonly context: Context;
  /** The line of the value at some steps. */
  readonly lineOf: (steps: readonly Step[]) => number;
  readonly actions: ActionPhases;
  readonly found: FoundPolicy[];
}

/**
 * The policies in `text`, a YAML or JSON text of one or more documents. A document that does
 * not parse holds none, unless `shown` (a page shows it): then, when it names a phase, it is the
 * policy, for the check to say why it does not parse.
 */
export function findPolicies(text: string, actions: ActionPhases, shown = false): FoundPolicy[] {
  const lines = new YAML.LineCounter();
  const documents = YAML.parseAllDocuments(text, { uniqueKeys: false, lineCounter: lines });
  const list = Array.isArray(documents) ? documents : [];
  const found: FoundPolicy[] = [];
  list.forEach((document, index) => {
    const first: Step[] = list.length > 1 ? [index] : [];
    const value = document.errors.length === 0 ? resolved(document) : NOT_READ;
    if (value === NOT_READ) {
      const own = list.length > 1 ? text.slice(document.range[0], document.range[2]) : text;
      const line = lines.linePos(document.range[0]).line;
      if (shown && MENTIONS_PHASE.test(own)) found.push({ at: pathText(first), line, policy: own });
      return;
    }
    const lineOf = (steps: readonly Step[]) => {
      const node = document.getIn(steps.slice(first.length), true);
      const start = YAML.isNode(node) ? node.range?.[0] : undefined;
      return start === undefined ? 1 : lines.linePos(start).line;
    };
    const at = { at: pathText(first), line: lineOf(first) };
    if (isPolicyMap(value)) {
      found.push({ ...at, policy: list.length > 1 ? JSON.stringify(value) : text });
      return;
    }
    const fragment = wrapFragment(value, actions);
    if (fragment !== undefined) found.push({ ...at, ...fragment });
    else search(value, { steps: first, context: {}, lineOf, actions, found });
  });
  return found;
}

/** A document that could not be read. */
const NOT_READ = Symbol("not read");

/** A document's value, or {@link NOT_READ} when it does not resolve (an alias with no anchor). */
function resolved(document: YAML.Document): unknown {
  try {
    return document.toJS({ maxAliasCount: 100 });
  } catch {
    return NOT_READ;
  }
}

/** The endpoint a map describes, if it says: a Kubernetes endpoint, an agent's, an API body. */
function contextOf(value: Record<string, unknown>, outer: Context): Context {
  if (Array.isArray(value.endpoints) && "version" in value) return { endpoint: "agent" };
  const spec = isMap(value.spec) ? value.spec : undefined;
  if (value.kind === "CloudEndpoint" || value.kind === "AgentEndpoint") {
    const url = typeof spec?.url === "string" ? spec.url : undefined;
    return { url, endpoint: value.kind === "CloudEndpoint" ? "cloud" : "agent" };
  }
  if (typeof value.url === "string" && ("traffic_policy" in value || "trafficPolicy" in value)) {
    return { url: value.url, endpoint: value.type === "cloud" ? "cloud" : outer.endpoint };
  }
  return outer;
}

/** Looks for policies in `value`, at `where.steps`, adding them to `where.found`. */
function search(value: unknown, where: Search): void {
  const place = (steps: readonly Step[], context: Context) => ({
    at: pathText(steps),
    line: where.lineOf(steps),
    ...definedOnly(context),
  });
  if (typeof value === "string") {
    const inner = MENTIONS_PHASE.test(value) ? parsed(value) : undefined;
    if (isPolicyMap(inner))
      where.found.push({ ...place(where.steps, where.context), policy: value });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => search(item, { ...where, steps: [...where.steps, index] }));
    return;
  }
  if (!isMap(value)) return;
  if (isPolicyMap(value)) {
    where.found.push({ ...place(where.steps, where.context), policy: JSON.stringify(value) });
    return;
  }
  const context = contextOf(value, where.context);
  for (const [key, item] of Object.entries(value)) {
    const steps = [...where.steps, key];
    const fragment = HOLDERS.has(key) ? wrapFragment(item, where.actions) : undefined;
    if (fragment === undefined) search(item, { ...where, steps, context });
    else where.found.push({ ...place(steps, context), ...fragment });
  }
}

/** `context` without its undefined members (the entries are JSON). */
function definedOnly(context: Context): Context {
  return Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined));
}

/** `text` as YAML (JSON included), or `undefined`. */
function parsed(text: string): unknown {
  try {
    return YAML.parse(text, { uniqueKeys: false });
  } catch {
    return undefined;
  }
}

/** Whether `value` is a rule: a map with a list of actions, and only a rule's keys. */
function isRule(value: unknown): value is { actions: unknown[] } {
  return (
    isMap(value) &&
    Array.isArray(value.actions) &&
    Object.keys(value).every((key) => RULE_KEYS.has(key))
  );
}

/** Whether `value` is an action of a type ngrok documents, with only an action's keys. */
function isAction(value: unknown, actions: ActionPhases): value is { type: string } {
  return (
    isMap(value) &&
    typeof value.type === "string" &&
    actions.has(value.type) &&
    Object.keys(value).every((key) => key === "type" || key === "config")
  );
}

/**
 * A fragment (a rule, a list of rules, an action, a list of actions) wrapped into a policy, in
 * the first phase of {@link WRAP_ORDER} all its actions run in (the Action Hub's list), else
 * `on_http_request`.
 */
function wrapFragment(
  value: unknown,
  actions: ActionPhases,
): Pick<FoundPolicy, "policy" | "wrapped"> | undefined {
  const items = Array.isArray(value) && value.length > 0 ? value : [value];
  let rules: unknown[];
  let what: string;
  if (items.every(isRule)) {
    rules = items;
    what = items.length > 1 ? "a list of rules" : "a rule";
  } else if (items.every((item) => isAction(item, actions))) {
    rules = [{ actions: items }];
    what = items.length > 1 ? "a list of actions, as one rule" : "an action, as a rule";
  } else {
    return undefined;
  }
  const types = rules.flatMap((rule) =>
    isRule(rule) ? rule.actions.map((action) => (isMap(action) ? action.type : undefined)) : [],
  );
  const phase =
    WRAP_ORDER.find((name) =>
      types.every(
        (type) => typeof type !== "string" || (actions.get(type) ?? [name]).includes(name),
      ),
    ) ?? "on_http_request";
  return { policy: JSON.stringify({ [phase]: rules }), wrapped: `${what}, in ${phase}` };
}
