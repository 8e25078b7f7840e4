/**
 * `SshCredential`: its definition (`./definition`) with the generic implementation
 * (`../framework/implementation`: `POST`, `GET`, `PATCH`, `DELETE /ssh_credentials[/{id}]`, a
 * create sent once and found by its key after a failure that may have acted, ngrok's refusals of
 * a field named as the input), and what is its own:
 *
 * - `acl` is sent only when it says something: an empty list is left out of a create, as ngrok's
 *   Go client leaves it out, and out of an update that does not change it. ngrok does not say
 *   whether `"acl": []` clears the rules or is ignored: when the answer still holds rules after a
 *   clearing update, a second `PATCH` sets `["*"]`, which ngrok documents as "equivalent to no acl
 *   at all";
 * - ngrok holds a key once: a key the account already holds (`ERR_NGROK_609`, answered 400 or
 *   409, ngrok documents no status) fails naming the credential that holds it, found with
 *   `GET /ssh_credentials` (read until it is found).
 *
 * @module
 */
import { crudResource, reworded } from "../framework/implementation";
import type { LookupRecord } from "../framework/module";
import { keyFingerprint, keyMaterial } from "../sshCertificateCommon/publicKey";
import { quoted } from "../common/ids";
import { aclSet, sameAcl, sshCredentialDefinition } from "./definition";

/** ngrok's code for a key the account already holds. */
const KEY_EXISTS = "ERR_NGROK_609";

/** How many rules an ACL has, as a set (see `aclSet`: `["*"]` has none). */
const ruleCount = (acl: unknown): number => {
  const rules = aclSet(acl);
  return Array.isArray(rules) ? rules.length : 0;
};

/** One credential as the lookups return it: the outputs of the resource, and its id. */
export type SshCredentialRecord = LookupRecord<typeof sshCredentialDefinition>;

/** The SSH credential. */
export const sshCredential = crudResource(sshCredentialDefinition, {
  identifyCreate: (inputs) => `key ${keyFingerprint(inputs.publicKey)}`,

  createBody: ({ acl, ...body }, inputs) => (inputs.acl?.length ? { ...body, acl } : body),

  async update({ client, id, olds, news, body: { acl, ...body }, patch }) {
    const aclChanged = !sameAcl(olds.acl, news.acl);
    const updated = await patch(aclChanged ? { ...body, acl } : body);
    if (aclChanged && ruleCount(news.acl) === 0 && ruleCount(updated.acl) > 0) {
      client.debug(`ngrok kept the ACL of ${id} on "acl": []; clearing it with ["*"]`);
      return patch({ acl: ["*"] });
    }
    return updated;
  },

  async explainRefusal({ error, inputs, objects }) {
    if (error.errorCode !== KEY_EXISTS) return error;
    let holder: SshCredentialRecord | undefined;
    try {
      for await (const credential of objects()) {
        if (keyMaterial(credential.publicKey) === keyMaterial(inputs.publicKey)) {
          holder = credential;
          break;
        }
      }
    } catch {
      // The list is only to name the holder: ngrok's own answer is still the failure.
    }
    const which =
      holder === undefined
        ? "another credential"
        : `${holder.id} (created ${holder.createdAt}` +
          `${holder.description === undefined ? "" : `, description ${quoted(holder.description)}`})`;
    return reworded(
      error,
      `publicKey (${keyFingerprint(inputs.publicKey)}) is already an SSH credential of this ` +
        `account, ${which}, and ngrok holds a key once, so no credential was created. If an ` +
        `interrupted deployment created it for this resource, delete it (\`ngrok api ` +
        `ssh-credentials delete ${holder?.id ?? "<id>"}\`) and run pulumi up again; if another ` +
        `resource or stack manages it, give this resource another key, or read that credential ` +
        `with SshCredential.get. A replacement that keeps the key (pulumi up --replace, ` +
        `replacementTrigger) needs the resource option deleteBeforeReplace: true (ngrok said: ` +
        `${error.msg})`,
    );
  },
});
