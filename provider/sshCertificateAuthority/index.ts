/**
 * `SshCertificateAuthority`: its definition (`./definition`) with the generic implementation
 * (`../framework/implementation`: `POST`, `GET`, `PATCH`, `DELETE
 * /ssh_certificate_authorities[/{id}]`, a create sent once and found again after a failure that
 * may have acted, the ownership marker, adoption with `adoptExistingId`), and what is its own:
 *
 * - ngrok never returns the key parameters (`privateKeyType`, `ellipticCurve`, `keySize`): they
 *   are kept from the inputs, and a CA read without them (`SshCertificateAuthority.get`, the
 *   lookups) has them read from its public key (`./keyParameters`);
 * - a created CA is found again, a CA taken over or adopted is recognised, by its key's
 *   parameters (key type, curve, RSA size, defaults applied) and its description and metadata;
 * - a delete refused because certificates the CA signed still exist (`ERR_NGROK_1964`) names
 *   them (`./inUse`).
 *
 * @module
 */
import { crudResource } from "../framework/implementation";
import type { LookupRecord } from "../framework/module";
import { sshCertificateAuthorityDefinition } from "./definition";
import { explainAuthorityInUse } from "./inUse";
import { adoptionRefusal, keyParametersOfCa, sameKeyParameters } from "./keyParameters";

/** One CA as a lookup returns it: the outputs of the resource, and the CA's id (`sshca_…`). */
export type SshCertificateAuthorityRecord = LookupRecord<typeof sshCertificateAuthorityDefinition>;

/** The SSH certificate authority. */
export const sshCertificateAuthority = crudResource(sshCertificateAuthorityDefinition, {
  keptInputs: (answered, props) =>
    props?.privateKeyType === undefined ? keyParametersOfCa(answered) : props,
  sameObject: sameKeyParameters,
  adoptionRefusal,
  identifyCreate: (inputs) =>
    `description ${JSON.stringify(inputs.description ?? "")}, key type ${inputs.privateKeyType}`,
  explainDelete: explainAuthorityInUse,
});
