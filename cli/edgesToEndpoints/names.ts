/**
 * The names a generated program gives things: its resources (from the host they serve), its
 * TypeScript variables, its stack config keys, the internal URLs of the backends; each unique in
 * the program.
 *
 * @module
 */
import { ConfigRef, type ConfigKey } from "./policy";

/** `app.example.com` → `app-example-com`; a wildcard `*.example.com` → `wildcard-example-com`. */
export function slugOf(host: string): string {
  const slug = host
    .toLowerCase()
    .replace(/\*/g, "wildcard")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug === "" ? "endpoint" : slug;
}

/** `app-example-com` → `appExampleCom`; a name starting with a digit gets a leading `_`. */
export function camelOf(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
  const joined = words
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1)))
    .join("");
  return /^[0-9]/.test(joined) ? `_${joined}` : joined === "" ? "value" : joined;
}

/** `/api/v1` → `ApiV1`; `/` → ``. */
export function pascalOfPath(path: string): string {
  const camel = camelOf(path);
  return camel === "value" ? "" : camel[0].toUpperCase() + camel.slice(1);
}

/** Names taken in one program: each name asked for is made unique with a number. */
export class UniqueNames {
  private readonly taken = new Set<string>();

  /** `name`, or `name2`, `name3`… (`name-2` with a `separator` of `-`) when taken. */
  claim(name: string, separator = ""): string {
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) {
      candidate = `${name}${separator}${n}`;
    }
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

/** A config key to declare, with the value `./policyCheck.ts` gives it. */
export interface SampledConfigKey extends ConfigKey {
  /**
   * A value of the right shape, for the check of the policy (never printed); `undefined` when
   * none can stand for it (an IdP metadata document): a policy using it is not checked.
   */
  readonly sample: string | undefined;
}

/** The config keys of a program, in the order they were asked for. */
export class ConfigKeys {
  private readonly names = new UniqueNames();
  private readonly list: SampledConfigKey[] = [];

  /** Declares a key named after `base` (unique), returns the reference to it. */
  add(base: string, key: Omit<SampledConfigKey, "name">): ConfigRef {
    const name = this.names.claim(base);
    this.list.push({ ...key, name });
    return new ConfigRef(name);
  }

  /** The keys declared. */
  get keys(): readonly SampledConfigKey[] {
    return this.list;
  }
}
