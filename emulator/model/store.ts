/**
 * The emulator's in-memory state.
 *
 * Every method here is synchronous, so each one is atomic with respect to other requests (Node
 * runs one JavaScript callback at a time). Handlers that await (key generation, certificate
 * generation) must therefore look records up again after the await instead of trusting what
 * they read before it; see `replaceSamlModule` in `samlModuleStore.ts`.
 */
import type { KeyObject } from "node:crypto";
import type { SigningCertificate } from "./certificates";
import { ID_PREFIX } from "./ids";
import type { Values } from "../spec";
import { RecordTable, type ResourceRecord } from "./recordTable";
import type { SshKeyType } from "./sshKeys";

/** A collection of ngrok's document served by `plainResource.ts`. */
export interface PlainCollection {
  /** The collection's path in ngrok's document, e.g. `/ip_policies`. */
  readonly path: string;
  /** The id prefix of its objects, e.g. `ipp_` (ngrok's ids; the document does not say them). */
  readonly idPrefix: string;
}

/**
 * A stored object of a plain collection (`plainResource.ts`): `fields` holds what the answer
 * echoes; the rest is what the answer is computed from.
 */
export interface PlainRecord extends ResourceRecord {
  /** The ids its references name, by the answer's field (`ip_policy`: one id, `ip_policies`: a list). */
  refs: Record<string, string | string[]>;
  /** Answer fields made from what was sent (a certificate's subject, an address), kept as made. */
  derived: Values;
  /** Answer fields of the create answer only (a token), taken by the first rendering. */
  once: Values | undefined;
  /** The last change, RFC 3339 (`updated_at` where the answer has one). */
  updatedAt: string;
}

/** A plain collection's table with the collection it serves. */
export interface PlainTable {
  readonly collection: PlainCollection;
  readonly table: RecordTable<PlainRecord>;
}

/** A stored SSH credential: `fields` holds what the answer echoes (`public_key` as submitted). */
export interface SshCredentialRecord extends ResourceRecord {
  /** The key blob in base64: what makes two credentials the same key (the comment does not). */
  readonly keyBlob: string;
}

/** A stored reserved domain (`reservedDomain.ts`): `fields` holds what the answer echoes. */
export interface ReservedDomainRecord extends ResourceRecord {
  /** A user-uploaded certificate's id (`certificate_id`), if any. */
  certificateId: string | undefined;
  /** The id of the certificate automatic management issued, while it manages one. */
  managedCertificateId: string | undefined;
  /** When the managed certificate renews, RFC 3339. */
  renewsAt: string | undefined;
  readonly cnameTarget: string | null;
  readonly acmeChallengeCnameTarget: string | null;
}

/** A stored cloud endpoint (`cloudEndpoint.ts`): `fields` holds what the answer echoes. */
export interface CloudEndpointRecord extends ResourceRecord {
  /** The last change, RFC 3339. */
  updatedAt: string;
  /** The reserved domain the URL's host is on, if any. */
  domainId: string | undefined;
}

/**
 * A stored SSH Certificate Authority: `fields` holds `description` and `metadata` (and any field
 * the OpenAPI document adds). `privateKey` never leaves the emulator.
 */
export interface SshCaRecord extends ResourceRecord {
  readonly keyType: SshKeyType;
  readonly publicKey: string;
  readonly privateKey: KeyObject;
}

/** `host` or `user`: the OpenSSH certificate type (2 or 1) and the API resource. */
export type SshCertificateType = "host" | "user";

/**
 * A stored SSH host or user certificate: `fields` holds what the answer echoes (`public_key` as
 * submitted, `principals`, the window in RFC 3339 UTC, the user certificates' maps, `description`,
 * `metadata`). Only `description` and `metadata` change after creation.
 */
export interface SshCertificateRecord extends ResourceRecord {
  readonly type: SshCertificateType;
  /** The CA that signed it (`sshca_…`). */
  readonly sshCertificateAuthorityId: string;
  readonly keyType: SshKeyType;
  /** The signed certificate, one line: `<type>-cert-v01@openssh.com <base64> <id>`. */
  readonly certificate: string;
}

/** A stored HTTPS edge: `fields` holds `description`, `metadata`, `hostports`. */
export type EdgeRecord = ResourceRecord;

/**
 * The writable settings of a SAML module, normalised (defaults applied; see `samlModule.ts`),
 * named as on the wire.
 */
export interface SamlModuleSettings {
  /** Fields the OpenAPI document adds to the module, as sent. */
  [field: string]: unknown;
  /** Whether the module is on. */
  enabled: boolean;
  /** Do not require authentication for HTTP OPTIONS requests (CORS preflight). */
  options_passthrough: boolean;
  /** Prefix of the session cookie's name ("" when unset). */
  cookie_prefix: string;
  /** Seconds of inactivity after which a session ends (0 when unset). */
  inactivity_timeout: number;
  /** Longest duration of an authenticated session, in seconds (0 when unset). */
  maximum_duration: number;
  /** The IdP's metadata XML, echoed byte for byte ("" when a URL is given instead). */
  idp_metadata: string;
  /** URL of the IdP's metadata, stored but never fetched ("" when the XML is given). */
  idp_metadata_url: string;
  /** Whether the IdP must ask for credentials even when the user has a session with it. */
  force_authn: boolean;
  /** Whether the IdP may start a login (IdP-initiated SSO). */
  allow_idp_initiated: boolean;
  /** When not empty, only members of one of these groups get in. */
  authorized_groups: string[];
  /** The NameID format URN asked of the IdP (default: the SAML 2.0 persistent URN). */
  nameid_format: string;
}

/** A stored SAML module: its settings and the route's request-signing certificate. */
export interface SamlModuleRecord {
  readonly settings: SamlModuleSettings;
  readonly certificate: SigningCertificate;
}

/** A stored HTTPS edge route: `fields` holds `match_type`, `match`, `description`, `metadata`. */
export interface RouteRecord extends ResourceRecord {
  readonly edgeId: string;
  /** The SAML module, if one is configured. */
  saml: SamlModuleRecord | undefined;
  /**
   * The route's SAML request-signing certificate, memoised as a promise so that concurrent first
   * PUTs share one certificate. Cleared when the module is deleted.
   */
  samlCertificate: Promise<SigningCertificate> | undefined;
}

/**
 * In-memory state of one emulator instance. SSH CAs, certificates and credentials are plain tables (a CA
 * with certificates is not deleted: the SSH CA model checks {@link certificatesSignedBy});
 * edges and routes go through the methods below, which keep them consistent (deleting an edge
 * deletes its routes, a route is found only under its own edge).
 */
export class EmulatorStore {
  /** The SSH Certificate Authorities. */
  readonly sshCas = new RecordTable<SshCaRecord>(ID_PREFIX.sshCertificateAuthority);
  /** The SSH certificates, one table per type. */
  readonly sshCertificates: Readonly<
    Record<SshCertificateType, RecordTable<SshCertificateRecord>>
  > = {
    host: new RecordTable<SshCertificateRecord>(ID_PREFIX.sshHostCertificate),
    user: new RecordTable<SshCertificateRecord>(ID_PREFIX.sshUserCertificate),
  };
  /** The SSH credentials (the rules, duplicate keys included, are in `sshCredential.ts`). */
  readonly sshCredentials = new RecordTable<SshCredentialRecord>(ID_PREFIX.sshCredential);
  /** The reserved domains (`reservedDomain.ts`). */
  readonly reservedDomains = new RecordTable<ReservedDomainRecord>(ID_PREFIX.reservedDomain);
  /** The cloud endpoints (`cloudEndpoint.ts`). */
  readonly cloudEndpoints = new RecordTable<CloudEndpointRecord>(ID_PREFIX.cloudEndpoint);
  /** The plain collections' records (`plainResource.ts`), by path. */
  private readonly plainTables = new Map<string, PlainTable>();
  private readonly edges = new RecordTable<EdgeRecord>(ID_PREFIX.httpsEdge);
  private readonly routes = new RecordTable<RouteRecord>(ID_PREFIX.httpsEdgeRoute);

  /** The table of a plain collection (`plainResource.ts`), made on first use. */
  plainTable(collection: PlainCollection): RecordTable<PlainRecord> {
    const known = this.plainTables.get(collection.path);
    if (known !== undefined) return known.table;
    const table = new RecordTable<PlainRecord>(collection.idPrefix);
    this.plainTables.set(collection.path, { collection, table });
    return table;
  }

  /** The plain collections' tables made so far (every served one, once the routes are registered). */
  plainTablesServed(): PlainTable[] {
    return [...this.plainTables.values()];
  }

  /** How many host and user certificates the SSH CA with this id signed that still exist. */
  certificatesSignedBy(caId: string): number {
    const { host, user } = this.sshCertificates;
    return [...host.oldestFirst(), ...user.oldestFirst()].filter(
      (certificate) => certificate.sshCertificateAuthorityId === caId,
    ).length;
  }

  // HTTPS edges

  /** Stores a new HTTPS edge; the id and `created_at` are assigned here. */
  createEdge(fields: EdgeRecord["fields"]): EdgeRecord {
    return this.edges.insert((stamp) => ({ ...stamp, fields }));
  }

  /** The HTTPS edge with this id, or `undefined`. */
  getEdge(id: string): EdgeRecord | undefined {
    return this.edges.get(id);
  }

  /** All HTTPS edges, newest first. */
  listEdges(): EdgeRecord[] {
    return this.edges.newestFirst();
  }

  /** Deletes an edge and, with it, its routes and their SAML modules. */
  deleteEdge(id: string): boolean {
    if (!this.edges.delete(id)) return false;
    for (const route of this.routesOfEdge(id)) this.routes.delete(route.id);
    return true;
  }

  // HTTPS edge routes

  /** Stores a new route without a SAML module; the id and `created_at` are assigned here. */
  createRoute(edgeId: string, fields: RouteRecord["fields"]): RouteRecord {
    return this.routes.insert((stamp) => ({
      ...stamp,
      edgeId,
      fields,
      saml: undefined,
      samlCertificate: undefined,
    }));
  }

  /** The route with this id on this edge, or undefined (also when it belongs to another edge). */
  getRoute(edgeId: string, routeId: string): RouteRecord | undefined {
    const route = this.routes.get(routeId);
    return route !== undefined && route.edgeId === edgeId ? route : undefined;
  }

  /** The route with this id on any edge (for the public SP metadata URL). */
  findRoute(routeId: string): RouteRecord | undefined {
    return this.routes.get(routeId);
  }

  /** Routes of an edge, oldest first (the order they were added). */
  routesOfEdge(edgeId: string): RouteRecord[] {
    return this.routes.oldestFirst().filter((route) => route.edgeId === edgeId);
  }

  /** Deletes a route of this edge; `false` when the edge has no such route. */
  deleteRoute(edgeId: string, routeId: string): boolean {
    if (this.getRoute(edgeId, routeId) === undefined) return false;
    return this.routes.delete(routeId);
  }

  /** All records, oldest first, for snapshots. */
  all(): {
    sshCas: SshCaRecord[];
    sshHostCertificates: SshCertificateRecord[];
    sshUserCertificates: SshCertificateRecord[];
    sshCredentials: SshCredentialRecord[];
    edges: EdgeRecord[];
    routes: RouteRecord[];
    reservedDomains: ReservedDomainRecord[];
    cloudEndpoints: CloudEndpointRecord[];
    plain: { collection: PlainCollection; records: PlainRecord[] }[];
  } {
    return {
      sshCas: this.sshCas.oldestFirst(),
      sshHostCertificates: this.sshCertificates.host.oldestFirst(),
      sshUserCertificates: this.sshCertificates.user.oldestFirst(),
      sshCredentials: this.sshCredentials.oldestFirst(),
      edges: this.edges.oldestFirst(),
      routes: this.routes.oldestFirst(),
      reservedDomains: this.reservedDomains.oldestFirst(),
      cloudEndpoints: this.cloudEndpoints.oldestFirst(),
      plain: [...this.plainTables.values()].map(({ collection, table }) => ({
        collection,
        records: table.oldestFirst(),
      })),
    };
  }
}
