/**
 * The inputs and outputs of `SshUserCertificate`, and its pure `check`: the rules of
 * `../sshCertificate/inputs` for user certificates (`principals` are user names), with
 * `criticalOptions` and `extensions` (see `../sshCertificate/options`).
 *
 * Source: `ngrok-ssh-certificates.md` section 2; ngrok's `POST /ssh_user_certificates`.
 *
 * @module
 */
import {
  checkFor,
  type SshCertificateInputs,
  type SshCertificateOutputs,
} from "../sshCertificate/inputs";
import { USER } from "../sshCertificate/kinds";

export {
  LIMITS,
  OPTION_PROPERTIES,
  REPLACE_PROPERTIES,
  UPDATE_PROPERTIES,
} from "../sshCertificate/inputs";
export { OPTION_NAME_MAX_BYTES } from "../sshCertificate/options";

/**
 * The extensions ngrok gives a user certificate whose `extensions` are not set: `permit-pty` and
 * `permit-user-rc` (ngrok's documentation). The provider does not send them; they come back in
 * the outputs.
 */
export const NGROK_DEFAULT_EXTENSIONS = USER.defaultExtensions;

/** The inputs as they are after `check`. */
export type SshUserCertificateInputs = SshCertificateInputs;

/** The outputs recorded in state: every input (ngrok's value where it filled one) and the certificate. */
export type SshUserCertificateOutputs = Omit<
  SshCertificateOutputs,
  "criticalOptions" | "extensions"
> & {
  criticalOptions: Record<string, string>;
  extensions: Record<string, string>;
};

/**
 * Validates raw inputs (see `checkSshCertificate` in `../sshCertificate/inputs` for every rule).
 * Pure: no API call.
 */
export const checkSshUserCertificate = checkFor<SshUserCertificateInputs>(USER);
