/**
 * The `SshCertificateAuthority` resource class.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { refuseImportOption } from "./importOption";
import { secretInputNames } from "./secretInputs";
import { refuseUnknownStackSettings } from "./lookups/stackSettings";
import { suspendPromiseStacks } from "./promiseStacks";
import { adoptedIdFromConfig, ownershipInputs } from "./ownership";
import provider = require("./thinProviders/sshCertificateAuthority");
import {
  SSH_CERTIFICATE_AUTHORITY_INPUTS,
  SSH_CERTIFICATE_AUTHORITY_OUTPUTS,
  type SshCertificateAuthorityArgs,
  type SshCertificateAuthorityOutputProperties,
} from "./generated/types";

export type {
  ComputedKeyTypeCertificateAuthorityArgs,
  EcdsaCertificateAuthorityArgs,
  Ed25519CertificateAuthorityArgs,
  EllipticCurve,
  PrivateKeyType,
  RsaCertificateAuthorityArgs,
  RsaKeySize,
  SshCertificateAuthorityArgs,
  SshCertificateAuthorityCommonArgs,
  SshCertificateAuthorityKeyArgs,
} from "./generated/types";

// The outputs are declared once, generated from the definition: the interface merges into the class.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface SshCertificateAuthority extends SshCertificateAuthorityOutputProperties {}

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
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class SshCertificateAuthority extends pulumi.dynamic.Resource {
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
    refuseUnknownStackSettings();
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
          ...SSH_CERTIFICATE_AUTHORITY_INPUTS,
          ...args,
          ...secretInputNames(args),
          ...(adoptFromConfig === undefined ? {} : { adoptExistingId: adoptFromConfig }),
          ...(args === undefined ? {} : ownershipInputs("SshCertificateAuthority", name, opts)),
          ...SSH_CERTIFICATE_AUTHORITY_OUTPUTS,
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
