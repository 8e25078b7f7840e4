/**
 * References between the served plain collections at run time (`spec/references.ts` says which
 * request fields are references and which answer fields hold their `Ref`s): the ids a request
 * names, checked against the collection its noun names (the right id prefix, an object that
 * exists); the `Ref`s answered (`{ id, uri }`); and the objects that refer to one being deleted.
 */
import type { ApiSpec, OperationObject, Values } from "../spec";
import { operationReferences, pluralOf, type ReferenceField } from "../spec/references";
import { resourceOperations } from "./resource";
import type { Failure } from "./statedChecks";
import type { EmulatorStore, PlainCollection, PlainRecord, PlainTable } from "./store";

const cache = new WeakMap<OperationObject, ReferenceField[]>();

/** The reference fields of an operation (cached per operation). */
export function referencesOf(spec: ApiSpec, op: OperationObject | undefined): ReferenceField[] {
  if (op === undefined) return [];
  let fields = cache.get(op);
  if (fields === undefined) {
    fields = operationReferences(spec, op);
    cache.set(op, fields);
  }
  return fields;
}

/**
 * The served collection a reference's noun names: `/<nouns>`, else the only one whose path ends
 * in `_<nouns>`; `undefined` when none is served (the ids are then kept unchecked).
 */
export function targetOf(store: EmulatorStore, noun: string): PlainTable | undefined {
  const plural = pluralOf(noun);
  const served = store.plainTablesServed();
  const exact = served.find(({ collection }) => collection.path === `/${plural}`);
  if (exact !== undefined) return exact;
  const ending = served.filter(({ collection }) => collection.path.endsWith(`_${plural}`));
  return ending.length === 1 ? ending[0] : undefined;
}

/** The failure of one referenced id, or `undefined` when it names an object of `target`. */
function idFailure(
  target: PlainTable | undefined,
  field: ReferenceField,
  id: string,
): Failure | undefined {
  if (target === undefined) return undefined;
  const { idPrefix, path } = target.collection;
  if (!id.startsWith(idPrefix)) {
    const reason = `${id} is not the id of an object of ${path}`;
    return { kind: "wrongKind", field: field.request, value: id, reason, list: [idPrefix] };
  }
  if (target.table.get(id) === undefined) {
    return { kind: "notFound", field: field.request, value: id, reason: `no object ${id}` };
  }
  return undefined;
}

/** The ids of a request's reference fields, by answer field, or the first failure. */
export function resolveReferences(
  spec: ApiSpec,
  op: OperationObject | undefined,
  store: EmulatorStore,
  values: Values,
): { refs: Record<string, string | string[]>; failure?: Failure } {
  const refs: Record<string, string | string[]> = {};
  for (const field of referencesOf(spec, op)) {
    const target = targetOf(store, field.noun);
    const sent = values[field.request];
    if (field.many && Array.isArray(sent)) {
      const ids = sent.filter((id): id is string => typeof id === "string");
      for (const id of ids) {
        const failure = idFailure(target, field, id);
        if (failure !== undefined) return { refs, failure };
      }
      refs[field.answer] = ids;
    } else if (typeof sent === "string" && sent !== "") {
      const failure = idFailure(target, field, sent);
      if (failure !== undefined) return { refs, failure };
      refs[field.answer] = sent;
    } else if (field.byName !== undefined && typeof values[field.byName] === "string") {
      const name = String(values[field.byName]);
      const named = target?.table.oldestFirst().find((record) => record.fields.name === name);
      if (target !== undefined && named === undefined) {
        const reason = `no object named ${name}`;
        return { refs, failure: { kind: "notFound", field: field.byName, value: name, reason } };
      }
      if (named !== undefined) refs[field.answer] = named.id;
    }
  }
  return { refs };
}

/** A `Ref` to the object `id` of the collection `noun` names. */
export function refTo(
  store: EmulatorStore,
  noun: string,
  id: string,
  apiBaseUrl: string,
): { id: string; uri: string } {
  const path = targetOf(store, noun)?.collection.path ?? `/${pluralOf(noun)}`;
  return { id, uri: `${apiBaseUrl}${path}/${id}` };
}

/** The reference fields of a collection's create and update, once each by answer field. */
export function collectionReferences(
  spec: ApiSpec,
  collection: { path: string },
): ReferenceField[] {
  const { create, update } = resourceOperations(spec, collection);
  const fields = [...referencesOf(spec, create), ...referencesOf(spec, update)];
  return fields.filter((field, i) => fields.findIndex((f) => f.answer === field.answer) === i);
}

/** Objects that refer to one: their table, the reference field, the records. */
export interface Referrers {
  readonly table: PlainTable;
  readonly field: ReferenceField;
  readonly records: PlainRecord[];
}

/** The objects of the served plain collections that refer to `id` of `collection`. */
export function referrersOf(
  spec: ApiSpec,
  store: EmulatorStore,
  collection: PlainCollection,
  id: string,
): Referrers[] {
  const found: Referrers[] = [];
  for (const table of store.plainTablesServed()) {
    for (const field of collectionReferences(spec, table.collection)) {
      if (targetOf(store, field.noun)?.collection.path !== collection.path) continue;
      const records = table.table.oldestFirst().filter((record) => {
        const held = record.refs[field.answer];
        return Array.isArray(held) ? held.includes(id) : held === id;
      });
      if (records.length > 0) found.push({ table, field, records });
    }
  }
  return found;
}
