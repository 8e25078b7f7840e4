/**
 * The `HttpsEdgeRouteSaml` resource class.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { claimedByOf } from "../provider/framework/names";
import { refuseImportOption } from "./importOption";
import { secretInputNames } from "./secretInputs";
import { refuseUnknownStackSettings } from "./lookups/stackSettings";
import { suspendPromiseStacks } from "./promiseStacks";
import provider = require("./thinProviders/httpsEdgeRouteSaml");
import {
  HTTPS_EDGE_ROUTE_SAML_INPUTS,
  HTTPS_EDGE_ROUTE_SAML_OUTPUTS,
  type HttpsEdgeRouteSamlArgs,
  type HttpsEdgeRouteSamlOutputProperties,
} from "./generated/types";

export type { HttpsEdgeRouteSamlArgs, IdpSigningCertificate } from "./generated/types";

/** Who declared each route's module in one program run: `<edge id>/<route id>` → resource. */
type RouteHolders = Map<string, { readonly token: symbol; readonly name: string }>;
/** Per program run (its Stack resource), so that an Automation API process can run many. */
const routesByRun = new WeakMap<object, RouteHolders>();
const outsideAnyRun = {};

/**
 * Records that resource `name` (`token`, one per constructor call) declares the module of
 * `routeId`, or throws when another resource of this program run already does: a route has one
 * SAML module, and two resources on it would overwrite each other.
 */
function holdRoute(token: symbol, name: string, edgeId: string, routeId: string): void {
  const run = pulumi.runtime.getStackResource() ?? outsideAnyRun;
  let holders = routesByRun.get(run);
  if (holders === undefined) {
    holders = new Map();
    routesByRun.set(run, holders);
  }
  const key = `${edgeId}/${routeId}`;
  const holder = holders.get(key);
  if (holder !== undefined && holder.token !== token) {
    throw new Error(
      `HttpsEdgeRouteSaml "${name}" and "${holder.name}" both declare the SAML module of route ` +
        `${routeId} of HTTPS edge ${edgeId}: a route has one SAML module, so declare one resource ` +
        `for it. If you are renaming a resource or moving it into a component, change the ` +
        `existing declaration instead of adding a second one, and add \`aliases\` so that ` +
        `Pulumi updates it in place.`,
    );
  }
  holders.set(key, { token, name });
}

/** Every property, unset: what {@link HttpsEdgeRouteSaml.get} registers, so that every output is set. */
const READ_PROPERTIES = {
  ...HTTPS_EDGE_ROUTE_SAML_INPUTS,
  ...HTTPS_EDGE_ROUTE_SAML_OUTPUTS,
} as const;

// The outputs are declared once, generated from the definition: the interface merges into the class.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface HttpsEdgeRouteSaml extends HttpsEdgeRouteSamlOutputProperties {}

/**
 * The SAML module of an ngrok HTTPS edge route: visitors of the route sign in through your SAML
 * identity provider (IdP), with ngrok as the service provider (SP). Hand it the IdP's metadata;
 * it hands back the SP values to configure at the IdP (`entityId`,
 * `assertionConsumerServiceUrl`, or simply `metadataUrl`).
 *
 * API: `PUT`, `GET`, `DELETE /edges/https/{edge_id}/routes/{id}/saml` (ngrok API reference,
 * "HTTPS Edge Route SAML Module", in its deprecated Edges group). The module has no id of its own: the Pulumi id is `<edge id>/<route id>`, e.g.
 * `edghts_2Zp…/edghtsrt_2Zq…`. Creating costs one `GET` (the take-over check, see
 * {@link HttpsEdgeRouteSamlArgs.adoptExisting}) and one `PUT`; updating one `PUT`; refreshing
 * one `GET`; deleting one `GET` and one `DELETE`. Changing `edgeId` or `routeId` replaces the
 * module: the new one is written before the old one is removed. A field changed outside Pulumi
 * shows as drift on `pulumi refresh` and is set back by the next `pulumi up`; a module removed
 * outside Pulumi leaves the state on refresh.
 *
 * A route is never left unprotected while the state says it is protected: every write puts this
 * resource's claim (an XML comment naming the stack, the resource and a token kept in state) at
 * the end of the module's IdP metadata, and a delete removes the module only while the claim is
 * still this resource's. So a rename or a move into a component without `aliases`, or
 * `pulumi up --replace`, which create the new resource before deleting the old one, hand the
 * module over instead of removing it. Two resources declared on one route in one program throw
 * at construction (or, for ids not known yet, when they are).
 *
 * Credentials: stack config `ngrok:apiKey` or env `NGROK_API_KEY`; base URL `ngrok:apiBaseUrl`
 * or `NGROK_API_BASE_URL` (default `https://api.ngrok.com`).
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * import { HttpsEdgeRouteSaml } from "pulumi-ngrok-dynamic";
 *
 * const sso = new HttpsEdgeRouteSaml("app-sso", {
 *   edgeId: "edghts_2Zp…",
 *   routeId: "edghtsrt_2Zq…",
 *   idpMetadata: fs.readFileSync("okta-metadata.xml", "utf8"),
 *   authorizedGroups: ["engineering"],
 *   inactivityTimeout: 3600,   // seconds
 *   maximumDuration: 43200,    // seconds
 *   forceAuthn: true,
 * });
 * export const acsUrl = sso.assertionConsumerServiceUrl;
 * export const spEntityId = sso.entityId;
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class HttpsEdgeRouteSaml extends pulumi.dynamic.Resource {
  /**
   * Reads the existing SAML module of a route into the program without managing it (Pulumi's
   * `ReadResource`): one `GET …/saml` at each `pulumi up`, `preview` and `refresh`;
   * `pulumi destroy` leaves the module in place. A route without a module fails the deployment.
   *
   * @param name the Pulumi resource name (part of the URN).
   * @param id `<edge id>/<route id>`, e.g. `edghts_2Zp…/edghtsrt_2Zq…`.
   * @param opts Pulumi resource options (`import` is refused).
   */
  public static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    opts?: pulumi.CustomResourceOptions,
  ): HttpsEdgeRouteSaml {
    return new HttpsEdgeRouteSaml(name, undefined, { ...opts, id });
  }

  /**
   * @param name the Pulumi resource name (part of the URN).
   * @param args see {@link HttpsEdgeRouteSamlArgs}.
   * @param opts Pulumi resource options. `import` is refused at construction (Pulumi cannot
   *   import dynamic resources): adopt an existing module with
   *   {@link HttpsEdgeRouteSamlArgs.adoptExisting}, or read it with {@link HttpsEdgeRouteSaml.get}.
   * @throws Error when `opts.import` is set, naming `adoptExisting` and `get`; when another
   *   resource of this program declares the same route.
   */
  constructor(name: string, args: HttpsEdgeRouteSamlArgs, opts?: pulumi.CustomResourceOptions);
  /**
   * What {@link HttpsEdgeRouteSaml.get} calls: no arguments, `opts.id` names the module.
   * @internal
   */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(
    name: string,
    args: HttpsEdgeRouteSamlArgs | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    refuseUnknownStackSettings();
    refuseImportOption(name, opts, {
      resource: "HttpsEdgeRouteSaml",
      adopt: () => "adoptExisting: true (with its edgeId and routeId)",
      object: "SAML module",
    });
    if (args === undefined) {
      const restore = suspendPromiseStacks(opts);
      try {
        super(provider, name, { ...READ_PROPERTIES }, opts, "ngrok", "HttpsEdgeRouteSaml");
      } finally {
        restore();
      }
      return;
    }
    const token = Symbol(name);
    let edgeId: pulumi.Input<string> = args.edgeId;
    if (typeof args.edgeId === "string" && typeof args.routeId === "string") {
      holdRoute(token, name, args.edgeId, args.routeId);
    } else {
      // Checked once both are known; the module is not registered before the check passes.
      edgeId = pulumi.all([args.edgeId, args.routeId]).apply(([edge, route]) => {
        holdRoute(token, name, edge, route);
        return edge;
      });
    }
    const restore = suspendPromiseStacks(opts);
    try {
      super(
        provider,
        name,
        {
          // Every property is listed, so that every output is set, even of an argument left out.
          ...READ_PROPERTIES,
          ...args,
          ...secretInputNames(args),
          edgeId,
          claimedBy: claimedByOf(pulumi.getProject(), pulumi.getStack(), name),
          ...HTTPS_EDGE_ROUTE_SAML_OUTPUTS,
        },
        opts,
        "ngrok",
        "HttpsEdgeRouteSaml",
      );
    } finally {
      restore();
    }
  }
}
