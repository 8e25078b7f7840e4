/**
 * README.md's install and quick start, followed as a new user would, against the local emulator
 * and the real Pulumi CLI: a release folder made by `npm run release`'s packing step (README's
 * "Install"), an empty folder with what `pulumi new typescript` leaves in it, README's
 * `npm install "$RELEASE/…"` lines run as printed, the README's `index.ts` copied from README.md
 * itself, the emulator installed and started with README's commands (`npx ngrok-api-emulator`
 * from the installed release), the two `pulumi config set` lines, then `pulumi preview`,
 * `pulumi up`, the stack output, and a preview with nothing to do.
 *
 * `pulumi new` itself is not run: it downloads the template and the Node.js language host, which
 * this machine cannot reach; the program runs as an Automation API inline program instead.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { RealStack as Stack } from "../../dist/tools/devtools/realStack";
import { makeRelease, newTypeScriptProject, runDocLines } from "../support/consumerProject";
import { commandLines } from "../support/docsBlocks";
import { cli, describeWithPulumi, succeeded, toConfigMap } from "../support/realEngine";
import { REPO } from "../support/repo";

const README = fs.readFileSync(path.join(REPO, "README.md"), "utf8");

/** The code block that follows `marker` in README.md. */
function readmeBlock(marker: string, language: string): string {
  const at = README.indexOf(marker);
  if (at < 0) throw new Error(`README.md no longer says ${JSON.stringify(marker)}`);
  const match = new RegExp("```" + language + "\\n([\\s\\S]*?)```").exec(README.slice(at));
  if (match === null) throw new Error(`no ${language} block after ${JSON.stringify(marker)}`);
  return match[1];
}

async function listCas(url: string, apiKey: string): Promise<{ public_key: string }[]> {
  const response = await fetch(`${url}/ssh_certificate_authorities`, {
    headers: { Authorization: `Bearer ${apiKey}`, "Ngrok-Version": "2" },
  });
  return ((await response.json()) as { ssh_certificate_authorities: { public_key: string }[] })
    .ssh_certificate_authorities;
}

describeWithPulumi("README.md's quick start, against the emulator", () => {
  let folder: string;
  let emulator: ChildProcess | undefined;
  let url: string;
  let stack: RealStack;
  const cleanUp: string[] = [];

  beforeAll(async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "quickstart-"));
    cleanUp.push(tmp);
    // README, Install: `npm run release` in a clone, then `export RELEASE=…/release`.
    const build = readmeBlock("build a release once", "sh");
    expect(build).toContain("npm ci && npm run release");
    expect(build).toContain('export RELEASE="$PWD/pulumi-ngrok-dynamic/release"');
    const release = makeRelease(path.join(tmp, "release"));
    folder = path.join(tmp, "ngrok-ssh");
    fs.mkdirSync(folder);
    // What `pulumi new typescript --yes` leaves (its template's files and dependencies).
    newTypeScriptProject(folder, "ngrok-ssh");

    // README, Quick start: `npm install "$RELEASE/pulumi-ngrok-dynamic-<version>.tgz"`, as printed.
    const install = commandLines(readmeBlock("From an empty folder", "sh")).filter((line) =>
      line.startsWith("npm install"),
    );
    const emulatorInstall = commandLines(readmeBlock("a development dependency", "sh"));
    // The same lines as README's Install section.
    expect([...install, ...emulatorInstall]).toEqual(
      commandLines(
        readmeBlock("(Node.js classes, no plugin needed), in your Pulumi project:", "sh"),
      ),
    );
    runDocLines(install, folder, { RELEASE: release });
    fs.writeFileSync(path.join(folder, "index.ts"), readmeBlock("Replace `index.ts` with:", "ts"));

    // README: the emulator from the release, then
    // `npx ngrok-api-emulator --port 8787 --api-key emu_local`, on a free port here.
    runDocLines(emulatorInstall, folder, { RELEASE: release });
    const command = readmeBlock("In a second terminal of the same folder:", "sh").trim();
    expect(command).toBe("npx ngrok-api-emulator --port 8787 --api-key emu_local");
    const args = command
      .split(/\s+/)
      .slice(1)
      .map((a) => (a === "8787" ? "0" : a));
    // Its own process group: npx runs the emulator as a child, and afterAll stops both.
    emulator = spawn("npx", args, {
      cwd: folder,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    url = await new Promise<string>((resolve, reject) => {
      let out = "";
      emulator!.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const listening = /listening on (http:\/\/\S+)/.exec(out);
        if (listening) resolve(listening[1]);
      });
      emulator!.on("exit", (code) => reject(new Error(`the emulator exited (${code}): ${out}`)));
    });

    // README: `pulumi config set ngrok:apiBaseUrl …` and `pulumi config set ngrok:apiKey … --secret`.
    const configLines = readmeBlock("then point the stack at it and deploy:", "sh");
    expect(configLines).toContain("pulumi config set ngrok:apiBaseUrl http://127.0.0.1:8787");
    expect(configLines).toContain("pulumi config set ngrok:apiKey emu_local --secret");
    stack = await Stack.create({
      cli: cli(),
      programDir: folder,
      projectName: "ngrok-ssh",
      useProgramProject: true,
      config: toConfigMap({
        "ngrok:apiBaseUrl": url,
        "ngrok:apiKey": { value: "emu_local", secret: true },
      }),
    });
  }, 300000);

  afterAll(async () => {
    await stack?.remove();
    if (emulator?.pid !== undefined && emulator.exitCode === null) {
      const exited = new Promise((resolve) => emulator!.once("exit", resolve));
      process.kill(-emulator.pid, "SIGTERM");
      await exited;
    }
    for (const dir of cleanUp) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("the program comes from the installed package, not the repository", () => {
    const resolved = require.resolve("pulumi-ngrok-dynamic", { paths: [folder] });
    expect(resolved).toBe(
      path.join(fs.realpathSync(folder), "node_modules/pulumi-ngrok-dynamic/dist/sdk/index.js"),
    );
  });

  test("pulumi preview plans one CA and calls no API", async () => {
    const preview = succeeded(await stack.preview());
    expect(preview.changeSummary).toEqual({ create: 2 }); // the stack and the CA
    expect(await listCas(url, "emu_local")).toEqual([]);
  });

  test("pulumi up creates it, and the stack output is the CA's public key", async () => {
    const up = succeeded(await stack.up());
    expect(up.summary?.resourceChanges).toEqual({ create: 2 });
    const [ca] = await listCas(url, "emu_local");
    const { trustedUserCaKey } = await stack.outputs();
    expect(trustedUserCaKey).toMatch(/^ssh-ed25519 AAAA/);
    expect(trustedUserCaKey).toBe(ca.public_key);
  });

  test("a second preview has nothing to do", async () => {
    const preview = succeeded(await stack.preview());
    expect(preview.changeSummary).toEqual({ same: 2 });
  });
});
