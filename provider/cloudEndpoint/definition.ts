/**
 * `CloudEndpoint`, defined once (see `../framework`): a URL served from ngrok's cloud by a Traffic
 * Policy, with no agent (`type: cloud`), on a reserved domain (`ReservedDomain`) or an internal
 * hostname (`*.internal`).
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `EndpointCreate`,
 * `EndpointUpdate`, `Endpoint`; `POST`, `GET`, `PATCH`, `DELETE /endpoints[/{id}]`) and ngrok's
 * error catalogue (319, 7118, 9026, 9028, 9029, 2230, 18009). `url` is in `EndpointUpdate`, but a
 * new URL is a new endpoint to every client of the old one: this definition replaces on it (the
 * new endpoint first, since the URLs differ).
 *
 * The traffic policy is judged, written and compared by `../trafficPolicy` (its module comment
 * lists the rules): `check` refuses what `checkTrafficPolicy` refuses for a cloud endpoint at the
 * `url` input (its protocol's phases; a policy that must end with a terminating action), each
 * failure starting with the path of the value
 * (`trafficPolicy.onHttpRequest[0].actions[1].config.issuer_url`); in a preview where `url` is not
 * known yet, the rules of the URL wait for `up`'s check. ngrok receives its canonical JSON; `diff`
 * compares canonical forms, so YAML against JSON, key order, layout and ngrok's stored text never
 * make a change.
 *
 * Where ngrok is silent, this definition decides:
 * - an account serves a URL once (`ERR_NGROK_18009`): a create whose answer is lost is found again
 *   by its URL;
 * - `bindings` and `poolingEnabled` left out are never a change: ngrok's defaults (`["public"]`,
 *   `false`) show in the outputs;
 * - the reserved domain the URL is on is `domainId`, a reference read from the answer's `domain:
 *   { id, uri }` (`rd_…`, the id a `ReservedDomain` outputs and its lookups take), as every
 *   reference of the package is; an output only, since `EndpointCreate` takes no domain (ngrok
 *   finds it by the URL's host). `principal` stays ngrok's `{ id, uri }`: its id is a user's or a
 *   bot user's (`usr_…`, `bot_…`), which no one resource names.
 *
 * @module
 */
import { objectOutputs, TEXT_INPUTS, updatedAtOutput } from "../common/textProperties";
import { isUnknown } from "../common/unknown";
import { defineResource } from "../framework/define";
import { file, interpolate, output, resource } from "../framework/example";
import type { ObjectType, RuleChecker } from "../framework/property";
import { reference } from "../framework/reference";
import type { InputsOf, OutputsOf } from "../framework/resource";
import { reservedDomainDefinition } from "../reservedDomain/definition";
import {
  canonicalTrafficPolicy,
  checkTrafficPolicy,
  sameTrafficPolicy,
  trafficPolicyValues,
} from "../trafficPolicy";

/** The prefix of ngrok's endpoint ids: `ep_`, then letters and digits. */
export const CLOUD_ENDPOINT_ID_PREFIX = "ep_";

/** ngrok's `Ref` of the endpoint's owner, `{ id, uri }`. */
const PRINCIPAL: ObjectType = {
  kind: "object",
  typeName: "PrincipalReference",
  typeDescription: "A reference to the user or bot user that owns the endpoint.",
  fields: {
    id: { wire: "id", description: "Its id." },
    uri: { wire: "uri", description: "Its API URI." },
  },
};

/**
 * The `url` input as `checkTrafficPolicy`'s option: the string, or `undefined` while it is not known
 * (a preview) or not a string (its own check says why).
 */
export function endpointUrl(url: unknown): string | undefined {
  return typeof url === "string" && !isUnknown(url) ? url : undefined;
}

/**
 * `trafficPolicy`: every failure of `checkTrafficPolicy` for a cloud endpoint at the `url` input,
 * each starting with its path; what the program made secret (the whole policy, or values inside
 * it) is never quoted.
 */
export function trafficPolicyRule(value: unknown, c: RuleChecker, name: string): void {
  const { whole, inside } = c.secretsIn(name);
  const url = endpointUrl(c.value("url"));
  const options = {
    property: name,
    secret: whole,
    secretAt: inside,
    ...(url === undefined ? {} : { url }),
  };
  for (const failure of checkTrafficPolicy(value, options).failures) {
    c.fail(name, failure.reason);
  }
}

/** The text ngrok receives of a policy: its canonical JSON (`../trafficPolicy`). */
export const encodeTrafficPolicy = (value: unknown): unknown =>
  canonicalTrafficPolicy(value) ?? value;

/** The cloud endpoint. */
export const cloudEndpointDefinition = defineResource({
  name: "CloudEndpoint",
  description:
    "An ngrok cloud endpoint: a URL served from ngrok's cloud (`type: cloud`, no agent), on a " +
    "domain the account reserved (`ReservedDomain`) or an internal hostname (`*.internal`), " +
    "whose Traffic Policy decides what each request meets: sign-in (`openid-connect`, `oauth`, " +
    "`saml`, …), then a forward to another endpoint, a redirect or a custom response.",
  id: "ngrok's id (`ep_…`)",
  argsDescription:
    "The arguments of {@link CloudEndpoint}. `url` replaces the endpoint when it changes; the " +
    "others are updated in place. The traffic policy is checked at `pulumi preview`, before any " +
    "API call.",
  terraform: "ngrok_cloud_endpoint",
  api: {
    path: "/endpoints",
    noun: "cloud endpoint",
    idPrefix: CLOUD_ENDPOINT_ID_PREFIX,
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /endpoints[/{id}]`",
    fieldErrors: {
      ERR_NGROK_319: "url",
      ERR_NGROK_7118: "url",
      ERR_NGROK_9028: "url",
      ERR_NGROK_9029: "url",
      ERR_NGROK_18009: "url",
      ERR_NGROK_9026: "trafficPolicy",
      ERR_NGROK_2230: "trafficPolicy",
    },
  },
  lookups: {
    one: {
      description: "Reads one endpoint by id, without managing it: one `GET /endpoints/{id}`.",
    },
    list: {
      filters: ["url", "description", "metadata"],
      description:
        "Every endpoint of the account whose fields equal the filters that are set, without " +
        "managing them: `GET /endpoints`, every page.",
    },
  },
  sdk: {
    importInstead:
      `remove import and read {id} with CloudEndpoint.get, or import it through the package's import-file ` +
      'command (see "Import" in the resource\'s documentation)',
  },
  pendingCreates: {
    ngrokCliCommand: "endpoints",
    shortNoun: "endpoint",
    shortNounPlural: "endpoints",
    identifyingInputs: ["url", "description"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "The public API on its reserved domain, signed in with OpenID Connect.",
    resources: [
      resource("ReservedDomain", "api-domain", { domain: "api.example.com" }),
      // The URL is made from the reservation's output: the endpoint waits for the domain
      // (created alone, first, ngrok answers ERR_NGROK_319).
      resource("CloudEndpoint", "api", {
        url: interpolate`https://${output("api-domain", "domain")}`,
        trafficPolicy: file("policy.yaml"),
        description: "Public API",
      }),
    ],
    outputs: { publicUrl: output("api", "publicUrl") },
    files: {
      // ngrok's YAML; the client secret stays in ngrok's vault, so the policy holds no secret.
      "policy.yaml": [
        "on_http_request:",
        "  - name: sign in",
        "    actions:",
        "      - type: openid-connect",
        "        config:",
        "          issuer_url: https://accounts.google.com",
        "          client_id: api",
        "          client_secret: ${secrets.get('vault', 'oidc-client-secret')}",
        "  - actions:",
        "      - type: forward-internal",
        "        config:",
        "          url: https://api.internal",
        "",
      ].join("\n"),
    },
  },
  properties: {
    url: {
      role: "input",
      type: { kind: "string", nonEmpty: true },
      required: true,
      requiredText: "the endpoint's URL, e.g. `https://api.example.com`",
      onChange: "replace",
      wire: "url",
      unique: true,
      description:
        "The endpoint's URL: `https://`, `http://`, `tls://` or `tcp://` (with a port), on a " +
        'domain the account reserved (`ReservedDomain`) or, with `bindings: ["internal"]`, a ' +
        "hostname ending in `.internal`. Changing it replaces the endpoint (the new one first).",
    },
    trafficPolicy: {
      role: "input",
      type: {
        kind: "document",
        typeName: "TrafficPolicy",
        typeModule: "../../provider/trafficPolicy",
      },
      required: true,
      requiredText: "the Traffic Policy, an object or YAML or JSON text",
      onChange: "update",
      wire: "traffic_policy",
      rule: trafficPolicyRule,
      same: sameTrafficPolicy,
      encode: encodeTrafficPolicy,
      writtenValues: trafficPolicyValues,
      // The engine prints a named property's value with the failure; a policy may hold secrets.
      namedInFailures: () => false,
      description:
        'The Traffic Policy: an object (`{ onHttpRequest: [{ actions: [{ type: "openid-connect", ' +
        "config: { issuerUrl: … } }] }] }`) typed from the table of actions, each known action's " +
        "config with its fields (through the plugin, a type per action, `OpenidConnectAction`, " +
        "and `TrafficPolicyAction` for any other), or ngrok's YAML or JSON text. " +
        "Checked at preview, each failure naming its path. ngrok receives it as canonical JSON: " +
        "the form, key order and layout never make a change. A secret output given as one of " +
        "its values stays secret in state, and messages hide that value only. Updated in place.",
      outputDescription: "The Traffic Policy as ngrok holds it (canonical JSON).",
    },
    bindings: {
      role: "input",
      type: { kind: "stringList" },
      serverFilled: true,
      defaultText: 'ngrok\'s, `["public"]`',
      onChange: "update",
      wire: "bindings",
      description:
        'Where the endpoint is reachable: `["public"]` (the internet, ngrok\'s default), ' +
        '`["internal"]` (only from other endpoints of the account, for a `*.internal` URL) or ' +
        '`["kubernetes"]`. Updated in place.',
    },
    poolingEnabled: {
      role: "input",
      type: { kind: "boolean" },
      serverFilled: true,
      defaultText: "ngrok's, `false`",
      onChange: "update",
      wire: "pooling_enabled",
      description:
        "Whether other endpoints may share the URL and have its traffic balanced across them. " +
        "Updated in place.",
    },
    ...TEXT_INPUTS,
    publicUrl: {
      role: "output",
      type: { kind: "string" },
      wire: "public_url",
      description: "The URL the endpoint serves.",
    },
    hostport: {
      role: "output",
      type: { kind: "string" },
      wire: "hostport",
      description: "The host and port it serves, `api.example.com:443`.",
    },
    proto: {
      role: "output",
      type: { kind: "string" },
      wire: "proto",
      optional: true,
      description: "Its protocol: `https`, `http`, `tls` or `tcp`.",
    },
    domainId: {
      role: "output",
      type: reference(reservedDomainDefinition),
      wire: "domain_id",
      optional: true,
      description:
        "The reserved domain the URL is on (`rd_…`, the id of a `ReservedDomain`); absent for " +
        "an internal or Kubernetes binding.",
    },
    principal: {
      role: "output",
      type: PRINCIPAL,
      wire: "principal",
      optional: true,
      description: 'The owner (`{ id: "usr_…" | "bot_…", uri }`).',
    },
    ...updatedAtOutput("endpoint"),
    ...objectOutputs("The API URI of the endpoint, `https://api.ngrok.com/endpoints/ep_…`."),
  },
});

/** The inputs of `CloudEndpoint` as they are after `check`. */
export type CloudEndpointInputs = InputsOf<typeof cloudEndpointDefinition>;
/** The outputs of `CloudEndpoint` recorded in state. */
export type CloudEndpointOutputs = OutputsOf<typeof cloudEndpointDefinition>;
