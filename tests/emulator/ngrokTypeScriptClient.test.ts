/**
 * ngrok's official TypeScript API client (@ngrok/ngrok-api, unchanged) against the emulator: the
 * proof that a client written from ngrok's public API, not from this repository, works with it.
 *
 * One flaw of that client shows here as it does against api.ngrok.com: it parses every answer as
 * JSON, so each `delete` rejects on the empty body of the API's `204 No Content` (with a
 * SyntaxError from its own error handler) although the object is deleted. The tests assert the
 * deletion and that this is the only failure.
 */
import { generateKeyPairSync } from "node:crypto";
import { Ngrok } from "@ngrok/ngrok-api";
import sshpk from "sshpk";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { readIdpMetadata } from "../support/fixtures";

/** A delete through the official client: the object goes; the client trips over the empty 204. */
async function deleteWith(call: () => Promise<void>): Promise<void> {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error !== undefined) {
    // node-fetch's "invalid json response body", which the client's error handler then parses as JSON.
    expect(error).toBeInstanceOf(SyntaxError);
    expect((error as Error).message).toMatch(/"invalid js"\.\.\. is not valid JSON/);
  }
}

const OKTA = readIdpMetadata("okta.xml");
let emulator: RunningEmulator;
let ngrok: Ngrok;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  ngrok = new Ngrok({ apiToken: emulator.apiKey, baseUrl: emulator.url });
});
afterAll(async () => {
  await emulator?.close();
});

test("SSH certificate authorities: create, get, list across pages, update, delete", async () => {
  const created = [];
  for (const args of [
    { privateKeyType: "ed25519", description: "one" },
    { privateKeyType: "ecdsa", ellipticCurve: "p384", description: "two" },
    { privateKeyType: "rsa", keySize: 2048, description: "three", metadata: '{"k":3}' },
  ]) {
    created.push(await ngrok.sshCertificateAuthorities.create(args as never));
  }
  expect(created.map((ca) => [ca.keyType, sshpk.parseKey(ca.publicKey, "ssh").size])).toEqual([
    ["ed25519", 256],
    ["ecdsa", 384],
    ["rsa", 2048],
  ]);
  expect((await ngrok.sshCertificateAuthorities.get(created[2].id)).metadata).toBe('{"k":3}');

  const listed = await ngrok.sshCertificateAuthorities.list(undefined, "2");
  expect(listed.map((ca) => ca.id)).toEqual(created.map((ca) => ca.id).reverse());

  const updated = await ngrok.sshCertificateAuthorities.update({
    id: created[0].id,
    description: "renamed",
  });
  expect(updated.description).toBe("renamed");

  for (const ca of created) {
    await deleteWith(() => ngrok.sshCertificateAuthorities.delete(ca.id));
  }
  expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
});

test("SSH host and user certificates: create, get, list across pages, update, delete", async () => {
  const ca = await ngrok.sshCertificateAuthorities.create({ privateKeyType: "ed25519" } as never);
  const publicKey = sshpk
    .parseKey(
      generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "pem" }),
      "pem",
    )
    .toString("ssh");
  // The client's types say Date and Map, but its serializer walks objects key by key, so a Date
  // or a Map would go out as {}: the RFC 3339 strings and plain objects the API takes are sent.
  const host = [];
  for (const principals of [["a.example.com"], ["b.example.com", "10.0.0.2"], []]) {
    host.push(
      await ngrok.sshHostCertificates.create({
        sshCertificateAuthorityId: ca.id,
        publicKey,
        principals,
        validUntil: "2035-01-01T00:00:00Z",
        description: `host ${principals.length}`,
      } as never),
    );
  }
  expect(host[1]).toMatchObject({
    publicKey,
    keyType: "ed25519",
    sshCertificateAuthorityId: ca.id,
    principals: ["b.example.com", "10.0.0.2"],
    validUntil: "2035-01-01T00:00:00Z",
  });
  expect(host[1].certificate).toMatch(/^ssh-ed25519-cert-v01@openssh\.com AAAA\S+ shcrt_/);
  const user = await ngrok.sshUserCertificates.create({
    sshCertificateAuthorityId: ca.id,
    publicKey,
    principals: ["deploy"],
    criticalOptions: { "force-command": "uptime" },
    validAfter: "2030-01-01T00:00:00-05:00",
  } as never);
  // The client turns every key it reads into camelCase, the maps' keys too.
  expect(user).toMatchObject({
    criticalOptions: { forceCommand: "uptime" },
    extensions: { permitPty: "", permitUserRc: "" },
    validAfter: "2030-01-01T05:00:00Z",
    validUntil: "2030-01-02T05:00:00Z",
  });

  expect((await ngrok.sshHostCertificates.get(host[0].id)).certificate).toBe(host[0].certificate);
  expect((await ngrok.sshUserCertificates.get(user.id)).certificate).toBe(user.certificate);
  const listed = await ngrok.sshHostCertificates.list(undefined, "2");
  expect(listed.map((cert) => cert.id)).toEqual(host.map((cert) => cert.id).reverse());
  expect((await ngrok.sshUserCertificates.list()).map((cert) => cert.id)).toEqual([user.id]);

  const updated = await ngrok.sshHostCertificates.update({
    id: host[0].id,
    description: "renamed",
    metadata: '{"k":1}',
  });
  expect(updated).toMatchObject({ description: "renamed", metadata: '{"k":1}' });
  expect((await ngrok.sshUserCertificates.update({ id: user.id, metadata: "m" })).metadata).toBe(
    "m",
  );

  // A CA that signed certificates still there is not deleted (an error body the client parses).
  const caInUse = await ngrok.sshCertificateAuthorities.delete(ca.id).catch((e: unknown) => e);
  expect(caInUse).toMatchObject({ errorCode: "ERR_NGROK_1964", statusCode: 400 });
  for (const cert of host) {
    await deleteWith(() => ngrok.sshHostCertificates.delete(cert.id));
  }
  await deleteWith(() => ngrok.sshUserCertificates.delete(user.id));
  await deleteWith(() => ngrok.sshCertificateAuthorities.delete(ca.id));
  const snapshot = emulator.snapshot();
  expect(snapshot.sshHostCertificates).toEqual([]);
  expect(snapshot.sshUserCertificates).toEqual([]);
  expect(snapshot.sshCertificateAuthorities).toEqual([]);
});

test("SSH credentials: create, get, list across pages, update (acl too), delete", async () => {
  const keys = [1, 2, 3].map(
    (n) =>
      `${sshpk
        .parseKey(
          generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "pem" }),
          "pem",
        )
        .toString("ssh")} device${n}@example.com`,
  );
  const created = [];
  for (const [i, publicKey] of keys.entries()) {
    created.push(
      await ngrok.sshCredentials.create({
        publicKey,
        acl: i === 0 ? ["bind:1.tcp.ngrok.io:20002", "bind:132.devices.company.com"] : [],
        description: `device ${i}`,
        ...(i === 2 ? { ownerId: "bot_2cSjwF6w6AynjfPtm4Ww5xTdkId" } : {}),
      }),
    );
  }
  expect(created[0]).toMatchObject({
    publicKey: keys[0],
    acl: ["bind:1.tcp.ngrok.io:20002", "bind:132.devices.company.com"],
    description: "device 0",
    uri: `${emulator.url}/ssh_credentials/${created[0].id}`,
  });
  expect(created[0].id).toMatch(/^sshcr_/);
  expect(created[0].ownerId).toMatch(/^usr_/);
  expect(created[2].ownerId).toBe("bot_2cSjwF6w6AynjfPtm4Ww5xTdkId");
  expect(await ngrok.sshCredentials.get(created[1].id)).toEqual(created[1]);

  const listed = await ngrok.sshCredentials.list(undefined, "2");
  expect(listed.map((c) => c.id)).toEqual(created.map((c) => c.id).reverse());

  // The client sends the id in the body with the fields to change.
  const updated = await ngrok.sshCredentials.update({
    id: created[0].id,
    description: "renamed",
    acl: ["bind:*.example.com"],
  });
  expect(updated).toMatchObject({ description: "renamed", acl: ["bind:*.example.com"] });
  expect((await ngrok.sshCredentials.update({ id: created[0].id, acl: [] })).acl).toEqual([]);

  const duplicate = await ngrok.sshCredentials
    .create({ publicKey: keys[1], acl: [] })
    .catch((e: unknown) => e);
  expect(duplicate).toMatchObject({ errorCode: "ERR_NGROK_609", statusCode: 400 });
  // The same key again, but the ACL rule is checked first.
  const badRule = await ngrok.sshCredentials
    .create({ publicKey: keys[0].replace("device1", "x"), acl: ["connect:x"] })
    .catch((e: unknown) => e);
  expect(badRule).toMatchObject({ errorCode: "ERR_NGROK_600", statusCode: 400 });

  for (const credential of created) {
    await deleteWith(() => ngrok.sshCredentials.delete(credential.id));
  }
  expect(emulator.snapshot().sshCredentials).toEqual([]);
});

test("errors come back in the shape the client parses", async () => {
  const error = await ngrok.sshCertificateAuthorities
    .create({ privateKeyType: "rsa", keySize: 1024 } as never)
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ errorCode: "ERR_NGROK_1939", statusCode: 400 });
  expect((error as { details: Map<string, string> }).details.get("operationId")).toMatch(/^op_/);
});

test("HTTPS edge, route and SAML module: create, replace (the client's wrapped body), get, delete", async () => {
  const edge = await ngrok.edges.edgesHttps.create({
    description: "official client",
    hostports: ["app.example.com:443"],
  });
  const route = await ngrok.edges.edgesHttpsRoutes.create({
    edgeId: edge.id,
    matchType: "path_prefix",
    match: "/",
  });
  const module = await ngrok.edgeModules.edgeRouteSamlModule.replace({
    edgeId: edge.id,
    id: route.id,
    module: { idpMetadata: OKTA, authorizedGroups: ["eng"], forceAuthn: true } as never,
  });
  expect(module).toMatchObject({
    idpMetadata: OKTA,
    authorizedGroups: ["eng"],
    forceAuthn: true,
    entityId: `${emulator.url}/saml/${route.id}`,
    assertionConsumerServiceUrl: `${emulator.url}/saml/${route.id}/acs`,
  });
  expect(
    (await ngrok.edgeModules.edgeRouteSamlModule.get({ edgeId: edge.id, id: route.id })).entityId,
  ).toBe(module.entityId);
  await deleteWith(() =>
    ngrok.edgeModules.edgeRouteSamlModule.delete({ edgeId: edge.id, id: route.id }),
  );
  expect(emulator.snapshot().samlModules).toEqual([]);
});
