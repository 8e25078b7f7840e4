/**
 * The lookups behind the SDK's certificate lookup functions (provider/framework/implementation.ts,
 * through provider/sshHostCertificate/definition.ts and provider/sshUserCertificate/definition.ts), with a
 * client built from a stack config the caller hands over, as the program's process does, against
 * the emulator: GET requests only, every page of 250 host certificates, filters, retries,
 * refusals before any request.
 */
import type { RunningEmulator } from "../../../emulator/index";
import {
  listSshHostCertificates,
  listSshUserCertificates,
  lookupSshHostCertificate,
  lookupSshUserCertificate,
  NgrokApiError,
} from "../../../provider";
import { callApi } from "../../support/emulatorApi";
import {
  configuredClient,
  listedInThreePages,
  pagedListRetryTests,
  withLookupEmulator,
} from "../../support/lookupEmulator";
import { tracked } from "../../support/requestLog";
import * as keys from "../../support/sshKeys";

const CA = "/ssh_certificate_authorities";
const HOST = "/ssh_host_certificates";
const USER = "/ssh_user_certificates";

let emulator: RunningEmulator;
let caIds: [string, string];
/** The 250 host certificates and 5 user certificates, oldest first, as the API answered. */
const hosts: Record<string, unknown>[] = [];
const users: Record<string, unknown>[] = [];

const client = (extra: Record<string, string> = {}) => configuredClient(emulator, extra);
const newestFirst = (
  list: Record<string, unknown>[],
  keep: (c: Record<string, unknown>) => boolean,
) =>
  list
    .filter(keep)
    .map((c) => c.id)
    .reverse();

withLookupEmulator(async (started) => {
  emulator = started;
  const ca = async (description: string) =>
    (await callApi(emulator, "POST", CA, { private_key_type: "ed25519", description })).body
      .id as string;
  caIds = [await ca("hosts a"), await ca("hosts b")];
  for (let i = 0; i < 250; i++) {
    const created = await callApi(emulator, "POST", HOST, {
      ssh_certificate_authority_id: caIds[i % 7 === 0 ? 1 : 0],
      public_key: keys.ED25519,
      principals:
        i % 10 === 0 ? [`web${i}.example.com`, "shared.example.com"] : [`web${i}.example.com`],
      description: i % 25 === 0 ? "fleet" : `host ${i}`,
      ...(i % 50 === 1 ? { metadata: '{"rack":"r1"}' } : {}),
    });
    expect(created.status).toBe(201);
    hosts.push(created.body);
  }
  for (const [i, principals] of [
    ["deploy"],
    ["deploy", "ops"],
    [],
    ["ops"],
    ["deploy"],
  ].entries()) {
    const created = await callApi(emulator, "POST", USER, {
      ssh_certificate_authority_id: caIds[i % 2],
      public_key: keys.ECDSA_P256,
      principals,
      description: `user ${i}`,
      ...(i === 4 ? { critical_options: { "force-command": "/bin/true" } } : {}),
    });
    expect(created.status).toBe(201);
    users.push(created.body);
  }
}, 180000);

describe("listSshHostCertificates", () => {
  test("250 certificates are read across 3 pages of 100 through next_page_uri, with 3 GETs and nothing else", async () => {
    const value = await listedInThreePages(emulator, HOST, "shcrt_", hosts, () =>
      listSshHostCertificates(client()),
    );
    // Each with the outputs of the resource: the host certificate has no option maps.
    const oldest = hosts[0];
    expect(value[249]).toEqual({
      id: oldest.id,
      sshCertificateAuthorityId: caIds[1],
      publicKey: keys.ED25519,
      principals: ["web0.example.com", "shared.example.com"],
      validAfter: oldest.valid_after,
      validUntil: oldest.valid_until,
      description: "fleet",
      certificate: oldest.certificate,
      keyType: "ed25519",
      uri: oldest.uri,
      createdAt: oldest.created_at,
    });
  });

  test("filters: CA, description, metadata and principal, exactly; across every page", async () => {
    const ids = (list: { id: string }[]) => list.map((c) => c.id);
    const byCa = await listSshHostCertificates(client(), { sshCertificateAuthorityId: caIds[1] });
    expect(ids(byCa)).toEqual(
      newestFirst(hosts, (c) => c.ssh_certificate_authority_id === caIds[1]),
    );
    expect(byCa).toHaveLength(36); // every seventh of 250

    const fleet = await listSshHostCertificates(client(), { description: "fleet" });
    expect(ids(fleet)).toEqual(newestFirst(hosts, (c) => c.description === "fleet"));
    expect(fleet).toHaveLength(10);

    const rack = await listSshHostCertificates(client(), { metadata: '{"rack":"r1"}' });
    expect(ids(rack)).toEqual(newestFirst(hosts, (c) => c.metadata === '{"rack":"r1"}'));
    expect(rack).toHaveLength(5);

    const shared = await listSshHostCertificates(client(), {
      principal: "shared.example.com",
      sshCertificateAuthorityId: caIds[0],
    });
    expect(ids(shared)).toEqual(
      newestFirst(
        hosts,
        (c) =>
          (c.principals as string[]).includes("shared.example.com") &&
          c.ssh_certificate_authority_id === caIds[0],
      ),
    );
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.length).toBeLessThan(25);

    expect(await listSshHostCertificates(client(), { principal: "shared" })).toEqual([]);
    expect(await listSshHostCertificates(client(), { metadata: "" })).toHaveLength(245);
  });

  pagedListRetryTests(
    () => emulator,
    HOST,
    250,
    (c) => listSshHostCertificates(c),
  );
});

describe("listSshUserCertificates", () => {
  test("one page, one GET; the user certificates with their maps, filtered by principal and CA", async () => {
    const { value, calls } = await tracked(emulator, () => listSshUserCertificates(client()));
    expect(calls).toEqual([`GET ${USER}?limit=100 200`]);
    expect(value!.map((c) => c.id)).toEqual(users.map((c) => c.id).reverse());
    expect(value![0]).toMatchObject({
      id: users[4].id,
      principals: ["deploy"],
      criticalOptions: { "force-command": "/bin/true" },
      extensions: { "permit-pty": "", "permit-user-rc": "" },
    });
    const deploy = await listSshUserCertificates(client(), { principal: "deploy" });
    expect(deploy.map((c) => c.id)).toEqual([users[4].id, users[1].id, users[0].id]);
    const deployOfB = await listSshUserCertificates(client(), {
      principal: "deploy",
      sshCertificateAuthorityId: caIds[1],
    });
    expect(deployOfB.map((c) => c.id)).toEqual([users[1].id]);
  });
});

describe("lookupSshHostCertificate and lookupSshUserCertificate", () => {
  test("one GET each; the resource's outputs with the id", async () => {
    const host = hosts[42];
    const one = await tracked(emulator, () =>
      lookupSshHostCertificate(client(), host.id as string),
    );
    expect(one.calls).toEqual([`GET ${HOST}/${host.id} 200`]);
    expect(one.value).toEqual({
      id: host.id,
      sshCertificateAuthorityId: caIds[1],
      publicKey: keys.ED25519,
      principals: ["web42.example.com"],
      validAfter: host.valid_after,
      validUntil: host.valid_until,
      description: "host 42",
      certificate: host.certificate,
      keyType: "ed25519",
      uri: host.uri,
      createdAt: host.created_at,
    });

    const user = users[2];
    const other = await tracked(emulator, () =>
      lookupSshUserCertificate(client(), user.id as string),
    );
    expect(other.calls).toEqual([`GET ${USER}/${user.id} 200`]);
    expect(other.value).toEqual({
      id: user.id,
      sshCertificateAuthorityId: caIds[0],
      publicKey: keys.ECDSA_P256,
      principals: [],
      validAfter: user.valid_after,
      validUntil: user.valid_until,
      criticalOptions: {},
      extensions: { "permit-pty": "", "permit-user-rc": "" },
      description: "user 2",
      certificate: user.certificate,
      keyType: "ecdsa",
      uri: user.uri,
      createdAt: user.created_at,
    });
  });

  test("a GET answered 503 is asked again", async () => {
    const host = hosts[3];
    emulator.faults.add({ method: "GET", path: `${HOST}/${host.id}`, status: 503, count: 1 });
    const { value, calls } = await tracked(emulator, () =>
      lookupSshHostCertificate(client(), host.id as string),
    );
    expect(calls).toEqual([`GET ${HOST}/${host.id} 503`, `GET ${HOST}/${host.id} 200`]);
    expect(value?.id).toBe(host.id);
  });

  test("a certificate that does not exist: NgrokApiError 404 after one GET", async () => {
    const host = await tracked(emulator, () =>
      lookupSshHostCertificate(client(), "shcrt_2Znothere"),
    );
    expect(host.calls).toEqual([`GET ${HOST}/shcrt_2Znothere 404`]);
    expect(NgrokApiError.isInstance(host.error) && host.error.isNotFound).toBe(true);
    const user = await tracked(emulator, () =>
      lookupSshUserCertificate(client(), "sucrt_2Znothere"),
    );
    expect(user.calls).toEqual([`GET ${USER}/sucrt_2Znothere 404`]);
    expect(NgrokApiError.isInstance(user.error) && user.error.isNotFound).toBe(true);
  });

  test.each([
    [
      "host",
      "",
      'getSshHostCertificate: id must be an SSH host certificate id, "shcrt_" followed by letters and digits; got ""',
    ],
    [
      "host",
      "sucrt_2Zabc",
      'getSshHostCertificate: id must be an SSH host certificate id, "shcrt_" followed by letters and digits; got "sucrt_2Zabc"',
    ],
    ["host", "shcrt_../ssh_user_certificates", "getSshHostCertificate: id must be"],
    [
      "user",
      "shcrt_2Zabc",
      'getSshUserCertificate: id must be an SSH user certificate id, "sucrt_" followed by letters and digits; got "shcrt_2Zabc"',
    ],
    ["user", "sucrt_", "getSshUserCertificate: id must be"],
  ] as const)("a %s id %j is refused before any request", async (kind, id, message) => {
    const lookup = kind === "host" ? lookupSshHostCertificate : lookupSshUserCertificate;
    const { error, calls } = await tracked(emulator, () => lookup(client(), id));
    expect(calls).toEqual([]);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toContain(message);
  });
});
