/**
 * Requests without `type` (issue #38 §5): CLIs before 3.132 send Check, Diff, Create, Read,
 * Update and Delete with the URN only, and the plugin finds the resource from the URN's type, the
 * last `$`-separated part of its qualified type, as native providers do. Driven over gRPC against
 * the emulator, a CA under a component parent through its whole life with `type` never set, then
 * a URN naming a type this package does not have.
 */
import type * as grpc from "@grpc/grpc-js";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { UNKNOWN } from "../../provider";
import { fromStruct, toStruct } from "../../plugin/properties";
import { parseUrn } from "../../plugin/resources";
import * as harness from "./pluginProcess";

const CA = "ngrok-dynamic:index:SshCertificateAuthority";
// A CA whose parent is a component: the qualified type names the parent's type first.
const URN = `urn:pulumi:dev::legacy::acme:index:Hosts$${CA}::ca`;

let emulator: RunningEmulator;
let engine: harness.FakeEngine;
let plugin: harness.PluginProcess;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  engine = await harness.startFakeEngine();
  plugin = await harness.startPlugin(engine.address);
  const request = new provproto.ConfigureRequest();
  request.setArgs(toStruct({ apiKey: emulator.apiKey, apiBaseUrl: emulator.url }));
  request.setAcceptsecrets(true);
  await harness.call((r, cb) => plugin.client.configure(r, cb), request);
});
afterAll(async () => {
  await plugin?.close();
  engine?.kill();
  await emulator?.close();
});

/** What a CLI before 3.132 puts on a resource request: the URN and the name, no `type`. */
function addressed<T extends { setUrn(u: string): T; setName(n: string): T; getType(): string }>(
  request: T,
  urn = URN,
): T {
  const addressedRequest = request.setUrn(urn).setName(parseUrn(urn).name);
  expect(addressedRequest.getType()).toBe("");
  return addressedRequest;
}

test("parseUrn takes the resource's own type from a qualified type, and a name with ::", () => {
  expect(parseUrn(URN)).toEqual({ stack: "dev", project: "legacy", type: CA, name: "ca" });
  expect(parseUrn(`urn:pulumi:prod::infra::${CA}::edge::a`)).toEqual({
    stack: "prod",
    project: "infra",
    type: CA,
    name: "edge::a",
  });
});

test("a CA's whole life with the URN only: Check, preview, Create, Read, Diff, Update, Delete", async () => {
  const check = await harness.call<provproto.CheckRequest, provproto.CheckResponse>(
    (r, cb) => plugin.client.check(r, cb),
    addressed(new provproto.CheckRequest())
      .setOlds(toStruct({}))
      .setNews(toStruct({ privateKeyType: "ed25519", description: "v1" })),
  );
  expect(check.getFailuresList()).toEqual([]);
  const inputs = fromStruct(check.getInputs()).values;
  expect(inputs).toMatchObject({ privateKeyType: "ed25519", description: "v1" });

  // The preview's Create answers the outputs ngrok computes as unknown: the type was resolved.
  const preview = await harness.call<provproto.CreateRequest, provproto.CreateResponse>(
    (r, cb) => plugin.client.create(r, cb),
    addressed(new provproto.CreateRequest()).setProperties(toStruct(inputs)).setPreview(true),
  );
  expect(fromStruct(preview.getProperties()).values.publicKey).toBe(UNKNOWN);
  expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);

  const created = await harness.call<provproto.CreateRequest, provproto.CreateResponse>(
    (r, cb) => plugin.client.create(r, cb),
    addressed(new provproto.CreateRequest()).setProperties(toStruct(inputs)),
  );
  const id = created.getId();
  expect(id).toMatch(/^sshca_/);
  const outputs = fromStruct(created.getProperties()).values;
  expect(outputs.publicKey).toMatch(/^ssh-ed25519 /);
  expect(emulator.snapshot().sshCertificateAuthorities.map((ca) => ca.id)).toEqual([id]);

  const read = await harness.call<provproto.ReadRequest, provproto.ReadResponse>(
    (r, cb) => plugin.client.read(r, cb),
    addressed(new provproto.ReadRequest()).setId(id).setProperties(toStruct(outputs)),
  );
  expect(read.getId()).toBe(id);
  expect(fromStruct(read.getProperties()).values.description).toBe("v1");

  const news = { ...inputs, description: "v2" };
  const diff = await harness.call<provproto.DiffRequest, provproto.DiffResponse>(
    (r, cb) => plugin.client.diff(r, cb),
    addressed(new provproto.DiffRequest())
      .setId(id)
      .setOlds(toStruct(outputs))
      .setNews(toStruct(news)),
  );
  expect(diff.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_SOME);
  expect(diff.getDiffsList()).toEqual(["description"]);
  expect(diff.getReplacesList()).toEqual([]);

  const updated = await harness.call<provproto.UpdateRequest, provproto.UpdateResponse>(
    (r, cb) => plugin.client.update(r, cb),
    addressed(new provproto.UpdateRequest())
      .setId(id)
      .setOlds(toStruct(outputs))
      .setNews(toStruct(news)),
  );
  expect(fromStruct(updated.getProperties()).values.description).toBe("v2");
  expect(emulator.snapshot().sshCertificateAuthorities[0].description).toBe("v2");

  await harness.call(
    (r, cb) => plugin.client.delete(r, cb),
    addressed(new provproto.DeleteRequest()).setId(id).setProperties(toStruct(outputs)),
  );
  expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
});

test("a URN naming a type this package does not have fails naming that type", async () => {
  const error = await harness
    .call(
      (r, cb) => plugin.client.check(r, cb),
      addressed(new provproto.CheckRequest(), "urn:pulumi:dev::legacy::acme:index:Thing::x")
        .setOlds(toStruct({}))
        .setNews(toStruct({})),
    )
    .then(
      () => undefined,
      (e: unknown) => e as grpc.ServiceError,
    );
  expect(error?.details).toBe("unknown resource type acme:index:Thing");
  expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
});
