/**
 * `npm run demo`: the quickstart (the root Pulumi.yaml program) deployed against the local
 * emulator, with nothing to set up.
 *
 * 1. Starts the emulator on a free loopback port.
 * 2. Creates an HTTPS edge and a route in it (`createHttpsEdge`, `createHttpsEdgeRoute`), writes
 *    the metadata of a sample identity provider (`sampleIdpMetadata`, a real self-signed
 *    certificate) and a demo user's SSH public key (ed25519, made here) to a temporary folder.
 * 3. Deploys the quickstart with that config (an SSH CA, a SAML module, and a user certificate the
 *    CA signs for the demo key, which is then read back: principals, validity, signature):
 *    - with the Pulumi CLI (on PATH, or built by `npm run pulumi:install`): a real `pulumi up` of
 *      the root Pulumi.yaml through the Automation API (an inline program: no language host is
 *      needed), on a temporary file backend; then the real `pulumi stack output`; a `pulumi
 *      preview` of the same program given a broken IdP metadata document (an HTML page), which
 *      fails naming the rule, with no API call; an in-place update (`authorizedGroups`, one PUT);
 *      a `pulumi preview` that finds nothing to change; `pulumi destroy` and `pulumi stack rm` (or,
 *      with `--keep`, everything left running, with how to reach it, until Ctrl-C);
 *    - without it: the program's real resources through Pulumi's own dynamic-provider host, called
 *      as the engine calls it (Check, Create, then Read for the live state), then Delete; the user
 *      certificate in a second round, once the CA's id is known. This exercises the providers
 *      for real but is no substitute for the engine.
 * 4. Prints the stack outputs as `pulumi stack output` does, shows what the emulator holds, cleans
 *    up, checks that nothing is left behind, and says what to do next (run it against ngrok).
 *
 * `npm run demo -- --keep` leaves the emulator and the stack running (real CLI path).
 *
 * @module
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import * as sshpk from "sshpk";
import { Deployment } from "../devtools/deployment";
import { findPulumiCli, type PulumiCli } from "../devtools/pulumiCli";
import { RealStack } from "../devtools/realStack";
import { startProviderHost } from "../devtools/providerHost";
import { runProgram } from "../devtools/runProgram";
import { type RunningEmulator, sampleIdpMetadata, startEmulator } from "../../emulator/index";
import { NgrokClient } from "../../provider/client";

const REPO = path.resolve(__dirname, "../../..");
const PROJECT = "ngrok-quickstart";
const STACK = "demo";

/** `--keep`: leave the emulator and the stack running at the end. */
const KEEP = process.argv.includes("--keep");

/** What a demo deploys into: the emulator and the config it hands the stack. */
interface DemoSetup {
  readonly emulator: RunningEmulator;
  readonly work: string;
  readonly config: Record<string, string>;
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-demo-"));
  const emulator = await startEmulator({ port: 0 });
  let kept = false;
  try {
    step(`ngrok API emulator listening on ${emulator.url}`);
    const client = new NgrokClient({ apiKey: emulator.apiKey, baseUrl: emulator.url });
    const edge = emulator.createHttpsEdge({
      description: "pulumi-ngrok-dynamic demo",
      hostports: ["demo.ngrok.app:443"],
    });
    const route = emulator.createHttpsEdgeRoute(edge.id, { description: "demo route" });
    step(`created HTTPS edge ${edge.id} with route ${route.id} in the emulator`);
    const idpMetadataPath = path.join(work, "demo-idp-metadata.xml");
    fs.writeFileSync(
      idpMetadataPath,
      await sampleIdpMetadata({ entityId: "https://idp.demo.example" }),
    );
    step(`wrote the metadata of a demo identity provider to ${idpMetadataPath}`);
    const userPublicKeyPath = path.join(work, "id_ed25519.pub");
    fs.writeFileSync(userPublicKeyPath, demoPublicKey());
    step(
      `wrote a demo user's SSH public key to ${userPublicKeyPath} (its private key is not kept)`,
    );

    const config = {
      [`${PROJECT}:edgeId`]: edge.id,
      [`${PROJECT}:routeId`]: route.id,
      [`${PROJECT}:idpMetadataPath`]: idpMetadataPath,
      [`${PROJECT}:userPublicKeyPath`]: userPublicKeyPath,
      [`${PROJECT}:userName`]: DEMO_USER,
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
      kept = await deployWithCli(lookup.cli, { emulator, work, config });
      if (kept) return;
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
      left.sshCertificateAuthorities.length +
      left.sshUserCertificates.length +
      left.samlModules.length +
      left.edges.length;
    if (count !== 0) {
      throw new Error(`the emulator still holds ${count} objects: ${JSON.stringify(left)}`);
    }
    step(
      `cleaned up: the emulator is empty again (${emulator.requests.length} API requests in all)`,
    );
    printNextSteps();
  } finally {
    if (!kept) {
      await emulator.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
}

/** Where to go from here. */
function printNextSteps(): void {
  const keep = KEEP
    ? []
    : ["  - Keep this demo's emulator and stack running to explore them: npm run demo -- --keep"];
  step(
    [
      "",
      "Next steps:",
      '  - Run it against ngrok: README.md, "Quick start" (pulumi config set ngrok:apiKey --secret,',
      "    then pulumi preview and pulumi up in your own project).",
      ...keep,
      "  - Test your own programs offline: docs/testing.md has a complete test file to copy.",
    ].join("\n"),
  );
}

/**
 * The real engine on a temporary file backend: `pulumi up`, `pulumi stack output`, a preview that
 * a broken IdP metadata document stops, an in-place update, a no-op `pulumi preview`, then
 * `pulumi destroy`, or with `--keep` how to reach what is left running. True when kept.
 */
async function deployWithCli(cli: PulumiCli, setup: DemoSetup): Promise<boolean> {
  const { emulator, work, config } = setup;
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
  const pulumi = (args: string[]) =>
    execFileSync(path.join(cli.binDir, "pulumi"), [...args, "--stack", stack.name], {
      cwd: REPO,
      env: { ...process.env, ...stack.env },
      encoding: "utf8",
    });
  let kept = false;
  let removed = false;
  try {
    step("$ pulumi up");
    expectOk(await stack.up({ onOutput: echo }));
    step("$ pulumi stack output");
    process.stdout.write(pulumi(["stack", "output"]));
    describeUserCertificate(String((await stack.outputs()).sshUserCertificate), emulator);

    // The headline: a broken document stops at preview, before any API call.
    const htmlPage = path.join(work, "downloaded-login-page.xml");
    fs.writeFileSync(
      htmlPage,
      "<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Sign in</body></html>\n",
    );
    step(
      "$ pulumi config set idpMetadataPath downloaded-login-page.xml   # an HTML page saved by mistake\n" +
        "$ pulumi preview",
    );
    await stack.setConfig({ [`${PROJECT}:idpMetadataPath`]: { value: htmlPage } });
    const before = emulator.requests.length;
    const broken = await stack.preview({ onOutput: echo });
    if (broken.ok) throw new Error("the preview of a broken IdP metadata document succeeded");
    step(
      `preview failed at check, before any API call (${emulator.requests.length - before} ` +
        "requests to the emulator); the message names the property and the rule.",
    );
    await stack.setConfig({
      [`${PROJECT}:idpMetadataPath`]: { value: config[`${PROJECT}:idpMetadataPath`] },
    });

    step(
      "$ pulumi config set --path 'authorizedGroups[0]' engineering   # only this IdP group gets in\n" +
        "$ pulumi up",
    );
    await stack.setConfig({ [`${PROJECT}:authorizedGroups`]: { value: '["engineering"]' } });
    const beforeUpdate = emulator.requests.length;
    expectOk(await stack.up({ onOutput: echo }));
    const writes = emulator.requests
      .slice(beforeUpdate)
      .filter((r) => r.method !== "GET")
      .map((r) => `${r.method} ${r.path}`);
    step(`updated in place: ${writes.join(", ")} (the module keeps its URLs and certificate)`);

    step("$ pulumi preview   # nothing changed since the up, so nothing to do");
    const preview = expectOk(await stack.preview({ onOutput: echo }));
    const changes = Object.keys(preview.changeSummary ?? {}).filter((op) => op !== "same");
    if (changes.length > 0) {
      throw new Error(
        `the preview after up planned changes: ${JSON.stringify(preview.changeSummary)}`,
      );
    }
    if (KEEP) {
      kept = true;
      await keepRunning(stack, setup);
      return true;
    }
    step("$ pulumi destroy");
    expectOk(await stack.destroy({ onOutput: echo }));
    // As the destroy's last lines suggest: the stack's history and config go too.
    step(`$ pulumi stack rm ${stack.name}`);
    await stack.remove();
    removed = true;
    step(`removed the stack ${stack.name} and its temporary state`);
  } finally {
    if (!kept && !removed) await stack.remove();
  }
  return false;
}

/** The account the demo's user certificate is for. */
const DEMO_USER = "demo";

/** A fresh ed25519 public key in OpenSSH form (`ssh-ed25519 AAAA… demo@pulumi-ngrok-dynamic`). */
function demoPublicKey(): string {
  const { publicKey } = generateKeyPairSync("ed25519");
  const key = sshpk.parseKey(publicKey.export({ type: "spki", format: "pem" }), "pem");
  key.comment = `${DEMO_USER}@pulumi-ngrok-dynamic`;
  return `${key.toString("ssh")}\n`;
}

/** `date` as ngrok writes times: `2026-11-25T16:26:19Z`. */
const utc = (date: Date) => date.toISOString().replace(/\.\d+Z$/, "Z");

/**
 * Reads the user certificate back as `ssh-keygen -L` would: its principals, its validity, and
 * whether the CA in the emulator signed it.
 */
function describeUserCertificate(line: string, emulator: RunningEmulator): void {
  const certificate = sshpk.parseCertificate(line, "openssh");
  const [ca] = emulator.snapshot().sshCertificateAuthorities;
  const signed = certificate.isSignedByKey(sshpk.parseKey(ca.public_key, "ssh"));
  if (!signed) throw new Error("the user certificate is not signed by the CA's key");
  step(
    `the user certificate (sshUserCertificate): for principals ${certificate.subjects
      .map((s) => s.uid)
      .join(
        ", ",
      )}, valid ${utc(certificate.validFrom)} to ${utc(certificate.validUntil)}, signed by the CA ${ca.id} (its signature ` +
      "checks against publicKey): sshd accepts it for that account on servers whose " +
      "TrustedUserCAKeys holds publicKey",
  );
}

/** `--keep`: prints how to reach the emulator and the stack, then waits for Ctrl-C. */
async function keepRunning(stack: RealStack, setup: DemoSetup): Promise<void> {
  const env = ["PULUMI_HOME", "PULUMI_BACKEND_URL", "PULUMI_CONFIG_PASSPHRASE"]
    .map((key) => `${key}='${stack.env[key]}'`)
    .join(" ");
  step(
    [
      "",
      "Kept running (--keep). Press Ctrl-C to stop the emulator and delete the demo's files.",
      `  The emulator: ${setup.emulator.url} (API key ${setup.emulator.apiKey}), e.g.`,
      `    curl -H 'Authorization: Bearer ${setup.emulator.apiKey}' -H 'Ngrok-Version: 2' ${setup.emulator.url}/ssh_certificate_authorities`,
      `  The stack ${stack.name}, from ${REPO}:`,
      `    export ${env} PATH='${stack.env.PATH.split(path.delimiter)[0]}':"$PATH"`,
      `    pulumi stack output --stack ${stack.name}`,
      `    pulumi stack export --stack ${stack.name}`,
    ].join("\n"),
  );
  printNextSteps();
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await stack.remove();
  await setup.emulator.close();
  fs.rmSync(setup.work, { recursive: true, force: true });
  step("stopped: the emulator is closed and the demo's files are deleted");
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
  // The program's mocks cannot hand the user certificate the CA's real id before the CA exists,
  // as the engine does: the first round deploys the rest, the second the certificate, with the
  // CA's id from the state.
  const withoutCertificate = Object.fromEntries(
    Object.entries(config).filter(([key]) => !key.startsWith(`${PROJECT}:user`)),
  );
  const { resources } = await runProgram({ ...program, config: withoutCertificate });
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
    const all = await runProgram({ ...program, state: deployment.outputsByName() });
    for (const s of await deployment.up(all.resources)) {
      if (s.op !== "same") step(`  + ${s.op} ${s.urn}`);
    }
    await deployment.refresh();
    for (const resource of deployment.resources.values()) {
      step(`  read ${resource.type.split(":").pop()} ${resource.id}`);
    }
    const { outputs } = await runProgram({ ...program, state: deployment.outputsByName() });
    printOutputs(outputs);
    describeUserCertificate(String(outputs.sshUserCertificate), emulator);
    const held = emulator.snapshot();
    step(
      `the emulator holds ${held.sshCertificateAuthorities.length} SSH certificate authority ` +
        `(${held.sshCertificateAuthorities.map((ca) => ca.id).join(", ")}), ` +
        `${held.sshUserCertificates.length} SSH user certificate ` +
        `(${held.sshUserCertificates.map((c) => c.id).join(", ")}) and ` +
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
