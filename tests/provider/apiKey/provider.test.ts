/**
 * ApiKey (provider/apiKey/definition.ts): its pure `check` and `diff`, and its provider methods
 * as the dynamic-provider host calls them, against the emulator, each counting its requests. Its
 * `token` is returned once: answered to the create, kept from state by a refresh and an update,
 * absent after an import or a lookup, and the import warns of it in one sentence (the framework's
 * `unrecoveredWarnings`, provider/framework/kinds.ts). `ownerId` names a ServiceUser.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  apiKeyProvider as provider,
  listApiKeys,
  lookupApiKey,
  NgrokClientError,
  resetStackConfig,
  serviceUserProvider,
  UNKNOWN,
} from "../../../provider";
import { type ApiKeyInputs, apiKeyDefinition } from "../../../provider/apiKey/definition";
import { clientFromConfiguration } from "../../../provider/client";
import { unrecoveredWarnings } from "../../../provider/framework/kinds";
import { isSecret } from "../../../provider/framework/property";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check, diff } = apiKeyDefinition;
const PATH = "/api_keys";
const TOKEN = /^[0-9A-Za-z]{27}_[0-9A-Za-z]{21}$/;
let emulator: RunningEmulator;
let ownerId: string;
let warnings: string[];

beforeAll(async () => {
  delete process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_BASE_URL;
  emulator = await startEmulator({ port: 0 });
  await configureProvider(emulator);
  ownerId = (await serviceUserProvider.create({ name: "ci" })).id;
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

async function created(news: Record<string, unknown>) {
  const result = await provider.check({}, news);
  expect(result.failures ?? []).toEqual([]);
  const inputs = result.inputs as ApiKeyInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

describe("check (no API call)", () => {
  it("accepts nothing at all, or a description, metadata and an owner of any form ngrok takes", () => {
    expect(check({})).toEqual({ inputs: {}, failures: [] });
    for (const owner of ["service_2Zabc", "bot_2Zabc", "usr_2Zabc", "alice@example.com"]) {
      expect(check({ ownerId: owner, description: "ci" }).failures).toEqual([]);
    }
  });

  it("refuses what the description limits, naming the property; a token is no input", () => {
    const failures = (
      check({
        description: "d".repeat(256),
        metadata: "m".repeat(4097),
        ownerId: "",
        token: "x",
      }).failures ?? []
    ).map((f) => [f.property, f.reason]);
    expect(failures).toEqual([
      [
        "token",
        "token is not a property of pulumi-nodejs:dynamic/ngrok:ApiKey; its properties are description, metadata, ownerId",
      ],
      ["description", "description must be at most 255 bytes of UTF-8; it is 256 bytes"],
      ["metadata", "metadata must be at most 4096 bytes of UTF-8; it is 4097 bytes"],
      ["ownerId", "ownerId must not be empty"],
    ]);
  });

  it("does not judge values not known yet", () => {
    expect(check({ ownerId: UNKNOWN, description: UNKNOWN }).failures).toEqual([]);
  });
});

describe("diff", () => {
  const olds = { description: "ci", ownerId: "service_2Za", token: "t" };
  it("a new owner id replaces (the new key first); description and metadata update in place", () => {
    expect(diff(olds, { description: "ci", ownerId: "service_2Zb" })).toMatchObject({
      changes: true,
      replaces: ["ownerId"],
      deleteBeforeReplace: false,
    });
    expect(diff(olds, { description: "cd", metadata: "{}", ownerId: "service_2Za" })).toMatchObject(
      { changes: true, replaces: [], updates: ["description", "metadata"] },
    );
  });
  it("an owner left out, or named by e-mail, is never a change", () => {
    expect(diff(olds, { description: "ci" }).changes).toBe(false);
    expect(diff(olds, { description: "ci", ownerId: "alice@example.com" }).changes).toBe(false);
  });
  it("token is a secret output", () => {
    expect(isSecret(apiKeyDefinition.properties.token)).toBe(true);
  });
});

describe("against the emulator", () => {
  it("creates with one POST: the token answered once, kept in the outputs; the owner sent", async () => {
    const { id, outs } = await created({ description: "ci", ownerId });
    expect(id).toMatch(/^ak_/);
    expect(outs).toMatchObject({ description: "ci", ownerId, token: expect.stringMatching(TOKEN) });
    const live = await callApi(emulator, "GET", `${PATH}/${id}`);
    expect(live.body.token ?? null).toBeNull();
    expect(live.body.owner_id).toBe(ownerId);
  });

  it("an owner left out is ngrok's (the API key's owner), never a change", async () => {
    const { outs, inputs } = await created({ description: "default owner" });
    expect(outs.ownerId).toEqual(expect.any(String));
    expect(diff(outs, { ...inputs }).changes).toBe(false);
  });

  it("refresh: one GET; the token kept from state, with no warning; drift on the description", async () => {
    const { id, outs, inputs } = await created({ description: "ci", ownerId });
    await callApi(emulator, "PATCH", `${PATH}/${id}`, { description: "by hand" });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.props).toMatchObject({ token: outs.token, description: "by hand" });
    expect(diff(value!.props!, { ...inputs })).toMatchObject({ updates: ["description"] });
    expect(warnings).toEqual([]);
  });

  it("updates with one PATCH; the token kept from state", async () => {
    const { id, outs, inputs } = await created({ description: "ci", ownerId });
    const news = { ...inputs, description: "cd" };
    const { value, calls } = await tracked(emulator, () => provider.update(id, outs, news));
    expect(calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(value!.outs).toMatchObject({ description: "cd", token: outs.token });
  });

  it("import: no token, no change, and one warning that says why", async () => {
    const { id, inputs } = await created({ description: "imported", ownerId });
    const { value, calls } = await tracked(emulator, () => provider.read(id));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.props).not.toHaveProperty("token");
    expect(diff(value!.props!, { ...inputs }).changes).toBe(false);
    const [sentence] = unrecoveredWarnings(apiKeyDefinition, id, {});
    expect(warnings).toEqual([`warning: [runtime] ${sentence}`]);
    expect(sentence).toBe(
      `ApiKey ${id}: ngrok returns token once, to the create, so a read without it in the state ` +
        "(pulumi import, get) cannot recover it and the token output stays unset; replace the " +
        "resource to have a new one",
    );
  });

  it("an ambiguous create that acted records the key it made (found by its inputs), without a token", async () => {
    const description = "ambiguous";
    emulator.faults.add({ method: "POST", path: PATH, drop: "after", count: 1 });
    const inputs = check({ description, ownerId }).inputs as ApiKeyInputs;
    const { value, error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
    expect(value!.id).toMatch(/^ak_/);
    expect(value!.outs).not.toHaveProperty("token");
  });

  it("an ambiguous create that did not act says so, with no second POST", async () => {
    emulator.faults.add({ method: "POST", path: PATH, drop: "before", count: 1 });
    const inputs = check({ description: "never made", ownerId }).inputs as ApiKeyInputs;
    const { error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect(String(error)).toMatch(/^NgrokClientError: creating the API key failed after/);
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
  });

  it("deletes with one DELETE; one already gone counts as deleted", async () => {
    const { id, outs } = await created({ description: "gone" });
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 404`,
    ]);
  });

  it("lookups: one by id and the list by owner, without tokens (the list field is keys)", async () => {
    const { id } = await created({ description: "looked up", ownerId });
    const client = clientFromConfiguration();
    const one = await lookupApiKey(client, id);
    expect(one).toMatchObject({ id, ownerId, description: "looked up" });
    expect(one).not.toHaveProperty("token");
    const found = await listApiKeys(client, { ownerId, description: "looked up" });
    expect(found.map((k) => k.id)).toEqual([id]);
    expect(found[0]).not.toHaveProperty("token");
    await expect(lookupApiKey(client, "cr_1")).rejects.toThrow(TypeError);
  });
});
