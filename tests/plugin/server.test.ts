/**
 * The provider plugin's protocol handlers (plugin/server.ts), driven over gRPC as the engine drives
 * them (tools/devtools/providerHost.ts with the plugin's executable), against the emulator: the calls
 * `@pulumi/pulumi/provider`'s own server gets wrong (CheckConfig, DiffConfig, Configure's values,
 * Read with an id alone as `pulumi import` sends it), the schema, the lookups, the inputs the
 * Node.js classes add in the program, Check's language-neutral hints (no JavaScript in a rule
 * message), and Cancel. DiffConfig's detailed diff is asserted on plugin/settings.ts directly.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { PLUGIN_EXECUTABLE, pluginBinDir } from "../../dist/tools/devtools/pluginBin";
import {
  makeUrn,
  type ProviderHost,
  startProviderHost,
} from "../../dist/tools/devtools/providerHost";
import { callApi, createEdgeWithRoutes } from "../support/emulatorApi";
import { readIdpMetadata } from "../support/fixtures";
import * as keys from "../support/sshKeys";
import { REPO } from "../support/repo";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { toStruct } from "../../plugin/properties";
import { configDiff } from "../../plugin/settings";

const urn = (type: string, name: string) =>
  makeUrn("dev", "imports", `ngrok-dynamic:index:${type}`, name);

let emulator: RunningEmulator;
let plugin: ProviderHost;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  plugin = await startProviderHost({
    cwd: REPO,
    project: "imports",
    executable: path.join(pluginBinDir(), PLUGIN_EXECUTABLE),
  });
  await plugin.configure({ apiKey: emulator.apiKey, apiBaseUrl: emulator.url });
});
afterAll(async () => {
  await plugin?.close();
  await emulator?.close();
});

test("GetSchema answers the generated schema.json", async () => {
  expect(await plugin.getSchema()).toBe(fs.readFileSync(path.join(REPO, "schema.json"), "utf8"));
});

test("CheckConfig refuses a bad setting, naming it under the plugin's namespace", async () => {
  expect(await plugin.checkConfig({ apiKey: "k", apiBaseUrl: "https://api.ngrok.com" })).toEqual(
    [],
  );
  const failures = await plugin.checkConfig({
    retryMaxAttempts: "0",
    apiBaseUrl: "ftp://example.com",
    ownershipMarker: "maybe",
    adoptExistingIds: "[1]",
  });
  expect(failures.map((f) => f.property).sort()).toEqual([
    "adoptExistingIds",
    "apiBaseUrl",
    "ownershipMarker",
    "retryMaxAttempts",
  ]);
  const reason = (property: string) => failures.find((f) => f.property === property)?.reason;
  expect(reason("retryMaxAttempts")).toMatch(
    /^ngrok-dynamic:retryMaxAttempts \(or NGROK_RETRY_MAX_ATTEMPTS\) must be an integer from 1 to 100, got "0"$/,
  );
  expect(reason("apiBaseUrl")).toMatch(/from ngrok-dynamic:apiBaseUrl or NGROK_API_BASE_URL/);
  expect(reason("ownershipMarker")).toBe(
    'ngrok-dynamic:ownershipMarker must be true or false, got "maybe"',
  );
});

test("CheckConfig refuses a key that is no setting, naming the one it probably meant (issue #38 §2)", async () => {
  const failures = await plugin.checkConfig({
    apikey: "k", // wrong case: without the refusal, NGROK_API_KEY (maybe another account's) is used
    apiBaseUrll: "https://api.ngrok.com",
    colour: "blue",
    version: "0.2.0", // the engine's own key
  });
  expect(failures.map((f) => f.property).sort()).toEqual(["apiBaseUrll", "apikey", "colour"]);
  const reason = (property: string) => failures.find((f) => f.property === property)?.reason;
  expect(reason("apikey")).toMatch(
    /^ngrok-dynamic:apikey is not a setting of pulumi-ngrok-dynamic; did you mean ngrok-dynamic:apiKey\? Its settings are ngrok-dynamic:apiKey, ngrok-dynamic:apiBaseUrl, /,
  );
  expect(reason("apiBaseUrll")).toMatch(/did you mean ngrok-dynamic:apiBaseUrl\?/);
  expect(reason("colour")).not.toMatch(/did you mean/);
  // The value of a mistyped key (maybe a credential) is never quoted.
  expect(failures.map((f) => f.reason).join("\n")).not.toMatch(/"k"|blue/);
});

test("DiffConfig names the settings that changed", async () => {
  expect(
    await plugin.diffConfig({ apiBaseUrl: "a", apiKey: "k" }, { apiBaseUrl: "b", apiKey: "k" }),
  ).toEqual(["apiBaseUrl"]);
  expect(await plugin.diffConfig({ apiKey: "k" }, { apiKey: "k" })).toEqual([]);
});

test("DiffConfig's detailed diff names each changed setting, a changed secret too, never a value", () => {
  const request = new provproto.DiffRequest();
  request.setOlds(
    toStruct({ apiKey: "old-key", apiBaseUrl: "a", retryMaxAttempts: "3" }, new Set(["apiKey"])),
  );
  request.setNews(
    toStruct(
      { apiKey: "new-key", apiBaseUrl: "a", maxRequestsPerMinute: "60" },
      new Set(["apiKey"]),
    ),
  );
  const response = configDiff(request);
  const { Kind } = provproto.PropertyDiff;
  expect(response.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_SOME);
  expect(response.getDiffsList()).toEqual(["apiKey", "maxRequestsPerMinute", "retryMaxAttempts"]);
  expect(response.getHasdetaileddiff()).toBe(true);
  const detailed = response.getDetaileddiffMap();
  expect(
    ["apiKey", "maxRequestsPerMinute", "retryMaxAttempts"].map((key) => [
      detailed.get(key)?.getKind(),
      detailed.get(key)?.getInputdiff(),
    ]),
  ).toEqual([
    [Kind.UPDATE, true],
    [Kind.ADD, true],
    [Kind.DELETE, true],
  ]);
  expect(detailed.getLength()).toBe(3);
  expect(Buffer.from(response.serializeBinary()).toString("latin1")).not.toMatch(/old-key|new-key/);

  const same = new provproto.DiffRequest();
  same.setOlds(toStruct({ apiKey: "k" }, new Set(["apiKey"])));
  same.setNews(toStruct({ apiKey: "k" }, new Set(["apiKey"])));
  expect(configDiff(same).getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_NONE);
  expect(configDiff(same).getDetaileddiffMap().getLength()).toBe(0);
});

test("Check's rule messages give a language-neutral hint, not JavaScript", async () => {
  const { failures } = await plugin.check(
    urn("SshUserCertificate", "deploy"),
    {},
    {
      sshCertificateAuthorityId: "sshca_2ZpXGdAbcDef0123456789abc",
      publicKey: keys.ED25519,
      principals: ["deploy"],
      validUntil: "30d",
    },
  );
  expect(failures).toEqual([
    {
      property: "validUntil",
      reason:
        'validUntil must be an RFC 3339 timestamp, not a relative duration ("30d"): write the ' +
        "instant itself, an RFC 3339 timestamp with a time and an offset such as " +
        "2027-01-01T00:00:00Z (a fixed date, or one your program computes)",
    },
  ]);
  const saml = await plugin.check(
    urn("HttpsEdgeRouteSaml", "sso"),
    {},
    { edgeId: "edghts_1", routeId: "edghtsrt_1", idpMetadata: "./okta-metadata.xml" },
  );
  expect(saml.failures.map((f) => f.reason).join("\n")).toMatch(
    /looks like a file path: pass the content of the file, not its name, e\.g\. the metadata document's XML text, read from the file as UTF-8 \(in YAML: idpMetadata: \{ fn::readFile: "\.\/okta-metadata\.xml" \}\)/,
  );
  expect(JSON.stringify([failures, saml.failures])).not.toMatch(/toISOString|readFileSync/);
});

test("Read with an id alone (pulumi import) reads each resource, and its inputs reproduce it", async () => {
  const ca = (
    await callApi(emulator, "POST", "/ssh_certificate_authorities", {
      private_key_type: "ecdsa",
      elliptic_curve: "p384",
      description: "made outside Pulumi",
    })
  ).body as { id: string; public_key: string };
  const host = (
    await callApi(emulator, "POST", "/ssh_host_certificates", {
      ssh_certificate_authority_id: ca.id,
      public_key: keys.ED25519,
      principals: ["web1"],
    })
  ).body as { id: string };
  const user = (
    await callApi(emulator, "POST", "/ssh_user_certificates", {
      ssh_certificate_authority_id: ca.id,
      public_key: keys.ECDSA_P256,
      principals: ["deploy"],
    })
  ).body as { id: string };
  const {
    edgeId,
    routeIds: [routeId],
  } = await createEdgeWithRoutes(emulator, 1);
  await callApi(emulator, "PUT", `/edges/https/${edgeId}/routes/${routeId}/saml`, {
    idp_metadata: readIdpMetadata("okta.xml"),
  });

  const caRead = await plugin.read(urn("SshCertificateAuthority", "ca"), ca.id, {}, {});
  expect(caRead.id).toBe(ca.id);
  expect(caRead.properties).toMatchObject({
    privateKeyType: "ecdsa",
    ellipticCurve: "p384",
    description: "made outside Pulumi",
    publicKey: ca.public_key,
  });
  expect(caRead.inputs).toEqual({
    privateKeyType: "ecdsa",
    ellipticCurve: "p384",
    description: "made outside Pulumi",
  });
  // The inputs read back pass check and are no change: what pulumi import checks.
  const checked = await plugin.check(
    urn("SshCertificateAuthority", "ca"),
    caRead.inputs!,
    caRead.inputs!,
  );
  expect(checked.failures).toEqual([]);
  const diff = await plugin.diff(
    urn("SshCertificateAuthority", "ca"),
    ca.id,
    caRead.properties,
    checked.inputs,
    caRead.inputs!,
  );
  expect(diff.changes).toBe("none");

  const hostRead = await plugin.read(urn("SshHostCertificate", "web1"), host.id, {}, {});
  expect(hostRead.properties).toMatchObject({
    sshCertificateAuthorityId: ca.id,
    principals: ["web1"],
  });
  expect(hostRead.inputs).toMatchObject({ sshCertificateAuthorityId: ca.id, principals: ["web1"] });
  const userRead = await plugin.read(urn("SshUserCertificate", "deploy"), user.id, {}, {});
  expect(userRead.properties).toMatchObject({
    principals: ["deploy"],
    extensions: { "permit-pty": "", "permit-user-rc": "" },
  });

  const id = `${edgeId}/${routeId}`;
  const samlRead = await plugin.read(urn("HttpsEdgeRouteSaml", "sso"), id, {}, {});
  expect(samlRead.id).toBe(id);
  expect(samlRead.inputs).toMatchObject({
    edgeId,
    routeId,
    idpMetadata: readIdpMetadata("okta.xml"),
  });
  expect(samlRead.properties.entityId).toMatch(/^http/);

  const gone = await plugin.read(
    urn("SshCertificateAuthority", "x"),
    "sshca_0000000000000000000000000000",
    {},
    {},
  );
  expect(gone.id).toBe("");
});

test("Invoke runs the lookups", async () => {
  const ca = (
    await callApi(emulator, "POST", "/ssh_certificate_authorities", {
      private_key_type: "ed25519",
      description: "looked up",
    })
  ).body as { id: string; public_key: string };
  expect(
    await plugin.invoke("ngrok-dynamic:index:getSshCertificateAuthority", { id: ca.id }),
  ).toMatchObject({
    id: ca.id,
    privateKeyType: "ed25519",
    publicKey: ca.public_key,
  });
  const list = await plugin.invoke("ngrok-dynamic:index:getSshCertificateAuthorities", {
    description: "looked up",
  });
  expect((list.sshCertificateAuthorities as { id: string }[]).map((c) => c.id)).toEqual([ca.id]);
});

test("Check adds what the Node.js classes add in the program: the SAML module's claim owner", async () => {
  const {
    edgeId,
    routeIds: [routeId],
  } = await createEdgeWithRoutes(emulator, 1);
  const { inputs, failures } = await plugin.check(
    urn("HttpsEdgeRouteSaml", "sso"),
    {},
    {
      edgeId,
      routeId,
      idpMetadata: readIdpMetadata("okta.xml"),
    },
  );
  expect(failures).toEqual([]);
  expect(inputs.claimedBy).toBe("imports/dev/sso");
});

test("after Cancel, later calls are served: Cancel stops only the work in flight", async () => {
  const other = await startProviderHost({
    cwd: REPO,
    project: "imports",
    executable: path.join(pluginBinDir(), PLUGIN_EXECUTABLE),
  });
  try {
    await other.configure({ apiKey: emulator.apiKey, apiBaseUrl: emulator.url });
    await other.cancel();
    // A later run on the same plugin (an attached one): schema, Check, Create, Diff, Read.
    expect(JSON.parse(await other.getSchema())).toHaveProperty("name", "ngrok-dynamic");
    const ca = urn("SshCertificateAuthority", "late");
    const checked = await other.check(ca, {}, { privateKeyType: "ed25519" });
    expect(checked.failures).toEqual([]);
    const before = emulator.requests.length;
    const created = await other.create(ca, checked.inputs);
    expect(created.id).toMatch(/^sshca_/);
    expect(emulator.requests.length).toBe(before + 1);
    const diff = await other.diff(
      ca,
      created.id,
      created.properties,
      checked.inputs,
      checked.inputs,
    );
    expect(diff.changes).toBe("none");
    const read = await other.read(ca, created.id, created.properties, checked.inputs);
    expect(read.id).toBe(created.id);
    await other.delete(ca, created.id, created.properties, checked.inputs);
  } finally {
    await other.close();
  }
});
