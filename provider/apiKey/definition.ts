/**
 * `ApiKey`, defined once (see `../framework`): a key for ngrok's API, owned by a user or a
 * service user (`ServiceUser`). ngrok's Terraform resource `ngrok_api_key`. This file is the whole
 * resource, on the generic implementation.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `APIKeyCreate`,
 * `APIKeyUpdate`, `APIKey`, `APIKeyList` (its objects under `keys`); `POST`, `GET`, `PATCH`,
 * `DELETE /api_keys[/{id}]`; `description` of at most 255 bytes, `metadata` of 4096; `token`
 * "only available one time, on the API response from key creation. Otherwise it is null.").
 * `description` and `metadata` are in `APIKeyUpdate`, so they update in place; `owner_id` is
 * not, so a new `ownerId` replaces the key.
 *
 * - `token` is returned once: a secret output kept from the create through every refresh and
 *   update; an imported or looked-up key has none, and a read that finds none says so.
 * - `ownerId`: see `../serviceUser/definition` (`ownerIdInput`).
 *
 * Where ngrok is silent, this definition decides (the docs page says so too): a create whose
 * answer was lost and which is then found again (by its description, metadata and owner) has no
 * token either.
 *
 * @module
 */
import { objectOutputs, TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { output, resource } from "../framework/example";
import { crudResource } from "../framework/implementation";
import type { InputsOf, OutputsOf } from "../framework/resource";
import { ownerIdInput } from "../serviceUser/definition";

/** The API key. */
export const apiKeyDefinition = defineResource({
  name: "ApiKey",
  description:
    "An ngrok API key: a bearer token for ngrok's API, owned by a user or a service user " +
    "(`ServiceUser`). ngrok returns the token once, to the create; it is a secret output. " +
    "ngrok's Terraform resource `ngrok_api_key`.",
  id: "ngrok's id (`ak_…`)",
  terraform: "ngrok_api_key",
  api: {
    path: "/api_keys",
    noun: "API key",
    idPrefix: "ak_",
    listField: "keys",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /api_keys[/{id}]`",
  },
  lookups: {
    one: {
      description:
        "Reads one API key by id (its token is never returned), without managing it: one " +
        "`GET /api_keys/{id}`.",
    },
    list: {
      filters: ["ownerId", "description", "metadata"],
      description:
        "Every API key of the account whose fields equal the filters that are set (their " +
        "tokens are never returned), without managing them: `GET /api_keys`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "api-keys",
    shortNoun: "API key",
    shortNounPlural: "API keys",
    identifyingInputs: ["description", "ownerId"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "An API key for the CI pipeline's service user; its token output is a secret.",
    resources: [
      resource("ServiceUser", "ci", { name: "ci-pipeline" }),
      resource("ApiKey", "ci-key", {
        ownerId: output("ci", "id"),
        description: "CI pipeline",
      }),
    ],
    outputs: { apiKeyId: output("ci-key", "id") },
  },
  properties: {
    ...TEXT_INPUTS,
    ...ownerIdInput("API key"),
    token: {
      role: "output",
      type: { kind: "string" },
      wire: "token",
      returnedOnce: true,
      description:
        "The bearer token for ngrok's API (`Authorization: Bearer <token>`), a secret; kept " +
        "through refreshes and updates.",
    },
    ...objectOutputs("The API URI of the API key, `https://api.ngrok.com/api_keys/ak_…`."),
  },
});

/** The inputs of `ApiKey` as they are after `check`. */
export type ApiKeyInputs = InputsOf<typeof apiKeyDefinition>;
/** The outputs of `ApiKey` recorded in state. */
export type ApiKeyOutputs = OutputsOf<typeof apiKeyDefinition>;

/**
 * The API key: its definition with the generic implementation (`crudResource`: `POST`, `GET`,
 * `PATCH`, `DELETE /api_keys[/{id}]`, a create sent once and found by its description, metadata
 * and owner after a failure that may have acted). Nothing is its own.
 */
export const apiKey = crudResource(apiKeyDefinition);
