/**
 * `Diff`'s detailed diff and the previews of `Create` and `Update` (issue #33 §5), over gRPC
 * against the emulator: each changed property as an update or a replacement (`ADD`/`DELETE`
 * variants as pulumi-go-provider answers them), `supportsPreview`, and the outputs a preview
 * answers: an update keeps the outputs ngrok computed, except those derived from an input that
 * changes (`derivedFrom`), a create leaves them unknown, and neither sends a request.
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { UNKNOWN } from "../../provider";
import { fromStruct, toStruct } from "../../plugin/properties";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { readIdpMetadata } from "../support/fixtures";
import * as harness from "./pluginProcess";

const CA = "ngrok-dynamic:index:SshCertificateAuthority";
const URN = `urn:pulumi:dev::diffs::${CA}::ca`;
const { Kind } = provproto.PropertyDiff;

let emulator: RunningEmulator;
let engine: harness.FakeEngine;
let plugin: harness.PluginProcess;
let supportsPreview: boolean;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  engine = await harness.startFakeEngine();
  plugin = await harness.startPlugin(engine.address);
  const request = new provproto.ConfigureRequest();
  request.setArgs(toStruct({ apiKey: emulator.apiKey, apiBaseUrl: emulator.url }));
  request.setAcceptsecrets(true);
  const response = await harness.call<provproto.ConfigureRequest, provproto.ConfigureResponse>(
    (r, cb) => plugin.client.configure(r, cb),
    request,
  );
  supportsPreview = response.getSupportspreview();
});
afterAll(async () => {
  await plugin?.close();
  engine?.kill();
  await emulator?.close();
});

/** Sets what the engine puts on every resource request. */
function addressed<
  T extends { setUrn(u: string): T; setType(t: string): T; setName(n: string): T },
>(request: T): T {
  return request.setUrn(URN).setType(CA).setName("ca");
}

async function checked(news: Record<string, unknown>): Promise<Record<string, unknown>> {
  const request = addressed(new provproto.CheckRequest());
  request.setOlds(toStruct({})).setNews(toStruct(news));
  const response = await harness.call<provproto.CheckRequest, provproto.CheckResponse>(
    (r, cb) => plugin.client.check(r, cb),
    request,
  );
  expect(response.getFailuresList()).toEqual([]);
  return fromStruct(response.getInputs()).values;
}

async function create(inputs: Record<string, unknown>, preview = false) {
  const request = addressed(new provproto.CreateRequest());
  request.setProperties(toStruct(inputs)).setPreview(preview);
  const response = await harness.call<provproto.CreateRequest, provproto.CreateResponse>(
    (r, cb) => plugin.client.create(r, cb),
    request,
  );
  return { id: response.getId(), outputs: fromStruct(response.getProperties()).values };
}

async function diff(id: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
  const request = addressed(new provproto.DiffRequest());
  request.setId(id).setOlds(toStruct(olds)).setNews(toStruct(news));
  return harness.call<provproto.DiffRequest, provproto.DiffResponse>(
    (r, cb) => plugin.client.diff(r, cb),
    request,
  );
}

/** The detailed diff as `{ property: [kind, inputDiff] }`. */
function detailed(response: provproto.DiffResponse): Record<string, [number, boolean]> {
  return Object.fromEntries(
    response
      .getDetaileddiffMap()
      .getEntryList()
      .map(([key]) => {
        const entry = response.getDetaileddiffMap().get(key)!;
        return [key, [entry.getKind(), entry.getInputdiff()]];
      }),
  );
}

test("Diff answers a detailed diff: update, replacement, add and delete, per property", async () => {
  const inputs = await checked({ privateKeyType: "ed25519", description: "v1" });
  const { id, outputs } = await create(inputs);

  const same = await diff(id, outputs, inputs);
  expect(same.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_NONE);
  expect([same.getHasdetaileddiff(), detailed(same)]).toEqual([true, {}]);

  const described = await diff(id, outputs, await checked({ ...inputs, description: "v2" }));
  expect(described.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_SOME);
  expect(described.getHasdetaileddiff()).toBe(true);
  expect(detailed(described)).toEqual({ description: [Kind.UPDATE, true] });
  expect(described.getReplacesList()).toEqual([]);

  const rekeyed = await diff(
    id,
    outputs,
    await checked({ privateKeyType: "ecdsa", description: "v2" }),
  );
  expect(rekeyed.getReplacesList()).toContain("privateKeyType");
  expect(detailed(rekeyed)).toMatchObject({
    privateKeyType: [Kind.UPDATE_REPLACE, true],
    description: [Kind.UPDATE, true],
  });

  const { description: _removed, ...withoutDescription } = inputs;
  const removed = await diff(id, outputs, await checked(withoutDescription));
  expect(detailed(removed)).toEqual({ description: [Kind.DELETE, true] });
  const { description: _absent, ...oldsWithout } = outputs;
  const added = await diff(id, oldsWithout, inputs);
  expect(detailed(added)).toEqual({ description: [Kind.ADD, true] });
});

test("Configure answers supportsPreview", () => {
  expect(supportsPreview).toBe(true);
});

test("a preview's create answers the inputs and leaves what ngrok computes unknown, sending nothing", async () => {
  const inputs = await checked({ privateKeyType: "ed25519", description: "planned" });
  const before = emulator.requests.length;
  const { id, outputs } = await create(inputs, true);
  expect(emulator.requests.length).toBe(before);
  expect(id).toBe("");
  expect(outputs).toMatchObject({ privateKeyType: "ed25519", description: "planned" });
  expect([outputs.publicKey, outputs.uri, outputs.createdAt]).toEqual([UNKNOWN, UNKNOWN, UNKNOWN]);
});

test("a preview's update keeps what ngrok computed known, with the new inputs applied, sending nothing", async () => {
  const inputs = await checked({ privateKeyType: "ed25519", description: "v1" });
  const { id, outputs } = await create(inputs);
  const news = await checked({ ...inputs, description: "v2" });
  const request = addressed(new provproto.UpdateRequest());
  request.setId(id).setOlds(toStruct(outputs)).setNews(toStruct(news)).setPreview(true);
  const before = emulator.requests.length;
  const response = await harness.call<provproto.UpdateRequest, provproto.UpdateResponse>(
    (r, cb) => plugin.client.update(r, cb),
    request,
  );
  expect(emulator.requests.length).toBe(before);
  const previewed = fromStruct(response.getProperties()).values;
  expect(previewed.description).toBe("v2");
  for (const name of ["publicKey", "keyType", "uri", "createdAt"]) {
    expect([name, previewed[name]]).toEqual([name, outputs[name]]);
    expect(previewed[name]).not.toBe(UNKNOWN);
  }
  // The same update for real answers the same outputs.
  request.setPreview(false);
  const real = await harness.call<provproto.UpdateRequest, provproto.UpdateResponse>(
    (r, cb) => plugin.client.update(r, cb),
    request,
  );
  expect(fromStruct(real.getProperties()).values).toEqual(previewed);
});

test("a preview's update shows an output derived from a changed input as unknown, the others known (issue #38 §4)", async () => {
  const SAML = "ngrok-dynamic:index:HttpsEdgeRouteSaml";
  const {
    edgeId,
    routeIds: [routeId],
  } = await createEdgeWithRoutes(emulator, 1);
  const saml = <T extends { setUrn(u: string): T; setType(t: string): T; setName(n: string): T }>(
    request: T,
  ) => request.setUrn(`urn:pulumi:dev::diffs::${SAML}::sso`).setType(SAML).setName("sso");
  const checkedSaml = async (news: Record<string, unknown>) => {
    const request = saml(new provproto.CheckRequest()).setOlds(toStruct({}));
    request.setNews(toStruct(news));
    const response = await harness.call<provproto.CheckRequest, provproto.CheckResponse>(
      (r, cb) => plugin.client.check(r, cb),
      request,
    );
    expect(response.getFailuresList()).toEqual([]);
    return fromStruct(response.getInputs()).values;
  };
  const inputs = await checkedSaml({ edgeId, routeId, idpMetadata: readIdpMetadata("okta.xml") });
  const created = await harness.call<provproto.CreateRequest, provproto.CreateResponse>(
    (r, cb) => plugin.client.create(r, cb),
    saml(new provproto.CreateRequest()).setProperties(toStruct(inputs)),
  );
  const outputs = fromStruct(created.getProperties()).values;
  expect(outputs.idpSigningCertificates).toHaveLength(1);
  const previewUpdate = async (news: Record<string, unknown>) => {
    const request = saml(new provproto.UpdateRequest()).setId(created.getId());
    request.setOlds(toStruct(outputs)).setNews(toStruct(news)).setPreview(true);
    const response = await harness.call<provproto.UpdateRequest, provproto.UpdateResponse>(
      (r, cb) => plugin.client.update(r, cb),
      request,
    );
    return fromStruct(response.getProperties()).values;
  };
  // Another IdP's metadata: the certificates read from it are not known until the update.
  const changed = await previewUpdate(
    await checkedSaml({ ...inputs, idpMetadata: readIdpMetadata("keycloak.xml") }),
  );
  expect(changed.idpSigningCertificates).toBe(UNKNOWN);
  for (const name of ["entityId", "assertionConsumerServiceUrl", "metadataUrl"]) {
    expect([name, changed[name]]).toEqual([name, outputs[name]]);
  }
  // Not known yet itself (another resource's output): the certificates are not either.
  expect((await previewUpdate({ ...inputs, idpMetadata: UNKNOWN })).idpSigningCertificates).toBe(
    UNKNOWN,
  );
  // Another input changed, the metadata kept (also with other line endings): still known.
  const kept = await previewUpdate(
    await checkedSaml({
      ...inputs,
      idpMetadata: String(inputs.idpMetadata).replace(/\n/g, "\r\n"),
      forceAuthn: true,
    }),
  );
  expect(kept.idpSigningCertificates).toEqual(outputs.idpSigningCertificates);
});

test("Diff compares the new inputs with the old inputs the engine sends, and applies ignoreChanges (issue #38 §8)", async () => {
  const inputs = await checked({ privateKeyType: "ed25519", description: "v1" });
  const { id, outputs } = await create(inputs);
  const diffWith = (
    olds: Record<string, unknown>,
    oldInputs: Record<string, unknown>,
    news: Record<string, unknown>,
    ignoreChanges: string[] = [],
  ) => {
    const request = addressed(new provproto.DiffRequest()).setId(id);
    request.setOlds(toStruct(olds)).setOldInputs(toStruct(oldInputs)).setNews(toStruct(news));
    request.setIgnorechangesList(ignoreChanges);
    return harness.call<provproto.DiffRequest, provproto.DiffResponse>(
      (r, cb) => plugin.client.diff(r, cb),
      request,
    );
  };
  const { DiffChanges } = provproto.DiffResponse;
  // The outputs say another description than the inputs did: the inputs are what the program
  // declared, and it declares the same again, so nothing changes.
  const sameInputs = await diffWith({ ...outputs, description: "shown by ngrok" }, inputs, inputs);
  expect(sameInputs.getChanges()).toBe(DiffChanges.DIFF_NONE);
  // A changed input is named against the old inputs.
  const v2 = await diffWith(outputs, inputs, { ...inputs, description: "v2" });
  expect(v2.getChanges()).toBe(DiffChanges.DIFF_SOME);
  expect(detailed(v2)).toEqual({ description: [Kind.UPDATE, true] });
  // Without old inputs (an older engine), the old outputs are the old inputs.
  expect((await diffWith(outputs, {}, { ...inputs, description: "v2" })).getDiffsList()).toEqual([
    "description",
  ]);
  // ignoreChanges: an ignored update and an ignored replacement are no change.
  const ignored = await diffWith(
    outputs,
    inputs,
    { ...inputs, description: "v2", privateKeyType: "rsa" },
    ["description", "privateKeyType"],
  );
  expect(ignored.getChanges()).toBe(DiffChanges.DIFF_NONE);
  expect(ignored.getReplacesList()).toEqual([]);
  const partly = await diffWith(
    outputs,
    inputs,
    { ...inputs, description: "v2", metadata: '{"a":1}' },
    ["metadata"],
  );
  expect(partly.getDiffsList()).toEqual(["description"]);
});
