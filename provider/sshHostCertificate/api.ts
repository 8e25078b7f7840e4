/**
 * The wire format of ngrok's SSH host certificate endpoints (`/ssh_host_certificates`): the zod
 * schemas and the mapping to and from the resource's inputs and outputs live in
 * `../sshCertificate/api`, one implementation for both kinds of certificate; this module names
 * this kind's parts of it.
 *
 * @module
 */
export {
  sshHostCertificateListSchema,
  sshHostCertificateSchema,
  createBody,
  updateBody,
} from "../sshCertificate/api";

/** `/ssh_host_certificates`. */
export const COLLECTION_PATH = "/ssh_host_certificates";
