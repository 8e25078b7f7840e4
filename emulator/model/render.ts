/**
 * JSON renderings of the resources, as the API answers them (spec section 2 and the examples
 * in ngrok's docs). Empty `description` and `metadata` are omitted, as ngrok omits them.
 */
import type {
  EdgeRecord,
  RouteRecord,
  SamlModuleRecord,
  SamlModuleSettings,
  SshCaRecord,
  SshCertificateRecord,
} from "./store";
import { rfc3339FromSeconds } from "./time";

/** Base URLs the renderings are built on. */
export interface UrlContext {
  /** API base URL, no trailing slash (e.g. `http://127.0.0.1:8787`). */
  apiBaseUrl: string;
  /** Base of the SAML SP URLs, no trailing slash. */
  samlBaseUrl: string;
}

/** An SSH Certificate Authority (spec section 2.1). */
export interface SshCertificateAuthorityJson {
  id: string;
  uri: string;
  created_at: string;
  description?: string;
  metadata?: string;
  public_key: string;
  key_type: string;
}

/** An SSH host certificate (`ssh_host_certificates`). Times are RFC 3339 UTC, whole seconds. */
export interface SshHostCertificateJson {
  /** `shcrt_…` (`sucrt_…` for user certificates). */
  id: string;
  uri: string;
  created_at: string;
  /** Absent when empty. */
  description?: string;
  /** Absent when empty. */
  metadata?: string;
  /** As submitted, comment included. */
  public_key: string;
  /** `rsa`, `ecdsa` or `ed25519`: the type of `public_key`. */
  key_type: string;
  ssh_certificate_authority_id: string;
  principals: string[];
  valid_after: string;
  valid_until: string;
  /** One OpenSSH line: `<type>-cert-v01@openssh.com <base64> <id>`. */
  certificate: string;
}

/** An SSH user certificate (`ssh_user_certificates`): a host certificate's fields and two maps. */
export interface SshUserCertificateJson extends SshHostCertificateJson {
  critical_options: Record<string, string>;
  extensions: Record<string, string>;
}

/**
 * A SAML module (spec section 2.3): its writable settings as stored, plus the service-provider
 * fields the emulator derives from the route (URLs and the request-signing certificate).
 */
export interface SamlModuleJson extends SamlModuleSettings {
  /** `<samlBaseUrl>/saml/<route id>`. */
  entity_id: string;
  /** `<entity_id>/acs`. */
  assertion_consumer_service_url: string;
  /** `<entity_id>/slo`. */
  single_logout_url: string;
  /** The route's self-signed request-signing certificate, PEM. */
  request_signing_certificate_pem: string;
  /** Same as `entity_id`: where the SP metadata is served. */
  metadata_url: string;
}

/** An HTTPS edge route (only the fields the emulator models). */
export interface HttpsEdgeRouteJson {
  edge_id: string;
  id: string;
  created_at: string;
  match_type: string;
  match: string;
  uri: string;
  description?: string;
  metadata?: string;
  /** The SAML module, or null when none is configured. */
  saml: SamlModuleJson | null;
}

/** An HTTPS edge (only the fields the emulator models). */
export interface HttpsEdgeJson {
  id: string;
  description?: string;
  metadata?: string;
  created_at: string;
  uri: string;
  hostports: string[];
  routes: HttpsEdgeRouteJson[];
}

function optional(name: "description" | "metadata", value: string): Record<string, string> {
  return value === "" ? {} : { [name]: value };
}

/** `<api base>/ssh_certificate_authorities`. */
export function sshCaListUri(urls: UrlContext): string {
  return `${urls.apiBaseUrl}/ssh_certificate_authorities`;
}

export function renderSshCa(record: SshCaRecord, urls: UrlContext): SshCertificateAuthorityJson {
  return {
    id: record.id,
    uri: `${sshCaListUri(urls)}/${record.id}`,
    created_at: record.createdAt,
    ...optional("description", record.description),
    ...optional("metadata", record.metadata),
    public_key: record.publicKey,
    key_type: record.keyType,
  };
}

/** `<api base>/ssh_host_certificates` or `<api base>/ssh_user_certificates`. */
export function sshCertificateListUri(urls: UrlContext, record: { type: "host" | "user" }): string {
  return `${urls.apiBaseUrl}/ssh_${record.type}_certificates`;
}

/** An SSH host certificate, or the host-certificate fields of a user certificate. */
export function renderSshHostCertificate(
  record: SshCertificateRecord,
  urls: UrlContext,
): SshHostCertificateJson {
  return {
    id: record.id,
    uri: `${sshCertificateListUri(urls, record)}/${record.id}`,
    created_at: record.createdAt,
    ...optional("description", record.description),
    ...optional("metadata", record.metadata),
    public_key: record.publicKey,
    key_type: record.keyType,
    ssh_certificate_authority_id: record.sshCertificateAuthorityId,
    principals: [...record.principals],
    valid_after: rfc3339FromSeconds(record.validAfter),
    valid_until: rfc3339FromSeconds(record.validUntil),
    certificate: record.certificate,
  };
}

/** An SSH user certificate: the host-certificate fields plus `critical_options` and `extensions`. */
export function renderSshUserCertificate(
  record: SshCertificateRecord,
  urls: UrlContext,
): SshUserCertificateJson {
  const { valid_after, valid_until, certificate, ...head } = renderSshHostCertificate(record, urls);
  return {
    ...head,
    critical_options: { ...record.criticalOptions },
    extensions: { ...record.extensions },
    valid_after,
    valid_until,
    certificate,
  };
}

/** A host or user certificate, after its type. */
export function renderSshCertificate(
  record: SshCertificateRecord,
  urls: UrlContext,
): SshHostCertificateJson | SshUserCertificateJson {
  return record.type === "user"
    ? renderSshUserCertificate(record, urls)
    : renderSshHostCertificate(record, urls);
}

/** The SP URLs of a route's SAML module. */
export function samlUrls(routeId: string, urls: UrlContext) {
  const entityId = `${urls.samlBaseUrl}/saml/${routeId}`;
  return {
    entityId,
    metadataUrl: entityId,
    assertionConsumerServiceUrl: `${entityId}/acs`,
    singleLogoutUrl: `${entityId}/slo`,
  };
}

export function renderSamlModule(
  routeId: string,
  module: SamlModuleRecord,
  urls: UrlContext,
): SamlModuleJson {
  const s = module.settings;
  const sp = samlUrls(routeId, urls);
  return {
    enabled: s.enabled,
    options_passthrough: s.options_passthrough,
    cookie_prefix: s.cookie_prefix,
    inactivity_timeout: s.inactivity_timeout,
    maximum_duration: s.maximum_duration,
    idp_metadata: s.idp_metadata,
    force_authn: s.force_authn,
    allow_idp_initiated: s.allow_idp_initiated,
    authorized_groups: [...s.authorized_groups],
    entity_id: sp.entityId,
    assertion_consumer_service_url: sp.assertionConsumerServiceUrl,
    single_logout_url: sp.singleLogoutUrl,
    request_signing_certificate_pem: module.certificate.pem,
    metadata_url: sp.metadataUrl,
    nameid_format: s.nameid_format,
    idp_metadata_url: s.idp_metadata_url,
  };
}

/** `<api base>/edges/https`. */
export function edgeListUri(urls: UrlContext): string {
  return `${urls.apiBaseUrl}/edges/https`;
}

export function renderRoute(route: RouteRecord, urls: UrlContext): HttpsEdgeRouteJson {
  return {
    edge_id: route.edgeId,
    id: route.id,
    created_at: route.createdAt,
    match_type: route.matchType,
    match: route.match,
    uri: `${edgeListUri(urls)}/${route.edgeId}/routes/${route.id}`,
    ...optional("description", route.description),
    ...optional("metadata", route.metadata),
    saml: route.saml === undefined ? null : renderSamlModule(route.id, route.saml, urls),
  };
}

export function renderEdge(
  edge: EdgeRecord,
  routes: readonly RouteRecord[],
  urls: UrlContext,
): HttpsEdgeJson {
  return {
    id: edge.id,
    ...optional("description", edge.description),
    ...optional("metadata", edge.metadata),
    created_at: edge.createdAt,
    uri: `${edgeListUri(urls)}/${edge.id}`,
    hostports: [...edge.hostports],
    routes: routes.map((route) => renderRoute(route, urls)),
  };
}
