/**
 * ServiceUser (provider/serviceUser/definition.ts): its pure `check` and `diff`, the `ownerId`
 * sameness its API keys and credentials share, and its provider methods as the dynamic-provider
 * host calls them, against the emulator, each counting its requests.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  listServiceUsers,
  lookupServiceUser,
  NgrokApiError,
  NgrokClientError,
  resetStackConfig,
  serviceUserProvider as provider,
  UNKNOWN,
} from "../../../provider";
import { kindOfId } from "../../../cli/importFile/kinds";
import { clientFromConfiguration } from "../../../provider/client";
import { LOOKUPS } from "../../../provider/registry";
import {
  sameOwner,
  type ServiceUserInputs,
  serviceUserDefinition,
} from "../../../provider/serviceUser/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check, diff } = serviceUserDefinition;
const PATH = "/service_users";
let emulator: RunningEmulator;
let serial = 0;
/** A name no other test of this file used. */
const fresh = () => `ci-${++serial}`;

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

const failuresOf = (news: Record<string, unknown>) =>
  (check(news).failures ?? []).map((f) => [f.property, f.reason]);

async function created(news: Record<string, unknown>) {
  const result = await provider.check({}, news);
  expect(result.failures ?? []).toEqual([]);
  const inputs = result.inputs as ServiceUserInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

describe("check (no API call)", () => {
  it("accepts a name, and active or not", () => {
    expect(check({ name: "ci" })).toEqual({ inputs: { name: "ci" }, failures: [] });
    expect(check({ name: "ci", active: false }).failures).toEqual([]);
  });

  it("refuses a missing or blank name, a non-boolean active, another property", () => {
    expect(failuresOf({})).toEqual([
      ["name", "name is required: the service user's name (e.g. `ci-pipeline`)"],
    ]);
    expect(failuresOf({ name: "  ", active: "yes", description: "x" })).toEqual([
      [
        "description",
        expect.stringMatching(
          /^description is not a property of pulumi-nodejs:dynamic\/ngrok:ServiceUser/,
        ),
      ],
      ["name", "name must not be empty"],
      ["active", 'active must be a boolean (true or false), not "yes"'],
    ]);
  });

  it("does not judge values not known yet", () => {
    expect(check({ name: UNKNOWN, active: UNKNOWN }).failures).toEqual([]);
  });
});

describe("diff", () => {
  const olds = { name: "ci", active: true };
  it("a name or active updates in place; active left out is no change", () => {
    expect(diff(olds, { name: "cd", active: false })).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["name", "active"],
    });
    expect(diff(olds, { name: "ci" }).changes).toBe(false);
  });
  it("a forced replacement keeps the name, which ngrok holds once: the old one goes first", () => {
    expect(diff(olds, olds).deleteBeforeReplace).toBe(false);
    expect(serviceUserDefinition.properties.name.unique).toBe(true);
  });
});

describe("ownerId's sameness (ApiKey, Credential)", () => {
  it("an id is compared; an e-mail or a SCIM id, answered as the user's id, is never a change", () => {
    expect(sameOwner("service_2Za", "service_2Za")).toBe(true);
    expect(sameOwner("service_2Za", "service_2Zb")).toBe(false);
    expect(sameOwner("usr_2Za", "bot_2Za")).toBe(false);
    expect(sameOwner("usr_2Za", "alice@example.com")).toBe(true);
    expect(sameOwner("usr_2Za", "00u1abcd-scim")).toBe(true);
    expect(sameOwner("usr_2Za", undefined)).toBe(true);
  });
});

describe("against the emulator", () => {
  it("creates with one POST; active is ngrok's (true) when left out", async () => {
    const name = fresh();
    const { id, outs } = await created({ name });
    expect(id).toMatch(/^service_[0-9A-Za-z]+$/);
    expect(outs).toMatchObject({
      name,
      active: true,
      uri: expect.stringMatching(new RegExp(`${PATH}/${id}$`)),
      createdAt: expect.any(String),
    });
  });

  it("refresh: one GET; a name or active changed outside Pulumi shows as drift", async () => {
    const { id, outs, inputs } = await created({ name: fresh(), active: true });
    await callApi(emulator, "PATCH", `${PATH}/${id}`, { name: "renamed-by-hand", active: false });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.inputs).toMatchObject({ name: "renamed-by-hand", active: false });
    expect(diff(value!.props!, { ...inputs })).toMatchObject({
      changes: true,
      updates: ["name", "active"],
    });
  });

  it("import: a read without state, then the same inputs are no change", async () => {
    const { id, inputs } = await created({ name: fresh() });
    const { value, calls } = await tracked(emulator, () => provider.read(id));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.inputs).toEqual({ name: inputs.name, active: true });
    expect(diff(value!.props!, { ...inputs }).changes).toBe(false);
  });

  it("updates with one PATCH", async () => {
    const { id, outs, inputs } = await created({ name: fresh() });
    const news = { ...inputs, name: fresh(), active: false };
    const { value, calls } = await tracked(emulator, () => provider.update(id, outs, news));
    expect(calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(value!.outs).toMatchObject({ name: news.name, active: false });
  });

  it("a name the account holds already fails naming name", async () => {
    const name = fresh();
    await created({ name });
    const { error, calls } = await tracked(emulator, () =>
      provider.create(check({ name }).inputs as ServiceUserInputs),
    );
    expect(calls).toEqual([`POST ${PATH} 400`]);
    expect(NgrokApiError.isInstance(error) && error.errorCode).toBe("ERR_NGROK_4112");
    expect(String(error)).toContain("ngrok refused name:");
  });

  it("an ambiguous create that acted records the service user it made, found by its name", async () => {
    const name = fresh();
    emulator.faults.add({ method: "POST", path: PATH, drop: "after", count: 1 });
    const { value, error, calls } = await tracked(emulator, () =>
      provider.create(check({ name }).inputs as ServiceUserInputs),
    );
    expect(error).toBeUndefined();
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
    const made = emulator.snapshot().collections[PATH].filter((s) => s.name === name);
    expect(made.map((s) => s.id)).toEqual([value!.id]);
  });

  it("an ambiguous create that did not act says so, with no second POST", async () => {
    emulator.faults.add({ method: "POST", path: PATH, drop: "before", count: 1 });
    const { error, calls } = await tracked(emulator, () =>
      provider.create(check({ name: fresh() }).inputs as ServiceUserInputs),
    );
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect(String(error)).toMatch(
      /^NgrokClientError: creating the service user failed after the request was sent .* so most likely none was created/,
    );
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
  });

  it("deletes with one DELETE; one already gone counts as deleted", async () => {
    const { id, outs } = await created({ name: fresh() });
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 404`,
    ]);
  });

  it("lookups: one by id, and the list by name", async () => {
    const { id, inputs } = await created({ name: fresh() });
    const client = clientFromConfiguration();
    expect(await lookupServiceUser(client, id)).toMatchObject({ id, name: inputs.name });
    const found = await listServiceUsers(client, { name: inputs.name });
    expect(found.map((s) => s.id)).toEqual([id]);
    expect(await listServiceUsers(client, { name: "nobody" })).toEqual([]);
    await expect(lookupServiceUser(client, "usr_1")).rejects.toThrow(TypeError);
  });
});

describe("ids of the older examples' prefix, bot_ (ngrok's examples disagree)", () => {
  let bots: RunningEmulator;
  beforeAll(async () => {
    bots = await startEmulator({
      port: 0,
      collections: [{ path: PATH, idPrefix: "bot_" }],
    });
  });
  beforeEach(() => configureProvider(bots));
  afterAll(() => bots?.close());

  it("are taken by create, read, the lookups and their argument check alike", async () => {
    const inputs = check({ name: "bot-style" }).inputs as ServiceUserInputs;
    const { id } = await provider.create(inputs);
    expect(id).toMatch(/^bot_[0-9A-Za-z]+$/);
    expect((await provider.read(id)).props).toMatchObject({ name: "bot-style", active: true });
    const client = clientFromConfiguration();
    expect(await lookupServiceUser(client, id)).toMatchObject({ id, name: "bot-style" });
    await expect(lookupServiceUser(client, "usr_1")).rejects.toThrow(
      'getServiceUser: id must be a service user id, "service_" or "bot_" followed by letters and digits; got "usr_1"',
    );
    const getOne = LOOKUPS.find((l) => l.name === "getServiceUser")!;
    expect(getOne.check({ id })).toEqual([]);
    expect(getOne.check({ id: "usr_1" })).toEqual([
      {
        property: "id",
        reason:
          'getServiceUser: id must be "service_" or "bot_" followed by letters and digits; got "usr_1"',
      },
    ]);
    expect(kindOfId(id)?.name).toBe("ServiceUser");
  });
});
