/**
 * The engine's path for SshHostCertificate: the real resource class runs under setMocks (from the
 * package as installed in node_modules) to produce `__provider` and the inputs, and Pulumi's own
 * dynamic-provider host is driven over gRPC with the calls the engine makes, against the
 * emulator. Every step asserts the outputs, the emulator's state and the API requests it cost.
 */
import type { ResourceGoal } from "../../dist/tools/devtools/deployment";
import { CheckFailedError } from "../../dist/tools/devtools/deployment";
import { callApi } from "../support/emulatorApi";
import { createCa, decodeCertificate } from "../support/sshCertificates";
import * as keys from "../support/sshKeys";
import { REPO, startTestStack, type TestStack } from "../support/stack";

const TYPE = "pulumi-nodejs:dynamic/ngrok:SshHostCertificate";
const PATH = "/ssh_host_certificates";

let stack: TestStack;
let ca: { id: string; publicKey: string };
let v1: Record<string, string>;
let goals: ResourceGoal[];

beforeAll(async () => {
  stack = await startTestStack("tests/programs/sshHostCertificate", "engine-ssh-host-certificate");
  ca = await createCa(stack.emulator);
  v1 = {
    sshCertificateAuthorityId: ca.id,
    publicKey: `${keys.ECDSA_P256}\n`,
    principals: JSON.stringify(["web1.example.com", "10.0.0.5"]),
    validUntil: "2031-01-01T00:00:00-05:00",
    description: "web1 v1",
  };
  goals = await stack.goals(v1);
});
afterAll(async () => {
  await stack?.close();
});

const only = () => stack.only();
const certificates = () => stack.emulator.snapshot().sshHostCertificates;

test("the program registers one resource with the real __provider: small, no path, no credential", () => {
  expect(goals).toHaveLength(1);
  const [goal] = goals;
  expect(goal.type).toBe(TYPE);
  expect(goal.name).toBe("web1");
  const provider = goal.inputs.__provider as string;
  expect(Buffer.byteLength(provider)).toBeLessThan(4096);
  expect(provider).toContain('require("pulumi-ngrok-dynamic/provider")');
  expect(provider).toContain("sshHostCertificateProvider");
  expect(provider).not.toContain(REPO);
  expect(provider).not.toContain(stack.emulator.apiKey);
  expect({ ...goal.inputs, __provider: undefined }).toEqual({
    ...v1,
    principals: ["web1.example.com", "10.0.0.5"],
    __provider: undefined,
  });
});

test("preview of a new certificate: Check only, no API request", async () => {
  const requests = await stack.requestsDuring(async () => {
    expect(await stack.deployment.preview(goals)).toEqual([
      { urn: stack.deployment.urnOf(goals[0]), op: "create" },
    ]);
  });
  expect(requests).toEqual([]);
  expect(stack.host.calls).toEqual(["Configure", "Check"]);
});

test("up signs the certificate with one POST; state holds the checked inputs and ngrok's values", async () => {
  const requests = await stack.requestsDuring(() => stack.deployment.up(goals));
  expect(requests).toEqual([`POST ${PATH}`]);
  const state = only();
  expect(state.id).toMatch(/^shcrt_[0-9A-Za-z]{27}$/);
  // check dropped the newline after the key.
  expect(state.inputs.publicKey).toBe(keys.ECDSA_P256);
  const { __provider, certificate, validAfter, createdAt, ...rest } = state.outputs;
  expect(__provider).toBe(goals[0].inputs.__provider);
  expect(rest).toEqual({
    sshCertificateAuthorityId: ca.id,
    publicKey: keys.ECDSA_P256,
    principals: ["web1.example.com", "10.0.0.5"],
    validUntil: "2031-01-01T05:00:00Z",
    description: "web1 v1",
    keyType: "ecdsa",
    uri: `${stack.emulator.url}${PATH}/${state.id}`,
  });
  expect(validAfter).toBe(createdAt);
  expect(decodeCertificate(certificate as string, ca.publicKey)).toMatchObject({
    type: "host",
    keyId: state.id,
    principals: ["web1.example.com", "10.0.0.5"],
    validAfter,
    validUntil: "2031-01-01T05:00:00Z",
    signedByCa: true,
  });
  expect(certificates()).toEqual([expect.objectContaining({ id: state.id, certificate })]);
});

test("refresh reads with one GET and finds nothing changed", async () => {
  const before = structuredClone(only());
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.refresh()).map((s) => s.op)).toEqual(["same"]);
  });
  expect(requests).toEqual([`GET ${PATH}/${before.id}`]);
  expect(only().outputs).toEqual(before.outputs);
});

test("re-deploying the same program: the offset, ngrok's validAfter and the key's newline are no change", async () => {
  const again = await stack.goals(v1);
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.up(again)).map((s) => s.op)).toEqual(["same"]);
  });
  expect(requests).toEqual([]);
});

test("a new description and metadata update in place with one PATCH; the certificate stays", async () => {
  const { id, outputs } = only();
  const v2 = await stack.goals({ ...v1, description: "web1 v2", metadata: '{"rack":4}' });
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.up(v2)).map((s) => s.op)).toEqual(["update"]);
  });
  expect(requests).toEqual([`PATCH ${PATH}/${id}`]);
  expect(only().outputs).toMatchObject({
    description: "web1 v2",
    metadata: '{"rack":4}',
    certificate: outputs.certificate,
  });
  goals = v2;
});

test("a change made outside Pulumi shows up on refresh and the next up sets it back", async () => {
  const { id } = only();
  expect((await callApi(stack.emulator, "PATCH", `${PATH}/${id}`, { metadata: "" })).status).toBe(
    200,
  );
  expect((await stack.deployment.refresh()).map((s) => s.op)).toEqual(["update"]);
  expect(only().outputs).not.toHaveProperty("metadata");
  expect((await stack.deployment.preview(goals)).map((s) => s.op)).toEqual(["update"]);
  const fix = await stack.requestsDuring(() => stack.deployment.up(goals));
  expect(fix).toEqual([`PATCH ${PATH}/${id}`]);
  expect(certificates()[0].metadata).toBe('{"rack":4}');
});

test("new principals replace the certificate: the new one is signed before the old one is deleted", async () => {
  const old = only();
  const v3 = await stack.goals({
    ...v1,
    description: "web1 v2",
    metadata: '{"rack":4}',
    principals: JSON.stringify(["web1.example.com"]),
  });
  const requests = await stack.requestsDuring(async () => {
    expect(await stack.deployment.up(v3)).toEqual([
      { urn: old.urn, op: "replace", replaces: ["principals"] },
    ]);
  });
  expect(requests).toEqual([`POST ${PATH}`, `DELETE ${PATH}/${old.id}`]);
  const now = only();
  expect(now.id).not.toBe(old.id);
  expect(now.outputs.principals).toEqual(["web1.example.com"]);
  expect(certificates().map((c) => c.id)).toEqual([now.id]);
  goals = v3;
});

test("a certificate deleted outside Pulumi leaves the state on refresh; the next up signs it again", async () => {
  const { id } = only();
  expect((await callApi(stack.emulator, "DELETE", `${PATH}/${id}`)).status).toBe(204);
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.refresh()).map((s) => s.op)).toEqual(["read-gone"]);
  });
  expect(requests).toEqual([`GET ${PATH}/${id}`]);
  expect(stack.deployment.resources.size).toBe(0);
  const recreate = await stack.requestsDuring(() => stack.deployment.up(goals));
  expect(recreate).toEqual([`POST ${PATH}`]);
  expect(certificates().map((c) => c.id)).toEqual([only().id]);
});

test("invalid arguments fail at Check, before any API request, naming the property and the rule", async () => {
  const bad = await stack.goals({
    ...v1,
    publicKey: keys.DSA_1024,
    validUntil: "30d",
    principals: JSON.stringify(["web1,web2"]),
  });
  const before = stack.emulator.requests.length;
  const error = await stack.deployment.preview(bad).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CheckFailedError);
  expect((error as CheckFailedError).failures.map((f) => f.property)).toEqual([
    "publicKey",
    "principals",
    "validUntil",
  ]);
  expect((error as CheckFailedError).failures[0].reason).toMatch(
    /^publicKey is a DSA key \(ssh-dss, 1024 bits\)/,
  );
  expect(stack.emulator.requests.length).toBe(before);
});

test("destroy deletes the certificate with one DELETE; the CA can then go", async () => {
  const { id } = only();
  const requests = await stack.requestsDuring(() => stack.deployment.destroy());
  expect(requests).toEqual([`DELETE ${PATH}/${id}`]);
  expect(certificates()).toEqual([]);
  expect(
    (await callApi(stack.emulator, "DELETE", `/ssh_certificate_authorities/${ca.id}`)).status,
  ).toBe(204);
  expect(stack.host.stderr).not.toContain(stack.emulator.apiKey);
});
