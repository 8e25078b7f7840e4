/**
 * The engine's path for SshCertificateAuthority: the real resource class runs under setMocks (from
 * the package as installed in node_modules) to produce `__provider` and the inputs, and Pulumi's
 * own dynamic-provider host is driven over gRPC with the calls the engine makes, against the
 * emulator. Every step asserts the outputs, the emulator's state and the API requests it cost.
 */
import sshpk from "sshpk";
import type { ResourceGoal } from "../../dist/tools/devtools/deployment";
import { CheckFailedError } from "../../dist/tools/devtools/deployment";
import { callApi } from "../support/emulatorApi";
import { REPO, startTestStack, type TestStack } from "../support/stack";

const TYPE = "pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority";
const v1 = {
  privateKeyType: "ecdsa",
  ellipticCurve: "p384",
  description: "hosts v1",
  metadata: '{"v":1}',
};

let stack: TestStack;
let goals: ResourceGoal[];

beforeAll(async () => {
  stack = await startTestStack("tests/programs/sshCertificateAuthority", "engine-ssh-ca");
  goals = await stack.goals(v1);
});
afterAll(async () => {
  await stack?.close();
});

const only = () => stack.only();

test("the program registers one resource with the real __provider: small, no path, no credential", () => {
  expect(goals).toHaveLength(1);
  const [goal] = goals;
  expect(goal.type).toBe(TYPE);
  expect(goal.name).toBe("ca");
  const provider = goal.inputs.__provider as string;
  expect(Buffer.byteLength(provider)).toBeLessThan(4096);
  expect(provider).toContain('require("pulumi-ngrok-dynamic/provider")');
  expect(provider).not.toContain(REPO);
  expect(provider).not.toMatch(/["'`]\/(?:work|home|root|tmp|Users|var)\//);
  expect(provider).not.toContain(stack.emulator.apiKey);
  expect({ ...goal.inputs, __provider: undefined }).toEqual({ ...v1, __provider: undefined });
});

test("preview of a new CA: Check only, no API request", async () => {
  const requests = await stack.requestsDuring(async () => {
    expect(await stack.deployment.preview(goals)).toEqual([
      { urn: stack.deployment.urnOf(goals[0]), op: "create" },
    ]);
  });
  expect(requests).toEqual([]);
  expect(stack.host.calls).toEqual(["Configure", "Check"]);
});

test("up creates the CA with one POST; outputs hold the key parameters and ngrok's values", async () => {
  const requests = await stack.requestsDuring(() => stack.deployment.up(goals));
  expect(requests).toEqual(["POST /ssh_certificate_authorities"]);
  const state = only();
  expect(state.id).toMatch(/^sshca_[0-9A-Za-z]{27}$/);
  expect(state.inputs).toEqual({ ...v1, __provider: goals[0].inputs.__provider });
  const { __provider, publicKey, createdAt, ...rest } = state.outputs;
  expect(__provider).toBe(goals[0].inputs.__provider);
  expect(rest).toEqual({
    ...v1,
    keyType: "ecdsa",
    uri: `${stack.emulator.url}/ssh_certificate_authorities/${state.id}`,
  });
  expect(createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const key = sshpk.parseKey(publicKey as string, "ssh");
  expect([key.type, key.size]).toEqual(["ecdsa", 384]);
  expect(stack.emulator.snapshot().sshCertificateAuthorities).toEqual([
    expect.objectContaining({
      id: state.id,
      public_key: publicKey,
      description: "hosts v1",
      metadata: '{"v":1}',
    }),
  ]);
});

test("refresh reads with one GET and finds nothing changed", async () => {
  const before = structuredClone(only());
  const requests = await stack.requestsDuring(() => stack.deployment.refresh());
  expect(requests).toEqual([`GET /ssh_certificate_authorities/${before.id}`]);
  expect(only()).toEqual(before);
});

test("re-deploying the same program: Diff reports no change, no API request", async () => {
  const again = await stack.goals(v1);
  const requests = await stack.requestsDuring(async () => {
    const steps = await stack.deployment.up(again);
    expect(steps.map((s) => s.op)).toEqual(["same"]);
  });
  expect(requests).toEqual([]);
});

test("a new description and metadata update in place with one PATCH", async () => {
  const { id } = only();
  const v2 = await stack.goals({ ...v1, description: "hosts v2", metadata: "" });
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.up(v2)).map((s) => s.op)).toEqual(["update"]);
  });
  expect(requests).toEqual([`PATCH /ssh_certificate_authorities/${id}`]);
  expect(only().id).toBe(id);
  expect(only().outputs.description).toBe("hosts v2");
  expect(only().outputs).not.toHaveProperty("metadata");
  const [ca] = stack.emulator.snapshot().sshCertificateAuthorities;
  expect(ca.description).toBe("hosts v2");
  expect(ca).not.toHaveProperty("metadata");
  goals = v2;
});

test("a change made outside Pulumi shows up on refresh and the next up sets it back", async () => {
  const { id } = only();
  expect(
    (
      await callApi(stack.emulator, "PATCH", `/ssh_certificate_authorities/${id}`, {
        description: "edited by hand",
      })
    ).status,
  ).toBe(200);
  const requests = await stack.requestsDuring(() => stack.deployment.refresh());
  expect(requests).toEqual([`GET /ssh_certificate_authorities/${id}`]);
  expect(only().outputs.description).toBe("edited by hand");
  expect(only().inputs.description).toBe("edited by hand");

  expect((await stack.deployment.preview(goals)).map((s) => s.op)).toEqual(["update"]);
  const fix = await stack.requestsDuring(() => stack.deployment.up(goals));
  expect(fix).toEqual([`PATCH /ssh_certificate_authorities/${id}`]);
  expect(stack.emulator.snapshot().sshCertificateAuthorities[0].description).toBe("hosts v2");
});

test("a new curve replaces the CA: the new one is created before the old one is deleted", async () => {
  const old = only();
  const p521 = await stack.goals({
    ...v1,
    ellipticCurve: "p521",
    description: "hosts v2",
    metadata: "",
  });
  const requests = await stack.requestsDuring(async () => {
    const steps = await stack.deployment.up(p521);
    expect(steps).toEqual([{ urn: old.urn, op: "replace", replaces: ["ellipticCurve"] }]);
  });
  expect(requests).toEqual([
    "POST /ssh_certificate_authorities",
    `DELETE /ssh_certificate_authorities/${old.id}`,
  ]);
  const now = only();
  expect(now.id).not.toBe(old.id);
  expect(sshpk.parseKey(now.outputs.publicKey as string, "ssh").size).toBe(521);
  expect(stack.emulator.snapshot().sshCertificateAuthorities.map((ca) => ca.id)).toEqual([now.id]);
  goals = p521;
});

test("a CA deleted outside Pulumi leaves the state on refresh; the next up creates it again", async () => {
  const { id } = only();
  expect(
    (await callApi(stack.emulator, "DELETE", `/ssh_certificate_authorities/${id}`)).status,
  ).toBe(204);
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.refresh()).map((s) => s.op)).toEqual(["read-gone"]);
  });
  expect(requests).toEqual([`GET /ssh_certificate_authorities/${id}`]);
  expect(stack.deployment.resources.size).toBe(0);

  const recreate = await stack.requestsDuring(() => stack.deployment.up(goals));
  expect(recreate).toEqual(["POST /ssh_certificate_authorities"]);
  expect(stack.emulator.snapshot().sshCertificateAuthorities.map((ca) => ca.id)).toEqual([
    only().id,
  ]);
});

test("invalid arguments fail at Check, before any API request, naming the property and the rule", async () => {
  const bad = await stack.goals({
    privateKeyType: "ed25519",
    keySize: "2048",
    description: "x".repeat(300),
  });
  const before = stack.emulator.requests.length;
  const error = await stack.deployment.preview(bad).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CheckFailedError);
  expect((error as CheckFailedError).failures).toEqual([
    {
      property: "keySize",
      reason: 'keySize applies only when privateKeyType is "rsa"; privateKeyType is "ed25519"',
    },
    {
      property: "description",
      reason: "description must be at most 255 bytes of UTF-8; it is 300 bytes",
    },
  ]);
  expect(stack.emulator.requests.length).toBe(before);
});

test("destroy deletes the CA with one DELETE and leaves the emulator empty", async () => {
  const { id } = only();
  const requests = await stack.requestsDuring(() => stack.deployment.destroy());
  expect(requests).toEqual([`DELETE /ssh_certificate_authorities/${id}`]);
  expect(stack.emulator.snapshot().sshCertificateAuthorities).toEqual([]);
  expect(stack.host.stderr).not.toContain(stack.emulator.apiKey);
});
