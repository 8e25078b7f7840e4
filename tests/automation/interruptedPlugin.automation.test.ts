/**
 * Interrupted deployments of a Pulumi YAML program through the provider plugin (issue #33 §1):
 * the plain Pulumi CLI (`pulumi up`/`destroy` in the program's folder, Pulumi's YAML language
 * host, the plugin on `PATH`) killed with SIGKILL together with its process group and the plugins
 * it started, against the emulator limited to 10 requests per 2 s and the plugin paced to it
 * (`ngrok-dynamic:maxRequestsPerMinute`, as tests/automation/interrupted.automation.test.ts paces
 * the Node.js classes). Three moments:
 *
 * - an `up` creating 30 SSH CAs, killed once a CA is live that the checkpoint does not hold;
 * - a `destroy` of them, killed once a CA the checkpoint holds is deleted in ngrok;
 * - an `up` replacing 30 host certificates (their `principals` changed: create-before-delete),
 *   killed once a new certificate is live that the checkpoint does not hold.
 *
 * Each is recovered twice: with `ngrok-dynamic:ownershipMarker` (a plain rerun, then
 * `pulumi refresh --clear-pending-creates`, as docs/interruptedDeployments.md says), and without
 * it, with `pending-creates` run in the program's folder as printed for a plugin stack (it runs
 * `pulumi stack export --show-secrets` and reads the API settings from the stack's
 * `ngrok-dynamic` provider: no `NGROK_*` variable is set) and the commands it prints. Either way:
 * no orphan (a live object no stack knows) and no pending operation.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { findYamlLanguageHost } from "../../dist/tools/devtools/pulumiCli";
import { pluginBinDir } from "../../dist/tools/devtools/pluginBin";
import { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { callApi } from "../support/emulatorApi";
import { frozenAtMoment, idsOf, repairTornCheckpoint, shell } from "../support/killedOperation";
import { pulumiCommand } from "../support/pulumiCommand";
import { cli, describeWithPulumi, pulumiCli, toConfigMap } from "../support/realEngine";
import * as keys from "../support/sshKeys";
import { REPO } from "../support/repo";

const COUNT = 30;
const LIMIT = { requests: 10, windowMs: 2000 };
const PROJECT = "interrupted-plugin";
const yamlHost = pulumiCli === undefined ? undefined : findYamlLanguageHost(pulumiCli);
/** The recovery command as the plugin runs it (`pulumi-resource-ngrok-dynamic pending-creates`). */
const PENDING_CREATES = `"${process.execPath}" "${path.join(REPO, "dist/plugin/index.js")}" pending-creates`;

/** The YAML program: `cas` SSH CAs, or one CA and `certificates` host certificates it signs. */
function program(shape: "cas" | "certificates"): string {
  const lines = [
    `name: ${PROJECT}`,
    "runtime: yaml",
    "config:",
    "  principal:",
    "    type: string",
  ];
  lines.push("    default: web", "resources:");
  const ca = (name: string) =>
    [`  ${name}:`, "    type: ngrok-dynamic:index:SshCertificateAuthority", "    properties:"]
      .concat(["      privateKeyType: ed25519", `      description: ${name}`])
      .join("\n");
  if (shape === "cas") {
    for (let i = 0; i < COUNT; i += 1) lines.push(ca(`ca-${i}`));
  } else {
    lines.push(ca("signer"));
    for (let i = 0; i < COUNT; i += 1) {
      lines.push(
        `  cert-${i}:`,
        "    type: ngrok-dynamic:index:SshHostCertificate",
        "    properties:",
        "      sshCertificateAuthorityId: ${signer.id}",
        `      publicKey: ${keys.ED25519}`,
        `      principals: ["\${principal}-${i}.example.com"]`,
        `      description: cert-${i}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Kills what the killed CLI left running: the plugins and the YAML host (Linux, `/proc`). */
function killLeftProcesses(workDir: string): void {
  const ours = (pid: string) => {
    try {
      return fs.readFileSync(`/proc/${pid}/environ`, "utf8").includes(workDir);
    } catch {
      return false;
    }
  };
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p) && ours(p))) {
    try {
      process.kill(Number(pid), "SIGKILL");
    } catch {
      // it ended on its own meanwhile
    }
  }
}

/** The live objects of the program's kind, and the ids the checkpoint holds. */
function seen(stack: RealStack, emulator: RunningEmulator, shape: "cas" | "certificates") {
  const { state, readable } = idsOf(stack, emulator);
  const snapshot = emulator.snapshot();
  const live = (
    shape === "cas" ? snapshot.sshCertificateAuthorities : snapshot.sshHostCertificates
  ).map((o) => o.id);
  return { live, state, readable };
}

/** Live objects of either kind that the checkpoint does not hold, and pending operations. */
function leftovers(stack: RealStack, emulator: RunningEmulator) {
  const { state } = idsOf(stack, emulator);
  const snapshot = emulator.snapshot();
  const live = [...snapshot.sshCertificateAuthorities, ...snapshot.sshHostCertificates];
  return {
    live: live.length,
    orphans: live.filter((o) => !state.includes(o.id)).length,
    pending: stack.pendingOperations().length,
  };
}

describeWithPulumi("Interrupted deployments of a YAML program through the plugin", () => {
  if (yamlHost === undefined) {
    test.skip("no pulumi-language-yaml: run npm run pulumi:install", () => undefined);
    return;
  }
  let emulator: RunningEmulator;
  let pluginBin: string;
  const savedPath = process.env.PATH;
  const savedNgrok = Object.entries(process.env).filter(([k]) => k.startsWith("NGROK_"));
  const figures: string[] = [];

  beforeAll(() => {
    pluginBin = pluginBinDir();
    // The plugin and the YAML host for every CLI this suite runs, `shell`'s commands included;
    // the API settings are the stack's alone.
    process.env.PATH = [pluginBin, yamlHost, cli().binDir, savedPath].join(path.delimiter);
    for (const [key] of savedNgrok) delete process.env[key];
  });
  afterAll(() => {
    process.env.PATH = savedPath;
    for (const [key, value] of savedNgrok) process.env[key] = value;
    fs.rmSync(pluginBin, { recursive: true, force: true });
    process.stderr.write(`${figures.join("\n")}\n`);
  });
  beforeEach(async () => {
    emulator = await startEmulator({ port: 0, rateLimit: LIMIT });
  });
  afterEach(async () => {
    await emulator?.close();
  });

  /** A stack of the generated program, in a folder of its own, configured as a user would. */
  async function open(shape: "cas" | "certificates", marker: boolean) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "interrupted-plugin-"));
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), program(shape));
    const stack = await RealStack.create({
      cli: cli(),
      programDir: dir,
      projectName: PROJECT,
      useProgramProject: true,
      env: { PULUMI_NGROK_DYNAMIC_RATE_WINDOW_MS: String(LIMIT.windowMs) },
      config: toConfigMap({
        "ngrok-dynamic:apiBaseUrl": emulator.url,
        "ngrok-dynamic:apiKey": { value: emulator.apiKey, secret: true },
        "ngrok-dynamic:maxRequestsPerMinute": String(LIMIT.requests),
        "ngrok-dynamic:ownershipMarker": String(marker),
      }),
    });
    const pulumi = (...args: string[]) =>
      pulumiCommand(args, { cwd: dir, env: { ...process.env, ...stack.env } });
    const close = async () => {
      await stack.remove();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    return { dir, stack, pulumi, close };
  }

  /**
   * Runs `pulumi <op> --yes --skip-preview` in `dir` in a process group of its own and kills the
   * group with SIGKILL the moment `ready` holds (frozen first and seen again:
   * `frozenAtMoment`), then what it left running;
   * repairs a torn checkpoint and clears the lock (`pulumi cancel`).
   */
  async function killed(
    opened: Awaited<ReturnType<typeof open>>,
    op: "up" | "destroy",
    shape: "cas" | "certificates",
    ready: (s: ReturnType<typeof seen>) => boolean,
  ) {
    const { dir, stack } = opened;
    const child = spawn(
      cli().binDir + "/pulumi",
      [op, "--yes", "--skip-preview", "--non-interactive"],
      {
        cwd: dir,
        env: { ...process.env, ...stack.env },
        detached: true,
        stdio: "ignore",
      },
    );
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    let ended = false;
    void exited.then(() => (ended = true));
    await frozenAtMoment(
      (signal) => process.kill(-child.pid!, signal),
      () => ended,
      () => seen(stack, emulator, shape),
      ready,
      `pulumi ${op}`,
    );
    process.kill(-child.pid!, "SIGKILL");
    expect(await exited).toBeNull();
    killLeftProcesses(stack.workDir);
    repairTornCheckpoint(stack);
    await stack.stack.cancel();
    return leftovers(stack, emulator);
  }

  /**
   * `DELETE path` at the emulator as `ngrok api … delete` sends it, waiting 1 s after a 429 (the
   * emulator allows 10 requests per 2 s, and the killed operation and `pending-creates` may have
   * spent them; it sends no `Retry-After`, as ngrok documents none): the status of the last
   * answer, after 10 tries at most.
   */
  async function deletedWhenAllowed(apiPath: string): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      const { status } = await callApi(emulator, "DELETE", apiPath);
      if (status !== 429 || attempt === 10) return status;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  /**
   * The recovery without the marker: `pending-creates` in the program's folder, then each command
   * it prints (an `ngrok api … delete <id>` as the same request to the emulator). Returns its
   * report.
   */
  async function recoverWithCommand(opened: Awaited<ReturnType<typeof open>>) {
    const run = await shell(opened.stack, PENDING_CREATES);
    const commands = run.stdout
      .split("\n")
      .filter((line) => line.startsWith("  $ "))
      .map((line) => line.slice(4));
    for (const command of commands) {
      const deletion = /^ngrok api ([a-z-]+) delete (\S+)$/.exec(command);
      if (command === "pulumi up") {
        // At a terminal the user confirms the preview; without one the CLI wants --yes.
        await opened.pulumi("up", "--yes", "--skip-preview");
      } else if (deletion === null) {
        await shell(opened.stack, command);
      } else {
        const collection = deletion[1].replaceAll("-", "_");
        expect(await deletedWhenAllowed(`/${collection}/${deletion[2]}`)).toBe(204);
      }
    }
    return { stdout: run.stdout, commands };
  }

  /**
   * The recovery with the marker: a plain `up` (each create takes over its marked object), then
   * `pulumi refresh --clear-pending-creates` drops the pending creates Pulumi keeps.
   */
  async function rerunWithMarker(opened: Awaited<ReturnType<typeof open>>) {
    await opened.pulumi("up", "--yes", "--skip-preview");
    await opened.pulumi("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
  }

  const record = (
    what: string,
    after: ReturnType<typeof leftovers>,
    end: ReturnType<typeof leftovers>,
  ) =>
    figures.push(
      `${what}: after the kill ${after.live} live, ${after.orphans} live not in state, ` +
        `${after.pending} pending; after recovery ${end.live} live, ${end.orphans} orphans, ` +
        `${end.pending} pending operations`,
    );

  for (const marker of [true, false]) {
    const how = marker ? "marker on, a plain rerun" : "pending-creates and its commands";

    test(`up of ${COUNT} CAs killed, ${how}: no orphan, no pending operation`, async () => {
      const opened = await open("cas", marker);
      try {
        const after = await killed(
          opened,
          "up",
          "cas",
          ({ live, state }) => live.length >= 5 && live.some((id) => !state.includes(id)),
        );
        expect(after.orphans).toBeGreaterThan(0);
        if (marker) {
          await rerunWithMarker(opened);
        } else {
          const { stdout, commands } = await recoverWithCommand(opened);
          expect(stdout.match(/the next up adopts it\./g)).toHaveLength(after.orphans);
          expect(commands).toEqual([
            expect.stringMatching(/^pulumi config set ngrok-dynamic:adoptExistingIds '\{.*\}'$/),
            "pulumi refresh --clear-pending-creates --yes --skip-preview",
            "pulumi up",
            "pulumi config rm ngrok-dynamic:adoptExistingIds",
          ]);
          figures.push(`pending-creates printed, up killed:\n${stdout}`);
          // The adopted CAs are managed like the others, the setting gone: nothing to change.
          await opened.pulumi("preview", "--expect-no-changes");
        }
        const end = leftovers(opened.stack, emulator);
        record(`up killed, ${how}`, after, end);
        expect(end).toEqual({ live: COUNT, orphans: 0, pending: 0 });
      } finally {
        await opened.close();
      }
    }, 240_000);

    test(`destroy killed, ${how}: nothing live, nothing in state`, async () => {
      const opened = await open("cas", marker);
      try {
        await opened.pulumi("up", "--yes", "--skip-preview");
        const after = await killed(opened, "destroy", "cas", ({ live, state }) =>
          state.some((id) => !live.includes(id)),
        );
        if (!marker) {
          const { stdout, commands } = await recoverWithCommand(opened);
          expect(stdout).toMatch(/^0 pending creates in the state/);
          expect(commands).toEqual([]);
        }
        await opened.pulumi("destroy", "--yes", "--skip-preview");
        const end = leftovers(opened.stack, emulator);
        record(`destroy killed, ${how}`, after, end);
        expect(end).toEqual({ live: 0, orphans: 0, pending: 0 });
        expect(opened.stack.checkpointResources()).toEqual([]);
      } finally {
        await opened.close();
      }
    }, 240_000);

    test(`replacement of ${COUNT} certificates killed, ${how}: each replaced once`, async () => {
      const opened = await open("certificates", marker);
      try {
        await opened.pulumi("up", "--yes", "--skip-preview");
        const before = seen(opened.stack, emulator, "certificates").live;
        await opened.pulumi("config", "set", "principal", "db");
        const after = await killed(opened, "up", "certificates", ({ live, state }) =>
          live.some((id) => !before.includes(id) && !state.includes(id)),
        );
        expect(after.orphans).toBeGreaterThan(0);
        if (marker) {
          await rerunWithMarker(opened);
        } else {
          const { stdout, commands } = await recoverWithCommand(opened);
          figures.push(`pending-creates printed, replacement killed:\n${stdout}`);
          // A certificate cannot be adopted: each one made is deleted, and made again by up.
          expect(
            commands.filter((c) => c.startsWith("ngrok api ssh-host-certificates delete ")),
          ).toHaveLength(after.orphans);
          expect(commands.slice(after.orphans)).toEqual([
            "pulumi refresh --clear-pending-creates --yes --skip-preview",
            "pulumi up",
          ]);
        }
        const end = leftovers(opened.stack, emulator);
        record(`replacement killed, ${how}`, after, end);
        expect(end).toEqual({ live: COUNT + 1, orphans: 0, pending: 0 });
        const certificates = emulator.snapshot().sshHostCertificates;
        expect(certificates.every((c) => !before.includes(c.id))).toBe(true);
        expect(certificates.map((c) => c.principals[0]).sort()).toEqual(
          Array.from({ length: COUNT }, (_, i) => `db-${i}.example.com`).sort(),
        );
      } finally {
        await opened.close();
      }
    }, 240_000);
  }
});
