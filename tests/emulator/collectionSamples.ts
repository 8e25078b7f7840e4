/**
 * Valid bodies for every collection the emulator serves from ngrok's document
 * (`PLAIN_COLLECTIONS`), for the tests that go through all of them (not a test file itself): a
 * create and an update body each, what the create refers to made first through the API, and a
 * seed for those the API only reads. The certificates are real (`support/x509Certificates`).
 */
import type { EmulatorApp } from "../../emulator/index";
import type { MadeCertificates } from "../support/x509Certificates";
import { api, body } from "./helpers";

/** A create and an update body of one collection, or a seed (collections the API only reads). */
export type Sample =
  | { readonly create: Record<string, unknown>; readonly update: Record<string, unknown> }
  | { readonly seed: Record<string, unknown> };

/** Creates an object through the API and returns its id. */
export async function made(app: EmulatorApp, path: string, payload: unknown): Promise<string> {
  const response = await api(app, "POST", path, payload);
  if (response.statusCode !== 201) throw new Error(`${path}: ${response.body}`);
  return String(body(response).id);
}

/** The role an event destination's example assumes (ngrok's docs example). */
export const ROLE_ARN = "arn:aws:iam::123456789012:role/example";
/** A Kinesis stream (ngrok's docs example's form). */
export const STREAM_ARN = "arn:aws:kinesis:us-east-2:123456789012:stream/mystream2";

/** A sample for `path`, with what it refers to made in `app` first (`n` keeps names apart). */
export async function sampleFor(
  app: EmulatorApp,
  path: string,
  certificates: MadeCertificates,
  n = 0,
): Promise<Sample> {
  switch (path) {
    case "/vaults":
      return { create: { name: `vault${n}`, description: "d" }, update: { name: `renamed${n}` } };
    case "/vault_secrets": {
      const vault = await made(app, "/vaults", { name: `holds${n}` });
      return {
        create: { name: `secret${n}`, value: "s3cret", vault_id: vault },
        update: { value: "other", description: "rotated" },
      };
    }
    case "/ip_policies":
      return { create: { description: "office" }, update: { metadata: "{}" } };
    case "/ip_policy_rules": {
      const policy = await made(app, "/ip_policies", {});
      return {
        create: { ip_policy_id: policy, action: "allow", cidr: `10.${n}.0.0/16` },
        update: { cidr: `10.${n}.1.0/24` },
      };
    }
    case "/ip_restrictions": {
      const policy = await made(app, "/ip_policies", {});
      const types = ["dashboard", "api", "agent", "endpoints"];
      return {
        create: { type: types[n % types.length], ip_policy_ids: [policy] },
        update: { enforced: true },
      };
    }
    case "/certificate_authorities":
      return { create: { ca_pem: certificates.caPem }, update: { description: "root" } };
    case "/tls_certificates":
      return {
        create: {
          certificate_pem: `${certificates.leafPem}\n${certificates.caPem}`,
          private_key_pem: certificates.leafKeyPem,
        },
        update: { metadata: "m" },
      };
    case "/reserved_addrs":
      return { create: { description: "ssh", region: "eu" }, update: { description: "db" } };
    case "/agent_ingresses":
      return {
        create: { domain: `connect${n}.example.com` },
        update: { certificate_management_policy: { authority: "letsencrypt" } },
      };
    case "/credentials":
      return { create: { acl: ["bind:*.example.com"] }, update: { description: "laptop" } };
    case "/api_keys":
      return { create: { description: "ci" }, update: { description: "ci key" } };
    case "/service_users":
      return { create: { name: `svc${n}` }, update: { active: false } };
    case "/event_destinations":
      return {
        create: {
          format: "json",
          target: { kinesis: { auth: { role: { role_arn: ROLE_ARN } }, stream_arn: STREAM_ARN } },
        },
        update: { description: "stream" },
      };
    case "/event_subscriptions": {
      const destination = await made(app, "/event_destinations", {
        format: "JSON",
        target: { datadog: { api_key: "dd" } },
      });
      return {
        create: { destination_ids: [destination], sources: [{ type: "ip_policy_created.v0" }] },
        update: { sources: [{ type: "ip_policy_updated.v0" }] },
      };
    }
    case "/tunnel_sessions":
      return { seed: { agent_version: "3.20.0", region: "us", transport: "ngrok/v2" } };
    case "/app/users":
      return { seed: { email: "ada@example.com", identity_provider: { name: "Google" } } };
    case "/app/sessions":
      return {
        seed: { public_url: "https://app.example.com", expires_at: "2030-01-01T00:00:00Z" },
      };
    default:
      throw new Error(`no sample for ${path}`);
  }
}
