/**
 * SSH Credentials (`/ssh_credentials`): the SSH public keys ngrok's SSH reverse-tunnel gateway
 * (`ssh -R … v2@connect.ngrok-agent.com http`) authenticates. Their body rules, the options for
 * what ngrok leaves undocumented, the rendering and the store operations; the sources are
 * listed in `emulator/README.md` ("SSH credentials").
 *
 * Create (`POST`), checks in this order:
 * 1. unknown fields 214, wrong types 215 (`acl` an array of strings, the rest strings);
 * 2. `description` ≤ 255 / `metadata` ≤ 4096 UTF-8 bytes: ERR_NGROK_604 / 605;
 * 3. `public_key`: missing or blank 611; not an accepted key 612 (see {@link SshCredentialKeyTypes});
 * 4. `acl`: each rule '*' or `bind:<domain|address|label>`, else 600 (see {@link SshCredentialAclCheck});
 * 5. `owner_id`: `usr_…` or `bot_…`, else 243; omitted or "" → the API key's owner;
 * 6. the key is already an SSH credential of the account → 609 (status `duplicateKeyStatus`);
 * 7. the account's limit (`limit`, none by default) → 617.
 * Zero values (`""`, `[]`) and `null` count as omitted: ngrok's Python client sends
 * `description: "", metadata: "", acl: []` with every create.
 *
 * Update (`PATCH`) takes `description`, `metadata` and `acl` (and an ignored `id`, which ngrok's
 * TypeScript client sends); `public_key` and `owner_id` are not in the update schema (214).
 * Omitted or `null`: unchanged; `""` clears a string; `acl` replaces the list (`[]` clears it,
 * or leaves it, see {@link SshCredentialOptions.emptyAclUpdate}).
 */
import { apiErrors } from "../errors";
import { ID_PREFIX } from "./ids";
import {
  DSA_ALGORITHM,
  parseOpenSshPublicKey,
  RSA_ECDSA_ED25519,
  SK_ECDSA_ALGORITHM,
  SK_ED25519_ALGORITHM,
  type PublicKeyRules,
} from "./sshPublicKey";
import type { UrlContext } from "./render";
import type { EmulatorStore } from "./store";
import {
  checkFields,
  checkIdPrefix,
  describedFields,
  DESCRIPTION_FIELDS,
  objectBody,
  checkDescriptionLengths,
} from "./validation";
import type {
  ResolvedSshCredentialOptions,
  SshCredentialAclCheck,
  SshCredentialKeyTypes,
} from "./sshCredentialOptions";

export {
  SSH_CREDENTIAL_OPTION_VALUES,
  resolveSshCredentialOptions,
  type ResolvedSshCredentialOptions,
  type SshCredentialAclCheck,
  type SshCredentialKeyTypes,
  type SshCredentialOptions,
} from "./sshCredentialOptions";

/** The owner prefixes `owner_id` may have. */
export const OWNER_ID_PREFIXES = [ID_PREFIX.user, ID_PREFIX.botUser] as const;

/** Whether `id` could name a user or bot user (`usr_…`, `bot_…`). */
export function isOwnerId(id: string): boolean {
  return OWNER_ID_PREFIXES.some((prefix) => id.startsWith(prefix) && id.length > prefix.length);
}

// Records and rendering

/** A stored SSH credential. */
export interface SshCredentialRecord {
  readonly id: string;
  readonly createdAt: string;
  description: string;
  metadata: string;
  /** `public_key` exactly as submitted, comment and surrounding whitespace included. */
  readonly publicKey: string;
  /** The key blob in base64: what makes two credentials the same key (the comment does not). */
  readonly keyBlob: string;
  acl: readonly string[];
  /** `usr_…` or `bot_…`. */
  readonly ownerId: string;
}

/** An SSH credential as the API renders it (`SSHCredential` in ngrok's clients). */
export interface SshCredentialJson {
  /** `sshcr_…`. */
  id: string;
  uri: string;
  created_at: string;
  /** Absent when empty. */
  description?: string;
  /** Absent when empty. */
  metadata?: string;
  /** As submitted, comment included. */
  public_key: string;
  /** The ACL rules, `[]` when none. */
  acl: string[];
  /** The user or bot user that owns the credential. */
  owner_id: string;
}

/** `<api base>/ssh_credentials`. */
export function sshCredentialListUri(urls: UrlContext): string {
  return `${urls.apiBaseUrl}/ssh_credentials`;
}

/** The JSON of a credential, fields in the order of ngrok's `SSHCredential`. */
export function renderSshCredential(
  record: SshCredentialRecord,
  urls: UrlContext,
): SshCredentialJson {
  return {
    id: record.id,
    uri: `${sshCredentialListUri(urls)}/${record.id}`,
    created_at: record.createdAt,
    ...(record.description === "" ? {} : { description: record.description }),
    ...(record.metadata === "" ? {} : { metadata: record.metadata }),
    public_key: record.publicKey,
    acl: [...record.acl],
    owner_id: record.ownerId,
  };
}

// Body rules

const CREATE_FIELDS = {
  ...DESCRIPTION_FIELDS,
  acl: "stringArray",
  public_key: "string",
  owner_id: "string",
} as const;

const UPDATE_FIELDS = { id: "string", ...DESCRIPTION_FIELDS, acl: "stringArray" } as const;

const TOO_LONG = {
  description: apiErrors.credentialDescriptionTooLong,
  metadata: apiErrors.credentialMetadataTooLong,
};

/** A value quoted for a message, cut after 100 characters. */
function shown(value: string): string {
  return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);
}

const KEY_ALGORITHMS: Record<SshCredentialKeyTypes, ReadonlyMap<string, string>> = {
  standard: RSA_ECDSA_ED25519,
  all: new Map<string, string>([
    ...RSA_ECDSA_ED25519,
    [DSA_ALGORITHM, "dsa"],
    [SK_ECDSA_ALGORITHM, "ecdsa-sk"],
    [SK_ED25519_ALGORITHM, "ed25519-sk"],
  ]),
};

/** The `public_key` rules: 611 missing, 612 for everything else, the reason in the message. */
function keyRules(submitted: string, keyTypes: SshCredentialKeyTypes): PublicKeyRules<string> {
  // The shared reader quotes its reasons (`"not base64"`); ERR_NGROK_612 has its own quotes.
  const invalid = (reason: string) =>
    apiErrors.sshCredentialKeyInvalid(shown(submitted), reason.replace(/^"|"$/g, ""));
  return {
    accepted: KEY_ALGORITHMS[keyTypes],
    missing: () => apiErrors.sshCredentialKeyMissing(),
    unparseable: invalid,
    unsupported: (algorithm) =>
      invalid(
        algorithm.endsWith("-cert-v01@openssh.com")
          ? "a certificate is not a public key"
          : `keys of type ${algorithm} are not accepted`,
      ),
  };
}

/** A domain as ngrok binds them (ERR_NGROK_326–329, 355, 396, 397): `*` only as the first part. */
function isDomain(value: string, wildcard: boolean): boolean {
  const parts = value.split(".");
  return (
    value.length <= 253 &&
    parts.every(
      (part, i) =>
        part.length <= 63 &&
        (/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(part) ||
          (wildcard && i === 0 && part === "*" && parts.length > 1)),
    )
  );
}

/** Whether a bind value is a domain, an address (`host:port`) or a label (`key=value`). */
function isBindValue(value: string): boolean {
  const label = /^([^\s=]+)=([^\s=]+)$/.exec(value);
  if (label !== null) return true;
  const address = /^(.+):(\d{1,5})$/.exec(value);
  if (address !== null) {
    const port = Number(address[2]);
    return port >= 1 && port <= 65535 && isDomain(address[1], false);
  }
  return isDomain(value, true);
}

/** Checks each ACL rule in order; the first bad one answers ERR_NGROK_600. */
function checkAcl(acl: readonly string[], check: SshCredentialAclCheck): string[] {
  for (const rule of acl) {
    if (rule === "*") continue;
    const value = rule.startsWith("bind:") ? rule.slice("bind:".length) : undefined;
    const ok = value !== undefined && value !== "" && (check === "prefix" || isBindValue(value));
    if (!ok) throw apiErrors.aclRuleInvalid(shown(rule));
  }
  return [...acl];
}

/** A checked create request. */
export interface SshCredentialCreate {
  readonly description: string;
  readonly metadata: string;
  readonly publicKey: string;
  readonly keyBlob: string;
  readonly acl: readonly string[];
  /** Absent: the API key's owner. */
  readonly ownerId?: string;
}

/** Checks a create body (steps 1–5 of the module comment). */
export function parseSshCredentialCreate(
  body: unknown,
  options: ResolvedSshCredentialOptions,
): SshCredentialCreate {
  const values = checkFields(objectBody(body), CREATE_FIELDS);
  const { description, metadata } = describedFields(values, TOO_LONG);
  const publicKey = values.public_key ?? "";
  const { blob } = parseOpenSshPublicKey(publicKey, keyRules(publicKey, options.keyTypes));
  const acl = checkAcl(values.acl ?? [], options.acl);
  const ownerId = values.owner_id ?? "";
  if (ownerId !== "" && !isOwnerId(ownerId)) {
    throw apiErrors.invalidIdPrefixes(ownerId, OWNER_ID_PREFIXES);
  }
  return {
    description,
    metadata,
    publicKey,
    keyBlob: blob.toString("base64"),
    acl,
    ...(ownerId === "" ? {} : { ownerId }),
  };
}

/**
 * Stores a new credential (steps 6–7): ERR_NGROK_609 when the account already has the key
 * (whatever its comment or owner), ERR_NGROK_617 beyond `limit`. Synchronous, so two concurrent
 * creates of one key cannot both pass.
 */
export function createSshCredential(
  store: EmulatorStore,
  create: SshCredentialCreate,
  options: ResolvedSshCredentialOptions,
  defaultOwnerId: string,
): SshCredentialRecord {
  const table = store.sshCredentials;
  if (table.oldestFirst().some((existing) => existing.keyBlob === create.keyBlob)) {
    const key = create.publicKey
      .trim()
      .split(/[ \t]+/)
      .slice(0, 2)
      .join(" ");
    throw apiErrors.sshCredentialKeyExists(shown(key), options.duplicateKeyStatus);
  }
  if (options.limit !== undefined && table.size >= options.limit) {
    throw apiErrors.sshCredentialLimitReached(options.limit);
  }
  const { ownerId = defaultOwnerId, ...fields } = create;
  return table.insert((stamp) => ({ ...stamp, ...fields, ownerId }));
}

/** The credential with this id, or 400 ERR_NGROK_227 (wrong prefix) / 404 (no code). */
export function findSshCredential(store: EmulatorStore, id: string): SshCredentialRecord {
  checkIdPrefix(id, ID_PREFIX.sshCredential);
  const record = store.sshCredentials.get(id);
  if (record === undefined) throw apiErrors.sshCredentialNotFound(id);
  return record;
}

/** The fields of a PATCH (absent = unchanged). */
export interface SshCredentialUpdate {
  readonly description?: string;
  readonly metadata?: string;
  readonly acl?: readonly string[];
}

/** Checks an update body: 214/215, then 606 (with `emptyUpdate: "606"`), 604/605, 600. */
export function parseSshCredentialUpdate(
  body: unknown,
  options: ResolvedSshCredentialOptions,
): SshCredentialUpdate {
  const { description, metadata, acl } = checkFields(objectBody(body), UPDATE_FIELDS);
  if (
    options.emptyUpdate === "606" &&
    description === undefined &&
    metadata === undefined &&
    acl === undefined
  ) {
    throw apiErrors.credentialUpdateEmpty();
  }
  checkDescriptionLengths({ description, metadata }, TOO_LONG);
  const rules =
    acl === undefined || (acl.length === 0 && options.emptyAclUpdate === "unchanged")
      ? undefined
      : checkAcl(acl, options.acl);
  return {
    ...(description === undefined ? {} : { description }),
    ...(metadata === undefined ? {} : { metadata }),
    ...(rules === undefined ? {} : { acl: rules }),
  };
}

/** Applies an update to a stored credential and returns it. */
export function applySshCredentialUpdate(
  record: SshCredentialRecord,
  update: SshCredentialUpdate,
): SshCredentialRecord {
  if (update.description !== undefined) record.description = update.description;
  if (update.metadata !== undefined) record.metadata = update.metadata;
  if (update.acl !== undefined) record.acl = update.acl;
  return record;
}

/** Deletes the credential with this id: 227 / 404 as {@link findSshCredential}. */
export function deleteSshCredential(store: EmulatorStore, id: string): void {
  findSshCredential(store, id);
  store.sshCredentials.delete(id);
}
