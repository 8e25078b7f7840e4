/**
 * The rules of the SSH certificates' properties where their types are not enough (see
 * `../framework/property`, `rule`), beside the properties (`./properties`, the data): each runs
 * after the shared required and type checks, on a value they accepted. The `publicKey` rule is
 * the SSH credential's too.
 *
 * What the certificates' `check` judges, as a whole (each failure names the property):
 * - `sshCertificateAuthorityId` is required: `sshca_` and letters and digits (an SSH CA's id);
 * - `publicKey` is required: one OpenSSH public key line of a type ngrok certifies (see
 *   `./publicKey`); the surrounding whitespace is dropped;
 * - `principals` is a list of distinct, non-empty strings without whitespace, commas or control
 *   characters (OpenSSH separates principals with commas); `[]` is allowed and means any;
 * - `validAfter` and `validUntil` are RFC 3339 timestamps (see `./validity`), `validUntil` after
 *   `validAfter` when both are given; they are recorded in UTC, to the second, as ngrok answers;
 * - user certificates: `criticalOptions` and `extensions` are maps (see `./options`);
 * - `description` at most 255 and `metadata` at most 4096 bytes of UTF-8;
 * - no other property.
 * Values not known yet (preview) are not checked, nor are the rules that need them.
 *
 * @module
 */
import { isUnknown } from "../common/unknown";
import type { RuleChecker } from "../framework/property";
import { CERTIFIED_KEYS, judgePublicKey, type KeyUse } from "./publicKey";
import { parseTimestamp } from "./validity";

export { checkOptions } from "./options";

/**
 * The rule of `publicKey` for keys of `use` (a certificate's key by default; the SSH credential's
 * rule too), judged by `./publicKey`: the line is recorded without its surrounding whitespace. A
 * private key is refused with property `""` (the reason still starts with `publicKey`) and is
 * dropped from the inputs: for a named property, Pulumi's engine prints the program's value with
 * the failure.
 */
export function publicKeyRule(use: KeyUse = CERTIFIED_KEYS) {
  return (line: string, c: RuleChecker, name: string): void => {
    const judged = judgePublicKey(line, use);
    if (judged.ok) {
      c.set(name, judged.line);
    } else if (judged.secret) {
      c.drop(name);
      c.fail("", judged.reason);
    } else {
      c.fail(name, judged.reason);
    }
  };
}

/** The rule of `principals`: distinct words, each one of the certificate's `principalsAre`. */
export function principalsRule(principalsAre: string) {
  return (principals: string[], c: RuleChecker, name: string): void => {
    const seen = new Map<string, number>();
    principals.forEach((principal, index) => {
      if (typeof principal !== "string" || principal.trim() === "" || isUnknown(principal)) {
        return; // the shared check of a list of strings said so
      }
      const bad = /[\s,\p{Cc}]/u.exec(principal);
      if (bad !== null) {
        const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
        c.fail(
          name,
          `${name}[${index}] must be one of the certificate's ${principalsAre}, without ` +
            `whitespace, commas or control characters; it has U+${code} at index ${bad.index}` +
            (bad[0] === "," ? " (give each principal as its own list item)" : ""),
        );
      }
      const first = seen.get(principal);
      if (first !== undefined) {
        c.fail(name, `${name}[${index}] repeats ${name}[${first}]: each principal once`);
      } else {
        seen.set(principal, index);
      }
    });
  };
}

/** The rule of `validAfter`: RFC 3339, recorded in UTC to the second. Returns what it read. */
export function timestampRule(
  text: string,
  c: RuleChecker,
  name: string,
): ReturnType<typeof parseTimestamp> {
  const parsed = parseTimestamp(text);
  if (parsed.ok) {
    c.set(name, parsed.utc);
  } else {
    c.fail(name, `${name} ${parsed.why}`);
  }
  return parsed;
}

/** The rule of `validUntil`: {@link timestampRule}, and after `validAfter`, to the second. */
export function validUntilRule(text: string, c: RuleChecker, name: string): void {
  const until = timestampRule(text, c, name);
  const afterText = c.value("validAfter");
  if (!until.ok || typeof afterText !== "string" || isUnknown(afterText)) return;
  const after = parseTimestamp(afterText);
  const seconds = (ms: number) => Math.floor(ms / 1000);
  if (after.ok && seconds(until.ms) <= seconds(after.ms)) {
    c.fail(
      name,
      `validUntil must be after validAfter; validUntil ${text} is ` +
        `${seconds(until.ms) === seconds(after.ms) ? "the same second as" : "before"} validAfter ` +
        `${afterText}`,
    );
  }
}
