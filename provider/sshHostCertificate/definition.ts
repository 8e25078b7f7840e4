/**
 * `SshHostCertificate`, defined once: the certificates' common properties (see
 * `../sshCertificateCommon/properties`) with the host certificate's own words for `principals` and
 * `validUntil`, its kind ({@link HOST}: what it differs in), and its pure `check` and `diff`.
 *
 * Source: `contributing/reference/ngrok-ssh-certificates.md` §1 (endpoints, ids) and 2 (fields, defaults).
 *
 * @module
 */
import { defineResource } from "../framework/define";
import { file, output, resource } from "../framework/example";
import type { InputsOf, OutputsOf } from "../framework/resource";
import * as common from "../sshCertificateCommon/properties";
import type { CertificateKind } from "../sshCertificateCommon/kinds";

export { LIMITS } from "../sshCertificateCommon/properties";

/** ngrok's default validity of a host certificate, counted from its creation. */
const DEFAULT_VALIDITY = "1 year";

/** The SSH host certificate. */
export const sshHostCertificateDefinition = defineResource({
  name: "SshHostCertificate",
  description:
    "An SSH host certificate signed by an ngrok SSH certificate authority: the server's host " +
    "key, certified for its host names, so that clients that trust the CA (`@cert-authority` " +
    "in `known_hosts`) accept the server without trust-on-first-use. Give `certificate` to " +
    "`sshd` with `HostCertificate`.",
  id: "ngrok's id (`shcrt_…`)",
  api: {
    path: "/ssh_host_certificates",
    noun: "SSH host certificate",
    idPrefix: "shcrt_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /ssh_host_certificates[/{id}]`",
  },
  lookups: common.certificateLookups("host"),
  pendingCreates: common.certificatePendingCreates("host", "ssh-host-certificates"),
  sdk: common.CERTIFICATE_SDK,
  example: {
    summary: "A host certificate for web1, signed by the host CA.",
    resources: [
      common.exampleCa("host-ca", "Production host CA"),
      resource("SshHostCertificate", "web1", {
        sshCertificateAuthorityId: output("host-ca", "id"),
        publicKey: file("keys/web1/ssh_host_ed25519_key.pub"),
        principals: ["web1.example.com", "10.0.0.5"],
        description: "web1",
      }),
    ],
    outputs: {
      web1HostCertificate: output("web1", "certificate"),
      hostCaKey: output("host-ca", "publicKey"),
    },
  },
  properties: {
    ...common.SIGNED_INPUTS,
    principals: common.principalsFor(
      "host names or IP addresses",
      "The host names or IP addresses the certificate is valid for (what clients connect to, " +
        'as in `known_hosts`), e.g. `["web1.example.com", "10.0.0.5"]`. Default: none, which ' +
        "ngrok signs as valid for **any** host: give them. Changing the list replaces the " +
        "certificate.",
    ),
    validUntil: common.validUntilWithDefault(DEFAULT_VALIDITY),
    ...common.TEXT_INPUTS,
    ...common.CERTIFICATE_OUTPUTS,
  },
});

const DAY_MS = 24 * 3600 * 1000;

/** SSH host certificates: `/ssh_host_certificates`, ids `shcrt_…`, valid 1 year by default. */
export const HOST: CertificateKind = {
  defaultValidity: DEFAULT_VALIDITY,
  defaultValidUntil: (fromMs) => {
    const from = new Date(fromMs);
    from.setUTCFullYear(from.getUTCFullYear() + 1);
    return [from.getTime(), fromMs + 365 * DAY_MS, fromMs + 366 * DAY_MS];
  },
  defaultExtensions: {},
};

/** The inputs of `SshHostCertificate` as they are after `check`. */
export type SshHostCertificateInputs = InputsOf<typeof sshHostCertificateDefinition>;
/** The outputs of `SshHostCertificate` recorded in state. */
export type SshHostCertificateOutputs = OutputsOf<typeof sshHostCertificateDefinition>;

/** The pure `check` of `SshHostCertificate` (see `../sshCertificateCommon/rules`). */
export const checkSshHostCertificate = sshHostCertificateDefinition.check;
/** The pure `diff` of `SshHostCertificate` (see `../framework/diff`). */
export const diffSshHostCertificate = sshHostCertificateDefinition.diff;
