/**
 * The `SshHostCertificate` resource class.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import provider = require("./thinProviders/sshHostCertificate");
import {
  SSH_HOST_CERTIFICATE_INPUTS,
  SSH_HOST_CERTIFICATE_OUTPUTS,
  type SshHostCertificateArgs,
} from "./generated/types";
import { SshCertificate } from "./sshCertificate";

export type { SshHostCertificateArgs } from "./generated/types";

/**
 * An SSH host certificate signed by an ngrok SSH certificate authority: the server's host key,
 * certified for its host names, so that clients that trust the CA (`@cert-authority` in
 * `known_hosts`) accept the server without trust-on-first-use. Give `certificate` to `sshd` with
 * `HostCertificate`.
 *
 * API: `POST`, `GET`, `PATCH`, `DELETE /ssh_host_certificates[/{id}]`. The Pulumi id is ngrok's
 * id (`shcrt_…`). `description` and `metadata` update in place; every other input replaces the
 * certificate (a new one is signed before the old one is deleted). Inputs that ngrok fills when
 * they are left out (`principals`, `validAfter`, `validUntil`) keep ngrok's value in the outputs
 * and are never shown as a change. A certificate deleted outside Pulumi disappears from state on
 * `pulumi refresh`.
 *
 * Invalid arguments fail at `check`, so `pulumi preview` reports them before any API call, each
 * naming the property and the rule.
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * import { SshCertificateAuthority, SshHostCertificate } from "pulumi-ngrok-dynamic";
 *
 * const hostCa = new SshCertificateAuthority("host-ca", { privateKeyType: "ed25519" });
 * const web1 = new SshHostCertificate("web1", {
 *   sshCertificateAuthorityId: hostCa.id,
 *   publicKey: fs.readFileSync("keys/web1/ssh_host_ed25519_key.pub", "utf8"),
 *   principals: ["web1.example.com", "10.0.0.5"],
 * });
 * export const web1HostCertificate = web1.certificate; // "ssh-ed25519-cert-v01@openssh.com AAAA… shcrt_…"
 * ```
 */
export class SshHostCertificate extends SshCertificate {
  /**
   * Reads the existing host certificate `id` into the program without managing it (Pulumi's
   * `ReadResource`): one `GET /ssh_host_certificates/{id}` at each `pulumi up`, `preview` and
   * `refresh`; `pulumi destroy` leaves the certificate in place. Every output is set. A
   * certificate that does not exist fails the deployment.
   *
   * @param name the Pulumi resource name (part of the URN).
   * @param id the certificate's id, `shcrt_…`.
   * @param opts Pulumi resource options (`import` is refused).
   */
  public static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    opts?: pulumi.CustomResourceOptions,
  ): SshHostCertificate {
    return new SshHostCertificate(name, undefined, { ...opts, id });
  }

  /**
   * @param name the Pulumi resource name (part of the URN).
   * @param args see {@link SshHostCertificateArgs}.
   * @param opts Pulumi resource options. `import` is refused at construction (Pulumi cannot
   *   import dynamic resources, and a certificate cannot be adopted: a new one is signed); read
   *   an existing certificate with {@link SshHostCertificate.get}.
   * @throws Error when `opts.import` is set, naming `get`.
   */
  constructor(name: string, args: SshHostCertificateArgs, opts?: pulumi.CustomResourceOptions);
  /**
   * What {@link SshHostCertificate.get} calls: no arguments, `opts.id` names the certificate.
   * @internal
   */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(
    name: string,
    args: SshHostCertificateArgs | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    super(provider, name, args, opts, "SshHostCertificate", {
      inputs: SSH_HOST_CERTIFICATE_INPUTS,
      outputs: SSH_HOST_CERTIFICATE_OUTPUTS,
    });
  }
}
