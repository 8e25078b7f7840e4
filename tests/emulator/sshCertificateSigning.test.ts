/**
 * The `certificate` of SSH host and user certificates is a real OpenSSH certificate: for every
 * CA key type (Ed25519, ECDSA, RSA) and every subject key type, `ssh-keygen -L` (which checks
 * the signature) shows the type, the certified key (same fingerprint as `public_key`), the CA
 * (same fingerprint as the CA's `public_key`), key id = resource id, serial 0, the principals
 * in order, the validity window to the second, and the options and extensions. sshpk's verifier
 * checks the signature (and the test the nonce length) also where ssh-keygen is missing.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import sshpk from "sshpk";
import type { EmulatorApp } from "../../emulator";
import { api, body, newApp } from "./helpers";
import {
  createCa,
  KINDS,
  nonceLength,
  signatureVerifies,
  subjectKey,
  type SubjectKeyType,
} from "./sshCertificateHelpers";

const SSH_KEYGEN = "/usr/bin/ssh-keygen";
const haveSshKeygen = fs.existsSync(SSH_KEYGEN);
if (!haveSshKeygen) {
  console.warn(`skipping ssh-keygen checks: ${SSH_KEYGEN} not found`);
}
const withSshKeygen = haveSshKeygen ? it : it.skip;

const CAS = [
  { request: { private_key_type: "ed25519" }, label: "ED25519", using: "ssh-ed25519" },
  {
    request: { private_key_type: "ecdsa", elliptic_curve: "p384" },
    label: "ECDSA",
    using: "ecdsa-sha2-nistp384",
  },
  { request: { private_key_type: "rsa", key_size: 2048 }, label: "RSA", using: "rsa-sha2-512" },
] as const;
const SUBJECTS: readonly SubjectKeyType[] = ["ed25519", "ecdsa", "rsa"];
const SUBJECT_LABEL: Record<SubjectKeyType, string> = {
  ed25519: "ED25519-CERT",
  ecdsa: "ECDSA-CERT",
  rsa: "RSA-CERT",
};

let dir: string;
let fileCount = 0;

/** Runs ssh-keygen (UTC, so that `Valid:` prints UTC) on a file holding `text`. */
function sshKeygen(flag: "-L" | "-l", text: string): string {
  const file = path.join(dir, `key${fileCount++}.pub`);
  fs.writeFileSync(file, text + "\n");
  return execFileSync(SSH_KEYGEN, [flag, "-f", file], {
    encoding: "utf8",
    env: { ...process.env, TZ: "UTC" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** The SHA256 fingerprint `ssh-keygen -l` prints for a public key. */
function fingerprint(publicKey: string): string {
  return sshKeygen("-l", publicKey).split(" ")[1];
}

/** `ssh-keygen -L` output as a map of its top-level fields, list fields as arrays. */
function inspect(certificate: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  let list: string[] | undefined;
  for (const line of sshKeygen("-L", certificate).split("\n").slice(1)) {
    const field = /^ {8}([A-Za-z ]+): ?(.*)$/.exec(line);
    if (field !== null) {
      list = field[2] === "" ? [] : undefined;
      fields[field[1]] = list ?? field[2];
    } else if (list !== undefined && line.trim() !== "") {
      list.push(line.trim());
    }
  }
  return fields;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "emulator-ssh-certs-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each(CAS.map((ca) => [ca.label, ca] as const))("signed by a %s CA", (_, caCase) => {
  let app: EmulatorApp;
  let ca: { id: string; public_key: string };
  const subjects = new Map(SUBJECTS.map((type) => [type, subjectKey(type, `${type}@host`)]));

  beforeAll(async () => {
    app = newApp();
    ca = await createCa(app, caCase.request);
  });
  afterAll(() => app.close());

  describe.each(KINDS.map((kind) => [kind.type, kind] as const))("%s certificates", (_, kind) => {
    it.each(SUBJECTS.map((type) => [type]))(
      "certify a %s key: signature, key, CA, key id, serial, principals, window, extensions",
      async (type) => {
        const publicKey = subjects.get(type)!;
        const res = await api(app, "POST", kind.path, {
          ssh_certificate_authority_id: ca.id,
          public_key: publicKey,
          principals: ["web-2.example.com", "10.2.42.9", "admin"],
          valid_after: "2030-06-01T12:34:56-02:00",
          valid_until: "2031-01-02T03:04:05.678Z",
        });
        expect(res.statusCode).toBe(201);
        const cert = body(res);

        // Without ssh-keygen: sshpk reads it and checks the CA's signature; the nonce is 32 bytes.
        const parsed = sshpk.parseCertificate(cert.certificate, "openssh");
        expect(signatureVerifies(cert.certificate, ca.public_key)).toBe(true);
        expect(parsed.subjectKey.fingerprint("sha256").toString()).toBe(
          sshpk.parseKey(publicKey, "ssh").fingerprint("sha256").toString(),
        );
        expect(nonceLength(cert.certificate)).toBe(32);
        if (!haveSshKeygen) return;

        const shown = inspect(cert.certificate);
        expect(shown).toEqual({
          Type: `${publicKey.split(" ")[0]}-cert-v01@openssh.com ${kind.type} certificate`,
          "Public key": `${SUBJECT_LABEL[type]} ${fingerprint(publicKey)}`,
          "Signing CA": `${caCase.label} ${fingerprint(ca.public_key)} (using ${caCase.using})`,
          "Key ID": `"${cert.id}"`,
          Serial: "0",
          Valid: "from 2030-06-01T14:34:56 to 2031-01-02T03:04:05",
          Principals: ["web-2.example.com", "10.2.42.9", "admin"],
          "Critical Options": "(none)",
          Extensions: kind.type === "user" ? ["permit-pty", "permit-user-rc"] : "(none)",
        });
      },
    );
  });

  withSshKeygen(
    "user certificates carry the requested options and extensions, sorted",
    async () => {
      const res = await api(app, "POST", "/ssh_user_certificates", {
        ssh_certificate_authority_id: ca.id,
        public_key: subjects.get("ed25519"),
        principals: ["deploy"],
        critical_options: { "source-address": "10.0.0.0/8,192.168.1.1", "force-command": "ls -l" },
        extensions: { "permit-X11-forwarding": "", "permit-agent-forwarding": "", "x@y.z": "v" },
      });
      expect(res.statusCode).toBe(201);
      const cert = body(res);
      expect(cert.critical_options).toEqual({
        "source-address": "10.0.0.0/8,192.168.1.1",
        "force-command": "ls -l",
      });
      const shown = inspect(cert.certificate);
      expect(shown["Critical Options"]).toEqual([
        "force-command ls -l",
        "source-address 10.0.0.0/8,192.168.1.1",
      ]);
      expect(shown.Extensions).toEqual([
        "permit-X11-forwarding",
        "permit-agent-forwarding",
        "x@y.z UNKNOWN OPTION: 0000000176 (len 5)",
      ]);
    },
  );
});

describe("certificates without principals and with the default window", () => {
  let app: EmulatorApp;
  beforeAll(() => {
    app = newApp();
  });
  afterAll(() => app.close());

  withSshKeygen("are valid for any principal, from valid_after to valid_until", async () => {
    const ca = await createCa(app);
    for (const kind of KINDS) {
      const res = await api(app, "POST", kind.path, {
        ssh_certificate_authority_id: ca.id,
        public_key: subjectKey("ecdsa"),
      });
      const cert = body(res);
      const shown = inspect(cert.certificate);
      expect(shown.Principals).toBe("(none)");
      const iso = (text: string) => text.replace("Z", "");
      expect(shown.Valid).toBe(`from ${iso(cert.valid_after)} to ${iso(cert.valid_until)}`);
    }
  });

  it("a certificate changed after signing does not verify (nor pass ssh-keygen)", async () => {
    const ca = await createCa(app);
    const res = await api(app, "POST", "/ssh_host_certificates", {
      ssh_certificate_authority_id: ca.id,
      public_key: subjectKey("ed25519"),
      principals: ["a.example.com"],
    });
    const { certificate } = body(res);
    expect(signatureVerifies(certificate, ca.public_key)).toBe(true);
    const [algorithm, encoded, id] = certificate.split(" ");
    const blob = Buffer.from(encoded, "base64");
    // Change one byte of the principal: "a.example.com" becomes "b.example.com".
    blob[blob.indexOf("a.example.com")] = "b".charCodeAt(0);
    const forged = `${algorithm} ${blob.toString("base64")} ${id}`;
    expect(signatureVerifies(forged, ca.public_key)).toBe(false);
    if (haveSshKeygen) expect(() => sshKeygen("-L", forged)).toThrow(/invalid key/);
  });
});
