/**
 * The `publicKey` of an SSH certificate or an SSH credential: one line of an OpenSSH public key
 * file (`<type> <base64 key data> [comment]`), judged before anything is sent to ngrok. What a key
 * is for ({@link KeyUse}) says which types are accepted and how a refusal says so: a certificate's
 * key ({@link CERTIFIED_KEYS}: RSA, ECDSA and Ed25519, ngrok's `key_type`s), or a credential's
 * ({@link CREDENTIAL_KEYS}: those and the FIDO security keys, `sk-…@openssh.com`).
 *
 * The key data is parsed with sshpk, loaded on first use, so that the `check` of any other
 * resource does not load it. What is refused, each with a reason that names the key's type (and
 * its size where it has one):
 * - a private key (PEM or OpenSSH armour, PuTTY): never sent anywhere, and its reason is the only
 *   one that does not repeat any of the value;
 * - another armoured format (PEM `PUBLIC KEY`, RFC 4716 `SSH2 PUBLIC KEY`, X.509): with the
 *   `ssh-keygen -i` command that converts it;
 * - more than one line, authorized_keys options before the type, a missing key data field;
 * - an SSH certificate given as a key (`…-cert-v01@openssh.com`);
 * - a type the use does not accept: DSA (`ssh-dss`, which OpenSSH no longer accepts), FIDO
 *   security keys (`sk-…@openssh.com`) for a certificate, anything else;
 * - key data that is not base64, is not the type the line says, or does not parse (a security
 *   key's is read here, as OpenSSH's PROTOCOL.u2f lays it out: sshpk does not read them);
 * - an RSA key under {@link RSA_MIN_BITS} bits, which OpenSSH refuses.
 *
 * Whitespace around the line (the newline at the end of a `.pub` file read with `readFileSync`)
 * is not part of the key: `check` records the line without it.
 *
 * @module
 */
import { createHash, createPublicKey } from "node:crypto";
import type * as Sshpk from "sshpk";
import { propertyOf } from "../client/brand";
import { quoted } from "../common/ids";
import { load } from "../lazy";

/** The key types ngrok certifies, as OpenSSH names them on the line. */
export const KEY_ALGORITHMS = [
  "ssh-ed25519",
  "ecdsa-sha2-nistp256",
  "ecdsa-sha2-nistp384",
  "ecdsa-sha2-nistp521",
  "ssh-rsa",
] as const;

/**
 * The FIDO security keys OpenSSH makes (`ssh-keygen -t ed25519-sk`, `-t ecdsa-sk`), as it names
 * them on the line (PROTOCOL.u2f).
 */
export const SECURITY_KEY_ALGORITHMS = [
  "sk-ssh-ed25519@openssh.com",
  "sk-ecdsa-sha2-nistp256@openssh.com",
] as const;

/** What a key is judged for: the types accepted, and the refusals' words for them. */
export interface KeyUse {
  /** The types accepted on the line, as OpenSSH names them. */
  readonly algorithms: readonly string[];
  /** The rule, as the refusals state it, e.g. `ngrok certifies RSA, ECDSA and Ed25519 keys only`. */
  readonly accepts: string;
  /** What a refusal of a FIDO security key adds after {@link KeyUse.accepts}, if anything. */
  readonly securityKeyNote?: string;
}

/** The key of an SSH certificate: a type ngrok certifies (its `key_type`). */
export const CERTIFIED_KEYS: KeyUse = {
  algorithms: KEY_ALGORITHMS,
  accepts: "ngrok certifies RSA, ECDSA and Ed25519 keys only",
  securityKeyNote: " (its key_type is rsa, ecdsa or ed25519)",
};

/**
 * The key of an SSH credential: what an SSH client can authenticate with, RSA, ECDSA, Ed25519
 * and the FIDO security keys; not DSA, which OpenSSH no longer accepts (disabled by default since
 * 7.0, removed in 9.8).
 */
export const CREDENTIAL_KEYS: KeyUse = {
  algorithms: [...KEY_ALGORITHMS, ...SECURITY_KEY_ALGORITHMS],
  accepts: "an SSH credential takes RSA, ECDSA, Ed25519 and FIDO security (sk-…) keys only",
};

/** The smallest RSA key OpenSSH accepts (`SSH_RSA_MINIMUM_MODULUS_SIZE`): 1024 bits. */
export const RSA_MIN_BITS = 1024;

/**
 * The longest `publicKey` line, in bytes of UTF-8: 16384, OpenSSH's limit on a public key
 * (`SSH_MAX_PUBKEY_BYTES`). The longest key OpenSSH makes, RSA of 16384 bits, is about 2.8 KB of
 * text.
 */
export const PUBLIC_KEY_MAX_BYTES = 16384;

/** A key that passed: the line to send, and what it is. */
export interface JudgedKey {
  readonly ok: true;
  /** The line without surrounding whitespace. */
  readonly line: string;
  /**
   * sshpk's type: `rsa`, `ecdsa` or `ed25519` (ngrok's `key_type`); for a security key
   * `ecdsa-sk` or `ed25519-sk`.
   */
  readonly keyType: string;
  /** The key size in bits (256 for Ed25519). */
  readonly bits: number;
}

/** A key that was refused: why (starting with `publicKey`), and whether the value is secret. */
export interface RefusedKey {
  readonly ok: false;
  readonly reason: string;
  /** True for a private key: it must not be recorded or shown. */
  readonly secret: boolean;
}

const refuse = (reason: string, secret = false): RefusedKey => ({ ok: false, reason, secret });

const PRIVATE_KEY = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----|^PuTTY-User-Key-File-\d+:/m;
// PEM (`-----BEGIN PUBLIC KEY-----`) and RFC 4716 (`---- BEGIN SSH2 PUBLIC KEY ----`) armour.
const ARMOUR = /^-{4,5} ?BEGIN ([A-Z0-9]+(?: [A-Z0-9]+)*) ?-{4,5}/;

/** Judges one `publicKey` string for `use` (see the module comment). */
export function judgePublicKey(
  value: string,
  use: KeyUse = CERTIFIED_KEYS,
): JudgedKey | RefusedKey {
  const privateKey = PRIVATE_KEY.exec(value);
  if (privateKey !== null) {
    return refuse(
      `publicKey is a private key (${privateKey[0].replace(/:$/, "")}), which must never leave ` +
        "the machine it belongs to: give its public key instead (the .pub file beside it, or what " +
        "`ssh-keygen -y -f <private key file>` prints)",
      true,
    );
  }
  const bytes = Buffer.byteLength(value, "utf8");
  if (bytes > PUBLIC_KEY_MAX_BYTES) {
    return refuse(
      `publicKey must be at most ${PUBLIC_KEY_MAX_BYTES} bytes of UTF-8 (OpenSSH's limit on a ` +
        `public key); it is ${bytes} bytes`,
    );
  }
  const line = value.trim();
  if (line === "") {
    return refuse(
      "publicKey must not be empty: give one line of an OpenSSH public key file, " +
        "`ssh-ed25519 AAAA… comment`",
    );
  }
  const armour = ARMOUR.exec(line);
  if (armour !== null) {
    const convert = armour[1] === "SSH2 PUBLIC KEY" ? "-i" : "-i -m PKCS8";
    return refuse(
      `publicKey is in ${armour[1] === "SSH2 PUBLIC KEY" ? "RFC 4716" : "PEM"} format ` +
        `(${armour[0]}), not OpenSSH's one-line format: convert it with ` +
        `\`ssh-keygen ${convert} -f <file>\` and give the line it prints`,
    );
  }
  const lines = line.split(/\r\n|\r|\n/).length;
  if (lines > 1) {
    return refuse(
      `publicKey must be one key on one line; it has ${lines} lines (an authorized_keys file ` +
        "holds one key per line: give one of them)",
    );
  }
  const [type, data] = line.split(/[ \t]+/);
  const refusedType = judgeType(type, line, use);
  if (refusedType !== undefined) {
    return refusedType;
  }
  if (data === undefined) {
    return refuse(
      `publicKey has no key data after its type (${type}): give the whole line, ` +
        `\`${type} AAAA… [comment]\``,
    );
  }
  return parseKeyData(line, type, data);
}

/** Refuses a type `use` does not accept; `undefined` for one of its algorithms. */
function judgeType(type: string, line: string, use: KeyUse): RefusedKey | undefined {
  if (use.algorithms.includes(type)) {
    return undefined;
  }
  if (type.endsWith("-cert-v01@openssh.com")) {
    return refuse(
      `publicKey is an SSH certificate (${type}), not a public key: give the public key it ` +
        "certifies (for id_ed25519-cert.pub, the line of id_ed25519.pub)",
    );
  }
  if (type === "ssh-dss") {
    const bits = sizeOf(line);
    return refuse(
      `publicKey is a DSA key (ssh-dss${bits === undefined ? "" : `, ${bits} bits`}): ` +
        `${use.accepts}, and OpenSSH no longer accepts DSA; ` +
        "make an Ed25519 key (`ssh-keygen -t ed25519`)",
    );
  }
  if (/^sk-.*@openssh\.com$/.test(type)) {
    return refuse(
      `publicKey is a FIDO security key (${type}): ${use.accepts}${use.securityKeyNote ?? ""}`,
    );
  }
  const later = line.split(/[ \t]+/).find((word) => use.algorithms.includes(word));
  if (later !== undefined) {
    return refuse(
      `publicKey starts with something before its type ${later} (authorized_keys options?): ` +
        `give the key alone, from "${later}" on`,
    );
  }
  const shown = quoted(type, 40);
  return refuse(
    `publicKey is not an OpenSSH public key line (\`<type> <base64 key data> [comment]\` with ` +
      `type ${use.algorithms.join(", ")}): it starts with ${shown}`,
  );
}

/** Parses the key data of a line whose type is one its use accepts. */
function parseKeyData(line: string, type: string, data: string): JudgedKey | RefusedKey {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data)) {
    return refuse(`publicKey has key data that is not base64 after its type (${type})`);
  }
  const inside = blobType(data);
  if (inside !== undefined && inside !== type) {
    return refuse(
      `publicKey says ${type} but its key data is ${/^[\x20-\x7e]{1,60}$/.test(inside) ? `an ${inside} key` : "not a key of that type"}`,
    );
  }
  if (SECURITY_KEY_ALGORITHMS.some((algorithm) => algorithm === type)) {
    return parseSecurityKey(line, type, data);
  }
  let key: Sshpk.Key;
  try {
    key = sshpk().parseKey(`${type} ${data}`, "ssh");
  } catch (error) {
    const why = String(propertyOf(error, "message") ?? error)
      .split("\n")[0]
      .replace(/^Failed to parse .* as a valid ssh format key: /, "");
    return refuse(`publicKey has key data that is not a valid ${type} key: ${why}`);
  }
  if (key.type === "rsa" && key.size < RSA_MIN_BITS) {
    return refuse(
      `publicKey is an RSA key of ${key.size} bits (ssh-rsa): OpenSSH refuses RSA keys under ` +
        `${RSA_MIN_BITS} bits; make one of 3072 bits or more, or an Ed25519 key`,
    );
  }
  return { ok: true, line, keyType: key.type, bits: key.size };
}

/**
 * The key data of a FIDO security key (OpenSSH's PROTOCOL.u2f), as SSH strings: the type, then
 * for `sk-ssh-ed25519@openssh.com` the 32-byte key, for `sk-ecdsa-sha2-nistp256@openssh.com` the
 * curve `nistp256` and an uncompressed point on it; then the application (`ssh:` by default), and
 * nothing after. An ECDSA point is checked to be on the curve (node's crypto reads it).
 */
function parseSecurityKey(line: string, type: string, data: string): JudgedKey | RefusedKey {
  const invalid = (why: string) =>
    refuse(`publicKey has key data that is not a valid ${type} key: ${why}`);
  const blob = Buffer.from(data, "base64");
  const fields: Buffer[] = [];
  for (let offset = 0; offset < blob.length;) {
    const length = offset + 4 <= blob.length ? blob.readUInt32BE(offset) : -1;
    if (length < 0 || length > blob.length - offset - 4) return invalid("it is truncated");
    fields.push(blob.subarray(offset + 4, offset + 4 + length));
    offset += 4 + length;
  }
  const ecdsa = type.startsWith("sk-ecdsa-");
  if (fields.length !== (ecdsa ? 4 : 3)) {
    return invalid(`it has ${fields.length} fields, not ${ecdsa ? 4 : 3}`);
  }
  if (fields[fields.length - 1].length === 0) return invalid("its application is empty");
  if (!ecdsa) {
    return fields[1].length === 32
      ? { ok: true, line, keyType: "ed25519-sk", bits: 256 }
      : invalid(`its key is ${fields[1].length} bytes, not 32`);
  }
  const [, curve, point] = fields;
  if (curve.toString("latin1") !== "nistp256") return invalid("its curve is not nistp256");
  if (point.length !== 65 || point[0] !== 4) {
    return invalid("its point is not an uncompressed P-256 point (65 bytes from 0x04)");
  }
  try {
    createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
  } catch {
    return invalid("its point is not on the P-256 curve");
  }
  return { ok: true, line, keyType: "ecdsa-sk", bits: 256 };
}

/** The type named inside base64 key data (its first SSH string), `undefined` if unreadable. */
function blobType(data: string): string | undefined {
  const blob = Buffer.from(data, "base64");
  if (blob.length < 4) return undefined;
  const length = blob.readUInt32BE(0);
  if (length > blob.length - 4 || length > 100) return undefined;
  return blob.subarray(4, 4 + length).toString("latin1");
}

/** The size in bits of the key on `line`, `undefined` when it does not parse. */
function sizeOf(line: string): number | undefined {
  try {
    return sshpk().parseKey(
      line
        .split(/[ \t]+/)
        .slice(0, 2)
        .join(" "),
      "ssh",
    ).size;
  } catch {
    return undefined;
  }
}

/**
 * The key itself, without its comment: `<type> <base64>`. Two lines with the same key material
 * and different comments certify the same key.
 */
export function keyMaterial(line: string): string {
  return line
    .trim()
    .split(/[ \t]+/)
    .slice(0, 2)
    .join(" ");
}

/** The key's SHA-256 fingerprint as `ssh-keygen -l` prints it (`SHA256:…`). */
export function keyFingerprint(line: string): string {
  const data = keyMaterial(line).split(" ")[1] ?? "";
  const digest = createHash("sha256").update(Buffer.from(data, "base64")).digest("base64");
  return `SHA256:${digest.replace(/=+$/, "")}`;
}

/** sshpk, loaded on first use (see the module comment). */
const sshpk = load.sshpk;
