/**
 * The engine's path for reading and looking up SSH certificates a stack does not manage (program
 * tests/programs/sshCertificateLookups): the real resource classes and lookup functions run under
 * setMocks in a program process of their own, as Pulumi's language host runs them, and Pulumi's
 * own dynamic-provider host is driven over gRPC with the engine's Read for a `get` (its
 * ReadResource step), against the emulator.
 */
import { callApi } from "../support/emulatorApi";
import { createCa } from "../support/sshCertificates";
import * as keys from "../support/sshKeys";
import { REPO, startTestStack, type TestStack } from "../support/stack";

// As `pulumi up` with PULUMI_NODEJS_TRANSPILE_ONLY=true; `npm run typecheck` checks the program.
process.env.PULUMI_NODEJS_TRANSPILE_ONLY = "true";

const HOST = "/ssh_host_certificates";
const USER = "/ssh_user_certificates";
const HOST_TYPE = "pulumi-nodejs:dynamic/ngrok:SshHostCertificate";
const USER_TYPE = "pulumi-nodejs:dynamic/ngrok:SshUserCertificate";

let stack: TestStack;
let ca: { id: string };
let host: Record<string, unknown>;
let user: Record<string, unknown>;

beforeAll(async () => {
  stack = await startTestStack("tests/programs/sshCertificateLookups", "engine-ssh-lookups");
  ca = await createCa(stack.emulator);
  const other = await createCa(stack.emulator);
  const sign = async (path: string, body: Record<string, unknown>) => {
    const created = await callApi(stack.emulator, "POST", path, body);
    expect(created.status).toBe(201);
    return created.body;
  };
  host = await sign(HOST, {
    ssh_certificate_authority_id: ca.id,
    public_key: keys.ECDSA_P256,
    principals: ["web1.example.com"],
    description: "made by hand",
    metadata: '{"rack":"r1"}',
  });
  // Another CA's certificate for the same name, which the lookup's CA filter leaves out.
  await sign(HOST, {
    ssh_certificate_authority_id: other.id,
    public_key: keys.ED25519,
    principals: ["web1.example.com"],
  });
  user = await sign(USER, {
    ssh_certificate_authority_id: ca.id,
    public_key: keys.ED25519,
    principals: ["deploy"],
    critical_options: { "force-command": "/usr/bin/backup" },
  });
});
afterAll(async () => {
  await stack?.close();
});

test("SshHostCertificate.get and SshUserCertificate.get register reads with no inputs but __provider; Read through the host fills every output", async () => {
  const goals = await stack.goals({
    mode: "get",
    hostId: host.id as string,
    userId: user.id as string,
  });
  expect(goals.map((goal) => [goal.type, goal.name])).toEqual([
    [HOST_TYPE, "read-host"],
    [USER_TYPE, "read-user"],
  ]);
  for (const goal of goals) {
    expect(Object.keys(goal.inputs)).toEqual(["__provider"]);
    expect(goal.inputs.__provider).toContain('require("pulumi-ngrok-dynamic/provider")');
    expect(goal.inputs.__provider).not.toContain(REPO);
  }
  const reads: Record<string, unknown>[] = [];
  const requests = await stack.requestsDuring(async () => {
    for (const [goal, id] of [
      [goals[0], host.id],
      [goals[1], user.id],
    ] as const) {
      const read = await stack.host.read(
        stack.deployment.urnOf(goal),
        id as string,
        goal.inputs,
        goal.inputs,
      );
      expect(read.id).toBe(id);
      reads.push(read.properties);
    }
  });
  expect(requests).toEqual([`GET ${HOST}/${host.id}`, `GET ${USER}/${user.id}`]);
  expect(reads[0]).toMatchObject({
    sshCertificateAuthorityId: ca.id,
    publicKey: keys.ECDSA_P256,
    principals: ["web1.example.com"],
    validAfter: host.valid_after,
    validUntil: host.valid_until,
    description: "made by hand",
    metadata: '{"rack":"r1"}',
    certificate: host.certificate,
    keyType: "ecdsa",
    createdAt: host.created_at,
  });
  expect(reads[0]).not.toHaveProperty("extensions");
  expect(reads[1]).toMatchObject({
    principals: ["deploy"],
    criticalOptions: { "force-command": "/usr/bin/backup" },
    extensions: { "permit-pty": "", "permit-user-rc": "" },
    certificate: user.certificate,
  });
});

test('a get of a certificate that does not exist reads as gone (id ""): one GET, nothing else', async () => {
  const [goal] = await stack.goals({ mode: "get", hostId: "shcrt_2Znothere" });
  const requests = await stack.requestsDuring(async () => {
    const read = await stack.host.read(
      stack.deployment.urnOf(goal),
      "shcrt_2Znothere",
      goal.inputs,
      goal.inputs,
    );
    expect(read.id).toBe("");
  });
  expect(requests).toEqual([`GET ${HOST}/shcrt_2Znothere`]);
});

test("the lookup functions read the program's stack config and send only GETs", async () => {
  let outputs: Record<string, unknown> = {};
  const requests = await stack.requestsDuring(async () => {
    outputs = await stack.stackOutputs({
      mode: "lookup",
      hostId: host.id as string,
      userId: user.id as string,
      caId: ca.id,
      principal: "web1.example.com",
      "ngrok:apiKey": stack.emulator.apiKey,
      "ngrok:apiBaseUrl": stack.emulator.url,
    });
  });
  expect(requests.sort()).toEqual(
    [
      `GET ${HOST}`,
      `GET ${HOST}`,
      `GET ${USER}`,
      `GET ${HOST}/${host.id}`,
      `GET ${USER}/${user.id}`,
    ].sort(),
  );
  expect(outputs.lookedUp).toEqual({
    // The CA and the principal filter out the other CA's certificate for the same name.
    hosts: [host.id],
    hostsOutput: 1,
    users: [],
    host: {
      id: host.id,
      sshCertificateAuthorityId: ca.id,
      publicKey: keys.ECDSA_P256,
      principals: ["web1.example.com"],
      validAfter: host.valid_after,
      validUntil: host.valid_until,
      description: "made by hand",
      metadata: '{"rack":"r1"}',
      certificate: host.certificate,
      keyType: "ecdsa",
      uri: host.uri,
      createdAt: host.created_at,
    },
    user: expect.objectContaining({
      id: user.id,
      principals: ["deploy"],
      criticalOptions: { "force-command": "/usr/bin/backup" },
    }),
  });
  expect(JSON.stringify(outputs)).not.toContain(stack.emulator.apiKey);
});

test("the import resource option fails the program at construction, naming get and no adoption", async () => {
  const requests = await stack.requestsDuring(async () => {
    await expect(stack.goals({ mode: "import", hostId: host.id as string })).rejects.toThrow(
      `SshHostCertificate "imported": the import resource option is not supported, since Pulumi cannot import dynamic resources (pulumi/pulumi#3550). An existing SSH host certificate cannot be adopted: remove import, and this resource signs a new one (delete ${host.id as string} when it is no longer wanted; see "Import and adopt" in the resource's documentation); to read it without managing it, use SshHostCertificate.get("imported", "${host.id as string}").`,
    );
  });
  expect(requests).toEqual([]);
});
