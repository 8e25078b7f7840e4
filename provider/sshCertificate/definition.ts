/**
 * What the SSH certificates (`SshHostCertificate`, `SshUserCertificate`) have in common, defined
 * once: the properties both have (each with its type and rules, description, wire name and what a
 * change does, see `../definition`), and their one pure `check` and `diff`, parameterized by
 * {@link CertificateKind}. Each certificate's `definition.ts` declares the resource from these.
 *
 * Source: `ngrok-ssh-certificates.md` section 2 (fields, limits, defaults), section 3 (what PATCH
 * changes); ngrok's `POST /ssh_host_certificates` and `POST /ssh_user_certificates`.
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import type * as pulumi from "@pulumi/pulumi";
import { isNgrokId } from "../common/ids";
import { isUnknown } from "../common/unknown";
import { type Checker, checkResource } from "../definition/check";
import { diffResource, type Sameness } from "../definition/diff";
import { defineResource } from "../definition/resource";
import { CA_ID_PREFIX, KEY_TYPE } from "../sshCertificateAuthority/definition";
import type { CertificateKind } from "./kinds";
import { optionFailures } from "./options";
import { CERTIFIED_KEYS, judgePublicKey, keyMaterial, type KeyUse } from "./publicKey";
import { parseTimestamp, sameInstant } from "./validity";

/** Byte limits of the free-text fields, counted in UTF-8 (ngrok: 255 and 4096 bytes). */
export const LIMITS = { descriptionBytes: 255, metadataBytes: 4096 } as const;

/**
 * The inputs both certificates have before their own (the user certificate's maps come next):
 * every one replaces the certificate (ngrok's PATCH changes only `description` and `metadata`,
 * and a signed certificate cannot change). `principals` and `validUntil` are given each kind's own
 * description by its definition.
 */
export const SIGNED_INPUTS = {
  sshCertificateAuthorityId: {
    role: "input",
    alwaysAnswered: true,
    type: { kind: "ngrokId", prefix: CA_ID_PREFIX },
    required: true,
    onChange: "replace",
    wire: "ssh_certificate_authority_id",
    typeText: "string, `sshca_…`",
    description:
      "The id (`sshca_…`) of the SSH certificate authority that signs the certificate, usually " +
      "the `id` output of an `SshCertificateAuthority` in the same program (then Pulumi creates " +
      "the CA first and deletes it last). A CA that does not exist fails the create with " +
      "ngrok's 404 and a message that says so. Changing it replaces the certificate.",
    outputDescription: "The signing CA's id, `sshca_…`.",
  },
  publicKey: {
    role: "input",
    alwaysAnswered: true,
    type: { kind: "string" },
    required: true,
    onChange: "replace",
    wire: "public_key",
    typeText: "string, one OpenSSH public key line",
    description:
      "The public key to certify: one line of an OpenSSH public key file, " +
      "`<type> <base64 key data> [comment]`, with type `ssh-ed25519`, `ecdsa-sha2-nistp256`, " +
      "`ecdsa-sha2-nistp384`, `ecdsa-sha2-nistp521` or `ssh-rsa` (1024 bits or more). Read it " +
      'with `fs.readFileSync("…/id_ed25519.pub", "utf8")`: whitespace around the line is ' +
      "dropped. Refused at preview, naming the key's type and size: DSA keys, FIDO security " +
      "keys, certificates, PEM, several lines, and private keys (whose value is never shown). " +
      "Changing the key replaces the certificate; changing only its comment does not.",
    outputDescription: "The certified public key, as sent (without surrounding whitespace).",
  },
  principals: {
    role: "input",
    type: { kind: "stringList" },
    serverFilled: true,
    onChange: "replace",
    wire: "principals",
    whenAbsent: [],
    description:
      "The principals the certificate is valid for, each a non-empty word without whitespace, " +
      "commas or control characters, each once. Default: none, which ngrok signs as valid for " +
      "**any** principal. Changing the list (or its order) replaces the certificate; leaving it " +
      "out later does not.",
    outputDescription: "The principals in the certificate, in order; `[]` means any.",
  },
  validAfter: {
    role: "input",
    alwaysAnswered: true,
    type: { kind: "string", format: "RFC 3339" },
    serverFilled: true,
    defaultText: "the creation time (ngrok's)",
    onChange: "replace",
    wire: "valid_after",
    typeText: "string, RFC 3339",
    description:
      'The start of the validity, an RFC 3339 timestamp with an offset (`"2026-01-01T00:00:00Z"`, ' +
      '`"2025-12-31T19:00:00-05:00"`). Default: the creation time, which ngrok fills in and the ' +
      "`validAfter` output shows (leaving the input out is never a change). Compared as an " +
      "instant, to the second. Changing it replaces the certificate.",
    outputDescription:
      "The start of the validity, RFC 3339 in UTC (`…Z`): as given, or the creation time.",
  },
  validUntil: {
    role: "input",
    alwaysAnswered: true,
    type: { kind: "string", format: "RFC 3339" },
    serverFilled: true,
    onChange: "replace",
    wire: "valid_until",
    typeText: "string, RFC 3339",
    description:
      "The end of the validity (OpenSSH's `valid_before`), an RFC 3339 timestamp with an " +
      'offset, after `validAfter`. A relative duration (`"30d"`) is refused: compute the ' +
      "instant in the program (see the resource's documentation). Compared as an instant, to " +
      "the second. Changing it replaces the certificate (ngrok signs a new one).",
    outputDescription:
      "The end of the validity, RFC 3339 in UTC (`…Z`): as given, or ngrok's default.",
  },
} as const;

/** The inputs both certificates have after their own: updated in place with `PATCH`. */
export const TEXT_INPUTS = {
  description: {
    role: "input",
    type: { kind: "string", maxBytes: LIMITS.descriptionBytes },
    onChange: "update",
    wire: "description",
    whenAbsent: "omit",
    description: "Human-readable description, at most 255 bytes of UTF-8. Updated in place.",
    outputDescription: "The description as ngrok holds it; `undefined` when empty.",
  },
  metadata: {
    role: "input",
    type: { kind: "string", maxBytes: LIMITS.metadataBytes },
    onChange: "update",
    wire: "metadata",
    whenAbsent: "omit",
    typeText: "string (often JSON)",
    description:
      "Arbitrary machine-readable data (often JSON), at most 4096 bytes of UTF-8. Updated in " +
      "place.",
    outputDescription: "The metadata as ngrok holds it; `undefined` when empty.",
  },
} as const;

/** The outputs ngrok computes for both certificates. */
export const CERTIFICATE_OUTPUTS = {
  certificate: {
    role: "output",
    type: { kind: "string", nonEmpty: true },
    wire: "certificate",
    description:
      "The signed certificate, one line in OpenSSH format: `<type>-cert-v01@openssh.com AAAA… " +
      "<id>`, e.g. `ssh-ed25519-cert-v01@openssh.com AAAA… shcrt_…`. Write it to a file next " +
      "to the key (such as `/etc/ssh/ssh_host_ed25519_key-cert.pub`, or " +
      "`~/.ssh/id_ed25519-cert.pub`). Not a secret.",
  },
  keyType: {
    role: "output",
    type: KEY_TYPE,
    wire: "key_type",
    description: 'The certified key\'s type as ngrok names it: `"rsa"`, `"ecdsa"` or `"ed25519"`.',
  },
  uri: {
    role: "output",
    type: { kind: "string" },
    wire: "uri",
    description: "The API URI of the certificate, `https://api.ngrok.com/ssh_…_certificates/<id>`.",
  },
  createdAt: {
    role: "output",
    type: { kind: "string", format: "RFC 3339" },
    wire: "created_at",
    description: "Creation time, RFC 3339 (e.g. `2025-09-04T10:11:37Z`).",
  },
} as const;

/**
 * What both certificates have, as a definition of its own (not a resource): what the SDK's
 * `SshCertificateArgs`, the outputs of the abstract `SshCertificate` class and
 * `GetSshCertificateResult` are generated from.
 */
export const SSH_CERTIFICATE_COMMON = defineResource({
  name: "SshCertificate",
  description: "What SSH host and user certificates have in common.",
  id: "ngrok's id: `shcrt_…` (host) or `sucrt_…` (user)",
  api: {
    path: "/ssh_{host,user}_certificates",
    noun: "SSH certificate",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /ssh_{host,user}_certificates[/{id}]`",
  },
  properties: { ...SIGNED_INPUTS, ...TEXT_INPUTS, ...CERTIFICATE_OUTPUTS },
});

/** The user certificate's maps (its definition lists them between the signed and the text inputs). */
export const OPTION_PROPERTIES = ["criticalOptions", "extensions"] as const;

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
  certificate: string;
  keyType: string;
  uri: string;
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
  return diffResource(kind.definition, olds, news, certificateSameness);
}

/** A value of state and a declared one of the same instant (to the second), or equal. */
const instant = (old: unknown, declared: unknown) =>
  typeof old === "string" && typeof declared === "string"
    ? sameInstant(old, declared)
    : isDeepStrictEqual(old, declared);

/**
 * How a certificate's signed fields are compared where equality is not enough: timestamps as
 * instants to the second, the public key by its key material (not its comment). Shared by `diff`
 * and by the pending-creates command (`../pendingCreates`).
 */
export const certificateSameness: Readonly<Record<string, Sameness>> = {
  validAfter: instant,
  validUntil: instant,
  publicKey: (old, declared) =>
    typeof old === "string" && typeof declared === "string"
      ? keyMaterial(old) === keyMaterial(declared)
      : isDeepStrictEqual(old, declared),
};

/** {@link diffSshCertificate} for the certificates of `kind`: a resource's pure `diff`. */
export function diffFor(
  kind: CertificateKind,
): (olds: Record<string, unknown>, news: Record<string, unknown>) => pulumi.dynamic.DiffResult {
  return (olds, news) => diffSshCertificate(kind, olds, news);
}
