/**
 * The provider plugin as native providers behave, through the real Pulumi CLI with a YAML program
 * (Pulumi's YAML language host and the plugin on `PATH`, a file backend, the emulator in this
 * process) (issue #38 §1, §2, §4, §7):
 *
 * - `pulumi preview --logflow -v=9 --logtostderr`: the CLI starts the plugin with its flags
 *   before its address, and the plugin's warnings still reach the engine on their resource;
 * - a mistyped setting (`ngrok-dynamic:apikey`) fails the preview, naming the setting meant;
 * - a changed IdP metadata document previews the certificates read from it as unknown, so a
 *   resource that uses them previews as changing (not at `up` only);
 * - a plugin started by hand serves one `PULUMI_DEBUG_PROVIDERS` run after another;
 * - `pulumi up --logflow -v=9` killed with SIGKILL: the plugin it started exits within 6 s (it
 *   checks its engine and its parent once a second; the margin is for a busy 2-core machine).
 */
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import * as readline from "node:readline";
import { offlineEnv } from "../../dist/tools/devtools/pulumiCli";
import { pluginBinDir } from "../../dist/tools/devtools/pluginBin";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { readIdpMetadata } from "../support/fixtures";
import {
  changeSummary,
  pulumiCommand,
  pulumiExecutable,
  yamlLanguageHost,
} from "../support/pulumiCommand";
import { cli, describeWithPulumi } from "../support/realEngine";
import { REPO } from "../support/repo";

const PROJECT = "plugin-engine";
const CA_TYPE = "ngrok-dynamic:index:SshCertificateAuthority";

/** A SAML module, and a CA whose description uses a certificate read from its metadata. */
const PROGRAM = `name: ${PROJECT}
runtime: yaml
config:
  edgeId:
    type: string
  routeId:
    type: string
resources:
  sso:
    type: ngrok-dynamic:index:HttpsEdgeRouteSaml
    properties:
      edgeId: \${edgeId}
      routeId: \${routeId}
      idpMetadata:
        fn::readFile: ./idp.xml
  ca:
    type: ${CA_TYPE}
    properties:
      privateKeyType: ed25519
      description: IdP signs with \${sso.idpSigningCertificates[0].sha256Fingerprint}
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pids of the running plugins whose environment names `marker` (Linux, `/proc`). */
function pluginPids(marker: string): number[] {
  return fs
    .readdirSync("/proc")
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return (
          fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("plugin/index.js") &&
          fs.readFileSync(`/proc/${pid}/environ`, "utf8").includes(marker)
        );
      } catch {
        return false; // gone, or not ours to read
      }
    })
    .map(Number);
}

describeWithPulumi(
  "The plugin through the real CLI: flags, settings, previews, attach, exit",
  () => {
    const yamlHost = yamlLanguageHost({ suite: "the plugin engine suite", test: "the plugin" });
    if (yamlHost === undefined) return;

    let emulator: RunningEmulator;
    let work: string;
    let pluginBin: string;
    let project: string;
    let env: NodeJS.ProcessEnv;
    const started: ChildProcess[] = [];

    const pulumi = (args: string[], options: { allowFailure?: boolean; extra?: object } = {}) =>
      pulumiCommand(args, {
        cwd: project,
        env: { ...env, ...options.extra },
        allowFailure: options.allowFailure,
      });

    beforeAll(async () => {
      emulator = await startEmulator({ port: 0 });
      work = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-engine-"));
      project = path.join(work, "project");
      fs.mkdirSync(project);
      fs.writeFileSync(path.join(project, "Pulumi.yaml"), PROGRAM);
      fs.writeFileSync(path.join(project, "idp.xml"), readIdpMetadata("okta.xml"));
      pluginBin = pluginBinDir();
      // The plugin's script, recording the arguments the CLI starts it with.
      const script = path.join(pluginBin, "pulumi-resource-ngrok-dynamic");
      fs.writeFileSync(
        script,
        fs
          .readFileSync(script, "utf8")
          .replace("exec ", `echo "$@" >> "${path.join(work, "plugin-args")}"\nexec `),
      );
      const offline = offlineEnv(cli(), work);
      env = { ...process.env, ...offline, PATH: [pluginBin, yamlHost, offline.PATH].join(":") };
      for (const key of Object.keys(env)) if (key.startsWith("NGROK_")) delete env[key];
      const {
        edgeId,
        routeIds: [routeId],
      } = await createEdgeWithRoutes(emulator, 1);
      await pulumi(["stack", "init", "dev"]);
      await pulumi(["config", "set", "ngrok-dynamic:apiBaseUrl", emulator.url]);
      await pulumi(["config", "set", "edgeId", edgeId]);
      await pulumi(["config", "set", "routeId", routeId]);
    }, 120_000);

    afterAll(async () => {
      for (const child of started) child.kill("SIGKILL");
      for (const pid of pluginPids(work)) process.kill(pid, "SIGKILL");
      await emulator?.close();
      for (const dir of [work, pluginBin]) {
        if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    test("with the engine's flags (--logflow -v=9), the plugin's warning reaches the engine on its resource", async () => {
      // No API key yet: check warns that up would fail, on the resource it checks.
      const run = await pulumi(["preview", "--json", "--logflow", "-v=9", "--logtostderr"]);
      const diagnostics = (
        JSON.parse(run.stdout) as {
          diagnostics?: { urn?: string; message: string; severity: string }[];
        }
      ).diagnostics;
      const warning = diagnostics?.find((d) => d.message.includes("no ngrok API key"));
      expect(warning).toEqual(
        expect.objectContaining({
          severity: "warning",
          urn: expect.stringMatching(
            /::ngrok-dynamic:index:(HttpsEdgeRouteSaml|SshCertificateAuthority)::/,
          ),
        }),
      );
      // The CLI did start it with its flags before its address.
      expect(fs.readFileSync(path.join(work, "plugin-args"), "utf8")).toMatch(
        /^--logtostderr -v=9 127\.0\.0\.1:\d+$/m,
      );
    });

    test("a mistyped setting fails the preview, naming the setting meant", async () => {
      await pulumi(["config", "set", "--secret", "ngrok-dynamic:apikey", emulator.apiKey]);
      const run = await pulumi(["preview"], { allowFailure: true });
      expect(run.code).not.toBe(0);
      expect(`${run.stdout}${run.stderr}`).toMatch(
        /ngrok-dynamic:apikey is not a setting of pulumi-ngrok-dynamic; did you mean ngrok-dynamic:apiKey\?/,
      );
      expect(`${run.stdout}${run.stderr}`).not.toContain(emulator.apiKey);
      await pulumi(["config", "rm", "ngrok-dynamic:apikey"]);
      await pulumi(["config", "set", "--secret", "ngrok-dynamic:apiKey", emulator.apiKey]);
    });

    test("a changed IdP metadata document previews its certificates as unknown, and their user as changing", async () => {
      expect(
        changeSummary((await pulumi(["up", "--yes", "--skip-preview", "--json"])).stdout),
      ).toEqual({
        create: 3,
      });
      fs.writeFileSync(path.join(project, "idp.xml"), readIdpMetadata("keycloak.xml"));
      const preview = await pulumi(["preview", "--json"]);
      const steps = (JSON.parse(preview.stdout) as { steps: { op: string; urn: string }[] }).steps;
      const opOf = (name: string) => steps.find((s) => s.urn.endsWith(`::${name}`))?.op;
      expect(opOf("sso")).toBe("update");
      expect(opOf("ca")).toBe("update"); // its description will change: shown now, not at up only
      const up = await pulumi(["up", "--yes", "--skip-preview", "--json"]);
      expect(changeSummary(up.stdout)).toEqual({ same: 1, update: 2 });
    });

    test("a plugin started by hand serves one PULUMI_DEBUG_PROVIDERS run after another", async () => {
      const plugin = spawn(process.execPath, [path.join(REPO, "dist", "plugin", "index.js")], {
        env: { ...env, PLUGIN_ENGINE_MARKER: "attached" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      started.push(plugin);
      const port = await new Promise<string>((resolve) =>
        readline.createInterface({ input: plugin.stdout! }).once("line", resolve),
      );
      const attached = { PULUMI_DEBUG_PROVIDERS: `ngrok-dynamic:${port.trim()}` };
      for (let run = 1; run <= 2; run++) {
        const preview = await pulumi(["preview", "--json"], { extra: attached });
        expect(changeSummary(preview.stdout)).toEqual({ same: 3 });
      }
      await sleep(2500); // more than two health-check intervals of a watched engine
      expect(plugin.exitCode).toBe(null);
      plugin.kill("SIGKILL");
    });

    test("pulumi up --logflow -v=9 killed with SIGKILL: the plugin it started exits within 6 s", async () => {
      // An API that never answers: the plugin waits on its create while the CLI is killed.
      const hanging = http.createServer(() => undefined);
      await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
      try {
        const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
        await pulumi(["stack", "init", "hang"]);
        await pulumi(["config", "set", "ngrok-dynamic:apiBaseUrl", url]);
        await pulumi(["config", "set", "ngrok-dynamic:apiKey", "k"]);
        await pulumi(["config", "set", "edgeId", "edghts_1"]);
        await pulumi(["config", "set", "routeId", "edghtsrt_1"]);
        const requested = new Promise<void>((resolve) => hanging.once("request", () => resolve()));
        const up = spawn(
          pulumiExecutable(),
          ["up", "--yes", "--skip-preview", "--logflow", "-v=9", "--non-interactive"],
          { cwd: project, env, stdio: "ignore" },
        );
        started.push(up);
        await requested;
        const pids = pluginPids(work);
        expect(pids.length).toBeGreaterThan(0);
        const killedAt = Date.now();
        up.kill("SIGKILL");
        while (pluginPids(work).length > 0 && Date.now() - killedAt < 6000) await sleep(100);
        expect(pluginPids(work)).toEqual([]);
      } finally {
        hanging.closeAllConnections();
        hanging.close();
      }
    });
  },
);
