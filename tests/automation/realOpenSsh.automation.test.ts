/**
 * The proof with real OpenSSH (#15): certificates signed by the emulator's CA, through a Pulumi
 * program (tests/programs/realOpenSsh) run by the real CLI, and judged by a real `sshd` and `ssh`
 * on loopback. The test writes the stack's outputs to the files they read, as a user would:
 * - host: `sshd` serves its host key with the `SshHostCertificate` as `HostCertificate`; an `ssh`
 *   whose known_hosts holds only `@cert-authority sshd.test <the CA's publicKey output>` connects
 *   with `StrictHostKeyChecking=yes` and no prompt; a second `sshd` with a certificate of the same
 *   key for another name is refused;
 * - user: `sshd` with `TrustedUserCAKeys` = the CA's `publicKey` accepts the key whose
 *   `SshUserCertificate` names the current user, refuses a certificate for another principal, and
 *   refuses a certificate once its `validUntil` has passed (a window computed here that ends
 *   about 100 s after the test starts; it is accepted before).
 * sshd logs why it refuses (`LogLevel VERBOSE`), so each refusal is pinned to its reason.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import {
  describeWithOpenSsh,
  makeKey,
  type RunningSshd,
  type SshResult,
  sshTrue,
  startSshd,
} from "../support/openSsh";
import { openStack, succeeded } from "../support/realEngine";

const PROGRAM = "tests/programs/realOpenSsh";
const PROJECT = "automation-real-openssh";
const HOST_PRINCIPAL = "sshd.test";
/** The end of the expiring certificate's window, counted from the start of the suite. */
const WINDOW_MS = 100_000;
/** Waited past `validUntil`: sshd compares whole seconds with its own clock. */
const CLOCK_SLACK_MS = 2_000;

interface Written {
  id: string;
  certificate: string;
  principals: string[];
  validUntil: string;
}

/** `ms` as RFC 3339 in UTC, whole seconds (rounded up). */
const rfc3339 = (ms: number) =>
  new Date(Math.ceil(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");

describeWithOpenSsh("SSH certificates judged by a real sshd and ssh", () => {
  const user = os.userInfo().username;
  let emulator: RunningEmulator;
  let stack: RealStack;
  let dir: string;
  let expiringUntilMs: number;
  let outputs: Record<string, unknown>;
  const daemons: RunningSshd[] = [];
  let sshd: RunningSshd;
  let otherNameSshd: RunningSshd;
  const file = (name: string) => path.join(dir, name);
  const certificateOf = (name: string) => outputs[name] as Written;

  /** `ssh … true` to `daemon` with `key` (and `<key>-cert.pub`), and what `daemon` logged meanwhile. */
  async function connect(
    daemon: RunningSshd,
    key: string,
    expectedLog: RegExp,
  ): Promise<SshResult & { log: string }> {
    const before = daemon.log().length;
    const result = await sshTrue({
      port: daemon.port,
      knownHosts: file("known_hosts"),
      alias: HOST_PRINCIPAL,
      key: file(key),
      user,
    });
    // sshd's lines about the connection may come just after ssh exits.
    for (let i = 0; i < 50 && !expectedLog.test(daemon.log().slice(before)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { ...result, log: daemon.log().slice(before) };
  }

  beforeAll(async () => {
    expiringUntilMs = Math.ceil((Date.now() + WINDOW_MS) / 1000) * 1000;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-real-openssh-"));
    const hostKey = makeKey(file("ssh_host_ed25519_key"));
    emulator = await startEmulator({ port: 0 });
    stack = await openStack(PROGRAM, PROJECT, emulator, {
      userName: user,
      hostPrincipal: HOST_PRINCIPAL,
      hostKey,
      userKey: makeKey(file("id_user")),
      otherUserKey: makeKey(file("id_other_user")),
      expiringUserKey: makeKey(file("id_expiring")),
      expiringValidUntil: rfc3339(expiringUntilMs),
    });
  }, 120000);

  afterAll(async () => {
    for (const daemon of daemons) await daemon.stop();
    await stack?.remove();
    await emulator?.close();
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("up creates the CA and signs the five certificates (and the stack); the outputs are written where sshd and ssh read them", async () => {
    expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ create: 7 });
    outputs = await stack.outputs();
    const caPublicKey = outputs.caPublicKey as string;
    const [ca] = emulator.snapshot().sshCertificateAuthorities;
    expect(caPublicKey).toBe(ca.public_key);
    expect(certificateOf("hostCertificate").principals).toEqual([HOST_PRINCIPAL]);
    expect(certificateOf("userCertificate").principals).toEqual([user]);
    expect(certificateOf("expiringUserCertificate").validUntil).toBe(rfc3339(expiringUntilMs));

    // The server side: the host certificates beside the host key, the CA for user certificates.
    fs.writeFileSync(
      file("ssh_host_ed25519_key-cert.pub"),
      `${certificateOf("hostCertificate").certificate}\n`,
    );
    fs.writeFileSync(
      file("other_name-cert.pub"),
      `${certificateOf("otherHostCertificate").certificate}\n`,
    );
    fs.writeFileSync(file("trusted_user_ca_keys"), `${caPublicKey}\n`);
    // The client side: only the CA in known_hosts; each user certificate beside its key.
    fs.writeFileSync(file("known_hosts"), `@cert-authority ${HOST_PRINCIPAL} ${caPublicKey}\n`);
    for (const [key, output] of [
      ["id_user", "userCertificate"],
      ["id_other_user", "otherUserCertificate"],
      ["id_expiring", "expiringUserCertificate"],
    ]) {
      fs.writeFileSync(file(`${key}-cert.pub`), `${certificateOf(output).certificate}\n`);
    }

    const server = (hostCertificate: string) => ({
      hostKey: file("ssh_host_ed25519_key"),
      hostCertificate: file(hostCertificate),
      trustedUserCaKeys: file("trusted_user_ca_keys"),
    });
    sshd = await startSshd(dir, "sshd", server("ssh_host_ed25519_key-cert.pub"));
    daemons.push(sshd);
    otherNameSshd = await startSshd(dir, "other_name_sshd", server("other_name-cert.pub"));
    daemons.push(otherNameSshd);
  });

  test("ssh trusts sshd by its host certificate alone (StrictHostKeyChecking=yes, no prompt), and sshd accepts the user certificate", async () => {
    const knownHosts = fs.readFileSync(file("known_hosts"), "utf8");
    const { id } = certificateOf("userCertificate");
    const accepted = new RegExp(
      `Accepted publickey for ${user} from 127\\.0\\.0\\.1 .*-CERT .*ID ${id} `,
    );
    const result = await connect(sshd, "id_user", accepted);
    expect(result).toMatchObject({ code: 0 });
    expect(result.log).toMatch(accepted);
    expect(result.stderr).not.toMatch(/authenticity|Permanently added|WARNING/i);
    // Nothing was learned: the CA line is still all the client knows.
    expect(fs.readFileSync(file("known_hosts"), "utf8")).toBe(knownHosts);
  });

  test("a host certificate of the same key for another name is refused: Host key verification failed", async () => {
    const result = await connect(otherNameSshd, "id_user", /Connection closed/);
    expect(result.code).toBe(255);
    expect(result.stderr).toContain("Certificate invalid: name is not a listed principal");
    expect(result.stderr).toContain("Host key verification failed");
    expect(result.log).not.toContain("Accepted publickey");
  });

  test("a user certificate for another principal is refused", async () => {
    const refused = /Certificate invalid: name is not a listed principal/;
    const result = await connect(sshd, "id_other_user", refused);
    expect(result.code).toBe(255);
    expect(result.stderr).toContain("Permission denied (publickey)");
    expect(result.log).toMatch(refused);
    expect(result.log).not.toContain("Accepted publickey");
  });

  test("a user certificate is accepted within its window and refused once validUntil has passed", async () => {
    const { id } = certificateOf("expiringUserCertificate");
    // The window was made long enough for the steps before; say so if a slow machine spent it.
    const left = expiringUntilMs - Date.now();
    if (left < 5000) {
      throw new Error(
        `the certificate's window was spent before this test (${left} ms left): the steps before took more than ${WINDOW_MS} ms`,
      );
    }
    const accepted = new RegExp(`Accepted publickey for ${user} .*ID ${id} `);
    const within = await connect(sshd, "id_expiring", accepted);
    expect(within.code).toBe(0);
    expect(within.log).toMatch(accepted);

    await new Promise((resolve) =>
      setTimeout(resolve, expiringUntilMs + CLOCK_SLACK_MS - Date.now()),
    );
    const expired = /Certificate invalid: expired/;
    const after = await connect(sshd, "id_expiring", expired);
    expect(after.code).toBe(255);
    expect(after.stderr).toContain("Permission denied (publickey)");
    expect(after.log).toMatch(expired);
    expect(after.log).not.toContain("Accepted publickey");
  });

  test("destroy deletes the CA and the five certificates (and the stack)", async () => {
    expect(succeeded(await stack.destroy()).summary?.resourceChanges).toEqual({ delete: 7 });
    const left = emulator.snapshot();
    expect([
      left.sshCertificateAuthorities,
      left.sshHostCertificates,
      left.sshUserCertificates,
    ]).toEqual([[], [], []]);
  });
});
