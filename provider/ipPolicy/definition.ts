/**
 * `IpPolicy`, defined once (see `../framework`): a named set of CIDR rules (`IpPolicyRule`) that
 * allow or deny source addresses, which IP restrictions (`IpRestriction`) and a Traffic Policy's
 * `restrict-ips` action name. ngrok's Terraform resource `ngrok_ip_policy`. This file is the
 * whole resource, on the generic implementation.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `IPPolicyCreate`,
 * `IPPolicyUpdate`, `IPPolicy`; `POST`, `GET`, `PATCH`, `DELETE /ip_policies[/{id}]`; its
 * `description` of at most 255 bytes, its `metadata` of 4096) and ngrok's error catalogue (a
 * policy an IP restriction names is not deleted, `ERR_NGROK_1420`).
 *
 * Where ngrok is silent, this definition decides (the docs page says so too): deleting a policy
 * that still has rules is left to ngrok (its description says its rules no longer apply; Pulumi
 * deletes a stack's rules first, since they reference the policy).
 *
 * @module
 */
import { objectOutputs, TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { output, resource } from "../framework/example";
import { crudResource } from "../framework/implementation";
import type { InputsOf, OutputsOf } from "../framework/resource";

/** The IP policy. */
export const ipPolicyDefinition = defineResource({
  name: "IpPolicy",
  description:
    "An ngrok IP policy: a set of rules (`IpPolicyRule`), each a CIDR block to allow or deny, " +
    "that IP restrictions (`IpRestriction`) apply to the dashboard, the API, agents or " +
    "endpoints, and a Traffic Policy's `restrict-ips` action to an endpoint. ngrok's Terraform " +
    "resource `ngrok_ip_policy`.",
  id: "ngrok's id (`ipp_…`)",
  terraform: "ngrok_ip_policy",
  api: {
    path: "/ip_policies",
    noun: "IP policy",
    idPrefix: "ipp_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /ip_policies[/{id}]`",
  },
  lookups: {
    one: {
      description: "Reads one IP policy by id, without managing it: one `GET /ip_policies/{id}`.",
    },
    list: {
      filters: ["description", "metadata"],
      description:
        "Every IP policy of the account whose fields equal the filters that are set, without " +
        "managing them: `GET /ip_policies`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "ip-policies",
    shortNoun: "IP policy",
    shortNounPlural: "IP policies",
    identifyingInputs: ["description", "metadata"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "An IP policy for the office network; its rules are IpPolicyRule resources.",
    resources: [resource("IpPolicy", "office", { description: "Office network" })],
    outputs: { ipPolicyId: output("office", "id") },
  },
  properties: {
    ...TEXT_INPUTS,
    ...objectOutputs("The API URI of the IP policy, `https://api.ngrok.com/ip_policies/ipp_…`."),
  },
});

/** The inputs of `IpPolicy` as they are after `check`. */
export type IpPolicyInputs = InputsOf<typeof ipPolicyDefinition>;
/** The outputs of `IpPolicy` recorded in state. */
export type IpPolicyOutputs = OutputsOf<typeof ipPolicyDefinition>;

/**
 * The IP policy: its definition with the generic implementation (`crudResource`: `POST`, `GET`,
 * `PATCH`, `DELETE /ip_policies[/{id}]`, a create sent once and found by its description and
 * metadata after a failure that may have acted). Nothing is its own.
 */
export const ipPolicy = crudResource(ipPolicyDefinition);
