/**
 * OpenSSH certificates (openssh-portable `PROTOCOL.certkeys`), encoded and signed here with
 * node's crypto. sshpk can sign certificates too, but it cannot make one without principals
 * (valid for any host or user, which the API allows), keeps extensions in the given order
 * (OpenSSH wants them sorted) and signs with RSA SHA-1 (`ssh-rsa`), which OpenSSH 8.8 and later
 * refuse by default; so the encoding is written out here, small, and tested with `ssh-keygen -L`.
 *
 * The certificate: `string <algorithm>-cert-v01@openssh.com`, `string nonce` (32 random bytes),
 * the subject key's parts (its blob after the algorithm name), `uint64 serial` (0),
 * `uint32 type` (1 user, 2 host), `string key id`, `string principals`, `uint64 valid after`,
 * `uint64 valid before`, `string critical options`, `string extensions`, `string reserved`
 * (empty), `string signature key` (the CA's public key blob), `string signature` over all that.
 * Options and extensions are sorted by name; an empty value is an empty `data`, any other is a
 * string inside `data` (as OpenSSH and Go's x/crypto/ssh write them).
 *
 * Signatures: Ed25519 `ssh-ed25519`; ECDSA `ecdsa-sha2-nistp256/384/521` with SHA-256/384/512;
 * RSA `rsa-sha2-512` (as Go's x/crypto/ssh signs certificates with RSA keys).
 */
import { randomBytes, sign, type KeyObject } from "node:crypto";
import type { SshCertificateType } from "./store";
import type { SubjectPublicKey } from "./sshPublicKey";

/**
 * Everything a certificate says, and the CA that signs it.
 */
export interface CertificateContents {
  /** Host (2) or user (1). */
  readonly type: SshCertificateType;
  /** In order; none = valid for any host or user. */
  readonly principals: readonly string[];
  /** Seconds since the Unix epoch. */
  readonly validAfter: number;
  /** Seconds since the Unix epoch: OpenSSH's `valid before`. */
  readonly validUntil: number;
  /** User certificates' critical options (`{}` for host certificates). */
  readonly criticalOptions: Readonly<Record<string, string>>;
  /** User certificates' extensions (`{}` for host certificates). */
  readonly extensions: Readonly<Record<string, string>>;
  /** The certified key. */
  readonly subject: SubjectPublicKey;
  /** The key id (the API uses the resource id). */
  readonly keyId: string;
  /** The CA's public key as OpenSSH text (`<algorithm> <base64>`). */
  readonly caPublicKey: string;
  /** The CA's private key. */
  readonly caPrivateKey: KeyObject;
}

const CERT_TYPE: Record<SshCertificateType, number> = { user: 1, host: 2 };
const NONCE_BYTES = 32;

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

function uint64(value: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(value));
  return buffer;
}

/** An SSH `string`: uint32 length, then the bytes (text as UTF-8). */
function sshString(data: Buffer | string): Buffer {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  return Buffer.concat([uint32(bytes.length), bytes]);
}

/** An SSH `mpint` of an unsigned big-endian integer. */
function mpint(unsigned: Buffer): Buffer {
  let start = 0;
  while (start < unsigned.length && unsigned[start] === 0) start++;
  const digits = unsigned.subarray(start);
  const padded = digits.length > 0 && digits[0] >= 0x80 ? [Buffer.alloc(1), digits] : [digits];
  return sshString(Buffer.concat(padded));
}

/** Critical options or extensions: sorted by name (bytewise), each `string name, string data`. */
function tuples(map: Readonly<Record<string, string>>): Buffer {
  const names = Object.keys(map).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return Buffer.concat(
    names.map((name) => {
      const value = map[name];
      return Buffer.concat([sshString(name), sshString(value === "" ? "" : sshString(value))]);
    }),
  );
}

/** node's curve name → OpenSSH's name and the hash of its signatures (RFC 5656 §6.2.1). */
const ECDSA: ReadonlyMap<string, { name: string; hash: string }> = new Map([
  ["prime256v1", { name: "nistp256", hash: "sha256" }],
  ["secp384r1", { name: "nistp384", hash: "sha384" }],
  ["secp521r1", { name: "nistp521", hash: "sha512" }],
]);

/** The SSH signature blob (`string algorithm, string signature`) of `data`. */
function signature(data: Buffer, key: KeyObject): Buffer {
  switch (key.asymmetricKeyType) {
    case "ed25519":
      return Buffer.concat([sshString("ssh-ed25519"), sshString(sign(null, data, key))]);
    case "rsa":
      return Buffer.concat([sshString("rsa-sha2-512"), sshString(sign("sha512", data, key))]);
    case "ec": {
      const curve = ECDSA.get(key.asymmetricKeyDetails?.namedCurve ?? "");
      if (curve === undefined) break;
      const raw = sign(curve.hash, data, { key, dsaEncoding: "ieee-p1363" });
      const half = raw.length / 2;
      const rs = Buffer.concat([mpint(raw.subarray(0, half)), mpint(raw.subarray(half))]);
      return Buffer.concat([sshString(`ecdsa-sha2-${curve.name}`), sshString(rs)]);
    }
  }
  throw new TypeError(`cannot sign with a ${String(key.asymmetricKeyType)} key`);
}

/** The key blob of OpenSSH public key text (`<algorithm> <base64> [comment]`). */
function keyBlob(openSsh: string): Buffer {
  return Buffer.from(openSsh.trim().split(/\s+/)[1] ?? "", "base64");
}

/**
 * Encodes and signs a certificate; returns it as one OpenSSH line,
 * `<algorithm>-cert-v01@openssh.com <base64> <key id>` (the key id as the comment).
 */
export function signOpenSshCertificate(contents: CertificateContents): string {
  const { subject } = contents;
  const certAlgorithm = `${subject.algorithm}-cert-v01@openssh.com`;
  const keyParts = subject.blob.subarray(4 + subject.blob.readUInt32BE(0));
  const signed = Buffer.concat([
    sshString(certAlgorithm),
    sshString(randomBytes(NONCE_BYTES)),
    keyParts,
    uint64(0),
    uint32(CERT_TYPE[contents.type]),
    sshString(contents.keyId),
    sshString(Buffer.concat(contents.principals.map((principal) => sshString(principal)))),
    uint64(contents.validAfter),
    uint64(contents.validUntil),
    sshString(tuples(contents.criticalOptions)),
    sshString(tuples(contents.extensions)),
    sshString(""),
    sshString(keyBlob(contents.caPublicKey)),
  ]);
  const certificate = Buffer.concat([signed, sshString(signature(signed, contents.caPrivateKey))]);
  return `${certAlgorithm} ${certificate.toString("base64")} ${contents.keyId}`;
}
