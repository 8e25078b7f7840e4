/**
 * The API key never leaks, nor a private key given by mistake as a certificate's public key.
 * Every resource is deployed through the engine's path (the real
 * resource classes under setMocks, Pulumi's own dynamic-provider host over gRPC) with a
 * recognisable API key given the way a user gives it (`ngrok:apiKey` stack config). Faults make
 * the client retry (and log each retry, with the debug lines also sent to stderr) and make steps
 * fail; a second host with a wrong, equally recognisable key makes the API refuse it (ngrok's 401
 * body quotes the credential it was sent). Everything is scanned for both keys: `__provider`,
 * every input and output in state, every error message, and everything the host wrote to stdout
 * and stderr.
 */
import type { ResourceGoal } from "../../dist/tools/devtools/deployment";
import { callApi, createEdgeWithRoutes } from "../support/emulatorApi";
import { startTestStack, type TestStack } from "../support/stack";
import { idpMetadataPath } from "../support/fixtures";
import * as keys from "../support/sshKeys";
import { configureProvider } from "../support/configureProvider";
import { resetStackConfig, sshCertificateAuthorityProvider } from "../../provider";

const API_KEY = "ngrok_api_LEAKCANARY_2n9Q7xVwK4pZt8rJ3mLs";
const WRONG_KEY = "ngrok_api_WRONGCANARY_5hT2yBq9Xc7Nd4Rk1Wf";
/** A private key given by mistake as a certificate's publicKey: refused, and shown nowhere. */
const PRIVATE_KEY = [
  "-----BEGIN OPENSSH PRIVATE KEY-----",
  "b3BlbnNzaC1rZXktdjEAAAAAPRIVATECANARY7fQ2mZk9Lp4Xw",
  "-----END OPENSSH PRIVATE KEY-----",
].join("\n");
/** Each key, and the distinctive part alone (in case something truncates or re-encodes it). */
const NEEDLES = [API_KEY, WRONG_KEY, "LEAKCANARY", "WRONGCANARY", "PRIVATECANARY"];
/** Every stack here: the emulator takes {@link API_KEY}; the host prints its debug lines. */
const STACK_OPTIONS = {
  emulator: { apiKey: API_KEY },
  hostEnv: { PULUMI_NGROK_DYNAMIC_DEBUG: "1", NGROK_REQUEST_TIMEOUT_SECONDS: "1" },
};

let ssh: TestStack;
let saml: TestStack;
let hostCert: TestStack;
let userCert: TestStack;
/** Everything that must not contain a key: collected by the tests, scanned at the end. */
const scanned: Array<{ where: string; text: string }> = [];

function collect(where: string, value: unknown): void {
  scanned.push({ where, text: typeof value === "string" ? value : JSON.stringify(value) });
}

async function failureOf(step: () => Promise<unknown>): Promise<Error> {
  try {
    await step();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the step to fail");
}

beforeAll(async () => {
  ssh = await startTestStack(
    "tests/programs/sshCertificateAuthority",
    "secrets-ssh",
    STACK_OPTIONS,
  );
  saml = await startTestStack("tests/programs/httpsEdgeRouteSaml", "secrets-saml", STACK_OPTIONS);
  hostCert = await startTestStack(
    "tests/programs/sshHostCertificate",
    "secrets-host",
    STACK_OPTIONS,
  );
  userCert = await startTestStack(
    "tests/programs/sshUserCertificate",
    "secrets-user",
    STACK_OPTIONS,
  );
});

afterAll(async () => {
  await ssh?.close();
  await saml?.close();
  await hostCert?.close();
  await userCert?.close();
});

test("SshCertificateAuthority: up through retries, a failing update, refresh and destroy", async () => {
  const goals = await ssh.goals({ privateKeyType: "ed25519", description: "secrets v1" });
  collect("ssh __provider", goals[0].inputs.__provider);

  // Retries of every kind on the way: a 429, a 503, dropped connections, a slow answer.
  ssh.emulator.faults.add({ method: "POST", status: 429, retryAfter: 1, count: 1 });
  ssh.emulator.faults.add({ method: "POST", drop: "after", count: 1 });
  await ssh.deployment.up(goals);
  ssh.emulator.faults.add({ method: "GET", status: 503, count: 1 });
  ssh.emulator.faults.add({ method: "GET", drop: "before", count: 1 });
  await ssh.deployment.refresh();
  ssh.emulator.faults.add({ method: "PATCH", delayMs: 1500, count: 1 });
  await ssh.deployment.up(await ssh.goals({ privateKeyType: "ed25519", description: "v2" }));

  // A step that fails: its message goes to the user and into CI logs.
  ssh.emulator.faults.add({ method: "PATCH", status: 501, count: 1 });
  const failed = await failureOf(async () =>
    ssh.deployment.up(await ssh.goals({ privateKeyType: "ed25519", description: "v3" })),
  );
  expect(failed.message).toMatch(/ngrok API 501/);
  collect("ssh failed update", failed.message);

  // A create that may have acted and cannot be resolved: the longest error message there is.
  const ambiguous = await startTestStack(
    "tests/programs/sshCertificateAuthority",
    "secrets-2",
    STACK_OPTIONS,
  );
  try {
    ambiguous.emulator.faults.add({ method: "POST", drop: "before", count: 1 });
    const unresolved = await failureOf(async () =>
      ambiguous.deployment.up(await ambiguous.goals({ privateKeyType: "ed25519" })),
    );
    expect(unresolved.message).toMatch(/ngrok may have created it/);
    collect("ssh ambiguous create", unresolved.message);
  } finally {
    collect("second host stderr", ambiguous.host.stderr);
    collect("second host stdout", ambiguous.host.stdout);
    await ambiguous.close();
  }

  collect("ssh state", [...ssh.deployment.resources.values()]);
  collect("ssh stack outputs", await ssh.stackOutputs({ privateKeyType: "ed25519" }));
  await ssh.deployment.destroy();
  expect(ssh.emulator.snapshot().sshCertificateAuthorities).toEqual([]);
  // The retries were logged (so the scan below covers real log lines).
  expect(ssh.host.stderr).toMatch(/debug: ngrok API: retrying POST \/ssh_certificate_authorities/);
  expect(ssh.host.stderr).toMatch(/debug: ngrok API: retrying GET \/ssh_certificate_authorities/);
  expect(ssh.host.stderr).toMatch(/debug: ngrok API: POST .* but created sshca_/);
});

test("HttpsEdgeRouteSaml: up through retries, a failing step, refresh and destroy", async () => {
  const { edgeId, routeIds } = await createEdgeWithRoutes(saml.emulator, 1);
  const config = {
    edgeId,
    routeId: routeIds[0],
    idpMetadataPath: idpMetadataPath("okta.xml"),
  };
  const goals: ResourceGoal[] = await saml.goals(config);
  collect("saml __provider", goals[0].inputs.__provider);

  saml.emulator.faults.add({ method: "PUT", status: 503, count: 1 });
  saml.emulator.faults.add({ method: "PUT", drop: "after", count: 1 });
  await saml.deployment.up(goals);
  saml.emulator.faults.add({ method: "GET", status: 429, retryAfter: 1, count: 1 });
  await saml.deployment.refresh();
  saml.emulator.faults.add({ method: "PUT", status: 501, count: 1 });
  const failed = await failureOf(async () =>
    saml.deployment.up(await saml.goals({ ...config, forceAuthn: "true" })),
  );
  expect(failed.message).toMatch(/ngrok API 501/);
  collect("saml failed update", failed.message);

  collect("saml state", [...saml.deployment.resources.values()]);
  collect("saml stack outputs", await saml.stackOutputs(config));
  saml.emulator.faults.add({ method: "DELETE", drop: "after", count: 1 });
  await saml.deployment.destroy();
  expect(saml.emulator.snapshot().samlModules).toEqual([]);
  expect(saml.host.stderr).toMatch(/debug: ngrok API: retrying PUT \/edges\/https\//);
});

test.each([
  ["SshHostCertificate", () => hostCert, "/ssh_host_certificates"],
  ["SshUserCertificate", () => userCert, "/ssh_user_certificates"],
] as const)(
  "%s: a private key refused, up through retries, a lost create, a failing update, a CA that cannot go, destroy",
  async (resource, stackOf, path) => {
    const stack = stackOf();
    const ca = await callApi(stack.emulator, "POST", "/ssh_certificate_authorities", {
      private_key_type: "ed25519",
    });
    const config = {
      sshCertificateAuthorityId: ca.body.id as string,
      publicKey: keys.ED25519,
      principals: '["deploy"]',
      description: "secrets v1",
    };

    // A private key where the public key goes: refused at Check, and never repeated.
    const refused = await failureOf(async () =>
      stack.deployment.preview(await stack.goals({ ...config, publicKey: PRIVATE_KEY })),
    );
    expect(refused.message).toMatch(/publicKey is a private key/);
    collect(`${resource} private key refused`, refused.message);

    const goals = await stack.goals(config);
    collect(`${resource} __provider`, goals[0].inputs.__provider);
    // A create whose answer is lost (found again), a 429 and a 503 on the way.
    stack.emulator.faults.add({ method: "POST", path, drop: "after", count: 1 });
    stack.emulator.faults.add({ method: "GET", status: 429, retryAfter: 1, count: 1 });
    await stack.deployment.up(goals);
    stack.emulator.faults.add({ method: "GET", status: 503, count: 1 });
    await stack.deployment.refresh();

    stack.emulator.faults.add({ method: "PATCH", status: 501, count: 1 });
    const failed = await failureOf(async () =>
      stack.deployment.up(await stack.goals({ ...config, description: "secrets v2" })),
    );
    expect(failed.message).toMatch(/ngrok API 501/);
    collect(`${resource} failed update`, failed.message);

    // The CA cannot be deleted while the certificate exists: the provider's error (called here in
    // this process, configured as the host is) lists the certificates.
    await configureProvider(stack.emulator);
    const inUse = await failureOf(() =>
      sshCertificateAuthorityProvider.delete(ca.body.id as string, {} as never),
    );
    resetStackConfig();
    expect(inUse.message).toMatch(/still has certificates it signed: s[hu]crt_/);
    collect(`${resource} CA in use`, inUse.message);

    collect(`${resource} state`, [...stack.deployment.resources.values()]);
    collect(`${resource} stack outputs`, await stack.stackOutputs(config));
    await stack.deployment.destroy();
    expect(stack.emulator.snapshot().sshHostCertificates).toEqual([]);
    expect(stack.emulator.snapshot().sshUserCertificates).toEqual([]);
    expect(stack.host.stderr).toMatch(
      new RegExp(`debug: ngrok API: POST ${path} .* but created s[hu]crt_`),
    );
    collect(`${resource} host stderr`, stack.host.stderr);
    collect(`${resource} host stdout`, stack.host.stdout);
  },
  240_000,
);

test("a wrong key: ngrok's 401 quotes it, the error message does not", async () => {
  const wrong = await startTestStack("tests/programs/sshCertificateAuthority", "secrets-3", {
    ...STACK_OPTIONS,
    apiKey: WRONG_KEY,
  });
  try {
    const goals = await wrong.goals({ privateKeyType: "ed25519" });
    const refused = await failureOf(() => wrong.deployment.up(goals));
    expect(refused.message).toMatch(/ngrok API 401 ERR_NGROK_202/);
    collect("401 error", refused.message);
    // The API, like ngrok's, does quote it: the client's redaction is what keeps it out.
    expect(wrong.emulator.requests.map((r) => r.status)).toEqual([401]);
    const raw = await callApi(
      { url: wrong.emulator.url, apiKey: WRONG_KEY },
      "GET",
      "/edges/https",
    );
    expect(raw.text).toContain(WRONG_KEY);
  } finally {
    collect("wrong-key host stderr", wrong.host.stderr);
    collect("wrong-key host stdout", wrong.host.stdout);
    await wrong.close();
  }
});

test("the keys appear nowhere: __provider, state, outputs, errors, host stdout and stderr", () => {
  collect("ssh host stderr", ssh.host.stderr);
  collect("ssh host stdout", ssh.host.stdout);
  collect("saml host stderr", saml.host.stderr);
  collect("saml host stdout", saml.host.stdout);
  // What was scanned is substantial, not empty strings.
  expect(scanned.length).toBeGreaterThanOrEqual(15);
  expect(scanned.reduce((bytes, { text }) => bytes + (text?.length ?? 0), 0)).toBeGreaterThan(
    10_000,
  );
  const leaks = scanned.flatMap(({ where, text }) =>
    NEEDLES.filter((needle) => (text ?? "").includes(needle)).map(
      (needle) => `${where}: ${needle}`,
    ),
  );
  expect(leaks).toEqual([]);
});
