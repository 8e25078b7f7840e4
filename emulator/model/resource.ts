/**
 * A plain CRUD resource of ngrok's API (`POST /things`, `GET /things`, `GET|PATCH|DELETE
 * /things/{id}`), as the emulator serves it: everything but the behaviour comes from ngrok's
 * OpenAPI document and the overlay (`spec/`): which operations exist and their success statuses,
 * the fields a request may hold and their types, the required ones, the fields the answers echo,
 * and the answers' shape. A resource adds only its {@link ResourceBehaviour}: its id prefix and
 * table, ngrok's own rules and error codes, what it generates (keys, certificates, URLs), and
 * checks before a delete. `routes/collection.ts` serves it.
 *
 * A record keeps what the request sent (the echoed fields, under the API's names) in `fields`,
 * and whatever its behaviour needs beside; the answer is `fields` overlaid with the behaviour's
 * `computed` fields, rendered after the operation's schema, so a property the document adds to
 * both the request and the answer is accepted, stored, updated and answered with no code.
 */
import type { ApiSpec, OperationObject, Values } from "../spec";
import type { ResolvedCloudOptions } from "./cloudOptions";
import type { ResolvedPlainCollectionOptions } from "./plainOptions";
import type { UrlContext } from "./urls";
import type { RecordStamp, RecordTable, ResourceRecord } from "./recordTable";
import type { ResolvedSshCredentialOptions } from "./sshCredentialOptions";
import type { EmulatorStore } from "./store";

export type { ResourceRecord } from "./recordTable";

/** The emulator's options the resources' behaviour reads (defaults applied). */
export interface ResourceOptions extends ResolvedCloudOptions {
  readonly caLimit: number | undefined;
  readonly sshCaInUseStatus: 400 | 409;
  readonly apiKeyOwnerId: string;
  readonly sshCredentials: ResolvedSshCredentialOptions;
  readonly plainCollections: ResolvedPlainCollectionOptions;
}

/** What a resource's behaviour is given. */
export interface ResourceContext {
  readonly store: EmulatorStore;
  readonly options: ResourceOptions;
  readonly spec: ApiSpec;
}

/** The behaviour of one resource (see the module comment). */
export interface ResourceBehaviour<R extends ResourceRecord> {
  /** The collection's path in ngrok's document, e.g. `/ssh_credentials`. */
  readonly path: string;
  /** The id prefix (`sshcr_`): a path id or `before_id` with another answers ERR_NGROK_227. */
  readonly idPrefix: string;
  /** The records. */
  table(store: EmulatorStore): RecordTable<R>;
  /**
   * The 404 answer for an id the table lacks; default: 404 without a code, `The <noun> <id> was
   * not found.`, the noun read from the path (`/reserved_domains` → `reserved domain`).
   */
  notFound?(id: string): Error;
  /**
   * Required properties whose absence the behaviour answers with ngrok's own code (`"all"`: the
   * behaviour judges every required property itself).
   */
  readonly ownRequired?: readonly string[] | "all";
  /**
   * Checks a create request's values (already of the schema's types, required ones present) by
   * ngrok's rules and stores the new record, its `fields` built from `echoed` (the values the
   * answer echoes) and what the behaviour sets.
   */
  create(values: Values, echoed: Values, context: ResourceContext): R | Promise<R>;
  /**
   * Checks an update's values and returns the echoed fields to set (default: `echoed`). It may
   * change the record's own state (an endpoint's `updated_at`).
   */
  update?(record: R, values: Values, echoed: Values, context: ResourceContext): Values;
  /**
   * Refuses a delete (e.g. a CA that signed certificates), by throwing, or deletes what goes with
   * the record (an IP policy's rules).
   */
  beforeDelete?(record: R, context: ResourceContext): void;
  /** Answer fields of the create answer only (a token shown once); read once. */
  createdOnly?(record: R): Values;
  /** The answer's fields the behaviour computes: `id`, `uri`, `created_at` and derived ones. */
  computed(record: R, urls: UrlContext, context: ResourceContext): Values;
  /** Filters a list by the list operation's own query parameters (e.g. `ids`), if any. */
  filter?(records: R[], query: Record<string, string[]>): R[];
}

/** The operations ngrok's document has for a resource; `undefined` where it has none. */
export interface ResourceOperations {
  readonly create?: OperationObject;
  readonly list?: OperationObject;
  readonly get?: OperationObject;
  readonly update?: OperationObject;
  readonly remove?: OperationObject;
}

/** The spec path of one item: `<path>/{id}`. */
export function itemPath(behaviour: { path: string }): string {
  return `${behaviour.path}/{id}`;
}

/** The operations of a resource in ngrok's document. */
export function resourceOperations(spec: ApiSpec, behaviour: { path: string }): ResourceOperations {
  const find = (apiPath: string, method: "get" | "post" | "patch" | "delete") =>
    spec.document.paths[apiPath]?.[method];
  const item = itemPath(behaviour);
  return {
    create: find(behaviour.path, "post"),
    list: find(behaviour.path, "get"),
    get: find(item, "get"),
    update: find(item, "patch"),
    remove: find(item, "delete"),
  };
}

/** `<api base><path>`: the collection's URI. */
export function collectionUri(behaviour: { path: string }, urls: UrlContext): string {
  return `${urls.apiBaseUrl}${behaviour.path}`;
}

/** The `id`, `uri` and `created_at` every resource answers. */
export function stampFields(
  behaviour: { path: string },
  record: RecordStamp,
  urls: UrlContext,
): Values {
  return {
    id: record.id,
    uri: `${collectionUri(behaviour, urls)}/${record.id}`,
    created_at: record.createdAt,
  };
}

/** A record's values before rendering: its fields overlaid with the computed ones. */
export function recordValues<R extends ResourceRecord>(
  behaviour: ResourceBehaviour<R>,
  record: R,
  urls: UrlContext,
  context: ResourceContext,
): Values {
  return { ...record.fields, ...behaviour.computed(record, urls, context) };
}

/** A record as `GET <path>/{id}` answers it. */
export function renderRecord<R extends ResourceRecord>(
  behaviour: ResourceBehaviour<R>,
  record: R,
  urls: UrlContext,
  context: ResourceContext,
): Record<string, unknown> {
  const get = resourceOperations(context.spec, behaviour).get;
  if (get === undefined) throw new Error(`ngrok's document has no GET ${itemPath(behaviour)}`);
  return context.spec.renderSuccess(get, recordValues(behaviour, record, urls, context));
}

/** One object of a collection in a sentence: `/ip_policies` → `ip policy`. */
export function nounOf(path: string): string {
  return path
    .replace(/^\//, "")
    .replace(/_/g, " ")
    .replace(/ies$|s$/, (s) => (s === "ies" ? "y" : ""));
}

/** The answers {@link findRecord} gives for an id it cannot serve (`errors/`). */
export interface FindErrors {
  /** ERR_NGROK_227: the id does not start with the collection's prefix. */
  invalidIdPrefix(id: string, prefix: string): Error;
  /** 404 without a code: no `noun` with this id (when the behaviour has no `notFound`). */
  notFoundById(noun: string, id: string): Error;
}

/** The record with this id, or ERR_NGROK_227 (wrong prefix) / the behaviour's 404. */
export function findRecord<R extends ResourceRecord>(
  behaviour: ResourceBehaviour<R>,
  store: EmulatorStore,
  id: string,
  errors: FindErrors,
): R {
  if (!id.startsWith(behaviour.idPrefix)) throw errors.invalidIdPrefix(id, behaviour.idPrefix);
  const record = behaviour.table(store).get(id);
  if (record !== undefined) return record;
  throw behaviour.notFound?.(id) ?? errors.notFoundById(nounOf(behaviour.path), id);
}
