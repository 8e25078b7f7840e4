/**
 * `pulumi-ngrok-dynamic import-file` and `pulumi import --file` through the real Pulumi CLI
 * (inline program tests/programs/importFile), against the emulator: an SSH CA and a SAML module
 * made outside Pulumi, written into an import file by the command (the package's `bin`, run from
 * dist/ with the API key in the environment), imported, and then managed: the preview shows no
 * change and sends no write, `up` changes nothing, `destroy` deletes both objects. The generic
 * dynamic token, which made the next `up` create a new CA and delete the imported one, is
 * refused by the command, and so is an id of no class.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { callApi, createEdgeWithRoutes } from "../support/emulatorApi";
import { idpMetadataPath } from "../support/fixtures";
import { findYamlLanguageHost } from "../../dist/tools/devtools/pulumiCli";
import {
  cli,
  describeWithPulumi,
  openStack,
  requestsDuring,
  succeeded,
  writes,
} from "../support/realEngine";
import { REPO } from "../support/repo";

// Several CLI operations in one test: room for a busy machine.
jest.setTimeout(300_000);

const PROGRAM = "tests/programs/importFile";
const PROJECT = "automation-import-file";
const COMMAND = path.join(REPO, "dist", "cli", "index.js");
const CA_TYPE = "pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority";
const SAML_TYPE = "pulumi-nodejs:dynamic/ngrok:HttpsEdgeRouteSaml";

/** The folder of Pulumi's YAML language host, which `npm run pulumi:install` builds beside the CLI. */
function yamlHost(): string {
  const found = findYamlLanguageHost(cli());
  if (found === undefined) {
    throw new Error(
      "no pulumi-language-yaml beside the CLI or on PATH: run npm run pulumi:install",
    );
  }
  return found;
}

/**
 * Runs `file` with `args` without blocking: the emulator answers from this process. Its exit
 * status and output.
 */
function exec(
  file: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describeWithPulumi("import-file, then pulumi import --file, through the real Pulumi CLI", () => {
  let emulator: RunningEmulator;
  let stack: RealStack;
  let dir: string;
  let ca: { id: string; public_key: string };
  let edgeId: string;
  let routeId: string;

  /** The command as a user runs it: its own process, the key and base URL in its environment. */
  async function importFile(args: string[]) {
    const env: NodeJS.ProcessEnv = { ...process.env };
    env.NGROK_API_KEY = emulator.apiKey;
    env.NGROK_API_BASE_URL = emulator.url;
    const run = await exec(process.execPath, [COMMAND, "import-file", ...args], { env });
    expect(run.stdout + run.stderr).not.toContain(emulator.apiKey);
    return run;
  }

  /**
   * `pulumi <args>` for the stack, with its environment, in a project folder of the same project
   * and stack config whose runtime is YAML: `pulumi import` loads the project's language host,
   * and the Node.js one cannot be had here (CONTRIBUTING.md, "The commands"), so it runs beside
   * the workspace of the inline program, on the same state, with the repository's node_modules.
   * In a Node.js project folder a user runs it as is.
   */
  function pulumi(args: string[]) {
    const project = path.join(dir, "yaml-project");
    fs.mkdirSync(project, { recursive: true });
    fs.writeFileSync(path.join(project, "Pulumi.yaml"), `name: ${PROJECT}\nruntime: yaml\n`);
    // The dynamic-provider plugin runs in the project folder and loads @pulumi/pulumi and the
    // package from its node_modules, as in a user's Node.js project.
    const modules = path.join(project, "node_modules");
    if (!fs.existsSync(modules)) fs.symlinkSync(path.join(REPO, "node_modules"), modules);
    const config = `Pulumi.${stack.name}.yaml`;
    fs.copyFileSync(path.join(stack.stack.workspace.workDir, config), path.join(project, config));
    const env: NodeJS.ProcessEnv = {};
    for (const [key, value] of Object.entries(process.env)) {
      if (!key.startsWith("NGROK_")) env[key] = value;
    }
    env.PATH = [yamlHost(), stack.env.PATH].join(path.delimiter);
    return exec(
      path.join(cli().binDir, "pulumi"),
      [...args, "--stack", stack.name, "--non-interactive"],
      { cwd: project, env: { ...env, ...stack.env, PATH: env.PATH } },
    );
  }

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-file-engine-"));
    const created = await callApi(emulator, "POST", "/ssh_certificate_authorities", {
      private_key_type: "ecdsa",
      elliptic_curve: "p384",
      description: "made in the dashboard",
    });
    expect(created.status).toBe(201);
    ca = created.body as typeof ca;
    ({
      edgeId,
      routeIds: [routeId = ""],
    } = await createEdgeWithRoutes(emulator, 1));
    const module = await callApi(emulator, "PUT", `/edges/https/${edgeId}/routes/${routeId}/saml`, {
      idp_metadata: fs.readFileSync(idpMetadataPath("okta.xml"), "utf8"),
    });
    expect(module.status).toBe(200);
    stack = await openStack(PROGRAM, PROJECT, emulator, {
      privateKeyType: "ecdsa",
      ellipticCurve: "p384",
      description: "made in the dashboard",
      edgeId,
      routeId,
      idpMetadataPath: idpMetadataPath("okta.xml"),
      // What the module made outside Pulumi holds (ngrok's default when a PUT leaves it out),
      // as the import file's inputs say: the program declares the object as it is.
      allowIdpInitiated: "true",
    });
  });

  afterAll(async () => {
    await stack?.remove();
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
    await emulator?.close();
  });

  test("the generic dynamic token and an id of no class are refused: exit 2, no file", async () => {
    const file = path.join(dir, "refused.json");
    const generic = await importFile([
      ca.id,
      "--type",
      "pulumi-nodejs:dynamic:Resource",
      "--out",
      file,
    ]);
    expect(generic.status).toBe(2);
    expect(generic.stderr).toContain("the next pulumi up then creates a new object");
    const unknown = await importFile(["tn_2Zexisting0000", "--out", file]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("not the id of an object this package manages");
    expect(fs.existsSync(file)).toBe(false);
  });

  test("imported with the file, the objects are the stack's: preview and up change nothing, destroy deletes them", async () => {
    const file = path.join(dir, "import.json");
    const samlId = `${edgeId}/${routeId}`;
    const written = await importFile([
      `imported-ca=${ca.id}`,
      `imported-sso=${samlId}`,
      "-o",
      file,
    ]);
    expect({ status: written.status, stderr: written.stderr }).toEqual({ status: 0, stderr: "" });
    const text = fs.readFileSync(file, "utf8");
    expect(text).not.toContain(emulator.apiKey);
    const entries = (JSON.parse(text) as { resources: { inputs: Record<string, unknown> }[] })
      .resources;
    expect(entries[1]!.inputs).toMatchObject({ edgeId, routeId, allowIdpInitiated: true });

    let imported: Awaited<ReturnType<typeof pulumi>> | undefined;
    const importRequests = await requestsDuring(emulator, async () => {
      imported = await pulumi([
        "import",
        "--file",
        file,
        "--yes",
        "--protect=false",
        "--generate-code=false",
      ]);
    });
    // On a failure, the CLI's own account is in its standard output.
    expect([
      imported!.status,
      imported!.stderr,
      imported!.status === 0 ? "" : imported!.stdout,
    ]).toEqual([0, "", ""]);
    expect(writes(importRequests)).toEqual([]);
    const resources = stack.checkpointResources();
    expect(resources.map((r) => [r.urn, r.id]).sort()).toEqual([
      [stack.urn(SAML_TYPE, "imported-sso"), samlId],
      [stack.urn(CA_TYPE, "imported-ca"), ca.id],
    ]);

    const previewRequests = await requestsDuring(emulator, async () => {
      const preview = succeeded(await stack.preview());
      const changed = preview.steps.filter((step) => step.op !== "same");
      expect(changed.map((step) => [step.op, step.type, step.diffs])).toEqual([]);
      expect(preview.changeSummary).toEqual({ same: 3 });
    });
    expect(writes(previewRequests)).toEqual([]);

    const upRequests = await requestsDuring(emulator, async () => {
      const up = succeeded(await stack.up({ expectNoChanges: true }));
      expect(up.summary?.resourceChanges).toEqual({ same: 3 });
    });
    expect(writes(upRequests)).toEqual([]);
    expect(await stack.outputs()).toMatchObject({ caId: ca.id, caPublicKey: ca.public_key });

    const destroyRequests = await requestsDuring(emulator, async () => {
      succeeded(await stack.destroy());
    });
    expect(writes(destroyRequests).sort()).toEqual(
      [
        `DELETE /ssh_certificate_authorities/${ca.id}`,
        `DELETE /edges/https/${edgeId}/routes/${routeId}/saml`,
      ].sort(),
    );
    expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
    expect(emulator.snapshot().samlModules).toEqual([]);
  });
});
