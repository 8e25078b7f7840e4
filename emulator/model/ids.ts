/**
 * ngrok-style resource identifiers.
 *
 * ngrok's ids are a type prefix followed by a KSUID rendered in base62, for example
 * `sshca_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx` (see the ids in ngrok's API docs and in
 * ngrok/ngrok-api-go's tests: `ipp_1sbMfZquosZtu5mZPgA91UDFaDC`, `op_1sbMfWvXaRA26gTJoBPIgyPD8MF`).
 * A KSUID is 20 bytes: a 4-byte big-endian count of seconds since 2014-05-13T16:53:20Z
 * followed by 16 random bytes; its base62 form is always 27 characters.
 *
 * The emulator's generator is additionally strictly monotonic inside one process: an id is
 * always greater (in byte order, and therefore in string order, since the base62 alphabet is
 * in ASCII order and every id has the same length) than every id made before it, even within
 * one second (then it is the previous id plus a random step). Lists rely on that to sort newest
 * first and to page with `before_id`.
 */
import { randomFillSync, randomInt } from "node:crypto";

/** The base62 alphabet used by KSUID, in ASCII order. */
export const BASE62_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** KSUID epoch, in seconds since the Unix epoch. */
export const KSUID_EPOCH_SECONDS = 1_400_000_000;
/** Length of the base62 body of every id. */
export const KSUID_STRING_LENGTH = 27;

/** Id prefixes, as ngrok's API uses them. */
export const ID_PREFIX = {
  sshCertificateAuthority: "sshca_",
  sshHostCertificate: "shcrt_",
  sshUserCertificate: "sucrt_",
  sshCredential: "sshcr_",
  user: "usr_",
  botUser: "bot_",
  httpsEdge: "edghts_",
  httpsEdgeRoute: "edghtsrt_",
  reservedDomain: "rd_",
  cloudEndpoint: "ep_",
  tlsCertificate: "cert_",
  operation: "op_",
} as const;

const KSUID_BYTES = 20;
let lastKsuid: Buffer | undefined;

function encodeBase62(bytes: Buffer): string {
  let n = BigInt("0x" + bytes.toString("hex"));
  let out = "";
  while (n > 0n) {
    out = BASE62_ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(KSUID_STRING_LENGTH, "0");
}

/** `bytes` plus a random amount in 1..2^32, as a new buffer (carry across all bytes). */
function randomStep(bytes: Buffer): Buffer {
  const next = Buffer.from(bytes);
  let carry = randomInt(1, 2 ** 32 + 1);
  for (let i = next.length - 1; i >= 0 && carry > 0; i--) {
    const sum = next[i] + (carry % 256);
    next[i] = sum % 256;
    carry = Math.floor(carry / 256) + (sum >= 256 ? 1 : 0);
  }
  return next;
}

/**
 * A new 27-character base62 KSUID, strictly greater than any returned before in this process.
 * @param nowMs - clock reading in milliseconds (default `Date.now()`).
 */
export function newKsuid(nowMs: number = Date.now()): string {
  let bytes: Buffer = Buffer.alloc(KSUID_BYTES);
  const seconds = Math.max(0, Math.floor(nowMs / 1000) - KSUID_EPOCH_SECONDS);
  bytes.writeUInt32BE(seconds >>> 0, 0);
  randomFillSync(bytes, 4, KSUID_BYTES - 4);
  if (lastKsuid !== undefined && Buffer.compare(bytes, lastKsuid) <= 0) {
    bytes = randomStep(lastKsuid);
  }
  lastKsuid = bytes;
  return encodeBase62(bytes);
}

/**
 * A new id with the given prefix, e.g. `newId("sshca_")`.
 * @param nowMs - clock reading in milliseconds (default `Date.now()`).
 */
export function newId(prefix: string, nowMs: number = Date.now()): string {
  return prefix + newKsuid(nowMs);
}

/** A new operation id (`op_…`), as carried by error bodies and the `Ngrok-Operation-Id` header. */
export function newOperationId(): string {
  return newId(ID_PREFIX.operation);
}

/** A random base62 string of the given length (used for generated API keys). */
export function randomBase62(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += BASE62_ALPHABET[randomInt(62)];
  return out;
}
