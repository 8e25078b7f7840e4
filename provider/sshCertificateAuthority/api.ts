/**
 * The wire format of ngrok's SSH certificate authority endpoints, and its mapping to the
 * resource's camelCase inputs and outputs (snake_case on the wire, as ngrok's clients convert).
 *
 * Source: spec sections 2.1, 2.2 and 4.1; `ngrok-api.md` ("SSH Certificate Authorities").
 *
 * @module
 */
import { z } from "zod";
import {
  outputsFrom,
  liveInputsFrom,
  patchBody,
  requestBody,
  responseSchema,
} from "../framework/wire";
import {
  sshCertificateAuthorityDefinition as definition,
  type SshCertificateAuthorityInputs,
  type SshCertificateAuthorityOutputs,
} from "./definition";

/** `/ssh_certificate_authorities`. */
export const COLLECTION_PATH = definition.api.path;

/** `/ssh_certificate_authorities/{id}` with the id URL-encoded. */
export function itemPath(id: string): string {
  return `${COLLECTION_PATH}/${encodeURIComponent(id)}`;
}

/**
 * An `SSHCertificateAuthority` body, derived from the definition: `description` and `metadata`
 * are absent when empty; the key parameters are never returned; unknown extra fields are
 * tolerated (and dropped).
 */
export const sshCertificateAuthoritySchema = responseSchema(definition);
export type SshCertificateAuthorityResponse = z.infer<typeof sshCertificateAuthoritySchema>;

/** One page of `GET /ssh_certificate_authorities`. */
export const sshCertificateAuthorityListSchema = z.object({
  ssh_certificate_authorities: z.array(sshCertificateAuthoritySchema),
  uri: z.string(),
  next_page_uri: z.string().nullable().optional(),
});

/** The body of `POST /ssh_certificate_authorities`: only the parameters that are set. */
export function createBody(inputs: SshCertificateAuthorityInputs): Record<string, unknown> {
  return requestBody(definition, inputs);
}

/** The body of `PATCH /ssh_certificate_authorities/{id}`: both fields, `""` clears one. */
export function updateBody(inputs: SshCertificateAuthorityInputs): Record<string, unknown> {
  return patchBody(definition, inputs);
}

/**
 * The inputs the API never returns, which outputs keep from the resource's own inputs: the key
 * parameters, and `adoptExistingId` (as given; only create reads it). Partial only for a CA read
 * whose key could not be told (see `keyParametersOfCa` in `./keyParameters`).
 */
export type KeptInputs = Partial<
  Pick<
    SshCertificateAuthorityInputs,
    "privateKeyType" | "ellipticCurve" | "keySize" | "adoptExistingId"
  >
>;

/**
 * The outputs: the key parameters and `adoptExistingId` from `keyParameters` (the API never
 * returns them), the rest from the response.
 */
export function toOutputs(
  response: SshCertificateAuthorityResponse,
  keyParameters: KeptInputs,
): SshCertificateAuthorityOutputs {
  return outputsFrom(definition, response, keyParameters);
}

/** The inputs that would reproduce the live object: what `read` hands back for later diffs. */
export function liveInputs(
  response: SshCertificateAuthorityResponse,
  keyParameters: KeptInputs,
): SshCertificateAuthorityInputs {
  return liveInputsFrom(definition, response, keyParameters);
}
