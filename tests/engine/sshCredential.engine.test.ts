/**
 * The engine's path for SshCredential, in the fast tier: the real resource class runs under
 * setMocks (from the package as installed in node_modules) to produce `__provider` and the
 * inputs, and Pulumi's own dynamic-provider host is driven over gRPC with the calls the engine
 * makes, against the emulator: create, refresh, destroy, each with the API request it costs; and
 * the `import` option, refused by the class. The other steps run through the real CLI in
 * tests/automation/sshCredential.automation.test.ts.
 */
import { SshCredential } from "../../dist/sdk";
import { callApi } from "../support/emulatorApi";
import * as keys from "../support/sshKeys";
import { REPO, startTestStack, type TestStack } from "../support/stack";

const PATH = "/ssh_credentials";
const config = { publicKey: keys.ED25519, acl: '["bind:a.example.com"]', description: "v1" };

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack("tests/programs/sshCredential", "engine-ssh-credential");
});
afterAll(async () => {
  await stack?.close();
});

test("the class registers the declared inputs and the thin provider (small, no path, no key); preview sends nothing", async () => {
  const [goal] = await stack.goals(config);
  expect(goal.type).toBe("pulumi-nodejs:dynamic/ngrok:SshCredential");
  const provider = goal.inputs.__provider as string;
  expect(Buffer.byteLength(provider)).toBeLessThan(4096);
  expect(provider).toContain('require("pulumi-ngrok-dynamic/provider")');
  expect(provider).not.toContain(REPO);
  expect(provider).not.toContain(stack.emulator.apiKey);
  expect({ ...goal.inputs, __provider: undefined }).toEqual({
    publicKey: keys.ED25519,
    acl: ["bind:a.example.com"],
    description: "v1",
  });
  const requests = await stack.requestsDuring(async () => {
    expect(await stack.deployment.preview([goal])).toEqual([
      { urn: stack.deployment.urnOf(goal), op: "create" },
    ]);
  });
  expect(requests).toEqual([]);
});

test("up creates with one POST, refresh reads with one GET, destroy deletes with one DELETE", async () => {
  const goals = await stack.goals(config);
  expect(await stack.requestsDuring(() => stack.deployment.up(goals))).toEqual([`POST ${PATH}`]);
  const { id, outputs } = stack.only();
  const [live] = stack.emulator.snapshot().sshCredentials;
  expect({ ...outputs, __provider: undefined }).toEqual({
    publicKey: keys.ED25519,
    acl: ["bind:a.example.com"],
    description: "v1",
    ownerId: live.owner_id,
    uri: live.uri,
    createdAt: live.created_at,
    __provider: undefined,
  });
  expect(live.id).toBe(id);

  await callApi(stack.emulator, "PATCH", `${PATH}/${id}`, { description: "edited by hand" });
  expect(await stack.requestsDuring(() => stack.deployment.refresh())).toEqual([
    `GET ${PATH}/${id}`,
  ]);
  expect(stack.only().outputs.description).toBe("edited by hand");

  expect(await stack.requestsDuring(() => stack.deployment.destroy())).toEqual([
    `DELETE ${PATH}/${id}`,
  ]);
  expect(stack.emulator.snapshot().sshCredentials).toEqual([]);
  expect(stack.host.stderr).not.toContain(stack.emulator.apiKey);
});

test("the import option is refused at construction, saying what to do instead", () => {
  const id = "sshcr_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx";
  expect(() => new SshCredential("device", { publicKey: keys.ED25519 }, { import: id })).toThrow(
    `SshCredential "device": the import resource option is not supported, since Pulumi cannot ` +
      `import dynamic resources (pulumi/pulumi#3550). An existing SSH credential cannot be ` +
      `adopted: ngrok holds a key once, so delete ${id}, remove import, and this resource ` +
      `creates the credential again with the declared key (see "Import" in the resource's ` +
      `documentation); to read it without managing it, use SshCredential.get("device", "${id}").`,
  );
});
