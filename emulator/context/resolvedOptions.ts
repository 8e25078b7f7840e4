/**
 * The emulator's options with their defaults applied: what one emulator's context is built with.
 * `options.ts` (at the emulator's root) resolves `EmulatorOptions` into this; it lives here,
 * beside the context that holds it, so that the routes can read the context without importing
 * the root.
 */
import type { FaultRule } from "../faults/faultRule";
import type { EdgesAccess } from "../http/edgesDeprecated";
import type { ResolvedRateLimit } from "../http/rateLimit";
import type { IdpMetadataAggregates } from "../model/idpMetadata";
import type { IdpMetadataStore } from "../model/idpMetadataStore";
import type { SamlModuleAbsentAnswer } from "../model/render";
import type { ResolvedSshCredentialOptions } from "../model/sshCredential";
import type { ResolvedCloudOptions } from "../model/cloudOptions";
import type { OpenApiDocument } from "../spec";
import type { PlainCollection } from "../model/plainResource";
import type { ResolvedPlainCollectionOptions } from "../model/plainOptions";

/** Options with defaults applied. */
export interface ResolvedOptions extends ResolvedCloudOptions {
  /** ngrok's OpenAPI document, when not the vendored one. */
  openApiDocument: OpenApiDocument | undefined;
  collections: readonly PlainCollection[];
  host: string;
  port: number;
  apiKey: string;
  baseUrl: string | undefined;
  samlBaseUrl: string | undefined;
  logger: boolean;
  authErrorStatus: 401 | 403;
  bodyLimit: number;
  idpMetadataMaxBytes: number;
  /** Validated copies of the initial fault rules. */
  faults: FaultRule[];
  /** Seed of the fault rules' probability draws, or `undefined` for `Math.random`. */
  faultSeed: number | undefined;
  /** The rate limit, or `undefined` when off. */
  rateLimit: ResolvedRateLimit | undefined;
  sshCaInUseStatus: 400 | 409;
  /** What GET of an absent SAML module answers. */
  samlModuleAbsent: SamlModuleAbsentAnswer;
  /** The SSH CA limit, or `undefined` for none. */
  caLimit: number | undefined;
  /** The `owner_id` of SSH credentials created without one. */
  apiKeyOwnerId: string;
  /** SSH credentials' options, defaults applied. */
  sshCredentials: ResolvedSshCredentialOptions;
  /** The account's initial access to its edges (`edgesDeprecated`, `edgesReadOnly`). */
  edgesAccess: EdgesAccess;
  /** What an `EntitiesDescriptor` as `idp_metadata` gets. */
  idpMetadataAggregates: IdpMetadataAggregates;
  /** How `idp_metadata` is stored. */
  idpMetadataStore: IdpMetadataStore;
  /** The plain collections' options, defaults applied. */
  plainCollections: ResolvedPlainCollectionOptions;
}
