/**
 * IpRestriction (provider/ipRestriction/definition.ts): its pure `check` and `diff`, and its
 * provider methods as the dynamic-provider host calls them, against the emulator, each counting
 * its requests. `ipPolicyIds` is a list of references (each checked against `ipp_`, sent as
 * `ip_policy_ids`, read back from `ip_policies: [{ id, uri }]`, a set: its order is no change).
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  ipPolicyProvider,
  ipRestrictionProvider as provider,
  listIpRestrictions,
  lookupIpRestriction,
  NgrokApiError,
  resetStackConfig,
  UNKNOWN,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import {
  type IpRestrictionInputs,
  ipRestrictionDefinition,
} from "../../../provider/ipRestriction/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check, diff } = ipRestrictionDefinition;
const PATH = "/ip_restrictions";
let emulator: RunningEmulator;
let office: string;
let vpn: string;

beforeAll(async () => {
  delete process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_BASE_URL;
  emulator = await startEmulator({ port: 0 });
  await configureProvider(emulator);
  office = (await ipPolicyProvider.create({ description: "office" })).id;
  vpn = (await ipPolicyProvider.create({ description: "vpn" })).id;
});
beforeEach(() => configureProvider(emulator));
afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

const failuresOf = (news: Record<string, unknown>) =>
  (check(news).failures ?? []).map((f) => [f.property, f.reason]);

async function created(news: Record<string, unknown>) {
  const result = await provider.check({}, news);
  expect(result.failures ?? []).toEqual([]);
  const inputs = result.inputs as IpRestrictionInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

/** Deletes the restriction `id` (an account holds one of each type). */
const removed = (id: string) => callApi(emulator, "DELETE", `${PATH}/${id}`);

describe("check (no API call)", () => {
  it("accepts a type and its policies", () => {
    const news = { type: "dashboard", ipPolicyIds: ["ipp_2Za", "ipp_2Zb"], enforced: false };
    expect(check(news)).toEqual({ inputs: news, failures: [] });
  });

  it("refuses a type ngrok does not know, an empty list and an id of another kind, naming its place", () => {
    expect(failuresOf({ type: "ssh", ipPolicyIds: [] })).toEqual([
      ["type", 'type must be one of "dashboard", "api", "agent", "endpoints"; got "ssh"'],
      ["ipPolicyIds", "ipPolicyIds must name at least one IP policy; got []"],
    ]);
    expect(failuresOf({ type: "api", ipPolicyIds: ["ipp_2Za", "ipr_2Zb"] })).toEqual([
      [
        "ipPolicyIds",
        'ipPolicyIds[1] must be the id of an IP policy (ipp_…), e.g. the id output of an IpPolicy; got "ipr_2Zb"',
      ],
    ]);
    expect(failuresOf({ type: "api", ipPolicyIds: "ipp_2Za" })).toEqual([
      ["ipPolicyIds", 'ipPolicyIds must be a list of strings, not "ipp_2Za"'],
    ]);
  });

  it("does not judge values not known yet, nor an id not known yet in the list", () => {
    expect(check({ type: UNKNOWN, ipPolicyIds: UNKNOWN }).failures).toEqual([]);
    expect(check({ type: "api", ipPolicyIds: ["ipp_2Za", UNKNOWN] }).failures).toEqual([]);
  });
});

describe("diff", () => {
  const olds = { type: "api", ipPolicyIds: ["ipp_2Za", "ipp_2Zb"], enforced: false };
  it("the policies' order is no change; another policy or enforced updates; a new type replaces", () => {
    expect(diff(olds, { ...olds, ipPolicyIds: ["ipp_2Zb", "ipp_2Za"] }).changes).toBe(false);
    expect(diff(olds, { ...olds, ipPolicyIds: ["ipp_2Za"], enforced: true })).toMatchObject({
      updates: ["ipPolicyIds", "enforced"],
      replaces: [],
    });
    expect(diff(olds, { ...olds, type: "dashboard" })).toMatchObject({
      replaces: ["type"],
      deleteBeforeReplace: false,
    });
  });
  it("enforced left out is ngrok's choice: no change", () => {
    const { enforced: _ngroks, ...left } = olds;
    expect(diff(olds, left).changes).toBe(false);
  });
});

describe("against the emulator", () => {
  it("creates with one POST: the policies sent as ip_policy_ids, read back from their Refs", async () => {
    const { id, outs } = await created({ type: "endpoints", ipPolicyIds: [office, vpn] });
    expect(id).toMatch(/^ipx_/);
    const live = await callApi(emulator, "GET", `${PATH}/${id}`);
    expect(live.body.ip_policies).toEqual([
      expect.objectContaining({ id: office }),
      expect.objectContaining({ id: vpn }),
    ]);
    expect(outs).toMatchObject({ type: "endpoints", ipPolicyIds: [office, vpn], enforced: false });
    await removed(id);
  });

  it("refresh: a policy removed outside Pulumi is drift; one PATCH sets the list back", async () => {
    const { id, outs, inputs } = await created({ type: "agent", ipPolicyIds: [office, vpn] });
    await callApi(emulator, "PATCH", `${PATH}/${id}`, { ip_policy_ids: [vpn] });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.inputs).toMatchObject({ ipPolicyIds: [vpn] });
    expect(diff(value!.props!, { ...inputs })).toMatchObject({ updates: ["ipPolicyIds"] });
    const back = await tracked(emulator, () =>
      provider.update(id, value!.props as typeof outs, inputs),
    );
    expect(back.calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(back.value!.outs!.ipPolicyIds).toEqual([office, vpn]);
    await removed(id);
  });

  it("import: a read without state gives the inputs that reproduce it, which diff as no change", async () => {
    const { id, inputs } = await created({ type: "api", ipPolicyIds: [vpn], enforced: true });
    const { value } = await tracked(emulator, () => provider.read(id));
    expect(value!.inputs).toEqual({ ...inputs });
    expect(diff(value!.props!, check(value!.inputs!).inputs!).changes).toBe(false);
    await removed(id);
  });

  it("a second restriction of a type fails naming type; the first is kept", async () => {
    const first = await created({ type: "dashboard", ipPolicyIds: [office] });
    const inputs = check({ type: "dashboard", ipPolicyIds: [vpn] }).inputs as IpRestrictionInputs;
    const { error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(calls).toEqual([`POST ${PATH} 400`]);
    expect(NgrokApiError.isInstance(error) && error.errorCode).toBe("ERR_NGROK_1802");
    expect(String(error)).toContain("ngrok refused type:");
    await removed(first.id);
  });

  it("deletes with one DELETE; then its policies can be deleted", async () => {
    const policy = (await ipPolicyProvider.create({ description: "short-lived" })).id;
    const { id, outs } = await created({ type: "endpoints", ipPolicyIds: [policy] });
    const refused = await callApi(emulator, "DELETE", `/ip_policies/${policy}`);
    expect(refused.body.error_code).toBe("ERR_NGROK_1420");
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
    expect((await callApi(emulator, "DELETE", `/ip_policies/${policy}`)).status).toBe(204);
  });

  it("lookups: one by id, and the list by type", async () => {
    const { id } = await created({ type: "agent", ipPolicyIds: [office] });
    const client = clientFromConfiguration();
    expect(await lookupIpRestriction(client, id)).toMatchObject({ id, ipPolicyIds: [office] });
    expect((await listIpRestrictions(client, { type: "agent" })).map((r) => r.id)).toEqual([id]);
    await expect(lookupIpRestriction(client, "ipp_1")).rejects.toThrow(TypeError);
    await removed(id);
  });
});
