/**
 * `IpRestriction`, defined once (see `../framework`): the IP policies (`IpPolicy`) that guard one
 * of the account's doors (the dashboard, the API, agents, endpoints). ngrok's Terraform resource
 * `ngrok_ip_restriction`. This file is the whole resource, on the generic implementation.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `IPRestrictionCreate`
 * (`type` and `ip_policy_ids` required), `IPRestrictionUpdate`, `IPRestriction`; `POST`, `GET`,
 * `PATCH`, `DELETE /ip_restrictions[/{id}]`; `type` one of "`dashboard`, `api`, `agent`, and
 * `endpoints`"; `enforced` "if false, only warnings will be issued") and ngrok's error catalogue:
 * a type it does not know (`ERR_NGROK_1803`), no policy (1804), a policy that does not exist
 * (1801), a second restriction of a type (1802). `ip_policy_ids` and `enforced` are in
 * `IPRestrictionUpdate`, so they update in place; `type` is not, so a new type replaces it.
 *
 * - `ipPolicyIds` is a list of references: sent as `ip_policy_ids`, read back from the answer's
 *   `ip_policies: [{ id, uri }]`; ngrok calls it a set, so its order is never a change.
 * - An account holds one restriction of a type: `type` is `unique`, so a forced replacement
 *   deletes the old restriction first.
 *
 * Where ngrok is silent, this definition decides (the docs page says so too): `enforced` left out
 * is ngrok's choice (the output shows it) and never a change. Mind the order of a first `up`: an
 * enforced restriction of `api` or `dashboard` whose policies do not allow the address Pulumi runs
 * from locks the stack (and its operator) out; create it with `enforced: false`, read the
 * warnings, then enforce it.
 *
 * @module
 */
import { objectOutputs, TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { output, resource } from "../framework/example";
import { crudResource } from "../framework/implementation";
import type { RuleChecker } from "../framework/property";
import { references } from "../framework/reference";
import type { InputsOf, OutputsOf } from "../framework/resource";
import { ipPolicyDefinition } from "../ipPolicy/definition";

/** `ipPolicyIds`: at least one (ngrok's `ERR_NGROK_1804`). */
function atLeastOnePolicy(ids: string[], c: RuleChecker, name: string): void {
  if (ids.length === 0) c.fail(name, `${name} must name at least one IP policy; got []`);
}

/** The IP restriction. */
export const ipRestrictionDefinition = defineResource({
  name: "IpRestriction",
  description:
    "An ngrok IP restriction: the IP policies (`IpPolicy`) that decide which source addresses " +
    "may reach one of the account's doors: the dashboard, the API, agents or endpoints. " +
    "ngrok's Terraform resource `ngrok_ip_restriction`.",
  id: "ngrok's id (`ipx_…`)",
  terraform: "ngrok_ip_restriction",
  api: {
    path: "/ip_restrictions",
    noun: "IP restriction",
    idPrefix: "ipx_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /ip_restrictions[/{id}]`",
    fieldErrors: {
      ERR_NGROK_1802: "type",
      ERR_NGROK_1803: "type",
      ERR_NGROK_1801: "ipPolicyIds",
      ERR_NGROK_1804: "ipPolicyIds",
    },
  },
  lookups: {
    one: {
      description:
        "Reads one IP restriction by id, without managing it: one `GET /ip_restrictions/{id}`.",
    },
    list: {
      filters: ["type", "description", "metadata"],
      description:
        "Every IP restriction of the account whose fields equal the filters that are set, " +
        "without managing them: `GET /ip_restrictions`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "ip-restrictions",
    shortNoun: "IP restriction",
    shortNounPlural: "IP restrictions",
    identifyingInputs: ["type", "ipPolicyIds"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "Endpoints reachable only from the branch network, warned rather than enforced first.",
    resources: [
      resource("IpPolicy", "branch", { description: "Branch network" }),
      resource("IpPolicyRule", "branch-allow", {
        action: "allow",
        cidr: "198.51.100.0/24",
        ipPolicyId: output("branch", "id"),
      }),
      resource("IpRestriction", "endpoints-from-branch", {
        type: "endpoints",
        ipPolicyIds: [output("branch", "id")],
        enforced: false,
        description: "Branch only",
      }),
    ],
    outputs: { restrictionId: output("endpoints-from-branch", "id") },
  },
  properties: {
    type: {
      role: "input",
      type: { kind: "enum", values: ["dashboard", "api", "agent", "endpoints"] },
      required: true,
      onChange: "replace",
      wire: "type",
      unique: true,
      description:
        "What the restriction guards: `dashboard`, `api`, `agent` (agents' connections) or " +
        "`endpoints`; an account holds one restriction of each. Changing it replaces the " +
        "restriction.",
    },
    ipPolicyIds: {
      role: "input",
      type: references(ipPolicyDefinition),
      required: true,
      requiredText: "the ids of the IP policies to apply (`ipp_…`), at least one",
      onChange: "update",
      wire: "ip_policy_ids",
      unordered: true,
      rule: atLeastOnePolicy,
      description:
        "The IP policies that decide which addresses may pass (`ipp_…`, the ids of `IpPolicy` " +
        "resources), at least one; their order does not count. Updated in place.",
    },
    enforced: {
      role: "input",
      type: { kind: "boolean" },
      serverFilled: true,
      defaultText: "ngrok's",
      onChange: "update",
      wire: "enforced",
      description:
        "Whether the restriction refuses the addresses its policies do not allow; `false` only " +
        "warns. Updated in place.",
    },
    ...TEXT_INPUTS,
    ...objectOutputs(
      "The API URI of the IP restriction, `https://api.ngrok.com/ip_restrictions/ipx_…`.",
    ),
  },
});

/** The inputs of `IpRestriction` as they are after `check`. */
export type IpRestrictionInputs = InputsOf<typeof ipRestrictionDefinition>;
/** The outputs of `IpRestriction` recorded in state. */
export type IpRestrictionOutputs = OutputsOf<typeof ipRestrictionDefinition>;

/**
 * The IP restriction: its definition with the generic implementation (`crudResource`: `POST`,
 * `GET`, `PATCH`, `DELETE /ip_restrictions[/{id}]`, a create sent once and found by its type after
 * a failure that may have acted). Nothing is its own.
 */
export const ipRestriction = crudResource(ipRestrictionDefinition);
