/**
 * Adopting, reading and looking up existing objects through the real Pulumi CLI (Automation API,
 * inline program tests/programs/adopt), against the emulator: an SSH CA made outside Pulumi
 * brought under a stack by `up` with `adoptExistingId` (one GET, at most one PATCH, never a
 * POST), a refused adoption (a different key: nothing written), what destroy does to an adopted
 * CA with and without `retainOnDelete`, `SshCertificateAuthority.get` and `HttpsEdgeRouteSaml.get`
 * (the engine's ReadResource), and the lookup functions in a program. Each step asserts the
 * engine's summary, the API requests it cost and the emulator's contents.
 */
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { callApi, createEdgeWithRoutes } from "../support/emulatorApi";
import { readIdpMetadata } from "../support/fixtures";
import {
  describeWithPulumi,
  openStack,
  requestsDuring,
  type StackConfig,
  succeeded,
  writes,
} from "../support/realEngine";

// Several CLI operations per test: room for a busy machine.
jest.setTimeout(240000);

const PROGRAM = "tests/programs/adopt";
const PROJECT = "automation-adopt";
const CA = "/ssh_certificate_authorities";

describeWithPulumi("Adopting and reading existing objects through the real Pulumi CLI", () => {
  let emulator: RunningEmulator;
  const stacks: RealStack[] = [];
  const cas = () => emulator.snapshot().sshCertificateAuthorities;
  const caOf = (id: string) => cas().find((ca) => ca.id === id);

  /** A CA made "in the dashboard". */
  async function dashboardCa(body: Record<string, unknown>) {
    const created = await callApi(emulator, "POST", CA, body);
    expect(created.status).toBe(201);
    return created.body as { id: string; public_key: string; created_at: string };
  }

  async function stackWith(config: StackConfig): Promise<RealStack> {
    const stack = await openStack(PROGRAM, PROJECT, emulator, config);
    stacks.push(stack);
    return stack;
  }

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
  });

  afterAll(async () => {
    for (const stack of stacks) await stack.remove();
    await emulator?.close();
  });

  describe("adoptExistingId", () => {
    let existing: { id: string; public_key: string; created_at: string };
    let stack: RealStack;

    beforeAll(async () => {
      existing = await dashboardCa({
        private_key_type: "ecdsa",
        elliptic_curve: "p384",
        description: "made in the dashboard",
        metadata: '{"owner":"ops"}',
      });
      stack = await stackWith({
        mode: "adopt",
        privateKeyType: "ecdsa",
        ellipticCurve: "p384",
        description: "managed by Pulumi",
        metadata: '{"owner":"ops"}',
        adoptExistingId: existing.id,
      });
    });

    test("preview plans a create and sends no API request", async () => {
      const requests = await requestsDuring(emulator, async () => {
        expect(succeeded(await stack.preview()).changeSummary).toEqual({ create: 2 });
      });
      expect(requests).toEqual([]);
    });

    test("up adopts the CA with exactly one GET and one PATCH, no POST: same id, same key, the declared description", async () => {
      const requests = await requestsDuring(emulator, async () => {
        expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ create: 2 });
      });
      expect(requests).toEqual([`GET ${CA}/${existing.id}`, `PATCH ${CA}/${existing.id}`]);
      expect(cas()).toHaveLength(1);
      expect(caOf(existing.id)).toMatchObject({
        public_key: existing.public_key,
        description: "managed by Pulumi",
        metadata: '{"owner":"ops"}',
      });
      expect((await stack.outputs()).adopted).toEqual({
        id: existing.id,
        privateKeyType: "ecdsa",
        ellipticCurve: "p384",
        description: "managed by Pulumi",
        metadata: '{"owner":"ops"}',
        adoptExistingId: existing.id,
        publicKey: existing.public_key,
        keyType: "ecdsa",
        uri: `${emulator.url}${CA}/${existing.id}`,
        createdAt: existing.created_at,
      });
      expect(stack.checkpointResources().map((r) => r.id)).toContain(existing.id);
    });

    test("up again, then with adoptExistingId removed: no change, no write", async () => {
      const requests = await requestsDuring(emulator, async () => {
        expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 2 });
        await stack.removeConfig(["adoptExistingId"]);
        expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 2 });
      });
      expect(writes(requests)).toEqual([]);
    });

    test("the adopted CA is managed like any other: a description change is one PATCH, refresh sees drift", async () => {
      await stack.setConfig({ description: { value: "managed, v2" } });
      const requests = await requestsDuring(emulator, async () => {
        expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({
          same: 1,
          update: 1,
        });
      });
      expect(requests).toEqual([`PATCH ${CA}/${existing.id}`]);
      await callApi(emulator, "PATCH", `${CA}/${existing.id}`, { description: "by hand" });
      expect(succeeded(await stack.refresh()).summary?.resourceChanges).toEqual({
        same: 1,
        update: 1,
      });
    });

    test("with retainOnDelete: true, destroy leaves the CA in ngrok", async () => {
      await stack.setConfig({ retainOnDelete: { value: "true" } });
      succeeded(await stack.up());
      const requests = await requestsDuring(emulator, async () => {
        expect(succeeded(await stack.destroy()).summary?.resourceChanges).toEqual({ delete: 2 });
      });
      expect(writes(requests)).toEqual([]);
      expect(caOf(existing.id)).toMatchObject({ public_key: existing.public_key });
    });

    test("a CA that already matches: up is exactly one GET; without retainOnDelete, destroy deletes it", async () => {
      const again = await stackWith({
        mode: "adopt",
        privateKeyType: "ecdsa",
        ellipticCurve: "p384",
        description: "managed by Pulumi",
        metadata: '{"owner":"ops"}',
        adoptExistingId: existing.id,
      });
      await callApi(emulator, "PATCH", `${CA}/${existing.id}`, {
        description: "managed by Pulumi",
      });
      const adopted = await requestsDuring(emulator, async () => {
        expect(succeeded(await again.up()).summary?.resourceChanges).toEqual({ create: 2 });
      });
      expect(adopted).toEqual([`GET ${CA}/${existing.id}`]);
      const destroyed = await requestsDuring(emulator, async () => {
        succeeded(await again.destroy());
      });
      expect(destroyed).toEqual([`DELETE ${CA}/${existing.id}`]);
      expect(caOf(existing.id)).toBeUndefined();
    });
  });

  test("a declared key that is not the CA's: up fails with the refusal after one GET; nothing written, nothing in state", async () => {
    const theirs = await dashboardCa({ private_key_type: "ed25519", description: "theirs" });
    const before = JSON.stringify(cas());
    const stack = await stackWith({
      mode: "adopt",
      privateKeyType: "rsa",
      description: "ours",
      adoptExistingId: theirs.id,
    });
    const requests = await requestsDuring(emulator, async () => {
      const result = await stack.up();
      expect(result.ok).toBe(false);
      expect(result.error).toContain(
        `refusing to adopt the SSH certificate authority ${theirs.id}: its key is ed25519, the resource declares privateKeyType "rsa" with keySize 4096. A CA's key never changes`,
      );
    });
    expect(requests).toEqual([`GET ${CA}/${theirs.id}`]);
    expect(JSON.stringify(cas())).toBe(before);
    expect(stack.checkpointResources()).toEqual([]);
  });

  test("SshCertificateAuthority.get and HttpsEdgeRouteSaml.get read the live objects (ReadResource) with GETs only; destroy leaves them", async () => {
    const ca = await dashboardCa({
      private_key_type: "rsa",
      key_size: 2048,
      description: "read me",
    });
    const {
      edgeId,
      routeIds: [routeId],
    } = await createEdgeWithRoutes(emulator, 1);
    const samlPath = `/edges/https/${edgeId}/routes/${routeId}/saml`;
    const okta = readIdpMetadata("okta.xml");
    const module = await callApi(emulator, "PUT", samlPath, {
      idp_metadata: okta,
      force_authn: true,
    });
    const stack = await stackWith({ mode: "get", caId: ca.id, samlId: `${edgeId}/${routeId}` });

    const requests = await requestsDuring(emulator, async () => {
      succeeded(await stack.preview());
      const up = succeeded(await stack.up());
      // Reads are steps of their own, not counted among the resource changes.
      expect(up.summary?.resourceChanges).toEqual({ create: 1 });
      const reads = up.steps.filter((step) => step.event === "outputs" && step.op === "read");
      expect(reads.map((step) => step.urn.split("::").pop()).sort()).toEqual([
        "read-ca",
        "read-sso",
      ]);
    });
    expect(writes(requests)).toEqual([]);
    expect([...new Set(requests)].sort()).toEqual([`GET ${CA}/${ca.id}`, `GET ${samlPath}`].sort());
    const outputs = await stack.outputs();
    expect(outputs.readCa).toEqual({
      id: ca.id,
      privateKeyType: "rsa",
      keySize: 2048,
      description: "read me",
      publicKey: ca.public_key,
      keyType: "rsa",
      uri: `${emulator.url}${CA}/${ca.id}`,
      createdAt: ca.created_at,
    });
    expect(outputs.readSaml).toEqual({
      id: `${edgeId}/${routeId}`,
      edgeId,
      routeId,
      idpMetadata: okta,
      forceAuthn: true,
      entityId: module.body.entity_id,
      assertionConsumerServiceUrl: module.body.assertion_consumer_service_url,
    });

    const destroyed = await requestsDuring(emulator, async () => {
      succeeded(await stack.destroy());
    });
    expect(writes(destroyed)).toEqual([]);
    expect(caOf(ca.id)).toBeDefined();
    expect(emulator.snapshot().samlModules.map((m) => m.routeId)).toContain(routeId);
  });

  test("the lookup functions in a program: the stack's config, GETs only, no key in the state", async () => {
    const tagged = await dashboardCa({ private_key_type: "ed25519", description: "look me up" });
    const {
      edgeId,
      routeIds: [routeId],
    } = await createEdgeWithRoutes(emulator, 1);
    const module = await callApi(emulator, "PUT", `/edges/https/${edgeId}/routes/${routeId}/saml`, {
      idp_metadata: readIdpMetadata("okta.xml"),
    });
    const stack = await stackWith({
      mode: "lookup",
      description: "look me up",
      caId: tagged.id,
      edgeId,
      routeId,
    });
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ create: 1 });
    });
    expect(writes(requests)).toEqual([]);
    expect(requests).toContain(`GET ${CA}`);
    expect(requests).toContain(`GET ${CA}/${tagged.id}`);
    expect((await stack.outputs()).lookedUp).toEqual({
      list: [tagged.id],
      one: {
        id: tagged.id,
        privateKeyType: "ed25519",
        description: "look me up",
        publicKey: tagged.public_key,
        keyType: "ed25519",
        uri: `${emulator.url}${CA}/${tagged.id}`,
        createdAt: tagged.created_at,
      },
      saml: module.body.entity_id,
      samlOutput: `${edgeId}/${routeId}`,
    });
    expect(stack.checkpointText()).not.toContain(emulator.apiKey);
  });
});
