/**
 * The `public_key` of an SSH certificate request: one OpenSSH `authorized_keys` line,
 * `<algorithm> <base64 key blob> [comment]`, without options.
 *
 * - empty or only whitespace → ERR_NGROK_1952 (the model also answers it when omitted);
 * - a key of a type OpenSSH (and Go's `x/crypto/ssh`, which ngrok's servers are written with)
 *   can read but the API does not certify → ERR_NGROK_1950: DSA (`ssh-dss`), security keys
 *   (`sk-…@openssh.com`) and certificates (`…-cert-v01@openssh.com`);
 * - anything else that is not an RSA, ECDSA (nistp256/384/521) or Ed25519 key → ERR_NGROK_1934:
 *   more than one line, an unknown algorithm, bad base64, a blob whose inner algorithm differs
 *   from the line's, a truncated blob, or trailing bytes after the key (Go rejects those too).
 *
 * The blob is checked by parsing it with sshpk and writing it back: the result must be the same
 * bytes, so the certificate carries exactly the submitted key.
 */
import sshpk from "sshpk";
import { apiErrors } from "../errors";
import type { SshKeyType } from "./sshKeys";

/** A parsed subject key. */
export interface SubjectPublicKey {
  /** `key_type`: rsa, ecdsa or ed25519. */
  readonly keyType: SshKeyType;
  /** The OpenSSH algorithm name, e.g. `ecdsa-sha2-nistp256`. */
  readonly algorithm: string;
  /** The key blob (RFC 4253 §6.6 public key format: the algorithm name, then the key's parts). */
  readonly blob: Buffer;
}

const SUPPORTED: ReadonlyMap<string, SshKeyType> = new Map([
  ["ssh-rsa", "rsa"],
  ["ecdsa-sha2-nistp256", "ecdsa"],
  ["ecdsa-sha2-nistp384", "ecdsa"],
  ["ecdsa-sha2-nistp521", "ecdsa"],
  ["ssh-ed25519", "ed25519"],
]);

/** Key types OpenSSH knows but the API does not certify (ERR_NGROK_1950). */
const UNSUPPORTED = /^(ssh-dss|sk-[a-z0-9-]+@openssh\.com|[a-z0-9-]+-cert-v01@openssh\.com)$/;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The algorithm name at the start of a key blob, or undefined when the blob is too short. */
function innerAlgorithm(blob: Buffer): string | undefined {
  if (blob.length < 4) return undefined;
  const length = blob.readUInt32BE(0);
  return blob.length < 4 + length ? undefined : blob.subarray(4, 4 + length).toString("latin1");
}

function unparseable(reason: string): Error {
  return apiErrors.sshPublicKeyUnparseable(reason);
}

/** Parses a submitted `public_key`; throws the API errors listed in the module comment. */
export function parseSubjectPublicKey(text: string): SubjectPublicKey {
  const line = text.trim();
  if (line === "") throw apiErrors.sshPublicKeyMissing();
  if (/[\r\n]/.test(line)) throw unparseable('"more than one line"');
  const [algorithm, encoded = ""] = line.split(/[ \t]+/);
  const blob = BASE64.test(encoded) ? Buffer.from(encoded, "base64") : undefined;
  if (blob === undefined || blob.toString("base64") !== encoded) {
    throw unparseable('"the key is not base64"');
  }
  if (innerAlgorithm(blob) !== algorithm) {
    throw unparseable(`"the key's algorithm does not match ${JSON.stringify(algorithm)}"`);
  }
  if (UNSUPPORTED.test(algorithm)) throw apiErrors.sshPublicKeyTypeUnsupported(algorithm);
  const keyType = SUPPORTED.get(algorithm);
  if (keyType === undefined) throw unparseable(`"unknown key algorithm ${algorithm}"`);
  let rewritten: Buffer;
  try {
    rewritten = sshpk.parseKey(`${algorithm} ${encoded}`, "ssh").toBuffer("rfc4253");
  } catch (error) {
    throw unparseable(JSON.stringify(error instanceof Error ? error.message : String(error)));
  }
  if (!rewritten.equals(blob)) throw unparseable('"the key has trailing or malformed data"');
  return { keyType, algorithm, blob };
}
