/**
 * The rules of `SshCredential`'s properties where their types are not enough (see
 * `../framework/property`, `rule` and `same`), attached to them in `./definition`: each rule runs
 * after the shared required and type checks, on a value they accepted.
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import { isNgrokId } from "../common/ids";
import type { RuleChecker } from "../framework/property";

/** The owners a credential can have: a user (`usr_…`) or a bot user (`bot_…`). */
export const OWNER_ID_PREFIXES = ["usr_", "bot_"] as const;

/** `acl`: a list of `"*"` or `"bind:<value>"` rules (see `./definition`). */
export function aclRule(rules: string[], c: RuleChecker): void {
  rules.forEach((rule, index) => {
    if (typeof rule !== "string" || rule.trim() === "" || rule === "*") {
      return; // an empty rule is stringList's failure; "*" allows anything
    }
    if (!rule.startsWith("bind:")) {
      c.fail(
        "acl",
        `acl[${index}] must be "*" or a bind rule, "bind:" followed by a domain, an address or ` +
          `a label (e.g. "bind:*.example.com", "bind:1.tcp.ngrok.io:20002", "bind:env=prod"): ` +
          `ngrok's only ACL rule; got ${c.quote("acl", rule)}`,
      );
      return;
    }
    const bad = /[\s\p{Cc}]/u.exec(rule);
    if (rule.length === "bind:".length) {
      c.fail("acl", `acl[${index}] must name what it binds after "bind:"; got "bind:"`);
    } else if (bad !== null) {
      const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
      c.fail(
        "acl",
        `acl[${index}] must be one rule without whitespace or control characters (a domain, an ` +
          `address and a label have none; give each rule as its own list item); it has ` +
          `U+${code} at index ${bad.index}`,
      );
    }
  });
}

/** `ownerId`: a user's or a bot user's id, when set. */
export function ownerIdRule(owner: string, c: RuleChecker): void {
  if (!OWNER_ID_PREFIXES.some((prefix) => isNgrokId(owner, prefix))) {
    c.fail(
      "ownerId",
      `ownerId must be the id of a user ("usr_" followed by letters and digits) or a bot user ` +
        `("bot_" …) of the account, or be left out for the API key's owner; got ${c.quote("ownerId", owner)}`,
    );
  }
}

/** The rules of an ACL as a set: `["*"]` is `[]` (no restriction), order does not count. */
export function aclSet(value: unknown): unknown {
  const rules = value ?? [];
  if (!Array.isArray(rules)) return rules;
  return isDeepStrictEqual(rules, ["*"]) ? [] : [...rules].sort();
}

/** Two ACLs of the same rules, as sets (`["*"]` is `[]`): the `same` of `acl`. */
export function sameAcl(old: unknown, declared: unknown): boolean {
  return isDeepStrictEqual(aclSet(old), aclSet(declared));
}
