/**
 * Credential (provider/credential/definition.ts), an agent authtoken: its pure `check` and `diff`
 * (the ACL rules and sameness shared with SshCredential), and its provider methods as the
 * dynamic-provider host calls them, against the emulator, each counting its requests. Its `token`
 * is returned once: kept from the create through a refresh and an update, absent after an import
 * (with one warning) and from the lookups.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  credentialProvider as provider,
  listCredentials,
  lookupCredential,
  resetStackConfig,
  serviceUserProvider,
  UNKNOWN,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import {
  type CredentialInputs,
  credentialDefinition,
} from "../../../provider/credential/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check, diff } = credentialDefinition;
const PATH = "/credentials";
const TOKEN = /^[0-9A-Za-z]{27}_[0-9A-Za-z]{21}$/;
let emulator: RunningEmulator;
let ownerId: string;
let warnings: string[];

beforeAll(async () => {
  delete process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_BASE_URL;
  emulator = await startEmulator({ port: 0 });
  await configureProvider(emulator);
  ownerId = (await serviceUserProvider.create({ name: "agents" })).id;
});
beforeEach(async () => {
  await configureProvider(emulator);
  warnings = [];
  jest.spyOn(console, "warn").mockImplementation((line: string) => void warnings.push(line));
});
afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

const failuresOf = (news: Record<string, unknown>) =>
  (check(news).failures ?? []).map((f) => [f.property, f.reason]);

async function created(news: Record<string, unknown>) {
  const result = await provider.check({}, news);
  expect(result.failures ?? []).toEqual([]);
  const inputs = result.inputs as CredentialInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

describe("check (no API call)", () => {
  it("accepts the bind rules ngrok's description gives, and '*'; acl defaults to []", () => {
    const acl = [
      "bind:example.ngrok.io",
      "bind:*.example.com",
      "bind:*=example",
      "bind:1.tcp.ngrok.io:20002",
      "*",
    ];
    expect(check({ acl, ownerId: "usr_2Za" })).toEqual({
      inputs: { acl, ownerId: "usr_2Za" },
      failures: [],
    });
    expect(check({}).inputs).toEqual({ acl: [] });
  });

  it("refuses what is not a rule, naming acl and the index", () => {
    expect(failuresOf({ acl: ["connect:x", "bind:", "bind:a b"] })).toEqual([
      ["acl", expect.stringMatching(/^acl\[0\] must be "\*" or a bind rule/)],
      ["acl", 'acl[1] must name what it binds after "bind:"; got "bind:"'],
      ["acl", expect.stringMatching(/^acl\[2\] must be one rule without whitespace/)],
    ]);
    expect(failuresOf({ acl: "bind:x" })).toEqual([
      ["acl", expect.stringMatching(/^acl must be a list/)],
    ]);
  });

  it("does not judge values not known yet", () => {
    expect(check({ acl: UNKNOWN, ownerId: UNKNOWN }).failures).toEqual([]);
  });
});

describe("diff", () => {
  const olds = { acl: ["bind:a.example.com", "bind:b.example.com"], ownerId: "service_2Za" };
  it("acl updates in place, compared as a set with [] the same as ['*']; a new owner replaces", () => {
    expect(
      diff(olds, { acl: ["bind:b.example.com", "bind:a.example.com"], ownerId: "service_2Za" })
        .changes,
    ).toBe(false);
    expect(diff({ acl: [] }, { acl: ["*"] }).changes).toBe(false);
    expect(diff(olds, { acl: ["bind:a.example.com"] })).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["acl"],
    });
    expect(diff(olds, { ...olds, ownerId: "usr_2Zb" })).toMatchObject({
      replaces: ["ownerId"],
      deleteBeforeReplace: false,
    });
  });
});

describe("against the emulator", () => {
  it("creates with one POST: the ACL and owner sent, the token answered once and kept", async () => {
    const acl = ["bind:*.preview.example.com"];
    const { id, outs } = await created({ acl, ownerId, description: "preview agents" });
    expect(id).toMatch(/^cr_/);
    expect(outs).toMatchObject({ acl, ownerId, token: expect.stringMatching(TOKEN) });
    const live = await callApi(emulator, "GET", `${PATH}/${id}`);
    expect(live.body).toMatchObject({ acl, owner_id: ownerId });
    expect(live.body.token ?? null).toBeNull();
  });

  it("refresh: one GET; the token kept; ACL rules changed outside Pulumi show as drift", async () => {
    const { id, outs, inputs } = await created({ acl: ["bind:a.example.com"], ownerId });
    await callApi(emulator, "PATCH", `${PATH}/${id}`, { acl: ["bind:other.example.com"] });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.props).toMatchObject({ token: outs.token, acl: ["bind:other.example.com"] });
    expect(diff(value!.props!, { ...inputs })).toMatchObject({ updates: ["acl"] });
    expect(warnings).toEqual([]);
  });

  it("updates the ACL with one PATCH; the token kept from state", async () => {
    const { id, outs, inputs } = await created({ acl: ["bind:a.example.com"] });
    const news = { ...inputs, acl: ["bind:a.example.com", "bind:b.example.com"] };
    const { value, calls } = await tracked(emulator, () => provider.update(id, outs, news));
    expect(calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(value!.outs).toMatchObject({ acl: news.acl, token: outs.token });
  });

  it("import: no token, no change, one warning naming the credential and token", async () => {
    const { id, inputs } = await created({ acl: ["bind:x.example.com"], ownerId });
    const { value } = await tracked(emulator, () => provider.read(id));
    expect(value!.props).not.toHaveProperty("token");
    expect(value!.inputs).toMatchObject({ acl: ["bind:x.example.com"], ownerId });
    expect(diff(value!.props!, { ...inputs }).changes).toBe(false);
    expect(warnings).toEqual([
      expect.stringContaining(`Credential ${id}: ngrok returns token once, to the create`),
    ]);
  });

  it("deletes with one DELETE; one already gone counts as deleted", async () => {
    const { id, outs } = await created({});
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 404`,
    ]);
  });

  it("lookups: one by id and the list by owner, without tokens", async () => {
    const { id } = await created({ description: "looked up", ownerId });
    const client = clientFromConfiguration();
    const one = await lookupCredential(client, id);
    expect(one).toMatchObject({ id, ownerId, acl: [], description: "looked up" });
    expect(one).not.toHaveProperty("token");
    const found = await listCredentials(client, { ownerId, description: "looked up" });
    expect(found.map((c) => c.id)).toEqual([id]);
    await expect(lookupCredential(client, "sshcr_1")).rejects.toThrow(TypeError);
  });
});
