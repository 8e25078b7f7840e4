/**
 * The inputs and outputs of the SSH certificates (`SshHostCertificate`, `SshUserCertificate`),
 * and their one pure `check`, parameterized by {@link CertificateKind}.
 *
 * Source: `ngrok-ssh-certificates.md` section 2 (fields, limits, defaults), section 3 (what PATCH
 * changes); ngrok's `POST /ssh_host_certificates` and `POST /ssh_user_certificates`.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { InputChecker } from "../common/check";
import { isNgrokId } from "../common/ids";
import { isUnknown } from "../common/unknown";
import { CA_ID_PREFIX } from "../sshCertificateAuthority/definition";
import type { CertificateKind } from "./kinds";
import { optionFailures } from "./options";
import { judgePublicKey } from "./publicKey";
import { parseTimestamp } from "./validity";

/** Byte limits of the free-text fields, counted in UTF-8 (ngrok: 255 and 4096 bytes). */
export const LIMITS = { descriptionBytes: 255, metadataBytes: 4096 } as const;

/**
 * Properties that force replacement: ngrok's PATCH changes only `description` and `metadata`,
 * and a signed certificate cannot change.
 */
export const REPLACE_PROPERTIES = [
  "sshCertificateAuthorityId",
  "publicKey",
  "principals",
  "validAfter",
  "validUntil",
] as const;
/** The user certificate's further properties that force replacement. */
export const OPTION_PROPERTIES = ["criticalOptions", "extensions"] as const;
/** Properties updated in place with `PATCH`. */
export const UPDATE_PROPERTIES = ["description", "metadata"] as const;

/**
 * Inputs that ngrok fills when they are not given (`principals` `[]`, `validAfter` the creation
 * time, `validUntil` after the default validity, `extensions` ngrok's two, `criticalOptions`
 * `{}`): an absent one is never a change (see `./diff`).
 */
export const SERVER_FILLED = [
  "principals",
  "validAfter",
  "validUntil",
  ...OPTION_PROPERTIES,
] as const;

/**
 * The inputs of an SSH certificate as they are after `check` (a type rather than an interface, so
 * that it passes where the engine's property maps, `Record<string, unknown>`, go).
 */
export type SshCertificateInputs = {
  sshCertificateAuthorityId: string;
  publicKey: string;
  principals?: string[];
  validAfter?: string;
  validUntil?: string;
  description?: string;
  metadata?: string;
  /** User certificates only. */
  criticalOptions?: Record<string, string>;
  /** User certificates only. */
  extensions?: Record<string, string>;
};

/** The outputs recorded in state: every input, with ngrok's values for those it fills. */
export type SshCertificateOutputs = SshCertificateInputs & {
  principals: string[];
  validAfter: string;
  validUntil: string;
  /** The signed certificate, one line: `<type>-cert-v01@openssh.com AAAA… <id>`. */
  certificate: string;
  /** ngrok's `key_type` of the certified key: `rsa`, `ecdsa` or `ed25519`. */
  keyType: string;
  /** `https://api.ngrok.com/ssh_{host,user}_certificates/<id>`. */
  uri: string;
  /** RFC 3339 creation time. */
  createdAt: string;
};

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
  const known = [
    ...REPLACE_PROPERTIES,
    ...(kind.hasOptions ? OPTION_PROPERTIES : []),
    ...UPDATE_PROPERTIES,
  ];
  const c = new InputChecker<SshCertificateInputs>(news, kind.resource, known);
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
  checkPublicKey(c);
  checkPrincipals(c, kind);
  checkValidity(c);
  if (kind.hasOptions) {
    for (const property of OPTION_PROPERTIES) {
      const value = c.take(property);
      if (value !== undefined) {
        optionFailures(property, value).forEach((reason) => c.fail(property, reason));
      }
    }
  }
  c.string("description", { maxBytes: LIMITS.descriptionBytes });
  c.string("metadata", { maxBytes: LIMITS.metadataBytes });
  return c.result();
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
 * `publicKey`: required, judged by `./publicKey`. A private key is refused with property `""`
 * (the reason still starts with `publicKey`) and is not recorded in the inputs: for a named
 * property, Pulumi's engine prints the program's value with the failure.
 */
function checkPublicKey(c: InputChecker<SshCertificateInputs>): void {
  const value = c.value("publicKey");
  if (value === undefined) {
    c.fail(
      "publicKey",
      "publicKey is required: one line of an OpenSSH public key file (`ssh-ed25519 AAAA… comment`)",
    );
    return;
  }
  if (typeof value === "string" && !isUnknown(value)) {
    const judged = judgePublicKey(value);
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
function checkPrincipals(c: InputChecker<SshCertificateInputs>, kind: CertificateKind): void {
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

/** `validAfter`, `validUntil`: RFC 3339, and in that order when both are given. */
function checkValidity(c: InputChecker<SshCertificateInputs>): void {
  const instants: Partial<Record<"validAfter" | "validUntil", number>> = {};
  for (const property of ["validAfter", "validUntil"] as const) {
    const text = c.string(property);
    if (text === undefined) {
      continue;
    }
    const parsed = parseTimestamp(text);
    if (parsed.ok) {
      instants[property] = parsed.ms;
      c.set(property, parsed.utc);
    } else {
      c.fail(property, `${property} ${parsed.why}`);
    }
  }
  const { validAfter, validUntil } = instants;
  // Whole seconds, as the certificate holds them.
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
