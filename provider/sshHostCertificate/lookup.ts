/**
 * Reading SSH host certificates without managing them: what the SDK's lookup functions
 * (`getSshHostCertificate`, `getSshHostCertificates`) run in the program's process. One
 * implementation for both kinds of certificate, in `../sshCertificateCommon/lookup`, made into
 * this kind's pair by `../sshCertificateCommon/lookupOfKind`: `GET` requests only, the zod wire
 * format loaded when a lookup runs.
 *
 * @module
 */
import { certificateLookupsOf } from "../sshCertificateCommon/lookupOfKind";
import { HOST, type SshHostCertificateOutputs } from "./definition";

/** One host certificate as a lookup returns it: the outputs of the resource, and its id (`shcrt_…`). */
export interface SshHostCertificateRecord extends SshHostCertificateOutputs {
  /** ngrok's id, `shcrt_…`. */
  id: string;
}

const hostLookups = certificateLookupsOf<SshHostCertificateRecord>(HOST);

/**
 * One `GET /ssh_host_certificates/{id}`; a TypeError for an id that is not `shcrt_…`, before any
 * request (`CertificateLookups.lookup`).
 */
export const lookupSshHostCertificate = hostLookups.lookup;

/** Every host certificate `filter` keeps, newest first (`CertificateLookups.list`). */
export const listSshHostCertificates = hostLookups.list;
