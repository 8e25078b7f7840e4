/**
 * The minimal HTTPS edges and routes the SAML module hangs on.
 */
import type { EmulatorApp } from "../../emulator/index";
import { api, body, createEdgeAndRoute, expectError, newApp, OKTA_XML, samlPath } from "./helpers";

const EDGE_ID = /^edghts_[0-9A-Za-z]{27}$/;
const ROUTE_ID = /^edghtsrt_[0-9A-Za-z]{27}$/;
const MISSING_EDGE = "edghts_2bMmXGZh5RnDO7bAgszNuVae4M3";
const MISSING_ROUTE = "edghtsrt_2bMmXFkaPTLE9xyXTTTxigBRREN";

describe("HTTPS edges and routes", () => {
  let app: EmulatorApp;
  beforeEach(() => {
    app = newApp();
  });
  afterEach(() => app.close());

  it("creates, gets and deletes an edge", async () => {
    const res = await api(app, "POST", "/edges/https", {
      description: "my edge",
      metadata: "{}",
      hostports: ["example.ngrok.app:443"],
    });
    expect(res.statusCode).toBe(201);
    const edge = body(res);
    expect(edge.id).toMatch(EDGE_ID);
    expect(edge).toEqual({
      id: edge.id,
      description: "my edge",
      metadata: "{}",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      uri: `http://localhost:80/edges/https/${edge.id}`,
      hostports: ["example.ngrok.app:443"],
      // Modules the emulator does not model are null, as ngrok renders an unset module.
      mutual_tls: null,
      tls_termination: null,
      routes: [],
    });
    expect(body(await api(app, "GET", `/edges/https/${edge.id}`))).toEqual(edge);
    const del = await api(app, "DELETE", `/edges/https/${edge.id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe("");
    expectError(await api(app, "GET", `/edges/https/${edge.id}`), 404, "ERR_NGROK_7000");
  });

  it("creates an edge from an empty body", async () => {
    const edge = body(await api(app, "POST", "/edges/https"));
    expect(edge).not.toHaveProperty("description");
    expect(edge.hostports).toEqual([]);
  });

  it("lists edges newest first with paging", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(body(await api(app, "POST", "/edges/https", {})).id);
    const first = body(await api(app, "GET", "/edges/https?limit=2"));
    expect(first.https_edges.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    expect(first.next_page_uri).toBe(`http://localhost:80/edges/https?limit=2&before_id=${ids[1]}`);
    const second = body(await api(app, "GET", `/edges/https?limit=2&before_id=${ids[1]}`));
    expect(second.https_edges.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    expect(second.next_page_uri).toBeNull();
  });

  it("validates edge bodies", async () => {
    expectError(
      await api(app, "POST", "/edges/https", { hostports: "a:443" }),
      400,
      "ERR_NGROK_215",
    );
    expectError(await api(app, "POST", "/edges/https", { hostports: [1] }), 400, "ERR_NGROK_215");
    expectError(await api(app, "POST", "/edges/https", { mutual_tls: {} }), 400, "ERR_NGROK_214");
    expectError(
      await api(app, "POST", "/edges/https", { description: "d".repeat(256) }),
      400,
      "ERR_NGROK_7073",
    );
    expectError(
      await api(app, "POST", "/edges/https", { metadata: "m".repeat(4097) }),
      400,
      "ERR_NGROK_7074",
    );
  });

  it("answers 404 ERR_NGROK_7000 for a missing edge and 227 for a wrong prefix", async () => {
    expectError(
      await api(app, "GET", `/edges/https/${MISSING_EDGE}`),
      404,
      "ERR_NGROK_7000",
      "Edge not found",
    );
    expectError(await api(app, "DELETE", `/edges/https/${MISSING_EDGE}`), 404, "ERR_NGROK_7000");
    expectError(
      await api(app, "POST", `/edges/https/${MISSING_EDGE}/routes`, {
        match_type: "path_prefix",
        match: "/",
      }),
      404,
      "ERR_NGROK_7000",
    );
    expectError(
      await api(app, "GET", `/edges/https/sshca_x`),
      400,
      "ERR_NGROK_227",
      "prefix of edghts_",
    );
  });

  it("creates, gets and deletes a route", async () => {
    const edgeId = body(await api(app, "POST", "/edges/https", {})).id;
    const res = await api(app, "POST", `/edges/https/${edgeId}/routes`, {
      edge_id: edgeId, // ngrok's TypeScript client sends it in the body
      match_type: "exact_path",
      match: "/app",
      description: "route",
    });
    expect(res.statusCode).toBe(201);
    const route = body(res);
    expect(route.id).toMatch(ROUTE_ID);
    expect(route).toEqual({
      edge_id: edgeId,
      id: route.id,
      created_at: expect.stringMatching(/Z$/),
      match_type: "exact_path",
      match: "/app",
      uri: `http://localhost:80/edges/https/${edgeId}/routes/${route.id}`,
      description: "route",
      // Every module of ngrok's HTTPSEdgeRoute, null when unset (as the route's "saml": null).
      ...Object.fromEntries(
        [
          ...["backend", "ip_restriction", "circuit_breaker", "compression", "request_headers"],
          ...["response_headers", "webhook_verification", "oauth", "saml", "oidc"],
          ...["websocket_tcp_converter", "user_agent_filter", "traffic_policy"],
        ].map((module) => [module, null]),
      ),
    });
    expect(body(await api(app, "GET", `/edges/https/${edgeId}/routes/${route.id}`))).toEqual(route);
    expect(body(await api(app, "GET", `/edges/https/${edgeId}`)).routes).toEqual([route]);

    expect((await api(app, "DELETE", `/edges/https/${edgeId}/routes/${route.id}`)).statusCode).toBe(
      204,
    );
    expectError(
      await api(app, "GET", `/edges/https/${edgeId}/routes/${route.id}`),
      404,
      "ERR_NGROK_7124",
    );
    expect(body(await api(app, "GET", `/edges/https/${edgeId}`)).routes).toEqual([]);
  });

  it("validates route bodies", async () => {
    const edgeId = body(await api(app, "POST", "/edges/https", {})).id;
    const url = `/edges/https/${edgeId}/routes`;
    expectError(await api(app, "POST", url, { match: "/" }), 400, "ERR_NGROK_7130");
    expectError(
      await api(app, "POST", url, { match_type: "regex", match: "/" }),
      400,
      "ERR_NGROK_7130",
    );
    expectError(await api(app, "POST", url, { match_type: "path_prefix" }), 400, "ERR_NGROK_7123");
    expectError(
      await api(app, "POST", url, { match_type: "path_prefix", match: "" }),
      400,
      "ERR_NGROK_7123",
    );
    for (const module of ["backend", "ip_restriction", "saml", "traffic_policy"]) {
      expectError(
        await api(app, "POST", url, { match_type: "path_prefix", match: "/", [module]: {} }),
        400,
        "ERR_NGROK_214",
        module,
      );
    }
    expectError(await api(app, "POST", url, { match_type: 1, match: "/" }), 400, "ERR_NGROK_215");
    // The OAuth and OIDC modules' fields are typed as ngrok's document types them.
    expectError(
      await api(app, "POST", url, { match_type: "path_prefix", match: "/", oidc: { scopes: "x" } }),
      400,
      "ERR_NGROK_215",
    );
  });

  it("stores a route's OAuth and OIDC modules and answers them as sent", async () => {
    const edgeId = body(await api(app, "POST", "/edges/https", {})).id;
    const oidc = {
      enabled: true,
      issuer: "https://idp.example.com",
      client_id: "app",
      client_secret: "s3cret-value",
      scopes: ["openid", "email"],
      inactivity_timeout: 600,
    };
    const oauth = {
      provider: { google: { email_domains: ["example.com"] } },
      options_passthrough: true,
    };
    const a = body(
      await api(app, "POST", `/edges/https/${edgeId}/routes`, {
        match_type: "path_prefix",
        match: "/",
        oidc,
      }),
    );
    const b = body(
      await api(app, "POST", `/edges/https/${edgeId}/routes`, {
        match_type: "exact_path",
        match: "/admin",
        oauth,
      }),
    );
    // Answered as sent, the fields left out at their zero values, `enabled` true unless sent.
    expect(a.oidc).toEqual({
      ...{ options_passthrough: false, cookie_prefix: "", maximum_duration: 0 },
      ...oidc,
    });
    expect(a.oauth).toBeNull();
    expect(b.oauth).toEqual({
      enabled: true,
      options_passthrough: true,
      ...{ cookie_prefix: "", inactivity_timeout: 0, maximum_duration: 0, auth_check_interval: 0 },
      provider: {
        ...Object.fromEntries(
          ["github", "facebook", "microsoft", "linkedin", "gitlab", "twitch", "amazon"].map(
            (name) => [name, null],
          ),
        ),
        google: {
          ...{ client_id: "", client_secret: "", scopes: [], email_addresses: [] },
          email_domains: ["example.com"],
        },
      },
    });
    const routes = body(await api(app, "GET", "/edges/https")).https_edges[0].routes;
    expect(
      routes.map((route: { oidc: unknown; oauth: unknown }) => [route.oidc, route.oauth]),
    ).toEqual([
      [a.oidc, null],
      [null, b.oauth],
    ]);
    // The setup helper takes them too.
    const route = app.emulator.createHttpsEdgeRoute(edgeId, { match: "/x", oidc });
    expect(route.oidc).toEqual(a.oidc);
  });

  it("answers 404 ERR_NGROK_7124 for a route of another edge", async () => {
    const a = await createEdgeAndRoute(app);
    const b = await createEdgeAndRoute(app);
    expectError(
      await api(app, "GET", `/edges/https/${a.edgeId}/routes/${b.routeId}`),
      404,
      "ERR_NGROK_7124",
      b.routeId,
    );
    expectError(
      await api(app, "GET", `/edges/https/${a.edgeId}/routes/${MISSING_ROUTE}`),
      404,
      "ERR_NGROK_7124",
    );
    expectError(
      await api(app, "GET", `/edges/https/${a.edgeId}/routes/edghts_x`),
      400,
      "ERR_NGROK_227",
      "prefix of edghtsrt_",
    );
  });

  it("deleting an edge deletes its routes and their SAML modules", async () => {
    const { edgeId, routeId } = await createEdgeAndRoute(app);
    const other = await createEdgeAndRoute(app);
    expect(
      (await api(app, "PUT", samlPath(edgeId, routeId), { idp_metadata: OKTA_XML })).statusCode,
    ).toBe(200);
    expect(
      (await api(app, "PUT", samlPath(other.edgeId, other.routeId), { idp_metadata: OKTA_XML }))
        .statusCode,
    ).toBe(200);
    expect(app.emulator.snapshot().samlModules).toHaveLength(2);

    expect((await api(app, "DELETE", `/edges/https/${edgeId}`)).statusCode).toBe(204);
    expectError(
      await api(app, "GET", `/edges/https/${edgeId}/routes/${routeId}`),
      404,
      "ERR_NGROK_7000",
    );
    expectError(await api(app, "GET", samlPath(edgeId, routeId)), 404, "ERR_NGROK_7000");
    expectError(
      await app.inject({ method: "GET", url: `/saml/${routeId}` }),
      404,
      "ERR_NGROK_7124",
    );

    const snapshot = app.emulator.snapshot();
    expect(snapshot.edges.map((e) => e.id)).toEqual([other.edgeId]);
    expect(snapshot.routes.map((r) => r.id)).toEqual([other.routeId]);
    expect(snapshot.samlModules.map((m) => [m.edgeId, m.routeId])).toEqual([
      [other.edgeId, other.routeId],
    ]);
  });
});
