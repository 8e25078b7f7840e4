/**
 * The `SshUserCertificate` resource class.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import provider = require("./thinProviders/sshUserCertificate");
import { SshCertificate, type SshCertificateArgs } from "./sshCertificate";

/** The arguments of {@link SshUserCertificate}. */
export interface SshUserCertificateArgs extends SshCertificateArgs {
  /**
   * The user names the certificate lets its holder log in as (matched by `sshd` against the
   * account, or `AuthorizedPrincipalsFile`), e.g. `["deploy"]`. Default: none (`sshd` refuses a
   * user certificate without principals unless `AuthorizedPrincipalsCommand` says otherwise).
   * Changing the list replaces the certificate.
   */
  principals?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * The end of the validity, an RFC 3339 timestamp with an offset. Default: 24 hours after the
   * creation time (ngrok's default), which the `validUntil` output shows. A relative duration is
   * refused: compute the instant in the program. Changing it replaces the certificate.
   */
  validUntil?: pulumi.Input<string>;
  /**
   * OpenSSH critical options, name → value, e.g. `{ "force-command": "/usr/bin/backup",
   * "source-address": "10.0.0.0/8" }`. Names are non-empty, at most 255 bytes of UTF-8, without
   * whitespace or control characters; values are strings. `sshd` refuses a certificate with a
   * critical option it does not know (OpenSSH knows `force-command`, `source-address`,
   * `verify-required`). Default: none (`{}`). Changing them replaces the certificate.
   */
  criticalOptions?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * OpenSSH extensions, name → value (`""` for the flags), e.g.
   * `{ "permit-pty": "", "permit-port-forwarding": "" }`. Names as for `criticalOptions`.
   * Default: ngrok's `{ "permit-pty": "", "permit-user-rc": "" }`, shown in the `extensions`
   * output and never as a change while the input is left out. `{}` is refused: ngrok takes an
   * empty map as unset and would sign its defaults. Changing them replaces the certificate.
   */
  extensions?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

/**
 * An SSH user certificate signed by an ngrok SSH certificate authority: a user's public key,
 * certified for the accounts it may log in as, so that servers that trust the CA
 * (`TrustedUserCAKeys`) accept it without an `authorized_keys` entry.
 *
 * API: `POST`, `GET`, `PATCH`, `DELETE /ssh_user_certificates[/{id}]`. The Pulumi id is ngrok's
 * id (`sucrt_…`). `description` and `metadata` update in place; every other input replaces the
 * certificate (a new one is signed before the old one is deleted). Inputs that ngrok fills when
 * they are left out (`principals`, `validAfter`, `validUntil`, `criticalOptions`, `extensions`)
 * keep ngrok's value in the outputs and are never shown as a change. A certificate deleted outside
 * Pulumi disappears from state on `pulumi refresh`.
 *
 * Invalid arguments fail at `check`, so `pulumi preview` reports them before any API call, each
 * naming the property and the rule.
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * import { SshCertificateAuthority, SshUserCertificate } from "pulumi-ngrok-dynamic";
 *
 * const userCa = new SshCertificateAuthority("user-ca", { privateKeyType: "ed25519" });
 * const deploy = new SshUserCertificate("deploy", {
 *   sshCertificateAuthorityId: userCa.id,
 *   publicKey: fs.readFileSync("keys/deploy/id_ed25519.pub", "utf8"),
 *   principals: ["deploy"],
 *   // A fixed instant: see the documentation for renewing on a schedule.
 *   validUntil: "2027-01-01T00:00:00Z",
 *   extensions: { "permit-pty": "" },
 * });
 * export const deployCertificate = deploy.certificate; // "ssh-ed25519-cert-v01@openssh.com AAAA… sucrt_…"
 * ```
 */
export class SshUserCertificate extends SshCertificate {
  /** The critical options in the certificate; `{}` when none. */
  declare public readonly criticalOptions: pulumi.Output<Record<string, string>>;
  /** The extensions in the certificate: as given, or ngrok's default. */
  declare public readonly extensions: pulumi.Output<Record<string, string>>;

  /**
   * Reads the existing user certificate `id` into the program without managing it (Pulumi's
   * `ReadResource`): one `GET /ssh_user_certificates/{id}` at each `pulumi up`, `preview` and
   * `refresh`; `pulumi destroy` leaves the certificate in place. Every output is set. A
   * certificate that does not exist fails the deployment.
   *
   * @param name the Pulumi resource name (part of the URN).
   * @param id the certificate's id, `sucrt_…`.
   * @param opts Pulumi resource options (`import` is refused).
   */
  public static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    opts?: pulumi.CustomResourceOptions,
  ): SshUserCertificate {
    return new SshUserCertificate(name, undefined, { ...opts, id });
  }

  /**
   * @param name the Pulumi resource name (part of the URN).
   * @param args see {@link SshUserCertificateArgs}.
   * @param opts Pulumi resource options. `import` is refused at construction (Pulumi cannot
   *   import dynamic resources, and a certificate cannot be adopted: a new one is signed); read
   *   an existing certificate with {@link SshUserCertificate.get}.
   * @throws Error when `opts.import` is set, naming `get`.
   */
  constructor(name: string, args: SshUserCertificateArgs, opts?: pulumi.CustomResourceOptions);
  /**
   * What {@link SshUserCertificate.get} calls: no arguments, `opts.id` names the certificate.
   * @internal
   */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(
    name: string,
    args: SshUserCertificateArgs | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    super(
      provider,
      name,
      { criticalOptions: undefined, extensions: undefined, ...args } as SshCertificateArgs,
      opts,
      "SshUserCertificate",
    );
  }
}
