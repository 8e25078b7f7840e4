/**
 * The engine's path for SshUserCertificate (the real resource class under setMocks, Pulumi's own
 * dynamic-provider host over gRPC, the emulator): what differs from a host certificate, ngrok's
 * default extensions and validity that the program leaves out and that must never show as a
 * change, and the maps that replace the certificate. The shared steps are in
 * sshHostCertificate.engine.test.ts.
 */
import type { ResourceGoal } from "../../dist/tools/devtools/deployment";
import { createCa, decodeCertificate } from "../support/sshCertificates";
import * as keys from "../support/sshKeys";
import { startTestStack, type TestStack } from "../support/stack";

const TYPE = "pulumi-nodejs:dynamic/ngrok:SshUserCertificate";
const PATH = "/ssh_user_certificates";
const DEFAULT_EXTENSIONS = { "permit-pty": "", "permit-user-rc": "" };

let stack: TestStack;
let ca: { id: string; publicKey: string };
let v1: Record<string, string>;
let goals: ResourceGoal[];

beforeAll(async () => {
  stack = await startTestStack("tests/programs/sshUserCertificate", "engine-ssh-user-certificate");
  ca = await createCa(stack.emulator);
  v1 = {
    sshCertificateAuthorityId: ca.id,
    publicKey: keys.ED25519,
    principals: JSON.stringify(["deploy"]),
    criticalOptions: JSON.stringify({ "force-command": "/usr/bin/deploy" }),
  };
  goals = await stack.goals(v1);
});
afterAll(async () => {
  await stack?.close();
});

const only = () => stack.only();

test("up signs with one POST; ngrok's extensions and 24 hours are in the outputs and the certificate", async () => {
  expect(goals.map((g) => g.type)).toEqual([TYPE]);
  const requests = await stack.requestsDuring(() => stack.deployment.up(goals));
  expect(requests).toEqual([`POST ${PATH}`]);
  const { id, inputs, outputs } = only();
  expect(id).toMatch(/^sucrt_/);
  expect(inputs).not.toHaveProperty("extensions");
  expect(outputs).toMatchObject({
    criticalOptions: { "force-command": "/usr/bin/deploy" },
    extensions: DEFAULT_EXTENSIONS,
  });
  const hours =
    (Date.parse(outputs.validUntil as string) - Date.parse(outputs.validAfter as string)) /
    3600_000;
  expect(hours).toBe(24);
  const decoded = decodeCertificate(outputs.certificate as string, ca.publicKey);
  expect(decoded).toMatchObject({
    type: "user",
    keyId: id,
    principals: ["deploy"],
    signedByCa: true,
  });
  expect(decoded.extensions).toEqual(DEFAULT_EXTENSIONS);
  expect(decoded.criticalOptions).toEqual({ "force-command": "/usr/bin/deploy" });
});

test("what ngrok filled is no change: after refresh, the same program is the same, with no request", async () => {
  expect((await stack.deployment.refresh()).map((s) => s.op)).toEqual(["same"]);
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.up(await stack.goals(v1))).map((s) => s.op)).toEqual(["same"]);
  });
  expect(requests).toEqual([]);
});

test("declared extensions replace the certificate; declaring the same ones again is no change", async () => {
  const old = only();
  const config = { ...v1, extensions: JSON.stringify({ "permit-port-forwarding": "" }) };
  const requests = await stack.requestsDuring(async () => {
    expect(await stack.deployment.up(await stack.goals(config))).toEqual([
      { urn: old.urn, op: "replace", replaces: ["extensions"] },
    ]);
  });
  expect(requests).toEqual([`POST ${PATH}`, `DELETE ${PATH}/${old.id}`]);
  expect(only().outputs.extensions).toEqual({ "permit-port-forwarding": "" });
  expect((await stack.deployment.up(await stack.goals(config))).map((s) => s.op)).toEqual(["same"]);
});

test("an empty extensions map fails at Check, before any API request", async () => {
  const before = stack.emulator.requests.length;
  const error = await stack.deployment
    .preview(await stack.goals({ ...v1, extensions: "{}" }))
    .catch((e: unknown) => e);
  expect((error as Error).message).toMatch(/extensions: extensions must not be empty/);
  expect(stack.emulator.requests.length).toBe(before);
});

test("destroy deletes the certificate with one DELETE", async () => {
  const { id } = only();
  const requests = await stack.requestsDuring(() => stack.deployment.destroy());
  expect(requests).toEqual([`DELETE ${PATH}/${id}`]);
  expect(stack.emulator.snapshot().sshUserCertificates).toEqual([]);
});
