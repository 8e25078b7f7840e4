/**
 * The API requests the provider makes, sent directly with bare node-fetch v2: the same
 * keep-alive agent setup, the same headers (`Authorization`, `Ngrok-Version: 2`, the provider's
 * `User-Agent`, `Accept`, and `Content-Type` with a body) and the same bodies, with no validation,
 * no retries and no Pulumi in between. This is the baseline the provider's overhead is measured
 * against, and the client that sets up edges and routes and probes latency.
 *
 * @module
 */
import * as http from "node:http";
import fetch from "node-fetch";
import { userAgent } from "../../provider/client";

/** A bare client for one emulator. */
export class BareClient {
  private readonly agent = new http.Agent({ keepAlive: true });
  private readonly headers: Record<string, string>;

  constructor(
    private readonly baseUrl: string,
    apiKey: string,
  ) {
    this.headers = {
      Authorization: `Bearer ${apiKey}`,
      "Ngrok-Version": "2",
      "User-Agent": userAgent(),
      Accept: "application/json",
    };
  }

  /** One request; resolves to the parsed JSON body (`undefined` for 204). Throws on ≥ 300. */
  public async send(
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<Record<string, unknown> | undefined> {
    const response = await fetch(this.baseUrl + path, {
      method,
      agent: this.agent,
      headers:
        body === undefined ? this.headers : { ...this.headers, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    const text = await response.text();
    if (response.status >= 300) {
      throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    }
    return text === "" ? undefined : (JSON.parse(text) as Record<string, unknown>);
  }

  /** One SSH CA lifecycle as the provider sends it: POST, PATCH of the description, DELETE. */
  public async sshCertificateAuthorityLifecycle(): Promise<void> {
    const created = await this.send("POST", "/ssh_certificate_authorities", {
      private_key_type: "ed25519",
      description: "v1",
    });
    const path = `/ssh_certificate_authorities/${encodeURIComponent(String(created?.id))}`;
    await this.send("PATCH", path, { description: "v2", metadata: "" });
    await this.send("DELETE", path);
  }

  /** An HTTPS edge with `routes` routes, for SAML modules; returns the ids. */
  public async createEdgeWithRoutes(
    routes: number,
  ): Promise<{ edgeId: string; routeIds: string[] }> {
    const edge = await this.send("POST", "/edges/https", { description: "benchmark edge" });
    const edgeId = String(edge?.id);
    const routeIds: string[] = [];
    for (let i = 0; i < routes; i++) {
      const route = await this.send("POST", `/edges/https/${edgeId}/routes`, {
        match_type: "path_prefix",
        match: `/bench${i}`,
      });
      routeIds.push(String(route?.id));
    }
    return { edgeId, routeIds };
  }

  /** Closes the kept-alive connections. */
  public close(): void {
    this.agent.destroy();
  }
}
