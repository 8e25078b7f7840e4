/**
 * The answers' types (what the emulator answers; their shapes are rendered from ngrok's OpenAPI
 * document and the overlay by `spec/`), and the renderings of edges, routes and SAML modules.
 * Each type lists the fields the emulator has behaviour for; a field the document adds is
 * answered too, hence the index signatures.
 */
import type { ApiSpec } from "../spec";
import { edgeComputed, routeComputed } from "./httpsEdge";
import type { EdgeRecord, RouteRecord, SamlModuleRecord, SamlModuleSettings } from "./store";
import type { UrlContext } from "./urls";
import { renderedAs } from "../spec/render";

export type { UrlContext } from "./urls";

/** What every object of the API with an id of its own has, as it is rendered. */
export interface ObjectJson {
  /** Fields ngrok's document adds. */
  [field: string]: unknown;
  /** ngrok's id, e.g. `sshca_…`. */
  id: string;
  uri: string;
  created_at: string;
  /** Absent when empty. */
  description?: string;
  /** Absent when empty. */
  metadata?: string;
}

/** An SSH Certificate Authority (`contributing/reference/seed.md` §2.1). */
export interface SshCertificateAuthorityJson extends ObjectJson {
  public_key: string;
  key_type: string;
}

/** An SSH host certificate (`ssh_host_certificates`). Times are RFC 3339 UTC, whole seconds. */
export interface SshHostCertificateJson extends ObjectJson {
  /** `shcrt_…` (`sucrt_…` for user certificates). */
  id: string;
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
 * A SAML module (`contributing/reference/seed.md` §2.3): its writable settings as stored, plus the service-provider
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
  /** Fields ngrok's document adds. */
  [field: string]: unknown;
  edge_id: string;
  id: string;
  created_at: string;
  match_type: string;
  match: string;
  uri: string;
  description?: string;
  metadata?: string;
  /** The SAML module, or null when none is configured; the other modules are null. */
  saml: SamlModuleJson | null;
}

/** An HTTPS edge (only the fields the emulator models). */
export interface HttpsEdgeJson {
  /** Fields ngrok's document adds. */
  [field: string]: unknown;
  id: string;
  description?: string;
  metadata?: string;
  created_at: string;
  uri: string;
  hostports: string[];
  routes: HttpsEdgeRouteJson[];
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

const SAML_MODULE = { $ref: "#/components/schemas/EndpointSAML" };

/** A route's SAML module, as `EndpointSAML` (with the overlay's `idp_metadata_url`). */
export function renderSamlModule(
  spec: ApiSpec,
  routeId: string,
  module: SamlModuleRecord,
  urls: UrlContext,
): SamlModuleJson {
  const sp = samlUrls(routeId, urls);
  const rendered = spec.render(SAML_MODULE, {
    ...module.settings,
    entity_id: sp.entityId,
    assertion_consumer_service_url: sp.assertionConsumerServiceUrl,
    single_logout_url: sp.singleLogoutUrl,
    request_signing_certificate_pem: module.certificate.pem,
    metadata_url: sp.metadataUrl,
  });
  return renderedAs<SamlModuleJson>(rendered);
}

/**
 * The answers `GET …/saml` may give for a route without a module (`EmulatorOptions.samlModuleAbsent`;
 * ngrok documents only the route's `"saml": null`): see {@link renderAbsentSamlModule}.
 */
export const SAML_MODULE_ABSENT_ANSWERS = ["404", "null", "empty", "zero"] as const;
/** One of {@link SAML_MODULE_ABSENT_ANSWERS}. */
export type SamlModuleAbsentAnswer = (typeof SAML_MODULE_ABSENT_ANSWERS)[number];

/**
 * The 200 body of `GET …/saml` for a route without a module: `null` (`"null"`), `{}`
 * (`"empty"`), or every field of the module at its zero value (`"zero"`: a Go struct left
 * empty). `"404"` has no body: the route answers 404 ERR_NGROK_7124 instead.
 */
export function renderAbsentSamlModule(
  spec: ApiSpec,
  answer: Exclude<SamlModuleAbsentAnswer, "404">,
): Record<string, unknown> | null {
  if (answer === "null") return null;
  if (answer === "empty") return {};
  return spec.render(SAML_MODULE, {});
}

export { edgeListUri } from "./httpsEdge";

/** A route, as `HTTPSEdgeRoute`: its modules null but the SAML module. */
export function renderRoute(
  spec: ApiSpec,
  route: RouteRecord,
  urls: UrlContext,
): HttpsEdgeRouteJson {
  const saml = route.saml === undefined ? null : renderSamlModule(spec, route.id, route.saml, urls);
  const rendered = spec.render(
    { $ref: "#/components/schemas/HTTPSEdgeRoute" },
    { ...route.fields, ...routeComputed(route, urls), saml },
  );
  return renderedAs<HttpsEdgeRouteJson>(rendered);
}

/** An edge, as `HTTPSEdge`, with its routes (oldest first). */
export function renderEdge(
  spec: ApiSpec,
  edge: EdgeRecord,
  routes: readonly RouteRecord[],
  urls: UrlContext,
): HttpsEdgeJson {
  const rendered = spec.render(
    { $ref: "#/components/schemas/HTTPSEdge" },
    {
      ...edge.fields,
      ...edgeComputed(edge, urls),
      routes: routes.map((route) => renderRoute(spec, route, urls)),
    },
  );
  return renderedAs<HttpsEdgeJson>(rendered);
}
