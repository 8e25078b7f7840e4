/**
 * SSH Certificate Authorities (spec sections 2.1, 2.2, 4.1):
 * `POST /ssh_certificate_authorities`, `GET /ssh_certificate_authorities`,
 * `GET|PATCH|DELETE /ssh_certificate_authorities/:id`.
 *
 * Create parameters and defaults (ngrok documents no defaults; these are the emulator's):
 * - `private_key_type`: rsa, ecdsa or ed25519 (else ERR_NGROK_1909); omitted or "" → ed25519;
 * - `key_size`: rsa only (else ERR_NGROK_1940); 2048 or 4096 (else ERR_NGROK_1939);
 *   omitted or 0 → 4096;
 * - `elliptic_curve`: ecdsa only (else ERR_NGROK_1942); p256, p384 or p521 (else
 *   ERR_NGROK_1941); omitted or "" → p256;
 * - `description` ≤ 255 and `metadata` ≤ 4096 UTF-8 bytes (else ERR_NGROK_1937 / 1938).
 * Zero values count as omitted because ngrok's Go, Python and Java clients send them.
 *
 * Update takes `description` and `metadata` (omitted or null: unchanged; "": cleared) and
 * tolerates an `id` field in the body, which ngrok's TypeScript client sends.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { apiErrors } from "../errors";
import { ID_PREFIX } from "../model/ids";
import { paginate, parsePageQuery } from "../model/paging";
import { renderSshCa, sshCaListUri } from "../model/render";
import {
  DEFAULT_ELLIPTIC_CURVE,
  DEFAULT_RSA_KEY_SIZE,
  DEFAULT_SSH_KEY_TYPE,
  ELLIPTIC_CURVES,
  generateSshKeyPair,
  RSA_KEY_SIZES,
  SSH_KEY_TYPES,
  type EllipticCurve,
  type SshKeySpec,
  type SshKeyType,
} from "../model/sshKeys";
import {
  checkFields,
  checkIdPrefix,
  checkQuery,
  objectBody,
  utf8Length,
} from "../model/validation";

/** Byte limit of `description`. */
export const DESCRIPTION_MAX_BYTES = 255;
/** Byte limit of `metadata`. */
export const METADATA_MAX_BYTES = 4096;

const CREATE_FIELDS = {
  description: "string",
  metadata: "string",
  private_key_type: "string",
  elliptic_curve: "string",
  key_size: "int64",
} as const;

const UPDATE_FIELDS = {
  id: "string",
  description: "string",
  metadata: "string",
} as const;

type IdParams = { Params: { id: string } };

function checkLengths(values: Record<string, unknown>): void {
  const { description, metadata } = values;
  if (typeof description === "string" && utf8Length(description) > DESCRIPTION_MAX_BYTES) {
    throw apiErrors.sshDescriptionTooLong(DESCRIPTION_MAX_BYTES, utf8Length(description));
  }
  if (typeof metadata === "string" && utf8Length(metadata) > METADATA_MAX_BYTES) {
    throw apiErrors.sshMetadataTooLong(METADATA_MAX_BYTES, utf8Length(metadata));
  }
}

/** Resolves the key parameters of a create request, applying the defaults above. */
export function resolveKeySpec(values: Record<string, unknown>): SshKeySpec {
  const requested = typeof values.private_key_type === "string" ? values.private_key_type : "";
  const type = (requested === "" ? DEFAULT_SSH_KEY_TYPE : requested) as SshKeyType;
  if (!SSH_KEY_TYPES.includes(type)) throw apiErrors.sshPrivateKeyTypeInvalid(type, SSH_KEY_TYPES);
  const keySize =
    typeof values.key_size === "number" && values.key_size !== 0 ? values.key_size : undefined;
  const curve =
    typeof values.elliptic_curve === "string" && values.elliptic_curve !== ""
      ? values.elliptic_curve
      : undefined;
  if (keySize !== undefined && type !== "rsa") throw apiErrors.sshKeySizeNotRsa(type);
  if (curve !== undefined && type !== "ecdsa") throw apiErrors.sshCurveNotEcdsa(type);
  switch (type) {
    case "rsa": {
      const bits = keySize ?? DEFAULT_RSA_KEY_SIZE;
      if (bits !== 2048 && bits !== 4096) throw apiErrors.sshKeySizeInvalid(bits, RSA_KEY_SIZES);
      return { type, bits: bits as (typeof RSA_KEY_SIZES)[number] };
    }
    case "ecdsa": {
      const chosen = curve ?? DEFAULT_ELLIPTIC_CURVE;
      if (!(ELLIPTIC_CURVES as readonly string[]).includes(chosen)) {
        throw apiErrors.sshCurveInvalid(chosen, ELLIPTIC_CURVES);
      }
      return { type, curve: chosen as EllipticCurve };
    }
    case "ed25519":
      return { type };
  }
}

/** Registers the SSH CA routes. */
export async function sshCertificateAuthorityRoutes(
  app: FastifyInstance,
  options: { context: EmulatorContext },
): Promise<void> {
  const { context } = options;
  const { store } = context;
  const prefix = ID_PREFIX.sshCertificateAuthority;

  function find(request: FastifyRequest<IdParams>) {
    const { id } = request.params;
    checkIdPrefix(id, prefix);
    const record = store.getSshCa(id);
    if (record === undefined) throw apiErrors.sshCaNotFound(id);
    return record;
  }

  app.post("/ssh_certificate_authorities", async (request, reply) => {
    checkQuery(request.query, []);
    const values = checkFields(objectBody(request.body), CREATE_FIELDS);
    checkLengths(values);
    const spec = resolveKeySpec(values);
    const key = await generateSshKeyPair(spec);
    const record = store.createSshCa({
      description: (values.description as string | undefined) ?? "",
      metadata: (values.metadata as string | undefined) ?? "",
      keyType: key.keyType,
      publicKey: key.publicKey,
      privateKey: key.privateKey,
    });
    return reply.code(201).send(renderSshCa(record, context.urlsFor(request)));
  });

  app.get("/ssh_certificate_authorities", async (request) => {
    const page = parsePageQuery(request.query, prefix);
    const urls = context.urlsFor(request);
    const listUri = sshCaListUri(urls);
    const { items, nextPageUri } = paginate(store.listSshCas(), page, listUri);
    return {
      ssh_certificate_authorities: items.map((record) => renderSshCa(record, urls)),
      uri: listUri,
      next_page_uri: nextPageUri,
    };
  });

  app.get<IdParams>("/ssh_certificate_authorities/:id", async (request) => {
    checkQuery(request.query, []);
    return renderSshCa(find(request), context.urlsFor(request));
  });

  app.patch<IdParams>("/ssh_certificate_authorities/:id", async (request) => {
    checkQuery(request.query, []);
    const record = find(request);
    const values = checkFields(objectBody(request.body), UPDATE_FIELDS);
    checkLengths(values);
    if (typeof values.description === "string") record.description = values.description;
    if (typeof values.metadata === "string") record.metadata = values.metadata;
    return renderSshCa(record, context.urlsFor(request));
  });

  app.delete<IdParams>("/ssh_certificate_authorities/:id", async (request, reply) => {
    checkQuery(request.query, []);
    find(request);
    store.deleteSshCa(request.params.id);
    return reply.code(204).send();
  });
}
