/**
 * Creating an SSH certificate authority exactly once.
 *
 * `POST /ssh_certificate_authorities` is not idempotent (ngrok has no idempotency key), so after a
 * failure that may have acted the CA it may have created is looked for, as `../common/createOnce`
 * describes: a candidate is a CA created while the request could have been processed, with the
 * same description, metadata, key type and (ECDSA) curve, and not already created or adopted by
 * this process. Exactly one is recorded as this create's; otherwise the error says that a CA may
 * have been created, names the candidates, and says how to find and delete one.
 *
 * Residual risk, documented: another program creating an identical CA (same description,
 * metadata and key type) during this request, while this request's create did not act, would be
 * taken for this one.
 *
 * With `ngrok:ownershipMarker` on (the checked `metadata` names the resource's owner, see
 * `../common/ownershipMarker`), the CA an interrupted deployment created for the same resource is
 * taken over before any `POST` (`../common/takeOver`): one whose marker names this owner and
 * whose key has the declared parameters (key type, curve, RSA size).
 *
 * @module
 */
import type { NgrokClient } from "../client";
import { createOnce as createOnceIn, takeOverWhenMarked } from "../common/createOnce";
import { ownerOf } from "../common/ownershipMarker";
import {
  COLLECTION_PATH,
  createBody,
  itemPath,
  sshCertificateAuthorityListSchema,
  sshCertificateAuthoritySchema,
  type SshCertificateAuthorityResponse,
  updateBody,
} from "./api";
import {
  type SshCertificateAuthorityInputs,
  sshCertificateAuthorityDefinition,
} from "./definition";
import { keyMismatch, publicKeyFacts } from "./keyParameters";
import { objectNames } from "../framework/resource";

/**
 * `POST /ssh_certificate_authorities` once, recovering the CA after an ambiguous failure (see
 * the module comment).
 *
 * @throws {@link NgrokApiError} when the API refused the request (nothing was created).
 * @throws {@link NgrokClientError} when the outcome stays unknown: the message says a CA may
 *   have been created and how to find it.
 */
export async function createOnce(
  client: NgrokClient,
  inputs: SshCertificateAuthorityInputs,
): Promise<SshCertificateAuthorityResponse> {
  const owner = ownerOf(inputs.metadata);
  return createOnceIn(client, {
    path: COLLECTION_PATH,
    itemSchema: sshCertificateAuthoritySchema,
    list: (listing, onHeaders) =>
      listing.list(
        `${COLLECTION_PATH}?limit=100`,
        "ssh_certificate_authorities",
        sshCertificateAuthorityListSchema,
        onHeaders,
      ),
    body: createBody(inputs),
    matches: (ca) => matches(ca, inputs),
    names: objectNames(sshCertificateAuthorityDefinition),
    lookFor:
      `description ${JSON.stringify(inputs.description ?? "")}, ` +
      `key type ${inputs.privateKeyType}`,
    takeOver: takeOverWhenMarked(owner, {
      sameObject: (ca) => sameKey(ca, inputs),
      declared: { description: inputs.description, metadata: inputs.metadata },
      update: (patching, id) =>
        patching.request({
          method: "PATCH",
          path: itemPath(id),
          body: updateBody(inputs),
          schema: sshCertificateAuthoritySchema,
        }),
    }),
  });
}

/** Whether `ca`'s key has the declared key type, curve and RSA size (defaults applied by check). */
function sameKey(ca: SshCertificateAuthorityResponse, inputs: SshCertificateAuthorityInputs) {
  try {
    return keyMismatch(inputs, publicKeyFacts(ca.public_key)) === undefined;
  } catch {
    return false; // a key that cannot be read is not the declared one
  }
}

/** Whether `ca` has what a create with `inputs` would give it. */
function matches(ca: SshCertificateAuthorityResponse, inputs: SshCertificateAuthorityInputs) {
  if (
    (ca.description ?? "") !== (inputs.description ?? "") ||
    (ca.metadata ?? "") !== (inputs.metadata ?? "") ||
    ca.key_type !== inputs.privateKeyType
  ) {
    return false;
  }
  if (inputs.privateKeyType === "ecdsa" && inputs.ellipticCurve !== undefined) {
    const nistCurve = inputs.ellipticCurve.replace(/^p/, "nistp");
    return ca.public_key.startsWith(`ecdsa-sha2-${nistCurve} `);
  }
  return true;
}
