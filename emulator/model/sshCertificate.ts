/**
 * SSH host and user certificates: body rules, defaults, creation (signing with the CA's key)
 * and lookup by id. The two resources differ only in the table below and in the user
 * certificates' `critical_options` and `extensions`.
 *
 * Create (`POST /ssh_host_certificates`, `POST /ssh_user_certificates`), checks in this order:
 * 1. unknown fields 214, wrong types 215 (`principals` an array of strings, the maps objects of
 *    strings, the rest strings);
 * 2. `description` ≤ 255 / `metadata` ≤ 4096 UTF-8 bytes: 1945 / 1946 (host), 1947 / 1948 (user);
 * 3. `ssh_certificate_authority_id`: missing or "" → 215 (required), wrong prefix → 227;
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
import { findSshCa } from "./sshCertificateAuthority";
import { parseSubjectPublicKey, type SubjectPublicKey } from "./sshPublicKey";
import type { EmulatorStore, SshCertificateRecord, SshCertificateType } from "./store";
import { addOneYear, MAX_RFC3339_SECONDS, parseRfc3339Seconds, rfc3339FromSeconds } from "./time";
import {
  checkFields,
  checkIdPrefix,
  describedFields,
  DESCRIPTION_FIELDS,
  objectBody,
  parseDescriptionUpdate,
  type DescriptionUpdate,
  type FieldValues,
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

/** SSH host certificates. */
export const SSH_HOST_CERTIFICATES: SshCertificateKind = {
  type: "host",
  idPrefix: ID_PREFIX.sshHostCertificate,
  collection: "ssh_host_certificates",
  noun: "SSH host certificate",
  caNotFoundCode: 1949,
  durationCode: 1963,
  tooLong: {
    description: (max, got) => apiErrors.sshDescriptionTooLong(max, got, 1945),
    metadata: (max, got) => apiErrors.sshMetadataTooLong(max, got, 1946),
  },
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
  tooLong: {
    description: (max, got) => apiErrors.sshDescriptionTooLong(max, got, 1947),
    metadata: (max, got) => apiErrors.sshMetadataTooLong(max, got, 1948),
  },
  defaultValidUntil: (validAfter) => validAfter + DAY_SECONDS,
};

/** The extensions of a user certificate created without any (ngrok's documented default). */
export const DEFAULT_USER_EXTENSIONS: Readonly<Record<string, string>> = {
  "permit-pty": "",
  "permit-user-rc": "",
};

const HOST_FIELDS = {
  ssh_certificate_authority_id: "string",
  public_key: "string",
  principals: "stringArray",
  valid_after: "string",
  valid_until: "string",
  ...DESCRIPTION_FIELDS,
} as const;

const USER_FIELDS = {
  ...HOST_FIELDS,
  critical_options: "stringMap",
  extensions: "stringMap",
} as const;

/** A checked create request. Times are seconds since the Unix epoch. */
export interface SshCertificateCreate {
  readonly description: string;
  readonly metadata: string;
  readonly sshCertificateAuthorityId: string;
  /** `public_key` exactly as submitted. */
  readonly publicKey: string;
  readonly subject: SubjectPublicKey;
  readonly principals: readonly string[];
  /** Absent: the creation time. */
  readonly validAfter?: number;
  /** Absent: the kind's default. */
  readonly validUntil?: number;
  readonly criticalOptions: Readonly<Record<string, string>>;
  readonly extensions: Readonly<Record<string, string>>;
}

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

/** A copy of a string map (`{}` when omitted), as a plain object. */
function copyMap(map: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(map ?? {}));
}

/** Checks a create body (steps 1–5 of the module comment). */
export function parseSshCertificateCreate(
  kind: SshCertificateKind,
  body: unknown,
): SshCertificateCreate {
  const fields = objectBody(body);
  const values: FieldValues<typeof USER_FIELDS> =
    kind.type === "user" ? checkFields(fields, USER_FIELDS) : checkFields(fields, HOST_FIELDS);
  const { description, metadata } = describedFields(values, kind.tooLong);
  const caId = values.ssh_certificate_authority_id ?? "";
  if (caId === "") throw apiErrors.invalidValue("ssh_certificate_authority_id", "it is required");
  checkIdPrefix(caId, ID_PREFIX.sshCertificateAuthority);
  const publicKey = values.public_key ?? "";
  const subject = parseSubjectPublicKey(publicKey);
  const validAfter = timestamp("valid_after", values.valid_after);
  const validUntil = timestamp("valid_until", values.valid_until);
  const extensions = copyMap(values.extensions);
  return {
    description,
    metadata,
    sshCertificateAuthorityId: caId,
    publicKey,
    subject,
    principals: [...(values.principals ?? [])],
    ...(validAfter === undefined ? {} : { validAfter }),
    ...(validUntil === undefined ? {} : { validUntil }),
    criticalOptions: copyMap(values.critical_options),
    extensions:
      kind.type === "user" && Object.keys(extensions).length === 0
        ? { ...DEFAULT_USER_EXTENSIONS }
        : extensions,
  };
}

/** The validity window, defaults applied; 215 past year 9999, 1963/1962 when not positive. */
function validityWindow(
  kind: SshCertificateKind,
  create: SshCertificateCreate,
  nowSeconds: number,
): { validAfter: number; validUntil: number } {
  const validAfter = create.validAfter ?? nowSeconds;
  const validUntil = create.validUntil ?? kind.defaultValidUntil(validAfter);
  if (validUntil > MAX_RFC3339_SECONDS) {
    const [name, reason] =
      create.validUntil === undefined
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
 * Checks the CA and the window (steps 6–7), then stores the certificate, signed with the CA's
 * private key: key id = the new id, serial 0, the principals in order, the window to the
 * second. Synchronous, so the CA cannot be deleted between the check and the signature.
 * @param now - the creation time (`created_at`, default `valid_after`); default now.
 */
export function createSshCertificate(
  store: EmulatorStore,
  kind: SshCertificateKind,
  create: SshCertificateCreate,
  now: Date = new Date(),
): SshCertificateRecord {
  const ca = findSshCa(store, create.sshCertificateAuthorityId, kind.caNotFoundCode);
  const { validAfter, validUntil } = validityWindow(kind, create, Math.floor(now.getTime() / 1000));
  const { subject, principals, criticalOptions, extensions } = create;
  return store.sshCertificates[kind.type].insert(
    (stamp) => ({
      ...stamp,
      type: kind.type,
      description: create.description,
      metadata: create.metadata,
      sshCertificateAuthorityId: ca.id,
      publicKey: create.publicKey,
      keyType: subject.keyType,
      principals,
      validAfter,
      validUntil,
      criticalOptions,
      extensions,
      certificate: signOpenSshCertificate({
        type: kind.type,
        subject,
        keyId: stamp.id,
        principals,
        validAfter,
        validUntil,
        criticalOptions,
        extensions,
        caPublicKey: ca.publicKey,
        caPrivateKey: ca.privateKey,
      }),
    }),
    now,
  );
}

/** Checks an update body: `description` and `metadata` only (214/215, then 1945–1948). */
export function parseSshCertificateUpdate(
  kind: SshCertificateKind,
  body: unknown,
): DescriptionUpdate {
  return parseDescriptionUpdate(body, kind.tooLong);
}

/** The certificate of this kind with this id, or 400 ERR_NGROK_227 (wrong prefix) / 404. */
export function findSshCertificate(
  store: EmulatorStore,
  kind: SshCertificateKind,
  id: string,
): SshCertificateRecord {
  checkIdPrefix(id, kind.idPrefix);
  const record = store.sshCertificates[kind.type].get(id);
  if (record === undefined) throw apiErrors.sshCertificateNotFound(kind.noun, id);
  return record;
}
