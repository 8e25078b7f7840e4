/**
 * A CRUD collection of ngrok's OpenAPI document served from the document: one `{ path, idPrefix }`
 * (e.g. `{ path: "/ip_policies", idPrefix: "ipp_" }`) and the emulator accepts, stores, updates,
 * lists and deletes what the document describes, as `routes/collection.ts` serves every resource.
 * What it checks and answers comes from the document:
 *
 * - the fields, their types and the required ones (`spec/`), at any depth;
 * - what each field's description states (`statedChecks.ts`): limits (`max 255 bytes`), values
 *   (`either \`allow\` or \`deny\``, with the stated default), formats (CIDR, PEM, ARN, URI),
 *   exactly one property of an object;
 * - references (`references.ts`): a `<name>_id` whose answer holds `<name>` as a `Ref` must name
 *   an object of the collection `<names>` (the right prefix, an object that exists), and is
 *   answered `{ id, uri }`;
 * - answer fields the description names: `updated_at` (the last change), `created_by` and
 *   `last_updated_by` (the API key's owner, a `Ref` or an id as the schema has it), `owner_id`
 *   ("Defaults to the authenticated User"), `<name>_name` (the referenced object's name).
 *
 * What ngrok documents beyond the document, each collection's codes and behaviour (tokens shown
 * once, parsed certificates, generated addresses), is `documented.ts`'s. A failure without a
 * documented code answers ERR_NGROK_215 (a reference: 227 for an id of another kind, 404 or 400
 * without a code for a missing object). An unknown id answers 404 without a code.
 */
import { apiErrors } from "../errors";
import type { OperationObject, SchemaObject, Values } from "../spec";
import { isRecord } from "../spec/values";
import { DOCUMENTED, documentedAnswer, type DocumentedCollection } from "./documented";
import {
  collectionReferences,
  referencesOf,
  referrersOf,
  refTo,
  resolveReferences,
  targetOf,
} from "./references";
import {
  nounOf,
  resourceOperations,
  type ResourceBehaviour,
  type ResourceContext,
} from "./resource";
import { statedFailure, withStatedDefaults, type Failure, type WalkRules } from "./statedChecks";
import type { PlainCollection, PlainRecord } from "./store";
import { rfc3339Now } from "./time";

export type { PlainCollection } from "./store";

/** The noun of a request field in a sentence: `ip_policy_ids` → `ip policy`. */
function fieldNoun(field: string): string {
  return field.replace(/_(ids?|name)$/, "").replace(/_/g, " ");
}

/** The error a failure answers in `collection` (see the module comment). */
function answerOf(collection: PlainCollection, failure: Failure, context: ResourceContext): Error {
  const status = context.options.plainCollections.referenceNotFoundStatus;
  const documented = documentedAnswer(collection.path, failure, status);
  if (documented !== undefined) return documented;
  const value = String(failure.value ?? "");
  switch (failure.kind) {
    case "wrongKind":
      return apiErrors.invalidIdPrefix(value, failure.list?.[0] ?? "");
    case "notFound":
      return apiErrors.referencedNotFound(fieldNoun(failure.field), value, status);
    default:
      return apiErrors.invalidValue(failure.field, failure.reason);
  }
}

/** The properties of the collection's answers (its GET's, else its create's). */
function answerProperties(
  collection: PlainCollection,
  context: ResourceContext,
): Record<string, SchemaObject> {
  const { get, create } = resourceOperations(context.spec, collection);
  const op = get ?? create;
  if (op === undefined) return {};
  return context.spec.resolve(context.spec.successSchema(op)).properties ?? {};
}

/** How the walk reads a request of `op` (see `statedChecks.ts`). */
function walkRules(
  documented: DocumentedCollection,
  op: OperationObject,
  context: ResourceContext,
  update: boolean,
): WalkRules {
  return {
    ignoreCase: context.options.plainCollections.statedValueCase === "ignoreCase",
    required: documented.required ?? [],
    patterns: documented.patterns ?? {},
    // `<name>_id` satisfied by `<name>_name` (a secret's vault by its name).
    alternatives: Object.fromEntries(
      referencesOf(context.spec, op).flatMap(({ request, byName }) =>
        byName === undefined ? [] : [[request, byName]],
      ),
    ),
    update,
  };
}

/** The first failure of the documented uniqueness of `values` (with `refs`) against the others. */
function uniqueFailure(
  collection: PlainCollection,
  documented: DocumentedCollection,
  context: ResourceContext,
  fields: Values,
  refs: PlainRecord["refs"],
  self: string | undefined,
): Failure | undefined {
  const others = context.store
    .plainTable(collection)
    .oldestFirst()
    .filter((record) => record.id !== self);
  for (const { field, within } of documented.unique ?? []) {
    const value = fields[field];
    if (value === undefined || value === "") continue;
    const clash = others.some(
      (record) =>
        record.fields[field] === value &&
        (within === undefined || record.refs[within] === refs[within]),
    );
    if (clash) return { kind: "unique", field, value, reason: `${String(value)} is taken` };
  }
  return undefined;
}

/** The behaviour of a {@link PlainCollection} (see the module comment). */
export function plainResource(collection: PlainCollection): ResourceBehaviour<PlainRecord> {
  const documented: DocumentedCollection = DOCUMENTED[collection.path] ?? {};
  const traits = documented.traits ?? [];
  const fail = (failure: Failure | undefined, context: ResourceContext): void => {
    if (failure !== undefined) throw answerOf(collection, failure, context);
  };

  const behaviour: ResourceBehaviour<PlainRecord> = {
    ...collection,
    table: (store) => store.plainTable(collection),
    ownRequired: "all",
    create(values, echoed, context) {
      const { spec, store, options } = context;
      const op = resourceOperations(spec, collection).create;
      if (op === undefined) throw new Error(`ngrok's document has no POST ${collection.path}`);
      const schema = spec.requestSchemaOf(op);
      fail(statedFailure(spec, schema, values, walkRules(documented, op, context, false)), context);
      const { refs, failure } = resolveReferences(spec, op, store, values);
      fail(failure, context);
      const request = schema.properties ?? {};
      const answered = answerProperties(collection, context);
      const fields: Values = {
        ...documented.defaults,
        ...withStatedDefaults(spec, schema, echoed),
      };
      if (request.owner_id !== undefined && answered.owner_id !== undefined) {
        fields.owner_id ??= options.apiKeyOwnerId;
      }
      fail(uniqueFailure(collection, documented, context, fields, refs, undefined), context);
      for (const trait of traits) fail(trait.check?.(values), context);
      return behaviour.table(store).insert((stamp) => {
        const record: PlainRecord = {
          ...stamp,
          fields,
          refs,
          derived: {},
          once: undefined,
          updatedAt: stamp.createdAt,
        };
        for (const trait of traits) {
          const made = trait.create?.(values, stamp.id, { store, collection }) ?? {};
          Object.assign(record.derived, made.derived);
          if (made.once !== undefined) record.once = { ...record.once, ...made.once };
        }
        return record;
      });
    },
    update(record, values, echoed, context) {
      const { spec, store } = context;
      const op = resourceOperations(spec, collection).update;
      if (op === undefined) return echoed;
      const schema = spec.requestSchemaOf(op);
      fail(statedFailure(spec, schema, values, walkRules(documented, op, context, true)), context);
      const resolved = resolveReferences(spec, op, store, values);
      fail(resolved.failure, context);
      const refs = { ...record.refs, ...resolved.refs };
      const fields = { ...record.fields, ...echoed };
      fail(uniqueFailure(collection, documented, context, fields, refs, record.id), context);
      record.refs = refs;
      for (const trait of traits) Object.assign(record.derived, trait.update?.(record, values));
      record.updatedAt = rfc3339Now();
      return withStatedDefaults(spec, schema, echoed, true);
    },
    beforeDelete(record, context) {
      const referrers = referrersOf(context.spec, context.store, collection, record.id);
      const modes = referrers.map(({ table, field, records }) => {
        const decide = DOCUMENTED[table.collection.path]?.onReferencedDelete?.[field.answer];
        const mode = decide?.(context.options.plainCollections) ?? "keep";
        if (mode === "refuse") {
          const list = records.map((other) => other.id);
          const failure: Failure = {
            kind: "inUse",
            field: field.answer,
            value: record.id,
            reason: `${list.join(", ")} refer to it`,
            list,
          };
          const status = context.options.plainCollections.referenceNotFoundStatus;
          throw (
            documentedAnswer(table.collection.path, failure, status) ??
            apiErrors.referencedInUse(nounOf(collection.path), record.id, list)
          );
        }
        return { table, records, mode };
      });
      for (const { table, records, mode } of modes) {
        if (mode !== "cascade") continue;
        const other = plainResource(table.collection);
        for (const referring of records) {
          other.beforeDelete?.(referring, context);
          table.table.delete(referring.id);
        }
      }
    },
    computed(record, urls, context) {
      const uri = `${urls.apiBaseUrl}${collection.path}/${record.id}`;
      const answered = answerProperties(collection, context);
      const owner = context.options.apiKeyOwnerId;
      const values: Values = { id: record.id, uri };
      if (record.fields.created_at === undefined) values.created_at = record.createdAt;
      if (answered.updated_at !== undefined) values.updated_at = record.updatedAt;
      for (const name of ["created_by", "last_updated_by"]) {
        const property = answered[name];
        if (property === undefined || record.fields[name] !== undefined) continue;
        values[name] = property.type === "string" ? owner : { id: owner, uri: "" };
      }
      for (const field of collectionReferences(context.spec, collection)) {
        const held = record.refs[field.answer];
        if (held === undefined) continue;
        const ref = (id: string) => refTo(context.store, field.noun, id, urls.apiBaseUrl);
        values[field.answer] = Array.isArray(held) ? held.map(ref) : ref(held);
        const byName = `${field.noun}_name`;
        if (!Array.isArray(held) && answered[byName] !== undefined) {
          const named = targetOf(context.store, field.noun)?.table.get(held);
          if (named !== undefined) values[byName] = named.fields.name;
        }
      }
      Object.assign(values, record.derived);
      for (const trait of traits) Object.assign(values, trait.render?.(record, uri));
      return values;
    },
    createdOnly(record) {
      const once = record.once ?? {};
      record.once = undefined;
      return once;
    },
  };
  return behaviour;
}

/**
 * Stores an object of a collection the API only reads (tunnel sessions, application users and
 * sessions), for a test's setup: `fields` as its GET answers them (checked against that schema:
 * ERR_NGROK_214, 215), without `id` and `uri`, which are made here; `created_at` defaults to now.
 *
 * @throws TypeError when the collection takes creates through the API, or `fields` names `id`
 *   or `uri`; EmulatorApiError for a field the answer does not have or of another type.
 */
export function seedRecord(
  collection: PlainCollection,
  fields: unknown,
  context: ResourceContext,
): PlainRecord {
  const { create, get } = resourceOperations(context.spec, collection);
  if (create !== undefined) {
    throw new TypeError(`${collection.path} is created through the API (POST ${collection.path})`);
  }
  if (get === undefined) throw new TypeError(`ngrok's document has no GET ${collection.path}/{id}`);
  if (isRecord(fields) && ("id" in fields || "uri" in fields)) {
    throw new TypeError(
      `a seeded object's id and uri are the emulator's, not ${collection.path}'s`,
    );
  }
  const values = context.spec.parseValues(context.spec.successSchema(get), fields);
  return plainResource(collection)
    .table(context.store)
    .insert((stamp) => ({
      ...stamp,
      fields: values,
      refs: {},
      derived: {},
      once: undefined,
      updatedAt: stamp.createdAt,
    }));
}
