/**
 * What the lookup functions of both SSH certificates (`getSshHostCertificate`,
 * `getSshUserCertificate` and their lists) have in common: their arguments and the fields of
 * their results.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";

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

/**
 * One SSH certificate as a lookup returns it: the outputs of an `SshHostCertificate` (and the
 * common outputs of an `SshUserCertificate`), under the same names, with its id.
 */
export interface GetSshCertificateResult {
  // Written out like the resource classes' outputs, not derived from the provider's types: each
  // field has its own documentation here; the compiler checks that the provider's record fits.
  /** ngrok's id: `shcrt_…` (host) or `sucrt_…` (user). */
  id: string;
  /** The signing CA's id, `sshca_…`. */
  sshCertificateAuthorityId: string;
  /** The certified public key, one OpenSSH line (`ssh-ed25519 AAAA… comment`). */
  publicKey: string;
  /** The principals in the certificate, in order; `[]` means any. */
  principals: string[];
  /** The start of the validity, RFC 3339 in UTC (`…Z`). */
  validAfter: string;
  /** The end of the validity, RFC 3339 in UTC (`…Z`). */
  validUntil: string;
  /** The description; `undefined` when empty. */
  description?: string;
  /** The metadata; `undefined` when empty. */
  metadata?: string;
  /** The signed certificate, one line: `<type>-cert-v01@openssh.com AAAA… <id>`. */
  certificate: string;
  /** The certified key's type as ngrok names it: `"rsa"`, `"ecdsa"` or `"ed25519"`. */
  keyType: string;
  /** The certificate's API URI. */
  uri: string;
  /** Creation time, RFC 3339. */
  createdAt: string;
}
