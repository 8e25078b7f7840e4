/**
 * `TunnelSession`, a data source (see `../framework/dataSource`): an online session of an ngrok
 * agent, which the agent opens and ngrok's API only reads. ngrok's Terraform data source
 * `ngrok_tunnel_session`.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `TunnelSession`,
 * `TunnelSessionList`; `GET /tunnel_sessions[/{id}]`). The restart, stop and update operations
 * act on a running agent, not on declared state: they are not lookups, and not here.
 *
 * @module
 */
import { answeredText, answeredTime } from "../common/textProperties";
import { credentialDefinition } from "../credential/definition";
import { dataSource } from "../framework/dataSource";
import { reference } from "../framework/reference";

/** The tunnel session. */
export const tunnelSessionDefinition = {
  name: "TunnelSession",
  description:
    "An online session of an ngrok agent: where it runs, what started it, and with which " +
    "credential. ngrok's API only reads it; the agent opens it. ngrok's Terraform data source " +
    "`ngrok_tunnel_session`.",
  id: "ngrok's id (`ts_…`)",
  terraform: "ngrok_tunnel_session",
  api: {
    path: "/tunnel_sessions",
    noun: "tunnel session",
    idPrefix: "ts_",
    endpoints: "`GET /tunnel_sessions[/{id}]`",
  },
  lookups: {
    one: { description: "Reads one tunnel session by id: one `GET /tunnel_sessions/{id}`." },
    list: {
      filters: ["region", "transport", "os", "agentVersion", "metadata"],
      description:
        "Every online tunnel session of the account whose fields equal the filters that are " +
        "set: `GET /tunnel_sessions`, every page.",
    },
  },
  properties: {
    agentVersion: answeredText(
      "agent_version",
      "The version of the ngrok agent that started the session, e.g. `3.20.0`.",
    ),
    credentialId: {
      role: "output",
      type: reference(credentialDefinition),
      wire: "credential_id",
      optional: true,
      description:
        "The id of the credential the agent started the session with: an authtoken " +
        "(`cr_…`, a `Credential`) or an SSH credential (`sshcr_…`).",
    },
    ip: answeredText("ip", "The session's source IP address."),
    metadata: answeredText(
      "metadata",
      "Arbitrary data from the agent's configuration (its `metadata` option).",
    ),
    os: answeredText("os", "The operating system of the agent's host, e.g. `linux`."),
    region: answeredText("region", "The ngrok region the session started in, e.g. `us` or `eu`."),
    startedAt: answeredTime("started_at", "When the session first connected to ngrok, RFC 3339."),
    transport: answeredText(
      "transport",
      "The protocol the session started with: `ngrok/v2` or `ssh`.",
    ),
    uri: {
      role: "output",
      type: { kind: "string" },
      wire: "uri",
      description: "The API URI of the session, `https://api.ngrok.com/tunnel_sessions/ts_…`.",
    },
  },
} as const;

/** The tunnel sessions' lookups: `getTunnelSession`, `getTunnelSessions`. */
export const tunnelSession = dataSource(tunnelSessionDefinition);
