/**
 * IpPolicy (provider/ipPolicy/definition.ts): its pure `check` and `diff`, and its provider
 * methods against the emulator, each counting its requests: create, refresh with drift, import,
 * update, delete (refused while an IP restriction names the policy), lookups, and an ambiguous
 * create found by its description and metadata.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  ipPolicyProvider as provider,
  listIpPolicies,
  lookupIpPolicy,
  NgrokApiError,
  resetStackConfig,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import { ipPolicyDefinition } from "../../../provider/ipPolicy/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check, diff } = ipPolicyDefinition;
const PATH = "/ip_policies";
let emulator: RunningEmulator;

beforeAll(async () => {
  delete process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_BASE_URL;
  emulator = await startEmulator({ port: 0 });
});
beforeEach(() => configureProvider(emulator));
afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

test("check: the description's 255 bytes and the metadata's 4096, as ngrok's description states", () => {
  expect(check({ description: "é".repeat(128) }).failures).toEqual([
    {
      property: "description",
      reason: expect.stringMatching(/^description must be at most 255 bytes of UTF-8/),
    },
  ]);
  expect(diff({ description: "a" }, { description: "b" })).toMatchObject({
    updates: ["description"],
  });
});

test("create, refresh with drift, import, update, delete: one request each", async () => {
  const made = await tracked(emulator, () => provider.create({ description: "office" }));
  expect(made.calls).toEqual([`POST ${PATH} 201`]);
  const { id, outs } = made.value!;
  expect(id).toMatch(/^ipp_/);
  await callApi(emulator, "PATCH", `${PATH}/${id}`, { metadata: "by hand" });
  const read = await tracked(emulator, () => provider.read(id, outs));
  expect(read.calls).toEqual([`GET ${PATH}/${id} 200`]);
  expect(diff(read.value!.props!, { description: "office" })).toMatchObject({
    updates: ["metadata"],
  });
  expect((await provider.read(id)).inputs).toEqual({ description: "office", metadata: "by hand" });
  const updated = await tracked(emulator, () => provider.update(id, outs!, { description: "v2" }));
  expect(updated.calls).toEqual([`PATCH ${PATH}/${id} 200`]);
  expect(updated.value!.outs).toEqual(expect.not.objectContaining({ metadata: expect.anything() }));
  expect((await tracked(emulator, () => provider.delete(id, outs!))).calls).toEqual([
    `DELETE ${PATH}/${id} 204`,
  ]);
});

test("delete is refused while an IP restriction names the policy (ERR_NGROK_1420)", async () => {
  const { id, outs } = await provider.create({ description: "restricted" });
  const restriction = await callApi(emulator, "POST", "/ip_restrictions", {
    type: "api",
    ip_policy_ids: [id],
  });
  const { error } = await tracked(emulator, () => provider.delete(id, outs!));
  expect(NgrokApiError.isInstance(error) && error.errorCode).toBe("ERR_NGROK_1420");
  await callApi(emulator, "DELETE", `/ip_restrictions/${restriction.body.id}`);
});

test("an ambiguous create that acted is found by its description and metadata", async () => {
  emulator.faults.add({ method: "POST", path: PATH, drop: "after", count: 1 });
  const { value, error, calls } = await tracked(emulator, () =>
    provider.create({ description: "lost answer", metadata: "m1" }),
  );
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
  expect(value!.outs).toMatchObject({ description: "lost answer", metadata: "m1" });
});

test("lookups: one by id, and the list by description", async () => {
  const { id } = await provider.create({ description: "looked up" });
  const client = clientFromConfiguration();
  expect(await lookupIpPolicy(client, id)).toMatchObject({ id, description: "looked up" });
  expect((await listIpPolicies(client, { description: "looked up" })).map((p) => p.id)).toEqual([
    id,
  ]);
});
