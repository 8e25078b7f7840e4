/**
 * `npm run demo`: the quickstart (the root Pulumi.yaml program) deployed against the local
 * emulator, with nothing to set up.
 *
 * 1. Starts the emulator on a free loopback port.
 * 2. Creates an HTTPS edge and a route in it, and writes the metadata of a demo identity provider
 *    (with a real self-signed certificate) to a temporary folder.
 * 3. Deploys the quickstart with that config:
 *    - with the Pulumi CLI on PATH: a real `pulumi up` through the Automation API, on a temporary
 *      file backend, then `pulumi destroy`;
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
import { findPulumiCli, openFileBackendStack } from "../devtools/automation";
import { Deployment } from "../devtools/deployment";
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
    const cli = findPulumiCli();
    if (cli !== undefined) {
      step(`Pulumi CLI found at ${cli}: running pulumi up through the Automation API`);
      await deployWithCli(config, work);
    } else {
      step(
        "Pulumi CLI not found on PATH: running the program's resources through Pulumi's " +
          "dynamic-provider host instead (the engine's calls, without the engine)",
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

/** `pulumi up`, `pulumi stack output`, `pulumi destroy` on a temporary file backend. */
async function deployWithCli(config: Record<string, string>, work: string): Promise<void> {
  const stack = await openFileBackendStack({
    workDir: REPO,
    stackName: STACK,
    stateDir: path.join(work, "state"),
    config: Object.fromEntries(
      Object.entries(config).map(([key, value]) => [
        key,
        { value, secret: key === "ngrok:apiKey" },
      ]),
    ),
  });
  await stack.up({ onOutput: (out) => process.stdout.write(out) });
  const outputs = await stack.outputs();
  printOutputs(Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, v.value])));
  await stack.destroy({ onOutput: (out) => process.stdout.write(out) });
  await stack.workspace.removeStack(STACK);
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
