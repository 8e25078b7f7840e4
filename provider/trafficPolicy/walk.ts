/**
 * A traffic policy walked phase by phase, rule by rule, action by action: each judged against
 * the table (`./phases`, `./actions`), its keys converted to ngrok's spelling. Returns the policy
 * as ngrok receives it, without what says nothing (`null`s, empty phases, empty `expressions`,
 * an empty `config`), so that `{}` and a left-out config are the same policy.
 *
 * An action type the table does not know passes with a warning (ngrok adds actions often),
 * unless it is one or two edits from one it knows (`openid-conect`): that is a typo, refused
 * with the type it means (ngrok's `ERR_NGROK_2201`, "Invalid policy action type").
 *
 * @module
 */
import { distance } from "fastest-levenshtein";
import { actionSpec, ACTION_TYPES } from "./actions";
import { judgeCel, judgeStrings } from "./celJudge";
import { walkFields } from "./fields";
import { isPhaseName, PHASE_NAMES } from "./phases";
import { SECRET_SHOWN } from "../common/secretInputs";
import { child, didYouMean, isMap, type Place, record, type Walk } from "./report";
import { camelCase, type ActionSpec, type FieldsRule, snakeCase } from "./schema";

/** The keys of a rule, by wire name. */
const RULE_KEYS = ["name", "expressions", "actions"];
/** The keys of an action, by wire name. */
const ACTION_KEYS = ["type", "config"];
/**
 * A key of an action that ngrok's reference does not have but its docs write (`name`,
 * ngrok-docs `gateway/device-gateway/arm64.mdx`): it passes with a warning, sent as written.
 */
const ACTION_NAME = "name";
/** An unknown action type this many edits or fewer from a known one is refused as a typo. */
const TYPO_EDITS = 2;

/** The policy `value` (object, or a parsed text), converted; `undefined` when it is not a map. */
export function walkPolicy(walk: Walk, value: unknown): Record<string, unknown> | undefined {
  const top: Place = { steps: [] };
  if (walk.notKnownYet(value)) return undefined;
  if (!isMap(value)) {
    const phases = PHASE_NAMES.map((phase) => walk.spelled(phase)).join(", ");
    walk.mustBe(top, `a map of phases (${phases}) to lists of rules`, value);
    return undefined;
  }
  const out = record();
  const seen = new Map<string, string>();
  for (const [key, rules] of Object.entries(value)) {
    const at = child(top, key);
    const phase = wireName(walk, key, PHASE_NAMES);
    if (phase === undefined || !isPhaseName(phase)) {
      const known = PHASE_NAMES.map((name) => walk.spelled(name));
      walk.fail(
        at,
        `is not a phase of a traffic policy; its phases are ${known.join(", ")}${didYouMean(key, known)}`,
      );
      continue;
    }
    if (seen.has(phase)) {
      walk.fail(at, `repeats ${seen.get(phase)}: give the phase once`);
      continue;
    }
    seen.set(phase, key);
    if (rules === null || rules === undefined) continue;
    if (walk.notKnownYet(rules)) continue;
    if (!Array.isArray(rules)) {
      walk.mustBe(at, "a list of rules", rules);
      continue;
    }
    const converted = rules.map((rule, index) => walkRule(walk, phase, rule, child(at, index)));
    if (converted.length > 0) out[phase] = converted;
  }
  return out;
}

/** `key` as a wire name among `names`: itself, or in the object form its camelCase spelling. */
function wireName(walk: Walk, key: string, names: readonly string[]): string | undefined {
  if (names.includes(key)) return key;
  return walk.settings.form === "object"
    ? names.find((name) => camelCase(name) === key)
    : undefined;
}

/** One rule of `phase`. */
function walkRule(walk: Walk, phase: string, rule: unknown, place: Place): unknown {
  if (walk.notKnownYet(rule)) return rule;
  if (!isMap(rule)) {
    return void walk.mustBe(
      place,
      "a rule (a map with actions, and optionally name and expressions)",
      rule,
    );
  }
  const out = record();
  for (const [key, value] of Object.entries(rule)) {
    if (value === null || value === undefined) continue;
    const at = child(place, key);
    const wire = wireName(walk, key, RULE_KEYS);
    if (wire === undefined) {
      walk.fail(
        at,
        `is not a field of a rule; its fields are name, expressions and actions${didYouMean(key, RULE_KEYS)}`,
      );
    } else if (wire === "name") {
      if (typeof value !== "string") walk.mustBe(at, "a string", value);
      out.name = value;
    } else if (wire === "expressions") {
      const expressions = walkExpressions(walk, phase, value, at);
      if (expressions.length > 0) out.expressions = expressions;
    } else {
      out.actions = walkActions(walk, phase, value, at);
    }
  }
  if (!Object.keys(rule).some((key) => wireName(walk, key, RULE_KEYS) === "actions")) {
    walk.fail(child(place, "actions"), "is required: the actions the rule runs, in order");
  }
  return out;
}

/** A rule's `expressions`: a list of CEL conditions, each of which must parse and type-check. */
function walkExpressions(walk: Walk, phase: string, value: unknown, place: Place): unknown[] {
  if (walk.notKnownYet(value)) return [value];
  if (!Array.isArray(value)) {
    walk.mustBe(
      place,
      "a list of CEL expressions (all must be true for the actions to run)",
      value,
    );
    return [];
  }
  value.forEach((expression, index) => {
    const at = child(place, index);
    if (walk.notKnownYet(expression)) return;
    if (typeof expression !== "string") {
      walk.mustBe(at, "a CEL expression (a string)", expression);
    } else if (walk.settings.judge) {
      judgeCel(walk, expression, at, { phase, expect: "bool", unknown: "fail" });
    }
  });
  return value;
}

/** A rule's `actions`: a non-empty list. */
function walkActions(walk: Walk, phase: string, value: unknown, place: Place): unknown[] {
  if (walk.notKnownYet(value)) return [value];
  if (!Array.isArray(value) || value.length === 0) {
    walk.mustBe(place, "a list of at least one action ({type, config})", value);
    return [];
  }
  return value.map((action, index) => walkAction(walk, phase, action, child(place, index)));
}

/** One action: its type known, in a phase it runs in, its config judged against its fields. */
function walkAction(walk: Walk, phase: string, action: unknown, place: Place): unknown {
  if (walk.notKnownYet(action)) return action;
  if (!isMap(action)) {
    return void walk.mustBe(place, "an action (a map with type and config)", action);
  }
  const keys = Object.keys(action).filter(
    (key) => action[key] !== undefined && action[key] !== null,
  );
  const type = action.type;
  const typePlace = child(place, "type");
  // The action's type is named in every message about it, unless the program made it secret.
  const hiddenType = walk.isSecret(typePlace);
  const name = hiddenType ? SECRET_SHOWN : type;
  const named = { ...place, ...(typeof name === "string" ? { action: name } : {}) };
  const out: Record<string, unknown> = {};
  for (const key of keys.filter((key) => wireName(walk, key, ACTION_KEYS) === undefined)) {
    if (key === ACTION_NAME) {
      if (typeof action[key] !== "string") walk.mustBe(child(named, key), "a string", action[key]);
      walk.warn(
        child(named, key),
        "is not a field of an action in ngrok's reference (its fields are type and config), " +
          "though its docs write one: it is sent as written",
      );
      out[key] = action[key];
      continue;
    }
    walk.fail(
      child(named, key),
      `is not a field of an action; its fields are type and config${didYouMean(key, ACTION_KEYS)}`,
    );
  }
  if (type === undefined || type === null) {
    return void walk.fail(typePlace, "is required: the action's type, e.g. deny or openid-connect");
  }
  if (typeof type !== "string") {
    return void walk.mustBe(typePlace, "a string", type);
  }
  const configKey = keys.find((key) => wireName(walk, key, ACTION_KEYS) === "config");
  const config = configKey === undefined ? undefined : action[configKey];
  const shown = hiddenType ? SECRET_SHOWN : type;
  const configPlace = { ...child(place, configKey ?? "config"), action: shown };
  const spec = actionSpec(type);
  out.type = type;
  if (spec === undefined) {
    const typo = ACTION_TYPES.find((known) => distance(type, known) <= TYPO_EDITS);
    if (typo !== undefined) {
      return void walk.fail(
        { ...typePlace, action: type },
        `is not an action type ngrok has${didYouMean(type, ACTION_TYPES)}: ${type} is ` +
          `${distance(type, typo) === 1 ? "one edit" : "two edits"} from a known type, so it is ` +
          "taken for a typo, which ngrok refuses (ERR_NGROK_2201, invalid policy action type)",
      );
    }
    walk.warn(
      typePlace,
      `is ${hiddenType ? SECRET_SHOWN : JSON.stringify(type)}, an action this version does not ` +
        `know${hiddenType ? "" : didYouMean(type, ACTION_TYPES)}: it is sent as written, and ` +
        "ngrok judges it and its config when the policy is applied",
    );
    const converted = unknownConfig(walk, phase, config, configPlace);
    if (converted !== undefined && Object.keys(converted).length > 0) out.config = converted;
    return out;
  }
  if (!spec.phases.some((p) => p === phase)) {
    walk.fail(
      { ...typePlace, action: shown },
      `does not run in ${phase}; it runs in ${spec.phases.join(", ")} (${spec.source})`,
    );
  }
  if (spec.earlyAccess) {
    walk.warn(
      typePlace,
      `is ${shown}, an action ngrok offers in early access: ngrok refuses it for an account without that access`,
    );
  }
  const converted =
    // A left-out config is an empty one: its required fields are missing.
    walkFields(walk, spec.fields, config ?? {}, configPlace, { secret: false, phase });
  if (converted !== undefined) {
    fieldsRules(walk, spec, converted, configPlace);
    if (Object.keys(converted).length > 0) out.config = converted;
  }
  return out;
}

/** The config of an action this version does not know: keys in snake_case, values as written. */
function unknownConfig(
  walk: Walk,
  phase: string,
  config: unknown,
  place: Place,
): Record<string, unknown> | undefined {
  if (config === undefined || config === null) return undefined;
  if (walk.notKnownYet(config)) return undefined;
  if (!isMap(config)) {
    walk.mustBe(place, "a map of field names to values", config);
    return undefined;
  }
  judgeStrings(walk, config, place, phase);
  const out = record();
  for (const [key, value] of Object.entries(config)) {
    if (value !== undefined && value !== null) out[snakeCase(key)] = value;
  }
  return out;
}

/** The action's rules between fields (see `FieldsRule`), on its converted config. */
function fieldsRules(
  walk: Walk,
  spec: ActionSpec,
  config: Record<string, unknown>,
  place: Place,
): void {
  const names = (fields: readonly string[]) => fields.map((f) => walk.spelled(f)).join(", ");
  for (const rule of spec.rules ?? []) {
    const set = rule.fields.filter((field) => config[field] !== undefined);
    const broken = brokenRule(rule, set.length, config);
    if (broken === "atLeastOne") {
      walk.fail(place, `must set at least one of ${names(rule.fields)}`);
    } else if (broken === "together") {
      const missing = rule.fields.filter((field) => !set.includes(field));
      walk.fail(
        place,
        `must set ${names(rule.fields)} together; it sets ${names(set)} without ${names(missing)}`,
      );
    } else if (broken === "requiredWhen" && rule.kind === "requiredWhen") {
      const missing = rule.fields.filter((field) => !set.includes(field));
      // The value that makes the fields required, unless it is hidden (in either spelling).
      const hidden = [rule.when, walk.spelled(rule.when)].some((key) =>
        walk.hides(child(place, key)),
      );
      const value = hidden ? SECRET_SHOWN : JSON.stringify(config[rule.when]);
      walk.fail(
        child(place, walk.spelled(missing[0])),
        `is required when ${walk.spelled(rule.when)} is ${value}: ${rule.why} (set ${names(missing)})`,
      );
    }
  }
}

/** Which rule `rule` is broken by a config that sets `count` of its fields, or `undefined`. */
function brokenRule(
  rule: FieldsRule,
  count: number,
  config: Record<string, unknown>,
): string | undefined {
  switch (rule.kind) {
    case "atLeastOne":
      return count === 0 ? rule.kind : undefined;
    case "together":
      return count > 0 && count < rule.fields.length ? rule.kind : undefined;
    case "requiredWhen": {
      const value = config[rule.when];
      const applies = typeof value === "string" && rule.values.includes(value);
      // One of the fields without the other is the "together" rule's to name.
      return applies && count === 0 ? rule.kind : undefined;
    }
  }
}
