/**
 * IpPolicyRule (provider/ipPolicyRule/definition.ts): its pure `check` and `diff`, and its provider
 * methods as the dynamic-provider host calls them, against the emulator, each counting its
 * requests. `ipPolicyId` is a reference (checked against `ipp_`, sent as `ip_policy_id`, read back
 * from `ip_policy: { id, uri }`); `cidr` has the CIDR-block format shared with the Traffic Policy.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  ipPolicyProvider,
  ipPolicyRuleProvider as provider,
  listIpPolicyRules,
  lookupIpPolicyRule,
  NgrokApiError,
  resetStackConfig,
  UNKNOWN,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import { STRING_FORMATS } from "../../../provider/framework/formats";
import {
  type IpPolicyRuleInputs,
  ipPolicyRuleDefinition,
} from "../../../provider/ipPolicyRule/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check, diff } = ipPolicyRuleDefinition;
const PATH = "/ip_policy_rules";
let emulator: RunningEmulator;
let policy: string;
let other: string;
let serial = 0;
/** A /32 block no other test of this file used. */
const fresh = () => `198.51.100.${++serial}/32`;

beforeAll(async () => {
  delete process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_BASE_URL;
  emulator = await startEmulator({ port: 0 });
  await configureProvider(emulator);
  policy = (await ipPolicyProvider.create({ description: "office" })).id;
  other = (await ipPolicyProvider.create({ description: "other" })).id;
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
  const inputs = result.inputs as IpPolicyRuleInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

describe("check (no API call)", () => {
  it("accepts IPv4 and IPv6 blocks, allow and deny", () => {
    for (const [cidr, action] of [
      ["203.0.113.0/24", "allow"],
      ["2001:db8::/32", "deny"],
      ["0.0.0.0/0", "deny"],
    ]) {
      expect(failuresOf({ ipPolicyId: "ipp_2Zabc", cidr, action })).toEqual([]);
    }
  });

  it("refuses what ngrok refuses, naming the property and the rule (the catalogue's 1413 and 1409)", () => {
    const block = STRING_FORMATS.cidrBlock.what;
    expect(failuresOf({ ipPolicyId: "rd_2Zabc", cidr: "10.0.0.1", action: "block" })).toEqual([
      [
        "ipPolicyId",
        'ipPolicyId must be the id of an IP policy (ipp_…), e.g. the id output of an IpPolicy; got "rd_2Zabc"',
      ],
      [
        "cidr",
        `cidr must be ${block}: it has no prefix length: one address is 10.0.0.1/32; got "10.0.0.1"`,
      ],
      ["action", 'action must be one of "allow", "deny"; got "block"'],
    ]);
    expect(failuresOf({ ipPolicyId: "ipp_2Zabc", cidr: "10.0.0.1/8", action: "allow" })).toEqual([
      [
        "cidr",
        `cidr must be ${block}: its host bits are set: the block is 10.0.0.0/8; got "10.0.0.1/8"`,
      ],
    ]);
    expect(failuresOf({})).toEqual([
      ["ipPolicyId", expect.stringMatching(/^ipPolicyId is required: /)],
      ["cidr", expect.stringMatching(/^cidr is required: a CIDR block/)],
      ["action", 'action is required: one of "allow", "deny"'],
    ]);
  });

  it("does not judge values not known yet", () => {
    expect(check({ ipPolicyId: UNKNOWN, cidr: UNKNOWN, action: UNKNOWN }).failures).toEqual([]);
  });
});

describe("diff", () => {
  const olds = { ipPolicyId: "ipp_2Za", cidr: "10.0.0.0/8", action: "allow" };
  it("cidr updates in place; a new action replaces, the old rule first (the block stays in its policy)", () => {
    expect(diff(olds, { ...olds, cidr: "10.0.0.0/16" })).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["cidr"],
    });
    expect(diff(olds, { ...olds, action: "deny" })).toMatchObject({
      replaces: ["action"],
      deleteBeforeReplace: true,
    });
  });
  it("another policy replaces, the new rule first (the block is in another policy)", () => {
    expect(diff(olds, { ...olds, ipPolicyId: "ipp_2Zb" })).toMatchObject({
      replaces: ["ipPolicyId"],
      deleteBeforeReplace: false,
    });
  });
});

describe("against the emulator", () => {
  it("creates with one POST: ip_policy_id sent, the policy read back from ip_policy's Ref", async () => {
    const cidr = fresh();
    const { id, outs } = await created({ ipPolicyId: policy, cidr, action: "allow" });
    expect(id).toMatch(/^ipr_/);
    const live = await callApi(emulator, "GET", `${PATH}/${id}`);
    expect(live.body).toMatchObject({ cidr, action: "allow", ip_policy: { id: policy } });
    expect(outs).toMatchObject({ ipPolicyId: policy, cidr, action: "allow" });
  });

  it("refresh: one GET; a block changed outside Pulumi is drift, updated back by one PATCH", async () => {
    const { id, outs, inputs } = await created({
      ipPolicyId: policy,
      cidr: fresh(),
      action: "deny",
    });
    await callApi(emulator, "PATCH", `${PATH}/${id}`, { cidr: "192.0.2.0/24" });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.inputs).toMatchObject({ ipPolicyId: policy, cidr: "192.0.2.0/24" });
    expect(diff(value!.props!, { ...inputs })).toMatchObject({ changes: true, updates: ["cidr"] });
    const back = await tracked(emulator, () =>
      provider.update(id, value!.props as typeof outs, inputs),
    );
    expect(back.calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(back.value!.outs).toMatchObject({ cidr: inputs.cidr });
  });

  it("import: a read without state gives the inputs that reproduce the rule, which diff as no change", async () => {
    const { id, inputs } = await created({
      ipPolicyId: other,
      cidr: fresh(),
      action: "allow",
      description: "by hand",
    });
    const { value } = await tracked(emulator, () => provider.read(id));
    expect(value!.inputs).toEqual(inputs);
    const checked = check(value!.inputs!);
    expect(checked.failures).toEqual([]);
    expect(diff(value!.props!, checked.inputs!).changes).toBe(false);
  });

  it("a block the policy holds already fails naming cidr", async () => {
    const cidr = fresh();
    await created({ ipPolicyId: policy, cidr, action: "allow" });
    const inputs = check({ ipPolicyId: policy, cidr, action: "deny" }).inputs as IpPolicyRuleInputs;
    const { error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(calls).toEqual([`POST ${PATH} 400`]);
    expect(NgrokApiError.isInstance(error) && error.errorCode).toBe("ERR_NGROK_1408");
    expect(String(error)).toContain("ngrok refused cidr:");
  });

  it("an ambiguous create that acted is found by its policy and block, not the same block elsewhere", async () => {
    const cidr = fresh();
    await created({ ipPolicyId: other, cidr, action: "allow" });
    const inputs = check({ ipPolicyId: policy, cidr, action: "allow" })
      .inputs as IpPolicyRuleInputs;
    emulator.faults.add({ method: "POST", path: PATH, drop: "after", count: 1 });
    const { value, error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
    const live = await callApi(emulator, "GET", `${PATH}/${value!.id}`);
    expect(live.body).toMatchObject({ cidr, ip_policy: { id: policy } });
  });

  it("deletes with one DELETE; a rule already gone counts as deleted", async () => {
    const { id, outs } = await created({ ipPolicyId: policy, cidr: fresh(), action: "allow" });
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 404`,
    ]);
  });

  it("lookups: one by id, and a policy's rules by the reference", async () => {
    const { id } = await created({ ipPolicyId: other, cidr: fresh(), action: "deny" });
    const client = clientFromConfiguration();
    expect(await lookupIpPolicyRule(client, id)).toMatchObject({ id, ipPolicyId: other });
    const rules = await listIpPolicyRules(client, { ipPolicyId: other, action: "deny" });
    expect(rules.map((r) => r.id)).toEqual([id]);
    expect(rules.every((r) => r.ipPolicyId === other)).toBe(true);
    await expect(lookupIpPolicyRule(client, "ipp_1")).rejects.toThrow(TypeError);
  });
});
