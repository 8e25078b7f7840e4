/**
 * `dataSource`: what ngrok's API only lets a program read (its tunnel sessions, its application
 * users and sessions), as ngrok's Terraform provider offers them: data sources with no resource.
 * A data source is a definition whose properties are all outputs, and its lookups, `get<Name>` by
 * id and `get<Plural>` by filters, made by the reads a resource has (`./objectReads`). The
 * registry lists them apart (`DATA_SOURCES`); the generator gives them lookups and types, and no
 * class, provider or schema resource.
 *
 * @module
 */
import { defineResource } from "./define";
import type { LookupRecord, ResourceLookups } from "./module";
import { objectReads, type ReadHooks } from "./objectReads";
import type { ResourceDefinition } from "./resource";

/** A data source: its definition and its lookups, both there. */
export interface DataSourceModule<D extends ResourceDefinition = ResourceDefinition> {
  readonly definition: D;
  readonly lookups: Required<ResourceLookups<LookupRecord<D>>>;
}

/**
 * The data source of `definition`, with `hooks` (the filters that are not properties).
 *
 * @throws Error when a property is not an output, the definition declares no `lookups.one` and
 *   `lookups.list`, or `defineResource` refuses it (a reference's wire name, …).
 */
export function dataSource<const D extends ResourceDefinition>(
  definition: D,
  hooks: ReadHooks<D> = {},
): DataSourceModule<D> {
  defineResource(definition);
  for (const [name, property] of Object.entries(definition.properties)) {
    if (property.role !== "output") {
      throw new Error(`${definition.name}.${name}: a data source has outputs only`);
    }
  }
  if (definition.lookups?.one === undefined || definition.lookups.list === undefined) {
    throw new Error(`${definition.name}: a data source declares lookups.one and lookups.list`);
  }
  return { definition, lookups: objectReads(definition, hooks).lookups };
}
