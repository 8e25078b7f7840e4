/**
 * The implementation of the `HttpsEdgeRouteSaml` dynamic provider, loaded by package name inside
 * the dynamic-provider host (never serialized into `__provider`).
 *
 * The module is a singleton under an HTTPS edge route, addressed by (edge id, route id); its
 * Pulumi id is `<edge id>/<route id>`. Every write carries the resource's claim (see `./claim`).
 * - create: `GET …/saml` (the take-over check below), then `PUT …/saml`
 * - read: `GET …/saml` (404 → the module, its route or its edge is gone: `id: ""`; so is a module
 *   that another resource's claim has taken over)
 * - update: `PUT …/saml` with every writable field
 * - delete: `GET …/saml`, then `DELETE …/saml` unless another resource's claim is on the module
 *   (404 counts as deleted)
 *
 * Take-over protection: a route that already has a SAML module when this resource is created
 * holds either this stack's own module (its claim names this stack: a resource being replaced,
 * renamed or moved, whose delete will leave the module alone), which create takes over, or a module
 * this stack did not write (configured by hand, or another stack's). Create then fails, naming the
 * route, the existing module's entity id and its writer, and changes nothing, unless the resource
 * sets `adoptExisting: true`: then the existing module is overwritten with this resource's
 * configuration and managed by this stack from then on.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import type * as pulumi from "@pulumi/pulumi";
import { clientFromConfiguration, logDebug, NgrokClientError, type NgrokClient } from "../client";
import { isBranded } from "../common/brand";
import { PROVIDER_KEY } from "../common/check";
import { ResourceInitFailedError } from "../common/errors";
import type * as ApiModule from "./api";
import { type Claim, claimOf, splitClaimedBy } from "./claim";
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
 * Create found a SAML module on the route that this stack did not write, and the resource does not
 * set `adoptExisting`. Nothing was changed.
 */
export class SamlModuleExistsError extends Error {
  /** Brand checked by {@link SamlModuleExistsError.isInstance}. */
  public readonly __samlModuleExistsError = true;

  constructor(
    public readonly edgeId: string,
    public readonly routeId: string,
    public readonly entityId: string,
    /** The claim on the module: who wrote it, when it was written through this package. */
    public readonly claim?: Claim,
  ) {
    const writer =
      claim === undefined
        ? "it carries no Pulumi claim: it was configured outside Pulumi, or by version 0.1 of " +
          "this package"
        : `it was written by resource "${claim.resource}" of stack ${claim.stack}`;
    super(
      `route ${routeId} of HTTPS edge ${edgeId} already has a SAML module (entity ID ${entityId}) ` +
        `that this stack did not write (${writer}); nothing was changed. A route has one SAML ` +
        `module, so one resource manages it. To manage it with this resource and replace its ` +
        `configuration with this resource's, set adoptExisting: true (the resource that wrote it ` +
        `then leaves it in place when it is deleted, and drops it from its state on refresh); ` +
        `otherwise remove it (DELETE ${api().samlPath(edgeId, routeId)}) or choose another route`,
    );
    this.name = "SamlModuleExistsError";
  }

  /** True when `obj` is a {@link SamlModuleExistsError}, from any copy of this package. */
  public static isInstance(obj: unknown): obj is SamlModuleExistsError {
    return isBranded(obj, "__samlModuleExistsError");
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

  /**
   * The take-over check (one `GET`, skipped with `adoptExisting`), then one `PUT` that carries a
   * new claim token.
   */
  async create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult<Outputs>> {
    const client = clientFromConfiguration();
    if (inputs.adoptExisting !== true) {
      const existing = await getModule(client, inputs.edgeId, inputs.routeId);
      const claim = claimOf(existing?.idp_metadata);
      if (existing !== undefined && !isOwnStacks(claim, inputs.claimedBy)) {
        throw new SamlModuleExistsError(inputs.edgeId, inputs.routeId, existing.entity_id, claim);
      }
    }
    const id = samlModuleId(inputs.edgeId, inputs.routeId);
    const claimToken = randomUUID();
    try {
      return { id, outs: await put(client, inputs, claimToken) };
    } catch (error) {
      throw writtenButUnreadable(error, id, { ...inputs, claimToken });
    }
  },

  /**
   * One `GET`. A module removed outside Pulumi (or its route or edge) reads as `id: ""`, and so
   * does a module that another resource has claimed since this one wrote it.
   */
  async read(id: string, props?: Outputs): Promise<pulumi.dynamic.ReadResult<Outputs>> {
    const old = (props ?? {}) as Outputs;
    const address = {
      edgeId: old.edgeId,
      routeId: old.routeId,
      adoptExisting: old.adoptExisting,
      claimedBy: old.claimedBy,
      claimToken: old.claimToken,
    };
    const live = await getModule(clientFromConfiguration(), address.edgeId, address.routeId);
    const claim = claimOf(live?.idp_metadata);
    if (live === undefined || claimedByAnother(claim, old.claimToken, true)) {
      return { id: "", props: {} as Outputs };
    }
    return {
      id,
      props: api().toOutputs(live, address),
      inputs: api().liveInputs(live, address) as Outputs,
    };
  },

  /** One `PUT` with every writable field, and the resource's claim. */
  async update(
    _id: string,
    olds: Outputs,
    news: Inputs,
  ): Promise<pulumi.dynamic.UpdateResult<Outputs>> {
    return { outs: await put(clientFromConfiguration(), news, olds.claimToken ?? randomUUID()) };
  },

  /**
   * One `GET`, then one `DELETE` unless another resource's claim is on the module (it took the
   * module over: a replacement, a renamed or moved resource, an adoption); then the module is
   * left in place. A module that is already gone counts as deleted.
   */
  async delete(_id: string, props: Outputs): Promise<void> {
    const client = clientFromConfiguration();
    const live = await getModule(client, props.edgeId, props.routeId);
    if (live === undefined) {
      return;
    }
    const claim = claimOf(live.idp_metadata);
    if (claimedByAnother(claim, props.claimToken, false)) {
      logDebug(
        `left the SAML module of route ${props.routeId} in place: resource "${claim?.resource}" ` +
          `of stack ${claim?.stack} has claimed it since this resource wrote it`,
      );
      return;
    }
    await client.requestUnlessNotFound({
      method: "DELETE",
      path: api().samlPath(props.edgeId, props.routeId),
    });
  },
};

/** True when `claim` names the same stack as `claimedBy` (`<project>/<stack>/<name>`). */
function isOwnStacks(claim: Claim | undefined, claimedBy: string | undefined): boolean {
  return (
    claim !== undefined &&
    claimedBy !== undefined &&
    claim.stack !== "/" &&
    claim.stack === splitClaimedBy(claimedBy).stack
  );
}

/**
 * True when the module's claim is another resource's than the one holding `token`. A resource
 * without a token (created before claims existed, or read with `{ id }`) is another resource for
 * delete, which must never remove a claimed module it did not claim, but not for read, which
 * then reads whatever is there.
 */
function claimedByAnother(claim: Claim | undefined, token: string | undefined, forRead: boolean) {
  if (claim === undefined) return false;
  if (token === undefined) return !forRead;
  return claim.token !== token;
}

async function put(client: NgrokClient, inputs: Inputs, claimToken: string): Promise<Outputs> {
  const module = await client.request({
    method: "PUT",
    path: api().samlPath(inputs.edgeId, inputs.routeId),
    body: api().putBody(inputs, claimToken),
    schema: api().samlModuleSchema,
  });
  return api().toOutputs(module, { ...inputs, claimToken });
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
function writtenButUnreadable(
  error: unknown,
  id: string,
  inputs: Inputs & { claimToken: string },
): unknown {
  if (!NgrokClientError.isInstance(error) || error.statusCode === undefined) {
    return error;
  }
  const { [PROVIDER_KEY]: provider, ...rest }: Record<string, unknown> = { ...inputs };
  return new ResourceInitFailedError(
    `${error.message}; the SAML module ${id} was written and is recorded in state`,
    id,
    rest,
    provider,
  );
}
