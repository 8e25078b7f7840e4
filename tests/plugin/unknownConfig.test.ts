/**
 * An explicit provider whose settings come from another resource's outputs (issue #33 §4): in a
 * preview the engine's `CheckConfig` gets the unknown value for them, which must not fail the
 * preview; they are passed through and checked at `Configure`, once known.
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { UNKNOWN } from "../../provider";
import { fromStruct, toStruct } from "../../plugin/properties";
import * as harness from "./pluginProcess";

let engine: harness.FakeEngine;
let plugin: harness.PluginProcess;

beforeAll(async () => {
  engine = await harness.startFakeEngine();
  plugin = await harness.startPlugin(engine.address);
});
afterAll(async () => {
  await plugin?.close();
  engine?.kill();
});

function checkConfig(news: Record<string, unknown>): Promise<provproto.CheckResponse> {
  const request = new provproto.CheckRequest();
  request.setUrn("urn:pulumi:dev::p::pulumi:providers:ngrok-dynamic::explicit");
  request.setNews(toStruct(news));
  return harness.call<provproto.CheckRequest, provproto.CheckResponse>(
    (r, cb) => plugin.client.checkConfig(r, cb),
    request,
  );
}

function configure(args: Record<string, unknown>): Promise<provproto.ConfigureResponse> {
  const request = new provproto.ConfigureRequest();
  request.setArgs(toStruct(args));
  request.setAcceptsecrets(true);
  return harness.call<provproto.ConfigureRequest, provproto.ConfigureResponse>(
    (r, cb) => plugin.client.configure(r, cb),
    request,
  );
}

test("CheckConfig passes unknown settings through, refusing none of them", async () => {
  const news = {
    apiKey: "k",
    apiBaseUrl: UNKNOWN,
    maxRequestsPerMinute: UNKNOWN,
    ownershipMarker: UNKNOWN,
  };
  const response = await checkConfig(news);
  expect(response.getFailuresList().map((f) => f.getProperty())).toEqual([]);
  expect(fromStruct(response.getInputs()).values).toEqual(news);
  // A known bad setting beside them is still refused.
  const bad = await checkConfig({ ...news, retryMaxAttempts: "0" });
  expect(bad.getFailuresList().map((f) => f.getProperty())).toEqual(["retryMaxAttempts"]);
});

test("Configure checks them, once known: a bad one is refused, naming it", async () => {
  await expect(configure({ apiKey: "k", apiBaseUrl: "ftp://example.com" })).rejects.toThrow(
    /refused: .*ngrok-dynamic:apiBaseUrl/,
  );
  await expect(configure({ apiKey: "k", ownershipMarker: "maybe" })).rejects.toThrow(
    /ngrok-dynamic:ownershipMarker must be true or false, got "maybe"/,
  );
  await expect(configure({ apiKey: "k", maxRequestsPerMinute: UNKNOWN })).rejects.toThrow(
    /ngrok-dynamic:maxRequestsPerMinute is not known yet/,
  );
  const ok = await configure({
    apiKey: "k",
    apiBaseUrl: "https://api.ngrok.com",
    maxRequestsPerMinute: "60",
    ownershipMarker: "true",
  });
  expect(ok.getAcceptsecrets()).toBe(true);
});
