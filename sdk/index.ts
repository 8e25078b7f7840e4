/**
 * `pulumi-ngrok-dynamic`: Pulumi dynamic resources for ngrok's API.
 *
 * @module
 */
export {
  SshCertificateAuthority,
  type SshCertificateAuthorityArgs,
  type EllipticCurve,
  type PrivateKeyType,
  type RsaKeySize,
} from "./sshCertificateAuthority";
export { HttpsEdgeRouteSaml, type HttpsEdgeRouteSamlArgs } from "./httpsEdgeRouteSaml";
