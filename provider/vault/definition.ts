/**
 * `Vault`, defined once (see `../framework`): a named container of secrets (`VaultSecret`) that
 * Traffic Policies read with `secrets.get("<vault>", "<secret>")`. ngrok's Terraform resource
 * `ngrok_vault`. This file is the whole resource, on the generic implementation.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `VaultCreate`,
 * `VaultUpdate`, `Vault`; `POST`, `GET`, `PATCH`, `DELETE /vaults[/{id}]`) and ngrok's error
 * catalogue: a name of `a-zA-Z0-9_/.` only (`ERR_NGROK_23000`), not empty (23001), unique in the
 * account (23004); a vault that holds secrets is not deleted (23003). `name` is in `VaultUpdate`:
 * a new name updates the vault in place.
 *
 * Where ngrok is silent, this definition decides (the docs page says so too):
 * - the description states no limit for `description` and `metadata`: none is judged at
 *   `check`, ngrok judges them;
 * - `created_by` and `last_updated_by` (who made and changed it, an id of the API key's owner)
 *   are not outputs: they describe the key the stack runs with, not the vault.
 *
 * @module
 */
import { objectOutputs, UNLIMITED_TEXT_INPUTS, updatedAtOutput } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { output, resource } from "../framework/example";
import { crudResource } from "../framework/implementation";
import type { RuleChecker } from "../framework/property";
import type { InputsOf, OutputsOf } from "../framework/resource";

/**
 * The name of a vault or a secret: the characters ngrok's catalogue allows, `a-zA-Z0-9_/.`
 * (`ERR_NGROK_23000` for a vault, 24000 for a secret).
 */
export function vaultNameRule(value: string, c: RuleChecker, name: string): void {
  if (!/^[a-zA-Z0-9_/.]+$/.test(value)) {
    c.fail(
      name,
      `${name} must only contain the characters a-zA-Z0-9_/. (letters, digits, _, / and .); ` +
        `got ${c.quote(name, value, 60)}`,
    );
  }
}

/** The vault. */
export const vaultDefinition = defineResource({
  name: "Vault",
  description:
    "An ngrok vault: a named container of secrets (`VaultSecret`) that Traffic Policies read " +
    'with `secrets.get("<vault name>", "<secret name>")`, so that no policy holds a secret\'s ' +
    "value. ngrok's Terraform resource `ngrok_vault`.",
  id: "ngrok's id (`vault_…`)",
  terraform: "ngrok_vault",
  api: {
    path: "/vaults",
    noun: "vault",
    idPrefix: "vault_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /vaults[/{id}]`",
    fieldErrors: { ERR_NGROK_23000: "name", ERR_NGROK_23001: "name", ERR_NGROK_23004: "name" },
  },
  lookups: {
    one: { description: "Reads one vault by id, without managing it: one `GET /vaults/{id}`." },
    list: {
      filters: ["name", "description", "metadata"],
      description:
        "Every vault of the account whose fields equal the filters that are set, without " +
        "managing them: `GET /vaults`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "vaults",
    shortNoun: "vault",
    shortNounPlural: "vaults",
    identifyingInputs: ["name", "description"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "A vault for the secrets of the app's Traffic Policies.",
    resources: [resource("Vault", "app-vault", { name: "app", description: "The app's secrets" })],
    outputs: { vaultId: output("app-vault", "id") },
  },
  properties: {
    name: {
      role: "input",
      type: { kind: "string", nonEmpty: true },
      required: true,
      requiredText: "the vault's name, of a-zA-Z0-9_/. (e.g. `app`)",
      onChange: "update",
      wire: "name",
      unique: true,
      rule: vaultNameRule,
      description:
        "The vault's name, unique in the account: letters, digits, `_`, `/` and `.` only. A " +
        'policy names it in `secrets.get("<name>", …)`. Updated in place.',
    },
    ...UNLIMITED_TEXT_INPUTS,
    ...updatedAtOutput("vault"),
    ...objectOutputs("The API URI of the vault, `https://api.ngrok.com/vaults/vault_…`."),
  },
});

/** The inputs of `Vault` as they are after `check`. */
export type VaultInputs = InputsOf<typeof vaultDefinition>;
/** The outputs of `Vault` recorded in state. */
export type VaultOutputs = OutputsOf<typeof vaultDefinition>;

/**
 * The vault: its definition with the generic implementation (`crudResource`: `POST`, `GET`,
 * `PATCH`, `DELETE /vaults[/{id}]`, a create sent once and found by its name after a failure that
 * may have acted). Nothing is its own.
 */
export const vault = crudResource(vaultDefinition);
