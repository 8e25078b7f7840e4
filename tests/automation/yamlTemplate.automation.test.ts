/**
 * The `pulumi new` template in `templates/ngrok-ssh-yaml`, followed as README.md's "A YAML program"
 * tells a user, through the real CLI, its YAML language host and the provider plugin, against
 * the emulator:
 *
 * - the plugin installed as README's Install says (`pulumi plugin install resource ngrok-dynamic
 *   <version> --file <archive>`), into the test's own PULUMI_HOME, from an archive that holds the
 *   plugin's executable at its root as the release's do (here the working copy's plugin, run by
 *   Node.js: the self-contained executables are proved by their own tests);
 * - `pulumi new "$RELEASE/templates/ngrok-ssh-yaml"`, the template as a release folder carries it
 *   (tools/scripts/templates.ts), run in a terminal (`script` gives it a pseudo-terminal) and answered
 *   at its prompts as a user types: the template's settings are asked for, the API key is stored
 *   encrypted, and the project is written with its placeholders filled in and the plugin's
 *   package declaration beside it, whose version `pulumi about` shows;
 * - `pulumi preview`, `pulumi up`, the stack outputs, a preview with nothing to do, and
 *   `pulumi destroy`, which keeps the CA while it is protected (as the template declares it),
 *   then deletes it after README's `pulumi state unprotect --all`.
 *
 * Answering at the prompts matters: `pulumi new --config ngrok-dynamic:apiKey=…` stores the key
 * in plain text whatever the template says (measured with the CLI 3.276.0), so README does not
 * give that form.
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { offlineEnv } from "../../dist/tools/devtools/pulumiCli";
import { PLUGIN_EXECUTABLE, pluginBinDir } from "../../dist/tools/devtools/pluginBin";
import { YAML_PACKAGE_DECLARATION } from "../../dist/tools/scripts/generate/yamlPackage";
import { makeRelease } from "../../dist/tools/scripts/release";
import { TEMPLATE_ARTIFACT } from "../../dist/tools/scripts/templates";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { codeBlockAfter, commandLines } from "../support/docsBlocks";
import {
  type ChangeSummary,
  changeSummary,
  type CliRun,
  pulumiCommand,
  pulumiExecutable,
  yamlLanguageHost,
} from "../support/pulumiCommand";
import { cli, describeWithPulumi, requestsDuring, writes } from "../support/realEngine";
import * as keys from "../support/sshKeys";
import { REPO } from "../support/repo";

const TEMPLATE = path.join(REPO, "templates", "ngrok-ssh-yaml");
const VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as { version: string }
).version;

/** The `resources:` and `outputs:` of a Pulumi.yaml: what README prints of the template. */
const program = (pulumiYaml: string) => pulumiYaml.slice(pulumiYaml.indexOf("\nresources:\n") + 1);

describeWithPulumi("the YAML pulumi new template, through the real CLI and the plugin", () => {
  const yamlHost = yamlLanguageHost({
    suite: "the YAML template suite",
    test: "the YAML template",
  });
  if (yamlHost === undefined) return;

  let emulator: RunningEmulator;
  let work: string;
  /** A release folder holding the templates, as `npm run release` writes them. */
  let release: string;
  let pluginBin: string;
  let project: string;
  let env: NodeJS.ProcessEnv;
  let newOutput = "";

  /** Runs `pulumi <args>` in the project folder; fails with its output unless it exits 0. */
  const pulumi = (args: string[], allowFailure = false) =>
    pulumiCommand(args, { cwd: project, env, allowFailure });

  /** Runs an operation with `--json`: its change summary, and the API writes it made. */
  async function operation(args: string[]): Promise<{ summary: ChangeSummary; writes: string[] }> {
    let run: CliRun | undefined;
    const requests = await requestsDuring(emulator, async () => {
      run = await pulumi([...args, "--json"]);
    });
    return { summary: changeSummary(run!.stdout), writes: writes(requests) };
  }

  /**
   * `pulumi new` in a pseudo-terminal, each prompt answered when it shows (by the setting it
   * names); the terminal's cursor-position query answered as a terminal does.
   */
  function pulumiNewInTerminal(args: string[], answers: [string, string][]): Promise<number> {
    const command = [pulumiExecutable(), ...args]
      .map((a) => `'${a.replace(/'/g, "'\\''")}'`)
      .join(" ");
    const child = spawn("script", ["-qefc", command, "/dev/null"], {
      cwd: work,
      // A terminal, and not one of a CI system: `pulumi new` prompts only there.
      env: { ...env, TERM: "xterm", NO_COLOR: "1", PULUMI_DISABLE_CI_DETECTION: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const pending = [...answers];
    let seen = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      newOutput += text;
      if (text.includes("\x1b[6n")) child.stdin.write("\x1b[1;1R");
      const next = pending[0];
      if (next !== undefined && newOutput.slice(seen).includes(`(${next[0]})`)) {
        pending.shift();
        seen = newOutput.length;
        setTimeout(() => child.stdin.write(`${next[1]}\r`), 200);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (newOutput += chunk.toString()));
    const timer = setTimeout(() => child.kill(), 120_000);
    return new Promise((resolve) =>
      child.on("exit", (code) => {
        clearTimeout(timer);
        resolve(code ?? 1);
      }),
    );
  }

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    work = fs.mkdtempSync(path.join(os.tmpdir(), "yaml-template-"));
    project = path.join(work, "ngrok-ssh-yaml");
    const offline = offlineEnv(cli(), work);
    // No plugin on PATH: the plugin installed into PULUMI_HOME is the one the CLI finds.
    env = { ...process.env, ...offline, PATH: [yamlHost, offline.PATH].join(path.delimiter) };
    for (const key of Object.keys(env)) {
      if (key.startsWith("NGROK_") || key.startsWith("PULUMI_NGROK")) delete env[key];
    }
    release = path.join(work, "release");
    await makeRelease(release, [TEMPLATE_ARTIFACT]);
    pluginBin = pluginBinDir();
    const archive = path.join(work, `pulumi-resource-ngrok-dynamic-v${VERSION}-linux-amd64.tar.gz`);
    const tar = spawnSync("tar", ["-czf", archive, "-C", pluginBin, PLUGIN_EXECUTABLE]);
    expect(tar.status).toBe(0);
    // README's Install: `pulumi plugin install resource ngrok-dynamic <version> --file <archive>`.
    const install = spawnSync(
      pulumiExecutable(),
      ["plugin", "install", "resource", "ngrok-dynamic", VERSION, "--file", archive],
      { cwd: work, env, encoding: "utf8" },
    );
    expect({ status: install.status, output: install.stderr }).toMatchObject({ status: 0 });
  }, 120_000);

  afterAll(async () => {
    await emulator?.close();
    for (const dir of [work, pluginBin]) {
      if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("README.md's YAML lines are the ones run here: the plugin's archive, this folder, its program", () => {
    const install = codeBlockAfter("README.md", "For YAML, Python, Go and C#", "sh");
    expect(commandLines(install.replace(/\s*\\\n\s*/g, " "))).toEqual([
      `pulumi plugin install resource ngrok-dynamic ${VERSION} ` +
        `--file "$RELEASE/pulumi-resource-ngrok-dynamic-v${VERSION}-linux-amd64.tar.gz"`,
    ]);
    const [generate] = commandLines(codeBlockAfter("README.md", "### A YAML program", "sh"));
    expect(generate).toBe('pulumi new "$RELEASE/templates/ngrok-ssh-yaml" --dir ngrok-ssh-yaml');
    const printed = codeBlockAfter("README.md", "Its `Pulumi.yaml` declares them", "yaml");
    expect(printed).toBe(program(fs.readFileSync(path.join(TEMPLATE, "Pulumi.yaml"), "utf8")));
  });

  test("pulumi new asks for the template's settings and stores the API key encrypted", async () => {
    const code = await pulumiNewInTerminal(
      [
        "new",
        path.join(release, "templates", "ngrok-ssh-yaml"), // "$RELEASE/templates/ngrok-ssh-yaml"
        "--name",
        "my-yaml-ssh",
        "--description",
        "Our SSH user CA",
        "--stack",
        "dev",
        "--dir",
        project,
      ],
      [
        ["userPrincipal", ""], // the default, deploy
        ["userPublicKey", keys.ED25519],
        ["ngrok-dynamic:apiKey", emulator.apiKey],
      ],
    );
    expect({ code, newOutput }).toMatchObject({ code: 0 });
    expect(newOutput).toContain("Created stack 'dev'");
    expect(fs.readdirSync(project).sort()).toEqual(["Pulumi.dev.yaml", "Pulumi.yaml", "sdks"]);
    const declaration = path.relative(TEMPLATE, path.join(REPO, YAML_PACKAGE_DECLARATION));
    expect(fs.readFileSync(path.join(project, declaration), "utf8")).toBe(
      fs.readFileSync(path.join(REPO, YAML_PACKAGE_DECLARATION), "utf8"),
    );
    const pulumiYaml = fs.readFileSync(path.join(project, "Pulumi.yaml"), "utf8");
    expect(pulumiYaml).toMatch(/^name: my-yaml-ssh$/m);
    expect(pulumiYaml).toMatch(/^description: Our SSH user CA$/m);
    expect(pulumiYaml).toMatch(/^runtime: yaml$/m);
    expect(pulumiYaml).not.toContain("${PROJECT}");
    expect(pulumiYaml).not.toMatch(/^template:/m);
    const stackFile = fs.readFileSync(path.join(project, "Pulumi.dev.yaml"), "utf8");
    expect(stackFile).toMatch(/ngrok-dynamic:apiKey:\s*\n\s*secure: /);
    expect(stackFile).not.toContain(emulator.apiKey);
    expect(stackFile).toContain("my-yaml-ssh:userPrincipal: deploy");
    expect(stackFile).toContain(`my-yaml-ssh:userPublicKey: ${keys.ED25519}`);
    // The emulator instead of ngrok, as the template's comment says.
    await pulumi(["config", "set", "ngrok-dynamic:apiBaseUrl", emulator.url]);
  });

  test("pulumi about names the plugin at the version the template declares", async () => {
    const about = JSON.parse((await pulumi(["about", "--json"])).stdout) as {
      plugins: { kind: string; name: string; version: string }[];
    };
    expect(about.plugins).toContainEqual({
      kind: "resource",
      name: "ngrok-dynamic",
      version: VERSION,
    });
  });

  test("preview plans the CA and the certificate, and writes nothing", async () => {
    const preview = await operation(["preview"]);
    expect(preview.summary).toEqual({ create: 3 }); // the stack, the CA and the certificate
    expect(preview.writes).toEqual([]);
  });

  test("up creates them; the outputs are the CA's key and the certificate", async () => {
    const up = await operation(["up", "--yes", "--skip-preview"]);
    expect(up.summary).toEqual({ create: 3 });
    expect(up.writes).toEqual(["POST /ssh_certificate_authorities", "POST /ssh_user_certificates"]);
    const snapshot = emulator.snapshot();
    const [ca] = snapshot.sshCertificateAuthorities;
    const [certificate] = snapshot.sshUserCertificates;
    expect(ca).toMatchObject({ description: "SSH user CA of stack dev", key_type: "ed25519" });
    expect(certificate).toMatchObject({
      ssh_certificate_authority_id: ca.id,
      principals: ["deploy"],
      public_key: keys.ED25519,
    });
    const outputs = JSON.parse((await pulumi(["stack", "output", "--json"])).stdout) as Record<
      string,
      unknown
    >;
    expect(outputs).toEqual({
      trustedUserCaKey: ca.public_key,
      userCertificate: certificate.certificate,
    });
  });

  test("a second preview has nothing to do", async () => {
    const preview = await operation(["preview", "--expect-no-changes"]);
    expect(preview.summary).toEqual({ same: 3 });
    expect(preview.writes).toEqual([]);
  });

  test("destroy keeps the protected CA, and deletes it after README's unprotect", async () => {
    // README: `pulumi state unprotect --all`, then `pulumi destroy`; answered with --yes here.
    const removal = commandLines(codeBlockAfter("README.md", "Lift the protection first", "sh"));
    expect(removal).toEqual(["pulumi state unprotect --all", "pulumi destroy"]);
    const [unprotect, destroyLine] = removal.map((line) => line.split(" ").slice(1));
    let refused: CliRun | undefined;
    const requests = await requestsDuring(emulator, async () => {
      refused = await pulumi([...destroyLine, "--yes", "--skip-preview"], true);
    });
    // The certificate, unprotected, is deleted; the CA is refused, and the command fails.
    expect(refused!.code).not.toBe(0);
    expect(`${refused!.stdout}${refused!.stderr}`).toMatch(/protect/);
    expect(writes(requests)).toEqual([
      expect.stringMatching(/^DELETE \/ssh_user_certificates\/sucrt_/),
    ]);
    expect(emulator.snapshot().sshCertificateAuthorities).toHaveLength(1);
    await pulumi([...unprotect, "--yes"]);
    const destroy = await operation([...destroyLine, "--yes", "--skip-preview"]);
    expect(destroy.summary).toEqual({ delete: 2 }); // the CA and the stack
    expect(destroy.writes).toEqual([
      expect.stringMatching(/^DELETE \/ssh_certificate_authorities\/sshca_/),
    ]);
    const snapshot = emulator.snapshot();
    expect([snapshot.sshCertificateAuthorities, snapshot.sshUserCertificates]).toEqual([[], []]);
  });
});
