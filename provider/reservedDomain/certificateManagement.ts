/**
 * ngrok's automatic certificate management, as reserved domains and agent ingresses share it:
 * the policy type (`ReservedDomainCertPolicy`, `AgentIngressCertPolicy`), the status type with its
 * provisioning job, and how a policy answered is compared with the one declared.
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import type { ObjectType } from "../framework/property";

/**
 * `ReservedDomainCertPolicy`, or an object's of the same fields (`AgentIngressCertPolicy`): its
 * type named `<prefix>CertificateManagementPolicy`, for `certificate` (in words), whose key type
 * defaults to `defaultKey` (ngrok's description: `ecdsa` for a reserved domain, `rsa` for an
 * agent ingress).
 */
export function certificatePolicyType(
  prefix: string,
  certificate: string,
  defaultKey: "ecdsa" | "rsa",
): ObjectType {
  const otherKey = defaultKey === "ecdsa" ? "rsa" : "ecdsa";
  return {
    kind: "object",
    typeName: `${prefix}CertificateManagementPolicy`,
    typeDescription: `How ngrok obtains and renews ${certificate}.`,
    fields: {
      authority: {
        wire: "authority",
        values: ["letsencrypt"],
        description: "The certificate authority: `letsencrypt`, the only one ngrok supports.",
      },
      privateKeyType: {
        wire: "private_key_type",
        values: [defaultKey, otherKey],
        description: `The certificate's key type, \`${defaultKey}\` (ngrok's default) or \`${otherKey}\`.`,
      },
    },
  };
}

/**
 * `ReservedDomainCertStatus` with its `ReservedDomainCertJob`, or an object's of the same fields
 * (`AgentIngressCertStatus`): its type named `<prefix>CertificateManagementStatus`, of `owner`.
 */
export function certificateStatusType(prefix: string, owner: string): ObjectType {
  return {
    kind: "object",
    typeName: `${prefix}CertificateManagementStatus`,
    typeDescription: `The state of ngrok's automatic certificate management of ${owner}.`,
    fields: {
      renewsAt: { wire: "renews_at", description: "When the next renewal is requested, RFC 3339." },
      provisioningJob: {
        wire: "provisioning_job",
        description: "The provisioning job under way, if a certificate is being issued or renewed.",
        object: {
          kind: "object",
          typeName: `${prefix}CertificateProvisioningJob`,
          typeDescription: `A certificate provisioning job of ${owner}.`,
          fields: {
            errorCode: { wire: "error_code", description: "Why provisioning fails, if it does." },
            msg: { wire: "msg", description: "The job's status or error, in words." },
            startedAt: { wire: "started_at", description: "When the job started, RFC 3339." },
            retriesAt: { wire: "retries_at", description: "When the job is retried, RFC 3339." },
          },
        },
      },
    },
  };
}

/** The output `certificateManagementStatus` of {@link certificateStatusType}'s arguments. */
export function certificateStatusOutput(prefix: string, owner: string) {
  return {
    role: "output",
    type: certificateStatusType(prefix, owner),
    wire: "certificate_management_status",
    optional: true,
    description:
      "The state of automatic certificate management (`renewsAt`, `provisioningJob`), " +
      "absent when it is off.",
  } as const;
}

/** A policy's fields that are set: `null` or `""` in an answer (a field ngrok leaves unset) is none. */
export const setPolicyFields = (value: object) =>
  Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== ""),
  );

/**
 * The `same` of a certificate policy whose key type defaults to `defaultKey`: a policy left out is
 * no change; otherwise each field unset is ngrok's default (`letsencrypt`, `defaultKey`).
 */
export function samePolicy(defaultKey: "ecdsa" | "rsa") {
  const withDefaults = (value: unknown) =>
    typeof value === "object" && value !== null
      ? { authority: "letsencrypt", privateKeyType: defaultKey, ...setPolicyFields(value) }
      : value;
  return (old: unknown, declared: unknown) =>
    declared === undefined || isDeepStrictEqual(withDefaults(old), withDefaults(declared));
}
