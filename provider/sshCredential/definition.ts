/**
 * `SshCredential`, defined once: every property with its type and rules, description, default,
 * wire name and what a change does (see `../framework`), and its pure `check` and `diff`. The
 * SDK's types, the package schema and the docs tables are generated from it (`npm run generate`).
 *
 * Source: ngrok's API reference, "SSH Credentials" (`POST`, `GET`, `PATCH`, `DELETE
 * /ssh_credentials[/{id}]`; `SSHCredentialCreate`, `SSHCredentialUpdate` and `SSHCredential` in
 * ngrok's Go, TypeScript and Python clients); the fields' docs (description ≤ 255 bytes, metadata
 * ≤ 4096 bytes, `acl` "'*' or start with 'bind:'", `owner_id` "Defaults to the authenticated User
 * or Bot"); ngrok's error catalogue (600, 604, 605, 609, 611, 612). ngrok's Terraform provider
 * replaces on `public_key` and `owner_id` and updates the rest in place, as here.
 *
 * Where ngrok is silent, this definition decides (the docs page says so too):
 * - the key types: RSA, ECDSA, Ed25519 and the FIDO security keys (`CREDENTIAL_KEYS` in
 *   `../sshCertificateCommon/publicKey`); DSA is refused, since OpenSSH no longer accepts it;
 * - `acl`: each rule `*` or `bind:` followed by a value without whitespace (ngrok's domains,
 *   addresses and labels have none); the value's grammar is left to ngrok (`ERR_NGROK_600`);
 *   `[]` and `["*"]` are the same (ngrok: "A rule of '*' is equivalent to no acl at all"), and
 *   the order of the rules does not count;
 * - a comment-only change of `publicKey` is no change (ngrok cannot update the key, and a new
 *   credential for the same key is refused while the old one exists, `ERR_NGROK_609`);
 * - a replacement that keeps the key (an `ownerId` change) deletes the old credential first.
 *
 * @module
 */
import { objectOutputs, TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { file, output, resource } from "../framework/example";
import type { InputsOf, OutputsOf } from "../framework/resource";
import { publicKeyRule } from "../sshCertificateCommon/rules";
import { CREDENTIAL_KEYS } from "../sshCertificateCommon/publicKey";
import { OPENSSH_PUBLIC_KEY } from "../sshCertificateCommon/properties";
import { aclRule, ownerIdRule, sameAcl } from "./rules";

export { aclSet, sameAcl } from "./rules";

export { LIMITS } from "../common/textProperties";
/** The prefix of ngrok's SSH credential ids: `sshcr_`, then letters and digits. */
export const CREDENTIAL_ID_PREFIX = "sshcr_";
export { OWNER_ID_PREFIXES } from "./rules";

/** The SSH credential. */
export const sshCredentialDefinition = defineResource({
  name: "SshCredential",
  description:
    "An ngrok SSH credential: an SSH public key that ngrok's SSH gateway accepts, so that the " +
    "holder of its private key can start tunnels with a plain `ssh` client " +
    "(`ssh -R 0:localhost:80 v2@connect.ngrok-agent.com http`), optionally restricted by ACL " +
    "rules to the endpoints it may bind.",
  id: "ngrok's id (`sshcr_…`)",
  argsDescription:
    "The arguments of {@link SshCredential}. `publicKey` and `ownerId` replace the credential " +
    "when they change; `acl`, `description` and `metadata` are updated in place. Everything " +
    "is checked at `pulumi preview`, before any API call.",
  terraform: "ngrok_ssh_credential",
  api: {
    path: "/ssh_credentials",
    noun: "SSH credential",
    idPrefix: CREDENTIAL_ID_PREFIX,
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /ssh_credentials[/{id}]`",
    fieldErrors: {
      ERR_NGROK_600: "acl",
      ERR_NGROK_611: "publicKey",
      ERR_NGROK_612: "publicKey",
      ERR_NGROK_243: "ownerId",
      ERR_NGROK_604: "description",
      ERR_NGROK_605: "metadata",
    },
  },
  lookups: {
    one: {
      description:
        "Reads one SSH credential by id, without managing it: one `GET /ssh_credentials/{id}`.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "ssh-credentials",
    shortNoun: "credential",
    shortNounPlural: "credentials",
    identifyingInputs: ["publicKey", "description"],
    writesOwnershipMarker: false,
  },
  sdk: {
    importInstead:
      "ngrok holds a key once, so delete {id}, remove import, and this resource creates the " +
      'credential again with the declared key (see "Import" in the resource\'s documentation)',
  },
  example: {
    summary: "A device's SSH key, allowed to bind its own hostname and TCP address.",
    resources: [
      resource("SshCredential", "device-132", {
        publicKey: file("keys/device132.pub"),
        acl: ["bind:132.devices.example.com", "bind:1.tcp.ngrok.io:20002"],
        description: "Device 132",
        metadata: '{"site":"lab"}',
      }),
    ],
    outputs: { deviceCredentialId: output("device-132", "id") },
  },
  properties: {
    publicKey: {
      ...OPENSSH_PUBLIC_KEY,
      rule: publicKeyRule(CREDENTIAL_KEYS),
      unique: true,
      description:
        "The public key ngrok accepts: one line of an OpenSSH public key file, " +
        "`<type> <base64 key data> [comment]`, with type `ssh-ed25519`, `ecdsa-sha2-nistp256`, " +
        "`ecdsa-sha2-nistp384`, `ecdsa-sha2-nistp521`, `ssh-rsa` (1024 bits or more), " +
        "`sk-ssh-ed25519@openssh.com` or `sk-ecdsa-sha2-nistp256@openssh.com`. Read it with " +
        '`fs.readFileSync("…/id_ed25519.pub", "utf8")`: whitespace around the line is dropped. ' +
        "Refused at preview, naming the key's type: DSA keys, certificates, PEM, several lines, " +
        "and private keys (whose value is never shown). An account holds a key once. Changing " +
        "the key replaces the credential (the new one is created first); changing only its " +
        "comment does not.",
      outputDescription: "The public key, as ngrok holds it (as sent: the line, comment included).",
    },
    acl: {
      role: "input",
      type: { kind: "stringList" },
      default: [],
      unordered: true,
      onChange: "update",
      wire: "acl",
      same: sameAcl,
      rule: aclRule,
      typeText: "list of strings",
      description:
        'The ACL rules: what the key may bind, each `"bind:<value>"` with the value a domain ' +
        '(`"bind:*.example.com"`), an address (`"bind:1.tcp.ngrok.io:20002"`) or a label ' +
        '(`"bind:env=prod"`), or `"*"` (anything). Default: `[]`, no restriction (the same as ' +
        '`["*"]`). The order does not count. Updated in place. ngrok requires an Enterprise ' +
        "plan for ACL rules.",
      outputDescription: "The ACL rules as ngrok holds them; `[]` for none.",
    },
    ...TEXT_INPUTS,
    ownerId: {
      role: "input",
      type: { kind: "string" },
      serverFilled: true,
      defaultText: "the API key's owner (ngrok's)",
      onChange: "replace",
      wire: "owner_id",
      rule: ownerIdRule,
      typeText: "string, `usr_…` or `bot_…`",
      description:
        "The user (`usr_…`) or bot user (`bot_…`) that owns the credential. Default: the owner " +
        "of the API key, which ngrok fills in and the `ownerId` output shows (leaving the input " +
        "out is never a change). Only an admin's API key may name another owner. Changing it " +
        "replaces the credential, deleting the old one first (ngrok holds a key once).",
      outputDescription: "The owner, `usr_…` or `bot_…`: as given, or the API key's owner.",
    },
    ...objectOutputs(
      "The API URI of the credential, `https://api.ngrok.com/ssh_credentials/sshcr_…`.",
    ),
  },
});

/** The inputs of `SshCredential` as they are after `check` (`acl` defaults to `[]`). */
export type SshCredentialInputs = InputsOf<typeof sshCredentialDefinition>;
/** The outputs of `SshCredential` recorded in state. */
export type SshCredentialOutputs = OutputsOf<typeof sshCredentialDefinition>;

/**
 * Validates raw inputs and applies the default of `acl` (`[]`). Pure: no API call, so
 * `pulumi preview` reports every failure before anything is created. Rules (each failure names
 * the property):
 * - `publicKey` is required: one OpenSSH public key line of a type in `CREDENTIAL_KEYS` (see
 *   `../sshCertificateCommon/publicKey`); the surrounding whitespace is dropped; a private key is
 *   refused without being shown;
 * - `acl` is a list of rules, each `"*"` or `"bind:"` followed by a value without whitespace or
 *   control characters;
 * - `description` at most 255 and `metadata` at most 4096 bytes of UTF-8;
 * - `ownerId`, when set, a user or bot user id (`usr_…`, `bot_…`, then letters and digits);
 * - no other property.
 * Values not known yet (preview) are not checked.
 */
export const checkSshCredential = sshCredentialDefinition.check;

/**
 * The pure `diff` (old outputs in state against new checked inputs): `publicKey` and `ownerId`
 * replace, `acl`, `description` and `metadata` update in place (see the definition). `publicKey`
 * is compared by the key alone (a new comment is no change), `acl` as a set with `["*"]` the same
 * as `[]`, and an `ownerId` left out is never a change. A replacement that keeps the key (only
 * `ownerId` changed) deletes the old credential before creating the new one: ngrok refuses a key
 * the account already holds (`ERR_NGROK_609`).
 */
export const diffSshCredential = sshCredentialDefinition.diff;
