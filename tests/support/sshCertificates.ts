/**
 * What the SSH certificate tests share: making a CA "outside Pulumi" through the API, and
 * reading a signed OpenSSH certificate back with sshpk, independently of the provider and the
 * emulator.
 */
import sshpk from "sshpk";
import type { RunningEmulator } from "../../emulator/index";
import { callApi } from "./emulatorApi";

/** Creates an SSH CA through the API; returns its id and public key. */
export async function createCa(
  emulator: Pick<RunningEmulator, "url" | "apiKey">,
  body: Record<string, unknown> = { private_key_type: "ed25519" },
): Promise<{ id: string; publicKey: string }> {
  const created = await callApi(emulator, "POST", "/ssh_certificate_authorities", body);
  if (created.status !== 201) {
    throw new Error(`creating a CA answered ${created.status}: ${created.text}`);
  }
  return { id: created.body.id as string, publicKey: created.body.public_key as string };
}

/** An OpenSSH certificate's contents, as sshpk reads them. */
export interface DecodedCertificate {
  /** `host` or `user`. */
  readonly type: string;
  readonly keyId: string;
  /** `[]` when the certificate has none (valid for any). */
  readonly principals: string[];
  readonly validAfter: string;
  readonly validUntil: string;
  readonly criticalOptions: Record<string, string>;
  readonly extensions: Record<string, string>;
  /** Whether the CA's public key verifies the signature. */
  readonly signedByCa: boolean;
  /** The certified key without its comment, `<type> <base64>`. */
  readonly subjectKey: string;
}

/** Decodes one certificate line and checks its signature against `caPublicKey`. */
export function decodeCertificate(line: string, caPublicKey: string): DecodedCertificate {
  const certificate = sshpk.parseCertificate(line, "openssh");
  const openssh = certificate.signatures.openssh as unknown as {
    keyId: string;
    exts: { critical: boolean; name: string; data: Buffer }[];
  };
  const names = certificate.subjects.map(
    (s) => s as unknown as { type: string; hostname?: string; uid?: string },
  );
  // sshpk reads a certificate without principals as one principal "*" of the certificate's type.
  const type = names[0].type;
  const principals = names.map((n) => n.uid ?? n.hostname ?? "").filter((name) => name !== "*");
  // An extension's data is an SSH string (empty for flags), or nothing at all.
  const value = (data: Buffer) => (data.length >= 4 ? data.subarray(4).toString("utf8") : "");
  const map = (critical: boolean) =>
    Object.fromEntries(
      openssh.exts.filter((e) => e.critical === critical).map((e) => [e.name, value(e.data)]),
    );
  return {
    type,
    keyId: openssh.keyId,
    principals,
    validAfter: certificate.validFrom.toISOString().replace(".000Z", "Z"),
    validUntil: certificate.validUntil.toISOString().replace(".000Z", "Z"),
    criticalOptions: map(true),
    extensions: map(false),
    signedByCa: certificate.isSignedByKey(sshpk.parseKey(caPublicKey, "ssh")),
    subjectKey: certificate.subjectKey.toString("ssh").split(" ").slice(0, 2).join(" "),
  };
}
