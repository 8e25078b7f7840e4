/**
 * The implementation every resource whose object has no id of its own gets from its definition: a
 * singleton under other objects (the SAML module of an HTTPS edge route), at the address its
 * lookup's arguments make (`./address`), written whole with `PUT <api.path>`. Its Pulumi id is
 * the address (`edghts_…/edghtsrt_…`). It owns what is the same for all of them:
 *
 * - create: `PUT` (after the resource's own check, `beforeCreate`); a `PUT` that ngrok answered
 *   wrote the object, so a failure after it records the object rather than orphan it;
 * - read: `GET`; a 404, or an answer the resource says is no object (`absent`), or an object that
 *   is another resource's now (`othersNow`) reads as gone (`id: ""`). Without state (a `get`),
 *   the address comes from the id;
 * - update: `PUT` with every writable field;
 * - delete: `GET`, then `DELETE` unless the object is another resource's now; one already gone
 *   counts as deleted;
 * - the wire format (`./wire`), and the lookup of one object by its address.
 *
 * A resource declares {@link SingletonHooks} only for what is its own (the SAML module's claim,
 * its take-over rule, its IdP metadata, edges that ngrok closed). `check` and `diff` make no
 * request and load neither zod nor the HTTP client.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import {
  clientFromConfiguration,
  logDebug,
  logWarning,
  NgrokApiError,
  type NgrokClient,
} from "../client";
import { pureMethods } from "../common/pureMethods";
import { readResult } from "../common/readResult";
import { recordCreated } from "../common/recordCreated";
import { load } from "../lazy";
import { addressOf } from "./address";
import type { ParsedOf, PureMethods } from "./define";
import type { LookupRecord, ResourceMethods, ResourceModule } from "./module";
import { namesOf } from "./names";
import type { InputsOf, OutputsOf, ResourceDefinition } from "./resource";
import { liveInputsFrom, outputsFrom, requestBody, type ResponseOf, responseSchema } from "./wire";

/** The inputs just written, or the state's, or `undefined` for a lookup. */
export type Declared<D extends ResourceDefinition> =
  Partial<InputsOf<D>> | Partial<OutputsOf<D>> | undefined;

/** What a resource adds to the implementation (see the module comment); each is optional. */
export interface SingletonHooks<D extends ResourceDefinition> {
  /**
   * Warnings about inputs `check` accepted (no API call), e.g. a certificate about to expire,
   * given what the properties' rules parsed.
   */
  readonly warnings?: (inputs: InputsOf<D>, parsed: ParsedOf<D>) => readonly string[];
  /**
   * Whether the body of a `GET` answered 200 says that there is no object, as a 404 does (e.g.
   * `null`, or an object with none of its values). Default: never.
   */
  readonly absent?: (body: unknown) => boolean;
  /**
   * Create's own check of what is at the address before it writes (one `GET` first, made only
   * for this hook: `undefined` when there is nothing); throws to refuse, nothing written.
   */
  readonly beforeCreate?: (
    found: ResponseOf<D> | undefined,
    inputs: InputsOf<D>,
    client: NgrokClient,
  ) => void;
  /**
   * What a write records in state beside the inputs, from the state before it (`undefined` at
   * create), e.g. the token of the resource's claim.
   */
  readonly kept?: (olds: Partial<OutputsOf<D>> | undefined) => Readonly<Record<string, unknown>>;
  /** The `PUT`'s body, from the one the wire mapping makes, for the inputs and what is kept. */
  readonly body?: (
    body: Record<string, unknown>,
    inputs: InputsOf<D>,
    kept: Readonly<Record<string, unknown>>,
  ) => Record<string, unknown>;
  /** A warning about what ngrok answered to a write, or `undefined`. */
  readonly afterWrite?: (
    answered: ResponseOf<D>,
    inputs: InputsOf<D>,
    kept: Readonly<Record<string, unknown>>,
  ) => string | undefined;
  /**
   * The outputs, from those the wire mapping makes; `declared` are the inputs just written or those
   * in state (`undefined` for a lookup).
   */
  readonly outputs?: (
    outputs: OutputsOf<D>,
    answered: ResponseOf<D>,
    declared: Declared<D>,
  ) => OutputsOf<D>;
  /** The inputs a read hands back, from those the wire mapping reads (`declared`: state's). */
  readonly liveInputs?: (
    inputs: InputsOf<D>,
    answered: ResponseOf<D>,
    declared: Declared<D>,
  ) => InputsOf<D>;
  /**
   * Why the object at the address is another resource's now, or `undefined` when it is still
   * this one's: a read then reads it as gone, a delete leaves it in place (and logs why).
   */
  readonly othersNow?: (
    answered: ResponseOf<D>,
    state: Partial<OutputsOf<D>>,
    during: "read" | "delete",
  ) => string | undefined;
  /**
   * The warning with which a delete that ngrok refused finishes (the resource leaves the stack),
   * or `undefined`: the delete fails with ngrok's error.
   */
  readonly deleteRefused?: (error: unknown, state: OutputsOf<D>) => string | undefined;
}

/** A resource of {@link singletonResource}: its one lookup reads the object at an address. */
export type SingletonResource<D extends ResourceDefinition> = ResourceModule<D> & {
  readonly lookups: Required<Pick<ResourceModule<D>["lookups"], "one">>;
};

/**
 * The resource of `definition`, its provider's methods and its lookup those of the module
 * comment, with `hooks`.
 *
 * @throws Error when the definition's lookup does not address its object (see `./address`).
 */
export function singletonResource<D extends ResourceDefinition>(
  definition: D & PureMethods<D>,
  hooks: SingletonHooks<D> = {},
): SingletonResource<D> {
  const { api } = definition;
  const address = addressOf(definition);
  const names = namesOf(definition);
  let schema: z.ZodType<ResponseOf<D>> | undefined;
  let getSchema: z.ZodType<ResponseOf<D> | undefined> | undefined;
  /** A `PUT`'s answer, built on first use (zod is loaded then, never by check or diff). */
  const written = () => (schema ??= responseSchema<D>(definition));
  /** The `GET`'s answer: the object, or `undefined` when the body is no object (`absent`). */
  const answer = () => (getSchema ??= answerSchema<D>(definition, hooks.absent, written()));
  const get = (client: NgrokClient, at: Readonly<Record<string, unknown>>) =>
    client.requestUnlessNotFound({ method: "GET", path: address.path(at), schema: answer() });
  const outputs = (
    answered: ResponseOf<D>,
    kept: Readonly<Record<string, unknown>>,
    declared: Declared<D>,
  ) => {
    const mapped = outputsFrom(definition, answered, kept);
    return hooks.outputs?.(mapped, answered, declared) ?? mapped;
  };
  /** One `PUT` of `inputs` and what is kept, and the outputs it answers. */
  async function put(client: NgrokClient, inputs: InputsOf<D>, kept: Record<string, unknown>) {
    const body = requestBody(definition, inputs);
    const answered = await client.request({
      method: "PUT",
      path: address.path(inputs),
      body: hooks.body?.(body, inputs, kept) ?? body,
      schema: written(),
    });
    const warning = hooks.afterWrite?.(answered, inputs, kept);
    if (warning !== undefined) logWarning(warning);
    return outputs(answered, { ...inputs, ...kept }, inputs);
  }

  const methods: ResourceMethods<InputsOf<D>, OutputsOf<D>> = {
    ...pureMethods(definition.checkParsed, definition.diff, hooks.warnings),

    async create(inputs): Promise<pulumi.dynamic.CreateResult<OutputsOf<D>>> {
      const client = clientFromConfiguration();
      if (hooks.beforeCreate !== undefined) {
        hooks.beforeCreate(await get(client, inputs), inputs, client);
      }
      const id = address.id(inputs);
      const kept = { ...hooks.kept?.(undefined) };
      try {
        return { id, outs: await put(client, inputs, kept) };
      } catch (error) {
        // A PUT that ngrok answered wrote the object: record it rather than orphan it.
        throw recordCreated(
          error,
          { ...inputs, ...kept },
          {
            idAfter: (failure) => (failure.statusCode === undefined ? undefined : id),
            describe: (written) => `the ${api.noun} ${written} was written`,
          },
        );
      }
    },

    async read(id, props) {
      const state: Readonly<Record<string, unknown>> = props ?? {};
      // Without state (a get), the id alone addresses the object.
      const at = address.inputs.every((name) => state[name] !== undefined)
        ? state
        : { ...state, ...address.split(id) };
      const live = await get(clientFromConfiguration(), at);
      const gone = live === undefined || hooks.othersNow?.(live, props ?? {}, "read") !== undefined;
      return readResult(
        id,
        gone ? undefined : live,
        (found) => outputs(found, at, props),
        (found) => {
          const inputs = liveInputsFrom(definition, found, at);
          return hooks.liveInputs?.(inputs, found, props) ?? inputs;
        },
      );
    },

    async update(_id, olds, news) {
      const kept = { ...hooks.kept?.(olds) };
      return { outs: await put(clientFromConfiguration(), news, kept) };
    },

    async delete(_id, props) {
      try {
        const client = clientFromConfiguration();
        const live = await get(client, props);
        if (live === undefined) return;
        const others = hooks.othersNow?.(live, props, "delete");
        if (others !== undefined) {
          logDebug(others);
          return;
        }
        await client.requestUnlessNotFound({ method: "DELETE", path: address.path(props) });
      } catch (error) {
        const warning = hooks.deleteRefused?.(error, props);
        if (warning === undefined) throw error;
        logWarning(warning);
      }
    },
  };

  return {
    definition,
    provider: methods,
    lookups: {
      async one(client, args) {
        const refusal = address.refusal(names.getOne, args);
        if (refusal !== undefined) throw refusal;
        const found = await client.request({
          method: "GET",
          path: address.path(args),
          schema: answer(),
        });
        if (found === undefined) {
          // ngrok answered 200 with a body that is no object (see `absent`): as its 404.
          throw new NgrokApiError(
            404,
            { msg: `there is no ${api.noun} at ${address.id(args)}` },
            { method: "GET", path: address.path(args) },
          );
        }
        const record: LookupRecord<D> = {
          id: address.id(args),
          ...outputs(found, args, undefined),
        };
        return record;
      },
    },
  };
}

/**
 * The schema of a `GET`'s answer: the object (`./wire`, `responseSchema`), or `undefined` when
 * `absent` says the body is no object.
 */
export function answerSchema<D extends ResourceDefinition>(
  definition: D,
  absent?: (body: unknown) => boolean,
  object: z.ZodType<ResponseOf<D>> = responseSchema(definition),
): z.ZodType<ResponseOf<D> | undefined> {
  const { z } = load.zod();
  return z.preprocess((body) => (absent?.(body) === true ? undefined : body), object.optional());
}
