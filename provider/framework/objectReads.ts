/**
 * The reads of an object with an id of its own, from its definition: `GET <api.path>/{id}`, the
 * list `GET <api.path>` page by page, an answer made into outputs, inputs and a lookup's record,
 * and the lookups `get<Name>` and `get<Plural>`. What a resource (`./implementation`) and a data
 * source (`./dataSource`) share: every request is one `GET`, and zod is loaded on the first.
 *
 * @module
 */
import type { z } from "zod";
import type { NgrokClient } from "../client";
import { requireLookupId } from "../common/ids";
import type { LookupRecord, ResourceLookups } from "./module";
import { namesOf } from "./names";
import { withArticle } from "./reference";
import { idPrefixesOf, type InputsOf, type OutputsOf, type ResourceDefinition } from "./resource";
import { type ApiObject, apiObjectSchema, liveInputsFrom, outputsFrom, pageSchema } from "./wire";

/** What a definition's own code adds to its reads (see `Hooks` of `./implementation`). */
export interface ReadHooks<D extends ResourceDefinition> {
  readonly keptInputs?: (
    answered: OutputsOf<D>,
    props: Partial<OutputsOf<D>> | undefined,
  ) => Readonly<Record<string, unknown>>;
  readonly liveInputs?: (inputs: InputsOf<D>, answered: OutputsOf<D>) => InputsOf<D>;
  readonly filters?: Readonly<Record<string, (record: LookupRecord<D>, value: string) => boolean>>;
}

/** The reads of {@link objectReads}. */
export interface ObjectReads<D extends ResourceDefinition> {
  /** `<api.path>/{id}`, the id encoded. */
  itemPath(id: string): string;
  /** The answer's schema, built on first use (zod is loaded then, never by check or diff). */
  item(): z.ZodType<ApiObject>;
  /** Every object, newest first, 100 a page, following `next_page_uri`. */
  list(
    client: NgrokClient,
    onHeaders?: (h: { get(n: string): string | null }) => void,
  ): AsyncIterable<ApiObject>;
  /** The outputs of an answer, with `kept` for what ngrok does not answer. */
  outputs(live: ApiObject, kept: Readonly<Record<string, unknown>>): OutputsOf<D>;
  /** What a read keeps of `props` (the state), or derives from the answer without state. */
  keptInputs(live: ApiObject, props?: Partial<OutputsOf<D>>): Readonly<Record<string, unknown>>;
  /** The inputs that would reproduce the answer. */
  liveInputs(live: ApiObject, kept: Readonly<Record<string, unknown>>): InputsOf<D>;
  /** One object as a lookup returns it. */
  record(live: ApiObject): LookupRecord<D>;
  /** `get<Name>` by id (its prefix judged first) and `get<Plural>` by filters. */
  readonly lookups: Required<ResourceLookups<LookupRecord<D>>>;
}

/**
 * The reads of `definition`'s objects, with `hooks`.
 *
 * @throws Error when the definition has no id prefix (its objects have no ids of their own).
 */
export function objectReads<D extends ResourceDefinition>(
  definition: D,
  hooks: ReadHooks<D> = {},
): ObjectReads<D> {
  const { api } = definition;
  if (api.idPrefix === undefined) throw new Error(`${definition.name}: its objects have no ids`);
  const names = namesOf(definition);
  let schema: z.ZodType<ApiObject> | undefined;
  const item = () => (schema ??= apiObjectSchema(definition));
  const outputs = (live: ApiObject, kept: Readonly<Record<string, unknown>>) =>
    outputsFrom(definition, live, kept);
  const keptInputs = (live: ApiObject, props?: Partial<OutputsOf<D>>) =>
    hooks.keptInputs?.(outputs(live, {}), props) ?? props ?? {};
  const record = (live: ApiObject): LookupRecord<D> => ({
    id: live.id,
    ...outputs(live, keptInputs(live)),
  });
  const list = (client: NgrokClient, onHeaders?: (h: { get(n: string): string | null }) => void) =>
    client.list(
      `${api.path}?limit=100`,
      "items",
      pageSchema(names.wireListField, item()),
      onHeaders,
    );
  const itemPath = (id: string) => `${api.path}/${encodeURIComponent(id)}`;
  const keeps = (found: LookupRecord<D>, filter: Readonly<Record<string, string | undefined>>) =>
    Object.entries(filter).every(([name, value]) => {
      if (value === undefined) return true;
      const own = hooks.filters?.[name];
      if (own !== undefined) return own(found, value);
      const field: Readonly<Record<string, unknown>> = found;
      return String(field[name] ?? "") === value;
    });
  return {
    itemPath,
    item,
    list,
    outputs,
    keptInputs,
    record,
    liveInputs(live, kept) {
      const inputs = liveInputsFrom(definition, live, kept);
      return hooks.liveInputs?.(inputs, outputs(live, kept)) ?? inputs;
    },
    lookups: {
      async one(client, args) {
        const { id } = args;
        requireLookupId(names.getOne, withArticle(api.noun), idPrefixesOf(api), id);
        return record(await client.request({ method: "GET", path: itemPath(id), schema: item() }));
      },
      async list(client, filter = {}) {
        const found: LookupRecord<D>[] = [];
        for await (const live of list(client)) {
          const each = record(live);
          if (keeps(each, filter)) found.push(each);
        }
        return found;
      },
    },
  };
}
