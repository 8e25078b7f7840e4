/**
 * Lists under an object of ngrok's document: `GET <path>/{id}/<name>` whose answer is the list of
 * another served collection (`GET /vaults/{id}/secrets` answers a `SecretList`, the list of
 * `/vault_secrets`) answers that collection's objects whose reference names the object
 * (`vault`), paged like every list. The object must exist (227, 404 as its own GET).
 */
import type { ContextRoutes } from "../context";
import { apiErrors } from "../errors";
import { paginate, parsePageQuery } from "../model/paging";
import { plainResource, type PlainCollection } from "../model/plainResource";
import { collectionReferences, targetOf } from "../model/references";
import { findRecord, recordValues, resourceOperations } from "../model/resource";
import type { ApiSpec, SchemaObject } from "../spec";
import { fastifyPath } from "./collection";

type IdParams = { Params: { id: string } };

/** The `$ref` an answer schema names, for comparing two operations' answers. */
function refOf(schema: SchemaObject | undefined): string | undefined {
  return schema?.$ref ?? schema?.items?.$ref;
}

/** The routes of every such list among `collections` (see the module comment). */
export function referencedListRoutes(collections: readonly PlainCollection[]): ContextRoutes {
  return async (app, { context }) => {
    const { spec, store } = context;
    const resource = { store, options: context.options, spec };
    for (const [apiPath, methods] of Object.entries(spec.document.paths)) {
      const list = methods.get;
      const match = /^(\/.+)\/\{id\}\/([a-z_]+)$/.exec(apiPath);
      const owner = collections.find((collection) => collection.path === match?.[1]);
      if (list === undefined || owner === undefined) continue;
      const listed = listedCollection(spec, list, collections);
      if (listed === undefined) continue;
      const field = collectionReferences(spec, listed).find(
        (reference) => targetOf(store, reference.noun)?.collection.path === owner.path,
      );
      if (field === undefined) continue;
      const ownerBehaviour = plainResource(owner);
      const behaviour = plainResource(listed);
      const query = spec.query(list);
      const key = Object.entries(spec.resolve(spec.successSchema(list)).properties ?? {}).find(
        ([, property]) => property.type === "array",
      )?.[0];
      if (key === undefined) throw new Error(`${list.operationId} answers no array`);
      app.get<IdParams>(fastifyPath(apiPath), async (request, reply) => {
        const page = parsePageQuery(request.query, listed.idPrefix, query);
        findRecord(ownerBehaviour, store, request.params.id, apiErrors);
        const urls = context.urlsFor(request);
        const uri = `${urls.apiBaseUrl}${apiPath.replace("{id}", request.params.id)}`;
        const records = behaviour
          .table(store)
          .newestFirst()
          .filter((record) => {
            const held = record.refs[field.answer];
            return Array.isArray(held)
              ? held.includes(request.params.id)
              : held === request.params.id;
          });
        const { items, nextPageUri } = paginate(records, page, uri);
        const answer = spec.renderSuccess(list, {
          [key]: items.map((record) => recordValues(behaviour, record, urls, resource)),
          uri,
          next_page_uri: nextPageUri,
        });
        return reply.code(spec.status(list)).send(answer);
      });
    }
  };
}

/** The collection whose own list answers the schema `list` answers. */
function listedCollection(
  spec: ApiSpec,
  list: NonNullable<ApiSpec["document"]["paths"][string]["get"]>,
  collections: readonly PlainCollection[],
): PlainCollection | undefined {
  const answer = refOf(spec.successSchema(list));
  return collections.find((collection) => {
    const own = resourceOperations(spec, collection).list;
    return own !== undefined && own !== list && refOf(spec.successSchema(own)) === answer;
  });
}
