/**
 * The two kinds of SSH certificate ngrok signs, host and user: everything in which
 * `SshHostCertificate` and `SshUserCertificate` differ, so that the rest of `./` is one
 * implementation for both. Each kind is declared beside its resource's definition (`HOST` in
 * `../sshHostCertificate/definition`, `USER` in `../sshUserCertificate/definition`); its names and
 * paths are the definition's. Imports go one way: those folders import this one, never the
 * reverse (`tests/repository/importCycles.test.ts`), so the code here receives a kind as an
 * argument.
 *
 * Source: `ngrok-ssh-certificates.md` sections 1 (endpoints, ids) and 2 (fields, defaults).
 *
 * @module
 */

import type { ResourceDefinition } from "../framework/resource";

/** What distinguishes one kind of SSH certificate from the other. */
export interface CertificateKind {
  /** The resource's definition (`../sshHostCertificate/definition`, `../sshUserCertificate/definition`). */
  readonly definition: ResourceDefinition;
  /** The resource's type name, e.g. `SshHostCertificate`. */
  readonly type: string;
  /** The name `check` failures use, e.g. `ngrok:SshHostCertificate`. */
  readonly resource: string;
  /** In sentences, e.g. `SSH host certificate`. */
  readonly noun: string;
  /** e.g. `host certificate`. */
  readonly short: string;
  /** The collection path, e.g. `/ssh_host_certificates`. */
  readonly path: string;
  /** The array field of a list page, e.g. `ssh_host_certificates`. */
  readonly listField: string;
  /** The `ngrok api` subcommand, e.g. `ssh-host-certificates`. */
  readonly cli: string;
  /** The prefix of ngrok's ids, e.g. `shcrt_`. */
  readonly idPrefix: string;
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

/** What a kind says of itself: everything else is its resource's definition's. */
export type OwnFacts = Pick<
  CertificateKind,
  "defaultValidity" | "defaultValidUntil" | "defaultExtensions" | "hasOptions"
>;

/**
 * The kind of the certificates `definition` declares, with `own` facts: its names, paths and ids
 * are the definition's (`api`, `recovery`).
 *
 * @throws Error when the definition has no id prefix or no `recovery` (a certificate has both).
 */
export function certificateKind(definition: ResourceDefinition, own: OwnFacts): CertificateKind {
  const { api, recovery } = definition;
  if (api.idPrefix === undefined || recovery === undefined) {
    throw new Error(`${definition.name}: a certificate has an id prefix and recovery facts`);
  }
  return {
    definition,
    type: definition.name,
    resource: `ngrok:${definition.name}`,
    noun: api.noun,
    short: recovery.short,
    path: api.path,
    listField: api.path.replace(/^\//, ""),
    cli: recovery.cli,
    idPrefix: api.idPrefix,
    ...own,
  };
}
