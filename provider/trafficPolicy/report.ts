/**
 * What a walk over a traffic policy (`./walk`, `./fields`) collects, and how its messages name
 * places: the failures and warnings, the secret-bearing paths, and the path of each value.
 *
 * Paths name each key as the policy writes it: `trafficPolicy.onHttpRequest[0].actions[1]
 * .config.issuerUrl` in the object form (the SDKs' camelCase), `trafficPolicy.on_http_request[0]
 * .actions[1].config.issuer_url` in a YAML or JSON text (ngrok's snake_case). A key that is
 * missing is named in the form's spelling. Map keys that are not names are quoted
 * (`headers["X-Client-IP"]`).
 *
 * @module
 */
import { closest, distance } from "fastest-levenshtein";
import { describe } from "../common/check";
import { SECRET_SHOWN } from "../common/secretInputs";
import { isUnknown } from "../common/unknown";
import { camelCase } from "./schema";

/** One failure: the path it concerns, and a reason that starts with that path. */
export interface TrafficPolicyFailure {
  readonly path: string;
  readonly reason: string;
}

/** How the policy was given. */
export type PolicyForm = "object" | "yaml" | "json";

/** One step of a path: a key or a list index. */
export type PathStep = string | number;

/** What a walk collects. */
export interface Walk {
  readonly form: PolicyForm;
  /** The name of the property the policy is given in, first in every path. */
  readonly property: string;
  /**
   * Whether values are judged (formats, CEL, IdP metadata). `same` only converts: it walks with
   * `judge` false, and needs neither the CEL parser nor the XML one.
   */
  readonly judge: boolean;
  /** The whole policy is secret (the program made it so): no message quotes any of its values. */
  readonly secretInput: boolean;
  /** Who holds the policy, first in a warning (e.g. `CloudEndpoint "api"`), if known. */
  readonly who?: string;
  /** The time of the check, for certificate expiry (milliseconds since the epoch). */
  readonly now: number;
  readonly failures: TrafficPolicyFailure[];
  readonly warnings: string[];
  /** The paths of the secret values written in the policy (vault references excluded). */
  readonly secretPaths: string[];
  /** Those values, cleared from every message. */
  readonly secretValues: string[];
  /** Some value is not known yet (a preview): there is no canonical form. */
  unknown: boolean;
  /** The line of a path in the text form, for the messages about CEL. */
  readonly lineOf?: (steps: readonly PathStep[]) => number | undefined;
}

/** A place in the policy: its steps (keys as written) and the action it is in, if any. */
export interface Place {
  readonly steps: readonly PathStep[];
  /** The action's type, named in the messages about it. */
  readonly action?: string;
}

/** `place` one step further. */
export function child(place: Place, step: PathStep): Place {
  return { ...place, steps: [...place.steps, step] };
}

/** The path of `place`, as the messages write it. */
export function pathOf(walk: Walk, place: Place): string {
  return place.steps.reduce<string>(
    (path, step) =>
      typeof step === "number"
        ? `${path}[${step}]`
        : /^[A-Za-z_][A-Za-z0-9_]*$/.test(step)
          ? `${path}.${step}`
          : `${path}[${JSON.stringify(step)}]`,
    walk.property,
  );
}

/** A wire name in the spelling of the walk's form: camelCase for objects, as is for texts. */
export function spelled(walk: Walk, wire: string): string {
  return walk.form === "object" ? camelCase(wire) : wire;
}

/**
 * Records a failure at `place`: `<path> (<action> action) <text>`, where `text` names the rule
 * (`must be …`, `is required: …`).
 */
export function fail(walk: Walk, place: Place, text: string): void {
  const path = pathOf(walk, place);
  const action = place.action === undefined ? "" : ` (${place.action} action)`;
  walk.failures.push({ path, reason: `${path}${action} ${text}` });
}

/** Records that the value at `place` must be `what` (e.g. `a list of rules`), showing `value`. */
export function mustBe(walk: Walk, place: Place, what: string, value: unknown): void {
  fail(walk, place, `must be ${what}; got ${shown(walk, value)}`);
}

/** Records a warning about `place`, starting with who holds the policy. */
export function warn(walk: Walk, place: Place, text: string): void {
  const who = walk.who === undefined ? "" : `${walk.who}: `;
  walk.warnings.push(`${who}${pathOf(walk, place)} ${text}`);
}

/** `value` for a message: described (`../common/check`), or `[secret]` for a secret. */
export function shown(walk: Walk, value: unknown, secret = false): string {
  return secret || walk.secretInput ? SECRET_SHOWN : describe(value);
}

/** ` (did you mean "x"?)` for the one of `known` nearest `name`, when it is near. */
export function didYouMean(name: string, known: readonly string[]): string {
  if (known.length === 0) return "";
  const nearest = closest(name, [...known]);
  const near = Math.max(2, Math.floor(nearest.length / 3));
  return distance(name.toLowerCase(), nearest.toLowerCase()) <= near
    ? ` (did you mean ${JSON.stringify(nearest)}?)`
    : "";
}

/** Whether `value` is a plain map (not a list, not null). */
export function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * An empty map for keys written by the policy: without a prototype, so that a key such as
 * `__proto__` is a key like any other.
 */
export function record(): Record<string, unknown> {
  return Object.create(null);
}

/**
 * Whether `value` is not known yet (a preview of a computed value): then the walk notes that the
 * policy is not known in full, and the caller takes `value` as it is.
 */
export function notKnownYet(walk: Walk, value: unknown): boolean {
  if (!isUnknown(value)) return false;
  walk.unknown = true;
  return true;
}
