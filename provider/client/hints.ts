/**
 * What to do about the API errors a user can act on: the sentence `./decode` appends to an
 * {@link NgrokApiError}'s message (and keeps as its `hint`), so that a failed `pulumi up` says
 * what to change, not only what ngrok answered.
 *
 * - An authentication failure, answered with 401 or 403 (ngrok's catalogue and clients say 401;
 *   a third-party test against the live API saw 403): the same sentence either way, naming where
 *   the key came from (`ngrok:apiKey` or `NGROK_API_KEY`), never the key.
 * - `ERR_NGROK_7008`, an account without edges (ngrok deprecated them on 2025-12-31), and
 *   `ERR_NGROK_7196`, an account whose edges are read-only: whatever their status, which ngrok
 *   does not document.
 * - `ERR_NGROK_1956`, the account's limit of SSH certificate authorities.
 *
 * Source: `contributing/reference/ngrok-api.md` ("Errors", "Status of these APIs"); ngrok's error catalogue.
 *
 * @module
 */
import {
  type ApiKeySource,
  DEFAULT_API_BASE_URL,
  ENV_VARS,
  type SettingSources,
} from "./configuration";
import { configNamespace, settingPlaces } from "./settings";
import {
  EDGES_DEPRECATED_CODE,
  EDGES_READ_ONLY_CODE,
  EDGES_UNAVAILABLE_CODES,
  SSH_CA_LIMIT_CODE,
} from "./errorCodes";

/**
 * ngrok's authentication codes: 200 header missing, 201 unparseable, 202/203 invalid credential,
 * 206/207 an agent authtoken used instead of an API key.
 */
const AUTH_CODES: ReadonlySet<string> = new Set(
  [200, 201, 202, 203, 206, 207].map((n) => `ERR_NGROK_${n}`),
);

/**
 * True when an error answer is an authentication failure: a 401, an authentication code, or a
 * 403 without a code (a 403 with another code, such as `ERR_NGROK_7008` or `ERR_NGROK_7196`, is
 * something else).
 */
export function isAuthFailure(statusCode: number, errorCode: string | undefined): boolean {
  if (errorCode !== undefined && AUTH_CODES.has(errorCode)) return true;
  if (errorCode !== undefined && EDGES_UNAVAILABLE_CODES.includes(errorCode)) return false;
  return statusCode === 401 || (statusCode === 403 && errorCode === undefined);
}

/** The request an answer came to: the base URL, and where the client's settings were read. */
export interface RequestedAt {
  readonly baseUrl: string;
  readonly sources?: SettingSources;
}

/**
 * Where the API's address is set, for a message about a request to `at` that got no answer:
 * `the address comes from NGROK_API_BASE_URL` (or the stack config key it came from), else
 * `ngrok:apiBaseUrl or NGROK_API_BASE_URL say where the API is; left unset, it is
 * https://api.ngrok.com` (that last part only when the address may be the default), in the
 * namespace the client read (`NGROK_API_BASE_URL says …` alone for a reader of the environment).
 */
export function whereTheApiIs(at: RequestedAt): string {
  const found = at.sources?.found.apiBaseUrl;
  if (found !== undefined) return `the address comes from ${found}`;
  const places = settingPlaces(["apiBaseUrl"], namespaceOf(at.sources));
  const says = `${places} ${places.includes(" or ") ? "say" : "says"} where the API is`;
  // A client built by hand (no sources) may have been given any address.
  return at.sources === undefined && at.baseUrl !== DEFAULT_API_BASE_URL
    ? says
    : `${says}; left unset, it is ${DEFAULT_API_BASE_URL}`;
}

/**
 * Where `at`'s address came from, in a few words: `from NGROK_API_BASE_URL`, or `the default;
 * ngrok:apiBaseUrl or NGROK_API_BASE_URL set another`.
 */
function addressOrigin(at: RequestedAt): string {
  const found = at.sources?.found.apiBaseUrl;
  if (found !== undefined) return `from ${found}`;
  const places = settingPlaces(["apiBaseUrl"], namespaceOf(at.sources));
  return `the default; ${places} ${places.includes(" or ") ? "set" : "sets"} another`;
}

/** The namespace a client read (`null`: the environment alone); the process's when unknown. */
const namespaceOf = (sources: SettingSources | undefined): string | null =>
  sources === undefined ? configNamespace() : sources.namespace;

/**
 * The sentence that says what to do about an error answer, or `undefined` when there is none.
 *
 * @param statusCode the HTTP status of the answer.
 * @param errorCode ngrok's `error_code`, when the body had one.
 * @param keySource where the API key that was sent came from, when known.
 * @param at where the request went and how the client read its settings: an authentication
 *   failure names the address, and the settings in that namespace.
 */
export function apiErrorHint(
  statusCode: number,
  errorCode: string | undefined,
  keySource: ApiKeySource | undefined,
  at?: RequestedAt,
): string | undefined {
  if (errorCode === EDGES_DEPRECATED_CODE) {
    return (
      "This ngrok account has no HTTPS edges: ngrok deprecated edges on 2025-12-31 and has " +
      "removed them from this account (or the API key is another account's), and " +
      "HttpsEdgeRouteSaml serves accounts that still have edges. For single sign-on, use a " +
      "cloud endpoint with a Traffic Policy openid-connect or oauth action (ngrok's saml action " +
      "is in early access). To take an HttpsEdgeRouteSaml out of the stack, delete it from the " +
      "program and run pulumi up, or run pulumi destroy: its delete finishes with a warning, " +
      "since there is nothing left to delete. If this account should have edges, check the API " +
      "key, then ask ngrok support"
    );
  }
  if (errorCode === EDGES_READ_ONLY_CODE) {
    return (
      "This ngrok account's HTTPS edges are read-only: ngrok deprecated edges on 2025-12-31 and " +
      "no longer lets this account create, change or delete them; the SAML module keeps the " +
      "configuration it has. For a sign-in you can change, move the route's traffic to a cloud " +
      "endpoint with a Traffic Policy openid-connect or oauth action (ngrok's saml action is in " +
      "early access). To stop managing the module, delete the HttpsEdgeRouteSaml from the " +
      "program and run pulumi up, or run pulumi destroy: its delete finishes with a warning " +
      "and leaves the module protecting the route. If this account should still write edges, " +
      "ask ngrok support"
    );
  }
  if (errorCode === SSH_CA_LIMIT_CODE) {
    return (
      "The account holds as many SSH certificate authorities as its plan allows: delete the " +
      "ones no longer used (in the ngrok dashboard, or by destroying the stacks that manage " +
      "them) or ask ngrok to raise the limit, then run pulumi up again"
    );
  }
  if (isAuthFailure(statusCode, errorCode)) {
    const namespace = namespaceOf(at?.sources);
    return (
      `ngrok refused the API key, which comes from ${describeSource(keySource, namespace)}: ` +
      "check that it is an API key (dashboard: API → API Keys; an agent authtoken is not one) " +
      `of this account and still exists, then set it again (${setAgain(keySource, namespace)})` +
      (at === undefined ? "" : `. It was sent to ${at.baseUrl} (${addressOrigin(at)})`)
    );
  }
  return undefined;
}

/** Where the key came from, in words; `namespace` `null`: the environment alone is read. */
function describeSource(source: ApiKeySource | undefined, namespace: string | null): string {
  const env = `the environment variable ${ENV_VARS.apiKey}`;
  if (namespace === null) return env;
  const config = `the stack config ${namespace}:apiKey`;
  if (source === ENV_VARS.apiKey) return `${env} (${config} is not set)`;
  if (source !== undefined) return `the stack config ${source}`;
  return `${config} or ${env}`;
}

/** The command that sets the key again where it came from. */
function setAgain(source: ApiKeySource | undefined, namespace: string | null): string {
  const env = `export ${ENV_VARS.apiKey}=…`;
  if (namespace === null || source === ENV_VARS.apiKey) return env;
  const config = `pulumi config set ${source ?? `${namespace}:apiKey`} --secret`;
  return source === undefined ? `${config}, or ${env}` : config;
}
