/**
 * Serves a plain CRUD resource (`model/resource.ts`) with the operations ngrok's OpenAPI document
 * has for it: create (`POST <path>`), list (`GET <path>`, paged), get, update (`PATCH`) and delete
 * (`GET|PATCH|DELETE <path>/{id}`), each answering the document's success status.
 *
 * Order of checks (README, "Errors and order of checks"): query string (231/232/233/230), path id
 * (227, 404), body fields (214/215), required fields (the behaviour's codes, else 215), then the
 * behaviour's own rules.
 */
import type { ContextRoutes } from "../context";
import { apiErrors } from "../errors";
import { paginate, parsePageQuery } from "../model/paging";
import {
  collectionUri,
  findRecord,
  itemPath,
  recordValues,
  renderRecord,
  resourceOperations,
  type ResourceBehaviour,
  type ResourceContext,
  type ResourceRecord,
} from "../model/resource";
import { checkQuery, queryLists } from "../model/validation";
import type { SchemaObject } from "../spec";

type IdParams = { Params: { id: string } };

/** A path of ngrok's document as fastify writes it (`{id}` → `:id`). */
export function fastifyPath(apiPath: string): string {
  return apiPath.replace(/\{([^}]+)\}/g, ":$1");
}

/** `schema` without the required properties the behaviour judges itself. */
function requiredBySpec(schema: SchemaObject, own: readonly string[] | "all" = []): SchemaObject {
  if (own === "all") return { ...schema, required: [] };
  return { ...schema, required: schema.required?.filter((name) => !own.includes(name)) };
}

/** The routes of one resource. */
export function collectionRoutes<R extends ResourceRecord>(
  behaviour: ResourceBehaviour<R>,
): ContextRoutes {
  return async (app, { context }) => {
    const { spec, store } = context;
    const resource: ResourceContext = { store, options: context.options, spec };
    const table = behaviour.table(store);
    const ops = resourceOperations(spec, behaviour);
    const collection = fastifyPath(behaviour.path);
    const item = fastifyPath(itemPath(behaviour));
    const find = (id: string) => findRecord(behaviour, store, id, apiErrors);
    const noQuery = { names: [], repeatable: [] };

    const { create, list, get, update, remove } = ops;
    if (create !== undefined) {
      const required = requiredBySpec(spec.requestSchemaOf(create), behaviour.ownRequired);
      app.post(collection, async (request, reply) => {
        checkQuery(request.query, noQuery);
        const values = spec.parseBody(create, request.body);
        spec.checkRequired(required, values);
        const echoed = spec.echoedValues(create, values);
        const record = await behaviour.create(values, echoed, resource);
        const urls = context.urlsFor(request);
        const answer = spec.renderSuccess(create, {
          ...recordValues(behaviour, record, urls, resource),
          ...behaviour.createdOnly?.(record),
        });
        return reply.code(spec.status(create)).send(answer);
      });
    }

    if (list !== undefined) {
      const query = spec.query(list);
      const listSchema = spec.resolve(spec.successSchema(list));
      const key = Object.entries(listSchema.properties ?? {}).find(([, p]) => p.type === "array");
      if (key === undefined) throw new Error(`${list.operationId} answers no array`);
      app.get(collection, async (request, reply) => {
        const page = parsePageQuery(request.query, behaviour.idPrefix, query);
        const urls = context.urlsFor(request);
        const uri = collectionUri(behaviour, urls);
        let records = table.newestFirst();
        if (behaviour.filter) records = behaviour.filter(records, queryLists(request.query, query));
        const { items, nextPageUri } = paginate(records, page, uri);
        const answer = spec.renderSuccess(list, {
          [key[0]]: items.map((record) => recordValues(behaviour, record, urls, resource)),
          uri,
          next_page_uri: nextPageUri,
        });
        return reply.code(spec.status(list)).send(answer);
      });
    }

    if (get !== undefined) {
      app.get<IdParams>(item, async (request, reply) => {
        checkQuery(request.query, noQuery);
        const record = find(request.params.id);
        const answer = renderRecord(behaviour, record, context.urlsFor(request), resource);
        return reply.code(spec.status(get)).send(answer);
      });
    }

    if (update !== undefined) {
      app.patch<IdParams>(item, async (request, reply) => {
        checkQuery(request.query, noQuery);
        const record = find(request.params.id);
        const values = spec.parseBody(update, request.body);
        const echoed = spec.echoedValues(update, values);
        const changes = behaviour.update?.(record, values, echoed, resource) ?? echoed;
        Object.assign(record.fields, changes);
        const urls = context.urlsFor(request);
        const answer = spec.renderSuccess(update, recordValues(behaviour, record, urls, resource));
        return reply.code(spec.status(update)).send(answer);
      });
    }

    if (remove !== undefined) {
      app.delete<IdParams>(item, async (request, reply) => {
        checkQuery(request.query, noQuery);
        const record = find(request.params.id);
        behaviour.beforeDelete?.(record, resource);
        table.delete(record.id);
        return reply.code(spec.status(remove)).send();
      });
    }
  };
}
