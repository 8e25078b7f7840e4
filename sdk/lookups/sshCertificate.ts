/**
 * What the lookup functions of both SSH certificates (`getSshHostCertificate`,
 * `getSshUserCertificate` and their lists) have in common: their arguments and the fields of
 * their results, generated from the certificates' definitions (`certificateLookups`).
 *
 * @module
 */
export type {
  GetSshCertificateArgs,
  GetSshCertificateOutputArgs,
  GetSshCertificateResult,
  GetSshCertificatesArgs,
  GetSshCertificatesOutputArgs,
} from "../generated/types";
