/**
 * VaultSecret (provider/vaultSecret/definition.ts) and Vault (provider/vault/definition.ts), the
 * one a reference to the other: their pure `check` and `diff`, and their provider methods as the
 * dynamic-provider host calls them, against the emulator, each counting its requests. The secret's
 * `value` is write-only: sent, never answered, kept from state by a read (never a drift), absent
 * after an import (then no change), and never in a message.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  listVaultSecrets,
  lookupVaultSecret,
  NgrokApiError,
  NgrokClientError,
  resetStackConfig,
  UNKNOWN,
  vaultProvider,
  vaultSecretProvider as provider,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import { type VaultInputs, vaultDefinition } from "../../../provider/vault/definition";
import {
  type VaultSecretInputs,
  vaultSecretDefinition,
} from "../../../provider/vaultSecret/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check, diff } = vaultSecretDefinition;
const PATH = "/vault_secrets";
const VALUE = "s3cret-value-of-the-test";
let emulator: RunningEmulator;
let vaultId: string;
let serial = 0;
/** A secret name no other test of this file used. */
const fresh = () => `secret_${++serial}`;

beforeAll(async () => {
  delete process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_BASE_URL;
  emulator = await startEmulator({ port: 0 });
  await configureProvider(emulator);
  const inputs = vaultDefinition.check({ name: "app" }).inputs as VaultInputs;
  vaultId = (await vaultProvider.create(inputs)).id;
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
  const inputs = result.inputs as VaultSecretInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

describe("check (no API call)", () => {
  it("accepts a vault id, a name and a value", () => {
    const news = { vaultId: "vault_2Zabc", name: "oidc/client_secret.v1", value: VALUE };
    expect(check(news)).toEqual({ inputs: news, failures: [] });
  });

  it("refuses what ngrok refuses, naming the property and the rule, never quoting the value", () => {
    expect(failuresOf({ vaultId: "ipp_2Zabc", name: "no spaces", value: "" })).toEqual([
      [
        "vaultId",
        'vaultId must be the id of a vault (vault_…), e.g. the id output of a Vault; got "ipp_2Zabc"',
      ],
      [
        "name",
        'name must only contain the characters a-zA-Z0-9_/. (letters, digits, _, / and .); got "no spaces"',
      ],
      ["value", "value must not be empty"],
    ]);
    expect(failuresOf({})).toEqual([
      ["vaultId", expect.stringMatching(/^vaultId is required: /)],
      ["name", expect.stringMatching(/^name is required: /)],
      ["value", "value is required: the secret's value"],
    ]);
    expect(
      JSON.stringify(failuresOf({ vaultId: vaultId, name: "n", value: [VALUE] })),
    ).not.toContain(VALUE);
  });

  it("does not judge values not known yet", () => {
    expect(check({ vaultId: UNKNOWN, name: UNKNOWN, value: UNKNOWN }).failures).toEqual([]);
  });
});

describe("diff", () => {
  const olds = { vaultId: "vault_2Zabc", name: "n", value: VALUE };
  it("another vault replaces (the new secret first); a name or a value updates in place", () => {
    expect(diff(olds, { ...olds, vaultId: "vault_2Zother" })).toMatchObject({
      changes: true,
      replaces: ["vaultId"],
      deleteBeforeReplace: false,
    });
    expect(diff(olds, { ...olds, name: "m", value: "v2" })).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["name", "value"],
    });
  });
  it("a forced replacement keeps the name in its vault: the old secret goes first", () => {
    // What `pulumi up --replace` asks: a replacement with nothing changed.
    expect(diff(olds, olds).deleteBeforeReplace).toBe(false);
    expect(vaultSecretDefinition.properties.name.unique).toEqual({ within: "vaultId" });
  });
});

describe("against the emulator", () => {
  it("creates with one POST: the value sent, never answered; the vault read back from its Ref", async () => {
    const name = fresh();
    const { id, outs } = await created({ vaultId, name, value: VALUE, description: "oidc" });
    expect(id).toMatch(/^secret_/);
    const post = emulator.requests.find((r) => r.method === "POST" && r.path === PATH);
    expect(post).toBeDefined();
    const live = await callApi(emulator, "GET", `${PATH}/${id}`);
    expect(live.body).toMatchObject({ name, vault: { id: vaultId }, vault_name: "app" });
    expect(JSON.stringify(live.body)).not.toContain(VALUE);
    expect(outs).toMatchObject({
      vaultId,
      name,
      value: VALUE, // from the inputs: ngrok never answers it
      vaultName: "app",
      description: "oidc",
      uri: expect.stringMatching(new RegExp(`${PATH}/${id}$`)),
    });
  });

  it("refresh: one GET; the value kept from state (never a drift); a vault or name changed outside shows", async () => {
    const { id, outs, inputs } = await created({ vaultId, name: fresh(), value: VALUE });
    await callApi(emulator, "PATCH", `${PATH}/${id}`, { name: "renamed_by_hand", value: "other" });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.inputs).toMatchObject({ vaultId, name: "renamed_by_hand", value: VALUE });
    expect(diff(value!.props!, { ...inputs })).toMatchObject({ changes: true, updates: ["name"] });
  });

  it("import: a read without state has no value; the declared one is then no change", async () => {
    const { id, inputs } = await created({ vaultId, name: fresh(), value: VALUE });
    const { value } = await tracked(emulator, () => provider.read(id));
    expect(value!.inputs).toEqual({ vaultId, name: inputs.name });
    expect(value!.props).not.toHaveProperty("value");
    expect(diff(value!.props!, { ...inputs }).changes).toBe(false);
  });

  it("updates a new value with one PATCH, sent and kept in the outputs", async () => {
    const { id, outs, inputs } = await created({ vaultId, name: fresh(), value: VALUE });
    const news = { ...inputs, value: "rotated-value" };
    const { value, calls } = await tracked(emulator, () => provider.update(id, outs, news));
    expect(calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(value!.outs).toMatchObject({ value: "rotated-value", name: inputs.name });
  });

  it("a name the vault holds already fails naming name, without the value in the message", async () => {
    const name = fresh();
    await created({ vaultId, name, value: VALUE });
    const inputs = check({ vaultId, name, value: VALUE }).inputs as VaultSecretInputs;
    const { error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(calls).toEqual([`POST ${PATH} 400`]);
    expect(NgrokApiError.isInstance(error) && error.errorCode).toBe("ERR_NGROK_24005");
    expect(String(error)).toContain("ngrok refused name:");
    expect(String(error)).not.toContain(VALUE);
  });

  it("an ambiguous create that acted records the secret it made, found by its vault and name", async () => {
    const name = fresh();
    const inputs = check({ vaultId, name, value: VALUE }).inputs as VaultSecretInputs;
    emulator.faults.add({ method: "POST", path: PATH, drop: "after", count: 1 });
    const { value, error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
    const made = emulator.snapshot().collections[PATH].filter((s) => s.name === name);
    expect(made.map((s) => s.id)).toEqual([value!.id]);
    expect(value!.outs).toMatchObject({ value: VALUE });
  });

  it("an ambiguous create that did not act says so, with no second POST and no value", async () => {
    const inputs = check({ vaultId, name: fresh(), value: VALUE }).inputs as VaultSecretInputs;
    emulator.faults.add({ method: "POST", path: PATH, drop: "before", count: 1 });
    const { error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect(String(error)).toMatch(
      /^NgrokClientError: creating the vault secret failed after the request was sent .* so most likely none was created/,
    );
    expect(String(error)).not.toContain(VALUE);
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
  });

  it("deletes with one DELETE; a secret already gone counts as deleted", async () => {
    const { id, outs } = await created({ vaultId, name: fresh(), value: VALUE });
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 404`,
    ]);
  });

  it("lookups: one by id, and the list of a vault's secrets, without values", async () => {
    const { id, inputs } = await created({ vaultId, name: fresh(), value: VALUE });
    const client = clientFromConfiguration();
    const one = await lookupVaultSecret(client, id);
    expect(one).toMatchObject({ id, vaultId, name: inputs.name, vaultName: "app" });
    expect(one).not.toHaveProperty("value");
    const found = await listVaultSecrets(client, { vaultId, name: inputs.name });
    expect(found.map((s) => s.id)).toEqual([id]);
    expect(await listVaultSecrets(client, { vaultId: "vault_2Znone" })).toEqual([]);
    await expect(lookupVaultSecret(client, "vault_1")).rejects.toThrow(TypeError);
  });
});
