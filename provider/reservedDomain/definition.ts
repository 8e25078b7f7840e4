/**
 * `ReservedDomain`, defined once (see `../framework`): a hostname the account may serve cloud
 * endpoints on, with its certificate settings and the DNS records it needs. This file is the whole
 * resource: its definition, its docs example, and the value the registry lists, on the generic
 * implementation.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `ReservedDomainCreate`,
 * `ReservedDomainUpdate`, `ReservedDomain`, `ReservedDomainCertPolicy`, `ReservedDomainCertStatus`,
 * `ReservedDomainCertJob`; `POST`, `GET`, `PATCH`, `DELETE /reserved_domains[/{id}]`) and ngrok's
 * error catalogue (406, 408, 413, 438, 1906). `domain` is not in `ReservedDomainUpdate`, so a
 * change of it replaces the reservation.
 *
 * Where ngrok is silent, this definition decides (the docs page says so too):
 * - an account reserves a domain once (`ERR_NGROK_413`): a replacement that keeps `domain` (a
 *   forced replacement) deletes the old reservation first;
 * - `certificateManagementPolicy` left out is never a change: ngrok manages a custom domain's
 *   certificate by default and answers the policy it applies (`authority` `letsencrypt`,
 *   `privateKeyType` `ecdsa` when left out, as its description says);
 * - `certificateId` (a TLS certificate uploaded to ngrok, a reference to a `TlsCertificate`: sent
 *   as `certificate_id`, read back from the answer's `certificate: { id, uri }`, so a program's
 *   `certificateId: cert.id` orders the creates) is refused at `check` beside a
 *   policy, as the description says they exclude each other. Left out it is never a change: the
 *   answer's certificate is then the one ngrok's automatic management issued, which the output
 *   shows and a read does not take for an input;
 * - the deprecated `region` is not an input, nor `resolves_to` (DNS resolution the description
 *   gives no values for).
 *
 * An agent ingress's certificate policy and status have the same fields (`AgentIngressCertPolicy`,
 * `AgentIngressCertStatus`): their types and the policy's comparison are written here once
 * (`certificatePolicyType`, `certificateStatusOutput`, `samePolicy`), for both.
 *
 * @module
 */
import { objectOutputs, TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { crudResource } from "../framework/implementation";
import { output, resource } from "../framework/example";
import type { RuleChecker } from "../framework/property";
import { reference } from "../framework/reference";
import type { InputsOf, OutputsOf } from "../framework/resource";
import { tlsCertificateDefinition } from "../tlsCertificate/definition";
import {
  certificatePolicyType,
  certificateStatusOutput,
  samePolicy,
} from "./certificateManagement";

export {
  certificatePolicyType,
  certificateStatusOutput,
  certificateStatusType,
  samePolicy,
  setPolicyFields,
} from "./certificateManagement";

/** The prefix of ngrok's reserved domain ids: `rd_`, then letters and digits. */
export const RESERVED_DOMAIN_ID_PREFIX = "rd_";

const CERTIFICATE_POLICY = certificatePolicyType(
  "",
  "a reserved domain's TLS certificate",
  "ecdsa",
);

/** `certificateId`: refused beside a certificate policy (ngrok's description: mutually exclusive). */
function certificateIdRule(_id: string, c: RuleChecker, name: string): void {
  if (c.value("certificateManagementPolicy") !== undefined) {
    c.fail(
      name,
      `${name} and certificateManagementPolicy exclude each other: give a certificate ` +
        "uploaded to ngrok, or a policy for ngrok's automatic management",
    );
  }
}

/** The reserved domain. */
export const reservedDomainDefinition = defineResource({
  name: "ReservedDomain",
  description:
    "An ngrok reserved domain: a hostname the account owns in ngrok (a subdomain of one of " +
    "ngrok's domains, or a custom domain the account's DNS points at ngrok), on which cloud " +
    "endpoints (`CloudEndpoint`) serve traffic. For a custom domain, create the DNS CNAME " +
    "record `cnameTarget` names.",
  id: "ngrok's id (`rd_…`)",
  argsDescription:
    "The arguments of {@link ReservedDomain}. `domain` replaces the reservation when it " +
    "changes; `description`, `metadata`, `certificateManagementPolicy` and `certificateId` are " +
    "updated in place.",
  terraform: "ngrok_domain",
  api: {
    path: "/reserved_domains",
    noun: "reserved domain",
    idPrefix: RESERVED_DOMAIN_ID_PREFIX,
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /reserved_domains[/{id}]`",
    fieldErrors: {
      ERR_NGROK_406: "domain",
      ERR_NGROK_408: "domain",
      ERR_NGROK_438: "domain",
      ERR_NGROK_1906: "domain",
      ERR_NGROK_413: "domain",
    },
  },
  lookups: {
    one: {
      description:
        "Reads one reserved domain by id, without managing it: one `GET /reserved_domains/{id}`.",
    },
    list: {
      filters: ["domain", "description", "metadata"],
      description:
        "Every reserved domain of the account whose fields equal the filters that are set, " +
        "without managing them: `GET /reserved_domains`, every page.",
    },
  },
  sdk: {
    importInstead:
      `remove import and read {id} with ReservedDomain.get, or import it through the package's import-file ` +
      'command (see "Import" in the resource\'s documentation)',
  },
  pendingCreates: {
    ngrokCliCommand: "reserved-domains",
    shortNoun: "domain",
    shortNounPlural: "domains",
    identifyingInputs: ["domain", "description"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "A custom domain for the public API; its DNS CNAME record points at cnameTarget.",
    resources: [
      resource("ReservedDomain", "api", { domain: "api.example.com", description: "Public API" }),
    ],
    outputs: { cnameTarget: output("api", "cnameTarget") },
  },
  properties: {
    domain: {
      role: "input",
      type: { kind: "string", nonEmpty: true, maxBytes: 253 },
      required: true,
      requiredText: "the hostname to reserve, e.g. `api.example.com` or `*.example.com`",
      onChange: "replace",
      wire: "domain",
      unique: true,
      description:
        "The hostname to reserve: a subdomain of one of ngrok's domains (`myapp.ngrok.app`), a " +
        "custom domain (`api.example.com`) or a wildcard one (`*.example.com`). Changing it " +
        "replaces the reservation (the old one is deleted first: an account holds a domain once).",
      outputDescription: "The reserved hostname.",
    },
    ...TEXT_INPUTS,
    certificateManagementPolicy: {
      role: "input",
      type: CERTIFICATE_POLICY,
      serverFilled: true,
      defaultText: "ngrok's: automatic management for a custom domain",
      onChange: "update",
      wire: "certificate_management_policy",
      same: samePolicy("ecdsa"),
      description:
        'How ngrok obtains the domain\'s TLS certificate: `{ authority: "letsencrypt", ' +
        'privateKeyType: "ecdsa" | "rsa" }` (each field defaults to ngrok\'s, `letsencrypt` and ' +
        "`ecdsa`). Left out: ngrok's choice, automatic management for a custom domain. Updated in place.",
      outputDescription: "The certificate management policy ngrok applies, if any.",
      optional: true,
    },
    certificateId: {
      role: "input",
      type: reference(tlsCertificateDefinition),
      serverFilled: true,
      optional: true,
      defaultText: "none: the certificate of ngrok's automatic management, if any",
      onChange: "update",
      wire: "certificate_id",
      rule: certificateIdRule,
      description:
        "A TLS certificate uploaded to ngrok to serve the domain with (`cert_…`, the id of a " +
        "`TlsCertificate`, ngrok's `ngrok_tls_certificate`), instead of automatic management: " +
        "it excludes `certificateManagementPolicy`. Left out: ngrok's choice, never a change. " +
        "Updated in place.",
      outputDescription:
        "The TLS certificate serving the domain (`cert_…`): the one given, or the one ngrok's " +
        "automatic management issued; absent when there is none.",
    },
    cnameTarget: {
      role: "output",
      type: { kind: "string" },
      wire: "cname_target",
      optional: true,
      description:
        "The DNS CNAME target of a custom domain (`<random>.<random>.ngrok-cname.com`): point " +
        "the domain's CNAME record at it. Absent for a subdomain of ngrok's own domains.",
    },
    acmeChallengeCnameTarget: {
      role: "output",
      type: { kind: "string" },
      wire: "acme_challenge_cname_target",
      optional: true,
      description:
        "The DNS CNAME target of `_acme-challenge.<domain>`, which ngrok needs to issue a " +
        "wildcard domain's certificate. Absent otherwise.",
    },
    certificateManagementStatus: certificateStatusOutput("", "a reserved domain"),
    ...objectOutputs(
      "The API URI of the reserved domain, `https://api.ngrok.com/reserved_domains/rd_…`.",
    ),
  },
});

/** The inputs of `ReservedDomain` as they are after `check`. */
export type ReservedDomainInputs = InputsOf<typeof reservedDomainDefinition>;
/** The outputs of `ReservedDomain` recorded in state. */
export type ReservedDomainOutputs = OutputsOf<typeof reservedDomainDefinition>;

/**
 * The reserved domain: its definition with the generic implementation (`crudResource`: `POST`,
 * `GET`, `PATCH`, `DELETE /reserved_domains[/{id}]`, a create sent once and found by its domain
 * after a failure that may have acted, ngrok's refusals of the domain named as the input). Its
 * own: a read does not take the certificate automatic management issued for an input (it would
 * exclude the policy the same answer holds).
 */
export const reservedDomain = crudResource(reservedDomainDefinition, {
  liveInputs: (inputs) => {
    if (inputs.certificateManagementPolicy === undefined) return inputs;
    const { certificateId: _managed, ...rest } = inputs;
    return rest;
  },
});
