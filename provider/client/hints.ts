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
 * Source: `ngrok-api.md` ("Errors", "Status of these APIs"); ngrok's error catalogue.
 *
 * @module
 */
import { type ApiKeySource, CONFIG_KEYS, ENV_VARS } from "./configuration";
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

/**
 * The sentence that says what to do about an error answer, or `undefined` when there is none.
 *
 * @param statusCode the HTTP status of the answer.
 * @param errorCode ngrok's `error_code`, when the body had one.
 * @param keySource where the API key that was sent came from, when known.
 */
export function apiErrorHint(
  statusCode: number,
  errorCode: string | undefined,
  keySource: ApiKeySource | undefined,
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
    return (
      `ngrok refused the API key, which comes from ${describeSource(keySource)}: check that it ` +
      "is an API key (dashboard: API → API Keys; an agent authtoken is not one) of this account " +
      `and still exists, then set it again (${setAgain(keySource)})`
    );
  }
  return undefined;
}

function describeSource(source: ApiKeySource | undefined): string {
  if (source === CONFIG_KEYS.apiKey) return `the stack config ${CONFIG_KEYS.apiKey}`;
  if (source === ENV_VARS.apiKey) {
    return `the environment variable ${ENV_VARS.apiKey} (the stack config ${CONFIG_KEYS.apiKey} is not set)`;
  }
  return `the stack config ${CONFIG_KEYS.apiKey} or the environment variable ${ENV_VARS.apiKey}`;
}

function setAgain(source: ApiKeySource | undefined): string {
  const config = `pulumi config set ${CONFIG_KEYS.apiKey} --secret`;
  if (source === CONFIG_KEYS.apiKey) return config;
  if (source === ENV_VARS.apiKey) return `export ${ENV_VARS.apiKey}=…`;
  return `${config}, or export ${ENV_VARS.apiKey}=…`;
}
