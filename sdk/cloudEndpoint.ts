/**
 * The `CloudEndpoint` resource class, and its lookup functions `getCloudEndpoint` and
 * `getCloudEndpoints`.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { refuseImportOption } from "./importOption";
import { secretInputNames } from "./secretInputs";
import { refuseUnknownStackSettings } from "./lookups/stackSettings";
import { implementation, programClient } from "./lookups/programClient";
import { suspendPromiseStacks } from "./promiseStacks";
import provider = require("./thinProviders/cloudEndpoint");
import {
  type GetCloudEndpointArgs,
  type GetCloudEndpointOutputArgs,
  type GetCloudEndpointResult,
  type GetCloudEndpointsArgs,
  type GetCloudEndpointsOutputArgs,
  CLOUD_ENDPOINT_INPUTS,
  CLOUD_ENDPOINT_OUTPUTS,
  type CloudEndpointArgs,
  type CloudEndpointOutputProperties,
} from "./generated/types";

export type {
  DomainReference,
  PrincipalReference,
  TrafficPolicy,
  GetCloudEndpointArgs,
  GetCloudEndpointOutputArgs,
  GetCloudEndpointResult,
  GetCloudEndpointsArgs,
  GetCloudEndpointsOutputArgs,
  CloudEndpointArgs,
} from "./generated/types";

// The outputs are declared once, generated from the definition: the interface merges into the class.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface CloudEndpoint extends CloudEndpointOutputProperties {}

/**
 * An ngrok cloud endpoint: a URL served from ngrok's cloud (`type: cloud`, no agent), on a domain
 * the account reserved ({@link ReservedDomain}) or an internal hostname (`*.internal`), whose
 * Traffic Policy decides what each request meets: sign-in (`openid-connect`, `oauth`, `saml`, …),
 * then a forward to another endpoint, a redirect or a custom response.
 *
 * API: `POST`, `GET`, `PATCH`, `DELETE /endpoints[/{id}]`. The Pulumi id is ngrok's id (`ep_…`).
 * `url` replaces the endpoint; `trafficPolicy`, `bindings`, `poolingEnabled`, `description` and
 * `metadata` update in place. `trafficPolicy` is an object (its known actions' configs typed) or
 * ngrok's YAML or JSON text, checked at `pulumi preview` (each failure naming its path, e.g.
 * `trafficPolicy.onHttpRequest[0].actions[0].config.issuer_url …`) and sent as canonical JSON: the
 * form, key order and layout never make a change; a policy changed outside Pulumi shows as drift
 * on `pulumi refresh`. When a secret flows into the policy (`pulumi.secret`, a secret config), the
 * whole policy is a secret in state.
 *
 * @example
 * ```ts
 * import * as pulumi from "@pulumi/pulumi";
 * import { CloudEndpoint, ReservedDomain } from "pulumi-ngrok-dynamic";
 *
 * const config = new pulumi.Config();
 * const domain = new ReservedDomain("app", { domain: "app.example.com" });
 * const app = new CloudEndpoint("app", {
 *   url: pulumi.interpolate`https://${domain.domain}`,
 *   trafficPolicy: config.requireSecret("oidcSecret").apply((clientSecret) => ({
 *     onHttpRequest: [
 *       { actions: [{ type: "openid-connect", config: { issuerUrl: "https://idp.example.com", clientId: "app", clientSecret } }] },
 *       { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] },
 *     ],
 *   })),
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class CloudEndpoint extends pulumi.dynamic.Resource {
  /**
   * Reads the existing cloud endpoint `id` into the program without managing it (Pulumi's
   * `ReadResource`): one `GET /endpoints/{id}` at each `pulumi up`, `preview` and
   * `refresh`; `pulumi destroy` leaves it in place. An endpoint that does not exist fails the
   * deployment.
   *
   * @param name the Pulumi resource name (part of the URN).
   * @param id the cloud endpoint's id, `ep_…`.
   * @param opts Pulumi resource options (`import` is refused).
   */
  public static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    opts?: pulumi.CustomResourceOptions,
  ): CloudEndpoint {
    return new CloudEndpoint(name, undefined, { ...opts, id });
  }

  /**
   * @param name the Pulumi resource name (part of the URN).
   * @param args see {@link CloudEndpointArgs}.
   * @param opts Pulumi resource options. `import` is refused at construction (Pulumi cannot
   *   import dynamic resources); read an existing endpoint with {@link CloudEndpoint.get}.
   * @throws Error when `opts.import` is set, naming `get`.
   */
  constructor(name: string, args: CloudEndpointArgs, opts?: pulumi.CustomResourceOptions);
  /**
   * What {@link CloudEndpoint.get} calls: no arguments, `opts.id` names the endpoint.
   * @internal
   */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(
    name: string,
    args: CloudEndpointArgs | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    refuseUnknownStackSettings();
    refuseImportOption(name, opts, {
      resource: "CloudEndpoint",
      object: "cloud endpoint",
      instead: (id) =>
        `remove import and read ${id} with CloudEndpoint.get, or import it through the ` +
        `package's import-file command (see "Import" in the resource's documentation)`,
    });
    const restore = suspendPromiseStacks(opts);
    try {
      super(
        provider,
        name,
        {
          ...CLOUD_ENDPOINT_INPUTS,
          ...args,
          // One output of the whole policy: a secret anywhere in it makes the policy secret.
          ...(args?.trafficPolicy === undefined
            ? {}
            : { trafficPolicy: pulumi.output(args.trafficPolicy) }),
          ...secretInputNames(args),
          ...CLOUD_ENDPOINT_OUTPUTS,
        },
        opts,
        "ngrok",
        "CloudEndpoint",
      );
    } finally {
      restore();
    }
  }
}

/** What {@link getCloudEndpoints} returns. */
export interface GetCloudEndpointsResult {
  /** The endpoints the arguments keep, newest first (ngrok's order). */
  cloudEndpoints: GetCloudEndpointResult[];
}

/**
 * Reads one cloud endpoint by id, without managing it: one `GET /endpoints/{id}` from the
 * program's process, at every `pulumi preview` and `pulumi up` (configured as the resources are;
 * not a Pulumi invoke).
 *
 * @throws TypeError when `id` is not an endpoint id (`ep_…`), before any request.
 * @throws NgrokApiError from the API, e.g. 404 when there is no such endpoint.
 * @throws NgrokConfigurationError when no API key is configured.
 */
export async function getCloudEndpoint(
  args: GetCloudEndpointArgs,
): Promise<GetCloudEndpointResult> {
  return implementation().lookupCloudEndpoint(programClient(), args.id);
}

/** {@link getCloudEndpoint} with inputs, as an output. */
export function getCloudEndpointOutput(
  args: GetCloudEndpointOutputArgs,
): pulumi.Output<GetCloudEndpointResult> {
  return pulumi.output(args).apply((resolved) => getCloudEndpoint(resolved));
}

/**
 * Every cloud endpoint of the account whose `url`, `description` and `metadata` equal those
 * of `args` that are set, newest first: `GET /endpoints`, every page, from the program's
 * process.
 *
 * @throws NgrokApiError or NgrokClientError when a page cannot be read.
 * @throws NgrokConfigurationError when no API key is configured.
 */
export async function getCloudEndpoints(
  args: GetCloudEndpointsArgs = {},
): Promise<GetCloudEndpointsResult> {
  return { cloudEndpoints: await implementation().listCloudEndpoints(programClient(), args) };
}

/** {@link getCloudEndpoints} with inputs, as an output. */
export function getCloudEndpointsOutput(
  args: GetCloudEndpointsOutputArgs = {},
): pulumi.Output<GetCloudEndpointsResult> {
  return pulumi.output(args).apply((resolved) => getCloudEndpoints(resolved));
}
