/**
 * The error factory: every error the emulator answers is an {@link EmulatorApiError}, rendered by
 * the app's one error handler into ngrok's error body
 * `{"error_code": "ERR_NGROK_…", "status_code": 400, "msg": "…", "details": {"operation_id": "op_…"}}`
 * (shape from ngrok's API clients, e.g. `Error` in ngrok/ngrok-api-go `datatypes.go`).
 *
 * Messages follow ngrok's error catalogue (https://ngrok.com/docs/errors/), with the catalogue's
 * placeholders filled in. Where the catalogue has no code for a situation (an unknown path, a
 * wrong method, a body over the size limit, an internal error) the body has no `error_code`,
 * as ngrok itself answers such 404s (`{"status_code":404,"msg":"Not Found","details":{...}}`).
 */
import { STATUS_CODES } from "node:http";
import { EmulatorApiError, type EmulatorApiErrorOptions } from "./apiError";
import { cloudErrors } from "./cloud";
import { collectionErrors } from "./collections";

export {
  EmulatorApiError,
  isBranded,
  type EmulatorApiErrorOptions,
  type EmulatorErrorBody,
} from "./apiError";

const DOCS = "https://ngrok.com/docs/api-reference/";
const KEYS_URL = "https://dashboard.ngrok.com/api-keys";
const CONTENT_TYPES = "https://ngrok.com/docs/api#content-types";

function err(
  status: number,
  code: number | undefined,
  msg: string,
  opts?: EmulatorApiErrorOptions,
) {
  return new EmulatorApiError(
    status,
    code === undefined ? undefined : `ERR_NGROK_${code}`,
    msg,
    opts,
  );
}

/**
 * One factory per error the emulator answers, named after the situation. The numeric code in
 * each comment is the catalogue entry (https://ngrok.com/docs/errors/err_ngrok_<n>). Reserved
 * domains', cloud endpoints' and traffic policies' are in `cloud.ts`, those of the collections
 * served from ngrok's document in `collections.ts`.
 */
export const apiErrors = {
  ...cloudErrors,
  ...collectionErrors,
  /** 200: no Authorization header. `status` defaults to 401 (see `EmulatorOptions.authErrorStatus`). */
  authorizationMissing: (status = 401) =>
    err(
      status,
      200,
      `The ngrok API requires that you set the Authorization header for authentication. Your API keys and instructions are available on your dashboard: ${KEYS_URL}`,
    ),
  /** 201: the Authorization header is neither `Bearer <key>` nor `Basic <base64>`. */
  authorizationUnparseable: (header: string, status = 401) =>
    err(
      status,
      201,
      `The ngrok API requires that you use Basic or Bearer authentication via the Authorization header. It could not parse the header in this request. Authorization Header: ${header}. API keys and instructions are available on your dashboard: ${KEYS_URL}`,
    ),
  /** 202: the credential is not the emulator's API key. */
  credentialInvalid: (credential: string, status = 401) =>
    err(
      status,
      202,
      `The API authentication you specified does not look like a valid credential. Your credential: '${credential}'. API keys and instructions are available on your dashboard: ${KEYS_URL}`,
    ),
  /** 218: no `Ngrok-Version` header. */
  versionMissing: () =>
    err(
      400,
      218,
      "Your request has not specified an API version. Include the version you wish to use in the Ngrok-Version header. Supported versions: 2.",
    ),
  /** 217: `Ngrok-Version` is not `2`. */
  versionUnsupported: (version: string) =>
    err(
      400,
      217,
      `The provided API version ${version} is invalid or unsupported. Supported versions: 2. Check your API client implementation.`,
    ),
  /** 216 (415): a body without a Content-Type. */
  contentTypeMissing: () =>
    err(
      415,
      216,
      `You did not provide a Content-Type with your request. Check your API client implementation and use one of the supported content types: ${CONTENT_TYPES}`,
    ),
  /** 210 (415): a body whose Content-Type is not JSON. */
  contentTypeUnsupported: (contentType: string) =>
    err(
      415,
      210,
      `The content type you specified ${contentType} is not supported by the API. Check your API client implementation and see the list of supported content types: ${CONTENT_TYPES}`,
    ),
  /** 212: the body could not be read completely (e.g. Content-Length does not match the body). */
  bodyUnreadable: () =>
    err(
      400,
      212,
      `The server was unable to read the complete request body. Check your API client implementation and review the API documentation: ${DOCS}.`,
    ),
  /** 213: the body is not JSON, or not a JSON object. */
  bodyUnparseable: (contentType = "application/json") =>
    err(
      400,
      213,
      `The ${contentType} request body could not be parsed. Check your API client implementation and review the API documentation: ${DOCS}.`,
    ),
  /** 214: a body field the operation does not take. */
  unknownField: (name: string, supported: readonly string[]) =>
    err(
      400,
      214,
      `The request parameter ${name} is unknown and not expected. The supported fields are: ${supported.join(", ")}. Check your API client implementation and review the API documentation: ${DOCS}.`,
    ),
  /** 215: a body field with a value of the wrong type or out of range; `reason` says why, if given. */
  invalidValue: (name: string, reason?: string) =>
    err(
      400,
      215,
      `The value provided for the request parameter ${name} is invalid${reason === undefined ? "" : `: ${reason}`}. Check your request and review the API documentation: ${DOCS}.`,
    ),
  /** 413 (no catalogue code): the body is larger than the emulator's limit. */
  bodyTooLarge: (limit: number) =>
    err(413, undefined, `The request body exceeds the maximum size of ${limit} bytes.`),
  /** 227: an id with the wrong prefix. */
  invalidIdPrefix: (id: string, prefix: string) =>
    err(400, 227, `The ID ${id} is invalid. Expected an ID with a prefix of ${prefix}.`),
  /** 230: a query string the emulator cannot honour (a non-empty `filter`). */
  invalidQuery: (reason: string) =>
    err(
      400,
      230,
      `The query part of the requested URI is invalid: ${reason}. Check your API client implementation and review the API documentation: ${DOCS}.`,
    ),
  /** 231: unknown query parameters. */
  unknownQueryParameters: (unknown: readonly string[], supported: readonly string[]) =>
    err(
      400,
      231,
      `The query part of the requested URI includes unknown parameters: ${unknown.join(", ")}. The supported parameters are: ${supported.length > 0 ? supported.join(", ") : "none"}. Check your API client implementation and review the API documentation: ${DOCS}.`,
    ),
  /** 232: a query parameter given more than once. */
  repeatedQueryParameter: (name: string, values: readonly string[]) =>
    err(
      400,
      232,
      `The request must specify only a single value for the ${name} parameter but got ${values.length}: ${values.join(", ")}. Check your API client implementation and review the API documentation: ${DOCS}.`,
    ),
  /** 233: `limit` out of 1..max or not a number. */
  pageLimitInvalid: (value: string, max: number) =>
    err(400, 233, `The page size limit must be between 1 and ${max} but ${value} was provided.`),
  /**
   * 226 (429): rate limited, by the optional rate limit (`EmulatorOptions.rateLimit`, with the
   * configured numbers) or by a fault rule with status 429 (defaults: ngrok's 120 per minute).
   * `retryAfterSeconds` adds a `Retry-After` header (ngrok does not document one).
   */
  rateLimited: (max = 120, interval = "minute", retryAfterSeconds?: number) =>
    err(
      429,
      226,
      `Your account is rate limited to ${max} API requests per ${interval}.`,
      retryAfterSeconds === undefined
        ? {}
        : { headers: { "Retry-After": String(retryAfterSeconds) } },
    ),
  /** 404 (no catalogue code): no route at this path. */
  pathNotFound: (path: string) => err(404, undefined, "Not Found", { details: { path } }),
  /** 405 (no catalogue code): the path exists but not with this method. */
  methodNotAllowed: (method: string, path: string, allowed: readonly string[]) =>
    err(405, undefined, `The method ${method} is not allowed for ${path}.`, {
      details: { path },
      headers: { Allow: allowed.join(", ") },
    }),
  /** 400 (no catalogue code): a URL fastify cannot decode. */
  badUrl: (path: string) => err(400, undefined, `The requested URL ${path} is not valid.`),
  /** 500 (no catalogue code): a bug in the emulator. */
  internal: () => err(500, undefined, "Internal Server Error"),
  /**
   * (no catalogue code) The default answer of a fault rule's `status` other than 429, 413 and
   * 500: the status's reason phrase as `msg` (e.g. 503 "Service Unavailable").
   */
  injectedStatus: (status: number) =>
    err(status, undefined, STATUS_CODES[status] ?? `HTTP status ${status}`),
  /** 404 (no catalogue code, emulator admin endpoint): no fault rule with this id. */
  faultRuleNotFound: (id: string) => err(404, undefined, `The fault rule ${id} does not exist.`),

  // SSH Certificate Authorities
  /** 1909: `private_key_type` not one of rsa, ecdsa, ed25519. */
  sshPrivateKeyTypeInvalid: (type: string, supported: readonly string[]) =>
    err(400, 1909, `Invalid private key type ${type}. Valid types: ${supported.join(", ")}.`),
  /** 1939: `key_size` not 2048 or 4096. */
  sshKeySizeInvalid: (size: number, supported: readonly number[]) =>
    err(400, 1939, `Invalid key size ${size}. Valid key sizes: ${supported.join(", ")}.`),
  /** 1940: `key_size` given for a key type other than rsa. */
  sshKeySizeNotRsa: (type: string) =>
    err(
      400,
      1940,
      `Key size is supported only with a key type of "rsa", but the specified key type was "${type}".`,
    ),
  /** 1941: `elliptic_curve` not a supported curve. */
  sshCurveInvalid: (curve: string, supported: readonly string[]) =>
    err(
      400,
      1941,
      `Invalid elliptic curve "${curve}". Valid elliptic curves: ${supported.join(", ")}.`,
    ),
  /** 1942: `elliptic_curve` given for a key type other than ecdsa. */
  sshCurveNotEcdsa: (type: string) =>
    err(
      400,
      1942,
      `Elliptic curve is supported only with a key type of "ecdsa", but the specified key type was "${type}".`,
    ),
  /** 1937 (SSH CA), 1945 (host cert), 1947 (user cert): description over 255 bytes. */
  sshDescriptionTooLong: (max: number, got: number, code: 1937 | 1945 | 1947 = 1937) =>
    err(
      400,
      code,
      `The description is limited to ${max} bytes, but the provided value had ${got} bytes.`,
    ),
  /** 1938 (SSH CA), 1946 (host cert), 1948 (user cert): metadata over 4096 bytes. */
  sshMetadataTooLong: (max: number, got: number, code: 1938 | 1946 | 1948 = 1938) =>
    err(400, code, `Metadata is limited to ${max} bytes, but the provided value had ${got} bytes.`),
  /** 1949 (404; also host certs' CA), 1951 (404; user certs' CA): no SSH CA with this id. */
  sshCaNotFound: (id: string, code: 1949 | 1951 = 1949) =>
    err(404, code, `The SSH CA ${id} does not exist.`),
  /** 1956: the account holds its limit of SSH CAs (`EmulatorOptions.caLimit`; status undocumented). */
  sshCaLimitReached: (max: number) =>
    err(400, 1956, `Your account is limited to ${max} SSH Certificate Authorities.`),
  /** 1964: deleting an SSH CA that signed certificates still there; status 400 or 409. */
  sshCaInUse: (id: string, certificates: number, status: 400 | 409 = 400) =>
    err(
      status,
      1964,
      `The SSH CA ${id} cannot be deleted while ${certificates} SSH certificate(s) it signed still exist. Delete them first.`,
    ),

  // SSH host and user certificates
  /** 404 (no catalogue code): no SSH host/user certificate with this id. */
  sshCertificateNotFound: (noun: string, id: string) =>
    err(404, undefined, `The ${noun} ${id} does not exist.`),
  /** 1952: no `public_key` to sign. */
  sshPublicKeyMissing: () => err(400, 1952, "You must specify a public key to sign."),
  /** 1934: `public_key` is not an OpenSSH public key line. */
  sshPublicKeyUnparseable: (reason: string) =>
    err(400, 1934, `Got error ${reason} parsing public key.`),
  /** 1950: a public key of a type that cannot be certified (DSA, security keys, certificates). */
  sshPublicKeyTypeUnsupported: (type: string) =>
    err(400, 1950, `Certificates are not supported for public keys of type ${type}.`),
  /** 1963 (host), 1962 (user): `valid_until` not after `valid_after`. */
  sshCertificateDurationNotPositive: (noun: string, code: 1962 | 1963, window: string) =>
    err(400, code, `The ${noun} duration must be greater than 0 (${window}).`),

  // SSH credentials: the catalogue's 600s, which tunnel credentials, API keys and SSH keys share
  /** 243: an id with none of the expected prefixes (`owner_id`: `usr_` or `bot_`). */
  invalidIdPrefixes: (id: string, prefixes: readonly string[]) =>
    err(
      400,
      243,
      `The ID ${id} is invalid. Expected an ID with prefix one of ${prefixes.join(", ")}.`,
    ),
  /** 600: an ACL rule that is neither '*' nor a bind rule of a domain, an address or a label. */
  aclRuleInvalid: (rule: string) =>
    err(
      400,
      600,
      `Invalid ACL rule. An ACL rule must be '*' or start with 'bind:'. The bind value must match the format of a domain, address, or label. You specified: ${rule}.`,
    ),
  /** 604: credential description over 255 bytes (the catalogue says characters). */
  credentialDescriptionTooLong: (max: number, got: number) =>
    err(400, 604, `A description is limited to ${max} bytes; you have entered ${got} bytes.`),
  /** 605: credential metadata over 4096 bytes (the catalogue says characters). */
  credentialMetadataTooLong: (max: number, got: number) =>
    err(400, 605, `Metadata is limited to ${max} bytes; you have entered ${got} bytes.`),
  /** 606: an update without any value (only with `sshCredentials.emptyUpdate: "606"`). */
  credentialUpdateEmpty: () =>
    err(
      400,
      606,
      "The credentials update failed because no values were provided. Specify at least one value.",
    ),
  /** 609: the account already has an SSH credential with this key; status 400 or 409. */
  sshCredentialKeyExists: (publicKey: string, status: 400 | 409 = 400) =>
    err(status, 609, `The public key ${publicKey} already exists on your account.`),
  /** 611: no `public_key`. */
  sshCredentialKeyMissing: () => err(400, 611, "Public key is missing or empty."),
  /** 612: `public_key` is not a public key the emulator accepts; `reason` says why. */
  sshCredentialKeyInvalid: (publicKey: string, reason: string) =>
    err(400, 612, `Invalid public key ${publicKey}: ${reason}`),
  /** 617: the account holds its limit of SSH keys (`sshCredentials.limit`; status undocumented). */
  sshCredentialLimitReached: (max: number) =>
    err(400, 617, `Your account is limited to ${max} SSH keys.`),
  /** 404 (no catalogue code): no SSH credential with this id. */
  sshCredentialNotFound: (id: string) =>
    err(404, undefined, `The SSH credential ${id} does not exist.`),

  // HTTPS edges, routes and the SAML module
  /** 7008: an account without edges (`EmulatorOptions.edgesDeprecated`; status undocumented). */
  edgesDeprecated: (status = 400) =>
    err(
      status,
      7008,
      "Edges are deprecated and no longer available. Migration guide for accounts that used edges: https://ngrok.com/docs/universal-gateway/edges/#migration-guide.",
    ),
  /**
   * 7196: an account whose edges are read-only refuses a write (`EmulatorOptions.edgesReadOnly`;
   * status undocumented). The message is the catalogue's, with its missing space kept.
   */
  edgesReadOnly: (status = 400) =>
    err(
      status,
      7196,
      "Your account has read-only access to Edges. Edges are deprecated, and write access (including creating, updating, or deleting) is no longer supported for your account. For guidance on alternatives, see our migration guide: https://ngrok.com/docs/universal-gateway/edges/#migration-guide .If you believe you should still have write access to Edges, please contact support@ngrok.com for help.",
    ),
  /** 7000 (404): no HTTPS edge with this id. */
  edgeNotFound: (id: string) => err(404, 7000, "Edge not found", { details: { edge_id: id } }),
  /** 7124 (404): no route with this id on this edge. */
  routeNotFound: (id: string) => err(404, 7124, `The edge route ${id} could not be found.`),
  /** 7124 (404): the route exists but has no SAML module (ngrok does not document this case). */
  samlModuleNotFound: (routeId: string) =>
    err(404, 7124, `The SAML module of the edge route ${routeId} could not be found.`),
  /** 7073: edge or route description too long. */
  edgeDescriptionTooLong: (max: number, got: number) =>
    err(400, 7073, `Description is limited to ${max} bytes; you have entered ${got} bytes.`),
  /** 7074: edge or route metadata too long. */
  edgeMetadataTooLong: (max: number, got: number) =>
    err(400, 7074, `Metadata is limited to ${max} bytes; you have entered ${got} bytes.`),
  /** 7123: a route without a match expression. */
  routeMatchMissing: () => err(400, 7123, "Edge routes require a match expression."),
  /** 7130: a route match type other than exact_path / path_prefix. */
  routeMatchTypeInvalid: () =>
    err(400, 7130, 'Invalid match type, valid values are "exact_path" and "path_prefix".'),
  /** 7080: `idp_metadata` over the size limit. */
  samlMetadataTooLarge: (max: number, got: number) =>
    err(400, 7080, `The SAML metadata exceeds the maximum length of ${max} bytes, got ${got}.`),
  /** 7081: both `idp_metadata` and `idp_metadata_url`. */
  samlMetadataAndUrl: () =>
    err(
      400,
      7081,
      "You must specify only the SAML IdP metadata or the SAML IdP metadata URL, but not both.",
    ),
  /** 7083: `idp_metadata` is not a single SAML 2.0 IdP EntityDescriptor. */
  samlMetadataUnparseable: (reason: string) =>
    err(400, 7083, `Failed to parse the SAML IdP metadata: ${reason}.`),
  /** 7091: neither `idp_metadata` nor `idp_metadata_url`. */
  samlMetadataMissing: () =>
    err(
      400,
      7091,
      "One of the SAML IdP Metadata or IdP Metadata URL properties must be specified.",
    ),
  /** 1693: `nameid_format` not a supported NameID format URN. */
  samlNameIdFormatUnsupported: (format: string) =>
    err(400, 1693, `"${format}" is not a supported SAML nameid format.`),
};
