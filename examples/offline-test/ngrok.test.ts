// An offline test of a Pulumi program that uses pulumi-ngrok-dynamic: the real Pulumi CLI runs
// the program (an Automation API inline program) against ngrok-api-emulator, with nothing shared
// with your real stacks. Run it with `node --import tsx --test ngrok.test.ts` (Node.js 22 or
// later, the Pulumi CLI on PATH); no ngrok account, no network.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, test } from "node:test";
import * as pulumi from "@pulumi/pulumi";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { type RunningEmulator, sampleIdpMetadata, startEmulator } from "ngrok-api-emulator";
import { HttpsEdgeRouteSaml, SshCertificateAuthority } from "pulumi-ngrok-dynamic";

/** The program under test. In your project, import it from the module that declares it. */
async function program() {
  const config = new pulumi.Config();
  const ca = new SshCertificateAuthority("user-ca", {
    privateKeyType: "ed25519",
    description: "SSH user CA",
  });
  const sso = new HttpsEdgeRouteSaml("app-sso", {
    edgeId: config.require("edgeId"),
    routeId: config.require("routeId"),
    idpMetadata: config.require("idpMetadata"),
    authorizedGroups: ["engineering"],
  });
  return { trustedUserCaKey: ca.publicKey, acsUrl: sso.assertionConsumerServiceUrl };
}

let emulator: RunningEmulator;
let stack: Stack;
let tmp: string;

before(async () => {
  // The API, in this process: an HTTPS edge and a route for the SAML module to protect.
  emulator = await startEmulator({ port: 0 });
  const edge = emulator.createHttpsEdge();
  const route = emulator.createHttpsEdgeRoute(edge.id);

  // The workspace (Pulumi.yaml, the stack config), the state (a file backend) and Pulumi's home,
  // in a temporary folder.
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-test-"));
  stack = await LocalWorkspace.createOrSelectStack(
    { projectName: "ngrok-offline-test", stackName: "test", program },
    {
      workDir: tmp,
      // `main` must be a folder of this project: Pulumi starts the dynamic-provider plugin there,
      // and the plugin loads @pulumi/pulumi and pulumi-ngrok-dynamic from its node_modules.
      // (In an ES module: path.dirname(fileURLToPath(import.meta.url)).)
      projectSettings: { name: "ngrok-offline-test", runtime: "nodejs", main: __dirname },
      envVars: {
        PULUMI_BACKEND_URL: `file://${tmp}`,
        PULUMI_HOME: path.join(tmp, "home"),
        PULUMI_CONFIG_PASSPHRASE: "only-for-this-test", // encrypts the stack's secrets
        PULUMI_SKIP_UPDATE_CHECK: "true",
      },
    },
  );
  await stack.setAllConfig({
    "ngrok:apiBaseUrl": { value: emulator.url },
    "ngrok:apiKey": { value: emulator.apiKey, secret: true },
    edgeId: { value: edge.id },
    routeId: { value: route.id },
    idpMetadata: { value: await sampleIdpMetadata() },
  });
});

after(async () => {
  await stack?.workspace.removeStack("test", { force: true });
  await emulator?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test("pulumi up creates the CA and the SAML module", async () => {
  const up = await stack.up();
  assert.equal(up.summary.result, "succeeded");

  const [ca] = emulator.snapshot().sshCertificateAuthorities;
  assert.equal(ca.description, "SSH user CA");
  assert.equal(up.outputs.trustedUserCaKey.value, ca.public_key);

  const [saml] = emulator.snapshot().samlModules;
  assert.deepEqual(saml.authorized_groups, ["engineering"]);
  assert.equal(up.outputs.acsUrl.value, saml.assertion_consumer_service_url);
});

test("a preview after up has nothing to do", async () => {
  const preview = await stack.preview();
  assert.deepEqual(preview.changeSummary, { same: 3 });
});

test("pulumi destroy deletes both", async () => {
  await stack.destroy();
  assert.equal(emulator.snapshot().sshCertificateAuthorities.length, 0);
  assert.equal(emulator.snapshot().samlModules.length, 0);
});
