/**
 * A Pulumi project on the oldest `@pulumi/pulumi` the package claims (OLDEST_PULUMI of
 * tools/devtools/nodeToolchain.ts, 3.216.0: ten months old on 2026-11-28) installs the packed package as
 * a user adds it to an existing project, `npm install <tarball>` without `--legacy-peer-deps`, keeps
 * its release, and deploys through the Automation API with the CLI the tests build: `up` creates
 * the CA, the program and the dynamic-provider host running that release; a description changed
 * outside Pulumi is recorded by `refresh` in the state's inputs too (the `inputs` of `read`, which
 * the host forwards from 3.216.0 on) and set back by the next `up`; `destroy` deletes the CA.
 * Beside the release just below, npm refuses the package (ERESOLVE), so the peer range claims
 * exactly what is tested.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { OLDEST_PULUMI } from "../../dist/tools/devtools/nodeToolchain";
import { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { callApi } from "../support/emulatorApi";
import { installedVersion, packInto } from "../support/consumerProject";
import { cli, describeWithPulumi, succeeded, toConfigMap } from "../support/realEngine";

const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import { version } from "@pulumi/pulumi/version";
import { SshCertificateAuthority } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();
const ca = new SshCertificateAuthority("ca", {
  privateKeyType: "ed25519",
  description: config.require("description"),
});
export const caId = ca.id;
export const publicKey = ca.publicKey;
/** The @pulumi/pulumi the program ran with. */
export const sdkVersion = version;
`;

/** The release just below `version` (its minor minus one), as npm names it. */
const releaseBelow = (version: string) => {
  const [major, minor] = version.split(".").map(Number);
  return `${major}.${minor - 1}.0`;
};

/** `npm <args>` in `cwd` from npm's cache where it can; its status and output. */
const npm = (args: string[], cwd: string) =>
  spawnSync("npm", [...args, "--no-audit", "--no-fund", "--prefer-offline"], {
    cwd,
    encoding: "utf8",
  });

describeWithPulumi(`A project on @pulumi/pulumi ${OLDEST_PULUMI}`, () => {
  let tmp: string;
  let project: string;
  let tarball: string;
  let emulator: RunningEmulator;
  let stack: RealStack;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "oldest-pulumi-"));
    tarball = path.join(tmp, packInto(tmp).filename);
    project = path.join(tmp, "project");
    fs.mkdirSync(project);
    // What `pulumi new typescript` left some months ago: that release of @pulumi/pulumi.
    fs.writeFileSync(
      path.join(project, "Pulumi.yaml"),
      "name: oldest\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
    );
    fs.writeFileSync(
      path.join(project, "package.json"),
      JSON.stringify({ name: "oldest", main: "index.ts", private: true }),
    );
    fs.writeFileSync(path.join(project, "index.ts"), PROGRAM);
    const base = npm(
      [
        "install",
        `@pulumi/pulumi@${OLDEST_PULUMI}`,
        `typescript@${installedVersion("typescript")}`,
        `@types/node@${installedVersion("@types/node")}`,
      ],
      project,
    );
    if (base.status !== 0) throw new Error(`npm install failed:\n${base.stderr}`);
    emulator = await startEmulator({ port: 0 });
  }, 300_000);

  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
    if (tmp !== undefined) fs.rmSync(tmp, { recursive: true, force: true });
  });

  test("npm installs the package beside it, without --legacy-peer-deps, and keeps that release", () => {
    const install = npm(["install", tarball], project);
    expect(install.stderr).not.toMatch(/ERESOLVE|peer/i);
    expect(install.status).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(project, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies["@pulumi/pulumi"]).toBe(`^${OLDEST_PULUMI}`);
    expect(manifest.dependencies["pulumi-ngrok-dynamic"]).toMatch(/^file:/);
    const version = (file: string) =>
      (
        JSON.parse(fs.readFileSync(path.join(project, "node_modules", file), "utf8")) as {
          version: string;
        }
      ).version;
    expect(version("@pulumi/pulumi/package.json")).toBe(OLDEST_PULUMI);
    expect(version("pulumi-ngrok-dynamic/package.json")).toBe(
      installedVersion("pulumi-ngrok-dynamic"),
    );
  });

  test("npm refuses it beside the release just below, naming the peer range", () => {
    const below = fs.mkdtempSync(path.join(tmp, "below-"));
    fs.writeFileSync(
      path.join(below, "package.json"),
      JSON.stringify({ name: "below", private: true }),
    );
    const install = npm(
      ["install", "--dry-run", `@pulumi/pulumi@${releaseBelow(OLDEST_PULUMI)}`, tarball],
      below,
    );
    expect(install.status).not.toBe(0);
    expect(install.stderr).toContain("ERESOLVE");
    expect(install.stderr).toContain(`peer @pulumi/pulumi@">=${OLDEST_PULUMI} <4.0.0"`);
  });

  test(`up, refresh after a change outside Pulumi, up and destroy, on @pulumi/pulumi ${OLDEST_PULUMI}`, async () => {
    // The dynamic-provider plugin the CLI starts (pulumi-resource-pulumi-nodejs, run in the
    // program's folder) loads the @pulumi/pulumi that folder resolves, as its script does.
    const host = execFileSync(
      process.execPath,
      ["-e", "console.log(require.resolve('@pulumi/pulumi/cmd/dynamic-provider'))"],
      { cwd: project, encoding: "utf8" },
    ).trim();
    expect(host).toBe(
      path.join(
        fs.realpathSync(project),
        "node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js",
      ),
    );

    stack = await RealStack.create({
      cli: cli(),
      programDir: project,
      projectName: "oldest",
      useProgramProject: true,
      config: toConfigMap({
        "ngrok:apiBaseUrl": emulator.url,
        "ngrok:apiKey": { value: emulator.apiKey, secret: true },
        "oldest:description": "on an older SDK",
      }),
    });
    const up = succeeded(await stack.up());
    expect(up.summary?.resourceChanges).toEqual({ create: 2 });
    const outputs = await stack.outputs();
    expect(outputs.sdkVersion).toBe(OLDEST_PULUMI);
    const [ca] = emulator.snapshot().sshCertificateAuthorities;
    expect(outputs).toMatchObject({ caId: ca.id, publicKey: ca.public_key });

    await callApi(emulator, "PATCH", `/ssh_certificate_authorities/${ca.id}`, {
      description: "edited by hand",
    });
    const refresh = succeeded(await stack.refresh());
    expect(refresh.summary?.resourceChanges).toMatchObject({ update: 1 });
    const recorded = stack.checkpointResources().find((r) => r.id === ca.id);
    expect(recorded?.outputs?.description).toBe("edited by hand");
    expect(recorded?.inputs?.description).toBe("edited by hand");

    const repair = succeeded(await stack.up());
    expect(repair.summary?.resourceChanges).toMatchObject({ update: 1 });
    expect(emulator.snapshot().sshCertificateAuthorities[0].description).toBe("on an older SDK");

    succeeded(await stack.destroy());
    expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
  });
});
