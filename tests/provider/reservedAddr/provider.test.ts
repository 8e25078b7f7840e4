/**
 * ReservedAddr (provider/reservedAddr/definition.ts): its pure `check` and `diff`, and its provider
 * methods as the dynamic-provider host calls them, against the emulator, each counting its
 * requests. `region` is one of the description's regions, `us` when left out, and replaces;
 * `addr` is ngrok's, assigned at the create.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  listReservedAddrs,
  lookupReservedAddr,
  NgrokApiError,
  reservedAddrProvider as provider,
  resetStackConfig,
  UNKNOWN,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import {
  type ReservedAddrInputs,
  reservedAddrDefinition,
} from "../../../provider/reservedAddr/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check, diff } = reservedAddrDefinition;
const PATH = "/reserved_addrs";
let emulator: RunningEmulator;

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
  const inputs = result.inputs as ReservedAddrInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

describe("check (no API call)", () => {
  it("takes no input at all, recording ngrok's stated default region us", () => {
    expect(check({})).toEqual({ inputs: { region: "us" }, failures: [] });
    expect(failuresOf({ region: "sa", description: "x".repeat(1000) })).toEqual([]);
  });

  it("refuses a region the description does not list, and metadata over 4096 bytes, naming each", () => {
    expect(failuresOf({ region: "moon", metadata: "é".repeat(2049) })).toEqual([
      ["region", 'region must be one of "us", "eu", "ap", "au", "jp", "in", "sa"; got "moon"'],
      ["metadata", expect.stringMatching(/^metadata .*4096 bytes/)],
    ]);
  });

  it("does not judge values not known yet", () => {
    expect(check({ region: UNKNOWN, description: UNKNOWN }).failures).toEqual([]);
  });
});

describe("diff", () => {
  const olds = { region: "eu", description: "a" };
  it("description and metadata update in place; a new region replaces, the new address first", () => {
    expect(diff(olds, { ...olds, description: "b" })).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["description"],
    });
    expect(diff(olds, { ...olds, region: "us" })).toMatchObject({
      replaces: ["region"],
      deleteBeforeReplace: false,
    });
    expect(diff(olds, { ...olds }).changes).toBe(false);
  });
});

describe("against the emulator", () => {
  it("creates with one POST: ngrok assigns addr in the region", async () => {
    const { id, outs } = await created({ region: "eu", description: "ssh" });
    expect(id).toMatch(/^ra_/);
    expect(outs.addr).toMatch(/^1\.tcp\.eu\.ngrok\.io:\d+$/);
    const us = await created({});
    expect(us.outs).toMatchObject({
      region: "us",
      addr: expect.stringMatching(/^1\.tcp\.ngrok\.io:\d+$/),
    });
  });

  it("refresh: one GET; a description changed outside Pulumi is drift, updated back by one PATCH", async () => {
    const { id, outs, inputs } = await created({ region: "jp", description: "before" });
    await callApi(emulator, "PATCH", `${PATH}/${id}`, { description: "by hand" });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.inputs).toMatchObject({ region: "jp", description: "by hand" });
    expect(value!.props).toMatchObject({ addr: outs.addr });
    expect(diff(value!.props!, { ...inputs })).toMatchObject({
      changes: true,
      updates: ["description"],
    });
    const back = await tracked(emulator, () =>
      provider.update(id, value!.props as typeof outs, inputs),
    );
    expect(back.calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(back.value!.outs).toMatchObject({ description: "before", addr: outs.addr });
  });

  it("import: a read without state gives the inputs that reproduce the address, which diff as no change", async () => {
    const made = await callApi(emulator, "POST", PATH, {
      region: "ap",
      description: "by hand",
      metadata: '{"team":"ops"}',
    });
    const id = String((made.body as { id: string }).id);
    const { value } = await tracked(emulator, () => provider.read(id));
    expect(value!.inputs).toEqual({
      region: "ap",
      description: "by hand",
      metadata: '{"team":"ops"}',
    });
    const checked = check(value!.inputs!);
    expect(checked.failures).toEqual([]);
    expect(diff(value!.props!, checked.inputs!).changes).toBe(false);
  });

  it("a region ngrok refuses fails naming region (status 400, ERR_NGROK_500)", async () => {
    const { error, calls } = await tracked(emulator, () =>
      provider.create({ region: "moon" } as unknown as ReservedAddrInputs),
    );
    expect(calls).toEqual([`POST ${PATH} 400`]);
    expect(NgrokApiError.isInstance(error) && error.errorCode).toBe("ERR_NGROK_500");
    expect(String(error)).toContain("ngrok refused region:");
  });

  it("an ambiguous create that acted is found by its region, description and metadata", async () => {
    await created({ region: "in", description: "the other one" });
    const inputs = check({ region: "in", description: "lost answer" }).inputs as ReservedAddrInputs;
    emulator.faults.add({ method: "POST", path: PATH, drop: "after", count: 1 });
    const { value, error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
    const live = await callApi(emulator, "GET", `${PATH}/${value!.id}`);
    expect(live.body).toMatchObject({ region: "in", description: "lost answer" });
  });

  it("a create lost before ngrok acted fails, saying how to find what may have been made", async () => {
    const inputs = check({ region: "au", description: "never made" }).inputs as ReservedAddrInputs;
    emulator.faults.add({ method: "POST", path: PATH, drop: "before", count: 1 });
    const { error } = await tracked(emulator, () => provider.create(inputs));
    expect(String(error)).toContain("ngrok api reserved-addrs list");
    const all = await callApi(emulator, "GET", PATH);
    expect(JSON.stringify(all.body)).not.toContain("never made");
  });

  it("deletes with one DELETE; an address already gone counts as deleted", async () => {
    const { id, outs } = await created({ region: "eu" });
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 404`,
    ]);
  });

  it("lookups: one by id, and the one reservation of an addr", async () => {
    const { id, outs } = await created({ region: "sa", description: "lookup" });
    const client = clientFromConfiguration();
    expect(await lookupReservedAddr(client, id)).toMatchObject({ id, addr: outs.addr });
    const found = await listReservedAddrs(client, { addr: outs.addr });
    expect(found.map((r) => r.id)).toEqual([id]);
    expect((await listReservedAddrs(client, { region: "sa" })).map((r) => r.id)).toContain(id);
    await expect(lookupReservedAddr(client, "rd_1")).rejects.toThrow(TypeError);
  });
});
