/**
 * The `pulumi new` template in `templates/ngrok-ssh-typescript`, instantiated by the real CLI
 * (`pulumi new <folder> --generate-only`), its dependencies installed as npm serves them (the
 * packed package), then previewed and deployed against the emulator through the real engine.
 *
 * `pulumi new` needs the Node.js language host, which the Go module proxy does not serve: where it
 * is missing, the CLI exits 1 naming `pulumi-language-nodejs`, the test asserts exactly that
 * failure (any other fails the test), and the generated program runs as an Automation API inline
 * program, which needs no language host. Up to 3.248 the CLI wrote the project first; from 3.276
 * it asks the language host for the template's runtime options before it copies anything
 * (`promptRuntimeOptions`, pkg/cmd/pulumi/project/newcmd), so there the test writes the project
 * as `pulumi new` does (`CopyTemplateFiles`: `${PROJECT}` and `${DESCRIPTION}` replaced in every
 * file, then the `template:` section dropped from Pulumi.yaml), says so, and goes on.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { RealStack as Stack } from "../../dist/tools/devtools/realStack";
import { offlineEnv } from "../../dist/tools/devtools/pulumiCli";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { installPackedPackage } from "../support/consumerProject";
import { codeBlockAfter, commandLines } from "../support/docsBlocks";
import { cli, describeWithPulumi, succeeded, toConfigMap } from "../support/realEngine";
import { templateNames } from "../../dist/tools/scripts/templates";
import { REPO } from "../support/repo";

const TEMPLATE = path.join(REPO, "templates", "ngrok-ssh-typescript");

describeWithPulumi("the pulumi new template, through the real CLI", () => {
  let workDir: string;
  let project: string;
  let newRun: ReturnType<typeof spawnSync>;
  let emulator: RunningEmulator;
  let stack: RealStack;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), "template-"));
    project = path.join(workDir, "my-ssh-ca");
    newRun = spawnSync(
      "pulumi",
      [
        "new",
        TEMPLATE,
        "--generate-only",
        "--yes",
        "--name",
        "my-ssh-ca",
        "--description",
        "Our SSH user CA",
        "--dir",
        project,
      ],
      { cwd: workDir, env: { ...process.env, ...offlineEnv(cli(), workDir) }, encoding: "utf8" },
    );
    if (!fs.existsSync(path.join(project, "Pulumi.yaml"))) {
      process.stderr.write(
        "template: this pulumi new stopped before writing the project (no Node.js language host " +
          "for the template's runtime options); writing it as pulumi new does\n",
      );
      writeAsPulumiNew(TEMPLATE, project, "my-ssh-ca", "Our SSH user CA");
    }
    emulator = await startEmulator({ port: 0 });
  }, 120000);

  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
    if (workDir !== undefined) fs.rmSync(workDir, { recursive: true, force: true });
  });

  test("README.md's template lines are the ones run here: the release's template, --generate-only, then the package", () => {
    const [generate, install] = commandLines(
      codeBlockAfter("README.md", "the release's `pulumi new` template", "sh"),
    );
    expect(generate).toBe(
      'pulumi new "$RELEASE/templates/ngrok-ssh-typescript" --generate-only --dir ngrok-ssh',
    );
    // The release's templates/ are copies of this repository's (tests/repository/release.test.ts).
    expect(templateNames()).toContain(path.basename(TEMPLATE));
    expect(install).toMatch(
      /^cd ngrok-ssh && npm install "\$RELEASE\/pulumi-ngrok-dynamic-[\d.]+\.tgz"$/,
    );
  });

  test("pulumi new writes the project, and fails only for want of the Node.js language host", () => {
    const output = `${String(newRun.stdout)}${String(newRun.stderr)}`;
    if (newRun.status !== 0) {
      expect(newRun.status).toBe(1);
      expect(output).toContain("no language plugin 'pulumi-language-nodejs' found");
    }
    if (!output.includes("Created project 'my-ssh-ca'")) {
      // 3.276: the runtime options are asked of the language host before anything is written.
      expect(output).toContain("failed to load language plugin nodejs");
    }
    expect(fs.readdirSync(project).sort()).toEqual([
      "Pulumi.yaml",
      "index.ts",
      "package.json",
      "tsconfig.json",
    ]);
  });

  test("the placeholders are filled in and the template's own settings are gone", () => {
    const pulumiYaml = fs.readFileSync(path.join(project, "Pulumi.yaml"), "utf8");
    expect(pulumiYaml).toMatch(/^name: my-ssh-ca$/m);
    expect(pulumiYaml).toMatch(/^description: Our SSH user CA$/m);
    expect(pulumiYaml).not.toContain("${");
    expect(pulumiYaml).not.toMatch(/^template:/m);
    const manifest = JSON.parse(fs.readFileSync(path.join(project, "package.json"), "utf8")) as {
      name: string;
      dependencies: Record<string, string>;
    };
    expect(manifest.name).toBe("my-ssh-ca");
    expect(Object.keys(manifest.dependencies).sort()).toEqual([
      "@pulumi/pulumi",
      "pulumi-ngrok-dynamic",
    ]);
    const own = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as {
      version: string;
    };
    expect(manifest.dependencies["pulumi-ngrok-dynamic"]).toBe(`^${own.version}`);
  });

  test("with its dependencies installed, preview plans the CA and calls no API", async () => {
    installPackedPackage(project);
    // Installing the package for its resources brings none of the emulator's server.
    for (const server of ["fastify", "@peculiar/x509", "reflect-metadata", "ngrok-api-emulator"]) {
      expect(fs.existsSync(path.join(project, "node_modules", server))).toBe(false);
    }
    stack = await Stack.create({
      cli: cli(),
      programDir: project,
      projectName: "my-ssh-ca",
      useProgramProject: true,
      config: toConfigMap({
        "ngrok:apiBaseUrl": emulator.url,
        "ngrok:apiKey": { value: emulator.apiKey, secret: true },
      }),
    });
    const preview = succeeded(await stack.preview());
    expect(preview.changeSummary).toEqual({ create: 2 }); // the stack and the CA
    expect(emulator.requests).toEqual([]);
  }, 300000);

  test("up creates one protected CA whose public key is the stack output", async () => {
    succeeded(await stack.up());
    const [ca] = emulator.snapshot().sshCertificateAuthorities;
    const outputs = await stack.outputs();
    expect(outputs.trustedUserCaKey).toBe(ca.public_key);
    expect(outputs.certificateAuthorityId).toBe(ca.id);
    const [resource] = stack.checkpointResources();
    expect(resource.urn).toMatch(/::user-ca$/);
    expect((resource as { protect?: boolean }).protect).toBe(true);
  });
});

/**
 * What `pulumi new <template> --name N --description D` writes (Pulumi's `CopyTemplateFiles`,
 * then the project saved without its `template:` section), for a CLI that stops before writing.
 */
function writeAsPulumiNew(template: string, dir: string, name: string, description: string): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const file of fs.readdirSync(template)) {
    const text = fs
      .readFileSync(path.join(template, file), "utf8")
      .replaceAll("${PROJECT}", name)
      .replaceAll("${DESCRIPTION}", description);
    const written =
      file === "Pulumi.yaml" ? text.replace(/^template:\n(?:[ \t].*\n?)*/m, "") : text;
    fs.writeFileSync(path.join(dir, file), written);
  }
}
