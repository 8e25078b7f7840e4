/**
 * A plain CRUD resource needs no provider code (issue #39 §2): a definition written here for
 * ngrok's IP policies, with no hook, no `pendingCreates` and no lookups, on the framework's generic
 * implementation (`crudResource`), against the emulator serving `/ip_policies` from ngrok's
 * OpenAPI document alone (`PLAIN_COLLECTIONS`): check, create, read, drift, update and delete,
 * each counting its requests. Also the names derived where the definition declares none
 * (`namesOf`, `objectNames`).
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import { resetStackConfig } from "../../../provider";
import { objectOutputs, TEXT_INPUTS } from "../../../provider/common/textProperties";
import { defineResource } from "../../../provider/framework/define";
import { crudResource } from "../../../provider/framework/implementation";
import { namesOf } from "../../../provider/framework/names";
import { type InputsOf, objectNames, type OutputsOf } from "../../../provider/framework/resource";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const ipPolicyDefinition = defineResource({
  name: "IpPolicy",
  description: "An ngrok IP policy.",
  id: "ngrok's id (`ipp_…`)",
  api: {
    path: "/ip_policies",
    noun: "IP policy",
    idPrefix: "ipp_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /ip_policies[/{id}]`",
  },
  properties: {
    ...TEXT_INPUTS,
    ...objectOutputs("The API URI of the IP policy."),
  },
});
const { provider } = crudResource(ipPolicyDefinition);

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
beforeEach(() => configureProvider(emulator));
afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

test("the names a definition does not declare are derived: plural, lookups, words, CLI", () => {
  expect(namesOf(ipPolicyDefinition)).toMatchObject({
    plural: "IpPolicies",
    getList: "getIpPolicies",
    lookupList: "listIpPolicies",
    listResultField: "ipPolicies",
    wireListField: "ip_policies",
  });
  expect(objectNames(ipPolicyDefinition)).toEqual({
    noun: "IP policy",
    short: "IP policy",
    plural: "IP policies",
    cli: "ip-policies",
  });
});

test("check refuses what the definition's properties refuse, naming the property", async () => {
  const { failures } = await provider.check({}, { description: "x".repeat(256), name: "a" });
  expect((failures ?? []).map((f) => f.property).sort()).toEqual(["description", "name"]);
});

test("create, read, drift, update and delete: one request each, no code of its own", async () => {
  const checked = await provider.check({}, { description: "office" });
  expect(checked.failures ?? []).toEqual([]);
  const inputs = checked.inputs as InputsOf<typeof ipPolicyDefinition>;
  const made = await tracked(emulator, () => provider.create(inputs));
  expect(made.error).toBeUndefined();
  expect(made.calls).toEqual(["POST /ip_policies 201"]);
  const id = made.value!.id;
  const outs = made.value!.outs!;
  expect(id).toMatch(/^ipp_/);
  expect(outs).toMatchObject({ description: "office", uri: `${emulator.url}/ip_policies/${id}` });

  await callApi(emulator, "PATCH", `/ip_policies/${id}`, { description: "changed outside" });
  const read = await tracked(emulator, () => provider.read!(id, outs));
  expect(read.calls).toEqual([`GET /ip_policies/${id} 200`]);
  const drifted = read.value!.props as OutputsOf<typeof ipPolicyDefinition>;
  expect(drifted).toMatchObject({ description: "changed outside" });

  const diff = await provider.diff!(id, drifted, inputs);
  expect(diff).toMatchObject({ changes: true, replaces: [] });
  const updated = await tracked(emulator, () => provider.update!(id, drifted, inputs));
  expect(updated.calls).toEqual([`PATCH /ip_policies/${id} 200`]);
  expect(updated.value!.outs).toMatchObject({ description: "office" });

  const deleted = await tracked(emulator, () => provider.delete!(id, updated.value!.outs!));
  expect(deleted.calls).toEqual([`DELETE /ip_policies/${id} 204`]);
  expect(emulator.snapshot().collections["/ip_policies"]).toEqual([]);
});
