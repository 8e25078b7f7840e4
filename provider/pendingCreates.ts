/**
 * The resource kinds whose interrupted creates `pulumi-ngrok-dynamic pending-creates` can
 * resolve, derived from the definitions that declare `pendingCreates` (those created with a `POST` that
 * is not idempotent: SSH CAs, host and user certificates, SSH credentials), under both type
 * tokens (the Node.js classes' and the plugin's). For each, one descriptor: how to list the live
 * objects (the resource's list lookup, `lookups.list`), and how a live object differs from a pending create's
 * inputs, compared input by input as the resource's own `diff` compares them (its properties'
 * `same`: timestamps as instants, a key by its material; absent text as `""`), so that the
 * command and the provider never judge two objects differently.
 *
 * `HttpsEdgeRouteSaml` is not here: its create is a `PUT` on the route, which a rerun repeats
 * without making a second module.
 *
 * The implementation loads on first use (`list`).
 *
 * @module
 */
import type { NgrokClient } from "./client";
import { ownerOf, urnOfOwner } from "./common/ownershipMarker";
import { sameValue } from "./framework/diff";
import { namesOf } from "./framework/names";
import type { PendingCreateFacts, ResourceDefinition } from "./framework/resource";
import { ANY_RESOURCES, type AnyResource, typeTokensOf } from "./registry";

/** What a stack export holds for an input it encrypted: never equal to a live value. */
export const NOT_COMPARABLE: unique symbol = Symbol("secret (encrypted in the export)");

/** A live object, as the command compares it. */
export interface LiveObject {
  readonly id: string;
  /** RFC 3339. */
  readonly createdAt: string;
  /** The URN its ownership marker names (`ngrok:ownershipMarker`), if it has one. */
  readonly markedUrn?: string;
  /**
   * How this object differs from a pending create's `inputs`, one phrase per input
   * (`description "a", not "b"`); empty when every input matches. An input exported encrypted
   * ({@link NOT_COMPARABLE}) is a difference ("not comparable").
   */
  differences(inputs: Readonly<Record<string, unknown>>): string[];
}

/** One resource type the command handles. */
export interface PendingCreateKind {
  /** The class name, e.g. `SshCertificateAuthority`. */
  readonly resource: string;
  /** One object in a sentence, e.g. `CA`; several, e.g. `CAs`. */
  readonly short: string;
  readonly plural: string;
  /** The `ngrok api` subcommand of the collection, e.g. `ssh-certificate-authorities`. */
  readonly cli: string;
  /** The collection, e.g. `/ssh_certificate_authorities`. */
  readonly path: string;
  /** Whether the resource can adopt an existing object (its `pendingCreates.adoptBy`). */
  readonly adoptable: boolean;
  /**
   * Every live object, newest first, through every page. Throws when the resource's list lookup
   * returns anything but a list of objects with an id.
   */
  list(client: NgrokClient): AsyncIterable<LiveObject>;
  /** The inputs that identify the create, for the report: `privateKeyType ed25519, description "x"`. */
  describe(inputs: Readonly<Record<string, unknown>>): string;
}

/** A value in a sentence: strings in JSON quotes, shortened past 60 characters. */
export function quote(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const short = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  return typeof value === "string" ? JSON.stringify(short) : short;
}

/**
 * How the live object's values (as outputs, `live`) differ from a create's `declared` inputs: each
 * input updated in place always (absent is `""`), each input that replaces where it is declared
 * (ngrok fills what is left out), compared as the resource's `diff` compares them.
 */
export function differencesOf(
  definition: ResourceDefinition,
  declared: Readonly<Record<string, unknown>>,
  live: Readonly<Record<string, unknown>>,
): string[] {
  const found: string[] = [];
  for (const [name, property] of Object.entries(definition.properties)) {
    if (property.role !== "input" || property.onChange === "nothing") continue;
    const value = declared[name] ?? undefined;
    if (value === undefined && property.onChange === "replace") continue;
    if (value === NOT_COMPARABLE) {
      found.push(`${name} not comparable (a secret, encrypted in the export)`);
      continue;
    }
    if (!sameValue(property, live[name], value)) {
      found.push(`${name} ${quote(live[name] ?? "")}, not ${quote(value ?? "")}`);
    }
  }
  return found;
}

/** The named `fields` of `inputs` that are set, for the report. */
function describeInputs(
  inputs: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): string {
  return fields
    .filter((f) => inputs[f] !== undefined && inputs[f] !== null)
    .map((f) => `${f} ${inputs[f] === NOT_COMPARABLE ? "(secret)" : quote(inputs[f])}`)
    .join(", ");
}

/** A record a list lookup returns: the outputs of the resource, with its id. */
type ListedRecord = Readonly<Record<string, unknown>> & { id: string };

/** Whether `value` is a {@link ListedRecord}. */
function isRecord(value: unknown): value is ListedRecord {
  return (
    typeof value === "object" && value !== null && typeof Reflect.get(value, "id") === "string"
  );
}

/** What `value` is, in a sentence, without its content: `undefined`, `a string`, `a list`… */
function kindOfValue(value: unknown, anObject = "an object"): string {
  if (value === undefined || value === null) return String(value);
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return anObject;
  return `a ${typeof value}`;
}

/**
 * The records `name` (a list lookup) returned, checked.
 *
 * @throws Error when `records` is not a list of objects with an id: a wiring mistake, which must not
 * pass for "nothing pending".
 */
function recordsOf(name: string, records: unknown): ReadonlyArray<ListedRecord> {
  const wrong = (what: string) =>
    new Error(`${name} returned ${what}, not a list of objects with an id`);
  if (!Array.isArray(records)) throw wrong(kindOfValue(records));
  const listed: ListedRecord[] = [];
  for (const [index, record] of records.entries()) {
    if (!isRecord(record)) {
      throw wrong(
        `a list whose item ${index} is ${kindOfValue(record, "an object without a string id")}`,
      );
    }
    listed.push(record);
  }
  return listed;
}

/** The descriptor of `resource`'s objects, found by its `pendingCreates` facts. */
function kindOf(resource: AnyResource, pendingCreates: PendingCreateFacts): PendingCreateKind {
  const { definition } = resource;
  if (resource.lookups.list === undefined) {
    throw new Error(`${definition.name} declares pendingCreates but no list lookup`);
  }
  return {
    resource: definition.name,
    short: pendingCreates.shortNoun,
    plural: pendingCreates.shortNounPlural,
    cli: pendingCreates.ngrokCliCommand,
    path: definition.api.path,
    adoptable: pendingCreates.adoptBy !== undefined,
    async *list(client) {
      const name = namesOf(definition).lookupList;
      for (const record of recordsOf(name, await resource.lookups.list?.(client))) {
        const metadata = record.metadata;
        const owner = ownerOf(typeof metadata === "string" ? metadata : undefined);
        yield {
          id: record.id,
          createdAt: String(record.createdAt),
          markedUrn: owner === undefined ? undefined : urnOfOwner(owner),
          differences: (inputs) => differencesOf(definition, inputs, record),
        };
      }
    },
    describe: (inputs) => describeInputs(inputs, pendingCreates.identifyingInputs),
  };
}

/** Every kind, by type token: the Node.js classes' and the plugin's. */
export const PENDING_CREATE_KINDS: ReadonlyMap<string, PendingCreateKind> = new Map(
  ANY_RESOURCES.flatMap((resource) => {
    const { pendingCreates } = resource.definition;
    if (pendingCreates === undefined) return [];
    const kind = kindOf(resource, pendingCreates);
    return typeTokensOf(resource.definition).map((token) => [token, kind] as const);
  }),
);
