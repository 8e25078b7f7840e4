/**
 * What an account may lack or be limited in, which ngrok's catalogue names without numbers or
 * statuses: `caLimit` (ERR_NGROK_1956 beyond the account's SSH CA limit), `edgesDeprecated`
 * (ERR_NGROK_7008 from every edge endpoint, for an account without edges) and `edgesReadOnly`
 * (ERR_NGROK_7196 to every write, for an account whose edges are read-only), with their
 * validation, CLI flags, and `emulator.edges`, which moves an account from one to the next.
 */
import { parseCliArguments } from "../../emulator/cli";
import { api, body, createEdgeAndRoute, expectError, newApp, OKTA_XML, samlPath } from "./helpers";

const LIST = "/ssh_certificate_authorities";
const EDGE = "edghts_2aaaaaaaaaaaaaaaaaaaaaaaaaa";
const ROUTE = "edghtsrt_2aaaaaaaaaaaaaaaaaaaaaaaaaa";

describe("caLimit", () => {
  it("refuses the create beyond the limit with ERR_NGROK_1956; a delete frees a slot", async () => {
    const app = newApp({ caLimit: 2 });
    const first = body(await api(app, "POST", LIST, { description: "one" }));
    expect((await api(app, "POST", LIST, { description: "two" })).statusCode).toBe(201);
    const refused = await api(app, "POST", LIST, { description: "three" });
    expectError(
      refused,
      400,
      "ERR_NGROK_1956",
      "Your account is limited to 2 SSH Certificate Authorities.",
    );
    expect(app.emulator.snapshot().sshCertificateAuthorities).toHaveLength(2);
    expect((await api(app, "DELETE", `${LIST}/${first.id}`)).statusCode).toBe(204);
    expect((await api(app, "POST", LIST, { description: "three" })).statusCode).toBe(201);
    await app.close();
  });

  it("holds against concurrent creates (the limit is judged again when the CA is stored)", async () => {
    const app = newApp({ caLimit: 3 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api(app, "POST", LIST, { description: `ca ${i}` })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expectError(refused, 400, "ERR_NGROK_1956");
    }
    expect(app.emulator.snapshot().sshCertificateAuthorities).toHaveLength(3);
    await app.close();
  });

  it("judges the body first: a bad body at the limit answers its own error", async () => {
    const app = newApp({ caLimit: 1 });
    await api(app, "POST", LIST, {});
    expectError(await api(app, "POST", LIST, { private_key_type: "dsa" }), 400, "ERR_NGROK_1909");
    await app.close();
  });

  it("is off by default", async () => {
    const app = newApp();
    for (let i = 0; i < 5; i++) expect((await api(app, "POST", LIST, {})).statusCode).toBe(201);
    await app.close();
  });

  it.each([[0], [-1], [1.5], ["3"]])("rejects caLimit %j with a TypeError", (limit) => {
    expect(() => newApp({ caLimit: limit as number })).toThrow(
      /caLimit must be a positive integer/,
    );
  });

  it("the CLI takes --ca-limit", () => {
    expect(parseCliArguments([]).caLimit).toBeUndefined();
    expect(parseCliArguments(["--ca-limit", "5"]).caLimit).toBe(5);
    expect(() => parseCliArguments(["--ca-limit", "0"])).toThrow(/--ca-limit must be a positive/);
  });
});

describe("edgesDeprecated", () => {
  /** Every edge endpoint, with a body where it takes one. */
  const EDGE_REQUESTS: Array<["GET" | "POST" | "PUT" | "DELETE", string, unknown?]> = [
    ["POST", "/edges/https", {}],
    ["GET", "/edges/https"],
    ["GET", `/edges/https/${EDGE}`],
    ["DELETE", `/edges/https/${EDGE}`],
    ["POST", `/edges/https/${EDGE}/routes`, { match_type: "path_prefix", match: "/" }],
    ["GET", `/edges/https/${EDGE}/routes/${ROUTE}`],
    ["DELETE", `/edges/https/${EDGE}/routes/${ROUTE}`],
    ["PUT", samlPath(EDGE, ROUTE), { idp_metadata: OKTA_XML }],
    ["GET", samlPath(EDGE, ROUTE)],
    ["DELETE", samlPath(EDGE, ROUTE)],
  ];

  it.each([
    [true, 400],
    [{}, 400],
    [{ status: 400 as const }, 400],
    [{ status: 403 as const }, 403],
    [{ status: 404 as const }, 404],
  ])("%j: every edge endpoint answers ERR_NGROK_7008 with status %i", async (option, status) => {
    const app = newApp({ edgesDeprecated: option });
    for (const [method, url, payload] of EDGE_REQUESTS) {
      expectError(
        await api(app, method, url, payload),
        status,
        "ERR_NGROK_7008",
        /^Edges are deprecated and no longer available\./,
      );
    }
    // SSH certificate authorities are not deprecated.
    expect((await api(app, "POST", LIST, {})).statusCode).toBe(201);
    expect((await api(app, "GET", LIST)).statusCode).toBe(200);
    await app.close();
  });

  it("authentication and the version check come first; the request then counts toward the rate limit", async () => {
    const app = newApp({ edgesDeprecated: true, rateLimit: { requests: 2, windowMs: 60_000 } });
    const unauthenticated = await app.inject({ method: "GET", url: "/edges/https" });
    expectError(unauthenticated, 401, "ERR_NGROK_200");
    const unversioned = await app.inject({
      method: "GET",
      url: "/edges/https",
      headers: { authorization: "Bearer test_api_key_123" },
    });
    expectError(unversioned, 400, "ERR_NGROK_218");
    expectError(await api(app, "GET", "/edges/https"), 400, "ERR_NGROK_7008");
    expect((await api(app, "GET", LIST)).statusCode).toBe(200);
    expectError(await api(app, "GET", "/edges/https"), 429, "ERR_NGROK_226");
    await app.close();
  });

  it("is off by default and with false: edges work", async () => {
    for (const option of [undefined, false]) {
      const app = newApp(option === undefined ? {} : { edgesDeprecated: option });
      const { edgeId, routeId } = await createEdgeAndRoute(app);
      expect(
        (await api(app, "PUT", samlPath(edgeId, routeId), { idp_metadata: OKTA_XML })).statusCode,
      ).toBe(200);
      await app.close();
    }
  });

  it.each([[{ status: 500 }], [{ status: "403" }], [{ code: 403 }], ["yes"], [[403]]])(
    "rejects edgesDeprecated %j with a TypeError",
    (option) => {
      expect(() => newApp({ edgesDeprecated: option as never })).toThrow(
        /^edgesDeprecated must be a boolean or \{ status: 400 \| 403 \| 404 \}, got /,
      );
    },
  );

  it("the CLI takes --edges-deprecated STATUS", () => {
    expect(parseCliArguments([]).edgesDeprecated).toBeUndefined();
    expect(parseCliArguments(["--edges-deprecated", "404"]).edgesDeprecated).toEqual({
      status: 404,
    });
    expect(() => parseCliArguments(["--edges-deprecated", "500"])).toThrow(
      /--edges-deprecated must be one of 400, 403, 404, got 500/,
    );
  });
});

describe("edgesReadOnly", () => {
  /** Every edge endpoint, with a body where it takes one, and whether it writes. */
  const EDGE_REQUESTS = (edgeId: string, routeId: string) =>
    [
      ["POST", "/edges/https", {}],
      ["GET", "/edges/https"],
      ["GET", `/edges/https/${edgeId}`],
      ["POST", `/edges/https/${edgeId}/routes`, { match_type: "path_prefix", match: "/" }],
      ["GET", `/edges/https/${edgeId}/routes/${routeId}`],
      ["PUT", samlPath(edgeId, routeId), { idp_metadata: OKTA_XML }],
      ["GET", samlPath(edgeId, routeId)],
      ["DELETE", samlPath(edgeId, routeId)],
      ["DELETE", `/edges/https/${edgeId}/routes/${routeId}`],
      ["DELETE", `/edges/https/${edgeId}`],
    ] as Array<["GET" | "POST" | "PUT" | "DELETE", string, unknown?]>;

  it.each([
    [true, 400],
    [{}, 400],
    [{ status: 400 as const }, 400],
    [{ status: 403 as const }, 403],
  ])(
    "%j: every write answers ERR_NGROK_7196 with status %i, every read is answered",
    async (option, status) => {
      const app = newApp();
      const { edgeId, routeId } = await createEdgeAndRoute(app);
      await api(app, "PUT", samlPath(edgeId, routeId), { idp_metadata: OKTA_XML });
      const before = app.emulator.snapshot();
      app.emulator.edges.set(option === true ? "read-only" : { mode: "read-only", ...option });
      expect(app.emulator.edges.get()).toEqual({ mode: "read-only", status });
      for (const [method, url, payload] of EDGE_REQUESTS(edgeId, routeId)) {
        const answer = await api(app, method, url, payload);
        if (method === "GET") {
          expect(answer.statusCode).toBe(200);
        } else {
          expectError(
            answer,
            status,
            "ERR_NGROK_7196",
            /^Your account has read-only access to Edges\. Edges are deprecated, and write access \(including creating, updating, or deleting\) is no longer supported for your account\./,
          );
        }
      }
      // Nothing changed; SSH certificate authorities are not affected.
      expect(app.emulator.snapshot()).toEqual(before);
      expect((await api(app, "POST", LIST, {})).statusCode).toBe(201);
      await app.close();
    },
  );

  it("as an option from the start, a read of a route is answered and a write refused", async () => {
    const app = newApp({ edgesReadOnly: { status: 403 } });
    expectError(await api(app, "POST", "/edges/https", {}), 403, "ERR_NGROK_7196");
    expectError(await api(app, "GET", `/edges/https/${EDGE}`), 404, "ERR_NGROK_7000");
    await app.close();
  });

  it("an account moves on: available, read-only, removed, and back (the state is kept)", async () => {
    const app = newApp();
    const { edgeId, routeId } = await createEdgeAndRoute(app);
    app.emulator.edges.set("read-only");
    expectError(await api(app, "DELETE", samlPath(edgeId, routeId)), 400, "ERR_NGROK_7196");
    app.emulator.edges.set({ mode: "removed", status: 404 });
    expect(app.emulator.edges.get()).toEqual({ mode: "removed", status: 404 });
    expectError(await api(app, "GET", `/edges/https/${edgeId}`), 404, "ERR_NGROK_7008");
    app.emulator.edges.set("available");
    expect((await api(app, "GET", `/edges/https/${edgeId}`)).statusCode).toBe(200);
    await app.close();
  });

  it.each([
    [
      "edgesReadOnly",
      { edgesReadOnly: { status: 404 } },
      /^edgesReadOnly must be a boolean or \{ status: 400 \| 403 \}, got /,
    ],
    ["edgesReadOnly", { edgesReadOnly: "yes" }, /^edgesReadOnly must be a boolean or/],
    [
      "both",
      { edgesReadOnly: true, edgesDeprecated: true },
      /^edgesDeprecated and edgesReadOnly exclude each other/,
    ],
  ])("rejects %s %j with a TypeError", (_name, options, message) => {
    expect(() => newApp(options as never)).toThrow(message);
  });

  it.each([
    ["gone"],
    [{ mode: "read-only", status: 404 }],
    [{ mode: "available", status: 400 }],
    [{ mode: "removed", extra: 1 }],
  ])("emulator.edges.set(%j) throws a TypeError naming the call", (setting) => {
    const app = newApp();
    expect(() => app.emulator.edges.set(setting as never)).toThrow(
      /^emulator\.edges\.set\(access\) must be "available", "read-only" \(with status 400 or 403\) or "removed" \(with status 400, 403 or 404\), got /,
    );
    expect(app.emulator.edges.get()).toEqual({ mode: "available" });
  });

  it("the CLI takes --edges-read-only STATUS, and not with --edges-deprecated", () => {
    expect(parseCliArguments([]).edgesReadOnly).toBeUndefined();
    expect(parseCliArguments(["--edges-read-only", "403"]).edgesReadOnly).toEqual({ status: 403 });
    expect(() => parseCliArguments(["--edges-read-only", "404"])).toThrow(
      /--edges-read-only must be one of 400, 403, got 404/,
    );
    expect(() =>
      parseCliArguments(["--edges-read-only", "400", "--edges-deprecated", "400"]),
    ).toThrow(/--edges-deprecated and --edges-read-only exclude each other/);
  });
});
