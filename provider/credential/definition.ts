/**
 * `Credential`, defined once (see `../framework`): an agent authtoken, which an ngrok agent
 * starts tunnels with, optionally restricted by ACL rules to what it may bind. ngrok's Terraform
 * resource `ngrok_credential`. This file is the whole resource, on the generic implementation.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `CredentialCreate`,
 * `CredentialUpdate`, `Credential`, `CredentialList`; `POST`, `GET`, `PATCH`, `DELETE
 * /credentials[/{id}]`; `description` of at most 255 bytes, `metadata` of 4096; `acl` "The only
 * allowed ACL rule at this time is the `bind` rule", for domains (a leading wildcard,
 * `bind:*.example.com`), addresses and labels (`bind:*=example`), "A rule of `'*'` is equivalent
 * to no acl at all"; `token` "only available one time, on the API response from credential
 * creation, otherwise it is null") and ngrok's error catalogue (`ERR_NGROK_600`, an ACL rule that
 * is not `*` nor starts with `bind:`; 604, 605 the lengths). `description`, `metadata` and `acl`
 * are in `CredentialUpdate`, so they update in place; `owner_id` is not, so a new `ownerId`
 * replaces the credential.
 *
 * - `token` is returned once: a secret output kept from the create through every refresh and
 *   update; an imported or looked-up credential has none, and a read that finds none says so.
 * - `acl` has the SSH credentials' rules and sameness, written once (`../sshCredential/rules`):
 *   `*` or `bind:` and a value without whitespace (the value's grammar is left to ngrok); `[]`
 *   and `["*"]` are the same, the order does not count.
 * - `ownerId`: see `../serviceUser/definition` (`ownerIdInput`).
 *
 * Where ngrok is silent, this definition decides (the docs page says so too): a create whose
 * answer was lost and which is then found again has no token either.
 *
 * @module
 */
import { objectOutputs, TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { output, resource } from "../framework/example";
import { crudResource } from "../framework/implementation";
import type { InputsOf, OutputsOf } from "../framework/resource";
import { ownerIdInput } from "../serviceUser/definition";
import { aclRule, sameAcl } from "../sshCredential/rules";

/** The credential. */
export const credentialDefinition = defineResource({
  name: "Credential",
  description:
    "An ngrok credential: an agent authtoken, which an ngrok agent starts tunnels with, " +
    "optionally restricted by ACL rules to the domains, addresses and labels it may bind. ngrok " +
    "returns the token once, to the create; it is a secret output. ngrok's Terraform resource " +
    "`ngrok_credential`.",
  id: "ngrok's id (`cr_…`)",
  terraform: "ngrok_credential",
  api: {
    path: "/credentials",
    noun: "credential",
    idPrefix: "cr_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /credentials[/{id}]`",
    fieldErrors: {
      ERR_NGROK_600: "acl",
      ERR_NGROK_604: "description",
      ERR_NGROK_605: "metadata",
    },
  },
  lookups: {
    one: {
      description:
        "Reads one credential by id (its token is never returned), without managing it: one " +
        "`GET /credentials/{id}`.",
    },
    list: {
      filters: ["ownerId", "description", "metadata"],
      description:
        "Every credential of the account whose fields equal the filters that are set (their " +
        "tokens are never returned), without managing them: `GET /credentials`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "credentials",
    shortNoun: "credential",
    shortNounPlural: "credentials",
    identifyingInputs: ["description", "acl", "ownerId"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "An authtoken for the CI pipeline's agents, allowed to bind its preview domains only.",
    resources: [
      resource("ServiceUser", "ci", { name: "ci-pipeline" }),
      resource("Credential", "ci-agent", {
        ownerId: output("ci", "id"),
        acl: ["bind:*.preview.example.com"],
        description: "CI preview agents",
      }),
    ],
    outputs: { credentialId: output("ci-agent", "id") },
  },
  properties: {
    acl: {
      role: "input",
      type: { kind: "stringList" },
      default: [],
      unordered: true,
      onChange: "update",
      wire: "acl",
      same: sameAcl,
      rule: aclRule,
      typeText: "list of strings",
      description:
        'The ACL rules: what the authtoken may bind, each `"bind:<value>"` with the value a ' +
        'domain (`"bind:*.example.com"`, a leading wildcard allowed), an address ' +
        '(`"bind:1.tcp.ngrok.io:20002"`) or a label (`"bind:*=example"`), or `"*"` (anything). ' +
        'Default: `[]`, no restriction (the same as `["*"]`). The order does not count. Updated ' +
        "in place.",
      outputDescription: "The ACL rules as ngrok holds them; `[]` for none.",
    },
    ...TEXT_INPUTS,
    ...ownerIdInput("credential"),
    token: {
      role: "output",
      type: { kind: "string" },
      wire: "token",
      returnedOnce: true,
      description:
        "The authtoken an ngrok agent authenticates with (`ngrok config add-authtoken`, " +
        "`NGROK_AUTHTOKEN`), a secret; kept through refreshes and updates.",
    },
    ...objectOutputs("The API URI of the credential, `https://api.ngrok.com/credentials/cr_…`."),
  },
});

/** The inputs of `Credential` as they are after `check` (`acl` defaults to `[]`). */
export type CredentialInputs = InputsOf<typeof credentialDefinition>;
/** The outputs of `Credential` recorded in state. */
export type CredentialOutputs = OutputsOf<typeof credentialDefinition>;

/**
 * The credential: its definition with the generic implementation (`crudResource`: `POST`, `GET`,
 * `PATCH`, `DELETE /credentials[/{id}]`, a create sent once and found by its description, ACL,
 * metadata and owner after a failure that may have acted). Nothing is its own.
 */
export const credential = crudResource(credentialDefinition);
