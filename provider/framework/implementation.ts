/**
 * The implementation every resource whose objects have ids of their own gets from its definition
 * (`POST`, `GET`, `PATCH`, `DELETE <api.path>[/{id}]`): a plain resource writes no provider code.
 * It owns what is the same for all of them:
 *
 * - the reads (`./objectReads`, which a data source shares): `GET` of one object and of the
 *   list page by page (`./names`, `wireListField`), answers made into outputs and inputs by the
 *   wire mapping (`./wire`), and the lookups, one object by id and every object the filters keep;
 * - the wire format of the writes (`./wire`): request bodies from inputs;
 * - ngrok's codes that refuse one field, named as the input (`api.fieldErrors`);
 * - create-once (`../common/createOnce`): after a failure that may have acted, the object is
 *   looked for by what no update can change, or by its `unique` inputs (`./createMatch`), and by
 *   its free text; with `pendingCreates.writesOwnershipMarker`, the ownership marker
 *   (`../common/ownershipMarker`) and the take-over of an interrupted create's object
 *   (`../common/takeOver`); a `POST` answered with an id records the object rather than leak it
 *   (`../common/recordCreated`);
 * - adoption, where `pendingCreates.adoptBy` names its input (`./adopt`);
 * - what the property kinds imply (`./kinds`): the warning of `diff` about a write-only input an
 *   imported object lacks, a value returned once kept by an update, a format's warnings at
 *   `check`, and no secret's text in a refused create's or update's message.
 *
 * A resource declares {@link Hooks} only for what is its own (the CA's key parameters, a
 * certificate's signing fields, the credential's `acl`). Every method makes its one request
 * (plus retries of the same request where the client allows them); `check` and `diff` make none
 * and load neither zod nor the HTTP client.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { clientFromConfiguration, logDebug, NgrokApiError, type NgrokClient } from "../client";
import { createOnce, takeOverWhenMarked } from "../common/createOnce";
import { markDeleted, takenOverInThisDeployment } from "../common/deploymentIds";
import { isNgrokIdOf, quoted } from "../common/ids";
import { ownerOf, withOwnershipMarker } from "../common/ownershipMarker";
import { pureMethods } from "../common/pureMethods";
import { readResult } from "../common/readResult";
import { answeredId, recordCreated } from "../common/recordCreated";
import { LIMITS } from "../common/textProperties";
import { adoptedInThisDeployment, adoptObject, type AdoptionRefusal } from "./adopt";
import { createMatch } from "./createMatch";
import type { ParsedOf, PureMethods } from "./define";
import { answeredOnce, checkWarnings, diffWithWarnings, redacted, warnUnrecovered } from "./kinds";
import type { LookupRecord, ResourceLookups, ResourceMethods, ResourceModule } from "./module";
import { objectReads } from "./objectReads";
import {
  idPrefixesOf,
  type InputsOf,
  objectNames,
  type OutputsOf,
  type ResourceDefinition,
} from "./resource";
import { type ApiObject, patchBody, requestBody } from "./wire";

/** What a resource adds to the implementation (see the module comment); each is optional. */
export interface Hooks<D extends ResourceDefinition> {
  /**
   * Warnings about inputs `check` accepted (no API call), e.g. a certificate already expired,
   * given what the properties' rules parsed.
   */
  readonly warnings?: (inputs: InputsOf<D>, parsed: ParsedOf<D>) => readonly string[];
  /**
   * The inputs ngrok never returns, which a read keeps: from the state (`props`), or, for an object
   * read without state (a `get`, a lookup), from its outputs as ngrok answers them (e.g. the CA's
   * key parameters, read from its public key). Default: the state's.
   */
  readonly keptInputs?: (
    answered: OutputsOf<D>,
    props: Partial<OutputsOf<D>> | undefined,
  ) => Readonly<Record<string, unknown>>;
  /** Whether the object ngrok answered has what no update can change beyond its answered inputs. */
  readonly sameObject?: (answered: OutputsOf<D>, inputs: InputsOf<D>) => boolean;
  /** Why the object cannot be adopted (see `./adopt`), or `undefined` when it can. */
  readonly adoptionRefusal?: (
    answered: OutputsOf<D>,
    inputs: InputsOf<D>,
  ) => { refusal: AdoptionRefusal; reason: string } | undefined;
  /** What an ambiguous create's error says to look for (default: `pendingCreates.identifyingInputs`). */
  readonly identifyCreate?: (inputs: InputsOf<D>) => string;
  /** The create's body, from the one the wire mapping makes. */
  readonly createBody?: (
    body: Record<string, unknown>,
    inputs: InputsOf<D>,
  ) => Record<string, unknown>;
  /** The update, from the `PATCH` the wire mapping makes (`patch` sends one). */
  readonly update?: (update: {
    readonly client: NgrokClient;
    readonly id: string;
    readonly olds: OutputsOf<D>;
    readonly news: InputsOf<D>;
    readonly body: Record<string, unknown>;
    readonly patch: (body: Record<string, unknown>) => Promise<ApiObject>;
  }) => Promise<ApiObject>;
  /** The inputs a read hands back, from those the wire mapping reads. */
  readonly liveInputs?: (inputs: InputsOf<D>, answered: OutputsOf<D>) => InputsOf<D>;
  /** The error a refused create or update throws (after `api.fieldErrors`), from ngrok's. */
  readonly explainRefusal?: (refused: {
    readonly client: NgrokClient;
    readonly error: NgrokApiError;
    readonly inputs: InputsOf<D>;
    readonly during: "create" | "update";
    /** Every object of the account, newest first, read page by page as it is iterated. */
    readonly objects: () => AsyncIterable<LookupRecord<D>>;
  }) => Promise<unknown> | unknown;
  /** The error a refused delete throws, from ngrok's. */
  readonly explainDelete?: (client: NgrokClient, id: string, error: unknown) => Promise<unknown>;
  /** Lookup filters that are not properties (the definition's `lookups.extra`): whether to keep. */
  readonly filters?: Readonly<Record<string, (record: LookupRecord<D>, value: string) => boolean>>;
}

/** A resource of {@link crudResource}: its lookups are both there. */
export type CrudResource<D extends ResourceDefinition> = ResourceModule<D> & {
  readonly lookups: Required<ResourceLookups<LookupRecord<D>>>;
};

/** `error` with `msg` instead of its message (same status, code, operation and endpoint). */
export function reworded(error: NgrokApiError, msg: string): NgrokApiError {
  return new NgrokApiError(
    error.statusCode,
    { errorCode: error.errorCode, operationId: error.operationId, msg },
    error.endpoint,
    { retryAfterSeconds: error.retryAfterSeconds },
  );
}

/**
 * The resource of `definition`, its provider's methods and its lookups those of the module
 * comment, with `hooks`.
 *
 * @throws Error when the definition has no id prefix (its objects have no ids of their own).
 */
export function crudResource<D extends ResourceDefinition>(
  definition: D & PureMethods<D>,
  hooks: Hooks<D> = {},
): CrudResource<D> {
  const { api, pendingCreates } = definition;
  const reads = objectReads(definition, hooks);
  const { item, itemPath, list, outputs, record } = reads;
  const prefixes = idPrefixesOf(api);
  const { sameObject, matches } = createMatch(definition, outputs, hooks.sameObject);

  /** A refused create or update in words that name the input (`api.fieldErrors`), or the hook's. */
  async function explained(
    client: NgrokClient,
    error: unknown,
    inputs: InputsOf<D>,
    during: "create" | "update",
  ) {
    if (!NgrokApiError.isInstance(error)) return error;
    const refused = redacted(definition, error, inputs, reworded);
    const property = error.errorCode === undefined ? undefined : api.fieldErrors?.[error.errorCode];
    if (property !== undefined)
      return reworded(refused, `ngrok refused ${property}: ${refused.msg}`);
    async function* objects() {
      for await (const live of list(client)) yield record(live);
    }
    const explain = { client, error: refused, inputs, during, objects };
    return (await hooks.explainRefusal?.(explain)) ?? refused;
  }

  async function create(client: NgrokClient, inputs: InputsOf<D>): Promise<ApiObject> {
    const declared: Readonly<Record<string, unknown>> = inputs;
    const adoptBy = pendingCreates?.adoptBy;
    const adoptId = adoptBy === undefined ? undefined : declared[adoptBy];
    if (adoptBy !== undefined && typeof adoptId === "string") {
      return adoptObject(client, adoptId, {
        resource: definition.name,
        names: objectNames(definition),
        input: adoptBy,
        path: itemPath(adoptId),
        schema: item(),
        declared: { description: text(declared.description), metadata: text(declared.metadata) },
        refusal: (live) => hooks.adoptionRefusal?.(outputs(live, inputs), inputs),
        patchBody: patchBody(definition, inputs),
      });
    }
    const owner = pendingCreates?.writesOwnershipMarker
      ? ownerOf(text(declared.metadata))
      : undefined;
    try {
      return await createOnce(client, {
        path: api.path,
        itemSchema: item(),
        list,
        body: (hooks.createBody ?? ((body) => body))(requestBody(definition, inputs), inputs),
        matches: (live) => matches(live, inputs),
        names: objectNames(definition),
        identifyCreate:
          hooks.identifyCreate?.(inputs) ??
          describeInputs(declared, pendingCreates?.identifyingInputs ?? []),
        takeOver: takeOverWhenMarked(owner, {
          sameObject: (live) => sameObject(live, inputs),
          declared: { description: text(declared.description), metadata: text(declared.metadata) },
          update: (patching, id) =>
            patching.request({
              method: "PATCH",
              path: itemPath(id),
              body: patchBody(definition, inputs),
              schema: item(),
            }),
        }),
      });
    } catch (error) {
      throw await explained(client, error, inputs, "create");
    }
  }

  const methods: ResourceMethods<InputsOf<D>, OutputsOf<D>> = {
    ...pureMethods(
      pendingCreates?.writesOwnershipMarker
        ? withOwnershipMarker(definition.checkParsed, LIMITS.metadataBytes)
        : definition.checkParsed,
      diffWithWarnings(definition, definition.diff),
      checkWarnings(definition, hooks.warnings),
    ),

    async create(inputs): Promise<pulumi.dynamic.CreateResult<OutputsOf<D>>> {
      const client = clientFromConfiguration();
      try {
        const created = await create(client, inputs);
        return { id: created.id, outs: outputs(created, inputs) };
      } catch (error) {
        // A POST answered with the new object's id created it: record it rather than leak it.
        throw recordCreated(error, inputs, {
          idAfter: (failure) => {
            const id = answeredId(failure);
            return typeof id === "string" && isNgrokIdOf(id, prefixes) ? id : undefined;
          },
          describe: (id) => `the ${api.noun} ${id} was created`,
        });
      }
    },

    async read(id, props) {
      const live = await clientFromConfiguration().requestUnlessNotFound({
        method: "GET",
        path: itemPath(id),
        schema: item(),
      });
      const kept = (found: ApiObject) => reads.keptInputs(found, props);
      const result = readResult(
        id,
        live,
        (found) => outputs(found, kept(found)),
        (found) => reads.liveInputs(found, kept(found)),
      );
      if (result.id !== "") warnUnrecovered(definition, id, result.props);
      return result;
    },

    async update(id, olds, news) {
      const client = clientFromConfiguration();
      const patch = (body: Record<string, unknown>) =>
        client.request({ method: "PATCH", path: itemPath(id), body, schema: item() });
      const body = patchBody(definition, news);
      try {
        const updated = await (hooks.update?.({ client, id, olds, news, body, patch }) ??
          patch(body));
        return { outs: outputs(updated, { ...answeredOnce(definition, olds), ...news }) };
      } catch (error) {
        throw await explained(client, error, news, "update");
      }
    },

    async delete(id) {
      for (const [left, by] of [
        [adoptedInThisDeployment(id), "adopted"],
        [takenOverInThisDeployment(id), "took over"],
      ] as const) {
        if (left) {
          logDebug(`left the ${api.noun} ${id} in place: a new resource ${by} it`);
          return;
        }
      }
      const client = clientFromConfiguration();
      try {
        await client.requestUnlessNotFound({ method: "DELETE", path: itemPath(id) });
        markDeleted(id);
      } catch (error) {
        throw (await hooks.explainDelete?.(client, id, error)) ?? error;
      }
    },
  };

  return { definition, provider: methods, lookups: reads.lookups };
}

/** `value` when it is a string. */
const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The named `fields` of `inputs` that are set: `description "x", principals ["a"]`. */
function describeInputs(inputs: Readonly<Record<string, unknown>>, fields: readonly string[]) {
  return fields
    .filter((f) => inputs[f] !== undefined)
    .map(
      (f) =>
        `${f} ${typeof inputs[f] === "string" ? quoted(String(inputs[f])) : JSON.stringify(inputs[f])}`,
    )
    .join(", ");
}
