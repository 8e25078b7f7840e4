/**
 * The SSH Certificate Authority's body rules (spec sections 2.1 and 4.1) and its lookup by id.
 *
 * Create parameters and defaults (ngrok documents no defaults; these are the emulator's):
 * - `private_key_type`: rsa, ecdsa or ed25519 (else ERR_NGROK_1909); omitted or "" → ed25519;
 * - `key_size`: rsa only (else ERR_NGROK_1940); 2048 or 4096 (else ERR_NGROK_1939);
 *   omitted or 0 → 4096;
 * - `elliptic_curve`: ecdsa only (else ERR_NGROK_1942); p256, p384 or p521 (else
 *   ERR_NGROK_1941); omitted or "" → p256;
 * - `description` ≤ 255 and `metadata` ≤ 4096 UTF-8 bytes (else ERR_NGROK_1937 / 1938).
 * Zero values count as omitted because ngrok's Go, Python and Java clients send them.
 *
 * Update takes `description` and `metadata` (omitted or null: unchanged; "": cleared) and
 * tolerates an `id` field in the body, which ngrok's TypeScript client sends.
 *
 * Delete answers ERR_NGROK_1964 while host or user certificates the CA signed exist.
 */
import { apiErrors } from "../errors";
import { ID_PREFIX } from "./ids";
import {
  DEFAULT_ELLIPTIC_CURVE,
  DEFAULT_RSA_KEY_SIZE,
  DEFAULT_SSH_KEY_TYPE,
  ELLIPTIC_CURVES,
  generateSshKeyPair,
  isEllipticCurve,
  isRsaKeySize,
  isSshKeyType,
  RSA_KEY_SIZES,
  SSH_KEY_TYPES,
  type SshKeySpec,
} from "./sshKeys";
import type { EmulatorStore, SshCaRecord } from "./store";
import {
  checkFields,
  checkIdPrefix,
  describedFields,
  DESCRIPTION_FIELDS,
  objectBody,
  parseDescriptionUpdate,
  type DescriptionUpdate,
  type FieldValues,
} from "./validation";

const CREATE_FIELDS = {
  ...DESCRIPTION_FIELDS,
  private_key_type: "string",
  elliptic_curve: "string",
  key_size: "int64",
} as const;

/** The SSH length codes (1937 / 1938). */
const TOO_LONG = {
  description: apiErrors.sshDescriptionTooLong,
  metadata: apiErrors.sshMetadataTooLong,
};

/** A checked create request: the stored fields and the key to generate. */
export interface SshCaCreate {
  /** `description`, "" when omitted. */
  readonly description: string;
  /** `metadata`, "" when omitted. */
  readonly metadata: string;
  /** The key to generate, defaults applied. */
  readonly key: SshKeySpec;
}

/** Resolves the key parameters of a create request, applying the defaults above. */
export function resolveKeySpec(values: FieldValues<typeof CREATE_FIELDS>): SshKeySpec {
  const requested = values.private_key_type ?? "";
  const type = requested === "" ? DEFAULT_SSH_KEY_TYPE : requested;
  if (!isSshKeyType(type)) throw apiErrors.sshPrivateKeyTypeInvalid(type, SSH_KEY_TYPES);
  const keySize =
    values.key_size !== undefined && values.key_size !== 0 ? values.key_size : undefined;
  const curve =
    values.elliptic_curve !== undefined && values.elliptic_curve !== ""
      ? values.elliptic_curve
      : undefined;
  if (keySize !== undefined && type !== "rsa") throw apiErrors.sshKeySizeNotRsa(type);
  if (curve !== undefined && type !== "ecdsa") throw apiErrors.sshCurveNotEcdsa(type);
  switch (type) {
    case "rsa": {
      const bits = keySize ?? DEFAULT_RSA_KEY_SIZE;
      if (!isRsaKeySize(bits)) throw apiErrors.sshKeySizeInvalid(bits, RSA_KEY_SIZES);
      return { type, bits };
    }
    case "ecdsa": {
      const chosen = curve ?? DEFAULT_ELLIPTIC_CURVE;
      if (!isEllipticCurve(chosen)) throw apiErrors.sshCurveInvalid(chosen, ELLIPTIC_CURVES);
      return { type, curve: chosen };
    }
    case "ed25519":
      return { type };
  }
}

/** Checks a create body: fields (214/215), lengths (1937/1938), then the key rules. */
export function parseSshCaCreate(body: unknown): SshCaCreate {
  const values = checkFields(objectBody(body), CREATE_FIELDS);
  return { ...describedFields(values, TOO_LONG), key: resolveKeySpec(values) };
}

/** Checks an update body: fields (214/215), then lengths (1937/1938). */
export function parseSshCaUpdate(body: unknown): DescriptionUpdate {
  return parseDescriptionUpdate(body, TOO_LONG);
}

/**
 * Generates the key pair (off the event loop; RSA 4096 takes seconds) and stores the new SSH CA,
 * which gets its id and `created_at` when stored.
 */
export async function createSshCa(store: EmulatorStore, create: SshCaCreate): Promise<SshCaRecord> {
  const { keyType, publicKey, privateKey } = await generateSshKeyPair(create.key);
  const { description, metadata } = create;
  return store.sshCas.insert((stamp) => ({
    ...stamp,
    description,
    metadata,
    keyType,
    publicKey,
    privateKey,
  }));
}

/**
 * The SSH CA with this id, or 400 ERR_NGROK_227 (wrong prefix) / 404 ERR_NGROK_1949 (or the
 * given code: 1951 when a user certificate names it).
 */
export function findSshCa(store: EmulatorStore, id: string, code: 1949 | 1951 = 1949): SshCaRecord {
  checkIdPrefix(id, ID_PREFIX.sshCertificateAuthority);
  const record = store.sshCas.get(id);
  if (record === undefined) throw apiErrors.sshCaNotFound(id, code);
  return record;
}

/**
 * Deletes the SSH CA with this id: 227 / 404 as {@link findSshCa}; ERR_NGROK_1964 (with
 * `inUseStatus`, default 400) while host or user certificates it signed exist.
 */
export function deleteSshCa(store: EmulatorStore, id: string, inUseStatus: 400 | 409 = 400): void {
  findSshCa(store, id);
  const certificates = store.certificatesSignedBy(id);
  if (certificates > 0) throw apiErrors.sshCaInUse(id, certificates, inUseStatus);
  store.sshCas.delete(id);
}
