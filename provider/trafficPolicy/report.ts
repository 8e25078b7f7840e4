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
import { describe } from "../common/inputChecker";
import { isUnder, type PathStep, pathText, SECRET_SHOWN } from "../common/secretInputs";
import { isUnknown } from "../common/unknown";
import { isWrittenNumber } from "./numbers";
import { camelCase } from "./schema";

/** One failure: the path it concerns, and a reason that starts with that path. */
export interface TrafficPolicyFailure {
  readonly path: string;
  readonly reason: string;
}

/** How the policy was given. */
export type PolicyForm = "object" | "yaml" | "json";

export type { PathStep };

/** How a walk reads the policy and names what it finds. */
export interface WalkSettings {
  readonly form: PolicyForm;
  /** The name of the property the policy is given in, first in every path. */
  readonly property: string;
  /**
   * Whether values are judged (formats, CEL, IdP metadata). `same` only converts: it walks with
   * `judge` false, and needs neither the CEL parser nor the XML one.
   */
  readonly judge: boolean;
  /**
   * The whole policy is secret (the program made it so): no message quotes any of its values.
   * Its keys, paths and action types are still named.
   */
  readonly secretInput: boolean;
  /**
   * The places the program made secret inside the policy (each the steps of a path, keys as the
   * program wrote them): no message quotes what is there.
   */
  readonly secretAt?: readonly (readonly PathStep[])[];
  /** Who holds the policy, first in a warning (e.g. `CloudEndpoint "api"`), if known. */
  readonly who?: string;
  /** The time of the check, for certificate expiry (milliseconds since the epoch). */
  readonly now: number;
  /** The line of a path in the text form, for the messages about CEL. */
  readonly lineOf?: (steps: readonly PathStep[]) => number | undefined;
  /** The YAML tag (`!…`) of the scalar at a path in the text form, when it has one. */
  readonly tagOf?: (steps: readonly PathStep[]) => string | undefined;
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

/** ` (did you mean "x"?)` for the one of `known` nearest `name`, when it is near. */
export function didYouMean(name: string, known: readonly string[]): string {
  if (known.length === 0) return "";
  const nearest = closest(name, [...known]);
  const near = Math.max(2, Math.floor(nearest.length / 3));
  return distance(name.toLowerCase(), nearest.toLowerCase()) <= near
    ? ` (did you mean ${JSON.stringify(nearest)}?)`
    : "";
}

/** Whether `value` is a plain map (not a list, not null, not a number kept as written). */
export function isMap(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !isWrittenNumber(value)
  );
}

/**
 * An empty map for keys written by the policy: without a prototype, so that a key such as
 * `__proto__` is a key like any other.
 */
export function record(): Record<string, unknown> {
  return Object.create(null);
}

/**
 * One walk over a policy: its settings, and what it collects (failures, warnings, the secrets it
 * met). Its methods record at a {@link Place} and name it as the messages write paths.
 */
export class Walk {
  readonly failures: TrafficPolicyFailure[] = [];
  readonly warnings: string[] = [];
  /**
   * The paths of the secret values written in the policy: in a field that holds a secret (vault
   * references excluded), or where the program made a value secret.
   */
  readonly secretPaths: string[] = [];
  /** Those values, cleared from every message. */
  readonly secretValues: string[] = [];
  /** Some value is not known yet (a preview): there is no canonical form. */
  unknown = false;

  constructor(readonly settings: WalkSettings) {}

  /** The path of `place`, as the messages write it. */
  pathOf(place: Place): string {
    return pathText(this.settings.property, place.steps);
  }

  /** Whether the program made the value at `place` secret (or a value around it). */
  isSecret(place: Place): boolean {
    return isUnder(place.steps, this.settings.secretAt ?? []);
  }

  /** Whether no message may quote the value at `place`: the policy, or the value, is secret. */
  hides(place: Place): boolean {
    return this.settings.secretInput || this.isSecret(place);
  }

  /** A wire name in the spelling of the walk's form: camelCase for objects, as is for texts. */
  spelled(wire: string): string {
    return this.settings.form === "object" ? camelCase(wire) : wire;
  }

  /**
   * Records a failure at `place`: `<path> (<action> action) <text>`, where `text` names the rule
   * (`must be …`, `is required: …`).
   */
  fail(place: Place, text: string): void {
    const path = this.pathOf(place);
    const action = place.action === undefined ? "" : ` (${place.action} action)`;
    this.failures.push({ path, reason: `${path}${action} ${text}` });
  }

  /** Records that the value at `place` must be `what` (e.g. `a list of rules`), showing `value`. */
  mustBe(place: Place, what: string, value: unknown): void {
    this.fail(place, `must be ${what}; got ${this.shown(value, this.hides(place))}`);
  }

  /** Records a warning about `place`, starting with who holds the policy. */
  warn(place: Place, text: string): void {
    const { who } = this.settings;
    const prefix = who === undefined ? "" : `${who}: `;
    this.warnings.push(`${prefix}${this.pathOf(place)} ${text}`);
  }

  /**
   * `value` for a message: described (`../common/inputChecker.ts`; a number kept as written, as written),
   * or `[secret]` for a secret.
   */
  shown(value: unknown, secret = false): string {
    if (secret || this.settings.secretInput) return SECRET_SHOWN;
    return isWrittenNumber(value) ? value.value : describe(value);
  }

  /**
   * Whether `value` is not known yet (a preview of a computed value): then the walk notes that
   * the policy is not known in full, and the caller takes `value` as it is.
   */
  notKnownYet(value: unknown): boolean {
    if (!isUnknown(value)) return false;
    this.unknown = true;
    return true;
  }
}
