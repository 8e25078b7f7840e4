/**
 * An account with HTTPS edges to move to cloud endpoints (`edges-to-endpoints`), made in the
 * emulator through its API: the reserved domain `app.example.com`; an edge without a sign-in
 * module (not moved); and the edge of `app.example.com:443` whose routes carry an OIDC module
 * (`root`, `/`), an OAuth module (`admin`, exactly `/admin`) and a SAML module (`sso`, `/api`, the
 * IdP metadata `okta.xml`).
 */
import type { RunningEmulator } from "../../emulator/index";
import { callApi } from "./emulatorApi";
import { readIdpMetadata } from "./fixtures";

/** The ids of what {@link seedEdgesAccount} made. */
export interface EdgesAccount {
  readonly domainId: string;
  readonly edgeId: string;
  /** The moved edge's routes, by label: `root`, `admin`, `sso`. */
  readonly routeIds: Readonly<Record<"root" | "admin" | "sso", string>>;
}

/** The OIDC module's client secret. */
export const OIDC_CLIENT_SECRET = "s3cret-value";

/** Makes the account in `emulator` (see the module comment). */
export async function seedEdgesAccount(emulator: RunningEmulator): Promise<EdgesAccount> {
  const post = async (path: string, body: unknown, method = "POST") => {
    const answer = await callApi(emulator, method, path, body);
    if (![200, 201].includes(answer.status)) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  };
  const domainId = (
    await post("/reserved_domains", { domain: "app.example.com", description: "app" })
  ).id as string;
  const plain = (await post("/edges/https", { description: "plain" })).id as string;
  await post(`/edges/https/${plain}/routes`, { match_type: "path_prefix", match: "/" });
  const edgeId = (
    await post("/edges/https", { description: "app", hostports: ["app.example.com:443"] })
  ).id as string;
  const route = async (body: Record<string, unknown>) =>
    (await post(`/edges/https/${edgeId}/routes`, body)).id as string;
  const root = await route({
    match_type: "path_prefix",
    match: "/",
    oidc: {
      issuer: "https://idp.example.com",
      client_id: "app",
      client_secret: OIDC_CLIENT_SECRET,
      scopes: ["openid", "email"],
      inactivity_timeout: 600,
    },
  });
  const admin = await route({
    match_type: "exact_path",
    match: "/admin",
    oauth: { provider: { google: { email_domains: ["example.com"] } } },
  });
  const sso = await route({ match_type: "path_prefix", match: "/api" });
  await post(
    `/edges/https/${edgeId}/routes/${sso}/saml`,
    { enabled: true, idp_metadata: readIdpMetadata("okta.xml") },
    "PUT",
  );
  return { domainId, edgeId, routeIds: { root, admin, sso } };
}
