/**
 * `HttpsEdgeRouteSaml`, defined once: every property with its type and rules, description,
 * default, wire name and what a change does (see `../framework`). Its pure `check` and `diff`
 * and its id are in `./rules`, re-exported here.
 * The SDK's types, the package schema and the docs tables are generated from it
 * (`npm run generate`).
 *
 * Source: `contributing/reference/seed.md` §2.3 (fields), 4.2 (endpoints) and 8 (limits); ngrok's
 * `PUT /edges/https/{edge_id}/routes/{id}/saml`; `contributing/reference/ngrok-api.md` ("HTTPS edge route SAML module").
 *
 * @module
 */
import { derivedAs } from "../common/derived";
import { defineResource } from "../framework/define";
import { config, file, output, resource } from "../framework/example";
import { type InputsOf, type OutputsOf, unconditionalDefaults } from "../framework/resource";
import { cookiePrefixRule, idpMetadataRule, isOneShortLine, NAMEID_FORMATS } from "./rules";

export { idpMetadataFailureProperty, MAX_NAMED_IDP_METADATA_LENGTH } from "./rules";
import { SAML_OUTPUTS } from "./outputs";
import { sameCookiePrefix, sameIdpMetadata } from "./sameness";

/** The largest value of a uint32 field (`inactivity_timeout`, `maximum_duration`), spec 8. */
export const UINT32_MAX = 4294967295;

/** Prefixes of ngrok's ids: HTTPS edges `edghts_`, their routes `edghtsrt_`. */
const EDGE_ID_PREFIX = "edghts_";
const ROUTE_ID_PREFIX = "edghtsrt_";
/** `urn:oasis:names:tc:SAML:2.0:nameid-format:persistent`, ngrok's documented default. */
const PERSISTENT: (typeof NAMEID_FORMATS)[number] =
  "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";

/** The SAML module of an HTTPS edge route. */
export const httpsEdgeRouteSamlDefinition = defineResource({
  name: "HttpsEdgeRouteSaml",
  description:
    "The SAML module of an ngrok HTTPS edge route: visitors of the route sign in through your " +
    "SAML identity provider (IdP), with ngrok as the service provider (SP). Hand it the IdP's " +
    "metadata; it hands back the SP values to configure at the IdP (`entityId`, " +
    "`assertionConsumerServiceUrl`, or simply `metadataUrl`). HTTPS edges are deprecated by " +
    "ngrok (since December 31st, 2025): this resource serves accounts that already have edges.",
  id: "`<edge id>/<route id>`, e.g. `edghts_2Zp…/edghtsrt_2Zq…` (the module has no id of its own)",
  argsDescription:
    "The arguments of {@link HttpsEdgeRouteSaml}. Every writable field left unset is sent as " +
    "its default (each `PUT` replaces the whole module), so the module holds exactly what " +
    "state records.",
  api: {
    path: "/edges/https/{edge_id}/routes/{id}/saml",
    noun: "SAML module",
    endpoints: "`PUT`, `GET`, `DELETE /edges/https/{edge_id}/routes/{id}/saml`",
  },
  claimedBy: "claimedBy",
  sdk: {
    importAdopt: "adoptExisting: true (with its edgeId and routeId)",
    programRules: ["oneModulePerRoute"],
  },
  lookups: {
    one: {
      by: ["edgeId", "routeId"],
      description: "Reads the SAML module of an HTTPS edge route, without managing it.",
    },
  },
  example: {
    summary:
      "SAML sign-in on an existing HTTPS edge route (edges are deprecated by ngrok since 2025-12-31).",
    resources: [
      resource("HttpsEdgeRouteSaml", "app-sso", {
        edgeId: config("edgeId"),
        routeId: config("routeId"),
        idpMetadata: file("okta-metadata.xml"),
        authorizedGroups: ["engineering"],
        inactivityTimeout: 3600,
        maximumDuration: 43200,
        forceAuthn: true,
      }),
    ],
    outputs: {
      acsUrl: output("app-sso", "assertionConsumerServiceUrl"),
      spEntityId: output("app-sso", "entityId"),
      spMetadataUrl: output("app-sso", "metadataUrl"),
    },
  },
  properties: {
    edgeId: {
      role: "input",
      type: { kind: "ngrokId", prefix: EDGE_ID_PREFIX },
      required: true,
      requiredText: `the id of the HTTPS edge (${EDGE_ID_PREFIX}…)`,
      onChange: "replace",
      typeText: "string, `edghts_…`",
      description: "The HTTPS edge's id (`edghts_…`). Changing it replaces the module.",
      outputDescription: "The HTTPS edge's id (`edghts_…`).",
    },
    routeId: {
      role: "input",
      type: { kind: "ngrokId", prefix: ROUTE_ID_PREFIX },
      required: true,
      requiredText: `the id of the HTTPS edge route (${ROUTE_ID_PREFIX}…)`,
      onChange: "replace",
      typeText: "string, `edghtsrt_…`",
      description: "The id of the edge's route (`edghtsrt_…`). Changing it replaces the module.",
      outputDescription: "The route's id (`edghtsrt_…`).",
    },
    idpMetadata: {
      role: "input",
      type: { kind: "string", format: "xml" },
      required: true,
      requiredText: "the XML SAML 2.0 metadata document of your identity provider",
      onChange: "update",
      wire: "idp_metadata",
      same: sameIdpMetadata,
      rule: idpMetadataRule,
      namedInFailures: isOneShortLine,
      typeText: "string (XML)",
      description:
        "The full XML SAML 2.0 metadata document of your identity provider: one " +
        "`EntityDescriptor` with an `IDPSSODescriptor`, a `SingleSignOnService` and a signing " +
        "certificate, or an `EntitiesDescriptor` aggregate holding exactly one identity " +
        "provider, whose `EntityDescriptor` is then what ngrok receives. Checked at preview: not " +
        "XML (reported with line and column), DTDs, an aggregate with no or several identity " +
        "providers, service-provider metadata or a missing signing certificate fail before any " +
        'API call. Read it from a file (`fs.readFileSync(path, "utf8")` in Node.js, ' +
        "`fn::readFile` in YAML). Sent byte for byte otherwise, the claim comment appended; " +
        "differences in XML comments, whitespace between elements, surrounding whitespace or " +
        "line endings are not changes.",
      outputDescription:
        "The IdP metadata document ngrok holds, without the claim comment: the document sent " +
        "while ngrok holds it apart from XML comments, whitespace between elements and line " +
        "endings.",
    },
    enabled: {
      role: "input",
      type: { kind: "boolean" },
      default: true,
      onChange: "update",
      wire: "enabled",
      description: "Whether the module applies to traffic.",
      outputDescription: "Whether the module is on (default `true`).",
    },
    optionsPassthrough: {
      role: "input",
      type: { kind: "boolean" },
      default: false,
      onChange: "update",
      wire: "options_passthrough",
      description: "Skip authentication of HTTP `OPTIONS` requests (needed for CORS preflights).",
      outputDescription:
        "Whether CORS preflight `OPTIONS` requests pass without sign-in (default `false`).",
    },
    cookiePrefix: {
      role: "input",
      type: { kind: "string" },
      default: "",
      defaultText: '`""`: ngrok\'s own, `ngrok.`',
      onChange: "update",
      wire: "cookie_prefix",
      same: sameCookiePrefix,
      rule: cookiePrefixRule,
      description:
        'Prefix of the session cookie ngrok sets (HTTP token characters). `""` means ngrok\'s ' +
        "own prefix, `ngrok.`.",
      outputDescription:
        "The prefix of ngrok's session cookies; `\"\"` means ngrok's own (`ngrok.`).",
    },
    inactivityTimeout: {
      role: "input",
      type: { kind: "integer", min: 0, max: UINT32_MAX, unit: "seconds" },
      default: 0,
      defaultText: "`0`: ngrok's own limit",
      onChange: "update",
      wire: "inactivity_timeout",
      description:
        "Seconds of inactivity after which the session ends and the user signs in again; 0 to " +
        "4294967295 (uint32). `0` means ngrok's own limit.",
      outputDescription: "Seconds.",
    },
    maximumDuration: {
      role: "input",
      type: { kind: "integer", min: 0, max: UINT32_MAX, unit: "seconds" },
      default: 0,
      defaultText: "`0`: ngrok's own limit",
      onChange: "update",
      wire: "maximum_duration",
      description:
        "Maximum length of a session in seconds, after which the user signs in again; 0 to " +
        "4294967295 (uint32). `0` means ngrok's own limit.",
      outputDescription: "Seconds.",
    },
    forceAuthn: {
      role: "input",
      type: { kind: "boolean" },
      default: false,
      onChange: "update",
      wire: "force_authn",
      description:
        "Make the IdP ask for credentials on every sign-in, even within its own session.",
      outputDescription:
        "Whether the IdP must re-authenticate the user at each sign-in (default `false`).",
    },
    allowIdpInitiated: {
      role: "input",
      type: { kind: "boolean" },
      default: false,
      onChange: "update",
      wire: "allow_idp_initiated",
      description:
        "Accept sign-ins the IdP starts (IdP-initiated SSO; the IdP sets RelayState to the " +
        "target URL). Default `false`, the safer choice (ngrok itself turns it on when the field " +
        "is not sent).",
      outputDescription: "Whether sign-ins started at the IdP are accepted (default `false`).",
    },
    authorizedGroups: {
      role: "input",
      type: { kind: "stringList" },
      default: [],
      defaultText: "`[]`: anyone the IdP authenticates",
      unordered: true,
      onChange: "update",
      wire: "authorized_groups",
      description:
        "Only members of one of these groups get in; each a non-empty string. `[]` lets in " +
        "anyone the IdP authenticates.",
      outputDescription: "The IdP groups allowed in; `[]` lets in anyone the IdP authenticates.",
    },
    nameidFormat: {
      role: "input",
      type: { kind: "enum", values: NAMEID_FORMATS },
      default: PERSISTENT,
      blankIsDefault: true,
      onChange: "update",
      wire: "nameid_format",
      typeText: "string, a SAML 2.0 NameID format URN",
      description:
        "The NameID format ngrok asks for, a SAML 2.0 NameID format URN, e.g. " +
        "`urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress`.",
      outputDescription:
        "The SAML 2.0 NameID format requested from the IdP (default `…:nameid-format:persistent`).",
    },
    adoptExisting: {
      role: "input",
      type: { kind: "boolean" },
      onChange: "nothing",
      defaultText: "`false`",
      description:
        "Adopt the SAML module that already exists on the route and that this stack did not " +
        "write (configured in the dashboard, or another stack's). Default `false`: creating the " +
        "resource on such a route fails with `SamlModuleExistsError`, naming the route, the " +
        "existing module's entity ID and who wrote it, and changes nothing. With `true`, create " +
        "reads the module (one `GET`, as always), then writes this resource's configuration and " +
        "claim with one `PUT`, and the stack manages it from then on, and deletes it with the " +
        "resource (`retainOnDelete: true` keeps it in ngrok, `protect: true` refuses the " +
        "delete); a resource of another stack that wrote it leaves it in place when deleted. A " +
        "route without a module gets one, as without it. A module this stack wrote (a resource " +
        "being replaced, renamed or moved) is taken over without it. Never sent to ngrok; only " +
        "create reads it: changing it later is not a change.",
      outputDescription: "As given. Never sent to ngrok.",
    },
    claimedBy: {
      role: "internal",
      type: { kind: "string" },
      onChange: "nothing",
      description:
        "`<project>/<stack>/<resource name>`, set by the resource class: written with the " +
        "module's claim (see `./claim`), never a change. Absent in resources created before it " +
        "existed.",
    },
    ...SAML_OUTPUTS,
  },
});

/** The inputs as they are after `check` (defaults applied to every writable field). */
export type HttpsEdgeRouteSamlInputs = InputsOf<typeof httpsEdgeRouteSamlDefinition>;
/** The outputs recorded in state: every input plus the service-provider values ngrok generates. */
export type HttpsEdgeRouteSamlOutputs = OutputsOf<typeof httpsEdgeRouteSamlDefinition>;

/**
 * The value `check` records for each writable field the program leaves unset, and that is sent
 * with every `PUT` (which replaces the whole module): the definition's defaults.
 */
export const SAML_DEFAULTS = derivedAs<
  Required<
    Omit<
      HttpsEdgeRouteSamlInputs,
      "edgeId" | "routeId" | "idpMetadata" | "adoptExisting" | "claimedBy"
    >
  >
>(unconditionalDefaults(httpsEdgeRouteSamlDefinition));

/** Prefixes of ngrok's ids: HTTPS edges `edghts_`, their routes `edghtsrt_`. */
export const ID_PATTERNS = {
  edgeId: { prefix: EDGE_ID_PREFIX },
  routeId: { prefix: ROUTE_ID_PREFIX },
} as const;

/** The pure `check`, applying {@link SAML_DEFAULTS}: what it judges is in `./rules`. */
export const checkHttpsEdgeRouteSaml = httpsEdgeRouteSamlDefinition.check;
/** The pure `diff`: `edgeId` and `routeId` replace, the rest updates (see `./sameness`). */
export const diffHttpsEdgeRouteSaml = httpsEdgeRouteSamlDefinition.diff;
