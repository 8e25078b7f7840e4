/**
 * SSH host and user certificates: body rules, defaults, creation (signing with the CA's key)
 * and lookup by id. The two resources differ only in the table below and in the user
 * certificates' `critical_options` and `extensions`.
 *
 * Create (`POST /ssh_host_certificates`, `POST /ssh_user_certificates`), checks in this order:
 * 1. unknown fields 214, wrong types 215 (ngrok's OpenAPI document, the maps `map<string,string>`
 *    by the overlay); `ssh_certificate_authority_id` missing or "" → 215 (required);
 * 2. `description` ≤ 255 / `metadata` ≤ 4096 UTF-8 bytes: 1945 / 1946 (host), 1947 / 1948 (user);
 * 3. `ssh_certificate_authority_id` with a wrong prefix → 227;
 * 4. `public_key`: see `sshPublicKey.ts` (1952, 1950, 1934);
 * 5. `valid_after` / `valid_until`: RFC 3339 with `Z` or an offset, else 215; before 1970 → 215;
 * 6. the CA must exist: 404 ERR_NGROK_1949 (host) / ERR_NGROK_1951 (user);
 * 7. `valid_until` must be after `valid_after`: 1963 (host) / 1962 (user); neither may be
 *    after 9999-12-31T23:59:59Z (215), which RFC 3339 cannot write.
 *
 * Defaults: `valid_after` = the creation time (`created_at`, whole seconds); `valid_until` =
 * `valid_after` + 1 calendar year (host) / + 24 h (user); `principals` = `[]` (any);
 * `critical_options` = `{}`; user `extensions` = `{"permit-pty":"","permit-user-rc":""}`.
 * Zero values (`""`, `[]`, `{}`) and `null` count as omitted, as for SSH CAs: ngrok's Go
 * client cannot send them (`omitempty`), so an empty `extensions` gets the default too.
 * Fractions of a second are truncated; offsets are answered in UTC.
 */
import { apiErrors } from "../errors";
import { ID_PREFIX } from "./ids";
import { signOpenSshCertificate } from "./openSshCertificate";
import { stampFields, type ResourceBehaviour } from "./resource";
import { findSshCa } from "./sshCertificateAuthority";
import { parseSubjectPublicKey } from "./sshPublicKey";
import type { EmulatorStore, SshCertificateRecord, SshCertificateType } from "./store";
import { addOneYear, MAX_RFC3339_SECONDS, parseRfc3339Seconds, rfc3339FromSeconds } from "./time";
import {
  checkDescriptionLengths,
  checkIdPrefix,
  text,
  textList,
  textMap,
  type TooLong,
} from "./validation";

/** What differs between host and user certificates. */
export interface SshCertificateKind {
  readonly type: SshCertificateType;
  /** `shcrt_` / `sucrt_`. */
  readonly idPrefix: string;
  /** The API path and the list's field: `ssh_host_certificates` / `ssh_user_certificates`. */
  readonly collection: "ssh_host_certificates" | "ssh_user_certificates";
  /** For messages: `SSH host certificate`. */
  readonly noun: string;
  readonly caNotFoundCode: 1949 | 1951;
  readonly durationCode: 1962 | 1963;
  readonly tooLong: { description: TooLong; metadata: TooLong };
  /** The default `valid_until` for a `valid_after`, both in seconds. */
  readonly defaultValidUntil: (validAfter: number) => number;
}

const DAY_SECONDS = 24 * 60 * 60;

/** The errors of a description and a metadata too long, with the kind's own codes. */
function tooLongErrors(
  descriptionCode: 1945 | 1947,
  metadataCode: 1946 | 1948,
): SshCertificateKind["tooLong"] {
  return {
    description: (max, got) => apiErrors.sshDescriptionTooLong(max, got, descriptionCode),
    metadata: (max, got) => apiErrors.sshMetadataTooLong(max, got, metadataCode),
  };
}

/** SSH host certificates. */
export const SSH_HOST_CERTIFICATES: SshCertificateKind = {
  type: "host",
  idPrefix: ID_PREFIX.sshHostCertificate,
  collection: "ssh_host_certificates",
  noun: "SSH host certificate",
  caNotFoundCode: 1949,
  durationCode: 1963,
  tooLong: tooLongErrors(1945, 1946),
  defaultValidUntil: addOneYear,
};

/** SSH user certificates. */
export const SSH_USER_CERTIFICATES: SshCertificateKind = {
  type: "user",
  idPrefix: ID_PREFIX.sshUserCertificate,
  collection: "ssh_user_certificates",
  noun: "SSH user certificate",
  caNotFoundCode: 1951,
  durationCode: 1962,
  tooLong: tooLongErrors(1947, 1948),
  defaultValidUntil: (validAfter) => validAfter + DAY_SECONDS,
};

/** The extensions of a user certificate created without any (ngrok's documented default). */
export const DEFAULT_USER_EXTENSIONS: Readonly<Record<string, string>> = {
  "permit-pty": "",
  "permit-user-rc": "",
};

/** An RFC 3339 body field in seconds, `undefined` when omitted or ""; 215 when invalid. */
function timestamp(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const seconds = parseRfc3339Seconds(value);
  if (seconds === undefined) {
    throw apiErrors.invalidValue(name, `"${value}" is not an RFC 3339 date-time`);
  }
  if (seconds < 0) throw apiErrors.invalidValue(name, `${value} is before 1970-01-01T00:00:00Z`);
  return seconds;
}

/** The validity window, defaults applied; 215 past year 9999, 1963/1962 when not positive. */
function validityWindow(
  kind: SshCertificateKind,
  requested: { validAfter?: number; validUntil?: number },
  nowSeconds: number,
): { validAfter: number; validUntil: number } {
  const validAfter = requested.validAfter ?? nowSeconds;
  const validUntil = requested.validUntil ?? kind.defaultValidUntil(validAfter);
  if (validUntil > MAX_RFC3339_SECONDS) {
    const [name, reason] =
      requested.validUntil === undefined
        ? ["valid_after", "the default valid_until would be after year 9999"]
        : ["valid_until", "it is after 9999-12-31T23:59:59Z"];
    throw apiErrors.invalidValue(name, reason);
  }
  if (validUntil <= validAfter) {
    throw apiErrors.sshCertificateDurationNotPositive(
      kind.noun,
      kind.durationCode,
      `valid_after ${rfc3339FromSeconds(validAfter)}, valid_until ${rfc3339FromSeconds(validUntil)}`,
    );
  }
  return { validAfter, validUntil };
}

/**
 * Checks a create request (steps 2–7 of the module comment) and stores the certificate, signed
 * with the CA's private key: key id = the new id, serial 0, the principals in order, the window
 * to the second. Synchronous, so the CA cannot be deleted between the check and the signature.
 * @param now - the creation time (`created_at`, default `valid_after`); default now.
 */
export function createSshCertificate(
  store: EmulatorStore,
  kind: SshCertificateKind,
  values: Record<string, unknown>,
  echoed: Record<string, unknown>,
  now: Date = new Date(),
): SshCertificateRecord {
  checkDescriptionLengths(values, kind.tooLong);
  const caId = text(values, "ssh_certificate_authority_id") ?? "";
  checkIdPrefix(caId, ID_PREFIX.sshCertificateAuthority);
  const subject = parseSubjectPublicKey(text(values, "public_key") ?? "");
  const validAfter = timestamp("valid_after", text(values, "valid_after"));
  const validUntil = timestamp("valid_until", text(values, "valid_until"));
  const ca = findSshCa(store, caId, kind.caNotFoundCode);
  const window = validityWindow(kind, { validAfter, validUntil }, Math.floor(now.getTime() / 1000));
  const principals = textList(values, "principals") ?? [];
  const criticalOptions = kind.type === "user" ? (textMap(values, "critical_options") ?? {}) : {};
  const sent = kind.type === "user" ? (textMap(values, "extensions") ?? {}) : {};
  const extensions =
    kind.type === "user" && Object.keys(sent).length === 0 ? { ...DEFAULT_USER_EXTENSIONS } : sent;
  const maps = kind.type === "user" ? { critical_options: criticalOptions, extensions } : {};
  return store.sshCertificates[kind.type].insert(
    (stamp) => ({
      ...stamp,
      type: kind.type,
      sshCertificateAuthorityId: ca.id,
      keyType: subject.keyType,
      fields: {
        ...echoed,
        principals,
        ...maps,
        valid_after: rfc3339FromSeconds(window.validAfter),
        valid_until: rfc3339FromSeconds(window.validUntil),
      },
      certificate: signOpenSshCertificate({
        type: kind.type,
        subject,
        keyId: stamp.id,
        principals,
        ...window,
        criticalOptions,
        extensions,
        caPublicKey: ca.publicKey,
        caPrivateKey: ca.privateKey,
      }),
    }),
    now,
  );
}

/** The resource of one kind of certificate (`/ssh_host_certificates`, `/ssh_user_certificates`). */
export function sshCertificateResource(
  kind: SshCertificateKind,
): ResourceBehaviour<SshCertificateRecord> {
  const resource: ResourceBehaviour<SshCertificateRecord> = {
    path: `/${kind.collection}`,
    idPrefix: kind.idPrefix,
    table: (store) => store.sshCertificates[kind.type],
    notFound: (id) => apiErrors.sshCertificateNotFound(kind.noun, id),
    ownRequired: ["public_key"],
    create: (values, echoed, { store }) => createSshCertificate(store, kind, values, echoed),
    update(_record, values, echoed) {
      checkDescriptionLengths(values, kind.tooLong);
      return echoed;
    },
    computed: (record, urls) => ({
      ...stampFields(resource, record, urls),
      key_type: record.keyType,
      certificate: record.certificate,
    }),
  };
  return resource;
}

/** `/ssh_host_certificates`. */
export const SSH_HOST_CERTIFICATE_RESOURCE = sshCertificateResource(SSH_HOST_CERTIFICATES);
/** `/ssh_user_certificates`. */
export const SSH_USER_CERTIFICATE_RESOURCE = sshCertificateResource(SSH_USER_CERTIFICATES);
