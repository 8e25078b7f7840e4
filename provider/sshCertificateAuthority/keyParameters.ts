/**
 * The key parameters of an SSH certificate authority, read from its public key.
 *
 * ngrok never returns the `private_key_type`, `elliptic_curve` or `key_size` a CA was created with
 * (`contributing/reference/ngrok-api.md`, "SSH Certificate Authorities"), but its `public_key` (OpenSSH text,
 * `ssh-ed25519 AAAA…`, `ecdsa-sha2-nistp384 AAAA…`, `ssh-rsa AAAA…`) tells them: the key type,
 * the curve (OpenSSH's `nistp256`/`nistp384`/`nistp521` are this package's `p256`/`p384`/`p521`)
 * and the RSA modulus size in bits. Adoption compares them with the declared ones before any
 * write, and a CA read without inputs (`SshCertificateAuthority.get`, the lookup functions)
 * reports them as its key parameters.
 *
 * The key is parsed with sshpk, loaded on first use (never by `check` or `diff`).
 *
 * @module
 */
import {
  ELLIPTIC_CURVES,
  PRIVATE_KEY_TYPES,
  type EllipticCurve,
  KEY_DEFAULTS,
  type PrivateKeyType,
  RSA_KEY_SIZES,
  type RsaKeySize,
  type SshCertificateAuthorityInputs,
} from "./definition";
import { propertyOf } from "../client/brand";
import { load } from "../lazy";

/** The inputs that choose a CA's key. */
export type KeyParameters = Pick<
  SshCertificateAuthorityInputs,
  "privateKeyType" | "ellipticCurve" | "keySize"
>;

/** What a public key says about itself. */
export interface PublicKeyFacts {
  /** sshpk's key type: `"ed25519"`, `"ecdsa"`, `"rsa"`, or another one (`"dsa"`). */
  readonly type: string;
  /** The ECDSA curve in this package's names (`"p256"`, `"p384"`, `"p521"`); absent otherwise. */
  readonly curve?: string;
  /** The key size in bits: the RSA modulus, the ECDSA curve's size, 256 for Ed25519. */
  readonly bits: number;
}

const sshpk = load.sshpk;

/**
 * Parses a CA's `public_key` (OpenSSH text).
 *
 * @throws Error (sshpk's `KeyParseError`) when the text is not an OpenSSH public key.
 */
export function publicKeyFacts(publicKey: string): PublicKeyFacts {
  const key = sshpk().parseKey(publicKey, "ssh");
  const curve = key.type === "ecdsa" ? key.curve?.replace(/^nist/, "") : undefined;
  return { type: key.type, bits: key.size, ...(curve === undefined ? {} : { curve }) };
}

/**
 * The key parameters a create would have sent to make a key like `facts`, or `undefined` when
 * ngrok does not make such keys (a DSA key, an RSA size other than 2048 or 4096).
 */
export function keyParametersOf(facts: PublicKeyFacts): KeyParameters | undefined {
  switch (facts.type) {
    case "ed25519":
      return { privateKeyType: "ed25519" };
    case "ecdsa": {
      const curve = ELLIPTIC_CURVES.find((known) => known === facts.curve);
      return curve === undefined ? undefined : { privateKeyType: "ecdsa", ellipticCurve: curve };
    }
    case "rsa": {
      const size = RSA_KEY_SIZES.find((known) => known === facts.bits);
      return size === undefined ? undefined : { privateKeyType: "rsa", keySize: size };
    }
    default:
      return undefined;
  }
}

/**
 * The key parameters of a CA as ngrok answers it (its `publicKey` and `keyType` outputs), for a
 * CA read without inputs: from its public key, or only its key type when the key is not one
 * ngrok makes (or does not parse).
 */
export function keyParametersOfCa(ca: {
  readonly publicKey: string;
  readonly keyType: string;
}): Partial<KeyParameters> {
  try {
    const parameters = keyParametersOf(publicKeyFacts(ca.publicKey));
    if (parameters !== undefined) return parameters;
  } catch {
    // Not an OpenSSH public key: fall back to ngrok's key_type.
  }
  const type = PRIVATE_KEY_TYPES.find((known) => known === ca.keyType);
  return type === undefined ? {} : { privateKeyType: type };
}

/**
 * Why the CA `ca` (its public key) cannot be adopted as the declared one, or `undefined` when its
 * key has the declared key parameters (see `../framework/adopt`).
 */
export function adoptionRefusal(ca: { readonly publicKey: string }, declared: KeyParameters) {
  let mismatch: string | undefined;
  try {
    mismatch = keyMismatch(declared, publicKeyFacts(ca.publicKey));
  } catch (error) {
    return {
      refusal: "unreadable-key",
      reason:
        `its public key could not be read to compare it with the declared key parameters ` +
        `(${propertyOf(error, "message")})`,
    } as const;
  }
  if (mismatch === undefined) return undefined;
  return {
    refusal: "key-mismatch",
    reason:
      `${mismatch}. A CA's key never changes: declare the key parameters of the CA, or remove ` +
      "adoptExistingId to create a new CA (with a new key to distribute)",
  } as const;
}

/** Whether the CA's key (its public key) has the declared key parameters, defaults applied. */
export function sameKeyParameters(ca: { readonly publicKey: string }, declared: KeyParameters) {
  try {
    return keyMismatch(declared, publicKeyFacts(ca.publicKey)) === undefined;
  } catch {
    return false; // a key that cannot be read is not the declared one
  }
}

/** `ed25519`, `ecdsa p384`, `rsa 2048 bits`: a key as the messages name it. */
export function describeKey(facts: PublicKeyFacts): string {
  if (facts.type === "ecdsa") return `ecdsa ${facts.curve ?? `(${facts.bits} bits)`}`;
  if (facts.type === "rsa") return `rsa ${facts.bits} bits`;
  return facts.type;
}

/**
 * How the declared key parameters differ from the key `facts` describes, or `undefined` when
 * they match. The defaults `check` applies ({@link KEY_DEFAULTS}: ECDSA p256, RSA 4096 bits) are
 * applied here too, so an omitted curve or size means the default, not "any".
 */
export function keyMismatch(declared: KeyParameters, facts: PublicKeyFacts): string | undefined {
  const type: PrivateKeyType = declared.privateKeyType;
  const curve: EllipticCurve = declared.ellipticCurve ?? KEY_DEFAULTS.ellipticCurve;
  const size: RsaKeySize = declared.keySize ?? KEY_DEFAULTS.keySize;
  const wanted =
    type === "ecdsa"
      ? `privateKeyType "ecdsa" with ellipticCurve "${curve}"`
      : type === "rsa"
        ? `privateKeyType "rsa" with keySize ${size}`
        : `privateKeyType "${type}"`;
  const matches =
    facts.type === type &&
    (type !== "ecdsa" || facts.curve === curve) &&
    (type !== "rsa" || facts.bits === size);
  return matches ? undefined : `its key is ${describeKey(facts)}, the resource declares ${wanted}`;
}
