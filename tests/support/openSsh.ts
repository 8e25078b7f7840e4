/**
 * OpenSSH for tests/automation/realOpenSsh: `sshd` (at /usr/sbin/sshd) and `ssh`, Debian's
 * `openssh-server` and `openssh-client`, which `.ci/run` installs when they are missing.
 *
 * {@link describeWithOpenSsh} runs a suite when both are there (and the real Pulumi CLI, through
 * `describeWithPulumi`); without them the suite is skipped with one printed reason, except in CI
 * (`CI` set to `true` or `1`), where their absence fails the run. {@link startSshd} runs a
 * foreground `sshd` on 127.0.0.1 and a free port as the current user, and {@link sshTrue} runs
 * `ssh … true` against it with nothing but the files the test gives.
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import { describeWithPulumi } from "./realEngine";

/** Where Debian's openssh-server puts the daemon. */
export const SSHD = "/usr/sbin/sshd";

const inCi = ["true", "1"].includes((process.env.CI ?? "").toLowerCase());

/** Why OpenSSH cannot be used here, or `undefined` when `sshd` and `ssh` are both there. */
function openSshMissing(): string | undefined {
  if (!fs.existsSync(SSHD)) {
    return `${SSHD} is missing (Debian: apt-get install openssh-server)`;
  }
  const ssh = spawnSync("ssh", ["-V"], { encoding: "utf8" });
  if (ssh.error !== undefined || ssh.status !== 0) {
    return `ssh is not on PATH (Debian: apt-get install openssh-client): ${ssh.error?.message ?? ssh.stderr}`;
  }
  return undefined;
}

/**
 * `describeWithPulumi` when `sshd` and `ssh` are there; otherwise a skip that says why, or in CI a
 * failure.
 */
export function describeWithOpenSsh(title: string, suite: () => void): void {
  const missing = openSshMissing();
  if (missing === undefined) {
    describeWithPulumi(title, suite);
    return;
  }
  if (inCi) {
    describe(title, () => {
      test("OpenSSH's sshd and ssh are available (required in CI)", () => {
        throw new Error(`CI runs the real sshd and ssh, and OpenSSH is missing: ${missing}`);
      });
    });
    return;
  }
  // Straight to stderr: Jest does not print the console output of a suite whose tests all skip.
  process.stderr.write(`skipped "${title}": ${missing}\n`);
  describe.skip(`${title} (skipped: ${missing})`, suite);
}

/** A free TCP port on 127.0.0.1 (closed again before it is returned). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Makes an Ed25519 key pair without a passphrase at `file` and `file.pub`; returns the public line. */
export function makeKey(file: string): string {
  const made = spawnSync(
    "ssh-keygen",
    ["-q", "-t", "ed25519", "-N", "", "-C", "test", "-f", file],
    {
      encoding: "utf8",
    },
  );
  if (made.status !== 0) throw new Error(`ssh-keygen failed: ${made.stderr}`);
  return fs.readFileSync(`${file}.pub`, "utf8").trim();
}

/** A running `sshd`. */
export interface RunningSshd {
  readonly port: number;
  /** Everything it logged so far (`-e`: its log goes to stderr). */
  log(): string;
  /** Kills it (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** The files an `sshd` of {@link startSshd} uses. */
export interface SshdFiles {
  /** The private host key. */
  readonly hostKey: string;
  /** The host certificate of that key (`HostCertificate`). */
  readonly hostCertificate: string;
  /** The CA keys trusted for user certificates (`TrustedUserCAKeys`). */
  readonly trustedUserCaKeys: string;
}

/**
 * Starts `sshd -D -e -f <config>` on 127.0.0.1 and a free port, as the current user, with a
 * config that accepts only certificates (no `authorized_keys`, no password) and logs why one is
 * refused (`LogLevel VERBOSE`); resolves once it listens. As root it needs the
 * privilege-separation directory `/run/sshd`, made here when it is missing.
 */
export async function startSshd(dir: string, name: string, files: SshdFiles): Promise<RunningSshd> {
  if (process.getuid?.() === 0) {
    fs.mkdirSync("/run/sshd", { recursive: true, mode: 0o755 });
  }
  const port = await freePort();
  const config = path.join(dir, `${name}_config`);
  fs.writeFileSync(
    config,
    [
      `HostKey ${files.hostKey}`,
      `HostCertificate ${files.hostCertificate}`,
      `TrustedUserCAKeys ${files.trustedUserCaKeys}`,
      "AuthorizedKeysFile none",
      "PasswordAuthentication no",
      "KbdInteractiveAuthentication no",
      "UsePAM no",
      "StrictModes no",
      "PidFile none",
      // Certificates count as public keys.
      "PermitRootLogin prohibit-password",
      "LogLevel VERBOSE",
      "ListenAddress 127.0.0.1",
      `Port ${port}`,
      "",
    ].join("\n"),
  );
  const child = spawn(SSHD, ["-D", "-e", "-f", config], { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sshd did not start in 10 s: ${log}`)), 10000);
    child.stderr.on("data", (chunk: Buffer) => {
      log += chunk.toString("utf8");
      if (log.includes("Server listening on 127.0.0.1")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`sshd exited with ${code}: ${log}`));
    });
  });
  return {
    port,
    log: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** What one `ssh … true` did. */
export interface SshResult {
  /** ssh's exit code: 0 when the login and `true` succeeded, 255 when ssh failed. */
  readonly code: number | null;
  readonly stderr: string;
}

/**
 * `ssh -F /dev/null -p <port> -o BatchMode=yes -o StrictHostKeyChecking=yes
 * -o UserKnownHostsFile=<knownHosts> -o GlobalKnownHostsFile=/dev/null -o IdentitiesOnly=yes
 * -o HostKeyAlias=<alias> -i <key> <user>@127.0.0.1 true`: no configuration but these options, no
 * prompt, the host known only through `knownHosts`; the key is offered with its certificate
 * `<key>-cert.pub`.
 */
export async function sshTrue(options: {
  port: number;
  knownHosts: string;
  alias: string;
  key: string;
  user: string;
}): Promise<SshResult> {
  const args = [
    "-F",
    "/dev/null",
    "-p",
    String(options.port),
    ...["-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes"],
    ...["-o", `UserKnownHostsFile=${options.knownHosts}`, "-o", "GlobalKnownHostsFile=/dev/null"],
    ...["-o", "IdentitiesOnly=yes", "-o", `HostKeyAlias=${options.alias}`],
    ...["-o", "ConnectTimeout=20"],
    ...["-i", options.key, `${options.user}@127.0.0.1`, "true"],
  ];
  const child = spawn("ssh", args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, stderr };
}
