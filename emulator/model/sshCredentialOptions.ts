/**
 * The options of the emulated SSH credentials (`EmulatorOptions.sshCredentials`): answers where
 * ngrok's documents are silent, and their defaults.
 */

/**
 * How `acl` rules are checked (ngrok: "must be '*' or start with 'bind:'. The bind value must
 * match the format of a domain, address, or label", ERR_NGROK_600, without the grammar):
 * - `"format"` (default): `*`, or `bind:` and a domain (`example.ngrok.app`, `*.example.com`),
 *   an address (`1.tcp.ngrok.io:20002`) or a label (`key=value`, `*` for either side);
 * - `"prefix"`: `*`, or `bind:` and anything non-empty.
 */
export type SshCredentialAclCheck = "format" | "prefix";
/**
 * Which key algorithms `public_key` accepts (ngrok documents none):
 * - `"all"` (default): every plain public key Go's `x/crypto/ssh` reads: RSA, DSA, ECDSA
 *   (nistp256/384/521), Ed25519 and the security keys `sk-ecdsa-sha2-nistp256@openssh.com`,
 *   `sk-ssh-ed25519@openssh.com`;
 * - `"standard"`: RSA, ECDSA and Ed25519 only (the SSH CA and certificate key types).
 * Certificates (`…-cert-v01@openssh.com`) are never accepted.
 */
export type SshCredentialKeyTypes = "all" | "standard";

/** The choices of {@link SshCredentialOptions}, for validation and the README. */
export const SSH_CREDENTIAL_OPTION_VALUES = {
  acl: ["format", "prefix"],
  keyTypes: ["all", "standard"],
  duplicateKeyStatus: [400, 409],
  emptyUpdate: ["200", "606"],
  emptyAclUpdate: ["clear", "unchanged"],
} as const;

/** `EmulatorOptions.sshCredentials`: answers where ngrok's documents are silent. */
export interface SshCredentialOptions {
  /** How `acl` rules are checked: `"format"` (default) or `"prefix"`. */
  acl?: SshCredentialAclCheck;
  /** Accepted key algorithms: `"all"` (default) or `"standard"`. */
  keyTypes?: SshCredentialKeyTypes;
  /** Status of ERR_NGROK_609 (the key is already on the account): 400 (default) or 409. */
  duplicateKeyStatus?: 400 | 409;
  /**
   * A PATCH without `description`, `metadata` or `acl`: `"200"` (default) answers the credential
   * unchanged; `"606"` answers 400 ERR_NGROK_606 ("The credentials update failed because no
   * values were provided").
   */
  emptyUpdate?: "200" | "606";
  /**
   * A PATCH with `"acl": []`: `"clear"` (default) empties the list; `"unchanged"` keeps it, as a
   * server that cannot tell `[]` from omitted would (ngrok's Go client never sends `[]`).
   */
  emptyAclUpdate?: "clear" | "unchanged";
  /** The account's limit of SSH credentials: beyond it, 400 ERR_NGROK_617. Default: none. */
  limit?: number;
}

/** {@link SshCredentialOptions} with defaults applied. */
export type ResolvedSshCredentialOptions = Required<Omit<SshCredentialOptions, "limit">> & {
  limit: number | undefined;
};

function oneOf<T>(name: string, allowed: readonly T[], value: T | undefined, fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value)) {
    const list = allowed.map((v) => JSON.stringify(v)).join(", ");
    throw new TypeError(
      `sshCredentials.${name} must be one of ${list}, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/** Applies the defaults; throws a `TypeError` naming the option when a value is not allowed. */
export function resolveSshCredentialOptions(
  options: SshCredentialOptions = {},
): ResolvedSshCredentialOptions {
  const v = SSH_CREDENTIAL_OPTION_VALUES;
  const { limit } = options;
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit > 0)) {
    throw new TypeError(`sshCredentials.limit must be a positive integer, got ${limit}`);
  }
  return {
    acl: oneOf("acl", v.acl, options.acl, "format"),
    keyTypes: oneOf("keyTypes", v.keyTypes, options.keyTypes, "all"),
    duplicateKeyStatus: oneOf(
      "duplicateKeyStatus",
      v.duplicateKeyStatus,
      options.duplicateKeyStatus,
      400,
    ),
    emptyUpdate: oneOf("emptyUpdate", v.emptyUpdate, options.emptyUpdate, "200"),
    emptyAclUpdate: oneOf("emptyAclUpdate", v.emptyAclUpdate, options.emptyAclUpdate, "clear"),
    limit,
  };
}
