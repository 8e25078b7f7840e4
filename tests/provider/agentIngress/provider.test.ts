/**
 * AgentIngress (provider/agentIngress/definition.ts): its pure `check` and `diff`, and its
 * provider methods as the dynamic-provider host calls them, against the emulator, each counting
 * its requests. `domain` replaces; `certificateManagementPolicy` is an object typed from
 * `AgentIngressCertPolicy`, updated in place, its fields compared with ngrok's defaults
 * (`letsencrypt`, `rsa`); `nsTargets`, `regionDomains` and the certificate status are ngrok's.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  agentIngressProvider as provider,
  listAgentIngresses,
  lookupAgentIngress,
  resetStackConfig,
  UNKNOWN,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import {
  type AgentIngressInputs,
  agentIngressDefinition,
} from "../../../provider/agentIngress/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check, diff } = agentIngressDefinition;
const PATH = "/agent_ingresses";
let emulator: RunningEmulator;
let serial = 0;
/** A domain no other test of this file used. */
const fresh = () => `connect${++serial}.example.com`;

beforeAll(async () => {
  delete process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_BASE_URL;
  emulator = await startEmulator({ port: 0 });
  await configureProvider(emulator);
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
  const inputs = result.inputs as AgentIngressInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

describe("check (no API call)", () => {
  it("accepts a domain, with or without a certificate policy", () => {
    expect(failuresOf({ domain: "connect.example.com" })).toEqual([]);
    expect(
      failuresOf({
        domain: "connect.example.com",
        certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "ecdsa" },
      }),
    ).toEqual([]);
    expect(failuresOf({ domain: "a.example.com", certificateManagementPolicy: {} })).toEqual([]);
  });

  it("refuses what the description refuses, naming the property, the path and the rule", () => {
    expect(failuresOf({})).toEqual([
      ["domain", expect.stringMatching(/^domain is required: the domain the account owns/)],
    ]);
    const refused = failuresOf({
      domain: " ",
      description: "é".repeat(200),
      certificateManagementPolicy: { authority: "zerossl", privateKeyType: "dsa", other: 1 },
    });
    expect(refused.map(([property]) => property)).toEqual(
      expect.arrayContaining(["domain", "description", "certificateManagementPolicy"]),
    );
    const policy = refused.filter(([p]) => p === "certificateManagementPolicy").join("\n");
    expect(policy).toContain(
      'certificateManagementPolicy.authority must be one of "letsencrypt"; got "zerossl"',
    );
    expect(policy).toContain(
      'certificateManagementPolicy.privateKeyType must be one of "rsa", "ecdsa"; got "dsa"',
    );
    expect(policy).toContain("certificateManagementPolicy.other is not a field of");
  });

  it("does not judge values not known yet", () => {
    expect(check({ domain: UNKNOWN, certificateManagementPolicy: UNKNOWN }).failures).toEqual([]);
  });
});

describe("diff", () => {
  const olds = {
    domain: "connect.example.com",
    certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "rsa" },
  };
  it("a new domain replaces, the new agent ingress first; the policy updates in place", () => {
    expect(diff(olds, { ...olds, domain: "in.example.com" })).toMatchObject({
      replaces: ["domain"],
      deleteBeforeReplace: false,
    });
    expect(
      diff(olds, { ...olds, certificateManagementPolicy: { privateKeyType: "ecdsa" } }),
    ).toMatchObject({ changes: true, replaces: [], updates: ["certificateManagementPolicy"] });
  });
  it("a policy left out, or spelling out ngrok's defaults, is no change", () => {
    expect(diff(olds, { domain: olds.domain }).changes).toBe(false);
    expect(diff(olds, { ...olds, certificateManagementPolicy: {} }).changes).toBe(false);
    expect(
      diff(olds, { ...olds, certificateManagementPolicy: { authority: "letsencrypt" } }).changes,
    ).toBe(false);
  });
});

describe("against the emulator", () => {
  it("creates with one POST: ngrok answers its NS targets and regional domains", async () => {
    const domain = fresh();
    const { id, outs } = await created({ domain, description: "agents" });
    expect(id).toMatch(/^agin_/);
    expect(outs.nsTargets.length).toBeGreaterThan(0);
    expect(outs.regionDomains.every((d) => d.endsWith(`.${domain}`))).toBe(true);
    expect(outs.certificateManagementStatus).toBeUndefined();
  });

  it("a policy is sent under ngrok's names; the status of its management is read back", async () => {
    const { id, outs } = await created({
      domain: fresh(),
      certificateManagementPolicy: { privateKeyType: "ecdsa" },
    });
    const live = await callApi(emulator, "GET", `${PATH}/${id}`);
    expect(live.body).toMatchObject({
      certificate_management_policy: { private_key_type: "ecdsa" },
    });
    expect(outs.certificateManagementPolicy).toMatchObject({ privateKeyType: "ecdsa" });
    expect(outs.certificateManagementStatus).toMatchObject({ renewsAt: expect.any(String) });
  });

  it("refresh: one GET; a policy changed outside Pulumi is drift, updated back by one PATCH", async () => {
    const { id, outs, inputs } = await created({
      domain: fresh(),
      certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "rsa" },
    });
    await callApi(emulator, "PATCH", `${PATH}/${id}`, {
      certificate_management_policy: { authority: "letsencrypt", private_key_type: "ecdsa" },
    });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.inputs).toMatchObject({
      certificateManagementPolicy: { privateKeyType: "ecdsa" },
    });
    expect(diff(value!.props!, { ...inputs })).toMatchObject({
      changes: true,
      updates: ["certificateManagementPolicy"],
    });
    const back = await tracked(emulator, () =>
      provider.update(id, value!.props as typeof outs, inputs),
    );
    expect(back.calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(back.value!.outs!.certificateManagementPolicy).toMatchObject({ privateKeyType: "rsa" });
  });

  it("import: a read without state gives the inputs that reproduce the agent ingress, which diff as no change", async () => {
    const domain = fresh();
    const made = await callApi(emulator, "POST", PATH, {
      domain,
      description: "by hand",
      certificate_management_policy: { authority: "letsencrypt", private_key_type: "ecdsa" },
    });
    const id = String((made.body as { id: string }).id);
    const { value } = await tracked(emulator, () => provider.read(id));
    expect(value!.inputs).toMatchObject({ domain, description: "by hand" });
    const checked = check(value!.inputs!);
    expect(checked.failures).toEqual([]);
    expect(diff(value!.props!, checked.inputs!).changes).toBe(false);
    // The program as a user writes it for the object, without the policy: no change either.
    expect(diff(value!.props!, check({ domain, description: "by hand" }).inputs!).changes).toBe(
      false,
    );
  });

  it('a policy field ngrok leaves unset (answered "") is no change, and an import leaves it out', async () => {
    const domain = fresh();
    const news = { domain, certificateManagementPolicy: { privateKeyType: "ecdsa" } };
    const { id, outs, inputs } = await created(news);
    const live = await callApi(emulator, "GET", `${PATH}/${id}`);
    expect(live.body).toMatchObject({ certificate_management_policy: { authority: "" } });
    expect(diff(outs, inputs).changes).toBe(false);
    expect((await provider.diff(id, outs, inputs)).changes).toBe(false);
    const { value } = await tracked(emulator, () => provider.read(id));
    expect(value!.inputs!.certificateManagementPolicy).toEqual({ privateKeyType: "ecdsa" });
    expect(check(value!.inputs!).failures).toEqual([]);
  });

  it("an ambiguous create that acted is found by its domain", async () => {
    const domain = fresh();
    const inputs = check({ domain }).inputs as AgentIngressInputs;
    emulator.faults.add({ method: "POST", path: PATH, drop: "after", count: 1 });
    const { value, error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
    const live = await callApi(emulator, "GET", `${PATH}/${value!.id}`);
    expect(live.body).toMatchObject({ domain });
  });

  it("deletes with one DELETE; an agent ingress already gone counts as deleted", async () => {
    const { id, outs } = await created({ domain: fresh() });
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 404`,
    ]);
  });

  it("lookups: one by id, and by domain", async () => {
    const domain = fresh();
    const { id } = await created({ domain });
    const client = clientFromConfiguration();
    expect(await lookupAgentIngress(client, id)).toMatchObject({ id, domain });
    expect((await listAgentIngresses(client, { domain })).map((r) => r.id)).toEqual([id]);
    await expect(lookupAgentIngress(client, "ra_1")).rejects.toThrow(TypeError);
  });
});
