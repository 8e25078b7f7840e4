/**
 * The `HttpsEdgeRouteSaml` resource class.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { refuseImportOption } from "./importOption";
import { suspendPromiseStacks } from "./promiseStacks";
import provider = require("./thinProviders/httpsEdgeRouteSaml");

/**
 * One signing certificate of the IdP metadata ngrok holds, as {@link HttpsEdgeRouteSaml.idpSigningCertificates}
 * lists it. Read by this package from the `<KeyDescriptor use="signing">` (or use-less) `X509Certificate`
 * of the document (SAML 2.0 Metadata, saml-metadata-2.0-os §2.4.1.1), not by ngrok.
 */
export interface IdpSigningCertificate {
  /** The certificate's subject: its attributes in the certificate's order, joined by `, `, e.g. `C=US, O=Okta, CN=dev-599847`. */
  subject: string;
  /** End of validity (`notAfter`), ISO 8601 in UTC, e.g. `2028-09-07T14:33:59.000Z`. */
  notAfter: string;
  /** SHA-256 of the certificate's DER, upper-case hex pairs separated by colons, as IdP consoles show it. */
  sha256Fingerprint: string;
}

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

/** The outputs ngrok (or the provider, from the document ngrok holds) computes, unset: no argument sets them. */
const COMPUTED_PROPERTIES = {
  idpSigningCertificates: undefined,
  entityId: undefined,
  assertionConsumerServiceUrl: undefined,
  singleLogoutUrl: undefined,
  requestSigningCertificatePem: undefined,
  metadataUrl: undefined,
  idpMetadataUrl: undefined,
  claimToken: undefined,
} as const;

/** Every property, unset: what {@link HttpsEdgeRouteSaml.get} registers, so that every output is set. */
const READ_PROPERTIES = {
  edgeId: undefined,
  routeId: undefined,
  idpMetadata: undefined,
  enabled: undefined,
  optionsPassthrough: undefined,
  cookiePrefix: undefined,
  inactivityTimeout: undefined,
  maximumDuration: undefined,
  forceAuthn: undefined,
  allowIdpInitiated: undefined,
  authorizedGroups: undefined,
  nameidFormat: undefined,
  adoptExisting: undefined,
  ...COMPUTED_PROPERTIES,
} as const;

/**
 * The arguments of {@link HttpsEdgeRouteSaml}. Every writable field left unset is sent as its
 * default (each `PUT` replaces the whole module), so the module holds exactly what state records.
 */
export interface HttpsEdgeRouteSamlArgs {
  /** The HTTPS edge's id (`edghts_…`). Required. Changing it replaces the module. */
  edgeId: pulumi.Input<string>;
  /** The id of the edge's route (`edghtsrt_…`). Required. Changing it replaces the module. */
  routeId: pulumi.Input<string>;
  /**
   * The full XML SAML 2.0 metadata document of your identity provider: one `EntityDescriptor`
   * with an `IDPSSODescriptor`, a `SingleSignOnService` with the HTTP-Redirect or HTTP-POST
   * binding at an absolute URL, and a signing certificate. Required. Checked at preview: not XML
   * (reported with line and column), DTDs, service-provider metadata, an `EntitiesDescriptor`
   * aggregate with several identity providers, a certificate in the wrong namespace or a missing
   * one fail before any API call; a signing certificate that has expired or expires within 30
   * days is a warning. An aggregate holding exactly one identity provider is accepted and that
   * provider's `EntityDescriptor` is sent. Read it from a file with
   * `fs.readFileSync(path, "utf8")`. Otherwise sent byte for byte; differences in surrounding
   * whitespace or line endings are not changes.
   */
  idpMetadata: pulumi.Input<string>;
  /** Whether the module applies to traffic. Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /** Skip authentication of HTTP `OPTIONS` requests (needed for CORS preflights). Default `false`. */
  optionsPassthrough?: pulumi.Input<boolean>;
  /**
   * Prefix of the session cookie ngrok sets (HTTP token characters). Default `""`: ngrok's own
   * prefix, `ngrok.`.
   */
  cookiePrefix?: pulumi.Input<string>;
  /**
   * Seconds of inactivity after which the session ends and the user signs in again; 0 to
   * 4294967295 (uint32). Default `0`: ngrok's own limit.
   */
  inactivityTimeout?: pulumi.Input<number>;
  /**
   * Maximum length of a session in seconds, after which the user signs in again; 0 to
   * 4294967295 (uint32). Default `0`: ngrok's own limit.
   */
  maximumDuration?: pulumi.Input<number>;
  /** Make the IdP ask for credentials on every sign-in, even within its own session. Default `false`. */
  forceAuthn?: pulumi.Input<boolean>;
  /**
   * Accept sign-ins the IdP starts (IdP-initiated SSO; the IdP sets RelayState to the target
   * URL). Default `false` (ngrok itself turns it on when the field is not sent).
   */
  allowIdpInitiated?: pulumi.Input<boolean>;
  /** Only members of one of these groups get in; each a non-empty string. Default `[]`: anyone the IdP authenticates. */
  authorizedGroups?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * The NameID format ngrok asks for, a SAML 2.0 NameID format URN, e.g.
   * `urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress`. Default
   * `urn:oasis:names:tc:SAML:2.0:nameid-format:persistent`.
   */
  nameidFormat?: pulumi.Input<string>;
  /**
   * Adopt the SAML module that already exists on the route and that this stack did not write
   * (configured in the dashboard, or another stack's): Pulumi's `import` does not work for
   * dynamic resources. Default `false`: creating the resource on such a route fails with
   * `SamlModuleExistsError`, naming the route, the existing module's entity ID and who wrote it,
   * and changes nothing. With `true`, create reads the module (one `GET`, as always), then writes
   * this resource's configuration and claim with one `PUT`, and the stack manages it from then
   * on, and deletes it with the resource (`retainOnDelete: true` keeps it in ngrok,
   * `protect: true` refuses the delete); a resource of another stack that wrote it leaves it in
   * place when deleted. A route without a module gets one, as without it. A module this stack
   * wrote (a resource being replaced, renamed or moved) is taken over without it. Never sent to
   * ngrok; only create reads it: changing it later is not a change.
   */
  adoptExisting?: pulumi.Input<boolean>;
}

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
export class HttpsEdgeRouteSaml extends pulumi.dynamic.Resource {
  // One declaration per output, alike on purpose (as in Pulumi's generated SDKs): each has its own
  // type and documentation.
  /** The HTTPS edge's id (`edghts_…`). */
  declare public readonly edgeId: pulumi.Output<string>;
  /** The route's id (`edghtsrt_…`). */
  declare public readonly routeId: pulumi.Output<string>;
  /**
   * The IdP metadata document ngrok holds, byte for byte (for an aggregate given as the input,
   * the `EntityDescriptor` that was sent for it).
   */
  declare public readonly idpMetadata: pulumi.Output<string>;
  /** Whether the module is on (default `true`). */
  declare public readonly enabled: pulumi.Output<boolean>;
  /** Whether CORS preflight `OPTIONS` requests pass without sign-in (default `false`). */
  declare public readonly optionsPassthrough: pulumi.Output<boolean>;
  /** The prefix of ngrok's session cookies; `""` means ngrok's own (`ngrok.`). */
  declare public readonly cookiePrefix: pulumi.Output<string>;
  /** Seconds. */
  declare public readonly inactivityTimeout: pulumi.Output<number>;
  /** Seconds. */
  declare public readonly maximumDuration: pulumi.Output<number>;
  /** Whether the IdP must re-authenticate the user at each sign-in (default `false`). */
  declare public readonly forceAuthn: pulumi.Output<boolean>;
  /** Whether sign-ins started at the IdP are accepted (default `false`). */
  declare public readonly allowIdpInitiated: pulumi.Output<boolean>;
  /** The IdP groups allowed in; `[]` lets in anyone the IdP authenticates. */
  declare public readonly authorizedGroups: pulumi.Output<string[]>;
  /** The SAML 2.0 NameID format requested from the IdP (default `…:nameid-format:persistent`). */
  declare public readonly nameidFormat: pulumi.Output<string>;
  /** As given: see {@link HttpsEdgeRouteSamlArgs.adoptExisting}. Never sent to ngrok. */
  declare public readonly adoptExisting: pulumi.Output<boolean | undefined>;
  /**
   * The signing certificates of the IdP metadata ngrok holds, in document order, each with its
   * `subject` (e.g. `C=US, O=Okta, CN=dev-599847`), `notAfter` (end of validity, ISO 8601 in UTC, e.g.
   * `2028-09-07T14:33:59.000Z`) and `sha256Fingerprint` (upper-case hex pairs separated by
   * colons, as IdP consoles show it). Read from the document at each create, update and refresh,
   * not from ngrok's answer; `[]` for a document that holds none this package can read (a module
   * configured outside Pulumi). Use it to alert before a certificate expires; `pulumi preview`
   * also warns for one that has expired or expires within 30 days.
   */
  declare public readonly idpSigningCertificates: pulumi.Output<IdpSigningCertificate[]>;
  /** The SP entity ID, a URL (equal to `metadataUrl`). Configure it at the IdP. */
  declare public readonly entityId: pulumi.Output<string>;
  /** The SP Assertion Consumer Service URL, where the IdP posts assertions. Configure it at the IdP. */
  declare public readonly assertionConsumerServiceUrl: pulumi.Output<string>;
  /** The SP Single Logout URL; optional at the IdP. */
  declare public readonly singleLogoutUrl: pulumi.Output<string>;
  /** PEM X.509 certificate of the key that signs ngrok's SAML requests; give it to IdPs that verify them. */
  declare public readonly requestSigningCertificatePem: pulumi.Output<string>;
  /** URL of the SP metadata XML, for IdPs that configure themselves from it. */
  declare public readonly metadataUrl: pulumi.Output<string>;
  /** ngrok's `idp_metadata_url` (`""` when the metadata was given as a document, as here). */
  declare public readonly idpMetadataUrl: pulumi.Output<string>;
  /**
   * This resource's claim on the module: the token it wrote into the claim comment at the end
   * of the module's IdP metadata. A delete removes the module only while ngrok still holds it.
   */
  declare public readonly claimToken: pulumi.Output<string>;

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
          edgeId,
          claimedBy: `${pulumi.getProject()}/${pulumi.getStack()}/${name}`,
          ...COMPUTED_PROPERTIES,
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
