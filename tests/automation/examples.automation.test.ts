/**
 * The examples through `pulumi up` for real, with the Automation API: a LocalWorkspace per example
 * on a file backend in a temporary folder, the emulator on a free port passed through
 * `ngrok:apiBaseUrl` / `ngrok:apiKey` stack config. Each example goes through up, preview (no
 * changes), a config change and up (an in-place update), refresh after an out-of-band change
 * (drift), and destroy (the emulator empty).
 *
 * These need the Pulumi CLI. Without a `pulumi` binary on PATH they are skipped, and say so once;
 * on a machine with the CLI they run as part of `npm test`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { ConfigMap, Stack } from "@pulumi/pulumi/automation";
import { findPulumiCli, openFileBackendStack } from "../../dist/devtools/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { callApi, createEdgeWithRoutes } from "../support/emulatorApi";
import { REPO } from "../support/stack";
import { IDP_METADATA_DIR } from "../support/fixtures";

const cli = findPulumiCli();
if (cli === undefined) {
  // Straight to stderr: Jest does not print the console output of a suite whose tests all skip.
  process.stderr.write(
    "tests/automation skipped: no `pulumi` binary on PATH. These tests run `pulumi up`, `preview`, " +
      "`refresh` and `destroy` on each example through the Automation API; install the Pulumi CLI " +
      "(https://www.pulumi.com/docs/install/) to run them. tests/e2e covers the same steps through " +
      "Pulumi's dynamic-provider host without the engine.\n",
  );
}
const describeWithCli = cli === undefined ? describe.skip : describe;
const FIXTURES = IDP_METADATA_DIR;

interface Example {
  /** Project directory, relative to the repository. */
  readonly dir: string;
  /** The example's own config, given the emulator and a fresh edge and route. */
  config(edgeId: string, routeId: string): Record<string, string>;
  /** A config change that updates resources in place, and how many. */
  readonly change: { key: string; value: string; updates: number };
  /** An out-of-band change through the API, made after the first up. */
  outOfBand(emulator: RunningEmulator, edgeId: string, routeId: string): Promise<void>;
}

const editSamlModule = async (emulator: RunningEmulator, edgeId: string, routeId: string) => {
  const path = `/edges/https/${edgeId}/routes/${routeId}/saml`;
  const live = (await callApi(emulator, "GET", path)).body;
  expect(
    (await callApi(emulator, "PUT", path, { idp_metadata: live.idp_metadata, enabled: false }))
      .status,
  ).toBe(200);
};

const examples: Example[] = [
  {
    dir: "examples/ssh-certificate-authorities",
    config: () => ({}),
    change: { key: "owner", value: "security", updates: 6 },
    async outOfBand(emulator) {
      const [ca] = emulator.snapshot().sshCertificateAuthorities;
      await callApi(emulator, "PATCH", `/ssh_certificate_authorities/${ca.id}`, {
        description: "edited by hand",
      });
    },
  },
  {
    dir: "examples/saml-route",
    config: (edgeId, routeId) => ({
      edgeId,
      routeId,
      idpMetadataPath: path.join(FIXTURES, "okta.xml"),
    }),
    change: { key: "forceAuthn", value: "false", updates: 1 },
    outOfBand: editSamlModule,
  },
  {
    dir: ".",
    config: (edgeId, routeId) => ({
      edgeId,
      routeId,
      idpMetadataPath: path.join(FIXTURES, "okta.xml"),
    }),
    change: { key: "idpMetadataPath", value: path.join(FIXTURES, "keycloak.xml"), updates: 1 },
    outOfBand: editSamlModule,
  },
];

const title =
  cli === undefined
    ? "pulumi up of $dir through the Automation API (skipped: no pulumi binary on PATH)"
    : "pulumi up of $dir through the Automation API";

describeWithCli.each(examples)(title, (example) => {
  let emulator: RunningEmulator;
  let stack: Stack;
  let stateDir: string;
  let edgeId: string;
  let routeId: string;
  let config: ConfigMap;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    ({
      edgeId,
      routeIds: [routeId],
    } = await createEdgeWithRoutes(emulator, 1));
    stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-state-"));
    config = {
      "ngrok:apiBaseUrl": { value: emulator.url },
      "ngrok:apiKey": { value: emulator.apiKey, secret: true },
      ...Object.fromEntries(
        Object.entries(example.config(edgeId, routeId)).map(([k, v]) => [k, { value: v }]),
      ),
    };
    stack = await openFileBackendStack({
      workDir: path.resolve(REPO, example.dir),
      stackName: "automation",
      stateDir,
      config,
    });
  }, 300000);

  afterAll(async () => {
    await stack?.workspace.removeStack("automation", { force: true }).catch(() => undefined);
    await emulator?.close();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });

  test("up creates the resources in the emulator", async () => {
    const result = await stack.up();
    expect(result.summary.result).toBe("succeeded");
    const created = result.summary.resourceChanges?.create ?? 0;
    const snapshot = emulator.snapshot();
    expect(snapshot.sshCertificateAuthorities.length + snapshot.samlModules.length).toBe(
      created - 1,
    ); // minus the stack
  }, 300000);

  test("preview afterwards expects no changes", async () => {
    const preview = await stack.preview();
    expect(Object.keys(preview.changeSummary).filter((op) => op !== "same")).toEqual([]);
  }, 300000);

  test("a config change, then up, updates in place", async () => {
    await stack.setConfig(example.change.key, { value: example.change.value });
    const result = await stack.up();
    expect(result.summary.resourceChanges).toMatchObject({ update: example.change.updates });
    expect(result.summary.resourceChanges?.replace).toBeUndefined();
  }, 300000);

  test("refresh after an out-of-band change records the drift", async () => {
    await example.outOfBand(emulator, edgeId, routeId);
    const refresh = await stack.refresh();
    expect(refresh.summary.resourceChanges).toMatchObject({ update: 1 });
    const preview = await stack.preview();
    expect(preview.changeSummary).toMatchObject({ update: 1 });
  }, 300000);

  test("destroy leaves the emulator empty", async () => {
    const result = await stack.destroy();
    expect(result.summary.result).toBe("succeeded");
    const snapshot = emulator.snapshot();
    expect([snapshot.sshCertificateAuthorities, snapshot.samlModules]).toEqual([[], []]);
  }, 300000);
});
