/**
 * The wire format of ngrok's SSH user certificate endpoints (`/ssh_user_certificates`): the zod
 * schemas and the mapping to and from the resource's inputs and outputs live in
 * `../sshCertificate/api`, one implementation for both kinds of certificate; this module names
 * this kind's parts of it.
 *
 * @module
 */
export {
  sshUserCertificateListSchema,
  sshUserCertificateSchema,
  createBody,
  updateBody,
} from "../sshCertificate/api";

/** `/ssh_user_certificates`. */
export const COLLECTION_PATH = "/ssh_user_certificates";
