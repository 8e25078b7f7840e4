/**
 * `ApplicationUser`, a data source (see `../framework/dataSource`): someone who signed in to an
 * endpoint through a Traffic Policy's `oauth` or `openid-connect` action (or an edge's module),
 * which ngrok's API only reads (and deletes, to sign them out). ngrok's Terraform data source
 * `ngrok_application_user`.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `ApplicationUser`,
 * `ApplicationUserList`, `IdentityProvider`; `GET /app/users[/{id}]`). ngrok's docs show no id
 * of one (their examples are empty): `app_user_` is the prefix of ngrok's Terraform provider's
 * example, and a lookup takes an id of any prefix (`api.idPrefixUndocumented`).
 *
 * @module
 */
import { answeredText, answeredTime } from "../common/textProperties";
import { dataSource } from "../framework/dataSource";
import type { ObjectType } from "../framework/property";

/** `IdentityProvider`. */
const IDENTITY_PROVIDER = {
  kind: "object",
  typeName: "IdentityProvider",
  typeDescription: "The identity provider an application user signed in with.",
  fields: {
    name: { wire: "name", description: "Its name, e.g. `Google`." },
    url: { wire: "url", description: "Its URL, e.g. `https://accounts.google.com`." },
  },
} as const satisfies ObjectType;

/** The application user. */
export const applicationUserDefinition = {
  name: "ApplicationUser",
  description:
    "Someone who signed in to one of the account's endpoints through an identity provider (a " +
    "Traffic Policy's `oauth` or `openid-connect` action). ngrok's API only reads it. ngrok's " +
    "Terraform data source `ngrok_application_user`.",
  id: "ngrok's id (`app_user_…` in ngrok's Terraform provider's example; ngrok documents none)",
  terraform: "ngrok_application_user",
  api: {
    path: "/app/users",
    noun: "application user",
    idPrefix: "app_user_",
    idPrefixUndocumented: true,
    listField: "application_users",
    endpoints: "`GET /app/users[/{id}]`",
  },
  lookups: {
    one: { description: "Reads one application user by id: one `GET /app/users/{id}`." },
    list: {
      filters: ["email", "username", "name", "providerUserId"],
      description:
        "Every application user of the account whose fields equal the filters that are set: " +
        "`GET /app/users`, every page.",
    },
  },
  properties: {
    identityProvider: {
      role: "output",
      type: IDENTITY_PROVIDER,
      wire: "identity_provider",
      optional: true,
      description: "The identity provider the user signed in with.",
    },
    providerUserId: answeredText(
      "provider_user_id",
      "The user's id at the identity provider (its `sub`).",
    ),
    username: answeredText("username", "The user's username at the identity provider."),
    email: answeredText("email", "The user's e-mail address."),
    name: answeredText("name", "The user's common name."),
    createdAt: answeredTime("created_at", "When the user first signed in, RFC 3339."),
    lastActive: answeredTime("last_active", "When the user was last active, RFC 3339."),
    lastLogin: answeredTime("last_login", "When the user last signed in, RFC 3339."),
    uri: {
      role: "output",
      type: { kind: "string" },
      wire: "uri",
      description: "The API URI of the user, `https://api.ngrok.com/app/users/…`.",
    },
  },
} as const;

/** The application users' lookups: `getApplicationUser`, `getApplicationUsers`. */
export const applicationUser = dataSource(applicationUserDefinition);
