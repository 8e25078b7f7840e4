/**
 * The SSH Certificate Authority's body rules (`contributing/reference/seed.md` §2.1 and §4.1) and its lookup by id.
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
 * Create also refuses a CA beyond the account's limit (`EmulatorOptions.caLimit`, none by
 * default) with ERR_NGROK_1956, after the body rules.
 *
 * The fields, their types and the answer's shape come from ngrok's OpenAPI document
 * (`SSHCertificateAuthorityCreate`, `…Update`, `SSHCertificateAuthority`): update takes
 * `description` and `metadata` (omitted or null: unchanged; "": cleared) and an `id`, which
 * ngrok's TypeScript client sends and the path overrides; the answer never holds
 * `private_key_type`, `key_size` or `elliptic_curve` (the document's answer has none).
 *
 * Delete answers ERR_NGROK_1964 while host or user certificates the CA signed exist.
 */
import { apiErrors } from "../errors";
import { ID_PREFIX } from "./ids";
import { stampFields, type ResourceBehaviour } from "./resource";
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
import { checkDescriptionLengths, checkIdPrefix, integer, text } from "./validation";

/** The SSH length codes (1937 / 1938). */
const TOO_LONG = {
  description: apiErrors.sshDescriptionTooLong,
  metadata: apiErrors.sshMetadataTooLong,
};

/** Resolves the key parameters of a create request, applying the defaults above. */
export function resolveKeySpec(values: Record<string, unknown>): SshKeySpec {
  const requested = text(values, "private_key_type") ?? "";
  const type = requested === "" ? DEFAULT_SSH_KEY_TYPE : requested;
  if (!isSshKeyType(type)) throw apiErrors.sshPrivateKeyTypeInvalid(type, SSH_KEY_TYPES);
  const size = integer(values, "key_size");
  const keySize = size !== undefined && size !== 0 ? size : undefined;
  const requestedCurve = text(values, "elliptic_curve");
  const curve = requestedCurve !== undefined && requestedCurve !== "" ? requestedCurve : undefined;
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

/** ERR_NGROK_1956 when the store holds `limit` CAs or more. */
function checkCaLimit(store: EmulatorStore, limit: number | undefined): void {
  if (limit !== undefined && store.sshCas.size >= limit) {
    throw apiErrors.sshCaLimitReached(limit);
  }
}

/**
 * SSH Certificate Authorities (`/ssh_certificate_authorities`). Create checks the lengths
 * (1937/1938) and the key rules, then generates the key pair (off the event loop; RSA 4096 takes
 * seconds). With a `caLimit`, a store that already holds that many CAs answers ERR_NGROK_1956,
 * judged before the key is made and again when it is stored (concurrent creates cannot pass the
 * limit together). Delete answers ERR_NGROK_1964 (status `sshCaInUseStatus`) while host or user
 * certificates the CA signed exist.
 */
export const SSH_CERTIFICATE_AUTHORITIES: ResourceBehaviour<SshCaRecord> = {
  path: "/ssh_certificate_authorities",
  idPrefix: ID_PREFIX.sshCertificateAuthority,
  table: (store) => store.sshCas,
  notFound: (id) => apiErrors.sshCaNotFound(id, 1949),
  async create(values, echoed, { store, options }) {
    checkDescriptionLengths(values, TOO_LONG);
    const key = resolveKeySpec(values);
    checkCaLimit(store, options.caLimit);
    const { keyType, publicKey, privateKey } = await generateSshKeyPair(key);
    checkCaLimit(store, options.caLimit);
    return store.sshCas.insert((stamp) => ({
      ...stamp,
      fields: echoed,
      keyType,
      publicKey,
      privateKey,
    }));
  },
  update(_record, values, echoed) {
    checkDescriptionLengths(values, TOO_LONG);
    return echoed;
  },
  beforeDelete(record, { store, options }) {
    const certificates = store.certificatesSignedBy(record.id);
    if (certificates > 0) {
      throw apiErrors.sshCaInUse(record.id, certificates, options.sshCaInUseStatus);
    }
  },
  computed: (record, urls) => ({
    ...stampFields(SSH_CERTIFICATE_AUTHORITIES, record, urls),
    public_key: record.publicKey,
    key_type: record.keyType,
  }),
};

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
