/**
 * Fault injection: rule validation and path patterns, error statuses, count/probability/order
 * semantics, delays, dropped connections (real sockets and inject), and the `/__emulator/faults`
 * admin endpoint.
 */
import * as http from "node:http";
import fetch, { FetchError } from "node-fetch";
import {
  startEmulator,
  type EmulatorApp,
  type FaultRule,
  type RunningEmulator,
} from "../../emulator/index";
import { compilePathPattern } from "../../emulator/faults/pathPattern";
import { seededRandom } from "../../emulator/faults/registry";
import {
  API_KEY,
  api,
  AUTH_HEADERS,
  body,
  createEdgeAndRoute,
  expectError,
  newApp,
  OKTA_XML,
  samlPath,
} from "./helpers";

const LIST = "/ssh_certificate_authorities";
const ADMIN = "/__emulator/faults";

/** One request over a fresh TCP connection (no keep-alive), with node-fetch v2. */
async function call(
  emulator: { url: string; apiKey: string },
  method: string,
  path: string,
  payload?: unknown,
  headers: Record<string, string> = { "Ngrok-Version": "2" },
) {
  const res = await fetch(emulator.url + path, {
    method,
    agent: new http.Agent({ keepAlive: false }),
    headers: {
      Authorization: `Bearer ${emulator.apiKey}`,
      ...headers,
      ...(payload === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    json: text === "" ? undefined : JSON.parse(text),
  };
}

/** The rejection of a promise (fails the test if it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error("expected a rejection");
}

describe("fault rules: validation", () => {
  it.each<[unknown, RegExp]>([
    ["not an array", /faults must be an array/],
    [[null], /faults\[0\] must be an object/],
    [[{ statusCode: 500 }], /faults\[0\]\.statusCode is not a fault rule field/],
    [[{}, { status: 200 }], /faults\[1\]\.status must be an integer in 400\.\.599, got 200/],
    [[{ status: 600 }], /status must be an integer/],
    [[{ status: 500.5 }], /status must be an integer/],
    [[{ status: "500" }], /status must be an integer/],
    [[{ status: 500, drop: "before" }], /drop cannot be combined with status/],
    [[{ drop: "later" }], /drop must be "before" or "after"/],
    [[{ errorCode: "ERR_NGROK_1" }], /errorCode needs status/],
    [[{ message: "x" }], /message needs status/],
    [[{ retryAfter: 5 }], /retryAfter needs status/],
    [[{ status: 429, retryAfter: -1 }], /retryAfter must be whole seconds/],
    [[{ status: 429, retryAfter: 1.5 }], /retryAfter must be whole seconds/],
    [[{ status: 429, retryAfter: "a\r\nX-Injected: 1" }], /retryAfter must be whole seconds/],
    [[{ status: 429, errorCode: "" }], /errorCode must be a non-empty string/],
    [[{ status: 429, message: "" }], /message must be a non-empty string/],
    [[{ method: "" }], /method must be an HTTP method/],
    [[{ method: [] }], /method must be an HTTP method/],
    [[{ method: ["GET", 1] }], /method must be an HTTP method/],
    [[{ path: "ssh_certificate_authorities" }], /path must start with \//],
    [[{ path: "/ssh*" }], /path may use \* and \*\* only as whole segments/],
    [[{ path: "/a?b=1" }], /path must be a path without query/],
    [[{ path: 5 }], /path must be a string/],
    [[{ delayMs: -1 }], /delayMs must be a number of milliseconds/],
    [[{ delayMs: 2 ** 31 }], /delayMs must be a number of milliseconds/],
    [[{ delayMs: Number.NaN }], /delayMs must be a number of milliseconds/],
    [[{ count: 0 }], /count must be a positive integer/],
    [[{ count: 1.5 }], /count must be a positive integer/],
    [[{ probability: 1.5 }], /probability must be a number in 0\.\.1/],
    [[{ probability: "0.5" }], /probability must be a number in 0\.\.1/],
  ])("rejects faults %j with a TypeError naming the field", (faults, message) => {
    expect(() => newApp({ faults: faults as FaultRule[] })).toThrow(TypeError);
    expect(() => newApp({ faults: faults as FaultRule[] })).toThrow(message);
  });

  it.each([-1, 1.5, 2 ** 32, "7"])("rejects faultSeed %j with a TypeError", (faultSeed) => {
    expect(() => newApp({ faultSeed: faultSeed as number })).toThrow(
      /faultSeed must be an integer in 0\.\.4294967295/,
    );
  });

  it("validates rules given to faults.add the same way, and lists copies", async () => {
    const app = newApp();
    expect(() => app.emulator.faults.add({ status: 302 })).toThrow(TypeError);
    expect(() => app.emulator.faults.add({ status: 302 })).toThrow(/fault rule\.status/);
    const rule: FaultRule = { method: ["get"], path: LIST, status: 503 };
    const id = app.emulator.faults.add(rule);
    (rule.method as string[]).push("POST"); // the emulator kept its own copy
    const [listed] = app.emulator.faults.list();
    expect(listed).toEqual({ id, method: ["get"], path: LIST, status: 503, hits: 0 });
    (listed.method as string[]).push("DELETE");
    expect(app.emulator.faults.list()[0].method).toEqual(["get"]);
    await app.close();
  });

  it.each<[string, string, boolean]>([
    ["/ssh_certificate_authorities", "/ssh_certificate_authorities", true],
    ["/ssh_certificate_authorities", "/ssh_certificate_authorities/sshca_1", false],
    ["/ssh_certificate_authorities/*", "/ssh_certificate_authorities/sshca_1", true],
    ["/ssh_certificate_authorities/*", "/ssh_certificate_authorities", false],
    ["/ssh_certificate_authorities/*", "/ssh_certificate_authorities/", false],
    ["/ssh_certificate_authorities/*", "/ssh_certificate_authorities/a/b", false],
    ["/edges/https/*/routes/*/saml", "/edges/https/edghts_1/routes/edghtsrt_2/saml", true],
    ["/edges/https/*/routes/*/saml", "/edges/https/edghts_1/routes/edghtsrt_2", false],
    ["/edges/**", "/edges", true],
    ["/edges/**", "/edges/https/edghts_1/routes/edghtsrt_2/saml", true],
    ["/edges/**", "/edgesx", false],
    ["/**", "/", true],
    ["/**", "/anything/at/all", true],
    ["/edges/**/saml", "/edges/https/e/routes/r/saml", true],
    ["/edges/**/saml", "/edges/saml", true],
    ["/edges/**/saml", "/edges/https/e/routes/r", false],
    ["/**/**/**/x", "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/y", false],
  ])("path pattern %s matches %s: %s", (pattern, path, expected) => {
    expect(compilePathPattern(pattern)(path)).toBe(expected);
  });

  it("matches paths without the query string", async () => {
    const app = newApp({ faults: [{ path: LIST, status: 503 }] });
    expectError(await api(app, "GET", `${LIST}?limit=1`), 503, undefined);
    await app.close();
  });
});

describe("fault rules: status answers (inject)", () => {
  let app: EmulatorApp;
  beforeEach(() => {
    app = newApp();
  });
  afterEach(() => app.close());

  it("answers the status instead of running the handler, and records it", async () => {
    app.emulator.faults.add({ method: "POST", path: LIST, status: 503 });
    const res = await api(app, "POST", LIST, { description: "never created" });
    expectError(res, 503, undefined, "Service Unavailable");
    expect(res.headers["retry-after"]).toBeUndefined();
    expect(app.emulator.snapshot().sshCertificateAuthorities).toEqual([]);
    expect(app.emulator.requests).toEqual([{ method: "POST", path: LIST, status: 503 }]);
  });

  it("does not log injected 5xx answers as emulator errors", async () => {
    const logged = jest.fn();
    jest.spyOn(app.log, "error").mockImplementation(logged);
    app.emulator.faults.add({ status: 500, count: 1 });
    app.emulator.faults.add({ status: 503, count: 1 });
    expectError(await api(app, "GET", LIST), 500, undefined);
    expectError(await api(app, "GET", LIST), 503, undefined);
    expect(logged).not.toHaveBeenCalled();
    jest.restoreAllMocks();
  });

  it("applies before authentication and the version check", async () => {
    app.emulator.faults.add({ status: 502 });
    expectError(await app.inject({ method: "GET", url: LIST }), 502, undefined, "Bad Gateway");
  });

  it("uses ngrok's ERR_NGROK_226 body for 429, with Retry-After in seconds or as a date", async () => {
    app.emulator.faults.add({ path: LIST, status: 429, retryAfter: 30, count: 1 });
    app.emulator.faults.add({
      path: LIST,
      status: 429,
      retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT",
      count: 1,
    });
    const first = await api(app, "GET", LIST);
    expectError(first, 429, "ERR_NGROK_226", "rate limited to 120 API requests per minute");
    expect(first.headers["retry-after"]).toBe("30");
    const second = await api(app, "GET", LIST);
    expectError(second, 429, "ERR_NGROK_226");
    expect(second.headers["retry-after"]).toBe("Wed, 21 Oct 2015 07:28:00 GMT");
  });

  it("uses the body-too-large message for 413 and the emulator's 500 body for 500", async () => {
    const small = newApp({ bodyLimit: 2048, faults: [{ status: 413, count: 1 }, { status: 500 }] });
    expectError(await api(small, "GET", LIST), 413, undefined, "maximum size of 2048 bytes");
    expectError(await api(small, "GET", LIST), 500, undefined, "Internal Server Error");
    await small.close();
  });

  it("takes errorCode and message from the rule", async () => {
    app.emulator.faults.add({ status: 409, errorCode: "ERR_NGROK_1964", message: "busy" });
    expectError(await api(app, "DELETE", `${LIST}/sshca_x`), 409, "ERR_NGROK_1964", /^busy$/);
  });

  it("matches methods case-insensitively, and any of a list", async () => {
    app.emulator.faults.add({ method: "delete", status: 500 });
    app.emulator.faults.add({ method: ["put", "PATCH"], status: 501 });
    expect((await api(app, "GET", LIST)).statusCode).toBe(200);
    expect((await api(app, "DELETE", `${LIST}/sshca_x`)).statusCode).toBe(500);
    expect((await api(app, "PATCH", `${LIST}/sshca_x`, {})).statusCode).toBe(501);
    expect((await api(app, "HEAD", LIST)).statusCode).toBe(200); // HEAD is not GET
  });

  it("hits the SAML module of any route with a * pattern, not the route itself", async () => {
    const { edgeId, routeId } = await createEdgeAndRoute(app);
    app.emulator.faults.add({ path: "/edges/https/*/routes/*/saml", status: 503 });
    expect((await api(app, "GET", `/edges/https/${edgeId}/routes/${routeId}`)).statusCode).toBe(
      200,
    );
    const put = await api(app, "PUT", samlPath(edgeId, routeId), { idp_metadata: OKTA_XML });
    expectError(put, 503, undefined);
    expect(app.emulator.snapshot().samlModules).toEqual([]);
  });
});

describe("fault rules: count, order, probability, delay, list", () => {
  let app: EmulatorApp;
  beforeEach(() => {
    app = newApp();
  });
  afterEach(() => app.close());

  async function statuses(n: number, url = LIST): Promise<number[]> {
    const result: number[] = [];
    for (let i = 0; i < n; i++) result.push((await api(app, "GET", url)).statusCode);
    return result;
  }

  it("applies a rule with count to that many requests, then it is spent but still listed", async () => {
    const id = app.emulator.faults.add({ status: 500, count: 2 });
    expect(await statuses(4)).toEqual([500, 500, 200, 200]);
    expect(app.emulator.faults.list()).toEqual([{ id, status: 500, count: 2, hits: 2 }]);
  });

  it("applies the first matching rule; a spent rule lets later rules apply", async () => {
    app.emulator.faults.add({ path: LIST, status: 502, count: 1 });
    app.emulator.faults.add({ path: "/**", status: 503, count: 2 });
    app.emulator.faults.add({ path: "/edges/**", status: 504 });
    expect(await statuses(4)).toEqual([502, 503, 503, 200]);
    expect(await statuses(1, "/edges/https")).toEqual([504]);
    expect(app.emulator.faults.list().map((f) => f.hits)).toEqual([1, 2, 1]);
  });

  it("lets a rule without status or drop shield requests from later rules", async () => {
    app.emulator.faults.add({ path: LIST, count: 2 });
    app.emulator.faults.add({ path: LIST, status: 500 });
    expect(await statuses(3)).toEqual([200, 200, 500]);
  });

  it("draws probability per matching request; a miss tries the next rule and is not a hit", async () => {
    // The first draws of seed 8 are below, above, below 0.5.
    const draws = seededRandom(8);
    expect([draws(), draws(), draws()].map((d) => d < 0.5)).toEqual([true, false, true]);
    const seeded = newApp({ faultSeed: 8 });
    const half = seeded.emulator.faults.add({ status: 500, probability: 0.5, count: 2 });
    const fallback = seeded.emulator.faults.add({ status: 503, count: 1 });
    const results: number[] = [];
    for (let i = 0; i < 4; i++) results.push((await api(seeded, "GET", LIST)).statusCode);
    // hit; miss → the next rule; hit (count 2 reached); then both rules are spent.
    expect(results).toEqual([500, 503, 500, 200]);
    expect(seeded.emulator.faults.list()).toEqual([
      { id: half, status: 500, probability: 0.5, count: 2, hits: 2 },
      { id: fallback, status: 503, count: 1, hits: 1 },
    ]);
    await seeded.close();
  });

  it("repeats the same hits with the same faultSeed", async () => {
    const run = async (faultSeed: number) => {
      const seeded = newApp({ faultSeed, faults: [{ status: 503, probability: 0.3 }] });
      const results: number[] = [];
      for (let i = 0; i < 100; i++) results.push((await api(seeded, "GET", LIST)).statusCode);
      await seeded.close();
      return results;
    };
    const first = await run(1234);
    expect(await run(1234)).toEqual(first);
    expect(await run(4321)).not.toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 503]));
  });

  it("never hits with probability 0 and always with 1", async () => {
    app.emulator.faults.add({ method: "GET", status: 500, probability: 0 });
    app.emulator.faults.add({ method: "GET", status: 503, probability: 1 });
    expect(await statuses(20)).toEqual(Array(20).fill(503));
    expect(app.emulator.faults.list().map((f) => f.hits)).toEqual([0, 20]);
  });

  it("hits about probability × requests with the real Math.random", async () => {
    app.emulator.faults.add({ status: 503, probability: 0.5 });
    const results = await statuses(1000);
    const hits = results.filter((s) => s === 503).length;
    // Binomial(1000, 0.5): sd ≈ 15.8, so ±150 is ±9.5 sd — it cannot flake in practice.
    expect(hits).toBeGreaterThan(350);
    expect(hits).toBeLessThan(650);
    expect(app.emulator.faults.list()[0].hits).toBe(hits);
    expect(results.filter((s) => s !== 503).every((s) => s === 200)).toBe(true);
  });

  it("delays a request, then runs the handler (or answers the status)", async () => {
    app.emulator.faults.add({ method: "POST", delayMs: 300, count: 1 });
    app.emulator.faults.add({ method: "GET", delayMs: 200, status: 504, count: 1 });
    let started = performance.now();
    const created = await api(app, "POST", LIST, {});
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    expect(created.statusCode).toBe(201);
    started = performance.now();
    expectError(await api(app, "GET", LIST), 504, undefined, "Gateway Timeout");
    expect(performance.now() - started).toBeGreaterThanOrEqual(180);
    started = performance.now();
    expect((await api(app, "GET", LIST)).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(180);
  });

  it("removes and clears rules, initial ones included", async () => {
    const withInitial = newApp({ faults: [{ status: 500 }, { status: 501 }] });
    const { faults } = withInitial.emulator;
    expect(faults.list().map((f) => f.id)).toEqual(["fault_1", "fault_2"]);
    expect(faults.remove("fault_1")).toBe(true);
    expect(faults.remove("fault_1")).toBe(false);
    expect((await api(withInitial, "GET", LIST)).statusCode).toBe(501);
    expect(faults.add({ status: 502 })).toBe("fault_3");
    faults.clear();
    expect(faults.list()).toEqual([]);
    expect((await api(withInitial, "GET", LIST)).statusCode).toBe(200);
    await withInitial.close();
  });
});

describe("fault rules: dropped connections under inject()", () => {
  it("rejects inject with ECONNRESET; before changes nothing, after has run the handler", async () => {
    const app = newApp({
      faults: [
        { method: "POST", drop: "before", count: 1 },
        { method: "POST", drop: "after", count: 1 },
      ],
    });
    const before = await rejectionOf(api(app, "POST", LIST, { description: "one" }));
    expect(before.code).toBe("ECONNRESET");
    expect(before.message).toMatch(/drop: "before"/);
    expect(app.emulator.snapshot().sshCertificateAuthorities).toEqual([]);

    const after = await rejectionOf(api(app, "POST", LIST, { description: "two" }));
    expect(after.code).toBe("ECONNRESET");
    expect(after.message).toMatch(/drop: "after"/);
    expect(app.emulator.snapshot().sshCertificateAuthorities.map((ca) => ca.description)).toEqual([
      "two",
    ]);

    expect((await api(app, "GET", LIST)).statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(app.emulator.requests).toEqual([
      { method: "POST", path: LIST, status: 0 },
      { method: "POST", path: LIST, status: 0 },
      { method: "GET", path: LIST, status: 200 },
    ]);
    await app.close();
  });
});

describe("fault rules: dropped connections on a real socket", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, apiKey: API_KEY });
  });
  afterAll(() => emulator.close());
  beforeEach(() => emulator.faults.clear());

  it('drop "before": node-fetch sees ECONNRESET and nothing was created', async () => {
    emulator.faults.add({ method: "POST", path: LIST, drop: "before", count: 1 });
    const countBefore = emulator.snapshot().sshCertificateAuthorities.length;
    const error = await rejectionOf(call(emulator, "POST", LIST, { description: "dropped" }));
    expect(error).toBeInstanceOf(FetchError);
    expect(error.code).toBe("ECONNRESET");
    expect(error.message).toMatch(
      /^request to http:\/\/127\.0\.0\.1:\d+\/ssh_certificate_authorities failed, reason: (read ECONNRESET|socket hang up)$/,
    );
    expect(emulator.snapshot().sshCertificateAuthorities).toHaveLength(countBefore);
    expect(emulator.requests.at(-1)).toEqual({ method: "POST", path: LIST, status: 0 });
    // The server is still up, and the rule is spent.
    expect((await call(emulator, "POST", LIST, { description: "kept" })).status).toBe(201);
  });

  it('drop "after": node-fetch sees ECONNRESET but the handler ran', async () => {
    const created = await call(emulator, "POST", LIST, { description: "to delete" });
    const id = created.json.id as string;
    emulator.faults.add({ method: "DELETE", path: `${LIST}/*`, drop: "after" });
    emulator.faults.add({ method: "POST", path: LIST, drop: "after", count: 1 });

    const deleted = await rejectionOf(call(emulator, "DELETE", `${LIST}/${id}`));
    expect(deleted.code).toBe("ECONNRESET");
    expect(emulator.snapshot().sshCertificateAuthorities.map((ca) => ca.id)).not.toContain(id);

    const posted = await rejectionOf(call(emulator, "POST", LIST, { description: "after" }));
    expect(posted).toBeInstanceOf(FetchError);
    expect(posted.code).toBe("ECONNRESET");
    const descriptions = emulator.snapshot().sshCertificateAuthorities.map((ca) => ca.description);
    expect(descriptions).toContain("after");
    expect(emulator.requests.slice(-2)).toEqual([
      { method: "DELETE", path: `${LIST}/${id}`, status: 0 },
      { method: "POST", path: LIST, status: 0 },
    ]);

    // A retry of the DELETE finds the CA gone: the state did change.
    emulator.faults.clear();
    expect((await call(emulator, "DELETE", `${LIST}/${id}`)).json.error_code).toBe(
      "ERR_NGROK_1949",
    );
  });

  it("drops also with node's own fetch and on keep-alive connections, without logging errors", async () => {
    const app = newApp();
    const logged = jest.fn();
    for (const level of ["fatal", "error", "warn"] as const) {
      jest.spyOn(app.log, level).mockImplementation(logged);
    }
    await app.listen({ host: "127.0.0.1", port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const url = `http://127.0.0.1:${port}`;
    app.emulator.faults.add({ path: "/edges/https", drop: "before", count: 1 });
    app.emulator.faults.add({ path: "/edges/https", drop: "after", count: 1 });
    try {
      const error = await rejectionOf(
        globalThis.fetch(`${url}/edges/https`, { method: "POST", headers: AUTH_HEADERS }),
      );
      expect(error.message).toBe("fetch failed");
      expect((error.cause as { code?: string }).code).toBe("ECONNRESET");

      const agent = new http.Agent({ keepAlive: true });
      const get = () =>
        fetch(`${url}${LIST}`, { agent, headers: AUTH_HEADERS }).then((res) => res.status);
      expect(await get()).toBe(200);
      const dropped = await rejectionOf(
        fetch(`${url}/edges/https`, {
          method: "POST",
          agent,
          headers: { ...AUTH_HEADERS, "Content-Type": "application/json" },
          body: "{}",
        }),
      );
      expect((dropped as FetchError).code).toBe("ECONNRESET");
      expect(await get()).toBe(200);
      agent.destroy();
      expect(app.emulator.snapshot().edges).toHaveLength(1);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      await app.close();
      jest.restoreAllMocks();
    }
  });

  it("drops requests still delayed when the emulator closes, and closes promptly", async () => {
    const other = await startEmulator({ port: 0, faults: [{ delayMs: 60_000 }] });
    const pending = rejectionOf(call(other, "GET", LIST));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(5000);
    expect((await pending).code).toBe("ECONNRESET");
    expect(other.requests).toEqual([{ method: "GET", path: LIST, status: 0 }]);
  });
});

describe("admin endpoint /__emulator/faults", () => {
  let app: EmulatorApp;
  const admin = (method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${API_KEY}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  beforeEach(() => {
    app = newApp();
  });
  afterEach(() => app.close());

  it("requires the API key but not Ngrok-Version", async () => {
    expectError(await app.inject({ method: "GET", url: ADMIN }), 401, "ERR_NGROK_200");
    expectError(
      await app.inject({ method: "GET", url: ADMIN, headers: { authorization: "Bearer nope" } }),
      401,
      "ERR_NGROK_202",
    );
    const res = await admin("GET", ADMIN);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ faults: [] });
    expect((await api(app, "GET", ADMIN)).statusCode).toBe(200); // a version header is fine too
  });

  it("adds (201 with id), lists, applies, removes and clears rules", async () => {
    const created = await admin("POST", ADMIN, { method: "POST", path: LIST, status: 503 });
    expect(created.statusCode).toBe(201);
    const rule = body(created);
    expect(rule).toEqual({ id: "fault_1", method: "POST", path: LIST, status: 503, hits: 0 });

    expectError(await api(app, "POST", LIST, {}), 503, undefined);
    expect(body(await admin("GET", ADMIN)).faults).toEqual([{ ...rule, hits: 1 }]);
    expect(app.emulator.faults.list()).toEqual([{ ...rule, hits: 1 }]);

    const removed = await admin("DELETE", `${ADMIN}/${rule.id}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
    expectError(
      await admin("DELETE", `${ADMIN}/${rule.id}`),
      404,
      undefined,
      `fault rule ${rule.id} does not exist`,
    );

    await admin("POST", ADMIN, { status: 500 });
    await admin("POST", ADMIN, { status: 501 });
    expect((await admin("DELETE", ADMIN)).statusCode).toBe(204);
    expect(body(await admin("GET", ADMIN)).faults).toEqual([]);
  });

  it.each<[unknown, number, string, RegExp]>([
    [{ statusCode: 500 }, 400, "ERR_NGROK_214", /parameter statusCode is unknown.*method, path/],
    [{ status: 200 }, 400, "ERR_NGROK_215", /status is invalid: must be an integer in 400\.\.599/],
    [{ status: 500, drop: "after" }, 400, "ERR_NGROK_215", /drop is invalid: cannot be combined/],
    [{ count: -1 }, 400, "ERR_NGROK_215", /count is invalid: must be a positive integer/],
    [[{ status: 500 }], 400, "ERR_NGROK_213", /could not be parsed/],
    ["not json", 400, "ERR_NGROK_213", /could not be parsed/],
  ])("answers %j with %i %s", async (payload, status, code, message) => {
    const res = await app.inject({
      method: "POST",
      url: ADMIN,
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
    expectError(res, status, code, message);
    expect(app.emulator.faults.list()).toEqual([]);
  });

  it("answers 415 for a non-JSON body and 404/405 for unknown admin paths", async () => {
    const res = await app.inject({
      method: "POST",
      url: ADMIN,
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "text/plain" },
      payload: "status=500",
    });
    expectError(res, 415, "ERR_NGROK_210");
    expectError(await admin("GET", "/__emulator/nope"), 404, undefined);
    expectError(await admin("DELETE", "/__emulator"), 404, undefined);
    const patch = await app.inject({ method: "PATCH", url: ADMIN });
    expectError(patch, 405, undefined);
  });

  it("is never hit by fault rules and never recorded in requests", async () => {
    app.emulator.faults.add({ status: 500 });
    app.emulator.faults.add({ drop: "before" });
    expect((await admin("GET", ADMIN)).statusCode).toBe(200);
    expect((await admin("POST", ADMIN, { status: 502 })).statusCode).toBe(201);
    expect((await admin("DELETE", `${ADMIN}/fault_3`)).statusCode).toBe(204);
    expect((await admin("GET", "/__emulator/nope")).statusCode).toBe(404);
    expect((await api(app, "GET", LIST)).statusCode).toBe(500);
    expect(app.emulator.requests).toEqual([{ method: "GET", path: LIST, status: 500 }]);
    expect(app.emulator.faults.list().map((f) => f.hits)).toEqual([1, 0]);
  });

  it("works over HTTP as documented for curl", async () => {
    const emulator = await startEmulator({ port: 0 });
    try {
      const created = await call(
        emulator,
        "POST",
        ADMIN,
        { path: LIST, status: 503, count: 1 },
        {},
      );
      expect(created.status).toBe(201);
      expect(created.json.id).toBe("fault_1");
      expect(emulator.faults.list()).toHaveLength(1);
      expect((await call(emulator, "GET", LIST)).status).toBe(503);
      expect((await call(emulator, "GET", LIST)).status).toBe(200);
      expect((await call(emulator, "GET", ADMIN, undefined, {})).json.faults[0].hits).toBe(1);
      expect(emulator.requests.map((r) => r.status)).toEqual([503, 200]);
    } finally {
      await emulator.close();
    }
  });
});
