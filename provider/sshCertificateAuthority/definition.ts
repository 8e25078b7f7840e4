/**
 * `SshCertificateAuthority`, defined once: every property with its type and rules, description,
 * default, wire name and what a change does (see `../framework`), and its pure `check` and `diff` (derived by `defineResource`). The SDK's
 * types, the package schema and the docs tables are generated from it (`npm run generate`).
 *
 * Source: `contributing/reference/seed.md` §2.1 (fields), 4.1 (create parameters) and 8 (limits); ngrok's
 * `POST /ssh_certificate_authorities`; `contributing/reference/ngrok-api.md` ("SSH Certificate Authorities").
 *
 * @module
 */
import { objectOutputs, TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { output, resource } from "../framework/example";
import type { InputsOf, OutputsOf } from "../framework/resource";

/** Key types ngrok can generate (`private_key_type`). */
export const PRIVATE_KEY_TYPES = ["rsa", "ecdsa", "ed25519"] as const;
/** ECDSA curves (`elliptic_curve`): the three OpenSSH supports (nistp256/384/521). */
export const ELLIPTIC_CURVES = ["p256", "p384", "p521"] as const;
/** RSA key sizes in bits (`key_size`), `contributing/reference/seed.md` §8. */
export const RSA_KEY_SIZES = [2048, 4096] as const;
export { LIMITS } from "../common/textProperties";
/** The prefix of ngrok's SSH CA ids: `sshca_`, then letters and digits. */
export const CA_ID_PREFIX = "sshca_";

/** The key type of a CA, and of a certified key: `private_key_type`, `key_type`. */
export const KEY_TYPE = {
  kind: "enum",
  values: PRIVATE_KEY_TYPES,
  typeName: "PrivateKeyType",
  typeDescription: "The key types ngrok generates for a CA (and names a certified key's type).",
} as const;

/** The SSH certificate authority. */
export const sshCertificateAuthorityDefinition = defineResource({
  name: "SshCertificateAuthority",
  description:
    "An ngrok SSH certificate authority: ngrok generates and keeps the private key and signs SSH " +
    "host and user certificates with it; you distribute the public key to `sshd` " +
    "(`TrustedUserCAKeys`) or to clients (`@cert-authority` in `known_hosts`).",
  id: "ngrok's id (`sshca_…`)",
  terraform: "ngrok_ssh_certificate_authority",
  api: {
    path: "/ssh_certificate_authorities",
    noun: "SSH certificate authority",
    idPrefix: CA_ID_PREFIX,
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /ssh_certificate_authorities[/{id}]`",
  },
  pluralName: "SshCertificateAuthorities",
  lookups: {
    one: {
      description:
        "Reads one SSH certificate authority by id, without managing it: one " +
        "`GET /ssh_certificate_authorities/{id}`. Its key parameters come from its public key.",
    },
    list: {
      filters: ["description", "metadata", "privateKeyType"],
      description:
        "Reads every SSH certificate authority of the account that the arguments keep (each set " +
        "argument keeps the CAs whose field equals it exactly), newest first: " +
        "`GET /ssh_certificate_authorities`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "ssh-certificate-authorities",
    shortNoun: "CA",
    shortNounPlural: "CAs",
    identifyingInputs: ["privateKeyType", "ellipticCurve", "keySize", "description"],
    writesOwnershipMarker: true,
    adoptBy: "adoptExistingId",
  },
  example: {
    summary: "An SSH CA for user certificates; its public key goes into sshd's TrustedUserCAKeys.",
    resources: [
      resource(
        "SshCertificateAuthority",
        "user-ca",
        {
          privateKeyType: "ed25519",
          description: "Production user CA",
          metadata: '{"team":"platform"}',
        },
        true,
      ),
      resource("SshCertificateAuthority", "legacy-ca", { privateKeyType: "rsa", keySize: 4096 }),
    ],
    outputs: { trustedUserCaKey: output("user-ca", "publicKey") },
  },
  properties: {
    privateKeyType: {
      role: "input",
      type: KEY_TYPE,
      required: true,
      onChange: "replace",
      wire: "private_key_type",
      echoed: false,
      description:
        'The key type ngrok generates: `"rsa"`, `"ecdsa"` or `"ed25519"`. Changing it replaces ' +
        "the CA (a new key pair).",
      outputDescription: 'As given, or `"rsa"`/`"ecdsa"`/`"ed25519"`.',
    },
    ellipticCurve: {
      role: "input",
      type: {
        kind: "enum",
        values: ELLIPTIC_CURVES,
        typeName: "EllipticCurve",
        typeDescription: "The curves of an ECDSA CA key (OpenSSH's nistp256, nistp384, nistp521).",
      },
      onlyWhen: { property: "privateKeyType", value: "ecdsa" },
      default: "p256",
      onChange: "replace",
      wire: "elliptic_curve",
      echoed: false,
      description:
        'The curve of an ECDSA key: `"p256"`, `"p384"` or `"p521"` (OpenSSH\'s ' +
        "nistp256/384/521). Only with `ecdsa`. Changing it replaces the CA.",
      outputDescription: 'The ECDSA curve (default `"p256"`), `undefined` for other key types.',
    },
    keySize: {
      role: "input",
      type: {
        kind: "enum",
        values: RSA_KEY_SIZES,
        unit: "bits",
        typeName: "RsaKeySize",
        typeDescription: "The sizes of an RSA CA key, in bits.",
      },
      onlyWhen: { property: "privateKeyType", value: "rsa" },
      default: 4096,
      onChange: "replace",
      wire: "key_size",
      echoed: false,
      description:
        "The size of an RSA key in bits: `2048` or `4096`. Only with `rsa`. Changing it " +
        "replaces the CA.",
      outputDescription:
        "The RSA key size in bits (default `4096`), `undefined` for other key types.",
    },
    ...TEXT_INPUTS,
    adoptExistingId: {
      role: "input",
      type: {
        kind: "ngrokId",
        prefix: CA_ID_PREFIX,
        names: "an existing SSH certificate authority",
      },
      onChange: "nothing",
      typeText: "string, `sshca_…`",
      description:
        "Adopt the existing CA with this id (`sshca_…`, e.g. one made in the dashboard) instead " +
        "of creating one. Create then reads the CA (one `GET`), refuses, before any write, when " +
        "its key is not the declared one (key type, curve, RSA size, with the defaults applied), " +
        "sets `description` and `metadata` to the declared values with one `PATCH` if they " +
        "differ (an undeclared one is cleared), and records the CA; it never creates one. From " +
        "then on the CA is managed like any other, and deleted with the resource: set " +
        "`retainOnDelete: true` to keep it in ngrok, `protect: true` to refuse the delete. Only " +
        "create reads it: setting, changing or removing it later is not a change. Default: none " +
        "(create makes a new CA).",
      outputDescription: "As given (only create reads it). Never sent to ngrok.",
    },
    publicKey: {
      role: "output",
      type: { kind: "string", nonEmpty: true },
      wire: "public_key",
      description:
        "The CA's public key in OpenSSH text form, e.g. `ssh-ed25519 AAAAC3Nz…`, " +
        "`ecdsa-sha2-nistp256 AAAA…` or `ssh-rsa AAAA…`: one line of a `TrustedUserCAKeys` file.",
    },
    keyType: {
      role: "output",
      type: KEY_TYPE,
      wire: "key_type",
      description: 'ngrok\'s `key_type`: `"rsa"`, `"ecdsa"` or `"ed25519"`.',
    },
    ...objectOutputs(
      "The API URI of the CA, `https://api.ngrok.com/ssh_certificate_authorities/sshca_…`.",
    ),
  },
});

/** `private_key_type`. */
export type PrivateKeyType = (typeof PRIVATE_KEY_TYPES)[number];
/** `elliptic_curve`. */
export type EllipticCurve = (typeof ELLIPTIC_CURVES)[number];
/** `key_size`, bits. */
export type RsaKeySize = (typeof RSA_KEY_SIZES)[number];

/** The inputs as they are after `check` (defaults applied). */
export type SshCertificateAuthorityInputs = InputsOf<typeof sshCertificateAuthorityDefinition>;
/** The outputs recorded in state: every input plus what ngrok generates. */
export type SshCertificateAuthorityOutputs = OutputsOf<typeof sshCertificateAuthorityDefinition>;

/**
 * Defaults applied by `check` when a key parameter is omitted, so that state records exactly
 * what was sent (ngrok does not document its own defaults): RSA keys are 4096 bits, ECDSA keys
 * use curve p256 (the only curve in ngrok's examples).
 */
export const KEY_DEFAULTS = {
  keySize: sshCertificateAuthorityDefinition.properties.keySize.default,
  ellipticCurve: sshCertificateAuthorityDefinition.properties.ellipticCurve.default,
} as const;

/**
 * The pure `check` (see `../framework/define`): validates raw inputs and applies
 * {@link KEY_DEFAULTS}; no API call, so `pulumi preview` reports every failure before anything is
 * created. The rules, each with its property above: `privateKeyType` is required, one of
 * {@link PRIVATE_KEY_TYPES}; `ellipticCurve` only with `ecdsa`, one of {@link ELLIPTIC_CURVES}
 * (ngrok: ERR_NGROK_1941/1942); `keySize` only with `rsa`, one of {@link RSA_KEY_SIZES} (ngrok:
 * ERR_NGROK_1939/1940); `description` at most 255 and `metadata` at most 4096 bytes of UTF-8;
 * `adoptExistingId`, when set, an ngrok CA id ({@link CA_ID_PREFIX}, then letters and digits);
 * no other property.
 */
export const checkSshCertificateAuthority = sshCertificateAuthorityDefinition.check;

/**
 * The pure `diff`: key parameters replace (the new CA is created before the old one is deleted, so
 * `TrustedUserCAKeys` can list both during a rollover); `description` and `metadata` update in
 * place (absent and `""` are the same); `adoptExistingId` is never a change (only create reads it,
 * see `../framework/adopt.ts`).
 */
export const diffSshCertificateAuthority = sshCertificateAuthorityDefinition.diff;
