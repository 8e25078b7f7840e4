/**
 * SSH Credentials (`/ssh_credentials`): the SSH public keys ngrok's SSH reverse-tunnel gateway
 * (`ssh -R … v2@connect.ngrok-agent.com http`) authenticates. Their body rules, the options for
 * what ngrok leaves undocumented, the rendering and the store operations; the sources are
 * listed in `emulator/README.md` ("SSH credentials").
 *
 * The fields, their types and the answer come from ngrok's OpenAPI document (`SSHCredentialCreate`,
 * `SSHCredentialUpdate`, `SSHCredential`). Create (`POST`), checks in this order:
 * 1. unknown fields 214, wrong types 215;
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
 * TypeScript client sends); `public_key` and `owner_id` are not in the document's update (214).
 * Omitted or `null`: unchanged; `""` clears a string; `acl` replaces the list (`[]` clears it,
 * or leaves it, see {@link SshCredentialOptions.emptyAclUpdate}).
 */
import { apiErrors } from "../errors";
import { ID_PREFIX } from "./ids";
import type { ObjectJson } from "./render";
import {
  DSA_ALGORITHM,
  parseOpenSshPublicKey,
  RSA_ECDSA_ED25519,
  SK_ECDSA_ALGORITHM,
  SK_ED25519_ALGORITHM,
  type PublicKeyRules,
} from "./sshPublicKey";
import { stampFields, type ResourceBehaviour } from "./resource";
import type { SshCredentialRecord } from "./store";
import { checkDescriptionLengths, text, textList } from "./validation";
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

// Records

export type { SshCredentialRecord } from "./store";

/** An SSH credential as the API renders it (`SSHCredential` in ngrok's document). */
export interface SshCredentialJson extends ObjectJson {
  /** `sshcr_…`. */
  id: string;
  /** As submitted, comment included. */
  public_key: string;
  /** The ACL rules, `[]` when none. */
  acl: string[];
  /** The user or bot user that owns the credential. */
  owner_id: string;
}

// Body rules

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

/** Checks a create body (steps 2–5 of the module comment): the fields to store. */
function checkCreate(
  values: Record<string, unknown>,
  options: ResolvedSshCredentialOptions,
): { keyBlob: string; acl: string[]; ownerId: string } {
  checkDescriptionLengths(values, TOO_LONG);
  const publicKey = text(values, "public_key") ?? "";
  const { blob } = parseOpenSshPublicKey(publicKey, keyRules(publicKey, options.keyTypes));
  const acl = checkAcl(textList(values, "acl") ?? [], options.acl);
  const ownerId = text(values, "owner_id") ?? "";
  if (ownerId !== "" && !isOwnerId(ownerId)) {
    throw apiErrors.invalidIdPrefixes(ownerId, OWNER_ID_PREFIXES);
  }
  return { keyBlob: blob.toString("base64"), acl, ownerId };
}

/**
 * SSH credentials (`/ssh_credentials`). Create checks steps 2–5, then stores (steps 6–7):
 * ERR_NGROK_609 when the account already has the key (whatever its comment or owner),
 * ERR_NGROK_617 beyond `limit`; synchronous, so two concurrent creates of one key cannot both
 * pass. Update: 606 (with `emptyUpdate: "606"`), 604/605, 600.
 */
export const SSH_CREDENTIALS: ResourceBehaviour<SshCredentialRecord> = {
  path: "/ssh_credentials",
  idPrefix: ID_PREFIX.sshCredential,
  table: (store) => store.sshCredentials,
  notFound: (id) => apiErrors.sshCredentialNotFound(id),
  ownRequired: ["public_key"],
  create(values, echoed, { store, options }) {
    const settings = options.sshCredentials;
    const { keyBlob, acl, ownerId } = checkCreate(values, settings);
    const table = store.sshCredentials;
    if (table.oldestFirst().some((existing) => existing.keyBlob === keyBlob)) {
      const key = (text(values, "public_key") ?? "")
        .trim()
        .split(/[ \t]+/)
        .slice(0, 2)
        .join(" ");
      throw apiErrors.sshCredentialKeyExists(shown(key), settings.duplicateKeyStatus);
    }
    if (settings.limit !== undefined && table.size >= settings.limit) {
      throw apiErrors.sshCredentialLimitReached(settings.limit);
    }
    const owner = ownerId === "" ? options.apiKeyOwnerId : ownerId;
    return table.insert((stamp) => ({
      ...stamp,
      fields: { ...echoed, acl, owner_id: owner },
      keyBlob,
    }));
  },
  update(_record, values, echoed, { options }) {
    const settings = options.sshCredentials;
    const acl = textList(values, "acl");
    const changes = { ...echoed };
    if (
      settings.emptyUpdate === "606" &&
      text(values, "description") === undefined &&
      text(values, "metadata") === undefined &&
      acl === undefined
    ) {
      throw apiErrors.credentialUpdateEmpty();
    }
    checkDescriptionLengths(values, TOO_LONG);
    if (acl === undefined || (acl.length === 0 && settings.emptyAclUpdate === "unchanged")) {
      delete changes.acl;
    } else {
      changes.acl = checkAcl(acl, settings.acl);
    }
    return changes;
  },
  computed: (record, urls) => stampFields(SSH_CREDENTIALS, record, urls),
};
