/**
 * The certificates an SSH certificate authority signed, for its delete's refusal
 * (`../sshCertificateAuthority/inUse`): every certificate of the given kinds, every page. The
 * kinds are passed in (`../registry`' `CERTIFICATE_KINDS`), since this folder does not import
 * the folders that declare them.
 *
 * Loaded with the provider (`../index` assembles the CA's provider with it): the wire format (zod)
 * is loaded only when the certificates are listed, after a refused delete.
 *
 * @module
 */
import type { NgrokClient } from "../client";
import type { SignedCertificates } from "../sshCertificateAuthority/inUse";
import type { CertificateKind } from "./kinds";
import { load } from "../lazy";

/**
 * Every certificate of each of `kinds` in turn (`GET <kind.path>`, every page), with its id and
 * its CA's id.
 */
export function certificatesOf(kinds: readonly CertificateKind[]): SignedCertificates {
  return async function* certificates(client: NgrokClient) {
    // The wire format (zod), loaded only now (see the module comment).
    const wire = load.certificateApi();
    for (const kind of kinds) {
      yield* wire.listCertificates(client, kind);
    }
  };
}
