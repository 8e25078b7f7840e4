/**
 * `AgentIngress`, defined once (see `../framework`): a domain the account owns through which its
 * ngrok agents connect to ngrok, instead of ngrok's own (`connect.ngrok-agent.com`). ngrok's
 * Terraform resource `ngrok_agent_ingress`. This file is the whole resource, on the generic
 * implementation.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `AgentIngressCreate`
 * (`domain` required), `AgentIngressUpdate`, `AgentIngress`, `AgentIngressCertPolicy`,
 * `AgentIngressCertStatus`, `AgentIngressCertJob`; `POST`, `GET`, `PATCH`, `DELETE
 * /agent_ingresses[/{id}]`; a `description` of at most 255 bytes, `metadata` of 4096). `domain` is
 * not in `AgentIngressUpdate`, so a change of it replaces the agent ingress; `description`,
 * `metadata` and `certificateManagementPolicy` are updated in place. Its list page
 * (`AgentIngressList`) holds the objects under `ingresses`.
 *
 * Where ngrok is silent, this definition decides (the docs page says so too):
 * - `certificateManagementPolicy` left out is never a change, and removing it from a program
 *   leaves ngrok's policy as it is (the `PATCH` leaves the field out; the description gives no way
 *   to turn management off but a `null` it does not define). Its fields default to ngrok's,
 *   `letsencrypt` and `rsa` (this policy's description says `rsa`, a reserved domain's `ecdsa`),
 *   so a policy that spells out a default is no change;
 * - a domain is not judged at `check` beyond being given (the description states no form; ngrok
 *   judges it).
 *
 * @module
 */
import { objectOutputs, TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { output, resource } from "../framework/example";
import { crudResource } from "../framework/implementation";
import type { InputsOf, OutputsOf } from "../framework/resource";
import {
  certificatePolicyType,
  certificateStatusOutput,
  samePolicy,
  setPolicyFields,
} from "../reservedDomain/definition";

/** `AgentIngressCertPolicy`: a reserved domain's fields, `rsa` by default. */
const CERTIFICATE_POLICY = certificatePolicyType(
  "AgentIngress",
  "the TLS certificates of an agent ingress",
  "rsa",
);

/** The agent ingress. */
export const agentIngressDefinition = defineResource({
  name: "AgentIngress",
  description:
    "An ngrok agent ingress: a domain the account owns (`connect.example.com`) through which " +
    "its ngrok agents connect to ngrok, instead of ngrok's own. Delegate the domain to ngrok " +
    "with NS records for the `nsTargets`; agents then connect to one of the `regionDomains`. " +
    "ngrok's Terraform resource `ngrok_agent_ingress`.",
  id: "ngrok's id (`agin_…`)",
  argsDescription:
    "The arguments of {@link AgentIngress}. `domain` replaces the agent ingress when it " +
    "changes; `description`, `metadata` and `certificateManagementPolicy` are updated in place.",
  terraform: "ngrok_agent_ingress",
  api: {
    path: "/agent_ingresses",
    noun: "agent ingress",
    idPrefix: "agin_",
    listField: "ingresses",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /agent_ingresses[/{id}]`",
  },
  pluralName: "AgentIngresses",
  lookups: {
    one: {
      description:
        "Reads one agent ingress by id, without managing it: one `GET /agent_ingresses/{id}`.",
    },
    list: {
      filters: ["domain", "description", "metadata"],
      description:
        "Every agent ingress of the account whose fields equal the filters that are set, " +
        "without managing them: `GET /agent_ingresses`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "agent-ingresses",
    shortNoun: "agent ingress",
    shortNounPlural: "agent ingresses",
    identifyingInputs: ["domain", "description"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "Agents connect through connect.example.com; its NS records delegate it to nsTargets.",
    resources: [
      resource("AgentIngress", "agents", {
        domain: "connect.example.com",
        description: "Our agents' ingress",
      }),
    ],
    outputs: { nsTargets: output("agents", "nsTargets") },
  },
  properties: {
    domain: {
      role: "input",
      type: { kind: "string", nonEmpty: true },
      required: true,
      requiredText: "the domain the account owns, e.g. `connect.example.com`",
      onChange: "replace",
      wire: "domain",
      description:
        "The domain the account owns, the base of the regional domains agents connect to " +
        "(`connect.example.com`). Changing it replaces the agent ingress.",
      outputDescription: "The agent ingress's domain.",
    },
    ...TEXT_INPUTS,
    certificateManagementPolicy: {
      role: "input",
      type: CERTIFICATE_POLICY,
      serverFilled: true,
      optional: true,
      defaultText: "ngrok's: none, no automatic management",
      onChange: "update",
      wire: "certificate_management_policy",
      same: samePolicy("rsa"),
      description:
        'How ngrok obtains the TLS certificates of the domain: `{ authority: "letsencrypt", ' +
        'privateKeyType: "rsa" | "ecdsa" }` (each field defaults to ngrok\'s, `letsencrypt` and ' +
        "`rsa`). Left out: ngrok's choice (none), never a change; removing it leaves ngrok's " +
        "policy as it is. Updated in place.",
      outputDescription: "The certificate management policy ngrok applies, if any.",
    },
    nsTargets: {
      role: "output",
      type: { kind: "stringList" },
      wire: "ns_targets",
      description:
        "The values of the NS records that delegate `domain` to ngrok: create them at the " +
        "domain's DNS provider.",
    },
    regionDomains: {
      role: "output",
      type: { kind: "stringList" },
      wire: "region_domains",
      description:
        "The regional domains under `domain` agents connect to (e.g. " +
        "`tunnel.us.connect.example.com`); ngrok may add more as it adds regions.",
    },
    certificateManagementStatus: certificateStatusOutput("AgentIngress", "an agent ingress"),
    ...objectOutputs(
      "The API URI of the agent ingress, `https://api.ngrok.com/agent_ingresses/agin_…`.",
    ),
  },
});

/** The inputs of `AgentIngress` as they are after `check`. */
export type AgentIngressInputs = InputsOf<typeof agentIngressDefinition>;
/** The outputs of `AgentIngress` recorded in state. */
export type AgentIngressOutputs = OutputsOf<typeof agentIngressDefinition>;

/**
 * The agent ingress: its definition with the generic implementation (`crudResource`: `POST`,
 * `GET`, `PATCH`, `DELETE /agent_ingresses[/{id}]`, a create sent once and found again by its
 * domain and description after a failure that may have acted). Its own: a read (an import, a
 * refresh) takes a policy field answered `""` (unset: the emulator answers so for a field not
 * sent, and ngrok's description does not say it cannot) for left out, so that the inputs it gives
 * pass `check`.
 */
export const agentIngress = crudResource(agentIngressDefinition, {
  liveInputs: (inputs) => {
    const policy = inputs.certificateManagementPolicy;
    if (policy === undefined) return inputs;
    return { ...inputs, certificateManagementPolicy: setPolicyFields(policy) };
  },
});
