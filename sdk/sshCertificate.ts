/**
 * What the two SSH certificate resources, {@link SshHostCertificate} and
 * {@link SshUserCertificate}, have in common: their common arguments and their common outputs.
 *
 * @module
 */
import { NgrokResource } from "./resourceClass";
import type { SshCertificateOutputProperties } from "./generated/types";

export type { SshCertificateArgs } from "./generated/types";

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
 * and the signed certificate. Built as every resource class is (`./resourceClass`); a certificate
 * cannot be adopted (a new one is signed), and `get` reads one without managing it.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export abstract class SshCertificate extends NgrokResource {}
