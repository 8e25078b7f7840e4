/**
 * Vault (provider/vault/definition.ts): its pure `check` and `diff`, and its provider methods
 * against the emulator, each counting its requests: create, refresh with drift, import, update of
 * the name in place, a name the account holds already, delete (refused while it holds secrets),
 * lookups.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  listVaults,
  lookupVault,
  NgrokApiError,
  resetStackConfig,
  vaultProvider as provider,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import { type VaultInputs, vaultDefinition } from "../../../provider/vault/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check, diff } = vaultDefinition;
const PATH = "/vaults";
let emulator: RunningEmulator;
let serial = 0;
const fresh = () => `vault_${++serial}`;

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

async function created(news: Record<string, unknown>) {
  const inputs = check(news).inputs as VaultInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

test("check: a name of a-zA-Z0-9_/. is required; no limit is judged on the text ngrok states none for", () => {
  expect(check({ name: "team/app.v1", description: "x".repeat(300) }).failures).toEqual([]);
  expect(check({ name: "app vault" }).failures).toEqual([
    {
      property: "name",
      reason:
        'name must only contain the characters a-zA-Z0-9_/. (letters, digits, _, / and .); got "app vault"',
    },
  ]);
  expect(check({}).failures).toEqual([
    {
      property: "name",
      reason: "name is required: the vault's name, of a-zA-Z0-9_/. (e.g. `app`)",
    },
  ]);
});

test("diff: a new name updates in place", () => {
  expect(diff({ name: "a" }, { name: "b" })).toMatchObject({ updates: ["name"], replaces: [] });
});

test("create, refresh with drift, import, update: one request each", async () => {
  const { id, outs, inputs } = await created({ name: fresh(), description: "v1" });
  expect(id).toMatch(/^vault_/);
  expect(outs).toMatchObject({
    name: inputs.name,
    description: "v1",
    updatedAt: expect.any(String),
  });
  await callApi(emulator, "PATCH", `${PATH}/${id}`, { description: "by hand" });
  const read = await tracked(emulator, () => provider.read(id, outs));
  expect(read.calls).toEqual([`GET ${PATH}/${id} 200`]);
  expect(diff(read.value!.props!, { ...inputs })).toMatchObject({ updates: ["description"] });
  const imported = await provider.read(id);
  expect(imported.inputs).toEqual({ name: inputs.name, description: "by hand" });
  const renamed = await tracked(emulator, () =>
    provider.update(id, outs, { name: `${inputs.name}_b`, description: "v1" }),
  );
  expect(renamed.calls).toEqual([`PATCH ${PATH}/${id} 200`]);
  expect(renamed.value!.outs).toMatchObject({ name: `${inputs.name}_b` });
});

test("a name the account holds already fails naming name", async () => {
  const name = fresh();
  await created({ name });
  const { error } = await tracked(emulator, () => provider.create({ name }));
  expect(NgrokApiError.isInstance(error) && error.errorCode).toBe("ERR_NGROK_23004");
  expect(String(error)).toContain("ngrok refused name:");
});

test("delete: refused while the vault holds a secret, then one DELETE", async () => {
  const { id, outs } = await created({ name: fresh() });
  const secret = await callApi(emulator, "POST", "/vault_secrets", {
    vault_id: id,
    name: "s",
    value: "v",
  });
  const refused = await tracked(emulator, () => provider.delete(id, outs));
  expect(NgrokApiError.isInstance(refused.error) && refused.error.errorCode).toBe(
    "ERR_NGROK_23003",
  );
  await callApi(emulator, "DELETE", `/vault_secrets/${secret.body.id}`);
  expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
    `DELETE ${PATH}/${id} 204`,
  ]);
});

test("lookups: one by id, and the list by name", async () => {
  const { id, inputs } = await created({ name: fresh() });
  const client = clientFromConfiguration();
  expect(await lookupVault(client, id)).toMatchObject({ id, name: inputs.name });
  expect((await listVaults(client, { name: inputs.name })).map((v) => v.id)).toEqual([id]);
});
