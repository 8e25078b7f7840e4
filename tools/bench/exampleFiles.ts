/**
 * The text of a file a resource's example reads and does not show, made or read for the benchmark
 * by the file's kind (requestPlans.ts).
 *
 * @module
 */
import { generateKeyPairSync } from "node:crypto";
import * as fs from "node:fs";
import { join } from "node:path";
import { REPO } from "./repo";

/** The certificates' fixtures, by the extension of the file an example reads. */
const PEM_FILES = [
  [".pem", "example-ca.pem"],
  [".crt", "app.example.com.crt"],
  [".key", "app.example.com.key"],
] as const;

/** An OpenSSH ed25519 public key, one line, new each call. */
export function newSshPublicKey(): string {
  const { publicKey } = generateKeyPairSync("ed25519");
  const raw = publicKey.export({ format: "der", type: "spki" }).subarray(-32);
  const field = (data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, data]);
  };
  const blob = Buffer.concat([field(Buffer.from("ssh-ed25519")), field(raw)]);
  return `ssh-ed25519 ${blob.toString("base64")} bench\n`;
}

/**
 * The text of a file the example reads and does not show, by its extension; `idpMetadata` is the
 * IdP metadata document the emulator accepts (`sampleIdpMetadata`).
 * The PEM files are the certificates the docs examples read (`tests/fixtures/certificates/`, made
 * for this repository): a CA (`.pem`), a leaf certificate (`.crt`) and its key (`.key`).
 */
export function fileText(path: string, idpMetadata: string): string | undefined {
  if (path.endsWith(".pub")) return newSshPublicKey();
  if (path.endsWith(".xml")) return idpMetadata;
  const pem = PEM_FILES.find(([extension]) => path.endsWith(extension));
  return pem === undefined
    ? undefined
    : fs.readFileSync(join(REPO, "tests/fixtures/certificates", pem[1]), "utf8");
}
