/**
 * Options of the emulator and their defaults.
 */
import { validateFaultRule, type FaultRule } from "./faults/faultRule";
import { resolveRateLimit, type RateLimitOptions } from "./http/rateLimit";
import {
  resolveEdgesOptions,
  type EdgesDeprecatedOptions,
  type EdgesReadOnlyOptions,
} from "./http/edgesDeprecated";
import { SAML_MODULE_ABSENT_ANSWERS, type SamlModuleAbsentAnswer } from "./model/render";
import { IDP_METADATA_AGGREGATES, type IdpMetadataAggregates } from "./model/idpMetadata";
import { IDP_METADATA_STORES, type IdpMetadataStore } from "./model/idpMetadataStore";
import { ID_PREFIX, newId, randomBase62 } from "./model/ids";
import {
  isOwnerId,
  resolveSshCredentialOptions,
  type SshCredentialOptions,
} from "./model/sshCredential";
import type { ResolvedOptions } from "./context/resolvedOptions";
import {
  resolveCloudOptions,
  type CloudEndpointOptions,
  type ReservedDomainOptions,
} from "./model/cloudOptions";
import type { OpenApiDocument } from "./spec";
import type { PlainCollection } from "./model/plainResource";
import { resolvePlainCollectionOptions, type PlainCollectionOptions } from "./model/plainOptions";

export type { ResolvedOptions } from "./context/resolvedOptions";

/** Default listening host: loopback only. */
export const DEFAULT_HOST = "127.0.0.1";
/** Default listening port. */
export const DEFAULT_PORT = 8787;
/** Default request body limit, in bytes (1 MiB). Larger bodies answer 413. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/**
 * Default limit of the SAML module's `idp_metadata`, in UTF-8 bytes (256 KiB). Larger values
 * answer 400 `ERR_NGROK_7080`. ngrok's catalogue leaves the limit as a placeholder (`MAX`); an
 * older catalogue entry (1680) named 16834 bytes, which real IdP metadata (AD FS federation
 * metadata is often over 70 KB) exceeds, so the emulator is lenient here and lets you choose.
 */
export const DEFAULT_IDP_METADATA_MAX_BYTES = 256 * 1024;

/** Options of {@link buildEmulatorApp} and {@link startEmulator}. Every field is optional. */
export interface EmulatorOptions {
  /** Interface to listen on (startEmulator only). Default `"127.0.0.1"` (loopback). */
  host?: string;
  /** TCP port to listen on (startEmulator only). Default `8787`; `0` picks a free port. */
  port?: number;
  /**
   * The API key the emulator accepts as `Authorization: Bearer <key>`: printable ASCII without
   * spaces. Default: generated, `"emu_"` followed by 32 random base62 characters (the CLI
   * prints it).
   */
  apiKey?: string;
  /**
   * Public base URL of the API, without trailing slash, used in `uri` and `next_page_uri`
   * fields. Default: the listening URL for {@link startEmulator}, and
   * `http://<Host header>` of each request for {@link buildEmulatorApp} (e.g. with `inject`).
   */
  baseUrl?: string;
  /**
   * Base URL of the SAML service-provider URLs (`entity_id` = `metadata_url` =
   * `<samlBaseUrl>/saml/<route id>`, plus `/acs` and `/slo`). The emulator serves the SP
   * metadata at the path part of that URL. Default: the API base URL (see `baseUrl`).
   * ngrok itself uses `https://idp.ngrok.com`.
   */
  samlBaseUrl?: string;
  /** Enable fastify's (pino) logger. Default `false`. */
  logger?: boolean;
  /**
   * HTTP status of authentication failures (ERR_NGROK_200/201/202). Default `401`, as ngrok's
   * error catalogue and clients describe them; a third-party probe of api.ngrok.com reported
   * `403`, so this is configurable.
   */
  authErrorStatus?: 401 | 403;
  /** Request body limit in bytes. Default {@link DEFAULT_BODY_LIMIT} (1 MiB). */
  bodyLimit?: number;
  /** Limit of `idp_metadata` in UTF-8 bytes. Default {@link DEFAULT_IDP_METADATA_MAX_BYTES}. */
  idpMetadataMaxBytes?: number;
  /**
   * Initial fault-injection rules (see {@link FaultRule}), applied to API requests before
   * authentication; first matching rule wins. They get the ids `fault_1`, `fault_2`, … and can
   * be changed at run time through `faults` (or the `/__emulator/faults` endpoint). Default: none.
   */
  faults?: FaultRule[];
  /**
   * Seed (an integer in 0..2^32-1) of the probability draws of fault rules: with a seed, the
   * same sequence of matching requests is hit the same way on every run (the draws come from
   * a mulberry32 generator; one draw per matching rule with `probability < 1`). Default:
   * `Math.random`.
   */
  faultSeed?: number;
  /**
   * ngrok's rate limit, per API key over a rolling window: `true` = ngrok's 120 requests per
   * 60 000 ms, an object = your numbers (each defaulting to ngrok's). Over it: 429
   * `ERR_NGROK_226` with a `Retry-After` header in whole seconds. Default: off (`false`).
   * See `http/rateLimit.ts` for which requests count.
   */
  rateLimit?: RateLimitOptions | boolean;
  /**
   * HTTP status of ERR_NGROK_1964, the answer to deleting an SSH CA while host or user
   * certificates it signed exist. ngrok documents the code but no status. Default `400`.
   */
  sshCaInUseStatus?: 400 | 409;
  /**
   * What `GET /edges/https/{edge_id}/routes/{id}/saml` answers for a route without a SAML module
   * (ngrok documents the route's `"saml": null`, not this answer): `"404"` = 404
   * `ERR_NGROK_7124` (default); `"null"` = 200 with the body `null`; `"empty"` = 200 with `{}`;
   * `"zero"` = 200 with every module field at its zero value (`""`, `0`, `false`, `[]`), as a Go
   * server renders an empty struct. With any answer but `"404"`, a `DELETE` of the absent module
   * answers 204.
   */
  samlModuleAbsent?: SamlModuleAbsentAnswer;
  /**
   * The account's limit of SSH Certificate Authorities: a create that would hold more answers
   * 400 `ERR_NGROK_1956` ("Your account is limited to N SSH Certificate Authorities."). A
   * positive integer; default: no limit (ngrok publishes no number).
   */
  caLimit?: number;
  /**
   * An account without edges (ngrok deprecated them on 2025-12-31): every `/edges/https…`
   * endpoint, the SAML module's included, answers `ERR_NGROK_7008` ("Edges are deprecated and
   * no longer available…"). `true` answers with status 400; `{ status }` picks 400, 403 or 404
   * (ngrok documents none). Default `false`. Excludes `edgesReadOnly`.
   */
  edgesDeprecated?: EdgesDeprecatedOptions | boolean;
  /**
   * The user (`usr_…`) or bot user (`bot_…`) the API key belongs to: the `owner_id` of SSH
   * credentials created without one ("Defaults to the authenticated User or Bot"). Default: a
   * generated `usr_` id, fixed for the emulator's life.
   */
  apiKeyOwnerId?: string;
  /**
   * SSH credentials' answers where ngrok is silent: ACL rule checking, accepted key types, the
   * status of a duplicate key, empty updates, `"acl": []` in updates, the account's limit. See
   * {@link SshCredentialOptions}; every field has a default.
   */
  sshCredentials?: SshCredentialOptions;
  /**
   * An account whose edges are read-only (ngrok's step before removing them): every write to an
   * `/edges/https…` endpoint (any method but `GET` and `HEAD`), the SAML module's `PUT` and
   * `DELETE` included, answers `ERR_NGROK_7196` ("Your account has read-only access to
   * Edges…"); reads are answered. `true` answers with status 400; `{ status }` picks 400 or 403
   * (ngrok documents none). Default `false`. Excludes `edgesDeprecated`. Both can also be
   * changed while the emulator runs: `emulator.edges.set(…)`.
   */
  edgesReadOnly?: EdgesReadOnlyOptions | boolean;
  /**
   * What a `PUT …/saml` with an `EntitiesDescriptor` aggregate as `idp_metadata` gets (ngrok's
   * documents say nothing of aggregates): `"refuse"` answers ERR_NGROK_7083 (default);
   * `"first-idp"` accepts it and judges its first `EntityDescriptor` with an `IDPSSODescriptor`,
   * as crewjam/saml (Go) does. The module stores the document as sent either way.
   */
  idpMetadataAggregates?: IdpMetadataAggregates;
  /**
   * How the module stores `idp_metadata`, i.e. what `PUT …/saml` answers and `GET` returns for
   * the document sent: `"verbatim"` (default), byte for byte, as ngrok's API reference shows it;
   * `"stripComments"`, every XML comment removed and nothing else; `"canonical"`, parsed and
   * written again: comments removed, whitespace-only text between elements removed, line
   * endings LF, the serializer's form otherwise. ngrok does not document which it does; see
   * `model/idpMetadataStore.ts` for the exact definitions.
   */
  idpMetadataStore?: IdpMetadataStore;
  /** Reserved domains' answers where ngrok is silent (see {@link ReservedDomainOptions}). */
  reservedDomains?: ReservedDomainOptions;
  /** Cloud endpoints' answers where ngrok is silent (see {@link CloudEndpointOptions}). */
  cloudEndpoints?: CloudEndpointOptions;
  /**
   * ngrok's OpenAPI document the emulator derives its request validation and answers from,
   * parsed (JSON or YAML). Default: the copy the package ships (`openapi/ngrok.yaml`), with the
   * emulator's overlay applied either way. For trying a newer document of ngrok's.
   */
  openApiDocument?: OpenApiDocument;
  /**
   * More of the CRUD collections of ngrok's document to serve from the document
   * (`model/plainResource.ts`): its fields, types, required fields, what its descriptions state
   * (limits, values, formats), its references, ids with the prefix given, paging, and 404 without
   * a code for an unknown id. Each is `{ path, idPrefix }`, e.g. `{ path: "/bot_users", idPrefix:
   * "bot_" }`. A path the emulator serves from the document already (`PLAIN_COLLECTIONS`) takes
   * the prefix given instead of its own (for the prefixes ngrok does not document: application
   * users and sessions); the emulator's other resources cannot be given. Default: none.
   */
  collections?: PlainCollection[];
  /**
   * The collections served from ngrok's document: answers ngrok leaves open (the status of a
   * reference to a missing object, the case of stated values, what deleting an IP policy does
   * to its rules and restrictions). See {@link PlainCollectionOptions}; every field has a default.
   */
  plainCollections?: PlainCollectionOptions;
}

/** A fresh API key: `emu_` + 32 base62 characters. */
export function generateApiKey(): string {
  return "emu_" + randomBase62(32);
}

function stripTrailingSlash(url: string | undefined): string | undefined {
  return url === undefined ? undefined : url.replace(/\/+$/, "");
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive integer, got ${value}`);
  }
  return value;
}

/** The `collections` option, checked (a path and an id prefix each, no path twice). */
function resolveCollections(collections: PlainCollection[] = []): PlainCollection[] {
  return collections.map(({ path, idPrefix }, i) => {
    if (typeof path !== "string" || !/^(\/[a-z_]+)+$/.test(path)) {
      throw new TypeError(
        `collections[${i}].path must be a collection path such as /ip_policies, got ${JSON.stringify(path)}`,
      );
    }
    if (typeof idPrefix !== "string" || !/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*_$/.test(idPrefix)) {
      throw new TypeError(
        `collections[${i}].idPrefix must be lower-case letters and digits ending in _, such as ipp_, got ${JSON.stringify(idPrefix)}`,
      );
    }
    if (collections.findIndex((other) => other.path === path) !== i) {
      throw new TypeError(`collections[${i}].path ${path} is given twice`);
    }
    return { path, idPrefix };
  });
}

/**
 * Applies defaults and checks option types. Throws `TypeError` on invalid options, naming the
 * option (e.g. `faults[1].status must be an integer in 400..599, got 200`).
 */
export function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  const port = options.port ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new TypeError(`port must be an integer in 0..65535, got ${options.port}`);
  }
  if (options.apiKey !== undefined && !/^[\x21-\x7e]+$/.test(options.apiKey)) {
    throw new TypeError("apiKey must be non-empty printable ASCII without spaces");
  }
  for (const [name, url] of [
    ["baseUrl", options.baseUrl],
    ["samlBaseUrl", options.samlBaseUrl],
  ] as const) {
    if (url !== undefined && !URL.canParse(url)) {
      throw new TypeError(`${name} must be an absolute URL, got ${url}`);
    }
  }
  const authErrorStatus = options.authErrorStatus ?? 401;
  if (authErrorStatus !== 401 && authErrorStatus !== 403) {
    throw new TypeError(`authErrorStatus must be 401 or 403, got ${String(authErrorStatus)}`);
  }
  const sshCaInUseStatus = options.sshCaInUseStatus ?? 400;
  if (sshCaInUseStatus !== 400 && sshCaInUseStatus !== 409) {
    throw new TypeError(`sshCaInUseStatus must be 400 or 409, got ${String(sshCaInUseStatus)}`);
  }
  if (options.faults !== undefined && !Array.isArray(options.faults)) {
    throw new TypeError(`faults must be an array of fault rules, got ${typeof options.faults}`);
  }
  const faults = (options.faults ?? []).map((rule, i) => validateFaultRule(rule, `faults[${i}]`));
  const { faultSeed } = options;
  if (
    faultSeed !== undefined &&
    !(Number.isInteger(faultSeed) && faultSeed >= 0 && faultSeed <= 0xffffffff)
  ) {
    throw new TypeError(`faultSeed must be an integer in 0..4294967295, got ${faultSeed}`);
  }
  const samlModuleAbsent = options.samlModuleAbsent ?? "404";
  if (!SAML_MODULE_ABSENT_ANSWERS.includes(samlModuleAbsent)) {
    throw new TypeError(
      `samlModuleAbsent must be one of ${SAML_MODULE_ABSENT_ANSWERS.map((a) => `"${a}"`).join(", ")}, got ${JSON.stringify(samlModuleAbsent)}`,
    );
  }
  const { apiKeyOwnerId = newId(ID_PREFIX.user) } = options;
  if (typeof apiKeyOwnerId !== "string" || !isOwnerId(apiKeyOwnerId)) {
    throw new TypeError(`apiKeyOwnerId must start with usr_ or bot_, got ${apiKeyOwnerId}`);
  }
  const idpMetadataAggregates = options.idpMetadataAggregates ?? "refuse";
  if (!IDP_METADATA_AGGREGATES.includes(idpMetadataAggregates)) {
    throw new TypeError(
      `idpMetadataAggregates must be "refuse" or "first-idp", got ${JSON.stringify(idpMetadataAggregates)}`,
    );
  }
  const idpMetadataStore = options.idpMetadataStore ?? "verbatim";
  if (!IDP_METADATA_STORES.includes(idpMetadataStore)) {
    throw new TypeError(
      `idpMetadataStore must be one of ${IDP_METADATA_STORES.map((s) => `"${s}"`).join(", ")}, got ${JSON.stringify(idpMetadataStore)}`,
    );
  }
  return {
    host: options.host ?? DEFAULT_HOST,
    port,
    apiKey: options.apiKey ?? generateApiKey(),
    baseUrl: stripTrailingSlash(options.baseUrl),
    samlBaseUrl: stripTrailingSlash(options.samlBaseUrl),
    logger: options.logger ?? false,
    authErrorStatus,
    bodyLimit: positiveInteger(options.bodyLimit, DEFAULT_BODY_LIMIT, "bodyLimit"),
    idpMetadataMaxBytes: positiveInteger(
      options.idpMetadataMaxBytes,
      DEFAULT_IDP_METADATA_MAX_BYTES,
      "idpMetadataMaxBytes",
    ),
    faults,
    faultSeed,
    rateLimit: resolveRateLimit(options.rateLimit),
    sshCaInUseStatus,
    samlModuleAbsent,
    caLimit:
      options.caLimit === undefined ? undefined : positiveInteger(options.caLimit, 0, "caLimit"),
    apiKeyOwnerId,
    sshCredentials: resolveSshCredentialOptions(options.sshCredentials),
    edgesAccess: resolveEdgesOptions(options.edgesDeprecated, options.edgesReadOnly),
    idpMetadataAggregates,
    idpMetadataStore,
    ...resolveCloudOptions(options.reservedDomains, options.cloudEndpoints),
    openApiDocument: options.openApiDocument,
    collections: resolveCollections(options.collections),
    plainCollections: resolvePlainCollectionOptions(options.plainCollections),
  };
}
