/**
 * What the lookup functions of both SSH certificates (`getSshHostCertificate`,
 * `getSshUserCertificate` and their lists) have in common: their arguments and the fields of
 * their results.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
export type { GetSshCertificateResult } from "../generated/types";

/** The arguments of `getSshHostCertificate` and `getSshUserCertificate`. */
export interface GetSshCertificateArgs {
  /** The certificate's id: `shcrt_…` for a host certificate, `sucrt_…` for a user certificate. */
  id: string;
}

/** The arguments of the `…Output` forms of {@link GetSshCertificateArgs}: the same, as inputs. */
export interface GetSshCertificateOutputArgs {
  /** The certificate's id: `shcrt_…` for a host certificate, `sucrt_…` for a user certificate. */
  id: pulumi.Input<string>;
}

/**
 * The arguments of `getSshHostCertificates` and `getSshUserCertificates`: each one that is set
 * keeps only the certificates that match it (`""` matches an empty description or metadata); none
 * set keeps every certificate of the kind.
 */
export interface GetSshCertificatesArgs {
  /** Keep the certificates signed by this CA (`sshca_…`). */
  sshCertificateAuthorityId?: string;
  /** Keep the certificates with exactly this description. */
  description?: string;
  /** Keep the certificates with exactly this metadata. */
  metadata?: string;
  /**
   * Keep the certificates that list this principal (a host name or a user name, exactly). A
   * certificate without principals, valid for any, lists none and is not kept.
   */
  principal?: string;
}

/** The arguments of the `…Output` forms of {@link GetSshCertificatesArgs}: the same, as inputs. */
export interface GetSshCertificatesOutputArgs {
  /** Keep the certificates signed by this CA (`sshca_…`). */
  sshCertificateAuthorityId?: pulumi.Input<string>;
  /** Keep the certificates with exactly this description. */
  description?: pulumi.Input<string>;
  /** Keep the certificates with exactly this metadata. */
  metadata?: pulumi.Input<string>;
  /** Keep the certificates that list this principal. */
  principal?: pulumi.Input<string>;
}
