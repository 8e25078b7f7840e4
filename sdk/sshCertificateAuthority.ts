/**
 * The `SshCertificateAuthority` resource class.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { refuseImportOption } from "./importOption";
import { suspendPromiseStacks } from "./promiseStacks";
import { adoptedIdFromConfig, ownershipInputs } from "./ownership";
import provider = require("./thinProviders/sshCertificateAuthority");
import type * as inputs from "../provider/sshCertificateAuthority/definition";

/** The key types ngrok generates for a CA. */
export type PrivateKeyType = "rsa" | "ecdsa" | "ed25519";
/** The curves of an ECDSA CA key (OpenSSH's nistp256, nistp384, nistp521). */
export type EllipticCurve = "p256" | "p384" | "p521";
/** The sizes of an RSA CA key, in bits. */
export type RsaKeySize = 2048 | 4096;

type Assert<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * Fails to compile when the lists above differ from the ones the provider checks.
 * @internal
 */
export type SameAsProvider = Assert<
  [
    Same<PrivateKeyType, inputs.PrivateKeyType>,
    Same<EllipticCurve, inputs.EllipticCurve>,
    Same<RsaKeySize, inputs.RsaKeySize>,
  ] extends [true, true, true]
    ? true
    : false
>;

/** The arguments every {@link SshCertificateAuthority} takes, whatever its key type. */
export interface SshCertificateAuthorityCommonArgs {
  /** Human-readable description, at most 255 bytes of UTF-8. Default: none. Updated in place. */
  description?: pulumi.Input<string>;
  /**
   * Arbitrary machine-readable data (often JSON), at most 4096 bytes of UTF-8. Default: none.
   * Updated in place.
   */
  metadata?: pulumi.Input<string>;
  /**
   * Adopt the existing CA with this id (`sshca_…`, e.g. one made in the dashboard) instead of
   * creating one: Pulumi's `import` does not work for dynamic resources. Create then reads the
   * CA (one `GET`), refuses, before any write, when its key is not the declared one (key type,
   * curve, RSA size, with the defaults applied), sets `description` and `metadata` to the declared
   * values with one `PATCH` if they differ (an undeclared one is cleared), and records the CA;
   * it never creates one. From then on the CA is managed like any other, and deleted with the
   * resource: set `retainOnDelete: true` to keep it in ngrok, `protect: true` to refuse the
   * delete. Only create reads it: setting, changing or removing it later is not a change.
   * Default: none (create makes a new CA).
   */
  adoptExistingId?: pulumi.Input<string>;
}

/** An Ed25519 CA: no key parameter to choose. */
export interface Ed25519CertificateAuthorityArgs extends SshCertificateAuthorityCommonArgs {
  /** `"ed25519"`. Changing it replaces the CA (a new key pair). */
  privateKeyType: "ed25519";
  /** Not allowed with `"ed25519"`. */
  ellipticCurve?: never;
  /** Not allowed with `"ed25519"`. */
  keySize?: never;
}

/** An ECDSA CA, on the curve `ellipticCurve`. */
export interface EcdsaCertificateAuthorityArgs extends SshCertificateAuthorityCommonArgs {
  /** `"ecdsa"`. Changing it replaces the CA (a new key pair). */
  privateKeyType: "ecdsa";
  /**
   * The curve: `"p256"`, `"p384"` or `"p521"` (OpenSSH's nistp256/384/521). Default `"p256"`.
   * Changing it replaces the CA.
   */
  ellipticCurve?: pulumi.Input<EllipticCurve>;
  /** Not allowed with `"ecdsa"`. */
  keySize?: never;
}

/** An RSA CA, of `keySize` bits. */
export interface RsaCertificateAuthorityArgs extends SshCertificateAuthorityCommonArgs {
  /** `"rsa"`. Changing it replaces the CA (a new key pair). */
  privateKeyType: "rsa";
  /** The key size in bits: `2048` or `4096`. Default `4096`. Changing it replaces the CA. */
  keySize?: pulumi.Input<RsaKeySize>;
  /** Not allowed with `"rsa"`. */
  ellipticCurve?: never;
}

/**
 * A CA whose key type is only known when the program runs (an `Output` or a `Promise`, such as
 * another resource's output): the compiler cannot tell which key parameters go with it, so
 * `pulumi preview` checks them (a key parameter that does not go with the key type fails there,
 * naming both). A key type in a plain variable of type {@link PrivateKeyType} is checked by the
 * compiler like a literal.
 */
export interface ComputedKeyTypeCertificateAuthorityArgs extends SshCertificateAuthorityCommonArgs {
  /** `"rsa"`, `"ecdsa"` or `"ed25519"`, once known. Changing it replaces the CA. */
  privateKeyType: pulumi.Output<PrivateKeyType> | Promise<PrivateKeyType>;
  /** Only with `"ecdsa"`: `"p256"` (default), `"p384"` or `"p521"`. Changing it replaces the CA. */
  ellipticCurve?: pulumi.Input<EllipticCurve>;
  /** Only with `"rsa"`: `2048` or `4096` (default) bits. Changing it replaces the CA. */
  keySize?: pulumi.Input<RsaKeySize>;
}

/**
 * The key parameters alone (`privateKeyType` with the parameter that goes with it), for a table
 * of CAs that share their other arguments: `{ ...key, description }` is then a valid
 * {@link SshCertificateAuthorityArgs}.
 */
export type SshCertificateAuthorityKeyArgs =
  | Pick<Ed25519CertificateAuthorityArgs, "privateKeyType">
  | Pick<EcdsaCertificateAuthorityArgs, "privateKeyType" | "ellipticCurve">
  | Pick<RsaCertificateAuthorityArgs, "privateKeyType" | "keySize">;

/**
 * The arguments of {@link SshCertificateAuthority}: a union on `privateKeyType`, so that a key
 * parameter that does not go with a literal key type (`ellipticCurve` with `"rsa"`, `keySize`
 * with `"ecdsa"`, either with `"ed25519"`) fails to compile. The same rules are checked again
 * at `pulumi preview` for JavaScript programs and computed key types.
 */
export type SshCertificateAuthorityArgs =
  | Ed25519CertificateAuthorityArgs
  | EcdsaCertificateAuthorityArgs
  | RsaCertificateAuthorityArgs
  | ComputedKeyTypeCertificateAuthorityArgs;

/**
 * An ngrok SSH certificate authority: ngrok generates and keeps the private key and signs SSH
 * host and user certificates with it; you distribute the public key to `sshd`
 * (`TrustedUserCAKeys`) or to clients (`@cert-authority` in `known_hosts`).
 *
 * API: `POST`, `GET`, `PATCH`, `DELETE /ssh_certificate_authorities[/{id}]` (ngrok API
 * reference, "SSH Certificate Authorities"). The Pulumi id is ngrok's id (`sshca_…`). Key parameters replace; `description` and `metadata`
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
  declare public readonly keyType: pulumi.Output<PrivateKeyType>;
  /** The API URI of the CA, `https://api.ngrok.com/ssh_certificate_authorities/sshca_…`. */
  declare public readonly uri: pulumi.Output<string>;
  /** Creation time, RFC 3339 (e.g. `2025-09-04T10:11:37Z`). */
  declare public readonly createdAt: pulumi.Output<string>;
  /** As given: see {@link SshCertificateAuthorityCommonArgs.adoptExistingId}. Never sent to ngrok. */
  declare public readonly adoptExistingId: pulumi.Output<string | undefined>;

  /**
   * Reads the existing CA `id` into the program without managing it (Pulumi's `ReadResource`):
   * one `GET /ssh_certificate_authorities/{id}` at each `pulumi up`, `preview` and `refresh`;
   * `pulumi destroy` leaves the CA in place. Every output is set, the key parameters read from
   * the CA's public key. A CA that does not exist fails the deployment.
   *
   * @param name the Pulumi resource name (part of the URN).
   * @param id the CA's id, `sshca_…`.
   * @param opts Pulumi resource options (`import` is refused).
   */
  public static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    opts?: pulumi.CustomResourceOptions,
  ): SshCertificateAuthority {
    return new SshCertificateAuthority(name, undefined, { ...opts, id });
  }

  /**
   * @param name the Pulumi resource name (part of the URN).
   * @param args see {@link SshCertificateAuthorityArgs}.
   * @param opts Pulumi resource options. `import` is refused at construction (Pulumi cannot
   *   import dynamic resources): adopt an existing CA with
   *   {@link SshCertificateAuthorityCommonArgs.adoptExistingId}, or read it with
   *   {@link SshCertificateAuthority.get}.
   * @throws Error when `opts.import` is set, naming `adoptExistingId` and `get`.
   */
  constructor(name: string, args: SshCertificateAuthorityArgs, opts?: pulumi.CustomResourceOptions);
  /**
   * What {@link SshCertificateAuthority.get} calls: no arguments, `opts.id` names the CA.
   * @internal
   */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(
    name: string,
    args: SshCertificateAuthorityArgs | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    refuseImportOption(name, opts, {
      resource: "SshCertificateAuthority",
      adopt: (id) => `adoptExistingId: ${JSON.stringify(id)}`,
      object: "SSH certificate authority",
    });
    // Every property is listed, so that every output is set, by a create as by a get. A create
    // also takes the stack settings that need the URN (see ./ownership).
    const adoptFromConfig =
      args === undefined || args.adoptExistingId !== undefined
        ? undefined
        : adoptedIdFromConfig(name, opts);
    const restore = suspendPromiseStacks(opts);
    try {
      super(
        provider,
        name,
        {
          privateKeyType: undefined,
          ellipticCurve: undefined,
          keySize: undefined,
          description: undefined,
          metadata: undefined,
          adoptExistingId: undefined,
          ...args,
          ...(adoptFromConfig === undefined ? {} : { adoptExistingId: adoptFromConfig }),
          ...(args === undefined ? {} : ownershipInputs("SshCertificateAuthority", name, opts)),
          publicKey: undefined,
          keyType: undefined,
          uri: undefined,
          createdAt: undefined,
        },
        opts,
        "ngrok",
        "SshCertificateAuthority",
      );
    } finally {
      restore();
    }
  }
}
