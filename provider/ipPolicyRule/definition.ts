/**
 * `IpPolicyRule`, defined once (see `../framework`): one CIDR block an IP policy (`IpPolicy`)
 * allows or denies. ngrok's Terraform resource `ngrok_ip_policy_rule`. This file is the whole
 * resource, on the generic implementation.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `IPPolicyRuleCreate`
 * (`cidr`, `ip_policy_id` and `action` required), `IPPolicyRuleUpdate`, `IPPolicyRule`; `POST`,
 * `GET`, `PATCH`, `DELETE /ip_policy_rules[/{id}]`; `action` "either `allow` or `deny`"; a
 * `description` of at most 255 bytes, `metadata` of 4096) and ngrok's error catalogue: a CIDR it
 * cannot read (`ERR_NGROK_1406`), one without a prefix length (1413, "Consider using
 * `10.0.0.1/32`"), one with host bits set (1409), the same block twice in a policy (1408).
 * `cidr` is in `IPPolicyRuleUpdate`, so it updates in place; `ip_policy_id` and `action` are not,
 * so a change of either replaces the rule.
 *
 * - `ipPolicyId` is a reference: sent as `ip_policy_id`, read back from the answer's `ip_policy:
 *   { id, uri }`.
 * - `cidr` has the format `cidrBlock` (`../framework/formats.ts`, the rules of a Traffic
 *   Policy's `restrict-ips` blocks, which also requires the prefix length and no host bits, as
 *   the catalogue does), judged at `check`.
 *
 * A block is held once in a policy (1408): `cidr` is `unique` within `ipPolicyId`, so a
 * replacement that keeps both (a new `action`) deletes the old rule first, and a create whose
 * answer is lost is found again by its policy and block.
 *
 * @module
 */
import { objectOutputs, TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { output, resource } from "../framework/example";
import { crudResource } from "../framework/implementation";
import { reference } from "../framework/reference";
import type { InputsOf, OutputsOf } from "../framework/resource";
import { ipPolicyDefinition } from "../ipPolicy/definition";

/** The IP policy rule. */
export const ipPolicyRuleDefinition = defineResource({
  name: "IpPolicyRule",
  description:
    "An ngrok IP policy rule: one CIDR block that an IP policy (`IpPolicy`) allows or denies. " +
    "ngrok's Terraform resource `ngrok_ip_policy_rule`.",
  id: "ngrok's id (`ipr_…`)",
  terraform: "ngrok_ip_policy_rule",
  api: {
    path: "/ip_policy_rules",
    noun: "IP policy rule",
    idPrefix: "ipr_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /ip_policy_rules[/{id}]`",
    fieldErrors: {
      ERR_NGROK_1406: "cidr",
      ERR_NGROK_1408: "cidr",
      ERR_NGROK_1409: "cidr",
      ERR_NGROK_1413: "cidr",
      ERR_NGROK_1422: "action",
      ERR_NGROK_1402: "ipPolicyId",
    },
  },
  lookups: {
    one: {
      description:
        "Reads one IP policy rule by id, without managing it: one `GET /ip_policy_rules/{id}`.",
    },
    list: {
      filters: ["ipPolicyId", "cidr", "action", "description", "metadata"],
      description:
        "Every IP policy rule of the account whose fields equal the filters that are set " +
        "(`ipPolicyId`: the rules of one policy), without managing them: `GET " +
        "/ip_policy_rules`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "ip-policy-rules",
    shortNoun: "rule",
    shortNounPlural: "rules",
    identifyingInputs: ["ipPolicyId", "cidr", "action"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "An IP policy that allows the office network and denies one address of it.",
    resources: [
      resource("IpPolicy", "office", { description: "Office network" }),
      resource("IpPolicyRule", "office-allow", {
        ipPolicyId: output("office", "id"),
        cidr: "203.0.113.0/24",
        action: "allow",
        description: "Office",
      }),
      resource("IpPolicyRule", "kiosk-deny", {
        ipPolicyId: output("office", "id"),
        cidr: "203.0.113.7/32",
        action: "deny",
        description: "The lobby kiosk",
      }),
    ],
    outputs: { allowRuleId: output("office-allow", "id") },
  },
  properties: {
    ipPolicyId: {
      role: "input",
      type: reference(ipPolicyDefinition),
      required: true,
      onChange: "replace",
      wire: "ip_policy_id",
      description:
        "The IP policy the rule belongs to (`ipp_…`, the id of an `IpPolicy`). Changing it " +
        "replaces the rule.",
    },
    cidr: {
      role: "input",
      type: { kind: "string", format: "cidrBlock" },
      required: true,
      requiredText: "a CIDR block, e.g. `203.0.113.0/24` (one address: `203.0.113.7/32`)",
      onChange: "update",
      wire: "cidr",
      unique: { within: "ipPolicyId" },
      description:
        "The source addresses, an IPv4 or IPv6 CIDR block with its prefix length " +
        "(`203.0.113.0/24`, `2001:db8::/32`; one address: `203.0.113.7/32`), no host bits set. " +
        "Updated in place.",
    },
    action: {
      role: "input",
      type: { kind: "enum", values: ["allow", "deny"] },
      required: true,
      onChange: "replace",
      wire: "action",
      description:
        "What the rule does with those addresses: `allow` or `deny`. Changing it replaces the rule.",
    },
    ...TEXT_INPUTS,
    ...objectOutputs(
      "The API URI of the IP policy rule, `https://api.ngrok.com/ip_policy_rules/ipr_…`.",
    ),
  },
});

/** The inputs of `IpPolicyRule` as they are after `check`. */
export type IpPolicyRuleInputs = InputsOf<typeof ipPolicyRuleDefinition>;
/** The outputs of `IpPolicyRule` recorded in state. */
export type IpPolicyRuleOutputs = OutputsOf<typeof ipPolicyRuleDefinition>;

/**
 * The IP policy rule: its definition with the generic implementation (`crudResource`: `POST`,
 * `GET`, `PATCH`, `DELETE /ip_policy_rules[/{id}]`, a create sent once and found again after a
 * failure that may have acted). Nothing is its own.
 */
export const ipPolicyRule = crudResource(ipPolicyRuleDefinition);
