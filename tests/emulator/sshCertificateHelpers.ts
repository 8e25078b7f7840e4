/**
 * Shared helpers of the SSH certificate tests (not a test file itself): subject keys to
 * certify, CA creation, and the two kinds of certificate.
 */
import { generateKeyPairSync } from "node:crypto";
import sshpk from "sshpk";
import type { EmulatorApp } from "../../emulator/index";
import { api, body } from "./helpers";

/** The two resources, with the values that differ between them. */
export const KINDS = [
  {
    type: "host" as const,
    path: "/ssh_host_certificates",
    collection: "ssh_host_certificates",
    prefix: "shcrt_",
    otherPrefix: "sucrt_",
    caNotFound: "ERR_NGROK_1949",
    duration: "ERR_NGROK_1963",
    descriptionTooLong: "ERR_NGROK_1945",
    metadataTooLong: "ERR_NGROK_1946",
    certType: 2,
  },
  {
    type: "user" as const,
    path: "/ssh_user_certificates",
    collection: "ssh_user_certificates",
    prefix: "sucrt_",
    otherPrefix: "shcrt_",
    caNotFound: "ERR_NGROK_1951",
    duration: "ERR_NGROK_1962",
    descriptionTooLong: "ERR_NGROK_1947",
    metadataTooLong: "ERR_NGROK_1948",
    certType: 1,
  },
];

/** One of {@link KINDS}. */
export type Kind = (typeof KINDS)[number];

/** Subject key types, as `key_type` names them. */
export type SubjectKeyType = "ed25519" | "ecdsa" | "rsa";

/**
 * A fresh public key as an OpenSSH `authorized_keys` line with a comment
 * (`ssh-ed25519 AAAA… alice@laptop`): ECDSA on P-256, RSA 2048.
 */
export function subjectKey(type: SubjectKeyType, comment = "alice@laptop"): string {
  const pair =
    type === "ed25519"
      ? generateKeyPairSync("ed25519")
      : type === "ecdsa"
        ? generateKeyPairSync("ec", { namedCurve: "prime256v1" })
        : generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = pair.publicKey.export({ type: "spki", format: "pem" }).toString();
  const text = sshpk.parseKey(pem, "pem").toString("ssh");
  return `${text.split(" ").slice(0, 2).join(" ")} ${comment}`;
}

/** Creates an SSH CA and returns its JSON. */
export async function createCa(
  app: EmulatorApp,
  request: Record<string, unknown> = { private_key_type: "ed25519" },
) {
  const res = await api(app, "POST", "/ssh_certificate_authorities", request);
  expect(res.statusCode).toBe(201);
  return body(res);
}

/** The fields of a certificate's wire form that sshpk does not expose: the nonce's length. */
export function nonceLength(certificateLine: string): number {
  const blob = Buffer.from(certificateLine.split(" ")[1], "base64");
  const algorithmLength = blob.readUInt32BE(0);
  return blob.readUInt32BE(4 + algorithmLength);
}

const ECDSA_HASH: Record<number, "sha256" | "sha384" | "sha512"> = {
  256: "sha256",
  384: "sha384",
  521: "sha512",
};

/**
 * Where the certificate's final `signature` string starts in its wire form: the last offset whose
 * length prefix runs exactly to the end of the blob and whose content begins with a signature
 * format name. Found in the wire form itself, because sshpk's re-encoding of an ECDSA signature is
 * not always byte-for-byte the one OpenSSH wrote (its `r`/`s` mpints can differ in length by the
 * sign byte), which once made this helper look one byte off.
 */
function signatureOffset(blob: Buffer): number {
  for (let offset = blob.length - 8; offset >= 0; offset--) {
    if (blob.readUInt32BE(offset) !== blob.length - offset - 4) continue;
    const nameLength = blob.readUInt32BE(offset + 4);
    if (offset + 8 + nameLength > blob.length) continue;
    const name = blob.subarray(offset + 8, offset + 8 + nameLength).toString("latin1");
    if (/^(ssh-ed25519|ecdsa-sha2-nistp(256|384|521)|rsa-sha2-(256|512)|ssh-rsa)$/.test(name)) {
      return offset;
    }
  }
  throw new Error("no signature string at the end of the certificate");
}

/**
 * Whether the certificate's signature verifies with the CA's public key (OpenSSH text), checked
 * with sshpk's verifier over the signed part of the wire form (everything before the final
 * signature string). sshpk's own `isSignedByKey` only compares the embedded CA key, so it is not
 * used for this.
 */
export function signatureVerifies(certificateLine: string, caPublicKey: string): boolean {
  const parsed = sshpk.parseCertificate(certificateLine, "openssh");
  const signature = parsed.signatures.openssh!.signature;
  const blob = Buffer.from(certificateLine.split(" ")[1], "base64");
  const signedLength = signatureOffset(blob);
  const key = sshpk.parseKey(caPublicKey, "ssh");
  const hash = key.type === "ecdsa" ? ECDSA_HASH[key.size] : "sha512";
  const verifier = key.createVerify(hash);
  verifier.update(blob.subarray(0, signedLength)); // (sshpk's Ed25519 verifier does not chain)
  return verifier.verify(signature);
}
