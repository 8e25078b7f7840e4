/**
 * SSH key generation for SSH Certificate Authorities (`contributing/reference/seed.md` §4.1, Create).
 *
 * Keys are made with node's asynchronous `crypto.generateKeyPair`, which runs on libuv's thread
 * pool and never blocks the event loop (RSA 4096 takes seconds). The public key is rendered in
 * OpenSSH `authorized_keys` form without a comment (`ssh-ed25519 AAAA…`,
 * `ecdsa-sha2-nistp384 AAAA…`, `ssh-rsa AAAA…`) via sshpk.
 */
import { generateKeyPair, type KeyObject } from "node:crypto";
import sshpk from "sshpk";

/** `key_type` values, as ngrok renders them. */
export type SshKeyType = "rsa" | "ecdsa" | "ed25519";
/** Supported `private_key_type` values. */
export const SSH_KEY_TYPES: readonly SshKeyType[] = ["rsa", "ecdsa", "ed25519"];
/** Supported RSA `key_size` values, in bits. */
export const RSA_KEY_SIZES = [2048, 4096] as const;
/** A supported RSA `key_size`, in bits. */
export type RsaKeySize = (typeof RSA_KEY_SIZES)[number];
/** Supported `elliptic_curve` values (the three curves OpenSSH supports). */
export const ELLIPTIC_CURVES = ["p256", "p384", "p521"] as const;
/** A supported `elliptic_curve`. */
export type EllipticCurve = (typeof ELLIPTIC_CURVES)[number];

/** Whether `value` is a supported `private_key_type`. */
export function isSshKeyType(value: string): value is SshKeyType {
  return SSH_KEY_TYPES.some((type) => type === value);
}

/** Whether `value` is a supported RSA `key_size`. */
export function isRsaKeySize(value: number): value is RsaKeySize {
  return RSA_KEY_SIZES.some((size) => size === value);
}

/** Whether `value` is a supported `elliptic_curve`. */
export function isEllipticCurve(value: string): value is EllipticCurve {
  return ELLIPTIC_CURVES.some((curve) => curve === value);
}

/** Default RSA key size when `key_size` is omitted (or 0). */
export const DEFAULT_RSA_KEY_SIZE = 4096;
/** Default curve when `elliptic_curve` is omitted (or ""): the only one in ngrok's examples. */
export const DEFAULT_ELLIPTIC_CURVE: EllipticCurve = "p256";
/** Default `private_key_type` when omitted (or ""): not documented by ngrok; lenient choice. */
export const DEFAULT_SSH_KEY_TYPE: SshKeyType = "ed25519";

/** What to generate. */
export type SshKeySpec =
  { type: "rsa"; bits: RsaKeySize } | { type: "ecdsa"; curve: EllipticCurve } | { type: "ed25519" };

/** A generated key pair: the OpenSSH public key text and the private key (kept in memory). */
export interface SshKeyPair {
  readonly keyType: SshKeyType;
  readonly publicKey: string;
  readonly privateKey: KeyObject;
}

const NODE_CURVES: Record<EllipticCurve, string> = {
  p256: "prime256v1",
  p384: "secp384r1",
  p521: "secp521r1",
};

type KeyPairObjects = { publicKey: KeyObject; privateKey: KeyObject };

function callback(
  resolve: (pair: KeyPairObjects) => void,
  reject: (error: Error) => void,
): (error: Error | null, publicKey: KeyObject, privateKey: KeyObject) => void {
  return (error, publicKey, privateKey) =>
    error ? reject(error) : resolve({ publicKey, privateKey });
}

function generate(spec: SshKeySpec): Promise<KeyPairObjects> {
  return new Promise((resolve, reject) => {
    switch (spec.type) {
      case "rsa":
        generateKeyPair(
          "rsa",
          { modulusLength: spec.bits, publicExponent: 0x10001 },
          callback(resolve, reject),
        );
        return;
      case "ecdsa":
        generateKeyPair("ec", { namedCurve: NODE_CURVES[spec.curve] }, callback(resolve, reject));
        return;
      case "ed25519":
        generateKeyPair("ed25519", {}, callback(resolve, reject));
        return;
    }
  });
}

/** A public key as OpenSSH text (`<type> <base64>`, no comment). */
export function toOpenSshPublicKey(publicKey: KeyObject): string {
  const pem = publicKey.export({ type: "spki", format: "pem" }).toString();
  const text = sshpk.parseKey(pem, "pem").toString("ssh");
  return text.split(" ").slice(0, 2).join(" ");
}

/** Generates a key pair without blocking the event loop. */
export async function generateSshKeyPair(spec: SshKeySpec): Promise<SshKeyPair> {
  const { publicKey, privateKey } = await generate(spec);
  return { keyType: spec.type, publicKey: toOpenSshPublicKey(publicKey), privateKey };
}
