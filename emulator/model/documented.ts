/**
 * What ngrok documents of the collections served from its document (`plainResource.ts`) that the
 * document cannot say, one entry per collection path, each fact with its source:
 *
 * - `answers`: the catalogue's code for a failure the checks find (`statedChecks.ts`,
 *   `references.ts`, the traits below), by field and kind; a failure without one answers
 *   ERR_NGROK_215 (a reference: 227 for another kind of id, 404 without a code for a missing
 *   object);
 * - `required`, `patterns`, `unique`: fields ngrok requires, the syntax it documents, the values
 *   it keeps unique (in the account, or within the object a reference names);
 * - `onReferencedDelete`: what deleting an object this collection's objects name does, by the
 *   reference's answer field (`"keep"` where nothing is documented);
 * - `defaults`: what ngrok's example answers for a field not sent;
 * - `traits`: behaviour beyond checks (tokens shown once, parsed certificates, generated
 *   addresses).
 *
 * Sources, abbreviated: CAT = ngrok/ngrok-docs `errors/err_ngrok_<n>.mdx` (56a5f99, 2026-08-07);
 * EX = ngrok/ngrok-docs `snippets/api/resources/examples/_<collection>_<op>_<request|response>.mdx`
 * (38a43a3, 2026-02-20); DOC = the description's own text (`openapi/ngrok.yaml`).
 */
import { apiErrors } from "../errors";
import type { Values } from "../spec";
import { randomBase62 } from "./ids";
import type { ResolvedPlainCollectionOptions } from "./plainOptions";
import { pathMatches, type Failure, type FailureKind } from "./statedChecks";
import type { EmulatorStore, PlainCollection, PlainRecord } from "./store";
import { rfc3339Now } from "./time";
import { text } from "./validation";
import {
  certificateFields,
  checkAuthority,
  checkKeyPair,
  parseCertificates,
  parsePrivateKey,
  PemError,
} from "./x509";

/**
 * ngrok's code for a failure of `field` (dotted, `*` one segment) of one of `kinds`; `status` is
 * the one of a reference to a missing object (`plainCollections.referenceNotFoundStatus`).
 */
export interface DocumentedAnswer {
  readonly field: string;
  readonly kinds: readonly FailureKind[];
  readonly answer: (failure: Failure, status: number) => Error;
}

/** What a trait is given. */
export interface TraitContext {
  readonly store: EmulatorStore;
  readonly collection: PlainCollection;
}

/** Behaviour ngrok documents beyond the checks (see the module comment). */
export interface Trait {
  /** Checks a create's values after the document's checks; the first failure, if any. */
  check?(values: Values): Failure | undefined;
  /** What a create makes: answer fields kept (`derived`), those of the create answer only (`once`). */
  create?(values: Values, id: string, context: TraitContext): { derived?: Values; once?: Values };
  /** The answer fields an update changes. */
  update?(record: PlainRecord, values: Values): Values;
  /** Answer fields made at each rendering from the record and its URI. */
  render?(record: PlainRecord, uri: string): Values;
}

/** What ngrok documents of one collection. */
export interface DocumentedCollection {
  readonly answers?: readonly DocumentedAnswer[];
  readonly required?: readonly string[];
  readonly patterns?: Readonly<Record<string, RegExp>>;
  readonly unique?: readonly { readonly field: string; readonly within?: string }[];
  readonly onReferencedDelete?: Readonly<
    Record<string, (options: ResolvedPlainCollectionOptions) => "refuse" | "cascade" | "keep">
  >;
  readonly defaults?: Values;
  readonly traits?: readonly Trait[];
}

const on = (
  field: string,
  kinds: FailureKind | readonly FailureKind[],
  answer: (failure: Failure, status: number) => Error,
): DocumentedAnswer => ({ field, kinds: typeof kinds === "string" ? [kinds] : kinds, answer });

const shown = (failure: Failure) => String(failure.value ?? "");

/** A token shown once: the id's KSUID, `_`, 21 base62 characters (EX api_keys, credentials). */
const TOKEN_ONCE: Trait = {
  create: (_values, id) => ({
    once: { token: `${id.replace(/^[a-z0-9]+_/, "")}_${randomBase62(21)}` },
  }),
};

/**
 * A PEM problem of `field` (sent as `value`) as a failure (`x509.ts`); its value is the PEM
 * label when the block is of another type.
 */
function pemFailure(field: string, value: string, action: () => void): Failure | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    if (!(error instanceof PemError)) throw error;
    const shownValue = error.problem === "wrongType" ? error.message : value;
    return { kind: error.problem, field, value: shownValue, reason: error.message };
  }
}

/** An uploaded chain and its private key (DOC TLSCertificateCreate; CAT 1901–1925). */
const TLS_CERTIFICATE: Trait = {
  check(values) {
    const pem = text(values, "certificate_pem") ?? "";
    const key = text(values, "private_key_pem") ?? "";
    return (
      pemFailure("certificate_pem", pem, () => parseCertificates(pem)) ??
      pemFailure("private_key_pem", key, () => parsePrivateKey(key)) ??
      pemFailure("private_key_pem", key, () =>
        checkKeyPair(parseCertificates(pem)[0], parsePrivateKey(key)),
      )
    );
  },
  create: (values) => ({
    derived: certificateFields(parseCertificates(text(values, "certificate_pem") ?? "")[0]),
  }),
};

/** An uploaded CA certificate (DOC CertificateAuthorityCreate; CAT 1910–1920). */
const CERTIFICATE_AUTHORITY: Trait = {
  check(values) {
    const pem = text(values, "ca_pem") ?? "";
    return pemFailure("ca_pem", pem, () => checkAuthority(parseCertificates(pem)[0]));
  },
  create: (values) => ({
    derived: certificateFields(parseCertificates(text(values, "ca_pem") ?? "")[0]),
  }),
};

/** Ports of reserved addresses: ngrok's examples show 12345 to 22984. */
const ADDRESS_PORTS = { first: 10_000, count: 20_000 };

/**
 * A reserved address's `addr`: `1.tcp.ngrok.io:<port>` in `us`, `1.tcp.<region>.ngrok.io:<port>`
 * elsewhere (EX reserved_addrs `1.tcp.ngrok.io:20000`; ngrok's docs show `1.tcp.eu.ngrok.io`,
 * `1.tcp.jp.ngrok.io`), a port no other reserved address of the account has.
 */
const RESERVED_ADDRESS: Trait = {
  create(values, _id, { store, collection }) {
    const region = text(values, "region") ?? "us";
    const host = region === "us" ? "1.tcp.ngrok.io" : `1.tcp.${region}.ngrok.io`;
    const taken = new Set(
      store
        .plainTable(collection)
        .oldestFirst()
        .map((record) => String(record.derived.addr ?? "")),
    );
    for (;;) {
      const addr = `${host}:${ADDRESS_PORTS.first + Math.floor(Math.random() * ADDRESS_PORTS.count)}`;
      if (!taken.has(addr)) return { derived: { addr } };
    }
  },
};

/** Days until a managed certificate renews (as `reservedDomain.ts` answers it). */
const RENEWS_IN_DAYS = 60;

/** An agent ingress's managed certificate status: issued at once, as for reserved domains. */
function certificateStatus(values: Values): Values {
  if (values.certificate_management_policy === undefined) return {};
  const renewsAt = rfc3339Now(new Date(Date.now() + RENEWS_IN_DAYS * 86_400_000));
  return {
    certificate_management_status: { renews_at: renewsAt, provisioning_job: null },
  };
}

/**
 * An agent ingress's NS targets and regional domains, as ngrok's only example answers them (EX
 * agent_ingresses: four `N.kube-dns.kube-system.svc.cluster.local.` targets and
 * `tunnel.us.<domain>`; its docs say nothing else of their form).
 */
const AGENT_INGRESS: Trait = {
  create: (values) => ({
    derived: {
      ns_targets: [1, 2, 3, 4].map((n) => `${n}.kube-dns.kube-system.svc.cluster.local.`),
      region_domains: [`tunnel.us.${text(values, "domain") ?? ""}`],
      ...certificateStatus(values),
    },
  }),
  update: (_record, values) => certificateStatus(values),
};

/** An event subscription's sources with their URIs (EX event_subscriptions). */
const EVENT_SOURCES: Trait = {
  create: (values) => ({ derived: { sources: values.sources ?? [] } }),
  update: (_record, values) => (values.sources === undefined ? {} : { sources: values.sources }),
  render: (record, uri) => ({
    sources: (Array.isArray(record.derived.sources) ? record.derived.sources : []).map(
      (source: unknown) => {
        const type =
          typeof source === "object" && source !== null ? Reflect.get(source, "type") : "";
        return { type, uri: `${uri}/sources/${String(type)}` };
      },
    ),
  }),
};

/** A name of a vault or a secret (CAT 23000, 24000). */
const VAULT_NAME = /^[a-zA-Z0-9_/.]+$/;

/** The targets an event destination may have (DOC EventTarget). */
const TARGETS = ["kinesis", "firehose", "cloudwatch_logs", "datadog", "azure_logs_ingestion"];

/** Every collection's entry (see the module comment). */
export const DOCUMENTED: Readonly<Record<string, DocumentedCollection>> = {
  "/ip_policy_rules": {
    answers: [
      on("cidr", "format", (f) => apiErrors.cidrInvalid(shown(f))), // CAT 1406
      on("cidr", "noMask", (f) => apiErrors.cidrNoMask(f.suggestion ?? "")), // CAT 1413
      on("cidr", "notNetwork", (f) => apiErrors.cidrNotLowest(shown(f), f.suggestion ?? "")), // 1409
      on("cidr", "unique", (f) => apiErrors.ipPolicyRuleExists(shown(f))), // CAT 1408
      on("action", "oneOf", () => apiErrors.ipPolicyRuleActionInvalid()), // CAT 1422
      on("description", "limit", (f) =>
        apiErrors.ipPolicyRuleDescriptionTooLong(f.count ?? 0, f.length ?? 0),
      ), // CAT 1421
      on("ip_policy_id", "wrongKind", (f) => apiErrors.ipPolicyIdInvalid(shown(f))), // CAT 229
      on("ip_policy_id", "notFound", (_f, status) => apiErrors.ipPolicyNotFound(status)), // CAT 1402
    ],
    unique: [{ field: "cidr", within: "ip_policy" }], // CAT 1408
    onReferencedDelete: { ip_policy: (options) => options.ipPolicyRules },
  },
  "/ip_restrictions": {
    answers: [
      on("type", "oneOf", (f) => apiErrors.ipRestrictionTypeInvalid(shown(f), f.list ?? [])), // 1803
      on("type", "unique", (f) => apiErrors.ipRestrictionTypeExists(shown(f))), // CAT 1802
      on("ip_policy_ids", "required", () => apiErrors.ipRestrictionPoliciesMissing()), // 1804
      on("ip_policy_ids", "wrongKind", (f) => apiErrors.ipPolicyIdInvalid(shown(f))), // CAT 229
      on("ip_policy_ids", "notFound", (f, status) =>
        apiErrors.ipRestrictionPolicyNotFound(shown(f), status),
      ), // CAT 1801
      on("ip_policies", "inUse", (f) => apiErrors.ipPolicyInUse(shown(f), f.list ?? [])), // 1420
    ],
    unique: [{ field: "type" }], // CAT 1802
    onReferencedDelete: { ip_policies: (options) => options.ipRestrictions },
  },
  "/vaults": {
    answers: [
      on("name", "required", () => apiErrors.vaultNameEmpty()), // CAT 23001
      on("name", "pattern", (f) => apiErrors.vaultNameInvalid(shown(f))), // CAT 23000
      on("name", "unique", () => apiErrors.vaultNameTaken()), // CAT 23004
    ],
    required: ["name"], // CAT 23001
    patterns: { name: VAULT_NAME },
    unique: [{ field: "name" }], // CAT 23004
  },
  "/vault_secrets": {
    answers: [
      on("name", "required", () => apiErrors.secretNameEmpty()), // CAT 24001
      on("name", "pattern", (f) => apiErrors.secretNameInvalid(shown(f))), // CAT 24000
      on("name", "unique", () => apiErrors.secretNameTaken()), // CAT 24005
      on("value", "required", () => apiErrors.secretValueEmpty()), // CAT 24003
      on("vault_id", "required", () => apiErrors.secretVaultMissing()), // CAT 24008
      on("vault_id", "notFound", (f, status) => apiErrors.secretVaultNotFound(shown(f), status)), // CAT 24006
      on("vault_name", "notFound", (f, status) =>
        apiErrors.secretVaultNameNotFound(shown(f), status),
      ), // CAT 24009
      on("vault", "inUse", () => apiErrors.vaultNotEmpty()), // CAT 23003
    ],
    required: ["name", "value", "vault_id"], // CAT 24001, 24003, 24008
    patterns: { name: VAULT_NAME },
    unique: [{ field: "name", within: "vault" }], // CAT 24005
    onReferencedDelete: { vault: () => "refuse" }, // CAT 23003
  },
  "/service_users": {
    answers: [
      on("name", "required", () => apiErrors.serviceUserNameEmpty()), // CAT 4109
      on("name", "unique", () => apiErrors.serviceUserNameTaken()), // CAT 4112
    ],
    required: ["name"], // CAT 4109
    unique: [{ field: "name" }], // CAT 4112
    defaults: { active: true }, // EX service_users: created with a name only, answered active
  },
  "/event_destinations": {
    answers: [
      on("format", "oneOf", (f) => apiErrors.eventFormatInvalid(shown(f), f.list ?? [])), // 235
      on("target", "required", () => apiErrors.eventTargetMissing(TARGETS)), // CAT 5100
      on("target", "exactlyOne", (f) =>
        f.count === 0 ? apiErrors.eventTargetMissing(f.list ?? []) : apiErrors.eventTargetsMany(),
      ), // CAT 5100, 5115
      on("target.*.auth", "required", () => apiErrors.eventTargetAuthMissing()), // CAT 5106
      on("target.*.auth", "exactlyOne", (f) =>
        f.count === 0 ? apiErrors.eventAuthEmpty() : apiErrors.eventAuthMany(),
      ), // CAT 5107, 5116
      on("target.*.auth.role.role_arn", ["format", "required"], (f) =>
        apiErrors.eventRoleArnInvalid(shown(f), f.reason),
      ), // CAT 5104
      on("target.datadog.api_key", "required", () => apiErrors.eventDatadogApiKeyMissing()), // 5133
      on("target.azure_logs_ingestion.data_collection_rule_id", "required", () =>
        apiErrors.eventAzureRuleInvalid(),
      ), // CAT 5136
      on("target.azure_logs_ingestion.data_collection_stream_name", "required", () =>
        apiErrors.eventAzureStreamInvalid(),
      ), // CAT 5137
      on("target.azure_logs_ingestion.logs_ingestion_uri", ["required", "format"], () =>
        apiErrors.eventAzureUriInvalid(),
      ), // CAT 5138
    ],
    required: [
      "target", // CAT 5100
      ...["target.kinesis.auth", "target.firehose.auth", "target.cloudwatch_logs.auth"], // 5106
      "target.datadog.api_key", // CAT 5133
    ],
  },
  "/event_subscriptions": {
    answers: [
      on("destination_ids", "notFound", (f, status) =>
        apiErrors.eventDestinationNotFound(shown(f), status),
      ), // CAT 5103
      on("destinations", "inUse", (f) => apiErrors.eventDestinationInUse(shown(f))), // CAT 5112
    ],
    onReferencedDelete: { destinations: () => "refuse" }, // CAT 5112
    traits: [EVENT_SOURCES],
  },
  "/reserved_addrs": {
    answers: [on("region", "oneOf", (f) => apiErrors.regionInvalid(shown(f), f.list ?? []))], // 500
    traits: [RESERVED_ADDRESS],
  },
  "/agent_ingresses": { traits: [AGENT_INGRESS] },
  "/api_keys": { traits: [TOKEN_ONCE] },
  "/credentials": { traits: [TOKEN_ONCE] },
  "/tls_certificates": {
    answers: [
      on("certificate_pem", "required", () => apiErrors.certificateMissing()), // CAT 1922
      on("certificate_pem", ["format", "notPem", "unparseable", "empty"], (f) =>
        apiErrors.certificateNotPem(shown(f).slice(0, 20)),
      ), // CAT 1920
      on("*", "headers", () => apiErrors.pemHeaders()), // CAT 1910
      on("certificate_pem", "wrongType", (f) => apiErrors.pemNotCertificate(shown(f))), // 1911
      on("certificate_pem", "isPrivateKey", () => apiErrors.certificateIsPrivateKey()), // 1925
      on("private_key_pem", ["required", "format", "empty"], () => apiErrors.privateKeyMissing()), // 1901
      on("private_key_pem", "isCertificate", () => apiErrors.privateKeyIsCertificate()), // 1924
      on("private_key_pem", "encrypted", () => apiErrors.privateKeyEncrypted()), // CAT 1902
      on("private_key_pem", "unparseable", () => apiErrors.privateKeyUnsupported()), // CAT 1903
      on("private_key_pem", "keyMismatch", () => apiErrors.keyPairMismatch()), // CAT 1923
    ],
    traits: [TLS_CERTIFICATE],
  },
  "/certificate_authorities": {
    answers: [
      on("ca_pem", "required", () => apiErrors.certificateAuthorityMissing()), // CAT 1919
      on("ca_pem", ["format", "notPem", "unparseable", "empty"], (f) =>
        apiErrors.certificateNotPem(shown(f).slice(0, 20)),
      ), // CAT 1920
      on("ca_pem", "headers", () => apiErrors.pemHeaders()), // CAT 1910
      on("ca_pem", "wrongType", (f) => apiErrors.pemNotCertificate(shown(f))), // CAT 1911
      on("ca_pem", "isPrivateKey", () => apiErrors.certificateIsPrivateKey()), // CAT 1925
      on("ca_pem", "notCa", () => apiErrors.certificateNotCa()), // CAT 1913
    ],
    traits: [CERTIFICATE_AUTHORITY],
  },
};

/**
 * ngrok's answer to `failure` in the collection at `path`, if it documents one (`status`: that of
 * a reference to a missing object).
 */
export function documentedAnswer(
  path: string,
  failure: Failure,
  status: number,
): Error | undefined {
  const entry = DOCUMENTED[path]?.answers?.find(
    (answer) => answer.kinds.includes(failure.kind) && pathMatches(answer.field, failure.field),
  );
  return entry?.answer(failure, status);
}
