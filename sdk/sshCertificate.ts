/**
 * What the two SSH certificate resources, {@link SshHostCertificate} and
 * {@link SshUserCertificate}, have in common: their common arguments and their common outputs.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { registration } from "./registration";
import { SSH_HOST_CERTIFICATE_CLASS, SSH_USER_CERTIFICATE_CLASS } from "./generated/classFacts";
import type { SshCertificateOutputProperties } from "./generated/types";

export type { SshCertificateArgs } from "./generated/types";

/** What each certificate hands to `registration` (see `./generated/classFacts`). */
const FACTS = {
  SshHostCertificate: SSH_HOST_CERTIFICATE_CLASS,
  SshUserCertificate: SSH_USER_CERTIFICATE_CLASS,
};

/** The property names a certificate class registers: its inputs and its outputs, unset. */
export interface CertificateProperties {
  /** Its inputs, each `undefined`. */
  readonly inputs: Readonly<Record<string, undefined>>;
  /** The outputs ngrok computes, each `undefined`. */
  readonly outputs: Readonly<Record<string, undefined>>;
}

// The outputs are declared once, generated from the definition: the interface merges into the class.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface SshCertificate extends SshCertificateOutputProperties {}

/**
 * The outputs both SSH certificates have: every input, with ngrok's value where ngrok filled one,
 * and the signed certificate.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export abstract class SshCertificate extends pulumi.dynamic.Resource {
  /**
   * @param provider the resource's thin provider (see `./thinProviders/`).
   * @param name the Pulumi resource name (part of the URN).
   * @param args the resource's arguments; `undefined` for a `get` (then `opts.id` names the
   *   certificate).
   * @param opts Pulumi resource options. `import` is refused.
   * @param type the type name: `SshHostCertificate` or `SshUserCertificate`.
   * @param properties the names it registers (see `./generated/types`).
   * @throws Error when `opts.import` is set: a certificate cannot be adopted (a new one is signed),
   *   and `get` reads one without managing it.
   */
  protected constructor(
    provider: pulumi.dynamic.ResourceProvider,
    name: string,
    args: object | undefined,
    opts: pulumi.CustomResourceOptions | undefined,
    type: "SshHostCertificate" | "SshUserCertificate",
    properties: CertificateProperties,
  ) {
    // The certificate's facts, with the property names it registers (see ./registration).
    const { inputs, restore } = registration({ ...FACTS[type], ...properties }, name, args, opts);
    try {
      super(provider, name, inputs, opts, "ngrok", type);
    } finally {
      restore();
    }
  }
}
