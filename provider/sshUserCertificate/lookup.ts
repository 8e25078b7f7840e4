/**
 * Reading SSH user certificates without managing them: what the SDK's lookup functions
 * (`getSshUserCertificate`, `getSshUserCertificates`) run in the program's process. One
 * implementation for both kinds of certificate, in `../sshCertificateCommon/lookup`, made into
 * this kind's pair by `../sshCertificateCommon/lookupOfKind`: `GET` requests only, the zod wire
 * format loaded when a lookup runs.
 *
 * @module
 */
import { certificateLookupsOf } from "../sshCertificateCommon/lookupOfKind";
import { USER, type SshUserCertificateOutputs } from "./definition";

/** One user certificate as a lookup returns it: the outputs of the resource, and its id (`sucrt_…`). */
export interface SshUserCertificateRecord extends SshUserCertificateOutputs {
  /** ngrok's id, `sucrt_…`. */
  id: string;
}

const userLookups = certificateLookupsOf<SshUserCertificateRecord>(USER);

/**
 * One `GET /ssh_user_certificates/{id}`; a TypeError for an id that is not `sucrt_…`, before any
 * request (`CertificateLookups.lookup`).
 */
export const lookupSshUserCertificate = userLookups.lookup;

/** Every user certificate `filter` keeps, newest first (`CertificateLookups.list`). */
export const listSshUserCertificates = userLookups.list;
