/**
 * The rules of the SSH certificates (`SshHostCertificate`, `SshUserCertificate`) beside their
 * common properties (`./properties`, the data): their one pure `check` and `diff`, parameterized
 * by {@link CertificateKind}, and the `publicKey` rule the SSH credential shares.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { isNgrokId } from "../common/ids";
import { isUnknown } from "../common/unknown";
import { type Checker, checkResource } from "../framework/check";
import { diffResource } from "../framework/diff";
import { CA_ID_PREFIX } from "../sshCertificateAuthority/definition";
import type { SshCertificateInputs } from "./properties";
import type { CertificateKind } from "./kinds";
import { optionFailures } from "./options";
import { CERTIFIED_KEYS, judgePublicKey, type KeyUse } from "./publicKey";
import { parseTimestamp } from "./validity";

/**
 * Validates raw inputs for a certificate of `kind`. Pure: no API call, so `pulumi preview`
 * reports every failure before anything is created. Rules (each failure names the property):
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
 */
export function checkSshCertificate(
  kind: CertificateKind,
  news: Record<string, unknown>,
): pulumi.dynamic.CheckResult<SshCertificateInputs> {
  // Whole seconds, as the certificate holds them; validUntil is judged against validAfter.
  const instants: Partial<Record<"validAfter" | "validUntil", number>> = {};
  const option = (c: Checker, property: string) => {
    const value = c.take(property);
    if (value !== undefined) {
      optionFailures(property, value).forEach((reason) => c.fail(property, reason));
    }
  };
  return checkResource<SshCertificateInputs>(kind.definition, news, {
    properties: {
      sshCertificateAuthorityId: checkCertificateAuthorityId,
      publicKey: (c) => checkPublicKey(c),
      principals: (c) => checkPrincipals(c, kind),
      validAfter: (c) => checkTimestamp(c, "validAfter", instants),
      validUntil: (c) => {
        checkTimestamp(c, "validUntil", instants);
        checkOrder(c, instants);
      },
      criticalOptions: option,
      extensions: option,
    },
  });
}

/** `sshCertificateAuthorityId`: required, an SSH CA's id. */
function checkCertificateAuthorityId(c: Checker): void {
  const caId = c.string("sshCertificateAuthorityId", { nonEmpty: true });
  if (c.value("sshCertificateAuthorityId") === undefined) {
    c.fail(
      "sshCertificateAuthorityId",
      "sshCertificateAuthorityId is required: the id (sshca_…) of the SSH certificate authority " +
        "that signs the certificate, e.g. the id output of an SshCertificateAuthority",
    );
  } else if (caId !== undefined && caId.trim() !== "" && !isNgrokId(caId, CA_ID_PREFIX)) {
    c.fail(
      "sshCertificateAuthorityId",
      `sshCertificateAuthorityId must be the id of an SSH certificate authority: ` +
        `"${CA_ID_PREFIX}" followed by letters and digits, e.g. the id output of an ` +
        `SshCertificateAuthority; got ${JSON.stringify(caId.length > 60 ? `${caId.slice(0, 60)}…` : caId)}`,
    );
  }
}

/**
 * {@link checkSshCertificate} for the certificates of `kind`: a resource's pure `check`, typed
 * with its own inputs (`Inputs` is {@link SshCertificateInputs}, or a narrowing of it without the
 * user certificate's maps, which `check` refuses for host certificates).
 */
export function checkFor<Inputs extends Partial<SshCertificateInputs>>(
  kind: CertificateKind,
): (news: Record<string, unknown>) => pulumi.dynamic.CheckResult<Inputs> {
  return (news) => checkSshCertificate(kind, news) as pulumi.dynamic.CheckResult<Inputs>;
}

/**
 * `publicKey`: required, judged by `./publicKey` for `use` (a certificate's key by default; the
 * SSH credential's rule too). A private key is refused with property `""` (the reason still
 * starts with `publicKey`) and is not recorded in the inputs: for a named property, Pulumi's
 * engine prints the program's value with the failure.
 */
export function checkPublicKey(c: Checker, use: KeyUse = CERTIFIED_KEYS): void {
  const value = c.value("publicKey");
  if (value === undefined) {
    c.fail(
      "publicKey",
      "publicKey is required: one line of an OpenSSH public key file (`ssh-ed25519 AAAA… comment`)",
    );
    return;
  }
  if (typeof value === "string" && !isUnknown(value)) {
    const judged = judgePublicKey(value, use);
    if (!judged.ok && judged.secret) {
      c.fail("", judged.reason);
      return;
    }
    const line = c.string("publicKey");
    if (line === undefined) {
      return;
    }
    if (judged.ok) {
      c.set("publicKey", judged.line);
    } else {
      c.fail("publicKey", judged.reason);
    }
    return;
  }
  c.string("publicKey");
}

/** `principals`: distinct words (see {@link checkSshCertificate}). */
function checkPrincipals(c: Checker, kind: CertificateKind): void {
  const principals = c.stringList("principals");
  if (principals === undefined) {
    return;
  }
  const seen = new Map<string, number>();
  principals.forEach((principal, index) => {
    if (typeof principal !== "string" || principal.trim() === "" || isUnknown(principal)) {
      return;
    }
    const bad = /[\s,\p{Cc}]/u.exec(principal);
    if (bad !== null) {
      const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
      c.fail(
        "principals",
        `principals[${index}] must be one of the certificate's ${kind.principalsAre}, without ` +
          `whitespace, commas or control characters; it has U+${code} at index ${bad.index}` +
          (bad[0] === "," ? " (give each principal as its own list item)" : ""),
      );
    }
    const first = seen.get(principal);
    if (first !== undefined) {
      c.fail(
        "principals",
        `principals[${index}] repeats principals[${first}]: each principal once`,
      );
    } else {
      seen.set(principal, index);
    }
  });
}

/** `validAfter` or `validUntil`: RFC 3339, recorded in UTC to the second; its instant kept. */
function checkTimestamp(
  c: Checker,
  property: "validAfter" | "validUntil",
  instants: Partial<Record<"validAfter" | "validUntil", number>>,
): void {
  const text = c.string(property);
  if (text === undefined) {
    return;
  }
  const parsed = parseTimestamp(text);
  if (parsed.ok) {
    instants[property] = parsed.ms;
    c.set(property, parsed.utc);
  } else {
    c.fail(property, `${property} ${parsed.why}`);
  }
}

/** `validUntil` after `validAfter` when both are given, to the second. */
function checkOrder(
  c: Checker,
  instants: Partial<Record<"validAfter" | "validUntil", number>>,
): void {
  const { validAfter, validUntil } = instants;
  const seconds = (ms: number) => Math.floor(ms / 1000);
  if (
    validAfter !== undefined &&
    validUntil !== undefined &&
    seconds(validUntil) <= seconds(validAfter)
  ) {
    c.fail(
      "validUntil",
      `validUntil must be after validAfter; validUntil ${String(c.value("validUntil"))} is ` +
        `${seconds(validUntil) === seconds(validAfter) ? "the same second as" : "before"} validAfter ` +
        `${String(c.value("validAfter"))}`,
    );
  }
}

/**
 * The pure `diff` of a certificate of `kind` (old outputs in state against new checked inputs):
 * `description` and `metadata` update in place; every other input replaces the certificate (ngrok
 * signs a new one, created before the old one is deleted, so a host or user is never left without
 * one); an input ngrok fills when it is absent is never a change while left out; a declared one
 * is compared with the value in state: timestamps as instants to the second (`-05:00` against
 * ngrok's `Z` form is no change), `publicKey` by the key alone (a new comment is no change),
 * `principals` as an ordered list, the maps as maps.
 */
export function diffSshCertificate(
  kind: CertificateKind,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): pulumi.dynamic.DiffResult {
  return diffResource(kind.definition, olds, news);
}

/** {@link diffSshCertificate} for the certificates of `kind`: a resource's pure `diff`. */
export function diffFor(
  kind: CertificateKind,
): (olds: Record<string, unknown>, news: Record<string, unknown>) => pulumi.dynamic.DiffResult {
  return (olds, news) => diffSshCertificate(kind, olds, news);
}
