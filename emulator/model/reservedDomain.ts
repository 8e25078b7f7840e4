/**
 * Reserved domains (`/reserved_domains`): the hostnames an account may serve cloud endpoints on.
 * Fields, types and answers come from ngrok's OpenAPI document (`ReservedDomainCreate`,
 * `ReservedDomainUpdate`, `ReservedDomain`) and the overlay (`region` accepted, answered `""`);
 * this is the behaviour:
 *
 * - `domain`: required (215); an underscore → ERR_NGROK_438, another character outside
 *   `a-z A-Z 0-9 . * -` → 406, a part not ending in a letter or digit → 408, empty parts, a part
 *   over 63 or a name over 253 characters, a `*` other than a whole first part → 1906; the
 *   account already has it (case-insensitive) → 413. Stored as sent.
 * - `description` ≤ 255 / `metadata` ≤ 4096 UTF-8 bytes (the document says so; ngrok's catalogue
 *   has no code for reserved domains): 215.
 * - `certificate_id` (`cert_…`, else 227; any such id is taken to exist) and
 *   `certificate_management_policy` exclude each other (215). The policy's `authority` is
 *   `letsencrypt` (the only one, default) and its `private_key_type` `ecdsa` (default) or `rsa`.
 * - Neither: ngrok's own domains (`*.ngrok.app`, `*.ngrok-free.app`, …) use ngrok's certificate
 *   (policy and certificate `null`); custom domains get automatic management by default
 *   (`reservedDomains.certificates`, see the README).
 * - Answers: `cname_target` `<random>.<random>.ngrok-cname.com` for a custom domain (as in
 *   ngrok's examples), `null` for ngrok's own; `acme_challenge_cname_target` for a custom
 *   wildcard domain only; with a policy, `certificate` names the issued certificate and
 *   `certificate_management_status` is `{renews_at, provisioning_job: null}` (issued at once,
 *   renewed 30 days before the 90 days of a Let's Encrypt certificate end).
 */
import { apiErrors } from "../errors";
import { ID_PREFIX, newId, randomBase62 } from "./ids";
import { stampFields, type ResourceBehaviour } from "./resource";
import type { ReservedDomainRecord } from "./store";
import type { UrlContext } from "./urls";
import { rfc3339Now } from "./time";
import { checkIdPrefix, object, text, utf8Length } from "./validation";

export type { ReservedDomainRecord } from "./store";

/** ngrok's own domains: their subdomains need no CNAME and use ngrok's certificate. */
export const NGROK_DOMAINS = [
  ...["ngrok.app", "ngrok.dev", "ngrok.io", "ngrok.pizza"],
  ...["ngrok-free.app", "ngrok-free.dev"],
];

const RENEWAL_DAYS = 60;

/** Whether `domain` is a subdomain of one of ngrok's own domains. */
export function isNgrokDomain(domain: string): boolean {
  const lower = domain.toLowerCase();
  return NGROK_DOMAINS.some((suffix) => lower.endsWith(`.${suffix}`));
}

/** Checks a domain's syntax (the codes of the module comment). */
export function checkDomain(domain: string): void {
  if (domain.includes("_")) throw apiErrors.domainUnderscore(domain);
  const bad = /[^A-Za-z0-9.*-]/.exec(domain);
  if (bad !== null) throw apiErrors.domainInvalidCharacter(bad[0], domain);
  const parts = domain.split(".");
  if (domain.length > 253) throw apiErrors.domainInvalid(domain);
  parts.forEach((part, i) => {
    if (part === "" || part.length > 63) throw apiErrors.domainInvalid(domain);
    if (part.includes("*") && (part !== "*" || i !== 0 || parts.length < 3)) {
      throw apiErrors.domainInvalid(domain);
    }
    if (part !== "*" && !/[A-Za-z0-9]$/.test(part)) {
      throw apiErrors.domainInvalidLastCharacter(part, domain);
    }
    if (part.startsWith("-")) throw apiErrors.domainInvalid(domain);
  });
}

function checkLengths(values: Record<string, unknown>): void {
  for (const [name, max] of [
    ["description", 255],
    ["metadata", 4096],
  ] as const) {
    const value = text(values, name);
    if (value !== undefined && utf8Length(value) > max) {
      throw apiErrors.invalidValue(name, `it is longer than ${max} bytes`);
    }
  }
}

/** The policy with its defaults, or 215 for an unknown authority or key type. */
function certificatePolicy(policy: Record<string, unknown>): Record<string, unknown> {
  const authority = text(policy, "authority") || "letsencrypt";
  const keyType = text(policy, "private_key_type") || "ecdsa";
  if (authority !== "letsencrypt") {
    throw apiErrors.invalidValue("authority", `${authority} is not letsencrypt`);
  }
  if (keyType !== "ecdsa" && keyType !== "rsa") {
    throw apiErrors.invalidValue("private_key_type", `${keyType} is neither rsa nor ecdsa`);
  }
  return { ...policy, authority, private_key_type: keyType };
}

/** The certificate settings of a request: `certificate_id` or a policy, checked. */
function certificateSettings(values: Record<string, unknown>) {
  const certificateId = text(values, "certificate_id") || undefined;
  const policy = object(values, "certificate_management_policy");
  if (certificateId !== undefined && policy !== undefined) {
    throw apiErrors.invalidValue(
      "certificate_management_policy",
      "it is mutually exclusive with certificate_id",
    );
  }
  if (certificateId !== undefined) checkIdPrefix(certificateId, ID_PREFIX.tlsCertificate);
  return { certificateId, policy: policy === undefined ? undefined : certificatePolicy(policy) };
}

/** A managed certificate's id and renewal time, issued now. */
function issued(): { managedCertificateId: string; renewsAt: string } {
  const renewsAt = new Date(Date.now() + RENEWAL_DAYS * 24 * 3600 * 1000);
  return { managedCertificateId: newId(ID_PREFIX.tlsCertificate), renewsAt: rfc3339Now(renewsAt) };
}

const randomLabel = () => randomBase62(16).toLowerCase();

/** `{id, uri}` of a TLS certificate. */
function certificateRef(id: string | undefined, urls: UrlContext) {
  return id === undefined ? null : { id, uri: `${urls.apiBaseUrl}/tls_certificates/${id}` };
}

/** Reserved domains (see the module comment). */
export const RESERVED_DOMAINS: ResourceBehaviour<ReservedDomainRecord> = {
  path: "/reserved_domains",
  idPrefix: ID_PREFIX.reservedDomain,
  table: (store) => store.reservedDomains,
  ownRequired: ["domain"],
  create(values, echoed, { store, options }) {
    const domain = text(values, "domain") ?? "";
    if (domain === "") throw apiErrors.invalidValue("domain", "it is required");
    checkDomain(domain);
    checkLengths(values);
    const { certificateId, policy } = certificateSettings(values);
    const taken = store.reservedDomains.oldestFirst().some((existing) => {
      return String(existing.fields.domain).toLowerCase() === domain.toLowerCase();
    });
    if (taken) throw apiErrors.domainAlreadyReserved(domain);
    const custom = !isNgrokDomain(domain);
    const managed =
      policy ??
      (certificateId === undefined && custom && options.reservedDomains.certificates === "managed"
        ? certificatePolicy({})
        : undefined);
    return store.reservedDomains.insert((stamp) => ({
      ...stamp,
      fields: { ...echoed, certificate_management_policy: managed },
      certificateId,
      ...(managed === undefined
        ? { managedCertificateId: undefined, renewsAt: undefined }
        : issued()),
      cnameTarget: custom ? `${randomLabel()}.${randomLabel()}.ngrok-cname.com` : null,
      acmeChallengeCnameTarget:
        custom && domain.startsWith("*.") ? `${randomLabel()}.acme.ngrok-cname.com` : null,
    }));
  },
  update(record, values, echoed) {
    checkLengths(values);
    const { certificateId, policy } = certificateSettings(values);
    const changes: Record<string, unknown> = { ...echoed };
    if (certificateId !== undefined) {
      Object.assign(record, {
        certificateId,
        managedCertificateId: undefined,
        renewsAt: undefined,
      });
      changes.certificate_management_policy = undefined;
    } else if (policy !== undefined) {
      Object.assign(record, { certificateId: undefined, ...issued() });
      changes.certificate_management_policy = policy;
    }
    return changes;
  },
  computed: (record, urls) => ({
    ...stampFields(RESERVED_DOMAINS, record, urls),
    cname_target: record.cnameTarget,
    acme_challenge_cname_target: record.acmeChallengeCnameTarget,
    certificate: certificateRef(record.certificateId ?? record.managedCertificateId, urls),
    certificate_management_status:
      record.renewsAt === undefined ? null : { renews_at: record.renewsAt, provisioning_job: null },
  }),
};

/** The reserved domain serving `host`: an exact match, or a wildcard domain's subdomain. */
export function reservedDomainFor(
  domains: readonly ReservedDomainRecord[],
  host: string,
): ReservedDomainRecord | undefined {
  const lower = host.toLowerCase();
  const name = (record: ReservedDomainRecord) => String(record.fields.domain).toLowerCase();
  return (
    domains.find((record) => name(record) === lower) ??
    domains.find((record) => name(record).startsWith("*.") && lower.endsWith(name(record).slice(1)))
  );
}
