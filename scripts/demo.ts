/**
 * `npm run demo`: the quickstart (the root Pulumi.yaml program) deployed against the local
 * emulator, with nothing to set up.
 *
 * 1. Starts the emulator on a free loopback port.
 * 2. Creates an HTTPS edge and a route in it, and writes the metadata of a demo identity provider
 *    (with a real self-signed certificate) to a temporary folder.
 * 3. Deploys the quickstart with that config:
 *    - with the Pulumi CLI (on PATH, or built by `npm run pulumi:install`): a real `pulumi up` of
 *      the root Pulumi.yaml through the Automation API (an inline program: no language host is
 *      needed), on a temporary file backend; then the real `pulumi stack output`, a `pulumi
 *      preview` that finds nothing to change, and `pulumi destroy`;
 *    - without it: the program's real resources through Pulumi's own dynamic-provider host, called
 *      as the engine calls it (Check, Create, then Read for the live state), then Delete. This
 *      exercises the providers for real but is no substitute for the engine.
 * 4. Prints the stack outputs as `pulumi stack output` does, shows what the emulator holds, cleans
 *    up, and checks that nothing is left behind.
 *
 * @module
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { z } from "zod";
import { execFileSync } from "node:child_process";
import { Deployment } from "../devtools/deployment";
import { findPulumiCli, type PulumiCli } from "../devtools/pulumiCli";
import { RealStack } from "../devtools/realStack";
import { startProviderHost } from "../devtools/providerHost";
import { runProgram } from "../devtools/runProgram";
import { type RunningEmulator, startEmulator } from "../emulator";
import { NgrokClient } from "../provider/client";
import { createDemoIdpMetadata } from "./demoIdentityProvider";

const REPO = path.resolve(__dirname, "../..");
const PROJECT = "ngrok-quickstart";
const STACK = "demo";
const idSchema = z.object({ id: z.string() });

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-demo-"));
  const emulator = await startEmulator({ port: 0 });
  try {
    step(`ngrok API emulator listening on ${emulator.url}`);
    const client = new NgrokClient({ apiKey: emulator.apiKey, baseUrl: emulator.url });
    const edge = await client.request({
      method: "POST",
      path: "/edges/https",
      body: { description: "pulumi-ngrok-dynamic demo", hostports: ["demo.ngrok.app:443"] },
      schema: idSchema,
    });
    const route = await client.request({
      method: "POST",
      path: `/edges/https/${edge.id}/routes`,
      body: { match_type: "path_prefix", match: "/", description: "demo route" },
      schema: idSchema,
    });
    step(`created HTTPS edge ${edge.id} with route ${route.id} in the emulator`);
    const idpMetadataPath = path.join(work, "demo-idp-metadata.xml");
    fs.writeFileSync(idpMetadataPath, await createDemoIdpMetadata("https://idp.demo.example"));
    step(`wrote the metadata of a demo identity provider to ${idpMetadataPath}`);

    const config = {
      [`${PROJECT}:edgeId`]: edge.id,
      [`${PROJECT}:routeId`]: route.id,
      [`${PROJECT}:idpMetadataPath`]: idpMetadataPath,
      "ngrok:apiBaseUrl": emulator.url,
      "ngrok:apiKey": emulator.apiKey,
    };
    const lookup = findPulumiCli();
    if (lookup.found) {
      step(
        `Pulumi CLI ${lookup.cli.version} found in ${lookup.cli.binDir}: running a real pulumi up ` +
          "through the Automation API (the root Pulumi.yaml, as an inline program; state in a " +
          "temporary folder)",
      );
      await deployWithCli(lookup.cli, config);
    } else {
      step(
        `Pulumi CLI not found (${lookup.reason}): running the program's resources through ` +
          "Pulumi's dynamic-provider host instead (the engine's calls, without the engine)",
      );
      await deployWithHost(config, emulator);
    }

    await client.request({ method: "DELETE", path: `/edges/https/${edge.id}` });
    const left = emulator.snapshot();
    const count =
      left.sshCertificateAuthorities.length + left.samlModules.length + left.edges.length;
    if (count !== 0) {
      throw new Error(`the emulator still holds ${count} objects: ${JSON.stringify(left)}`);
    }
    step(
      `cleaned up: the emulator is empty again (${emulator.requests.length} API requests in all)`,
    );
  } finally {
    await emulator.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The real engine: `pulumi up`, `pulumi stack output`, a no-op `pulumi preview` and
 * `pulumi destroy` of the root Pulumi.yaml, on a temporary file backend.
 */
async function deployWithCli(cli: PulumiCli, config: Record<string, string>): Promise<void> {
  const stack = await RealStack.create({
    cli,
    programDir: REPO,
    main: "examples/quickstart/",
    projectName: PROJECT,
    // A stack name of its own: its config file is written beside the root Pulumi.yaml.
    useProgramProject: true,
    config: Object.fromEntries(
      Object.entries(config).map(([key, value]) => [
        key,
        { value, secret: key === "ngrok:apiKey" },
      ]),
    ),
  });
  const echo = (out: string) => process.stdout.write(out);
  try {
    step("$ pulumi up");
    expectOk(await stack.up({ onOutput: echo }));
    step("$ pulumi stack output");
    process.stdout.write(
      execFileSync(path.join(cli.binDir, "pulumi"), ["stack", "output", "--stack", stack.name], {
        cwd: REPO,
        env: { ...process.env, ...stack.env },
        encoding: "utf8",
      }),
    );
    step("$ pulumi preview   # nothing changed since the up, so nothing to do");
    const preview = expectOk(await stack.preview({ onOutput: echo }));
    const changes = Object.keys(preview.changeSummary ?? {}).filter((op) => op !== "same");
    if (changes.length > 0) {
      throw new Error(
        `the preview after up planned changes: ${JSON.stringify(preview.changeSummary)}`,
      );
    }
    step("$ pulumi destroy");
    expectOk(await stack.destroy({ onOutput: echo }));
  } finally {
    await stack.remove();
  }
}

/** The result of a successful operation; throws the CLI's message otherwise. */
function expectOk<T extends { ok: boolean; error?: string }>(result: T): T {
  if (!result.ok) {
    throw new Error(result.error);
  }
  return result;
}

/** The engine's calls through the real dynamic-provider host; see the module comment. */
async function deployWithHost(
  config: Record<string, string>,
  emulator: RunningEmulator,
): Promise<void> {
  const program = {
    dir: REPO,
    main: "examples/quickstart",
    project: PROJECT,
    stack: STACK,
    config,
  };
  const { resources } = await runProgram(program);
  const host = await startProviderHost({ cwd: REPO, project: PROJECT });
  try {
    await host.configure({
      "ngrok:apiKey": config["ngrok:apiKey"],
      "ngrok:apiBaseUrl": config["ngrok:apiBaseUrl"],
    });
    const deployment = new Deployment(host, STACK, PROJECT);
    for (const s of await deployment.up(resources)) {
      step(`  + ${s.op} ${s.urn}`);
    }
    await deployment.refresh();
    for (const resource of deployment.resources.values()) {
      step(`  read ${resource.type.split(":").pop()} ${resource.id}`);
    }
    const { outputs } = await runProgram({ ...program, state: deployment.outputsByName() });
    printOutputs(outputs);
    const held = emulator.snapshot();
    step(
      `the emulator holds ${held.sshCertificateAuthorities.length} SSH certificate authority ` +
        `(${held.sshCertificateAuthorities.map((ca) => ca.id).join(", ")}) and ` +
        `${held.samlModules.length} SAML module (on route ${held.samlModules.map((m) => m.routeId).join(", ")})`,
    );
    for (const s of await deployment.destroy()) {
      step(`  - ${s.op} ${s.urn}`);
    }
  } finally {
    await host.close();
  }
}

/** Prints outputs the way `pulumi stack output` does. */
function printOutputs(outputs: Record<string, unknown>): void {
  const keys = Object.keys(outputs).sort();
  const width = Math.max("OUTPUT".length, ...keys.map((k) => k.length));
  console.log(`Current stack outputs (${keys.length}):`);
  console.log(`    ${"OUTPUT".padEnd(width)}  VALUE`);
  for (const key of keys) {
    const value = outputs[key];
    console.log(
      `    ${key.padEnd(width)}  ${typeof value === "string" ? value : JSON.stringify(value)}`,
    );
  }
}

function step(message: string): void {
  console.log(message);
}

main().catch((error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
