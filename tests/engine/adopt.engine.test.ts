/**
 * The engine's path for adopting, reading and looking up existing objects (program
 * tests/programs/adopt): the real resource classes and lookup functions run under setMocks in a
 * program process of their own, as Pulumi's language host runs them, and Pulumi's own
 * dynamic-provider host is driven over gRPC with the engine's calls (Check and Create for an
 * adoption, Read for a `get`, as the engine's ReadResource step sends it), against the emulator.
 *
 * One host serves the whole file, as the engine starts one per deployment: a destroy of the
 * adopted CA is left to the real CLI (tests/automation/adopt.automation.test.ts), whose destroy is
 * a deployment of its own.
 */
import type { ResourceGoal } from "../../dist/tools/devtools/deployment";
import { callApi, createEdgeWithRoutes } from "../support/emulatorApi";
import { readIdpMetadata } from "../support/fixtures";
import { REPO, startTestStack, type TestStack } from "../support/stack";

// As `pulumi up` with PULUMI_NODEJS_TRANSPILE_ONLY=true; `npm run typecheck` checks the program.
process.env.PULUMI_NODEJS_TRANSPILE_ONLY = "true";

const CA = "/ssh_certificate_authorities";
const CA_TYPE = "pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority";
const SAML_TYPE = "pulumi-nodejs:dynamic/ngrok:HttpsEdgeRouteSaml";

let stack: TestStack;
let existing: { id: string; public_key: string; created_at: string };

beforeAll(async () => {
  stack = await startTestStack("tests/programs/adopt", "engine-adopt");
  existing = (
    await callApi(stack.emulator, "POST", CA, {
      private_key_type: "ecdsa",
      elliptic_curve: "p384",
      description: "made in the dashboard",
    })
  ).body as typeof existing;
});
afterAll(async () => {
  await stack?.close();
});

describe("adoptExistingId", () => {
  let goals: ResourceGoal[];
  const adopt = {
    mode: "adopt",
    privateKeyType: "ecdsa",
    ellipticCurve: "p384",
    description: "managed by Pulumi",
  };

  test("the program sends adoptExistingId with the other inputs", async () => {
    goals = await stack.goals({ ...adopt, adoptExistingId: existing.id });
    expect(goals).toHaveLength(1);
    expect(goals[0]).toMatchObject({ type: CA_TYPE, name: "adopted" });
    expect({ ...goals[0].inputs, __provider: undefined }).toEqual({
      privateKeyType: "ecdsa",
      ellipticCurve: "p384",
      description: "managed by Pulumi",
      adoptExistingId: existing.id,
      __provider: undefined,
    });
  });

  test("preview: Check only, no API request", async () => {
    const requests = await stack.requestsDuring(() => stack.deployment.preview(goals));
    expect(requests).toEqual([]);
  });

  test("up adopts the CA: one GET and one PATCH, no POST; the state holds the CA's id and key", async () => {
    const requests = await stack.requestsDuring(() => stack.deployment.up(goals));
    expect(requests).toEqual([`GET ${CA}/${existing.id}`, `PATCH ${CA}/${existing.id}`]);
    const state = stack.only();
    expect(state.id).toBe(existing.id);
    expect(state.outputs).toMatchObject({
      privateKeyType: "ecdsa",
      ellipticCurve: "p384",
      description: "managed by Pulumi",
      adoptExistingId: existing.id,
      publicKey: existing.public_key,
      createdAt: existing.created_at,
    });
    expect(stack.emulator.snapshot().sshCertificateAuthorities).toEqual([
      expect.objectContaining({ id: existing.id, description: "managed by Pulumi" }),
    ]);
  });

  test("up again, and with adoptExistingId removed or changed: no change, no API request", async () => {
    for (const config of [
      { ...adopt, adoptExistingId: existing.id },
      adopt,
      { ...adopt, adoptExistingId: "sshca_2Zsomeotherca000" },
    ]) {
      const next = await stack.goals(config);
      const requests = await stack.requestsDuring(async () => {
        expect((await stack.deployment.up(next)).map((step) => step.op)).toEqual(["same"]);
      });
      expect(requests).toEqual([]);
    }
  }, 180000);

  test("a declared key that is not the CA's fails the create after one GET, naming both keys", async () => {
    const other = (await callApi(stack.emulator, "POST", CA, { private_key_type: "ed25519" }))
      .body as { id: string };
    const before = JSON.stringify(stack.emulator.snapshot());
    const wrong = await stack.goals({
      mode: "adopt",
      privateKeyType: "rsa",
      adoptExistingId: other.id,
    });
    const requests = await stack.requestsDuring(async () => {
      await expect(stack.deployment.up([...goals, { ...wrong[0], name: "wrong" }])).rejects.toThrow(
        `refusing to adopt the SSH certificate authority ${other.id}: its key is ed25519, the resource declares privateKeyType "rsa" with keySize 4096`,
      );
    });
    expect(requests).toEqual([`GET ${CA}/${other.id}`]);
    expect(JSON.stringify(stack.emulator.snapshot())).toBe(before);
  });
});

describe("get (ReadResource)", () => {
  test("SshCertificateAuthority.get and HttpsEdgeRouteSaml.get register reads with no inputs but __provider; Read through the host fills every output", async () => {
    const {
      edgeId,
      routeIds: [routeId],
    } = await createEdgeWithRoutes(stack.emulator, 1);
    const module = await callApi(
      stack.emulator,
      "PUT",
      `/edges/https/${edgeId}/routes/${routeId}/saml`,
      { idp_metadata: readIdpMetadata("okta.xml"), force_authn: true },
    );
    const samlId = `${edgeId}/${routeId}`;
    const goals = await stack.goals({ mode: "get", caId: existing.id, samlId });
    expect(goals.map((goal) => [goal.type, goal.name])).toEqual([
      [CA_TYPE, "read-ca"],
      [SAML_TYPE, "read-sso"],
    ]);
    for (const goal of goals) {
      expect(Object.keys(goal.inputs)).toEqual(["__provider"]);
      expect(goal.inputs.__provider).toContain('require("pulumi-ngrok-dynamic/provider")');
      expect(goal.inputs.__provider).not.toContain(REPO);
    }

    const urn = (name: string) => stack.deployment.urnOf(goals.find((g) => g.name === name)!);
    const reads: Record<string, unknown>[] = [];
    const requests = await stack.requestsDuring(async () => {
      for (const [name, id] of [
        ["read-ca", existing.id],
        ["read-sso", samlId],
      ]) {
        const goal = goals.find((g) => g.name === name)!;
        const read = await stack.host.read(urn(name), id, goal.inputs, goal.inputs);
        expect(read.id).toBe(id);
        reads.push(read.properties);
      }
    });
    expect(requests).toEqual([
      `GET ${CA}/${existing.id}`,
      `GET /edges/https/${edgeId}/routes/${routeId}/saml`,
    ]);
    expect(reads[0]).toMatchObject({
      privateKeyType: "ecdsa",
      ellipticCurve: "p384",
      publicKey: existing.public_key,
      keyType: "ecdsa",
    });
    expect(reads[1]).toMatchObject({
      edgeId,
      routeId,
      forceAuthn: true,
      entityId: module.body.entity_id,
      idpMetadata: readIdpMetadata("okta.xml"),
    });
  });
});

describe("lookup functions in the program's process", () => {
  test("they read the program's stack config (ngrok:apiKey, ngrok:apiBaseUrl) and send only GETs", async () => {
    const {
      edgeId,
      routeIds: [routeId],
    } = await createEdgeWithRoutes(stack.emulator, 1);
    const module = await callApi(
      stack.emulator,
      "PUT",
      `/edges/https/${edgeId}/routes/${routeId}/saml`,
      { idp_metadata: readIdpMetadata("okta.xml") },
    );
    let outputs: Record<string, unknown> = {};
    const requests = await stack.requestsDuring(async () => {
      outputs = await stack.stackOutputs({
        mode: "lookup",
        description: "managed by Pulumi",
        caId: existing.id,
        edgeId,
        routeId,
        "ngrok:apiKey": stack.emulator.apiKey,
        "ngrok:apiBaseUrl": stack.emulator.url,
      });
    });
    expect(requests.every((request) => request.startsWith("GET "))).toBe(true);
    expect(requests.sort()).toEqual(
      [
        `GET ${CA}`,
        `GET ${CA}/${existing.id}`,
        `GET /edges/https/${edgeId}/routes/${routeId}/saml`,
        `GET /edges/https/${edgeId}/routes/${routeId}/saml`,
      ].sort(),
    );
    expect(outputs.lookedUp).toEqual({
      list: [existing.id],
      one: expect.objectContaining({
        id: existing.id,
        privateKeyType: "ecdsa",
        ellipticCurve: "p384",
        publicKey: existing.public_key,
      }),
      saml: module.body.entity_id,
      samlOutput: `${edgeId}/${routeId}`,
    });
    expect(JSON.stringify(outputs)).not.toContain(stack.emulator.apiKey);
  });

  test("without the stack config they fall back to NGROK_API_KEY and NGROK_API_BASE_URL", async () => {
    const saved = { key: process.env.NGROK_API_KEY, url: process.env.NGROK_API_BASE_URL };
    process.env.NGROK_API_KEY = stack.emulator.apiKey;
    process.env.NGROK_API_BASE_URL = stack.emulator.url;
    try {
      const requests = await stack.requestsDuring(async () => {
        const outputs = await stack.stackOutputs({
          mode: "lookup",
          description: "managed by Pulumi",
        });
        expect(outputs.lookedUp).toMatchObject({ list: [existing.id] });
      });
      expect(requests).toEqual([`GET ${CA}`]);
    } finally {
      for (const [name, value] of [
        ["NGROK_API_KEY", saved.key],
        ["NGROK_API_BASE_URL", saved.url],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

test("the import resource option fails the program at construction, naming adoptExistingId and get", async () => {
  const requests = await stack.requestsDuring(async () => {
    await expect(stack.goals({ mode: "import", caId: existing.id })).rejects.toThrow(
      `SshCertificateAuthority "imported": the import resource option is not supported, since Pulumi cannot import dynamic resources (pulumi/pulumi#3550). To manage the existing SSH certificate authority ${existing.id} with this resource, remove import and set the argument adoptExistingId: "${existing.id}"`,
    );
  });
  expect(requests).toEqual([]);
});
