/**
 * The lookup functions of one kind of SSH certificate, made from its {@link CertificateKind}:
 * `../sshHostCertificate/lookup` and `../sshUserCertificate/lookup` each export the pair this
 * makes for their kind, under their kind's names, so that the two differ only by their kind.
 *
 * @module
 */
import type { NgrokClient } from "../client";
import type { CertificateKind } from "./kinds";
import {
  listCertificatesOf,
  lookupCertificate,
  type SshCertificateFilter,
  type SshCertificateRecord,
} from "./lookup";

/** The lookup functions of one kind of certificate, whose records are `Found`. */
export interface CertificateLookups<Found extends SshCertificateRecord> {
  /**
   * One `GET <kind.path>/{id}`: the certificate as the resource's outputs, with its id.
   *
   * @throws TypeError when `id` is not an id of the kind (`shcrt_…`, `sucrt_…`), before any
   *   request.
   * @throws {@link NgrokApiError} when ngrok refuses, e.g. 404 when there is no such certificate.
   */
  lookup(client: NgrokClient, id: string): Promise<Found>;
  /**
   * Every certificate of the kind that `filter` keeps, newest first: `GET <kind.path>` 100 at a
   * time, through every page.
   *
   * @throws {@link NgrokApiError} or {@link NgrokClientError} when a page cannot be read.
   */
  list(client: NgrokClient, filter?: SshCertificateFilter): Promise<Found[]>;
}

/** The lookup functions of certificates of `kind`. */
export function certificateLookupsOf<Found extends SshCertificateRecord>(
  kind: CertificateKind,
): CertificateLookups<Found> {
  return {
    lookup: async (client, id) => lookupCertificate<Found>(client, kind, id),
    list: async (client, filter = {}) => listCertificatesOf<Found>(client, kind, filter),
  };
}
