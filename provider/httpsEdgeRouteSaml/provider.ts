/**
 * The implementation of the `HttpsEdgeRouteSaml` dynamic provider, loaded by package name inside
 * the dynamic-provider host (never serialized into `__provider`).
 *
 * The module is a singleton under an HTTPS edge route, addressed by (edge id, route id); its
 * Pulumi id is `<edge id>/<route id>`.
 * - create: `GET …/saml` (the take-over check below), then `PUT …/saml`
 * - read: `GET …/saml` (404 → the module, its route or its edge is gone: `id: ""`)
 * - update: `PUT …/saml` with every writable field
 * - delete: `DELETE …/saml` (404 counts as deleted)
 *
 * Take-over protection: a route that already has a SAML module when this stack creates one has a
 * module this stack did not create (someone configured it by hand, or another stack manages it).
 * Create then fails, naming the route and the existing module's entity id, and changes nothing,
 * unless the resource sets `adoptExisting: true`: then the existing module is overwritten with
 * this resource's configuration and managed by this stack from then on.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { clientFromConfiguration, NgrokClientError, type NgrokClient } from "../client";
import { PROVIDER_KEY } from "../common/check";
import { ResourceInitFailedError } from "../common/errors";
import type * as ApiModule from "./api";
import { diffHttpsEdgeRouteSaml } from "./diff";
import {
  checkHttpsEdgeRouteSaml,
  type HttpsEdgeRouteSamlInputs,
  type HttpsEdgeRouteSamlOutputs,
  samlModuleId,
} from "./inputs";

type Inputs = HttpsEdgeRouteSamlInputs;
type Outputs = HttpsEdgeRouteSamlOutputs;

/**
 * The wire format (zod schemas), loaded on first use: `check` and `diff`, all that
 * `pulumi preview` needs, load neither zod nor the HTTP client, which keeps the plugin's cold
 * start near that of a trivial dynamic provider (see BENCHMARKS.md).
 */
function api(): typeof ApiModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("./api") as typeof ApiModule;
}

/**
 * Create found a SAML module on the route and the resource does not set `adoptExisting`.
 * Nothing was changed.
 */
export class SamlModuleExistsError extends Error {
  /** Brand checked by {@link SamlModuleExistsError.isInstance}. */
  public readonly __samlModuleExistsError = true;

  constructor(
    public readonly edgeId: string,
    public readonly routeId: string,
    public readonly entityId: string,
  ) {
    super(
      `route ${routeId} of HTTPS edge ${edgeId} already has a SAML module (entity ID ${entityId}) ` +
        `that this stack did not create; nothing was changed. To manage it with this resource and ` +
        `replace its configuration with this resource's, set adoptExisting: true; otherwise remove ` +
        `it (DELETE ${api().samlPath(edgeId, routeId)}) or choose another route`,
    );
    this.name = "SamlModuleExistsError";
  }

  /** True when `obj` is a {@link SamlModuleExistsError}, from any copy of this package. */
  public static isInstance(obj: unknown): obj is SamlModuleExistsError {
    return (
      typeof obj === "object" &&
      obj !== null &&
      (obj as Record<string, unknown>).__samlModuleExistsError === true
    );
  }
}

/** The `ResourceProvider` methods of `HttpsEdgeRouteSaml` (all but `configure`). */
export const httpsEdgeRouteSamlProvider = {
  /** Validates and applies defaults; see {@link checkHttpsEdgeRouteSaml}. No API call. */
  async check(_olds: Record<string, unknown>, news: Record<string, unknown>) {
    return checkHttpsEdgeRouteSaml(news);
  },

  /** See {@link diffHttpsEdgeRouteSaml}. No API call. */
  async diff(_id: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
    return diffHttpsEdgeRouteSaml(olds, news);
  },

  /** The take-over check (one `GET`, skipped with `adoptExisting`), then one `PUT`. */
  async create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult<Outputs>> {
    const client = clientFromConfiguration();
    if (inputs.adoptExisting !== true) {
      const existing = await getModule(client, inputs.edgeId, inputs.routeId);
      if (existing !== undefined) {
        throw new SamlModuleExistsError(inputs.edgeId, inputs.routeId, existing.entity_id);
      }
    }
    const id = samlModuleId(inputs.edgeId, inputs.routeId);
    try {
      return { id, outs: await put(client, inputs) };
    } catch (error) {
      throw writtenButUnreadable(error, id, inputs);
    }
  },

  /** One `GET`. A module removed outside Pulumi (or its route or edge) reads as `id: ""`. */
  async read(id: string, props?: Outputs): Promise<pulumi.dynamic.ReadResult<Outputs>> {
    const old = (props ?? {}) as Outputs;
    const address = { edgeId: old.edgeId, routeId: old.routeId, adoptExisting: old.adoptExisting };
    const live = await getModule(clientFromConfiguration(), address.edgeId, address.routeId);
    if (live === undefined) {
      return { id: "", props: {} as Outputs };
    }
    return {
      id,
      props: api().toOutputs(live, address),
      inputs: api().liveInputs(live, address) as Outputs,
    };
  },

  /** One `PUT` with every writable field. */
  async update(
    _id: string,
    _olds: Outputs,
    news: Inputs,
  ): Promise<pulumi.dynamic.UpdateResult<Outputs>> {
    return { outs: await put(clientFromConfiguration(), news) };
  },

  /** One `DELETE`; a module that is already gone counts as deleted. */
  async delete(_id: string, props: Outputs): Promise<void> {
    await clientFromConfiguration().requestUnlessNotFound({
      method: "DELETE",
      path: api().samlPath(props.edgeId, props.routeId),
    });
  },
};

async function put(client: NgrokClient, inputs: Inputs): Promise<Outputs> {
  const module = await client.request({
    method: "PUT",
    path: api().samlPath(inputs.edgeId, inputs.routeId),
    body: api().putBody(inputs),
    schema: api().samlModuleSchema,
  });
  return api().toOutputs(module, inputs);
}

/** The module on a route, or `undefined` when ngrok answers 404 (no module, route or edge). */
async function getModule(client: NgrokClient, edgeId: string, routeId: string) {
  return client.requestUnlessNotFound({
    method: "GET",
    path: api().samlPath(edgeId, routeId),
    schema: api().samlModuleSchema,
  });
}

/**
 * When the `PUT` succeeded but its body is unusable, the module is written: report it to the
 * engine with its id so that it is recorded (and a later delete removes it), not orphaned.
 */
function writtenButUnreadable(error: unknown, id: string, inputs: Inputs): unknown {
  if (!NgrokClientError.isInstance(error) || error.statusCode === undefined) {
    return error;
  }
  const { [PROVIDER_KEY]: provider, ...rest } = inputs as Inputs & Record<string, unknown>;
  return new ResourceInitFailedError(
    `${error.message}; the SAML module ${id} was written and is recorded in state`,
    id,
    rest,
    provider,
  );
}
