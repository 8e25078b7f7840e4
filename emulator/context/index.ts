/**
 * Per-instance state shared by the emulator's plugins: resolved options, the store, the request
 * log, the base URLs, and the snapshot.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ResolvedOptions } from "./resolvedOptions";
import {
  renderEdge,
  renderRoute,
  renderSamlModule,
  type HttpsEdgeJson,
  type HttpsEdgeRouteJson,
  type SamlModuleJson,
  type SshCertificateAuthorityJson,
  type SshHostCertificateJson,
  type SshUserCertificateJson,
  type UrlContext,
} from "../model/render";
import { SSH_CREDENTIALS, type SshCredentialJson } from "../model/sshCredential";
import { findEdge, parseEdgeCreate, parseRouteCreate } from "../model/httpsEdge";
import { EmulatorStore } from "../model/store";
import { renderRecord, type ResourceBehaviour, type ResourceRecord } from "../model/resource";
import { SSH_CERTIFICATE_AUTHORITIES } from "../model/sshCertificateAuthority";
import {
  SSH_HOST_CERTIFICATE_RESOURCE,
  SSH_USER_CERTIFICATE_RESOURCE,
} from "../model/sshCertificate";
import { RESERVED_DOMAINS } from "../model/reservedDomain";
import { plainResource, seedRecord } from "../model/plainResource";
import { CLOUD_ENDPOINTS } from "../model/cloudEndpoint";
import { ApiSpec, defaultApiSpec } from "../spec";
import { EdgesAccessState } from "../http/edgesDeprecated";
import type { RecordedRequest } from "../http/recorder";
import { renderedAs } from "../spec/render";

export type { RecordedRequest } from "../http/recorder";

/**
 * A route plugin of the emulator: registers routes that read and write one emulator's context
 * (`app.register(plugin, { context })`).
 */
export type ContextRoutes = FastifyPluginAsync<{ context: EmulatorContext }>;

/**
 * The body of an HTTPS edge, as `POST /edges/https` takes it (ngrok's JSON, snake_case). Every
 * field is optional.
 */
export interface HttpsEdgeFields {
  /** At most 255 bytes of UTF-8 (ERR_NGROK_7073). */
  readonly description?: string;
  /** At most 4096 bytes of UTF-8 (ERR_NGROK_7074). */
  readonly metadata?: string;
  /** e.g. `["app.example.com:443"]`. Default `[]`. */
  readonly hostports?: string[];
}

/**
 * The body of an HTTPS edge route, as `POST /edges/https/{edge_id}/routes` takes it (ngrok's
 * JSON, snake_case). Every field is optional here: `match_type` defaults to `"path_prefix"` and
 * `match` to `"/"` (a route for every path).
 */
export interface HttpsEdgeRouteFields {
  /** `"exact_path"` or `"path_prefix"` (ERR_NGROK_7130). Default `"path_prefix"`. */
  readonly match_type?: string;
  /** Non-empty (ERR_NGROK_7123). Default `"/"`. */
  readonly match?: string;
  /** At most 255 bytes of UTF-8 (ERR_NGROK_7073). */
  readonly description?: string;
  /** At most 4096 bytes of UTF-8 (ERR_NGROK_7074). */
  readonly metadata?: string;
  /**
   * The route's OpenID Connect module, ngrok's `EndpointOIDC` (`{ issuer, client_id,
   * client_secret, scopes, … }`): stored and answered as sent.
   */
  readonly oidc?: Record<string, unknown>;
  /**
   * The route's OAuth module, ngrok's `EndpointOAuth` (`{ provider: { google: { client_id, … } },
   * … }`): stored and answered as sent.
   */
  readonly oauth?: Record<string, unknown>;
}

/** A SAML module in a snapshot, with the ids of the route it belongs to. */
export type SamlModuleSnapshot = SamlModuleJson & { edgeId: string; routeId: string };

/**
 * A deep copy of the emulator's state, rendered as the API would render it. Base URLs: the fixed
 * base URL (option `baseUrl`, or the listening URL of `startEmulator`), else the last request's
 * `http://<Host>`, else `http://localhost`. Lists are in creation order, oldest first. Private
 * keys are never included.
 */
export interface EmulatorSnapshot {
  sshCertificateAuthorities: SshCertificateAuthorityJson[];
  sshHostCertificates: SshHostCertificateJson[];
  sshUserCertificates: SshUserCertificateJson[];
  sshCredentials: SshCredentialJson[];
  edges: HttpsEdgeJson[];
  routes: HttpsEdgeRouteJson[];
  samlModules: SamlModuleSnapshot[];
  /** As `GET /reserved_domains/{id}` answers them (ngrok's `ReservedDomain`). */
  reservedDomains: Record<string, unknown>[];
  /** As `GET /endpoints/{id}` answers them (ngrok's `Endpoint`). */
  cloudEndpoints: Record<string, unknown>[];
  /**
   * The objects of the collections served from ngrok's document (`PLAIN_COLLECTIONS` in the
   * root's `app.ts`, and the option `collections`), by the collection's path (`/ip_policies`,
   * `/app/users`), as `GET <path>/{id}` answers them (a token shown once is `null` here); every
   * served path appears, with `[]` when it holds nothing.
   */
  collections: Record<string, Record<string, unknown>[]>;
}

const SAFE_HOST = /^[A-Za-z0-9._~-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;
const FALLBACK_BASE_URL = "http://localhost";

/** Shared state of one emulator instance. */
export class EmulatorContext {
  readonly store = new EmulatorStore();
  readonly requests: RecordedRequest[] = [];
  /** ngrok's OpenAPI document with the overlay: request validation and answers. */
  readonly spec: ApiSpec;
  /** The account's access to its edges, read at each edge request (see `http/edgesDeprecated.ts`). */
  readonly edges: EdgesAccessState;
  /** Fixed API base URL, when known (from options, or set by startEmulator after listening). */
  baseUrl: string | undefined;
  private lastRequestBaseUrl: string | undefined;

  constructor(readonly options: ResolvedOptions) {
    this.baseUrl = options.baseUrl;
    this.edges = new EdgesAccessState(options.edgesAccess);
    this.spec =
      options.openApiDocument === undefined
        ? defaultApiSpec()
        : new ApiSpec(options.openApiDocument);
  }

  /** The API base URL for a request: the fixed one, else `<protocol>://<Host header>`. */
  apiBaseUrlFor(request: FastifyRequest): string {
    if (this.baseUrl !== undefined) return this.baseUrl;
    const host = request.headers.host;
    const base =
      typeof host === "string" && SAFE_HOST.test(host)
        ? `${request.protocol}://${host}`
        : FALLBACK_BASE_URL;
    this.lastRequestBaseUrl = base;
    return base;
  }

  /** Base URLs for rendering the answer to a request. */
  urlsFor(request: FastifyRequest): UrlContext {
    const apiBaseUrl = this.apiBaseUrlFor(request);
    return { apiBaseUrl, samlBaseUrl: this.options.samlBaseUrl ?? apiBaseUrl };
  }

  /** Base URLs outside a request: the fixed base, else the last request's, else localhost. */
  currentUrls(): UrlContext {
    const apiBaseUrl = this.baseUrl ?? this.lastRequestBaseUrl ?? FALLBACK_BASE_URL;
    return { apiBaseUrl, samlBaseUrl: this.options.samlBaseUrl ?? apiBaseUrl };
  }

  /** Path under which the public SP metadata is served: the path of `samlBaseUrl` (or ""). */
  samlPathPrefix(): string {
    if (this.options.samlBaseUrl === undefined) return "";
    return new URL(this.options.samlBaseUrl).pathname.replace(/\/+$/, "");
  }

  /**
   * Creates an HTTPS edge as `POST /edges/https` would, with the same rules, without a request.
   *
   * @throws EmulatorApiError as the API would answer (e.g. ERR_NGROK_7073, ERR_NGROK_214).
   */
  createHttpsEdge(fields: HttpsEdgeFields = {}): HttpsEdgeJson {
    const edge = this.store.createEdge(parseEdgeCreate(this.spec, fields));
    return renderEdge(this.spec, edge, [], this.currentUrls());
  }

  /**
   * Creates a route on an edge as `POST /edges/https/{edge_id}/routes` would, with the same
   * rules, without a request; `match_type` and `match` default to `"path_prefix"` and `"/"`.
   *
   * @throws EmulatorApiError as the API would answer (e.g. 404 ERR_NGROK_7000 for an unknown
   *   edge, 400 ERR_NGROK_227 for an id of another kind).
   */
  createHttpsEdgeRoute(edgeId: string, fields: HttpsEdgeRouteFields = {}): HttpsEdgeRouteJson {
    const edge = findEdge(this.store, edgeId);
    const route = this.store.createRoute(
      edge.id,
      parseRouteCreate(this.spec, { match_type: "path_prefix", match: "/", ...fields }),
    );
    return renderRoute(this.spec, route, this.currentUrls());
  }

  /**
   * Stores an object of a collection the API only reads, as `seed` of the app's control does.
   *
   * @throws TypeError or EmulatorApiError (see `EmulatorControl.seed` in the root's `app.ts`).
   */
  seed(path: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
    const served = this.store
      .plainTablesServed()
      .find(({ collection }) => collection.path === path);
    if (served === undefined) {
      throw new TypeError(`seed: ${path} is not served from ngrok's document`);
    }
    const resource = { store: this.store, options: this.options, spec: this.spec };
    const record = seedRecord(served.collection, fields, resource);
    return renderRecord(plainResource(served.collection), record, this.currentUrls(), resource);
  }

  /** A deep copy of the state. */
  snapshot(): EmulatorSnapshot {
    const urls = this.currentUrls();
    const all = this.store.all();
    const resource = { store: this.store, options: this.options, spec: this.spec };
    const render = <R extends ResourceRecord>(behaviour: ResourceBehaviour<R>, records: R[]) =>
      records.map((record) => renderRecord(behaviour, record, urls, resource));
    const samlModules: SamlModuleSnapshot[] = [];
    for (const route of all.routes) {
      if (route.saml !== undefined) {
        samlModules.push({
          edgeId: route.edgeId,
          routeId: route.id,
          ...renderSamlModule(this.spec, route.id, route.saml, urls),
        });
      }
    }
    return structuredClone({
      sshCertificateAuthorities: render(SSH_CERTIFICATE_AUTHORITIES, all.sshCas).map((json) =>
        renderedAs<SshCertificateAuthorityJson>(json),
      ),
      sshHostCertificates: render(SSH_HOST_CERTIFICATE_RESOURCE, all.sshHostCertificates).map(
        (json) => renderedAs<SshHostCertificateJson>(json),
      ),
      sshUserCertificates: render(SSH_USER_CERTIFICATE_RESOURCE, all.sshUserCertificates).map(
        (json) => renderedAs<SshUserCertificateJson>(json),
      ),
      sshCredentials: render(SSH_CREDENTIALS, all.sshCredentials).map((json) =>
        renderedAs<SshCredentialJson>(json),
      ),
      edges: all.edges.map((edge) =>
        renderEdge(this.spec, edge, this.store.routesOfEdge(edge.id), urls),
      ),
      routes: all.routes.map((route) => renderRoute(this.spec, route, urls)),
      samlModules,
      reservedDomains: render(RESERVED_DOMAINS, all.reservedDomains),
      cloudEndpoints: render(CLOUD_ENDPOINTS, all.cloudEndpoints),
      collections: Object.fromEntries(
        all.plain.map(({ collection, records }) => [
          collection.path,
          render(plainResource(collection), records),
        ]),
      ),
    });
  }
}
