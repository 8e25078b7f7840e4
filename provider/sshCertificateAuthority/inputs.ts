/**
 * The inputs and outputs of `SshCertificateAuthority`, and its pure `check`.
 *
 * Source: spec sections 2.1 (fields), 4.1 (create parameters) and 8 (limits); ngrok's
 * `POST /ssh_certificate_authorities`.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { InputChecker } from "../common/check";
import { isNgrokId, quoted } from "../common/ids";

/** Key types ngrok can generate (`private_key_type`). */
export const PRIVATE_KEY_TYPES = ["rsa", "ecdsa", "ed25519"] as const;
/** ECDSA curves (`elliptic_curve`): the three OpenSSH supports (nistp256/384/521). */
export const ELLIPTIC_CURVES = ["p256", "p384", "p521"] as const;
/** RSA key sizes in bits (`key_size`), spec section 8. */
export const RSA_KEY_SIZES = [2048, 4096] as const;

/** `private_key_type`. */
export type PrivateKeyType = (typeof PRIVATE_KEY_TYPES)[number];
/** `elliptic_curve`. */
export type EllipticCurve = (typeof ELLIPTIC_CURVES)[number];
/** `key_size`, bits. */
export type RsaKeySize = (typeof RSA_KEY_SIZES)[number];

/**
 * Defaults applied by `check` when a key parameter is omitted, so that state records exactly
 * what was sent (ngrok does not document its own defaults): RSA keys are 4096 bits, ECDSA keys
 * use curve p256 (the only curve in ngrok's examples).
 */
export const KEY_DEFAULTS = { keySize: 4096, ellipticCurve: "p256" } as const satisfies {
  keySize: RsaKeySize;
  ellipticCurve: EllipticCurve;
};

/** Byte limits of the free-text fields, counted in UTF-8 (spec section 8). */
export const LIMITS = { descriptionBytes: 255, metadataBytes: 4096 } as const;

/** Properties that force replacement: ngrok never changes a CA's key. */
export const REPLACE_PROPERTIES = ["privateKeyType", "ellipticCurve", "keySize"] as const;
/** Properties updated in place with `PATCH`. */
export const UPDATE_PROPERTIES = ["description", "metadata"] as const;

/** The prefix of ngrok's SSH CA ids, which `adoptExistingId` accepts: `sshca_`, then letters and digits. */
export const CA_ID_PREFIX = "sshca_";

/** The inputs as they are after `check` (defaults applied). */
export interface SshCertificateAuthorityInputs {
  privateKeyType: PrivateKeyType;
  ellipticCurve?: EllipticCurve;
  keySize?: RsaKeySize;
  description?: string;
  metadata?: string;
  /**
   * The id of an existing CA (`sshca_…`) that create adopts instead of creating one (see
   * `./adopt`). Only create reads it; it is never a change (see `./diff`).
   */
  adoptExistingId?: string;
}

/** The outputs recorded in state: every input plus what ngrok generates. */
export interface SshCertificateAuthorityOutputs extends SshCertificateAuthorityInputs {
  /** OpenSSH public key text, e.g. `ssh-ed25519 AAAA…`. */
  publicKey: string;
  /** ngrok's `key_type`: `rsa`, `ecdsa` or `ed25519`. */
  keyType: string;
  /** `https://api.ngrok.com/ssh_certificate_authorities/<id>`. */
  uri: string;
  /** RFC 3339 creation time. */
  createdAt: string;
}

const RESOURCE = "ngrok:SshCertificateAuthority";
const KNOWN = [...REPLACE_PROPERTIES, ...UPDATE_PROPERTIES, "adoptExistingId"] as const;

/**
 * Validates raw inputs and applies {@link KEY_DEFAULTS}. Pure: no API call, so `pulumi preview`
 * reports every failure before anything is created. Rules:
 * - `privateKeyType` is required, one of {@link PRIVATE_KEY_TYPES};
 * - `ellipticCurve` only with `ecdsa`, one of {@link ELLIPTIC_CURVES} (ngrok: ERR_NGROK_1941/1942);
 * - `keySize` only with `rsa`, one of {@link RSA_KEY_SIZES} (ngrok: ERR_NGROK_1939/1940);
 * - `description` at most 255 and `metadata` at most 4096 bytes of UTF-8;
 * - `adoptExistingId`, when set, an ngrok CA id ({@link CA_ID_PREFIX}, then letters and digits);
 * - no other property.
 * Values not known yet (preview) are not checked.
 */
export function checkSshCertificateAuthority(
  news: Record<string, unknown>,
): pulumi.dynamic.CheckResult<SshCertificateAuthorityInputs> {
  const c = new InputChecker<SshCertificateAuthorityInputs>(news, RESOURCE, KNOWN);
  const keyType = c.oneOf("privateKeyType", PRIVATE_KEY_TYPES);
  if (c.value("privateKeyType") === undefined) {
    c.fail(
      "privateKeyType",
      `privateKeyType is required: one of ${PRIVATE_KEY_TYPES.map((t) => JSON.stringify(t)).join(", ")}`,
    );
  }
  c.oneOf("ellipticCurve", ELLIPTIC_CURVES);
  c.oneOf("keySize", RSA_KEY_SIZES, "bits");
  // A parameter of another key type is an error; a missing one of this key type gets its default.
  const only = { ellipticCurve: "ecdsa", keySize: "rsa" } as const;
  for (const [property, owner] of Object.entries(only) as [keyof typeof only, PrivateKeyType][]) {
    if (keyType === undefined) {
      continue;
    }
    if (keyType !== owner && c.value(property) !== undefined) {
      c.fail(
        property,
        `${property} applies only when privateKeyType is "${owner}"; privateKeyType is "${keyType}"`,
      );
    } else if (keyType === owner && c.value(property) === undefined) {
      c.set(property, KEY_DEFAULTS[property]);
    }
  }

  c.string("description", { maxBytes: LIMITS.descriptionBytes });
  c.string("metadata", { maxBytes: LIMITS.metadataBytes });
  const adopt = c.string("adoptExistingId");
  if (adopt !== undefined && !isNgrokId(adopt, CA_ID_PREFIX)) {
    c.fail(
      "adoptExistingId",
      `adoptExistingId must be the id of an existing SSH certificate authority, "sshca_" followed by letters and digits; got ${quoted(adopt)}`,
    );
  }

  return c.result();
}
