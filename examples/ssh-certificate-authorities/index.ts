// One ngrok SSH certificate authority of each key type and size a user would pick, and the
// content of an sshd `TrustedUserCAKeys` file that trusts all of them.
import * as pulumi from "@pulumi/pulumi";
import { SshCertificateAuthority, type SshCertificateAuthorityKeyArgs } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();
const owner = config.get("owner") ?? "platform";
const stack = pulumi.getStack();

// Key type and size of each CA. Changing any of these replaces that CA (a new key pair).
const keys: Record<string, SshCertificateAuthorityKeyArgs> = {
  ed25519: { privateKeyType: "ed25519" },
  "ecdsa-p256": { privateKeyType: "ecdsa", ellipticCurve: "p256" },
  "ecdsa-p384": { privateKeyType: "ecdsa", ellipticCurve: "p384" },
  "ecdsa-p521": { privateKeyType: "ecdsa", ellipticCurve: "p521" },
  "rsa-2048": { privateKeyType: "rsa", keySize: 2048 },
  "rsa-4096": { privateKeyType: "rsa", keySize: 4096 },
};

const authorities = Object.entries(keys).map(
  ([name, key]) =>
    new SshCertificateAuthority(`user-ca-${name}`, {
      ...key,
      // Description and metadata change in place (one PATCH), e.g. after
      // `pulumi config set owner security`.
      description: `${stack} user CA (${name}), owned by ${owner}`,
      metadata: JSON.stringify({ stack, owner, purpose: "user-certificates", key: name }),
    }),
);

/** Each CA's public key, by name. */
export const publicKeys = Object.fromEntries(
  Object.keys(keys).map((name, i) => [name, authorities[i].publicKey]),
);

/** Each CA's ngrok id (`sshca_…`), by name. */
export const ids = Object.fromEntries(
  Object.keys(keys).map((name, i) => [name, authorities[i].id]),
);

/**
 * The content of an sshd `TrustedUserCAKeys` file: one OpenSSH public key per line, with the CA's
 * ngrok id as the comment. Write it to e.g. /etc/ssh/trusted_user_ca_keys and set
 * `TrustedUserCAKeys /etc/ssh/trusted_user_ca_keys` in sshd_config.
 */
export const trustedUserCaKeys = pulumi
  .all(authorities.map((ca) => pulumi.all([ca.publicKey, ca.id])))
  .apply((pairs) => pairs.map(([publicKey, id]) => `${publicKey} ${id}`).join("\n") + "\n");
