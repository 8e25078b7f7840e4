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
import { ID_PREFIX, newId } from "./ids";
import type { SshKeyType } from "./sshKeys";
import { rfc3339Now } from "./time";

/** A stored SSH Certificate Authority. `privateKey` never leaves the emulator. */
export interface SshCaRecord {
  readonly id: string;
  readonly createdAt: string;
  description: string;
  metadata: string;
  readonly keyType: SshKeyType;
  readonly publicKey: string;
  readonly privateKey: KeyObject;
}

/** A stored HTTPS edge. */
export interface EdgeRecord {
  readonly id: string;
  readonly createdAt: string;
  readonly description: string;
  readonly metadata: string;
  readonly hostports: readonly string[];
}

/** The writable settings of a SAML module, normalised (defaults applied). */
export interface SamlModuleSettings {
  enabled: boolean;
  options_passthrough: boolean;
  cookie_prefix: string;
  inactivity_timeout: number;
  maximum_duration: number;
  idp_metadata: string;
  idp_metadata_url: string;
  force_authn: boolean;
  allow_idp_initiated: boolean;
  authorized_groups: string[];
  nameid_format: string;
}

/** A stored SAML module: its settings and the route's request-signing certificate. */
export interface SamlModuleRecord {
  readonly settings: SamlModuleSettings;
  readonly certificate: SigningCertificate;
}

/** A stored HTTPS edge route. */
export interface RouteRecord {
  readonly id: string;
  readonly edgeId: string;
  readonly createdAt: string;
  readonly matchType: string;
  readonly match: string;
  readonly description: string;
  readonly metadata: string;
  /** The SAML module, if one is configured. */
  saml: SamlModuleRecord | undefined;
  /**
   * The route's SAML request-signing certificate, memoised as a promise so that concurrent first
   * PUTs share one certificate. Cleared when the module is deleted.
   */
  samlCertificate: Promise<SigningCertificate> | undefined;
}

function newestFirst<T extends { id: string }>(records: Iterable<T>): T[] {
  return [...records].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** In-memory state of one emulator instance. */
export class EmulatorStore {
  private readonly sshCas = new Map<string, SshCaRecord>();
  private readonly edges = new Map<string, EdgeRecord>();
  private readonly routes = new Map<string, RouteRecord>();

  // SSH Certificate Authorities

  /** Stores a new SSH CA; the id and `created_at` are assigned here. */
  createSshCa(fields: Omit<SshCaRecord, "id" | "createdAt">): SshCaRecord {
    const record: SshCaRecord = {
      id: newId(ID_PREFIX.sshCertificateAuthority),
      createdAt: rfc3339Now(),
      ...fields,
    };
    this.sshCas.set(record.id, record);
    return record;
  }

  getSshCa(id: string): SshCaRecord | undefined {
    return this.sshCas.get(id);
  }

  /** All SSH CAs, newest first. */
  listSshCas(): SshCaRecord[] {
    return newestFirst(this.sshCas.values());
  }

  deleteSshCa(id: string): boolean {
    return this.sshCas.delete(id);
  }

  // HTTPS edges

  createEdge(fields: Omit<EdgeRecord, "id" | "createdAt">): EdgeRecord {
    const record: EdgeRecord = {
      id: newId(ID_PREFIX.httpsEdge),
      createdAt: rfc3339Now(),
      ...fields,
    };
    this.edges.set(record.id, record);
    return record;
  }

  getEdge(id: string): EdgeRecord | undefined {
    return this.edges.get(id);
  }

  /** All HTTPS edges, newest first. */
  listEdges(): EdgeRecord[] {
    return newestFirst(this.edges.values());
  }

  /** Deletes an edge and, with it, its routes and their SAML modules. */
  deleteEdge(id: string): boolean {
    if (!this.edges.delete(id)) return false;
    for (const route of [...this.routes.values()]) {
      if (route.edgeId === id) this.routes.delete(route.id);
    }
    return true;
  }

  // HTTPS edge routes

  createRoute(
    fields: Omit<RouteRecord, "id" | "createdAt" | "saml" | "samlCertificate">,
  ): RouteRecord {
    const record: RouteRecord = {
      id: newId(ID_PREFIX.httpsEdgeRoute),
      createdAt: rfc3339Now(),
      ...fields,
      saml: undefined,
      samlCertificate: undefined,
    };
    this.routes.set(record.id, record);
    return record;
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
    return [...this.routes.values()]
      .filter((route) => route.edgeId === edgeId)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  deleteRoute(edgeId: string, routeId: string): boolean {
    if (this.getRoute(edgeId, routeId) === undefined) return false;
    return this.routes.delete(routeId);
  }

  /** All records, oldest first, for snapshots. */
  all(): { sshCas: SshCaRecord[]; edges: EdgeRecord[]; routes: RouteRecord[] } {
    return {
      sshCas: newestFirst(this.sshCas.values()).reverse(),
      edges: newestFirst(this.edges.values()).reverse(),
      routes: newestFirst(this.routes.values()).reverse(),
    };
  }
}
