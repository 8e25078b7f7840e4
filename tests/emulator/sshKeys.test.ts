/**
 * The public keys of created SSH CAs are real keys of the requested type and size: checked with
 * OpenSSH's `ssh-keygen -l` and with sshpk. RSA 4096 (the default RSA size) is generated once.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import sshpk from "sshpk";
import type { EmulatorApp } from "../../emulator/index";
import { api, body, newApp } from "./helpers";

const SSH_KEYGEN = "/usr/bin/ssh-keygen";
const haveSshKeygen = fs.existsSync(SSH_KEYGEN);
if (!haveSshKeygen) {
  console.warn(`skipping ssh-keygen checks: ${SSH_KEYGEN} not found`);
}

const CASES = [
  {
    request: { private_key_type: "ed25519" },
    prefix: "ssh-ed25519",
    bits: 256,
    label: "ED25519",
    sshpkType: "ed25519",
  },
  {
    request: { private_key_type: "ecdsa", elliptic_curve: "p256" },
    prefix: "ecdsa-sha2-nistp256",
    bits: 256,
    label: "ECDSA",
    sshpkType: "ecdsa",
  },
  {
    request: { private_key_type: "ecdsa", elliptic_curve: "p384" },
    prefix: "ecdsa-sha2-nistp384",
    bits: 384,
    label: "ECDSA",
    sshpkType: "ecdsa",
  },
  {
    request: { private_key_type: "ecdsa", elliptic_curve: "p521" },
    prefix: "ecdsa-sha2-nistp521",
    bits: 521,
    label: "ECDSA",
    sshpkType: "ecdsa",
  },
  {
    request: { private_key_type: "rsa", key_size: 2048 },
    prefix: "ssh-rsa",
    bits: 2048,
    label: "RSA",
    sshpkType: "rsa",
  },
  // No key_size: the default, 4096 (slow: seconds).
  {
    request: { private_key_type: "rsa" },
    prefix: "ssh-rsa",
    bits: 4096,
    label: "RSA",
    sshpkType: "rsa",
  },
] as const;

describe("generated SSH keys", () => {
  let app: EmulatorApp;
  let dir: string;
  const created = new Map<number, { public_key: string; key_type: string }>();
  let generationMs = 0;
  let longestEventLoopStallMs = 0;

  beforeAll(async () => {
    app = newApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "emulator-ssh-"));
    // The server's own start-up (plugins, route compilation) runs on the event loop at the first
    // request: done first, so that only key generation is watched.
    await app.ready();
    // Generate all keys concurrently (one RSA 4096 in total), watching the event loop.
    const started = Date.now();
    let lastTick = started;
    const ticker = setInterval(() => {
      const now = Date.now();
      longestEventLoopStallMs = Math.max(longestEventLoopStallMs, now - lastTick);
      lastTick = now;
    }, 5);
    const responses = await Promise.all(
      CASES.map((c) => api(app, "POST", "/ssh_certificate_authorities", c.request)),
    );
    clearInterval(ticker);
    generationMs = Date.now() - started;
    responses.forEach((res, i) => {
      expect(res.statusCode).toBe(201);
      created.set(i, body(res));
    });
  }, 120_000);

  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe.each(CASES.map((c, i) => [`${c.prefix} ${c.bits}`, c, i] as const))(
    "%s",
    (_name, c, index) => {
      it("has the OpenSSH key type, key_type and no comment", () => {
        const ca = created.get(index)!;
        expect(ca.key_type).toBe(c.request.private_key_type);
        const parts = ca.public_key.split(" ");
        expect(parts).toHaveLength(2);
        expect(parts[0]).toBe(c.prefix);
        expect(parts[1]).toMatch(/^AAAA[A-Za-z0-9+/]+=*$/);
      });

      it("parses with sshpk with the right type and size", () => {
        const key = sshpk.parseKey(created.get(index)!.public_key, "ssh");
        expect(key.type).toBe(c.sshpkType);
        expect(key.size).toBe(c.bits);
      });

      (haveSshKeygen ? it : it.skip)(
        "is read by ssh-keygen -l with the right type and bits",
        () => {
          const file = path.join(dir, `key${index}.pub`);
          fs.writeFileSync(file, created.get(index)!.public_key + "\n");
          const out = execFileSync(SSH_KEYGEN, ["-l", "-f", file], { encoding: "utf8" }).trim();
          expect(out).toMatch(
            new RegExp(`^${c.bits} SHA256:[A-Za-z0-9+/]{43} .*\\(${c.label}\\)$`),
          );
        },
      );
    },
  );

  it("generates keys without blocking the event loop", () => {
    // RSA 4096 takes far longer than this (see generationMs) when done synchronously.
    console.info(
      `key generation took ${generationMs} ms; longest stall ${longestEventLoopStallMs} ms`,
    );
    expect(longestEventLoopStallMs).toBeLessThan(Math.max(250, generationMs / 4));
  });

  it("makes a different key for every CA", () => {
    const keys = [...created.values()].map((ca) => ca.public_key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
