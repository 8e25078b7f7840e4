/**
 * Cloud endpoints (`/endpoints`): a URL the account serves from ngrok's cloud with a traffic
 * policy. Fields, types and answers come from ngrok's OpenAPI document (`EndpointCreate`,
 * `EndpointUpdate`, `Endpoint`; `url` and `traffic_policy` required, `type` optional by the
 * overlay); this is the behaviour:
 *
 * - `type`: `cloud` (the default, and the only type the document lets the API create), else 215;
 * - `url`: `http`, `https`, `tls` or `tcp` with a host, no path beyond `/`, no query; `tcp` needs
 *   a port (the others default to 80 / 443); else 215;
 * - `bindings`: `public` (the default), `internal` or `kubernetes`, else 215. An `internal`
 *   binding needs a host (ERR_NGROK_9028) ending in `.internal` (9029); a `public` one a host the
 *   account reserved (`/reserved_domains`: exactly, or under a wildcard domain; for `tcp`, the
 *   `host:port` of a reserved address, `/reserved_addrs`), else 319 (or 7118,
 *   `cloudEndpoints.unreservedDomainCode`); a `kubernetes` one any host;
 * - another cloud endpoint of the account with the same URL → 18009;
 * - `traffic_policy`: checked by `trafficPolicy.ts` for the URL's protocol, stored as sent.
 * Update re-checks all of it against the new values; `updated_at` is the last change.
 *
 * Answers: `public_url` = `url`, `proto` = `scheme` = the URL's scheme, `host`, `port`,
 * `hostport`, `domain` = the reserved domain (`{id, uri}`, `null` for internal and kubernetes
 * bindings), `principal` = the API key's owner; the other references are `null` and the other
 * strings `""` (the document's zero values).
 */
import { apiErrors } from "../errors";
import { ID_PREFIX } from "./ids";
import { reservedDomainFor } from "./reservedDomain";
import { stampFields, type ResourceBehaviour, type ResourceContext } from "./resource";
import type { CloudEndpointRecord } from "./store";
import { rfc3339Now } from "./time";
import { checkTrafficPolicy } from "./trafficPolicy";
import { text, textList } from "./validation";

export type { CloudEndpointRecord } from "./store";

const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443, tls: 443 };
const BINDINGS = ["public", "internal", "kubernetes"];

/** The parts of an endpoint URL, or 215. */
export function endpointUrl(url: string) {
  const bad = (reason: string) => apiErrors.invalidValue("url", `${url} ${reason}`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw bad("is not a URL");
  }
  const scheme = parsed.protocol.replace(/:$/, "");
  if (!["http", "https", "tcp", "tls"].includes(scheme))
    throw bad("has no http, https, tls or tcp scheme");
  if (parsed.pathname !== "" && parsed.pathname !== "/") throw bad("has a path");
  if (parsed.search !== "" || parsed.hash !== "") throw bad("has a query or fragment");
  const port = parsed.port === "" ? DEFAULT_PORTS[scheme] : Number(parsed.port);
  if (port === undefined) throw bad("has no port");
  const host = parsed.hostname;
  return { scheme, host, port, hostport: `${host}:${port}` };
}

function bindingsOf(values: Record<string, unknown>, current: readonly string[] = ["public"]) {
  const bindings = textList(values, "bindings") ?? [...current];
  const unknown = bindings.find((binding) => !BINDINGS.includes(binding));
  if (unknown !== undefined) {
    throw apiErrors.invalidValue("bindings", `${unknown} is not one of ${BINDINGS.join(", ")}`);
  }
  return bindings.length === 0 ? ["public"] : bindings;
}

/** Checks an endpoint's settings (all but the policy); returns the reserved domain's id. */
function checkEndpoint(
  url: string,
  bindings: readonly string[],
  { store, options }: ResourceContext,
  self?: string,
): string | undefined {
  const { scheme, host, hostport } = endpointUrl(url);
  const others = store.cloudEndpoints.oldestFirst().filter((record) => record.id !== self);
  if (others.some((record) => record.fields.url === url)) throw apiErrors.cloudEndpointUrlTaken();
  if (bindings.includes("internal")) {
    if (host === "") throw apiErrors.internalEndpointNeedsDomain();
    if (!host.endsWith(".internal")) throw apiErrors.internalEndpointUrl(url);
    return undefined;
  }
  if (!bindings.includes("public")) return undefined;
  if (scheme === "tcp" && reservedAddrOf(store, hostport)) return undefined;
  const domain = reservedDomainFor(store.reservedDomains.oldestFirst(), host);
  if (domain === undefined) {
    const code = options.cloudEndpoints.unreservedDomainCode;
    throw apiErrors.domainNotReserved(host, options.apiKeyOwnerId, code);
  }
  return domain.id;
}

/**
 * Whether `hostport` is the `addr` of one of the account's reserved addresses: a public `tcp://`
 * endpoint is served on one (ngrok's docs, "TCP endpoints": reserve a TCP address first).
 */
function reservedAddrOf(store: ResourceContext["store"], hostport: string): boolean {
  const table = store
    .plainTablesServed()
    .find(({ collection }) => collection.path === "/reserved_addrs")?.table;
  return table?.oldestFirst().some((record) => record.derived.addr === hostport) ?? false;
}

/** `{id, uri}` of the API key's owner. */
function principal(ownerId: string, apiBaseUrl: string) {
  const collection = ownerId.startsWith(ID_PREFIX.botUser) ? "bot_users" : "users";
  return { id: ownerId, uri: `${apiBaseUrl}/${collection}/${ownerId}` };
}

/** Cloud endpoints (see the module comment). */
export const CLOUD_ENDPOINTS: ResourceBehaviour<CloudEndpointRecord> = {
  path: "/endpoints",
  idPrefix: ID_PREFIX.cloudEndpoint,
  table: (store) => store.cloudEndpoints,
  notFound: (id) => apiErrors.cloudEndpointNotFound(id),
  create(values, echoed, context) {
    const type = text(values, "type") || "cloud";
    if (type !== "cloud") throw apiErrors.invalidValue("type", `${type} is not cloud`);
    const url = text(values, "url") ?? "";
    const bindings = bindingsOf(values);
    const domainId = checkEndpoint(url, bindings, context);
    checkTrafficPolicy(text(values, "traffic_policy") ?? "", endpointUrl(url).scheme);
    return context.store.cloudEndpoints.insert((stamp) => ({
      ...stamp,
      fields: { ...echoed, type, bindings },
      updatedAt: stamp.createdAt,
      domainId,
    }));
  },
  update(record, values, echoed, context) {
    const url = text(values, "url") || String(record.fields.url);
    const current = textList(record.fields, "bindings");
    const bindings = bindingsOf(values, current);
    const domainId = checkEndpoint(url, bindings, context, record.id);
    const policy = text(values, "traffic_policy") || String(record.fields.traffic_policy);
    checkTrafficPolicy(policy, endpointUrl(url).scheme);
    Object.assign(record, { domainId, updatedAt: rfc3339Now(new Date()) });
    const changes: Record<string, unknown> = { ...echoed, bindings };
    if (text(values, "url") === "") delete changes.url;
    if (text(values, "traffic_policy") === "") delete changes.traffic_policy;
    return changes;
  },
  computed(record, urls, { options }) {
    const { scheme, host, port, hostport } = endpointUrl(String(record.fields.url));
    const domain = record.domainId;
    return {
      ...stampFields(CLOUD_ENDPOINTS, record, urls),
      updated_at: record.updatedAt,
      public_url: record.fields.url,
      proto: scheme,
      scheme,
      hostport,
      host,
      port,
      domain:
        domain === undefined
          ? null
          : { id: domain, uri: `${urls.apiBaseUrl}/reserved_domains/${domain}` },
      principal: principal(options.apiKeyOwnerId, urls.apiBaseUrl),
    };
  },
  // The document's deprecated `id` and `url` filters (named `ids` and `urls` before 2026).
  filter(records, query) {
    const { id, url } = query;
    return records.filter(
      (record) =>
        (id === undefined || id.includes(record.id)) &&
        (url === undefined || url.includes(String(record.fields.url))),
    );
  },
};
