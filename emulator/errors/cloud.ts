/**
 * The errors of reserved domains, cloud endpoints and traffic policies, from ngrok's error
 * catalogue (https://ngrok.com/docs/errors/err_ngrok_<n>; the messages with the catalogue's
 * placeholders filled in). The catalogue gives no statuses: these answer 400, and 404 without a
 * code for an unknown id (as for SSH certificates and credentials).
 */
import { EmulatorApiError } from "./apiError";

function err(status: number, code: number | undefined, msg: string): EmulatorApiError {
  return new EmulatorApiError(status, code === undefined ? undefined : `ERR_NGROK_${code}`, msg);
}

/** One factory per error (see the module comment). */
export const cloudErrors = {
  /** 404 (no catalogue code): no `noun` (`reserved domain`) with this id. */
  notFoundById: (noun: string, id: string) =>
    err(404, undefined, `The ${noun} ${id} was not found.`),
  /** 404 (no catalogue code): no cloud endpoint with this id. */
  cloudEndpointNotFound: (id: string) => err(404, undefined, `The endpoint ${id} was not found.`),
  /** 406: a character outside `a-z A-Z 0-9 . * -` in a domain. */
  domainInvalidCharacter: (character: string, domain: string) =>
    err(
      400,
      406,
      `Invalid character '${character}' in domain name. Valid domains may contain only a-z, A-Z, 0-9, . * and - characters. Failed to reserve ${domain}.`,
    ),
  /** 408: a domain part ending with something else than a letter or digit. */
  domainInvalidLastCharacter: (part: string, domain: string) =>
    err(
      400,
      408,
      `Domain part ${part} has an invalid last character. Valid domains must end with a-z A-Z or 0-9. Failed to reserve ${domain}.`,
    ),
  /** 438: an underscore in a domain. */
  domainUnderscore: (domain: string) =>
    err(
      400,
      438,
      `Invalid '_' in domain name. Valid domains may not contain underscores. Failed to reserve ${domain}.`,
    ),
  /** 1906: any other malformed domain (empty parts, too long, a misplaced `*`). */
  domainInvalid: (domain: string) =>
    err(400, 1906, `The domain ${domain} is not a valid domain name.`),
  /** 413: the account already reserved this domain. */
  domainAlreadyReserved: (domain: string) =>
    err(400, 413, `This domain is already reserved for your account. Failed to reserve ${domain}.`),
  /** 319 (or 7118, option `cloudEndpoints.unreservedDomainCode`): a host not reserved. */
  domainNotReserved: (domain: string, account: string, code: 319 | 7118) =>
    code === 319
      ? err(
          400,
          319,
          `You must reserve a custom hostname for your account before it can be used to create endpoints. Failed to create an endpoint with the domain ${domain} for the account ${account}. Reserve this name on your dashboard: https://dashboard.ngrok.com/domains/new`,
        )
      : err(400, 7118, `The domain ${domain} is not reserved by your account.`),
  /** 9028: an internal binding without a host. */
  internalEndpointNeedsDomain: () =>
    err(400, 9028, "You must specify a domain name for a internally bound endpoint."),
  /** 9029: an internal binding on a URL not ending in `.internal`. */
  internalEndpointUrl: (url: string) =>
    err(
      400,
      9029,
      `Failed to start endpoint with ${url}. Endpoints with a "internal" binding must have a url that ends in ".internal".`,
    ),
  /** 18009: a cloud endpoint of the account already has this URL. */
  cloudEndpointUrlTaken: () =>
    err(400, 18009, "This account already has a cloud endpoint on this URL."),
  /** 9026: a traffic policy that does not parse or is malformed. */
  trafficPolicyInvalid: (reason: string) =>
    err(400, 9026, `The TrafficPolicy you provided is invalid: ${reason}.`),
  /** 2230: a phase the endpoint's protocol does not have. */
  trafficPolicyPhaseInvalid: (phase: string, protocol: string) =>
    err(400, 2230, `Invalid Traffic Policy phase ${phase} for protocol ${protocol}.`),
};
