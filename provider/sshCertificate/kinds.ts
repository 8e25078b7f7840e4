/**
 * The two kinds of SSH certificate ngrok signs, host and user: everything in which
 * `SshHostCertificate` and `SshUserCertificate` differ, so that the rest of `./` is one
 * implementation for both.
 *
 * Source: `ngrok-ssh-certificates.md` sections 1 (endpoints, ids) and 2 (fields, defaults).
 *
 * @module
 */

/** What distinguishes one kind of SSH certificate from the other. */
export interface CertificateKind {
  /** The resource's type name, e.g. `SshHostCertificate`. */
  readonly type: "SshHostCertificate" | "SshUserCertificate";
  /** The name `check` failures use, e.g. `ngrok:SshHostCertificate`. */
  readonly resource: string;
  /** In sentences, e.g. `SSH host certificate`. */
  readonly noun: string;
  /** e.g. `host certificate`. */
  readonly short: string;
  /** The collection path, e.g. `/ssh_host_certificates`. */
  readonly path: "/ssh_host_certificates" | "/ssh_user_certificates";
  /** The array field of a list page, e.g. `ssh_host_certificates`. */
  readonly listField: "ssh_host_certificates" | "ssh_user_certificates";
  /** The `ngrok api` subcommand, e.g. `ssh-host-certificates`. */
  readonly cli: string;
  /** The prefix of ngrok's ids, e.g. `shcrt_`. */
  readonly idPrefix: string;
  /** What its principals are, in sentences: `host names or IP addresses`, `user names`. */
  readonly principalsAre: string;
  /** ngrok's default `valid_until`, counted from the creation time: `1 year`, `24 hours`. */
  readonly defaultValidity: string;
  /**
   * The instants (ms) ngrok's default `valid_until` may be for a `valid_after` of `fromMs`: the
   * documents say "1 year" or "24 hours" without saying how a year is counted, so every reading
   * (a calendar year, 365 or 366 days) is one.
   */
  readonly defaultValidUntil: (fromMs: number) => number[];
  /** ngrok's default `extensions` when none are given (user certificates), else `{}`. */
  readonly defaultExtensions: Readonly<Record<string, string>>;
  /** Whether the certificate has `criticalOptions` and `extensions` (user certificates). */
  readonly hasOptions: boolean;
}

const DAY_MS = 24 * 3600 * 1000;

/** SSH host certificates: `/ssh_host_certificates`, ids `shcrt_…`, valid 1 year by default. */
export const HOST: CertificateKind = {
  type: "SshHostCertificate",
  resource: "ngrok:SshHostCertificate",
  noun: "SSH host certificate",
  short: "host certificate",
  path: "/ssh_host_certificates",
  listField: "ssh_host_certificates",
  cli: "ssh-host-certificates",
  idPrefix: "shcrt_",
  principalsAre: "host names or IP addresses",
  defaultValidity: "1 year",
  defaultValidUntil: (fromMs) => {
    const from = new Date(fromMs);
    from.setUTCFullYear(from.getUTCFullYear() + 1);
    return [from.getTime(), fromMs + 365 * DAY_MS, fromMs + 366 * DAY_MS];
  },
  defaultExtensions: {},
  hasOptions: false,
};

/** SSH user certificates: `/ssh_user_certificates`, ids `sucrt_…`, valid 24 hours by default. */
export const USER: CertificateKind = {
  type: "SshUserCertificate",
  resource: "ngrok:SshUserCertificate",
  noun: "SSH user certificate",
  short: "user certificate",
  path: "/ssh_user_certificates",
  listField: "ssh_user_certificates",
  cli: "ssh-user-certificates",
  idPrefix: "sucrt_",
  principalsAre: "user names",
  defaultValidity: "24 hours",
  defaultValidUntil: (fromMs) => [fromMs + DAY_MS],
  defaultExtensions: { "permit-pty": "", "permit-user-rc": "" },
  hasOptions: true,
};
