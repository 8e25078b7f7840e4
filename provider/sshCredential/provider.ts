/**
 * The implementation of the `SshCredential` dynamic provider, and its lookup. The SDK's thin
 * provider class `require`s this module by package name inside each method, so none of it is
 * serialized into `__provider`.
 *
 * The wire mapping is the definition's (`../framework/wire`) but for one irregularity, written
 * here: `acl` is sent only when it says something (an empty list is left out of a create, as
 * ngrok's Go client leaves it out, and out of an update that does not change it).
 *
 * Each lifecycle method makes one API request (plus retries of the same request where the client
 * allows them); `check` and `diff` make none.
 * - create: `POST /ssh_credentials`, never sent twice; after a failure that may have created the
 *   credential, it is looked for by its key with `GET /ssh_credentials` (`../common/createOnce`).
 *   ngrok holds a key once: a key the account already holds (`ERR_NGROK_609`, answered 400 or
 *   409, ngrok documents no status) fails naming the credential that holds it, found with
 *   `GET /ssh_credentials`.
 * - read: `GET /ssh_credentials/{id}` (404 → the credential is gone: `id: ""`)
 * - update: `PATCH /ssh_credentials/{id}` (`description`, `metadata`, and `acl` when it changed).
 *   ngrok does not say whether `"acl": []` clears the rules or is ignored (its Go client never
 *   sends it): when the answer still holds rules after a clearing update, a second `PATCH` sets
 *   `["*"]`, which ngrok documents as "equivalent to no acl at all".
 * - delete: `DELETE /ssh_credentials/{id}` (404 counts as deleted)
 *
 * ngrok's refusals of a field (`ERR_NGROK_600` an ACL rule, `611`/`612` the key, `243` the
 * owner) keep their status and code, and their message names the input.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { clientFromConfiguration, NgrokApiError, type NgrokClient } from "../client";
import { createOnce } from "../common/createOnce";
import { isNgrokId, quoted, requireLookupId } from "../common/ids";
import { pureMethods } from "../common/pureMethods";
import { patchItem } from "../common/patchItem";
import { readResult, type ReadResultOf } from "../common/readResult";
import { answeredId, recordCreated } from "../common/recordCreated";
import type * as WireModule from "../framework/wire";
import { keyFingerprint, keyMaterial } from "../sshCertificateCommon/publicKey";
import {
  aclSet,
  checkSshCredential,
  sameAcl,
  CREDENTIAL_ID_PREFIX,
  diffSshCredential,
  sshCredentialDefinition as definition,
  type SshCredentialInputs,
  type SshCredentialOutputs,
} from "./definition";
import { load } from "../lazy";

type Inputs = SshCredentialInputs;
type Outputs = SshCredentialOutputs;
/** An `SSHCredential` as ngrok answers it. */
type Response = WireModule.ResponseOf<typeof definition>;

/** `/ssh_credentials`. */
const COLLECTION_PATH = definition.api.path;
/** `/ssh_credentials/{id}` with the id URL-encoded. */
const itemPath = (id: string) => `${COLLECTION_PATH}/${encodeURIComponent(id)}`;

/** The wire format, built on first use: `check` and `diff` load neither zod nor the client. */
let wireFormat:
  | {
      readonly wire: typeof WireModule;
      readonly item: z.ZodType<Response>;
      readonly page: z.ZodType<{ ssh_credentials: Response[]; next_page_uri?: string | null }>;
    }
  | undefined;
function api(): NonNullable<typeof wireFormat> {
  if (wireFormat === undefined) {
    const wire = load.wire();
    const { z: zod } = load.zod();
    const item = wire.responseSchema(definition);
    const page = zod.object({
      ssh_credentials: zod.array(item),
      uri: zod.string(),
      next_page_uri: zod.string().nullable().optional(),
    });
    wireFormat = { wire, item, page };
  }
  return wireFormat;
}

const outputs = (live: Response): Outputs => api().wire.outputsFrom(definition, live, {});
const liveInputs = (live: Response): Inputs => api().wire.liveInputsFrom(definition, live, {});

/** Every credential of the account, newest first, 100 a page (`GET /ssh_credentials`). */
export function listCredentials(
  client: NgrokClient,
  onHeaders?: (headers: { get(name: string): string | null }) => void,
): AsyncIterable<Response> {
  return client.list(`${COLLECTION_PATH}?limit=100`, "ssh_credentials", api().page, onHeaders);
}

/** How many rules an ACL has, as a set (see `aclSet`: `["*"]` has none). */
const ruleCount = (acl: readonly string[] | undefined): number => {
  const rules = aclSet(acl);
  return Array.isArray(rules) ? rules.length : 0;
};

/** ngrok's codes for a field it refuses, and the input each is about. */
const FIELD_CODES: Readonly<Record<string, string>> = {
  ERR_NGROK_600: "acl",
  ERR_NGROK_611: "publicKey",
  ERR_NGROK_612: "publicKey",
  ERR_NGROK_243: "ownerId",
  ERR_NGROK_604: "description",
  ERR_NGROK_605: "metadata",
};
/** ngrok's code for a key the account already holds. */
const KEY_EXISTS = "ERR_NGROK_609";

/** `error` with `msg` instead of its message (same status, code, operation and endpoint). */
function reworded(error: NgrokApiError, msg: string): NgrokApiError {
  return new NgrokApiError(
    error.statusCode,
    { errorCode: error.errorCode, operationId: error.operationId, msg },
    error.endpoint,
    { retryAfterSeconds: error.retryAfterSeconds },
  );
}

/**
 * A refused create or update in words that name the input: a field ngrok refused, or (create)
 * the credential that already holds the key, found by listing the account's credentials.
 */
async function explained(client: NgrokClient, error: unknown, inputs: Inputs): Promise<unknown> {
  if (!NgrokApiError.isInstance(error) || error.errorCode === undefined) return error;
  const property = FIELD_CODES[error.errorCode];
  if (property !== undefined) {
    return reworded(error, `ngrok refused ${property}: ${error.msg}`);
  }
  if (error.errorCode !== KEY_EXISTS) return error;
  let holder: Response | undefined;
  try {
    for await (const credential of listCredentials(client)) {
      if (keyMaterial(credential.public_key) === keyMaterial(inputs.publicKey)) {
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
      : `${holder.id} (created ${holder.created_at}` +
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
}

/** The body of `POST /ssh_credentials`: the inputs that are set, `acl` only when it has rules. */
function createBody(inputs: Inputs): Record<string, unknown> {
  const { acl, ...body } = api().wire.requestBody(definition, inputs);
  // `acl` is `inputs.acl`, under its wire name.
  return inputs.acl?.length ? { ...body, acl } : body;
}

/**
 * `POST /ssh_credentials` once; after a failure that may have acted, the credential with the
 * declared key created meanwhile is recorded (ngrok holds a key once, so there is at most one).
 */
async function create(client: NgrokClient, inputs: Inputs): Promise<Response> {
  try {
    return await createOnce(client, {
      path: COLLECTION_PATH,
      itemSchema: api().item,
      list: listCredentials,
      body: createBody(inputs),
      matches: (credential) => keyMaterial(credential.public_key) === keyMaterial(inputs.publicKey),
      names: {
        noun: definition.api.noun,
        short: "credential",
        plural: "credentials",
        cli: "ssh-credentials",
      },
      lookFor: `key ${keyFingerprint(inputs.publicKey)}`,
    });
  } catch (error) {
    throw await explained(client, error, inputs);
  }
}

/**
 * The `ResourceProvider` methods of `SshCredential` (all but `configure`): `check` is
 * {@link checkSshCredential} and `diff` {@link diffSshCredential} (no API call).
 */
export const sshCredentialProvider = {
  ...pureMethods(checkSshCredential, diffSshCredential),

  /** One `POST` (see {@link create}). */
  async create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult<Outputs>> {
    const client = clientFromConfiguration();
    try {
      const created = await create(client, inputs);
      return { id: created.id, outs: outputs(created) };
    } catch (error) {
      // A POST answered with the new credential's id created it: record it rather than leak it.
      throw recordCreated(error, inputs, {
        idAfter: (failure) => {
          const id = answeredId(failure);
          return typeof id === "string" && isNgrokId(id, CREDENTIAL_ID_PREFIX) ? id : undefined;
        },
        describe: (id) => `the SSH credential ${id} was created`,
      });
    }
  },

  /** One `GET`. A credential deleted outside Pulumi reads as `id: ""`, which removes it from state. */
  async read(id: string, _props?: Outputs): Promise<ReadResultOf<Outputs, Inputs>> {
    const live = await clientFromConfiguration().requestUnlessNotFound({
      method: "GET",
      path: itemPath(id),
      schema: api().item,
    });
    return readResult(id, live, outputs, liveInputs);
  },

  /**
   * One `PATCH` with `description` and `metadata` (`""` clears one) and `acl` when it changed; a
   * second one with `acl: ["*"]` when ngrok kept the rules a clearing update sent `[]` for.
   */
  async update(
    id: string,
    olds: Outputs,
    news: Inputs,
  ): Promise<pulumi.dynamic.UpdateResult<Outputs>> {
    const client = clientFromConfiguration();
    const patch = (body: Record<string, unknown>) =>
      patchItem(client, itemPath(id), body, api().item);
    const { acl, ...body } = api().wire.patchBody(definition, news);
    const aclChanged = !sameAcl(olds.acl, news.acl);
    try {
      let updated = await patch(aclChanged ? { ...body, acl } : body);
      if (aclChanged && ruleCount(news.acl) === 0 && ruleCount(updated.acl) > 0) {
        client.debug(`ngrok kept the ACL of ${id} on "acl": []; clearing it with ["*"]`);
        updated = await patch({ acl: ["*"] });
      }
      return { outs: outputs(updated) };
    } catch (error) {
      throw await explained(client, error, news);
    }
  },

  /** One `DELETE`; a credential that is already gone counts as deleted. */
  async delete(id: string, _props?: Outputs): Promise<void> {
    await clientFromConfiguration().requestUnlessNotFound({
      method: "DELETE",
      path: itemPath(id),
    });
  },
};

/** One credential as the lookup returns it: the outputs of the resource, and its id. */
export interface SshCredentialRecord extends SshCredentialOutputs {
  /** ngrok's id, `sshcr_…`. */
  id: string;
}

/**
 * Reads one SSH credential by id without managing it (what the SDK's `getSshCredential` runs in
 * the program's process): one `GET /ssh_credentials/{id}`.
 *
 * @throws TypeError when `id` is not a credential id (`sshcr_…`), before any request.
 * @throws {@link NgrokApiError} when ngrok refuses, e.g. 404 when there is no such credential.
 */
export async function lookupSshCredential(
  client: NgrokClient,
  id: string,
): Promise<SshCredentialRecord> {
  requireLookupId("getSshCredential", "SSH credential", CREDENTIAL_ID_PREFIX, id);
  const live = await client.request({ method: "GET", path: itemPath(id), schema: api().item });
  return { id: live.id, ...outputs(live) };
}

/**
 * Every SSH credential of the account, newest first, as lookups return them (what
 * `pulumi-ngrok-dynamic pending-creates` compares): `GET /ssh_credentials`, every page.
 *
 * @throws {@link NgrokApiError} or {@link NgrokClientError} when a page cannot be read.
 */
export async function listSshCredentials(client: NgrokClient): Promise<SshCredentialRecord[]> {
  const found: SshCredentialRecord[] = [];
  for await (const live of listCredentials(client)) found.push({ id: live.id, ...outputs(live) });
  return found;
}
