/**
 * Creating an SSH certificate exactly once, and what a refused create says.
 *
 * `POST /ssh_host_certificates` and `POST /ssh_user_certificates` are not idempotent, so after a
 * failure that may have acted the certificate it may have created is looked for, as
 * `../common/createOnce` describes: a candidate is a certificate of the same kind created while
 * the request could have been processed, signed by the same CA for the same key (type and key
 * data, whatever the comment), with the same description and metadata, and the same principals,
 * validity and (user) options where the program declares them; and not already created or
 * adopted by this process. Exactly one is recorded as this create's; otherwise the error says
 * that a certificate may have been created, names the candidates, and says how to find and
 * delete one.
 *
 * A create refused with 404 means the CA does not exist (ngrok's codes `ERR_NGROK_1949` and
 * `ERR_NGROK_1951`): the error keeps ngrok's status and code and says so in words, naming the id.
 *
 * Residual risk, documented: another program creating an identical certificate (same CA, key and
 * description) during this request, while this request's create did not act, would be taken for
 * this one.
 *
 * With `ngrok:ownershipMarker` on (the checked `metadata` names the resource's owner, see
 * `../common/ownershipMarker`), the certificate an interrupted deployment created for the same
 * resource is taken over before any `POST` (`../common/takeOver`): one whose marker names this
 * owner and that is signed as declared (CA, key, principals, validity, options).
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import { type NgrokClient, NgrokApiError } from "../client";
import { createOnce, takeOverWhenMarked } from "../common/createOnce";
import { ownerOf } from "../common/ownershipMarker";
import {
  certificateSchema,
  createBody,
  itemPath,
  listCertificates,
  type SshCertificateResponse,
  updateBody,
} from "./api";
import type { SshCertificateInputs } from "./properties";
import type { CertificateKind } from "./kinds";
import { keyFingerprint, keyMaterial } from "./publicKey";
import { sameInstant } from "./validity";
import { objectNames } from "../framework/resource";

/**
 * `POST <kind.path>` once, recovering the certificate after an ambiguous failure (see the module
 * comment).
 *
 * @throws {@link NgrokApiError} when the API refused the request (nothing was created); for an
 *   unknown CA (404) with a message that says so.
 * @throws {@link NgrokClientError} when the outcome stays unknown: the message says a
 *   certificate may have been created and how to find it.
 */
export async function createCertificate(
  client: NgrokClient,
  kind: CertificateKind,
  inputs: SshCertificateInputs,
): Promise<SshCertificateResponse> {
  const owner = ownerOf(inputs.metadata);
  try {
    return await createOnce(client, {
      path: kind.path,
      itemSchema: certificateSchema(kind),
      list: (listing, onHeaders) => listCertificates(listing, kind, onHeaders),
      body: createBody(kind, inputs),
      matches: (certificate) => matches(certificate, inputs),
      names: objectNames(kind.definition),
      lookFor:
        `CA ${inputs.sshCertificateAuthorityId}, key ${keyFingerprint(inputs.publicKey)}, ` +
        `description ${JSON.stringify(inputs.description ?? "")}`,
      takeOver: takeOverWhenMarked(owner, {
        sameObject: (certificate) => sameSigned(certificate, inputs),
        declared: { description: inputs.description, metadata: inputs.metadata },
        update: (patching, id) => {
          const body = updateBody(kind, inputs);
          return patching.request({
            method: "PATCH",
            path: itemPath(kind, id),
            body,
            schema: certificateSchema(kind),
          });
        },
      }),
    });
  } catch (error) {
    throw NgrokApiError.isInstance(error) && error.isNotFound
      ? unknownAuthority(error, kind, inputs.sshCertificateAuthorityId)
      : error;
  }
}

/** Whether `certificate` has what a create with `inputs` would give it. */
function matches(certificate: SshCertificateResponse, inputs: SshCertificateInputs): boolean {
  return (
    (certificate.description ?? "") === (inputs.description ?? "") &&
    (certificate.metadata ?? "") === (inputs.metadata ?? "") &&
    sameSigned(certificate, inputs)
  );
}

/**
 * Whether `certificate` is signed as a create with `inputs` would sign it: the same CA and key,
 * and the principals, validity and options where the program declares them (what no `PATCH`
 * can change).
 */
export function sameSigned(certificate: SshCertificateResponse, inputs: SshCertificateInputs) {
  const declared = <T>(value: T | undefined, live: T, same: (a: T, b: T) => boolean) =>
    value === undefined || same(value, live);
  return (
    certificate.ssh_certificate_authority_id === inputs.sshCertificateAuthorityId &&
    keyMaterial(certificate.public_key) === keyMaterial(inputs.publicKey) &&
    declared(inputs.principals, certificate.principals ?? [], isDeepStrictEqual) &&
    declared(inputs.validAfter, certificate.valid_after, sameInstant) &&
    declared(inputs.validUntil, certificate.valid_until, sameInstant) &&
    declared(inputs.criticalOptions, certificate.critical_options ?? {}, isDeepStrictEqual) &&
    declared(inputs.extensions, certificate.extensions ?? {}, isDeepStrictEqual)
  );
}

/** ngrok's 404 to a create, in words: the CA that `sshCertificateAuthorityId` names is not there. */
function unknownAuthority(error: NgrokApiError, kind: CertificateKind, caId: string) {
  return new NgrokApiError(
    error.statusCode,
    {
      errorCode: error.errorCode,
      operationId: error.operationId,
      msg:
        `the SSH certificate authority ${caId} (sshCertificateAuthorityId) does not exist in ` +
        `this ngrok account, so no ${kind.short} was created: check the id, or declare the CA ` +
        `in the program and pass its id output, so that Pulumi creates it first (ngrok said: ` +
        `${error.msg})`,
    },
    error.endpoint,
    { retryAfterSeconds: error.retryAfterSeconds },
  );
}
