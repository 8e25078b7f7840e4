/**
 * The `public_key` of a request: one OpenSSH `authorized_keys` line,
 * `<algorithm> <base64 key blob> [comment]`, without options. Two resources read it, each with
 * its own error codes and its own set of accepted algorithms ({@link PublicKeyRules}):
 * SSH certificates ({@link parseSubjectPublicKey}) and SSH credentials (`sshCredential.ts`).
 *
 * In this order:
 * - empty or only whitespace → the rules' `missing` (certificates: ERR_NGROK_1952);
 * - more than one line, bad base64, or a blob whose inner algorithm differs from the line's →
 *   `unparseable`;
 * - an algorithm the rules do not accept but OpenSSH (and Go's `x/crypto/ssh`, which ngrok's
 *   servers are written with) can read → `unsupported` (certificates: ERR_NGROK_1950): DSA
 *   (`ssh-dss`), security keys (`sk-…@openssh.com`) and certificates (`…-cert-v01@openssh.com`);
 * - any other unknown algorithm → `unparseable` (certificates: ERR_NGROK_1934);
 * - a blob that is not a key of its algorithm (truncated, trailing bytes, a point off the curve)
 *   → `unparseable`.
 *
 * RSA, DSA, ECDSA and Ed25519 blobs are checked by parsing them with sshpk and writing them back:
 * the result must be the same bytes, so a certificate carries exactly the submitted key. sshpk
 * does not read security keys, so their two layouts (OpenSSH PROTOCOL.u2f) are read here.
 */
import { createPublicKey } from "node:crypto";
import sshpk from "sshpk";
import { apiErrors } from "../errors";
import type { SshKeyType } from "./sshKeys";

/** What a resource accepts and how it refuses. */
export interface PublicKeyRules<K extends string> {
  /** The accepted algorithms, each with the `key_type` (or kind) it stands for. */
  readonly accepted: ReadonlyMap<string, K>;
  /** No key at all (empty or whitespace). */
  readonly missing: () => Error;
  /** Not a key: `reason` is a JSON-quoted sentence. */
  readonly unparseable: (reason: string) => Error;
  /** A key OpenSSH reads, of an algorithm these rules do not accept. */
  readonly unsupported: (algorithm: string) => Error;
}

/** A parsed public key. */
export interface ParsedPublicKey<K extends string> {
  /** What the rules map the algorithm to (certificates: `key_type`). */
  readonly keyType: K;
  /** The OpenSSH algorithm name, e.g. `ecdsa-sha2-nistp256`. */
  readonly algorithm: string;
  /** The key blob (RFC 4253 §6.6 public key format: the algorithm name, then the key's parts). */
  readonly blob: Buffer;
}

/** A parsed subject key of an SSH certificate. */
export type SubjectPublicKey = ParsedPublicKey<SshKeyType>;

/** The plain key algorithms sshpk reads and writes back, with their `key_type`. */
export const RSA_ECDSA_ED25519: ReadonlyMap<string, SshKeyType> = new Map([
  ["ssh-rsa", "rsa"],
  ["ecdsa-sha2-nistp256", "ecdsa"],
  ["ecdsa-sha2-nistp384", "ecdsa"],
  ["ecdsa-sha2-nistp521", "ecdsa"],
  ["ssh-ed25519", "ed25519"],
]);

/** DSA: OpenSSH 9.8 dropped it by default, Go's `x/crypto/ssh` still reads it. */
export const DSA_ALGORITHM = "ssh-dss";
/** Security-key algorithms (FIDO/U2F), as OpenSSH 8.2 introduced them. */
export const SK_ECDSA_ALGORITHM = "sk-ecdsa-sha2-nistp256@openssh.com";
export const SK_ED25519_ALGORITHM = "sk-ssh-ed25519@openssh.com";

/** Key types OpenSSH knows besides {@link RSA_ECDSA_ED25519} (refused with `unsupported`). */
const OTHER_KNOWN = /^(ssh-dss|sk-[a-z0-9-]+@openssh\.com|[a-z0-9-]+-cert-v01@openssh\.com)$/;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The SSH string at `offset` of `blob` and the offset after it, or undefined when truncated. */
function sshString(blob: Buffer, offset: number): { value: Buffer; next: number } | undefined {
  if (blob.length < offset + 4) return undefined;
  const length = blob.readUInt32BE(offset);
  const next = offset + 4 + length;
  return blob.length < next ? undefined : { value: blob.subarray(offset + 4, next), next };
}

/** The SSH strings of a blob, or undefined when it is not exactly a sequence of strings. */
function sshStrings(blob: Buffer): Buffer[] | undefined {
  const values: Buffer[] = [];
  for (let offset = 0; offset < blob.length;) {
    const read = sshString(blob, offset);
    if (read === undefined) return undefined;
    values.push(read.value);
    offset = read.next;
  }
  return values;
}

/** Why a security-key blob is not one, or undefined when it is (PROTOCOL.u2f). */
function securityKeyProblem(algorithm: string, blob: Buffer): string | undefined {
  const parts = sshStrings(blob);
  if (algorithm === SK_ED25519_ALGORITHM) {
    // string algorithm, string public key (32 bytes), string application
    if (parts?.length !== 3 || parts[1].length !== 32) return "not an Ed25519 security key";
    return undefined;
  }
  // string algorithm, string "nistp256", string Q (uncompressed point), string application
  if (parts?.length !== 4 || parts[1].toString("latin1") !== "nistp256") {
    return "not an ECDSA security key";
  }
  const point = parts[2];
  if (point.length !== 65 || point[0] !== 4) return "the ECDSA point is not uncompressed P-256";
  try {
    const coordinate = (from: number) => point.subarray(from, from + 32).toString("base64url");
    createPublicKey({
      key: { kty: "EC", crv: "P-256", x: coordinate(1), y: coordinate(33) },
      format: "jwk",
    });
  } catch {
    return "the ECDSA point is not on P-256";
  }
  return undefined;
}

/** Parses a submitted `public_key` with a resource's rules; throws the errors listed above. */
export function parseOpenSshPublicKey<K extends string>(
  text: string,
  rules: PublicKeyRules<K>,
): ParsedPublicKey<K> {
  const line = text.trim();
  if (line === "") throw rules.missing();
  if (/[\r\n]/.test(line)) throw rules.unparseable('"more than one line"');
  const [algorithm, encoded = ""] = line.split(/[ \t]+/);
  const blob = BASE64.test(encoded) ? Buffer.from(encoded, "base64") : undefined;
  if (blob === undefined || blob.toString("base64") !== encoded) {
    throw rules.unparseable('"the key is not base64"');
  }
  if (sshString(blob, 0)?.value.toString("latin1") !== algorithm) {
    throw rules.unparseable(`"the key's algorithm does not match ${JSON.stringify(algorithm)}"`);
  }
  const keyType = rules.accepted.get(algorithm);
  if (keyType === undefined) {
    if (RSA_ECDSA_ED25519.has(algorithm) || OTHER_KNOWN.test(algorithm)) {
      throw rules.unsupported(algorithm);
    }
    throw rules.unparseable(`"unknown key algorithm ${algorithm}"`);
  }
  if (algorithm === SK_ECDSA_ALGORITHM || algorithm === SK_ED25519_ALGORITHM) {
    const problem = securityKeyProblem(algorithm, blob);
    if (problem !== undefined) throw rules.unparseable(JSON.stringify(problem));
    return { keyType, algorithm, blob };
  }
  let rewritten: Buffer;
  try {
    rewritten = sshpk.parseKey(`${algorithm} ${encoded}`, "ssh").toBuffer("rfc4253");
  } catch (error) {
    throw rules.unparseable(JSON.stringify(error instanceof Error ? error.message : String(error)));
  }
  if (!rewritten.equals(blob)) throw rules.unparseable('"the key has trailing or malformed data"');
  return { keyType, algorithm, blob };
}

/** The rules of SSH host and user certificates: RSA, ECDSA, Ed25519; 1952, 1950, 1934. */
const SUBJECT_KEY_RULES: PublicKeyRules<SshKeyType> = {
  accepted: RSA_ECDSA_ED25519,
  missing: () => apiErrors.sshPublicKeyMissing(),
  unparseable: (reason) => apiErrors.sshPublicKeyUnparseable(reason),
  unsupported: (algorithm) => apiErrors.sshPublicKeyTypeUnsupported(algorithm),
};

/**
 * Parses the `public_key` of an SSH certificate request: ERR_NGROK_1952 when missing,
 * ERR_NGROK_1950 for DSA, security keys and certificates, ERR_NGROK_1934 for anything else that
 * is not an RSA, ECDSA (nistp256/384/521) or Ed25519 key.
 */
export function parseSubjectPublicKey(text: string): SubjectPublicKey {
  return parseOpenSshPublicKey(text, SUBJECT_KEY_RULES);
}
