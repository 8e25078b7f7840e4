/**
 * Taking over a crashed predecessor's object (provider/common/takeOver.ts, through the providers'
 * `create` and `delete`) against the emulator, with the ownership marker in the checked metadata:
 * the object an interrupted deployment made for the same resource (made here straight through the
 * API, as another process would have) is taken over with no POST; one with another key, another
 * owner or no marker is not; several are refused before any write.
 */
import { startEmulator, type RunningEmulator } from "../../../emulator/index";
import {
  resetStackConfig,
  sshCertificateAuthorityProvider as caProvider,
  sshHostCertificateProvider as hostProvider,
} from "../../../provider";
import { resetDeploymentIds } from "../../../provider/common/deploymentIds";
import { OwnershipMarkerConflictError } from "../../../provider/common/takeOver";
import { callApi } from "../../support/emulatorApi";
import { configureProvider } from "../../support/configureProvider";
import * as keys from "../../support/sshKeys";

const CA_PATH = "/ssh_certificate_authorities";
const OWNER =
  "organization/urn:pulumi:dev::p::pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority::ca";
const HOST_OWNER =
  "organization/urn:pulumi:dev::p::pulumi-nodejs:dynamic/ngrok:SshHostCertificate::h";

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
beforeEach(async () => {
  resetDeploymentIds();
  await configureProvider(emulator);
});
afterEach(async () => {
  // Every object a test left, certificates first (a CA that signed one cannot be deleted).
  const { sshHostCertificates, sshCertificateAuthorities } = emulator.snapshot();
  for (const c of sshHostCertificates)
    await callApi(emulator, "DELETE", `/ssh_host_certificates/${c.id}`);
  for (const ca of sshCertificateAuthorities)
    await callApi(emulator, "DELETE", `${CA_PATH}/${ca.id}`);
});
afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

const writes = (from: number) =>
  emulator.requests
    .slice(from)
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`);

async function checkedCa(extra: Record<string, unknown> = {}) {
  const { inputs, failures } = await caProvider.check(
    {},
    {
      privateKeyType: "ed25519",
      description: "prod CA",
      __provider: "p",
      ownedBy: OWNER,
      ...extra,
    },
  );
  expect(failures ?? []).toEqual([]);
  return defined(inputs);
}

function defined<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("expected a value");
  return value;
}

/** A CA made by "an interrupted deployment": straight through the API. */
async function predecessor(body: Record<string, unknown>) {
  const created = await callApi(emulator, "POST", CA_PATH, body);
  expect(created.status).toBe(201);
  return created.body as { id: string };
}

test("the CA an interrupted deployment made for this resource is taken over: no POST", async () => {
  const inputs = await checkedCa({ metadata: '{"team":"infra"}' });
  const earlier = await predecessor({
    private_key_type: "ed25519",
    description: "prod CA",
    metadata: inputs.metadata,
  });
  const from = emulator.requests.length;
  const { id, outs } = await caProvider.create(inputs);
  expect(id).toBe(earlier.id);
  expect(outs).toMatchObject({ description: "prod CA", metadata: inputs.metadata });
  expect(writes(from)).toEqual([]);
  // A later deployment (a new provider process) deletes it as any other.
  resetDeploymentIds();
  await caProvider.delete(id, defined(outs));
  expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
});

test("a predecessor whose description changed since is taken over and set as declared with one PATCH", async () => {
  const inputs = await checkedCa();
  const earlier = await predecessor({
    private_key_type: "ed25519",
    description: "old text",
    metadata: inputs.metadata,
  });
  const from = emulator.requests.length;
  const { id, outs } = await caProvider.create(inputs);
  expect(id).toBe(earlier.id);
  expect(defined(outs).description).toBe("prod CA");
  expect(writes(from)).toEqual([`PATCH ${CA_PATH}/${earlier.id}`]);
  expect(emulator.snapshot().sshCertificateAuthorities).toHaveLength(1);
});

test("a marked CA of another key type, another owner, or no marker is not taken: a POST creates one", async () => {
  const inputs = await checkedCa();
  const others = [
    await predecessor({ private_key_type: "rsa", metadata: inputs.metadata }),
    await predecessor({
      private_key_type: "ed25519",
      description: "prod CA",
      metadata: inputs.metadata?.replace("::ca", "::other"),
    }),
    await predecessor({ private_key_type: "ed25519", description: "prod CA" }),
  ];
  const from = emulator.requests.length;
  const { id, outs } = await caProvider.create(inputs);
  expect(others.map((o) => o.id)).not.toContain(id);
  expect(writes(from)).toEqual([`POST ${CA_PATH}`]);
  // This deployment's own object is never taken over a second time.
  const again = await caProvider.create(inputs);
  expect(again.id).not.toBe(id);
  expect(emulator.snapshot().sshCertificateAuthorities).toHaveLength(5);
  void outs;
});

test("two CAs carry this resource's marker: refused before any write, both named", async () => {
  const inputs = await checkedCa();
  const a = await predecessor({ private_key_type: "ed25519", metadata: inputs.metadata });
  const b = await predecessor({ private_key_type: "ed25519", metadata: inputs.metadata });
  const from = emulator.requests.length;
  const error = await caProvider.create(inputs).catch((e: unknown) => e);
  expect(OwnershipMarkerConflictError.isInstance(error)).toBe(true);
  expect((error as Error).message).toContain(`2 CAs carry the ownership marker of this resource`);
  expect((error as Error).message).toContain(a.id);
  expect((error as Error).message).toContain(b.id);
  expect(writes(from)).toEqual([]);
});

test("a delete in the same deployment leaves in place the object a create took over", async () => {
  const inputs = await checkedCa();
  const earlier = await predecessor({
    private_key_type: "ed25519",
    description: "prod CA",
    metadata: inputs.metadata,
  });
  const { id, outs } = await caProvider.create(inputs);
  expect(id).toBe(earlier.id);
  // The replaced resource's delete (same id): the new resource manages the CA now.
  await caProvider.delete(id, defined(outs));
  expect(emulator.snapshot().sshCertificateAuthorities.map((ca) => ca.id)).toEqual([id]);
});

test("a host certificate an interrupted deployment signed for this resource is taken over", async () => {
  const ca = await predecessor({ private_key_type: "ed25519" });
  const host = await hostProvider.check(
    {},
    {
      sshCertificateAuthorityId: ca.id,
      publicKey: keys.ED25519,
      principals: ["web1.example.com"],
      ownedBy: HOST_OWNER,
      __provider: "p",
    },
  );
  expect(host.failures ?? []).toEqual([]);
  const inputs = defined(host.inputs);
  const signed = await callApi(emulator, "POST", "/ssh_host_certificates", {
    ssh_certificate_authority_id: ca.id,
    public_key: keys.ED25519,
    principals: ["web1.example.com"],
    metadata: inputs.metadata,
  });
  expect(signed.status).toBe(201);
  // Another principal: signed otherwise, so not this resource's certificate.
  const other = await callApi(emulator, "POST", "/ssh_host_certificates", {
    ssh_certificate_authority_id: ca.id,
    public_key: keys.ED25519,
    principals: ["web2.example.com"],
    metadata: inputs.metadata,
  });
  const from = emulator.requests.length;
  const { id, outs } = await hostProvider.create(inputs);
  expect(id).toBe(signed.body.id);
  expect(writes(from)).toEqual([]);
  resetDeploymentIds();
  await hostProvider.delete(id, defined(outs));
  expect(emulator.snapshot().sshHostCertificates.map((c) => c.id)).toEqual([other.body.id]);
});
