/**
 * The provider plugin with the oldest Pulumi CLI it is tested with (issue #38 §5): v3.4.0, built
 * by `npm run pulumi:install` from tools/devtools/go/pulumi-cli-oldest (its tools.go says why that
 * release). CLIs before 3.132 send Check, Diff, Create, Read, Update and Delete without the
 * request's `type`; the plugin takes the type from the URN. Before it did, every step here failed
 * with "unknown resource type ".
 *
 * The program is tests/programs/parity/plugin (a CA, a host and a user certificate, a SAML module,
 * registered by type token for the plugin on PATH), run as an Automation API inline program for
 * preview and up (no language host of that CLI's era can be built here: the module proxy refuses
 * the Node.js one, and Pulumi YAML came later); refresh and destroy, which the Automation API runs
 * inline only with CLIs from 3.181 on, are the plain CLI commands, as a user of that CLI runs
 * them. Each step asserts the requests the emulator received and what it holds.
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { pluginBinDir } from "../../dist/tools/devtools/pluginBin";
import {
  cachedCliBinDir,
  cliVersion,
  oldestPluginCliVersion,
  type PulumiCli,
} from "../../dist/tools/devtools/pulumiCli";
import { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { idpMetadataPath } from "../support/fixtures";
import { describeWithPulumi, requestsDuring, succeeded, toConfigMap } from "../support/realEngine";
import * as keys from "../support/sshKeys";
import { REPO } from "../support/repo";

const VERSION = oldestPluginCliVersion();
const BIN_DIR = cachedCliBinDir(VERSION);
const oldCli: PulumiCli | undefined =
  cliVersion(BIN_DIR) === VERSION
    ? { binDir: BIN_DIR, version: VERSION, source: "cache" }
    : undefined;
const inCi = ["true", "1"].includes((process.env.CI ?? "").toLowerCase());

/** A request without its ids: `PATCH /ssh_certificate_authorities/{sshca}`. */
const normalize = (requests: string[]) =>
  requests
    .map((r) => r.replace(/\b(sshca|shcrt|sucrt|edghts|edghtsrt)_[0-9A-Za-z]+/g, "{$1}"))
    .sort();

describeWithPulumi(`The provider plugin with the Pulumi CLI ${VERSION}`, () => {
  if (oldCli === undefined) {
    const reason = `no pulumi v${VERSION} in ${BIN_DIR}: run npm run pulumi:install`;
    if (inCi) {
      test(`the Pulumi CLI ${VERSION} is built (required in CI)`, () => {
        throw new Error(reason);
      });
    } else {
      process.stderr.write(`skipped "the plugin with the CLI ${VERSION}": ${reason}\n`);
      test.skip(`(skipped: ${reason})`, () => undefined);
    }
    return;
  }
  const cli = oldCli;
  const bin = pluginBinDir();
  let emulator: RunningEmulator;
  let stack: RealStack;

  /** `pulumi <args>` of the old CLI in the stack's workspace; fails with its output. */
  const pulumi = (args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile(
        path.join(cli.binDir, "pulumi"),
        [...args, "--yes", "--skip-preview", "--non-interactive", "--stack", stack.name],
        { cwd: stack.workspaceDir, env: { ...process.env, ...stack.env } },
        (error, stdout, stderr) =>
          error === null
            ? resolve(stdout)
            : reject(new Error(`pulumi ${args[0]}: ${stdout}${stderr}`)),
      ),
    );

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const {
      edgeId,
      routeIds: [routeId],
    } = await createEdgeWithRoutes(emulator, 1);
    stack = await RealStack.create({
      cli,
      programDir: path.join(REPO, "tests/programs/parity/plugin"),
      projectName: "parity-plugin",
      env: { PATH: [bin, cli.binDir, process.env.PATH ?? ""].join(path.delimiter) },
      config: toConfigMap({
        "ngrok-dynamic:apiBaseUrl": emulator.url,
        "ngrok-dynamic:apiKey": { value: emulator.apiKey, secret: true },
        "parity-plugin:description": "v1",
        "parity-plugin:hostKey": keys.ECDSA_P256,
        "parity-plugin:userKey": keys.ED25519,
        "parity-plugin:edgeId": edgeId,
        "parity-plugin:routeId": routeId,
        "parity-plugin:idpMetadataPath": idpMetadataPath("okta.xml"),
      }),
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
  });

  test(`the CLI is ${VERSION}, older than 3.132`, () => {
    expect(cliVersion(cli.binDir)).toBe(VERSION);
    const [major, minor] = VERSION.split(".").map(Number);
    expect(major).toBe(3);
    expect(minor).toBeLessThan(132);
  });

  test("preview plans the four resources and sends nothing", async () => {
    let preview: Awaited<ReturnType<RealStack["preview"]>> | undefined;
    const requests = await requestsDuring(emulator, async () => {
      preview = succeeded(await stack.preview());
    });
    expect(preview?.changeSummary).toEqual({ create: 5 });
    expect(requests).toEqual([]);
  });

  test("up creates them: the SAML take-over GET, then one write each", async () => {
    let up: Awaited<ReturnType<RealStack["up"]>> | undefined;
    const requests = await requestsDuring(emulator, async () => {
      up = succeeded(await stack.up());
    });
    expect(up?.summary?.resourceChanges).toEqual({ create: 5 });
    expect(normalize(requests)).toEqual([
      "GET /edges/https/{edghts}/routes/{edghtsrt}/saml",
      "POST /ssh_certificate_authorities",
      "POST /ssh_host_certificates",
      "POST /ssh_user_certificates",
      "PUT /edges/https/{edghts}/routes/{edghtsrt}/saml",
    ]);
    const snapshot = emulator.snapshot();
    expect(snapshot.sshCertificateAuthorities).toHaveLength(1);
    expect(snapshot.sshHostCertificates).toHaveLength(1);
    expect(snapshot.sshUserCertificates).toHaveLength(1);
    expect(snapshot.samlModules).toHaveLength(1);
    expect((await stack.outputs()).outputs).toMatchObject({
      ca: { publicKey: snapshot.sshCertificateAuthorities[0].public_key, description: "v1" },
    });
  });

  test("a new description updates the CA and the host certificate in place", async () => {
    await stack.setConfig(toConfigMap({ "parity-plugin:description": "v2" }));
    let up: Awaited<ReturnType<RealStack["up"]>> | undefined;
    const requests = await requestsDuring(emulator, async () => {
      up = succeeded(await stack.up());
    });
    expect(up?.summary?.resourceChanges).toMatchObject({ update: 2 });
    expect(normalize(requests)).toEqual([
      "PATCH /ssh_certificate_authorities/{sshca}",
      "PATCH /ssh_host_certificates/{shcrt}",
    ]);
    expect(emulator.snapshot().sshCertificateAuthorities[0].description).toBe("v2");
  });

  test("pulumi refresh reads each with one GET and changes nothing", async () => {
    const requests = await requestsDuring(emulator, () => pulumi(["refresh"]));
    expect(normalize(requests)).toEqual([
      "GET /edges/https/{edghts}/routes/{edghtsrt}/saml",
      "GET /ssh_certificate_authorities/{sshca}",
      "GET /ssh_host_certificates/{shcrt}",
      "GET /ssh_user_certificates/{sucrt}",
    ]);
  });

  test("pulumi destroy deletes the four, the route stays", async () => {
    const requests = await requestsDuring(emulator, () => pulumi(["destroy"]));
    expect(normalize(requests).filter((r) => !r.startsWith("GET "))).toEqual([
      "DELETE /edges/https/{edghts}/routes/{edghtsrt}/saml",
      "DELETE /ssh_certificate_authorities/{sshca}",
      "DELETE /ssh_host_certificates/{shcrt}",
      "DELETE /ssh_user_certificates/{sucrt}",
    ]);
    const snapshot = emulator.snapshot();
    expect(snapshot.sshCertificateAuthorities).toEqual([]);
    expect(snapshot.sshHostCertificates).toEqual([]);
    expect(snapshot.sshUserCertificates).toEqual([]);
    expect(snapshot.samlModules).toEqual([]);
    expect(snapshot.routes).toHaveLength(1);
  });
});
