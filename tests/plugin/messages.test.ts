/**
 * The plugin's messages name what a program in any language wrote (issue #38 §9): an unknown
 * property names the plugin's type token, and a lookup's bad arguments come back as the
 * Invoke's failures, each naming the argument and the rule, before any request.
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { fromStruct, toStruct } from "../../plugin/properties";
import * as harness from "./pluginProcess";

let emulator: RunningEmulator;
let engine: harness.FakeEngine;
let plugin: harness.PluginProcess;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  engine = await harness.startFakeEngine();
  plugin = await harness.startPlugin(engine.address);
  const request = new provproto.ConfigureRequest();
  request.setArgs(toStruct({ apiKey: emulator.apiKey, apiBaseUrl: emulator.url }));
  await harness.call((r, cb) => plugin.client.configure(r, cb), request);
});
afterAll(async () => {
  await plugin?.close();
  engine?.kill();
  await emulator?.close();
});

test("an unknown property names the plugin's type token", async () => {
  const type = "ngrok-dynamic:index:SshCertificateAuthority";
  const request = new provproto.CheckRequest().setUrn(`urn:pulumi:dev::m::${type}::ca`);
  request.setType(type).setName("ca").setOlds(toStruct({}));
  request.setNews(toStruct({ privateKeyType: "ed25519", colour: "blue" }));
  const response = await harness.call<provproto.CheckRequest, provproto.CheckResponse>(
    (r, cb) => plugin.client.check(r, cb),
    request,
  );
  expect(response.getFailuresList().map((f) => [f.getProperty(), f.getReason()])).toEqual([
    [
      "colour",
      expect.stringMatching(
        /^colour is not a property of ngrok-dynamic:index:SshCertificateAuthority; its properties are privateKeyType, /,
      ),
    ],
  ]);
});

/** Invokes `token` with `args`: its failures as `[argument, reason]`, and its return. */
async function invoke(token: string, args: Record<string, unknown>) {
  const request = new provproto.InvokeRequest().setTok(`ngrok-dynamic:index:${token}`);
  request.setArgs(toStruct(args));
  const response = await harness.call<provproto.InvokeRequest, provproto.InvokeResponse>(
    (r, cb) => plugin.client.invoke(r, cb),
    request,
  );
  return {
    failures: response.getFailuresList().map((f) => [f.getProperty(), f.getReason()]),
    result: fromStruct(response.getReturn()).values,
  };
}

test("a lookup's missing, mistyped, malformed or unknown arguments are its failures, and nothing is sent", async () => {
  const before = emulator.requests.length;
  expect((await invoke("getSshCertificateAuthority", {})).failures).toEqual([
    [
      "id",
      "getSshCertificateAuthority: id is required: the id of the SSH certificate authority (sshca_…)",
    ],
  ]);
  expect((await invoke("getSshCertificateAuthority", { id: 7 })).failures).toEqual([
    ["id", "getSshCertificateAuthority: id must be a string, not 7"],
  ]);
  expect((await invoke("getSshCertificateAuthority", { id: "ca-1" })).failures).toEqual([
    [
      "id",
      'getSshCertificateAuthority: id must be "sshca_" followed by letters and digits; got "ca-1"',
    ],
  ]);
  expect(
    (await invoke("getHttpsEdgeRouteSaml", { edgeId: "edghts_1", route: "edghtsrt_1" })).failures,
  ).toEqual([
    ["route", "getHttpsEdgeRouteSaml: route is not an argument; its arguments are edgeId, routeId"],
    [
      "routeId",
      "getHttpsEdgeRouteSaml: routeId is required: the id of the HTTPS edge route (edghtsrt_…)",
    ],
  ]);
  expect(emulator.requests.length).toBe(before);
  // Good arguments still run the lookup.
  const listed = await invoke("getSshCertificateAuthorities", {});
  expect(listed.failures).toEqual([]);
  expect(listed.result).toHaveProperty("sshCertificateAuthorities");
});
