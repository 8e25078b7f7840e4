/**
 * `ServiceUser`, defined once (see `../framework`): an account's user that is not a person (a CI
 * job, a deployer), which owns API keys (`ApiKey`) and agent authtokens (`Credential`). ngrok's
 * Terraform resource `ngrok_service_user`. This file is the whole resource, on the generic
 * implementation, and the `ownerId` input its keys and credentials share.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `ServiceUserCreate`,
 * `ServiceUserUpdate`, `ServiceUser`, `ServiceUserList`; `POST`, `GET`, `PATCH`, `DELETE
 * /service_users[/{id}]`), ngrok's example answer (`active: true` for a user created with a name
 * only) and its error catalogue: a name required (`ERR_NGROK_4109`), held once (4112). `name` and
 * `active` are in `ServiceUserUpdate`, so both update in place; nothing replaces.
 *
 * Where ngrok is silent or disagrees, this definition decides (the docs page says so too):
 * - the id prefix: ngrok's `service_users` example answers `service_…`, its older `bot_users`
 *   example `bot_…` for the same object; both are taken (`otherIdPrefixes`: by the lookups,
 *   `import-file`, an `ownerId`), `service_` named first;
 * - `active` left out is ngrok's choice (`true`, the output shows it) and never a change;
 * - `ownerId` (of `ApiKey` and `Credential`) takes a service user's id, and, as ngrok's
 *   description says, a user's id, e-mail or SCIM id: nothing is refused; a value that is not an
 *   id (an e-mail, a SCIM id) is not compared with the id ngrok answers, so it is never a change.
 *
 * @module
 */
import { isNgrokId } from "../common/ids";
import { objectOutputs } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { output, resource } from "../framework/example";
import { crudResource } from "../framework/implementation";
import type { InputsOf, OutputsOf } from "../framework/resource";

/** The prefix of ngrok's service user ids (its 2026 example; its `bot_users` one says `bot_`). */
export const SERVICE_USER_ID_PREFIX = "service_";

/** The ids an owner can have: a user's (`usr_`), a service user's (`service_`, `bot_`). */
export const OWNER_ID_PREFIXES = ["usr_", SERVICE_USER_ID_PREFIX, "bot_"] as const;

/**
 * The `same` of `ownerId`: an id declared is compared with the one in state; an e-mail or a SCIM
 * id, which ngrok may answer as the user's id (its docs do not say), is never a change.
 */
export function sameOwner(old: unknown, declared: unknown): boolean {
  if (declared === undefined || declared === "") return true;
  return !OWNER_ID_PREFIXES.some((prefix) => isNgrokId(declared, prefix)) || old === declared;
}

/**
 * `ownerId` of an object a user owns (an API key, a credential): sent at create only (it is in no
 * `…Update`, so a change replaces), filled by ngrok when left out.
 */
export function ownerIdInput<const N extends string>(noun: N) {
  return {
    ownerId: {
      role: "input",
      type: { kind: "string", nonEmpty: true },
      serverFilled: true,
      defaultText: "the API key's owner (ngrok's)",
      onChange: "replace",
      wire: "owner_id",
      same: sameOwner,
      typeText: "string, `service_…`, `bot_…` or `usr_…`",
      description:
        `The service user (\`service_…\`, e.g. the id output of a ServiceUser) or user (\`usr_…\`) ` +
        `that owns the ${noun}; ngrok also takes a user's e-mail or SCIM id. Default: the owner ` +
        "of the API key Pulumi uses, which ngrok fills in (leaving the input out is never a " +
        "change). Only an admin's API key may name another owner. Changing it replaces the " +
        `${noun} (the new one first).`,
      outputDescription: "The owner's id, as ngrok answers it: as given, or the API key's owner.",
    },
  } as const;
}

/** The service user. */
export const serviceUserDefinition = defineResource({
  name: "ServiceUser",
  description:
    "An ngrok service user: a user of the account that is not a person (a CI job, a deployer), " +
    "which owns API keys (`ApiKey`) and agent authtokens (`Credential`). ngrok's Terraform " +
    "resource `ngrok_service_user`.",
  id: "ngrok's id (`service_…`; `bot_…` in ngrok's older examples)",
  terraform: "ngrok_service_user",
  api: {
    path: "/service_users",
    noun: "service user",
    idPrefix: SERVICE_USER_ID_PREFIX,
    otherIdPrefixes: ["bot_"],
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /service_users[/{id}]`",
    fieldErrors: { ERR_NGROK_4109: "name", ERR_NGROK_4112: "name" },
  },
  lookups: {
    one: {
      description:
        "Reads one service user by id, without managing it: one `GET /service_users/{id}`.",
    },
    list: {
      filters: ["name"],
      description:
        "Every service user of the account whose fields equal the filters that are set, " +
        "without managing them: `GET /service_users`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "service-users",
    shortNoun: "service user",
    shortNounPlural: "service users",
    identifyingInputs: ["name"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "A service user for the CI pipeline, which its API key and authtoken belong to.",
    resources: [resource("ServiceUser", "ci", { name: "ci-pipeline" })],
    outputs: { serviceUserId: output("ci", "id") },
  },
  properties: {
    name: {
      role: "input",
      type: { kind: "string", nonEmpty: true },
      required: true,
      requiredText: "the service user's name (e.g. `ci-pipeline`)",
      onChange: "update",
      wire: "name",
      unique: true,
      description:
        "The service user's name, unique in the account (ngrok refuses a second one, " +
        "`ERR_NGROK_4112`). Updated in place.",
    },
    active: {
      role: "input",
      type: { kind: "boolean" },
      serverFilled: true,
      defaultText: "`true` (ngrok's)",
      onChange: "update",
      wire: "active",
      description:
        "Whether the service user is active. Left out, ngrok's value (`true` for a new one), " +
        "which the output shows. Updated in place.",
    },
    ...objectOutputs(
      "The API URI of the service user, `https://api.ngrok.com/service_users/service_…`.",
    ),
  },
});

/** The inputs of `ServiceUser` as they are after `check`. */
export type ServiceUserInputs = InputsOf<typeof serviceUserDefinition>;
/** The outputs of `ServiceUser` recorded in state. */
export type ServiceUserOutputs = OutputsOf<typeof serviceUserDefinition>;

/**
 * The service user: its definition with the generic implementation (`crudResource`: `POST`,
 * `GET`, `PATCH`, `DELETE /service_users[/{id}]`, a create sent once and found by its name after a
 * failure that may have acted). Nothing is its own.
 */
export const serviceUser = crudResource(serviceUserDefinition);
