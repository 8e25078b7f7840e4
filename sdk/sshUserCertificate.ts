/**
 * The `SshUserCertificate` resource class.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import provider = require("./thinProviders/sshUserCertificate");
import {
  SSH_USER_CERTIFICATE_INPUTS,
  SSH_USER_CERTIFICATE_OUTPUTS,
  type SshUserCertificateArgs,
  type SshUserCertificateOutputProperties,
} from "./generated/types";
import { SshCertificate } from "./sshCertificate";

export type { SshUserCertificateArgs } from "./generated/types";

// The outputs beyond SshCertificate's are declared once, generated from the definition.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface SshUserCertificate extends SshUserCertificateOutputProperties {}

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
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class SshUserCertificate extends SshCertificate {
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
    super(provider, name, args, opts, "SshUserCertificate", {
      inputs: SSH_USER_CERTIFICATE_INPUTS,
      outputs: SSH_USER_CERTIFICATE_OUTPUTS,
    });
  }
}
