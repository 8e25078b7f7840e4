/**
 * The `SshCertificateAuthority` resource class.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { thinProvider } from "./thinProvider";
import type {
  EllipticCurve,
  PrivateKeyType,
  RsaKeySize,
} from "../provider/sshCertificateAuthority/inputs";

export type { EllipticCurve, PrivateKeyType, RsaKeySize };

const provider = thinProvider("sshCertificateAuthorityProvider");

/** The arguments of {@link SshCertificateAuthority}. */
export interface SshCertificateAuthorityArgs {
  /**
   * The type of key pair ngrok generates: `"rsa"`, `"ecdsa"` or `"ed25519"`. Required.
   * Changing it replaces the CA (a new key pair; the new CA is created before the old one is
   * deleted).
   */
  privateKeyType: pulumi.Input<PrivateKeyType>;
  /**
   * The curve of an ECDSA key: `"p256"`, `"p384"` or `"p521"` (OpenSSH's nistp256/384/521).
   * Only with `privateKeyType: "ecdsa"`; default `"p256"`. Changing it replaces the CA.
   */
  ellipticCurve?: pulumi.Input<EllipticCurve>;
  /**
   * The size of an RSA key in bits: `2048` or `4096`. Only with `privateKeyType: "rsa"`;
   * default `4096`. Changing it replaces the CA.
   */
  keySize?: pulumi.Input<RsaKeySize>;
  /** Human-readable description, at most 255 bytes of UTF-8. Updated in place. */
  description?: pulumi.Input<string>;
  /**
   * Arbitrary machine-readable data (often JSON), at most 4096 bytes of UTF-8. Updated in
   * place.
   */
  metadata?: pulumi.Input<string>;
}

/**
 * An ngrok SSH certificate authority: ngrok generates and keeps the private key and signs SSH
 * host and user certificates with it; you distribute the public key to `sshd`
 * (`TrustedUserCAKeys`) or to clients (`@cert-authority` in `known_hosts`).
 *
 * API: `POST`, `GET`, `PATCH`, `DELETE /ssh_certificate_authorities[/{id}]` (spec 4.1). The
 * Pulumi id is ngrok's id (`sshca_…`). Key parameters replace; `description` and `metadata`
 * update in place. A CA deleted outside Pulumi disappears from state on `pulumi refresh`; a
 * changed description or metadata shows as drift and is set back by the next `pulumi up`.
 *
 * Invalid arguments fail at `check`, so `pulumi preview` reports them before any API call,
 * each naming the property and the rule (e.g. `keySize applies only when privateKeyType is
 * "rsa"`). API failures surface as `ngrok API <status> <code>: <message> (<endpoint>,
 * operation op_…)`.
 *
 * Credentials come from the stack config `ngrok:apiKey` or the env var `NGROK_API_KEY`; the API
 * base URL from `ngrok:apiBaseUrl` or `NGROK_API_BASE_URL` (default `https://api.ngrok.com`).
 *
 * @example
 * ```ts
 * import { SshCertificateAuthority } from "pulumi-ngrok-dynamic";
 *
 * const ca = new SshCertificateAuthority("hosts", {
 *   privateKeyType: "ed25519",
 *   description: "Staging hosts",
 *   metadata: JSON.stringify({ team: "platform" }),
 * });
 * export const trustedUserCaKey = ca.publicKey; // "ssh-ed25519 AAAA…"
 * ```
 */
export class SshCertificateAuthority extends pulumi.dynamic.Resource {
  /** As given, or `"rsa"`/`"ecdsa"`/`"ed25519"`. */
  declare public readonly privateKeyType: pulumi.Output<PrivateKeyType>;
  /** The ECDSA curve (default `"p256"`), `undefined` for other key types. */
  declare public readonly ellipticCurve: pulumi.Output<EllipticCurve | undefined>;
  /** The RSA key size in bits (default `4096`), `undefined` for other key types. */
  declare public readonly keySize: pulumi.Output<RsaKeySize | undefined>;
  /** The description as ngrok holds it; `undefined` when empty. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** The metadata as ngrok holds it; `undefined` when empty. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /**
   * The CA's public key in OpenSSH text form, e.g. `ssh-ed25519 AAAAC3Nz…`,
   * `ecdsa-sha2-nistp256 AAAA…` or `ssh-rsa AAAA…`: one line of a `TrustedUserCAKeys` file.
   */
  declare public readonly publicKey: pulumi.Output<string>;
  /** ngrok's `key_type`: `"rsa"`, `"ecdsa"` or `"ed25519"`. */
  declare public readonly keyType: pulumi.Output<string>;
  /** The API URI of the CA, `https://api.ngrok.com/ssh_certificate_authorities/sshca_…`. */
  declare public readonly uri: pulumi.Output<string>;
  /** Creation time, RFC 3339 (e.g. `2025-09-04T10:11:37Z`). */
  declare public readonly createdAt: pulumi.Output<string>;

  /**
   * @param name the Pulumi resource name (part of the URN).
   * @param args see {@link SshCertificateAuthorityArgs}.
   * @param opts Pulumi resource options. `import` is not supported: Pulumi cannot import
   *   dynamic resources.
   */
  constructor(
    name: string,
    args: SshCertificateAuthorityArgs,
    opts?: pulumi.CustomResourceOptions,
  ) {
    super(
      provider,
      name,
      { ...args, publicKey: undefined, keyType: undefined, uri: undefined, createdAt: undefined },
      opts,
      "ngrok",
      "SshCertificateAuthority",
    );
  }
}
