/**
 * `VaultSecret`, defined once (see `../framework`): a secret value in a vault (`Vault`), which
 * Traffic Policies read with `secrets.get("<vault>", "<secret>")`. ngrok's Terraform resource
 * `ngrok_secret`. This file is the whole resource, on the generic implementation.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `SecretCreate`,
 * `SecretUpdate`, `Secret`, `SecretList` (its objects under `secrets`); `POST`, `GET`, `PATCH`,
 * `DELETE /vault_secrets[/{id}]`), ngrok's Secrets page ("The ngrok API never returns secret
 * values in response payloads") and its error catalogue: a name of `a-zA-Z0-9_/.` only
 * (`ERR_NGROK_24000`), not empty (24001), unique in its vault (24005); a value (24003); a vault
 * that exists (24006, 24009). `name` and `value` are in `SecretUpdate`, so they update in place;
 * the vault is not, so a new `vaultId` replaces the secret (the new one first: it is in another
 * vault).
 *
 * - `vaultId` is a reference: sent as `vault_id`, read back from the answer's `vault: { id, uri }`.
 *   ngrok also takes `vault_name`; one way to name the vault is enough, and an id is what a
 *   `Vault` outputs, so it is not an input (the answer's `vault_name` is the output `vaultName`).
 * - A name is held once in a vault (24005): `name` is `unique` within `vaultId`, so a forced
 *   replacement in the same vault deletes the old secret first, and a create whose answer is lost
 *   is found again by its vault and name.
 * - `value` is write-only: a secret in state on both paths, never answered, kept from state by
 *   every read (a refresh never reports drift on it), a new value updates in place. An imported
 *   secret's value is not known: the declared one is taken as ngrok's until it changes.
 *
 * Where ngrok is silent, this definition decides (the docs page says so too): no limit is judged
 * for `description`, `metadata` or `value` (none is stated); `created_by` and `last_updated_by`
 * (the API key's owner) are not outputs.
 *
 * @module
 */
import {
  answeredText,
  objectOutputs,
  UNLIMITED_TEXT_INPUTS,
  updatedAtOutput,
} from "../common/textProperties";
import { defineResource } from "../framework/define";
import { config, output, resource } from "../framework/example";
import { crudResource } from "../framework/implementation";
import { reference } from "../framework/reference";
import type { InputsOf, OutputsOf } from "../framework/resource";
import { vaultDefinition, vaultNameRule } from "../vault/definition";

/** The vault secret. */
export const vaultSecretDefinition = defineResource({
  name: "VaultSecret",
  description:
    "An ngrok vault secret: a value kept in a vault (`Vault`), which Traffic Policies read at " +
    'run time with `secrets.get("<vault name>", "<secret name>")`; ngrok never returns it. ' +
    "ngrok's Terraform resource `ngrok_secret`.",
  id: "ngrok's id (`secret_…`)",
  terraform: "ngrok_secret",
  api: {
    path: "/vault_secrets",
    noun: "vault secret",
    idPrefix: "secret_",
    listField: "secrets",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /vault_secrets[/{id}]`",
    fieldErrors: {
      ERR_NGROK_24000: "name",
      ERR_NGROK_24001: "name",
      ERR_NGROK_24005: "name",
      ERR_NGROK_24003: "value",
      ERR_NGROK_24006: "vaultId",
      ERR_NGROK_24008: "vaultId",
    },
  },
  lookups: {
    one: {
      description:
        "Reads one vault secret by id (its value is never returned), without managing it: one " +
        "`GET /vault_secrets/{id}`.",
    },
    list: {
      filters: ["vaultId", "name", "description", "metadata"],
      description:
        "Every vault secret of the account whose fields equal the filters that are set (their " +
        "values are never returned), without managing them: `GET /vault_secrets`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "secrets",
    shortNoun: "secret",
    shortNounPlural: "secrets",
    identifyingInputs: ["vaultId", "name", "description"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "An OpenID Connect client secret, kept in a vault for the app's Traffic Policy.",
    resources: [
      resource("Vault", "app-vault", { name: "app" }),
      resource("VaultSecret", "oidc-client-secret", {
        vaultId: output("app-vault", "id"),
        name: "oidc_client_secret",
        value: config("oidcClientSecret", true),
      }),
    ],
    outputs: { secretId: output("oidc-client-secret", "id") },
  },
  properties: {
    vaultId: {
      role: "input",
      type: reference(vaultDefinition),
      required: true,
      onChange: "replace",
      wire: "vault_id",
      description:
        "The vault the secret is in (`vault_…`, the id of a `Vault`). Changing it replaces the " +
        "secret (the new one first).",
    },
    name: {
      role: "input",
      type: { kind: "string", nonEmpty: true },
      required: true,
      requiredText: "the secret's name, of a-zA-Z0-9_/. (e.g. `oidc_client_secret`)",
      onChange: "update",
      wire: "name",
      unique: { within: "vaultId" },
      rule: vaultNameRule,
      description:
        "The secret's name, unique in its vault: letters, digits, `_`, `/` and `.` only. A " +
        'policy names it in `secrets.get("<vault name>", "<name>")`. Updated in place.',
    },
    value: {
      role: "input",
      type: { kind: "string", nonEmpty: true },
      required: true,
      requiredText: "the secret's value",
      writeOnly: true,
      onChange: "update",
      wire: "value",
      description:
        "The secret's value. ngrok never returns it: it is a secret in state, a refresh never " +
        "shows drift on it, and a new value is sent by an update in place.",
    },
    ...UNLIMITED_TEXT_INPUTS,
    vaultName: answeredText(
      "vault_name",
      "The name of the vault the secret is in, as `secrets.get` names it.",
    ),
    ...updatedAtOutput("secret"),
    ...objectOutputs("The API URI of the secret, `https://api.ngrok.com/vault_secrets/secret_…`."),
  },
});

/** The inputs of `VaultSecret` as they are after `check`. */
export type VaultSecretInputs = InputsOf<typeof vaultSecretDefinition>;
/** The outputs of `VaultSecret` recorded in state. */
export type VaultSecretOutputs = OutputsOf<typeof vaultSecretDefinition>;

/**
 * The vault secret: its definition with the generic implementation (`crudResource`: `POST`,
 * `GET`, `PATCH`, `DELETE /vault_secrets[/{id}]`, a create sent once and found by its vault and
 * name after a failure that may have acted). Nothing is its own.
 */
export const vaultSecret = crudResource(vaultSecretDefinition);
