/**
 * The sign-in and verification actions of the traffic policy table (see `./schema` for what each
 * entry says, `./actions` for the others).
 *
 * Sources: each action's reference page on ngrok's docs (its `source`), read in ngrok's docs
 * repository (ngrok/ngrok-docs, `traffic-policy/actions/*.mdx`, as of 2026-08-07). Where the
 * docs disagree with themselves, the table takes the reading that refuses less, and says so.
 *
 * @module
 */
import { celText, enforce, someObjects } from "./fieldSpecs";
import type { ActionEntry, FieldSpec } from "./schema";

/**
 * The OAuth providers of the `oauth` action. Source: the action's "Supported providers"
 * (https://ngrok.com/docs/traffic-policy/actions/oauth/#supported-providers).
 */
export const OAUTH_PROVIDERS = [
  "amazon",
  "facebook",
  "github",
  "gitlab",
  "google",
  "linkedin",
  "microsoft",
  "twitch",
] as const;

/**
 * The providers of {@link OAUTH_PROVIDERS} for which ngrok has no managed app ("Managed App
 * Available: no", same source), so that `client_id` and `client_secret` are required.
 */
const WITHOUT_MANAGED_APP = ["amazon", "facebook"] as const;

/** The session fields `oauth` and `openid-connect` share (`idle` is named differently). */
const session = {
  auth_id: {
    type: { kind: "string" },
    description:
      "Unique authentication identifier for this provider: scopes the session cookie, and " +
      "targets this provider in the `/ngrok/login` and `/ngrok/logout` paths.",
  },
  scopes: {
    type: { kind: "list", items: { kind: "string" } },
    description: "Additional scopes to request when users authenticate with the identity provider.",
  },
  authz_url_params: {
    type: { kind: "map", values: { kind: "string" } },
    description: "Additional URL parameters for the authorization endpoint URL.",
  },
  max_session_duration: {
    type: { kind: "duration" },
    description: "The maximum lifetime of a session, regardless of activity (e.g. `1h`).",
  },
  userinfo_refresh_interval: {
    type: { kind: "duration" },
    description: "How often ngrok refreshes the user's data from the identity provider.",
  },
  allow_cors_preflight: {
    type: { kind: "boolean" },
    description: "Let CORS preflight requests bypass authentication.",
    default: "false",
  },
  auth_cookie_domain: {
    // ERR_NGROK_2243: "CONFIG DOMAIN is not a valid domain".
    type: { kind: "string", format: "domain" },
    description: "The domain the auth cookie is allowed for.",
  },
} as const satisfies Record<string, FieldSpec>;

const IDLE =
  "The period of inactivity after which a user's session ends, requiring a new sign-in (e.g. `15m`).";

/**
 * `basic-auth` credentials as `{username, password}` objects, accepted with a warning: the action's
 * page writes `username:password` strings, its authentication example objects.
 */
const CREDENTIAL_OBJECT = {
  why: "ngrok's traffic-policy/examples/add-authentication page writes such objects",
  fields: {
    username: { type: { kind: "string" }, required: true, description: "The username." },
    password: {
      type: { kind: "string" },
      required: true,
      secret: true,
      cel: true,
      description: "The password.",
    },
  },
} as const;

/** One key of jwt-validation's `jws.keys`: where its key material is, and how it is found. */
const JWS_KEY = {
  sources: {
    type: {
      kind: "list",
      orOne: true,
      items: {
        kind: "object",
        fields: {
          additional_jkus: {
            type: { kind: "list", items: { kind: "string" }, minItems: 1 },
            required: true,
            cel: true,
            description: "The URLs of JWKS documents serving the possible signing keys.",
          },
        },
      },
    },
    required: true,
    description: "Where the key material is.",
  },
  identification: {
    type: {
      kind: "list",
      orOne: true,
      items: {
        kind: "object",
        fields: {
          token_claims: {
            type: { kind: "list", items: { kind: "string" } },
            description: "The claims of the token that identify its key (`kid`).",
          },
        },
      },
    },
    description: "How a token's key is identified.",
  },
} as const satisfies Record<string, FieldSpec>;

export const AUTH_ACTIONS = {
  "openid-connect": {
    description:
      "Restricts access to users who sign in with an OpenID Connect identity provider of your choice.",
    page: "oidc",
    phases: ["on_http_request"],
    // The reference page names the type `openid-connect`; the Action Hub and the migration guide
    // (https://ngrok.com/docs/guides/migration/modules-to-traffic-policy-actions/) write `oidc`.
    aliases: ["oidc"],
    fields: {
      issuer_url: {
        type: { kind: "string", format: "httpsUrl" },
        required: true,
        description:
          "The base URL of the OpenID provider, which serves its configuration document at " +
          "`/.well-known/openid-configuration`.",
      },
      client_id: celText("Your OpenID Connect app's client ID."),
      client_secret: celText(
        "Your OpenID Connect app's client secret; may be an ngrok vault reference, " +
          "`${secrets.get('vault', 'name')}`.",
        { secret: true },
      ),
      ...session,
      idle_session_duration: { type: { kind: "duration" }, description: IDLE },
      // The oauth page's name, which ngrok's operator writes for openid-connect too
      // (ngrok-operator internal/trafficpolicy/policy.go, OIDCConfig).
      idle_session_timeout: {
        type: { kind: "duration" },
        description: `${IDLE} The older spelling of ngrok's operator.`,
        legacyOf: "idle_session_duration",
      },
    },
  },
  oauth: {
    description:
      "Restricts access to users who sign in with an OAuth provider (Google, GitHub, Microsoft, …).",
    phases: ["on_http_request"],
    fields: {
      provider: {
        type: { kind: "enum", values: OAUTH_PROVIDERS },
        required: true,
        description: "The OAuth identity provider users sign in with.",
      },
      client_id: celText(
        "Your OAuth app's client ID; leave it out to use ngrok's managed app (not for amazon " +
          "and facebook, which have none).",
      ),
      client_secret: celText(
        "Your OAuth app's client secret (with `clientId`); may be an ngrok vault reference, " +
          "`${secrets.get('vault', 'name')}`.",
        { secret: true },
      ),
      ...session,
      // Named so on the oauth page; the openid-connect page says idle_session_duration.
      idle_session_timeout: { type: { kind: "duration" }, description: IDLE },
    },
    rules: [
      { kind: "together", fields: ["client_id", "client_secret"] },
      {
        kind: "requiredWhen",
        fields: ["client_id", "client_secret"],
        when: "provider",
        values: WITHOUT_MANAGED_APP,
        why: "ngrok has no managed app for this provider",
      },
    ],
  },
  saml: {
    description:
      "Restricts access to users who sign in with a SAML 2.0 identity provider (early access).",
    // The action's page says only "Coming soon"; its one documented field is in the SSO guides,
    // e.g. https://ngrok.com/docs/integrations/endpoint-sso/okta-sso-saml/.
    phases: ["on_http_request"],
    earlyAccess: true,
    fields: {
      idp_metadata: {
        type: { kind: "string", format: "idpMetadata" },
        required: true,
        description:
          "Your identity provider's SAML 2.0 metadata document (XML), checked as " +
          "`HttpsEdgeRouteSaml.idpMetadata` is.",
      },
    },
  },
  "basic-auth": {
    description: "Requires HTTP Basic authentication with one of the given credentials.",
    phases: ["on_http_request"],
    fields: {
      credentials: {
        type: {
          kind: "list",
          items: { kind: "string", format: "credential", orObject: CREDENTIAL_OBJECT },
          minItems: 1,
          maxItems: 10,
        },
        required: true,
        cel: true,
        secret: true,
        description:
          "Up to 10 `username:password` pairs, each password 8 to 128 characters; a part or the " +
          "whole may be an interpolation such as `${secrets.get('vault', 'name')}`.",
      },
      realm: {
        // "Realm cannot exceed 128 characters, and cannot contain non-ASCII characters."
        type: { kind: "string", maxLength: 128, ascii: true },
        description: "The HTTP realm (RFC 7235): at most 128 ASCII characters.",
        default: "ngrok",
      },
      enforce: enforce("When false, the next action runs even if authentication failed."),
    },
  },
  "jwt-validation": {
    description: "Validates JSON Web Tokens (JWTs) on incoming requests.",
    phases: ["on_http_request"],
    fields: {
      issuer: {
        type: {
          kind: "object",
          fields: {
            allow_list: {
              type: { kind: "list", items: valueObject(true), minItems: 1 },
              required: true,
              description: "The allowed issuers (the `iss` claim).",
            },
          },
        },
        required: true,
        description: "The issuers of the JWTs.",
      },
      audience: {
        type: {
          kind: "object",
          fields: {
            allow_list: {
              type: { kind: "list", items: valueObject(false), minItems: 1 },
              description: "The allowed audiences (the `aud` claim).",
            },
          },
        },
        description: "The audiences of the JWTs.",
      },
      http: {
        type: {
          kind: "object",
          fields: {
            tokens: {
              type: someObjects({
                type: {
                  type: {
                    kind: "enum",
                    values: ["id_token", "access_token", "at+jwt", "it+jwt", "plain", "jwt"],
                  },
                  required: true,
                  description: "The kind of JWT: how ngrok parses it.",
                },
                method: {
                  type: { kind: "enum", values: ["header", "body"] },
                  required: true,
                  description: "Where the request carries the JWT.",
                },
                name: celText("The header or body field holding the JWT (not case sensitive).", {
                  required: true,
                }),
                prefix: celText("A prefix to strip before parsing, e.g. `Bearer `."),
              }),
              required: true,
              description: "The tokens to validate.",
            },
          },
        },
        required: true,
        description: "Where HTTP requests carry the JWTs.",
      },
      jws: {
        type: {
          kind: "object",
          fields: {
            allowed_algorithms: {
              type: {
                kind: "list",
                items: {
                  kind: "string",
                  refused: {
                    values: ["none"],
                    why: "ngrok does not support it, since it is insecure (its reference page)",
                  },
                },
                minItems: 1,
              },
              required: true,
              description: "The allowed signing algorithms (`none` is not supported).",
            },
            // The reference says lists of objects; every worked example writes one object
            // (`keys: {sources: {additional_jkus: […]}}`): either passes, as written.
            keys: {
              type: { kind: "list", orOne: true, items: { kind: "object", fields: JWS_KEY } },
              required: true,
              description:
                "The signing keys: `sources.additional_jkus`, the URLs of JWKS documents.",
            },
          },
        },
        required: true,
        description: "How signed JWTs (JWS) are verified.",
      },
    },
  },
  "verify-webhook": {
    description: "Verifies the signature of webhook requests from a provider against a secret.",
    phases: ["on_http_request"],
    fields: {
      // One of ngrok's ~70 webhook providers, a list ngrok extends on request: not checked.
      provider: {
        type: { kind: "string" },
        required: true,
        description: "The webhook provider's identifier in ngrok's list, e.g. `github`, `stripe`.",
      },
      secret: celText(
        "The secret webhook requests are signed with; may be an ngrok vault reference, " +
          "`${secrets.get('vault', 'name')}`.",
        { required: true, secret: true },
      ),
      enforce: enforce("When false, the next actions run even if the signature is not valid."),
    },
  },
} as const satisfies Record<string, ActionEntry>;

/** The `{value}` objects of jwt-validation's allow lists. */
function valueObject<R extends boolean>(required: R) {
  return {
    kind: "object",
    fields: {
      value: {
        type: { kind: "string" },
        required,
        cel: required,
        description: required ? "An issuer URL." : "An audience.",
      },
    },
  } as const;
}
