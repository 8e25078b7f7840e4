/**
 * The inputs and outputs of `SshHostCertificate`, and its pure `check`: the rules of
 * `../sshCertificate/inputs` for host certificates (no `criticalOptions`, no `extensions`;
 * `principals` are the host names or IP addresses the certificate is valid for).
 *
 * Source: `ngrok-ssh-certificates.md` section 2; ngrok's `POST /ssh_host_certificates`.
 *
 * @module
 */
import {
  checkFor,
  type SshCertificateInputs,
  type SshCertificateOutputs,
} from "../sshCertificate/inputs";
import { HOST } from "../sshCertificate/kinds";

export { LIMITS, REPLACE_PROPERTIES, UPDATE_PROPERTIES } from "../sshCertificate/inputs";

/** The inputs as they are after `check`. */
export type SshHostCertificateInputs = Omit<SshCertificateInputs, "criticalOptions" | "extensions">;

/** The outputs recorded in state: every input (ngrok's value where it filled one) and the certificate. */
export type SshHostCertificateOutputs = Omit<
  SshCertificateOutputs,
  "criticalOptions" | "extensions"
>;

/**
 * Validates raw inputs (see `checkSshCertificate` in `../sshCertificate/inputs` for every rule).
 * Pure: no API call.
 */
export const checkSshHostCertificate = checkFor<SshHostCertificateInputs>(HOST);
