/**
 * `ApplicationSession`, a data source (see `../framework/dataSource`): one browser's signed-in
 * session of an application user on an endpoint, which ngrok's API only reads (and deletes, to
 * sign it out). ngrok's Terraform data source `ngrok_application_session`.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `ApplicationSession`,
 * `ApplicationSessionList`, `BrowserSession`, `UserAgent`, `Location`; `GET
 * /app/sessions[/{id}]`). ngrok's docs show no id of one: `app_sess_` is the prefix of ngrok's
 * Terraform provider's example, and a lookup takes an id of any prefix. Of `Location`, only
 * `country_code` is read: its coordinates are numbers, which an object's fields here do not hold.
 *
 * @module
 */
import { applicationUserDefinition } from "../applicationUser/definition";
import { answeredText, answeredTime } from "../common/textProperties";
import { dataSource } from "../framework/dataSource";
import type { ObjectType } from "../framework/property";
import { reference, type Referenced } from "../framework/reference";

/** `BrowserSession`, with its `UserAgent` and its `Location`'s country. */
const BROWSER_SESSION = {
  kind: "object",
  typeName: "BrowserSession",
  typeDescription: "The browser of an application session.",
  fields: {
    userAgent: {
      wire: "user_agent",
      description: "What the browser's `User-Agent` header says.",
      object: {
        kind: "object",
        typeName: "UserAgent",
        typeDescription: "A browser's `User-Agent` header, and what ngrok reads in it.",
        fields: {
          raw: { wire: "raw", description: "The header as the browser sent it." },
          browserName: { wire: "browser_name", description: "The browser, e.g. `Chrome`." },
          browserVersion: { wire: "browser_version", description: "Its version, e.g. `102`." },
          deviceType: { wire: "device_type", description: "The device, e.g. `Desktop`." },
          osName: { wire: "os_name", description: "The operating system, e.g. `MacOS`." },
          osVersion: { wire: "os_version", description: "Its version, e.g. `10.15.7`." },
        },
      },
    },
    ipAddress: { wire: "ip_address", description: "The browser's IP address." },
    location: {
      wire: "location",
      description: "Where the IP address is.",
      object: {
        kind: "object",
        typeName: "Location",
        typeDescription: "Where an IP address is, by ngrok's geolocation.",
        fields: { countryCode: { wire: "country_code", description: "Its ISO country code." } },
      },
    },
  },
} as const satisfies ObjectType;

/** An output reference to what ngrok's `Ref` names, described. */
const refOutput = <const W extends string, const D extends string>(
  target: Referenced,
  wire: W,
  description: D,
) => ({ role: "output", type: reference(target), wire, optional: true, description }) as const;

/** The application session. */
export const applicationSessionDefinition = {
  name: "ApplicationSession",
  description:
    "One browser's signed-in session of an application user on one of the account's endpoints. " +
    "ngrok's API only reads it. ngrok's Terraform data source `ngrok_application_session`.",
  id: "ngrok's id (`app_sess_…` in ngrok's Terraform provider's example; ngrok documents none)",
  terraform: "ngrok_application_session",
  api: {
    path: "/app/sessions",
    noun: "application session",
    idPrefix: "app_sess_",
    idPrefixUndocumented: true,
    listField: "application_sessions",
    endpoints: "`GET /app/sessions[/{id}]`",
  },
  lookups: {
    one: { description: "Reads one application session by id: one `GET /app/sessions/{id}`." },
    list: {
      filters: ["applicationUserId", "publicUrl"],
      description:
        "Every application session of the account whose fields equal the filters that are " +
        "set: `GET /app/sessions`, every page.",
    },
  },
  properties: {
    applicationUserId: refOutput(
      applicationUserDefinition,
      "application_user_id",
      "The id of the application user the session is of.",
    ),
    publicUrl: answeredText("public_url", "The URL of the endpoint the session is on."),
    browserSession: {
      role: "output",
      type: BROWSER_SESSION,
      wire: "browser_session",
      optional: true,
      description: "The session's browser: its user agent, IP address and country.",
    },
    endpointId: refOutput(
      { name: "CloudEndpoint", api: { noun: "endpoint", idPrefix: "ep_" } },
      "endpoint_id",
      "The id of the endpoint the session is on (`ep_…`).",
    ),
    edgeId: refOutput(
      { name: "HttpsEdge", api: { noun: "HTTPS edge", idPrefix: "edghts_" } },
      "edge_id",
      "The id of the HTTPS edge the session is on (`edghts_…`); none for an endpoint.",
    ),
    routeId: refOutput(
      { name: "HttpsEdgeRoute", api: { noun: "HTTPS edge route", idPrefix: "edghtsrt_" } },
      "route_id",
      "The id of the edge's route the session is on (`edghtsrt_…`); none for an endpoint.",
    ),
    createdAt: answeredTime("created_at", "When the session began, RFC 3339."),
    lastActive: answeredTime("last_active", "When the session was last active, RFC 3339."),
    expiresAt: answeredTime("expires_at", "When the session expires, RFC 3339."),
    uri: {
      role: "output",
      type: { kind: "string" },
      wire: "uri",
      description: "The API URI of the session, `https://api.ngrok.com/app/sessions/…`.",
    },
  },
} as const;

/** The application sessions' lookups: `getApplicationSession`, `getApplicationSessions`. */
export const applicationSession = dataSource(applicationSessionDefinition);
