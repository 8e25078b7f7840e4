/**
 * `pulumi-ngrok-dynamic`: Pulumi dynamic resources for ngrok's API.
 *
 * @module
 */
export {
  SshCertificateAuthority,
  type SshCertificateAuthorityArgs,
  type SshCertificateAuthorityCommonArgs,
  type SshCertificateAuthorityKeyArgs,
  type Ed25519CertificateAuthorityArgs,
  type EcdsaCertificateAuthorityArgs,
  type RsaCertificateAuthorityArgs,
  type ComputedKeyTypeCertificateAuthorityArgs,
  type EllipticCurve,
  type PrivateKeyType,
  type RsaKeySize,
} from "./sshCertificateAuthority";
export {
  SshCertificate,
  type SshCertificateArgs,
  type CertificateProperties,
} from "./sshCertificate";
export { SshHostCertificate, type SshHostCertificateArgs } from "./sshHostCertificate";
export { SshUserCertificate, type SshUserCertificateArgs } from "./sshUserCertificate";
export {
  SshCredential,
  type SshCredentialArgs,
  getSshCredential,
  getSshCredentialOutput,
  type GetSshCredentialArgs,
  type GetSshCredentialOutputArgs,
  type GetSshCredentialResult,
} from "./sshCredential";
export {
  HttpsEdgeRouteSaml,
  type HttpsEdgeRouteSamlArgs,
  type IdpSigningCertificate,
} from "./httpsEdgeRouteSaml";
export {
  ReservedDomain,
  getReservedDomain,
  getReservedDomainOutput,
  getReservedDomains,
  getReservedDomainsOutput,
  type GetReservedDomainsResult,
} from "./reservedDomain";
export type * from "./reservedDomain";
export {
  CloudEndpoint,
  getCloudEndpoint,
  getCloudEndpointOutput,
  getCloudEndpoints,
  getCloudEndpointsOutput,
  type GetCloudEndpointsResult,
} from "./cloudEndpoint";
export type * from "./cloudEndpoint";
export {
  getSshCertificateAuthority,
  getSshCertificateAuthorityOutput,
  getSshCertificateAuthorities,
  getSshCertificateAuthoritiesOutput,
  type GetSshCertificateAuthorityArgs,
  type GetSshCertificateAuthorityOutputArgs,
  type GetSshCertificateAuthorityResult,
  type GetSshCertificateAuthoritiesArgs,
  type GetSshCertificateAuthoritiesOutputArgs,
  type GetSshCertificateAuthoritiesResult,
} from "./lookups/sshCertificateAuthority";
export type * from "./lookups/sshCertificate";
export {
  getSshHostCertificate,
  getSshHostCertificateOutput,
  getSshHostCertificates,
  getSshHostCertificatesOutput,
  type GetSshHostCertificatesResult,
} from "./lookups/sshHostCertificate";
export {
  getSshUserCertificate,
  getSshUserCertificateOutput,
  getSshUserCertificates,
  getSshUserCertificatesOutput,
  type GetSshUserCertificateResult,
  type GetSshUserCertificatesResult,
} from "./lookups/sshUserCertificate";
export {
  getHttpsEdgeRouteSaml,
  getHttpsEdgeRouteSamlOutput,
  type GetHttpsEdgeRouteSamlArgs,
  type GetHttpsEdgeRouteSamlOutputArgs,
  type GetHttpsEdgeRouteSamlResult,
} from "./lookups/httpsEdgeRouteSaml";
