/**
 * An edge route's modules as traffic policy actions, following ngrok's migration guides
 * (https://ngrok.com/docs/guides/migration/edges-to-endpoints/, "Convert modules to actions" and
 * "Convert backends"; https://ngrok.com/docs/guides/migration/modules-to-traffic-policy-actions/):
 * `oidc` → `openid-connect`, `oauth` → `oauth` (its email restrictions a `deny` rule after it),
 * `saml` → `saml` (early access; the `openid-connect` alternative with the same IdP beside it),
 * `ip_restriction` → `restrict-ips`, `circuit_breaker` → `circuit-breaker`, `request_headers` and
 * `response_headers` → `add-headers`/`remove-headers`, `compression` → `compress-response`,
 * `webhook_verification` → `verify-webhook`, `user_agent_filter` → `deny` rules, and the backend
 * → `forward-internal`, last.
 *
 * The modules run in ngrok's order of a route's modules (`HTTPSEdgeRoute` of its OpenAPI
 * document); the backend comes after all of them (the guide). A restriction the policy cannot
 * express (GitHub teams and organizations, SAML `authorized_groups`) becomes a `deny` of every
 * request, with a comment saying what to write instead: a migrated route fails closed, never
 * open. Secrets ngrok does not answer (a client secret, a webhook secret) are stack config
 * references ({@link ConfigKeys}).
 *
 * @module
 */
import { withoutClaim } from "../../provider/httpsEdgeRouteSaml/claim";
import { type EdgeModule, type HttpsEdgeRoute, moduleOf, ROUTE_MODULES } from "./account";
import { type ConfigKeys } from "./names";
import { celString, type PlanAction, type PolicyValue, type RuleTemplate, seconds } from "./policy";
import {
  circuitBreaker,
  count,
  headerActions,
  policyIds,
  text,
  texts,
  userAgentRules,
  yes,
} from "./trafficModules";

/** What a route becomes. */
export interface RouteTranslation {
  /** `on_http_request` rules, in order; the last one ends with the backend's `forward-internal`. */
  readonly request: readonly RuleTemplate[];
  /** `on_http_response` rules. */
  readonly response: readonly RuleTemplate[];
  /** What the reader must know (modules not translated, settings the actions do not have). */
  readonly notes: readonly string[];
}

/** What the translation of one route needs from the program. */
export interface RouteContext {
  /** The stack config keys of the program. */
  readonly keys: ConfigKeys;
  /** The prefix of this route's config keys, e.g. `appExampleComApi`. */
  readonly keyPrefix: string;
  /** The internal URL the route's backend becomes (see `./plan`). */
  readonly internalUrl: string;
}

/** The session settings oidc and oauth share, in the action's names. */
function session(module: EdgeModule, idleName: string): Record<string, PolicyValue> {
  const config: Record<string, PolicyValue> = {};
  if (yes(module, "options_passthrough")) config.allow_cors_preflight = true;
  if (count(module, "inactivity_timeout") > 0) {
    config[idleName] = seconds(count(module, "inactivity_timeout"));
  }
  if (count(module, "maximum_duration") > 0) {
    config.max_session_duration = seconds(count(module, "maximum_duration"));
  }
  if (count(module, "auth_check_interval") > 0) {
    config.userinfo_refresh_interval = seconds(count(module, "auth_check_interval"));
  }
  return config;
}

const COOKIE_PREFIX_NOTE =
  "its cookie_prefix has no equivalent in the action (auth_id names the session cookie " +
  "instead): users sign in again once after the move";

/** A `deny` of every request that stands for a restriction the policy cannot express. */
function failClosed(what: string): RuleTemplate {
  return {
    extra: [],
    actions: [{ type: "deny", config: { status_code: 403 } }],
    comment:
      `${what} has no traffic policy equivalent this command can write: this rule denies every ` +
      "request of the route until you replace it with your own check (so the route fails " +
      "closed, never open).",
  };
}

/** The translation of one route (see the module comment). */
export function translateRoute(route: HttpsEdgeRoute, context: RouteContext): RouteTranslation {
  const request: RuleTemplate[] = [];
  const response: RuleTemplate[] = [];
  const notes: string[] = [];
  let current: PlanAction[] = [];
  const flush = () => {
    if (current.length > 0) request.push({ extra: [], actions: current });
    current = [];
  };
  const { keys, keyPrefix } = context;

  for (const name of ROUTE_MODULES) {
    const module = moduleOf(route, name);
    if (module === undefined || name === "backend") continue;
    switch (name) {
      case "ip_restriction": {
        const ids = policyIds(module);
        if (ids.length > 0) current.push({ type: "restrict-ips", config: { ip_policies: ids } });
        break;
      }
      case "circuit_breaker":
        current.push(circuitBreaker(module, notes));
        break;
      case "compression":
        response.push({ extra: [], actions: [{ type: "compress-response" }] });
        break;
      case "request_headers":
      case "response_headers": {
        const actions = headerActions(module, notes, name);
        if (name === "request_headers") current.push(...actions);
        else if (actions.length > 0) response.push({ extra: [], actions });
        break;
      }
      case "webhook_verification": {
        const provider = text(module, "provider").toLowerCase();
        const secret = keys.add(`${keyPrefix}WebhookSecret`, {
          secret: true,
          description: `the ${provider} webhook secret of route ${route.id} (ngrok does not answer it)`,
          sample: "webhook-secret-sample",
        });
        current.push({ type: "verify-webhook", config: { provider, secret } });
        break;
      }
      case "oauth": {
        const { action, restriction } = oauth(route, module, context, notes);
        current.push(action);
        if (restriction !== undefined) {
          flush();
          request.push(restriction);
        }
        break;
      }
      case "saml": {
        current.push(saml(route, module, context, notes));
        if (texts(module, "authorized_groups").length > 0) {
          flush();
          request.push(failClosed("The SAML module's authorized_groups"));
        }
        break;
      }
      case "oidc": {
        const secret = keys.add(`${keyPrefix}OidcClientSecret`, {
          secret: true,
          description: `the client secret of the OIDC app ${text(module, "client_id")} (ngrok does not answer it)`,
          sample: "oidc-client-secret-sample",
        });
        const config: Record<string, PolicyValue> = {
          issuer_url: text(module, "issuer"),
          client_id: text(module, "client_id"),
          client_secret: secret,
          ...session(module, "idle_session_duration"),
        };
        if (texts(module, "scopes").length > 0) config.scopes = texts(module, "scopes");
        if (text(module, "cookie_prefix") !== "")
          notes.push(`The OIDC module: ${COOKIE_PREFIX_NOTE}.`);
        current.push({ type: "openid-connect", config });
        break;
      }
      case "user_agent_filter":
        flush();
        request.push(...userAgentRules(module));
        break;
      case "websocket_tcp_converter":
        notes.push(
          `Route ${route.id}: its websocket_tcp_converter module has no traffic policy ` +
            "equivalent (ngrok's guide: not supported); it is left out.",
        );
        break;
      case "traffic_policy":
        notes.push(
          `Route ${route.id}: its traffic_policy module is not merged: add its rules to this ` +
            "policy by hand, each with this route's expressions.",
        );
        break;
    }
  }
  const backend = moduleOf(route, "backend");
  const backendRef = backend?.backend;
  const backendId =
    typeof backendRef === "object" && backendRef !== null && "id" in backendRef
      ? String(backendRef.id)
      : undefined;
  current.push({
    type: "forward-internal",
    config: { url: context.internalUrl },
    comment:
      `Fill in: the internal endpoint that serves this route, ${context.internalUrl} or your ` +
      `own .internal URL; start an agent on it (ngrok http 8080 --url ${context.internalUrl}). ` +
      (backendId === undefined
        ? "The edge route had no backend."
        : `The edge route's backend was ${backendId} (its labels name the agents to move).`),
  });
  flush();
  return { request, response, notes };
}

/** `oauth` → `oauth`, and the `deny` rule of its email restrictions. */
function oauth(
  route: HttpsEdgeRoute,
  module: EdgeModule,
  { keys, keyPrefix }: RouteContext,
  notes: string[],
): { action: PlanAction; restriction?: RuleTemplate } {
  const providers = module.provider;
  const [provider, settings] = Object.entries(
    typeof providers === "object" && providers !== null ? providers : {},
  ).find(([, value]) => typeof value === "object" && value !== null) ?? ["google", {}];
  const own: EdgeModule = Object.fromEntries(Object.entries(settings ?? {}));
  const config: Record<string, PolicyValue> = { provider };
  const clientId = text(own, "client_id");
  if (clientId !== "" || provider === "amazon" || provider === "facebook") {
    config.client_id =
      clientId !== ""
        ? clientId
        : keys.add(`${keyPrefix}OauthClientId`, {
            secret: false,
            description: `the client id of your ${provider} OAuth app (ngrok has no managed app for ${provider})`,
            sample: "oauth-client-id-sample",
          });
    config.client_secret = keys.add(`${keyPrefix}OauthClientSecret`, {
      secret: true,
      description: `the client secret of your ${provider} OAuth app (ngrok does not answer it)`,
      sample: "oauth-client-secret-sample",
    });
    if (texts(own, "scopes").length > 0) config.scopes = texts(own, "scopes");
  }
  Object.assign(config, session(module, "idle_session_timeout"));
  if (text(module, "cookie_prefix") !== "") notes.push(`The OAuth module: ${COOKIE_PREFIX_NOTE}.`);
  const action: PlanAction = { type: "oauth", config };
  if (texts(own, "teams").length > 0 || texts(own, "organizations").length > 0) {
    return { action, restriction: failClosed("The OAuth module's GitHub teams and organizations") };
  }
  const emails = texts(own, "email_addresses");
  const domains = texts(own, "email_domains");
  if (emails.length === 0 && domains.length === 0) return { action };
  const email = "actions.ngrok.oauth.identity.email";
  const allowed = [
    ...(emails.length > 0 ? [`${email} in [${emails.map(celString).join(", ")}]`] : []),
    ...domains.map((domain) => `${email}.endsWith(${celString(`@${domain}`)})`),
  ];
  return {
    action,
    restriction: {
      extra: [`!(${allowed.join(" || ")})`],
      actions: [{ type: "deny", config: { status_code: 403 } }],
      comment: `Route ${route.id}: only the email addresses and domains the OAuth module allowed.`,
    },
  };
}

/** `saml` → `saml` (early access), with the `openid-connect` alternative. */
function saml(
  route: HttpsEdgeRoute,
  module: EdgeModule,
  { keys, keyPrefix }: RouteContext,
  notes: string[],
): PlanAction {
  const document = withoutClaim(text(module, "idp_metadata"));
  const url = text(module, "idp_metadata_url");
  const idpMetadata: PolicyValue =
    document !== ""
      ? document
      : keys.add(`${keyPrefix}SamlIdpMetadata`, {
          secret: false,
          description: `your IdP's SAML metadata document, the one at ${url}`,
          sample: undefined,
        });
  const unsupported = [
    "options_passthrough",
    "force_authn",
    "allow_idp_initiated",
    "cookie_prefix",
    "inactivity_timeout",
    "maximum_duration",
    "nameid_format",
  ].filter((name) => {
    const value = module[name];
    return value !== undefined && value !== null && value !== "" && value !== 0 && value !== false;
  });
  if (unsupported.length > 0) {
    notes.push(
      `Route ${route.id}: the saml action documents idp_metadata only; the module's ` +
        `${unsupported.join(", ")} are not carried over (ask ngrok whether the early-access ` +
        "action has them).",
    );
  }
  const alternativeKey = (kind: string, secret: boolean, description: string, sample: string) =>
    keys.add(`${keyPrefix}SamlOidc${kind}`, { secret, description, sample, alternativeOnly: true });
  const alternative: PlanAction = {
    type: "openid-connect",
    config: {
      issuer_url: alternativeKey(
        "IssuerUrl",
        false,
        "your IdP's OpenID Connect issuer URL (https://…)",
        "https://idp.example.com",
      ),
      client_id: alternativeKey("ClientId", false, "the client id of the OIDC app", "client-id"),
      client_secret: alternativeKey(
        "ClientSecret",
        true,
        "the client secret of the OIDC app",
        "oidc-client-secret-sample",
      ),
    },
  };
  return {
    type: "saml",
    config: { idp_metadata: idpMetadata },
    alternative,
    comment:
      "The saml action is in early access at ngrok (ask ngrok to enable it for your account); " +
      "give your IdP the endpoint's new SAML service provider values. Until then, sign in with " +
      "the same IdP through OpenID Connect: add an OpenID Connect app for ngrok at your IdP and " +
      "use the action below instead.",
  };
}
