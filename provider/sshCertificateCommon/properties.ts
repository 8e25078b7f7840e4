/**
 * What the SSH certificates (`SshHostCertificate`, `SshUserCertificate`) have in common, defined
 * once: the properties both have (each with its type and rules, description, wire name and what a
 * change does, see `../framework`). Their one pure `check` and `diff`, parameterized by the
 * certificate's kind, are in `./rules`, re-exported here. Each certificate's `definition.ts`
 * declares the resource from these.
 *
 * Source: `contributing/reference/ngrok-ssh-certificates.md` §2 (fields, limits, defaults), section 3 (what PATCH
 * changes); ngrok's `POST /ssh_host_certificates` and `POST /ssh_user_certificates`.
 *
 * @module
 */
import type { ValueOf } from "../framework/property";
import { defineResource } from "../framework/define";
import { type ExampleResource, resource } from "../framework/example";
import type { InputsOf, LookupFacts, OutputsOf, PendingCreateFacts } from "../framework/resource";
import { CA_ID_PREFIX, KEY_TYPE } from "../sshCertificateAuthority/definition";
import { sameKey, sameTimestamp } from "./sameness";
import {
  checkOptions,
  principalsRule,
  publicKeyRule,
  timestampRule,
  validUntilRule,
} from "./rules";
import { objectOutputs, TEXT_INPUTS } from "../common/textProperties";

export { LIMITS } from "../common/textProperties";

/**
 * An OpenSSH public key line as an input (a certificate's key, a credential's): required, sent as
 * `public_key`, always answered, compared by its key material (a new comment is the same key), and
 * replacing the object when it changes. Each resource adds its own description.
 */
export const OPENSSH_PUBLIC_KEY = {
  role: "input",
  alwaysAnswered: true,
  type: { kind: "string" },
  required: true,
  onChange: "replace",
  wire: "public_key",
  same: sameKey,
  rule: publicKeyRule(),
  requiredText: "one line of an OpenSSH public key file (`ssh-ed25519 AAAA… comment`)",
  typeText: "string, one OpenSSH public key line",
} as const;

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
    type: {
      kind: "ngrokId",
      prefix: CA_ID_PREFIX,
      names: "an SSH certificate authority",
      example: "e.g. the id output of an SshCertificateAuthority",
    },
    required: true,
    requiredText:
      "the id (sshca_…) of the SSH certificate authority that signs the certificate, e.g. the " +
      "id output of an SshCertificateAuthority",
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
    ...OPENSSH_PUBLIC_KEY,
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
    rule: principalsRule("principals"),
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
    type: { kind: "string", format: "rfc3339" },
    serverFilled: true,
    defaultText: "the creation time (ngrok's)",
    onChange: "replace",
    wire: "valid_after",
    same: sameTimestamp,
    rule: timestampRule,
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
    type: { kind: "string", format: "rfc3339" },
    serverFilled: true,
    onChange: "replace",
    wire: "valid_until",
    same: sameTimestamp,
    rule: validUntilRule,
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
export { TEXT_INPUTS };

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
  ...objectOutputs(
    "The API URI of the certificate, `https://api.ngrok.com/ssh_…_certificates/<id>`.",
  ),
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
 * The user certificate's maps, OpenSSH's critical options and extensions: declared here so that
 * {@link SshCertificateInputs} derives them, and spread by the user certificate's definition
 * between its signed and its text inputs.
 */
export const OPTION_INPUTS = {
  criticalOptions: {
    role: "input",
    type: { kind: "stringMap" },
    serverFilled: true,
    onChange: "replace",
    wire: "critical_options",
    whenAbsent: {},
    rule: checkOptions,
    typeText: "map of string to string",
    defaultText: "none (`{}`)",
    description:
      'OpenSSH critical options, name → value, e.g. `{ "force-command": "/usr/bin/backup", ' +
      '"source-address": "10.0.0.0/8" }`. Names are non-empty, at most 255 bytes of UTF-8, ' +
      "without whitespace or control characters; values are strings. `sshd` refuses a " +
      "certificate with a critical option it does not know (OpenSSH knows `force-command`, " +
      "`source-address`, `verify-required`). Changing them replaces the certificate.",
    outputDescription: "The critical options in the certificate; `{}` when none.",
  },
  extensions: {
    role: "input",
    type: { kind: "stringMap" },
    serverFilled: true,
    onChange: "replace",
    wire: "extensions",
    whenAbsent: {},
    rule: checkOptions,
    typeText: "map of string to string",
    defaultText: 'ngrok\'s `{ "permit-pty": "", "permit-user-rc": "" }`',
    description:
      'OpenSSH extensions, name → value (`""` for the flags), e.g. `{ "permit-pty": "", ' +
      '"permit-port-forwarding": "" }`. Names as for `criticalOptions`. Default: ngrok\'s ' +
      '`{ "permit-pty": "", "permit-user-rc": "" }`, shown in the `extensions` output and ' +
      "never as a change while the input is left out. `{}` is refused: ngrok takes an empty " +
      "map as unset and would sign its defaults. Changing them replaces the certificate.",
    outputDescription: "The extensions in the certificate: as given, or ngrok's default.",
  },
} as const;

/** The maps as inputs: user certificates only, so optional for both kinds. */
type OptionInputs = {
  -readonly [K in keyof typeof OPTION_INPUTS]?: ValueOf<(typeof OPTION_INPUTS)[K]["type"]>;
};

/**
 * The inputs of an SSH certificate as they are after `check`, either kind: what both have (see
 * {@link SSH_CERTIFICATE_COMMON}), and the user certificate's maps.
 */
export type SshCertificateInputs = InputsOf<typeof SSH_CERTIFICATE_COMMON> & OptionInputs;

/** The outputs recorded in state: every input, with ngrok's values for those it fills. */
export type SshCertificateOutputs = OutputsOf<typeof SSH_CERTIFICATE_COMMON> & OptionInputs;

/**
 * The lookups of the `which` (`host` or `user`) certificates: one by id, and every certificate
 * that the filters keep (the signing CA, description, metadata, and one principal).
 */
export function certificateLookups(which: "host" | "user"): LookupFacts {
  return {
    one: { description: `Reads one SSH ${which} certificate by id, without managing it.` },
    list: {
      filters: ["sshCertificateAuthorityId", "description", "metadata", "principal"],
      description: `Reads every SSH ${which} certificate of the account that the arguments keep.`,
    },
    extra: { principal: "Keep the certificates that list this principal, exactly." },
    argumentDescriptions: {
      sshCertificateAuthorityId: "Keep the certificates signed by this CA (`sshca_…`).",
      principal:
        "Keep the certificates that list this principal (a host name or a user name, exactly). " +
        "A certificate without principals, valid for any, lists none and is not kept.",
    },
  };
}

/** How an interrupted create of a `which` certificate is found again (`ngrok api <cli>`). */
export function certificatePendingCreates(which: "host" | "user", cli: string): PendingCreateFacts {
  return {
    ngrokCliCommand: cli,
    shortNoun: `${which} certificate`,
    shortNounPlural: `${which} certificates`,
    identifyingInputs: ["sshCertificateAuthorityId", "principals", "description"],
    writesOwnershipMarker: true,
  };
}

/**
 * `principals` of a certificate whose principals are `principalsAre` (in failures, e.g. `user
 * names`), with its own `description`.
 */
export function principalsFor(principalsAre: string, description: string) {
  return { ...SIGNED_INPUTS.principals, rule: principalsRule(principalsAre), description } as const;
}

/**
 * `validUntil` as a certificate kind declares it: with ngrok's default validity of the kind
 * (`defaultValidity`, e.g. `1 year`, counted from the creation time) in its default and its words.
 */
export function validUntilWithDefault(defaultValidity: string) {
  return {
    ...SIGNED_INPUTS.validUntil,
    defaultText: `${defaultValidity} after the creation time (ngrok's)`,
    description:
      "The end of the validity, an RFC 3339 timestamp with an offset. Default: " +
      `${defaultValidity} after the creation time (ngrok's default), which the \`validUntil\` ` +
      "output shows. A relative duration is refused: compute the instant in the program. " +
      "Changing it replaces the certificate.",
  } as const;
}

/** What a certificate's SDK class declares (`SdkFacts`): it is never adopted, a new one is signed. */
export const CERTIFICATE_SDK = {
  importInstead:
    "remove import, and this resource signs a new one (delete {id} when it is no longer wanted; " +
    'see "Import and adopt" in the resource\'s documentation)',
} as const;

/**
 * The signing CA of a certificate's docs example (`example` of the definitions): an ed25519 SSH
 * CA, protected, since a new CA is a new key in every sshd.
 */
export const exampleCa = (name: string, description: string): ExampleResource =>
  resource("SshCertificateAuthority", name, { privateKeyType: "ed25519", description }, true);
