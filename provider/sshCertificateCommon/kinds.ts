/**
 * The two kinds of SSH certificate ngrok signs, host and user: what `SshHostCertificate` and
 * `SshUserCertificate` differ in beyond their definitions, so that the rest of `./` is one set of
 * hooks for both (`./hooks`). Each kind is declared beside its resource's definition (`HOST` in
 * `../sshHostCertificate/definition`, `USER` in `../sshUserCertificate/definition`). Imports go
 * one way: those folders import this one, never the reverse
 * (`tests/repository/importCycles.test.ts`), so the code here receives a kind as an argument.
 *
 * Source: `contributing/reference/ngrok-ssh-certificates.md` §2 (fields, defaults).
 *
 * @module
 */

/** What distinguishes one kind of SSH certificate from the other. */
export interface CertificateKind {
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
}
