/**
 * `SshUserCertificate`, defined once: the certificates' common properties (see
 * `../sshCertificateCommon/properties`) with the user certificate's own words for `principals` and
 * `validUntil`, its OpenSSH options, its kind ({@link USER}: what it differs in), and its pure
 * `check` and `diff`.
 *
 * Source: `contributing/reference/ngrok-ssh-certificates.md` §1 (endpoints, ids) and 2 (fields, defaults).
 *
 * @module
 */
import { defineResource } from "../framework/define";
import { file, map, output, resource } from "../framework/example";
import type { InputsOf, OutputsOf } from "../framework/resource";
import * as common from "../sshCertificateCommon/properties";
import type { CertificateKind } from "../sshCertificateCommon/kinds";

export { LIMITS, OPTION_PROPERTIES } from "../sshCertificateCommon/properties";
export { OPTION_NAME_MAX_BYTES } from "../sshCertificateCommon/options";

/** ngrok's default validity of a user certificate, counted from its creation. */
const DEFAULT_VALIDITY = "24 hours";

/** The SSH user certificate. */
export const sshUserCertificateDefinition = defineResource({
  name: "SshUserCertificate",
  description:
    "An SSH user certificate signed by an ngrok SSH certificate authority: a user's public key, " +
    "certified for the accounts it may log in as, so that servers that trust the CA " +
    "(`TrustedUserCAKeys`) accept it without an `authorized_keys` entry.",
  id: "ngrok's id (`sucrt_…`)",
  api: {
    path: "/ssh_user_certificates",
    noun: "SSH user certificate",
    idPrefix: "sucrt_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /ssh_user_certificates[/{id}]`",
  },
  lookups: common.certificateLookups("user"),
  pendingCreates: common.certificatePendingCreates("user", "ssh-user-certificates"),
  sdk: common.CERTIFICATE_SDK,
  example: {
    summary: "A user certificate for the backup job, signed by the user CA.",
    resources: [
      common.exampleCa("user-ca", "Production user CA"),
      resource("SshUserCertificate", "backup", {
        sshCertificateAuthorityId: output("user-ca", "id"),
        publicKey: file("keys/backup/id_ed25519.pub"),
        principals: ["backup"],
        validUntil: "2027-01-01T00:00:00Z",
        criticalOptions: map({ "force-command": "/usr/local/bin/backup" }),
        extensions: map({ "permit-pty": "" }),
      }),
    ],
    outputs: { backupCertificate: output("backup", "certificate") },
  },
  properties: {
    ...common.SIGNED_INPUTS,
    principals: common.principalsFor(
      "user names",
      "The user names the certificate lets its holder log in as (matched by `sshd` against " +
        'the account, or `AuthorizedPrincipalsFile`), e.g. `["deploy"]`. Default: none (`sshd` ' +
        "refuses a user certificate without principals unless `AuthorizedPrincipalsCommand` " +
        "says otherwise). Changing the list replaces the certificate.",
    ),
    validUntil: common.validUntilWithDefault(DEFAULT_VALIDITY),
    ...common.OPTION_INPUTS,
    ...common.TEXT_INPUTS,
    ...common.CERTIFICATE_OUTPUTS,
  },
});

const DAY_MS = 24 * 3600 * 1000;

/** SSH user certificates: `/ssh_user_certificates`, ids `sucrt_…`, valid 24 hours by default. */
export const USER: CertificateKind = {
  defaultValidity: DEFAULT_VALIDITY,
  defaultValidUntil: (fromMs) => [fromMs + DAY_MS],
  defaultExtensions: { "permit-pty": "", "permit-user-rc": "" },
};

/** The inputs of `SshUserCertificate` as they are after `check`. */
export type SshUserCertificateInputs = InputsOf<typeof sshUserCertificateDefinition>;
/** The outputs of `SshUserCertificate` recorded in state. */
export type SshUserCertificateOutputs = OutputsOf<typeof sshUserCertificateDefinition>;

/** The pure `check` of `SshUserCertificate` (see `../sshCertificateCommon/rules`). */
export const checkSshUserCertificate = sshUserCertificateDefinition.check;
/** The pure `diff` of `SshUserCertificate` (see `../framework/diff`). */
export const diffSshUserCertificate = sshUserCertificateDefinition.diff;
