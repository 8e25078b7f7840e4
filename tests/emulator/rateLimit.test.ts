/**
 * The optional rate limit (ngrok's 120 requests per rolling 60 s, 429 ERR_NGROK_226): options,
 * the rolling window with a fake clock, the 429s over a real socket without Retry-After (the
 * default: ngrok documents none) and with it (`retryAfter: true`), what counts and what is
 * exempt, and the CLI flags.
 */
import { spawn } from "node:child_process";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { parseCliArguments } from "../../emulator/cli";
import { RollingWindowLimiter, resolveRateLimit } from "../../emulator/http/rateLimit";
import {
  API_KEY,
  api,
  body,
  createEdgeAndRoute,
  expectError,
  newApp,
  OKTA_XML,
  samlPath,
} from "./helpers";

const LIST = "/ssh_certificate_authorities";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(emulator: RunningEmulator, url = LIST, key = emulator.apiKey) {
  const res = await fetch(emulator.url + url, {
    headers: { Authorization: `Bearer ${key}`, "Ngrok-Version": "2" },
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get("retry-after"), text };
}

/**
 * A 60 s window's Retry-After, for a window whose oldest request was sent after `firstSentAt`:
 * whole seconds, at most 60, and no less than what remained when the 429 came back.
 */
function expectRetryAfter(header: unknown, firstSentAt: number): void {
  const seconds = Number(header);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(seconds).toBeGreaterThanOrEqual(Math.ceil((firstSentAt + 60_000 - Date.now()) / 1000));
}

describe("rate limit: options", () => {
  it("is off by default and with false", async () => {
    expect(resolveRateLimit(undefined)).toBeUndefined();
    expect(resolveRateLimit(false)).toBeUndefined();
    const app = newApp();
    for (let i = 0; i < 130; i++) expect((await api(app, "GET", LIST)).statusCode).toBe(200);
    await app.close();
  });

  it("defaults to ngrok's 120 per 60 000 ms, without Retry-After", () => {
    const ngroks = { requests: 120, windowMs: 60_000, retryAfter: false };
    expect(resolveRateLimit(true)).toEqual(ngroks);
    expect(resolveRateLimit({})).toEqual(ngroks);
    expect(resolveRateLimit({ requests: 5 })).toEqual({ ...ngroks, requests: 5 });
    expect(resolveRateLimit({ windowMs: 10 })).toEqual({ ...ngroks, windowMs: 10 });
    expect(resolveRateLimit({ retryAfter: true })).toEqual({ ...ngroks, retryAfter: true });
  });

  it.each<[unknown, RegExp]>([
    [{ requests: 0 }, /rateLimit\.requests must be a positive integer, got 0/],
    [{ requests: 1.5 }, /rateLimit\.requests must be a positive integer/],
    [{ windowMs: -1 }, /rateLimit\.windowMs must be a positive integer/],
    [{ windowMs: "1000" }, /rateLimit\.windowMs must be a positive integer/],
    [{ window: 1000 }, /rateLimit\.window is not an option/],
    [{ retryAfter: "yes" }, /rateLimit\.retryAfter must be a boolean/],
    ["yes", /rateLimit must be a boolean or/],
    [null, /rateLimit must be a boolean or/],
    [[5], /rateLimit must be a boolean or/],
  ])("rejects rateLimit %j with a TypeError", (rateLimit, message) => {
    const build = () => newApp({ rateLimit: rateLimit as boolean });
    expect(build).toThrow(TypeError);
    expect(build).toThrow(message);
  });
});

describe("rate limit: rolling window (fake clock)", () => {
  it("accepts `requests` per rolling window, frees slots one by one, and ignores rejections", () => {
    let now = 0;
    const limiter = new RollingWindowLimiter({ requests: 2, windowMs: 1000 }, () => now);
    expect(limiter.take("k")).toBeUndefined(); // t=0
    now = 400;
    expect(limiter.take("k")).toBeUndefined(); // t=400
    now = 500;
    expect(limiter.take("k")).toBe(500); // the t=0 slot frees at 1000
    now = 999;
    expect(limiter.take("k")).toBe(1); // rejections did not take slots
    now = 1000;
    expect(limiter.take("k")).toBeUndefined(); // t=0 left the window
    now = 1100;
    expect(limiter.take("k")).toBe(300); // t=400 frees at 1400
    expect(limiter.take("other")).toBeUndefined(); // keys have their own windows
    now = 2000;
    expect(limiter.take("k")).toBeUndefined();
    expect(limiter.take("k")).toBeUndefined();
    expect(limiter.take("k")).toBe(1000);
  });

  it("keeps working over many windows", () => {
    let now = 0;
    const limiter = new RollingWindowLimiter({ requests: 3, windowMs: 10 }, () => now);
    let accepted = 0;
    for (now = 0; now < 10_000; now += 1) if (limiter.take("k") === undefined) accepted += 1;
    expect(accepted).toBe(3000);
  });
});

describe.each([
  ["without Retry-After (the default, as ngrok documents none)", false],
  ["with Retry-After (retryAfter: true)", true],
])("rate limit: over a real socket, %s", (_title, retryAfter) => {
  let emulator: RunningEmulator;
  beforeEach(async () => {
    emulator = await startEmulator({
      port: 0,
      rateLimit: { requests: 5, windowMs: 1000, ...(retryAfter ? { retryAfter } : {}) },
    });
  });
  afterEach(() => emulator.close());

  it("answers the 6th request 429 ERR_NGROK_226, and succeeds after the window", async () => {
    for (let i = 0; i < 5; i++) expect((await get(emulator)).status).toBe(200);
    const fifthAnswered = performance.now(); // after the server accepted the 5th
    const limited = await get(emulator);
    expect(limited.status).toBe(429);
    const error = JSON.parse(limited.text);
    expect(error).toEqual({
      error_code: "ERR_NGROK_226",
      status_code: 429,
      msg: "Your account is rate limited to 5 API requests per second.",
      details: { operation_id: expect.stringMatching(/^op_/) },
    });
    expect(limited.retryAfter).toBe(retryAfter ? "1" : null);
    // More early retries are rejected too, and do not count.
    expect((await get(emulator)).status).toBe(429);
    expect((await get(emulator)).status).toBe(429);

    await sleep(Math.max(0, fifthAnswered + 1020 - performance.now()));
    for (let i = 0; i < 5; i++) expect((await get(emulator)).status).toBe(200);
    expect((await get(emulator)).status).toBe(429);
    expect(emulator.requests.map((r) => r.status)).toEqual([
      ...Array(5).fill(200),
      429,
      429,
      429,
      ...Array(5).fill(200),
      429,
    ]);
  });

  it("counts every authenticated API request whatever its outcome, and no others", async () => {
    // Counted: a 404 of an unknown CA and a 400 of a bad body.
    expect((await get(emulator, `${LIST}/sshca_nope`)).status).toBe(404);
    expect((await get(emulator, `${LIST}?limit=0`)).status).toBe(400);
    // Not counted: authentication failures, version failures, unknown paths, the admin endpoint.
    expect((await get(emulator, LIST, "wrong")).status).toBe(401);
    const noVersion = await fetch(emulator.url + LIST, {
      headers: { Authorization: `Bearer ${emulator.apiKey}` },
    });
    expect(noVersion.status).toBe(400);
    expect((await get(emulator, "/no/such/path")).status).toBe(404);
    for (let i = 0; i < 10; i++)
      expect((await get(emulator, "/__emulator/faults")).status).toBe(200);
    // Three more fill the window of 5.
    for (let i = 0; i < 3; i++) expect((await get(emulator)).status).toBe(200);
    expect((await get(emulator)).status).toBe(429);
    // Unauthenticated requests still answer 401, not 429.
    expect((await get(emulator, LIST, "wrong")).status).toBe(401);
  });

  it("does not count requests answered by a fault rule", async () => {
    emulator.faults.add({ status: 503, count: 10 });
    for (let i = 0; i < 10; i++) expect((await get(emulator)).status).toBe(503);
    for (let i = 0; i < 5; i++) expect((await get(emulator)).status).toBe(200);
    expect((await get(emulator)).status).toBe(429);
  });
});

describe("rate limit: exemptions and defaults (inject)", () => {
  it("exempts the public SAML metadata URL and the admin endpoint", async () => {
    const app = newApp({ rateLimit: { requests: 3, windowMs: 60_000 } });
    const { edgeId, routeId } = await createEdgeAndRoute(app); // 2 requests
    const module = await api(app, "PUT", samlPath(edgeId, routeId), { idp_metadata: OKTA_XML });
    expect(module.statusCode).toBe(200); // 3rd
    const limited = await api(app, "GET", LIST);
    expectError(limited, 429, "ERR_NGROK_226", "rate limited to 3 API requests per minute");
    expect(limited.headers["retry-after"]).toBeUndefined();
    const metadata = await app.inject({
      method: "GET",
      url: new URL(body(module).metadata_url).pathname,
    });
    expect(metadata.statusCode).toBe(200);
    const admin = await app.inject({
      method: "GET",
      url: "/__emulator/faults",
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    expect(admin.statusCode).toBe(200);
    await app.close();
  });

  it("with true, limits to 120 requests per minute, as ngrok words it, without Retry-After", async () => {
    const app = newApp({ rateLimit: true });
    for (let i = 0; i < 120; i++) expect((await api(app, "GET", LIST)).statusCode).toBe(200);
    const limited = await api(app, "GET", LIST);
    expectError(
      limited,
      429,
      "ERR_NGROK_226",
      /^Your account is rate limited to 120 API requests per minute\.$/,
    );
    expect(limited.headers["retry-after"]).toBeUndefined();
    await app.close();
  });

  it("with retryAfter, Retry-After is the wait until the oldest request leaves the window", async () => {
    const app = newApp({ rateLimit: { requests: 3, windowMs: 60_000, retryAfter: true } });
    const first = Date.now();
    for (let i = 0; i < 3; i++) expect((await api(app, "GET", LIST)).statusCode).toBe(200);
    const limited = await api(app, "GET", LIST);
    expectError(limited, 429, "ERR_NGROK_226", "rate limited to 3 API requests per minute");
    // Nearly the whole window remains, rounded up: 60 s less what the requests took.
    expectRetryAfter(limited.headers["retry-after"], first);
    await app.close();
  });

  it.each([
    [1000, "second"],
    [3_600_000, "hour"],
    [2000, "2s"],
  ])("words a window of %i ms as %j", async (windowMs, words) => {
    const app = newApp({ rateLimit: { requests: 1, windowMs } });
    await api(app, "GET", LIST);
    expectError(await api(app, "GET", LIST), 429, "ERR_NGROK_226", `1 API requests per ${words}.`);
    await app.close();
  });

  it("words a window that is not whole seconds in ms", async () => {
    const app = newApp({ rateLimit: { requests: 1, windowMs: 1500 } });
    await api(app, "GET", LIST);
    expectError(await api(app, "GET", LIST), 429, "ERR_NGROK_226", "1 API requests per 1500ms");
    await app.close();
  });
});

describe("rate limit: CLI flags", () => {
  it("parses --rate-limit and --rate-limit-window-ms", () => {
    expect(parseCliArguments([]).rateLimit).toBeUndefined();
    expect(parseCliArguments(["--rate-limit", "10"]).rateLimit).toEqual({
      requests: 10,
      windowMs: undefined,
    });
    expect(parseCliArguments(["--rate-limit-window-ms", "500"]).rateLimit).toEqual({
      requests: undefined,
      windowMs: 500,
    });
    expect(
      parseCliArguments(["--rate-limit", "2", "--rate-limit-window-ms", "1000"]).rateLimit,
    ).toEqual({ requests: 2, windowMs: 1000 });
    expect(parseCliArguments(["--rate-limit-retry-after"]).rateLimit).toEqual({
      requests: undefined,
      windowMs: undefined,
      retryAfter: true,
    });
  });

  it.each([
    [["--rate-limit", "0"]],
    [["--rate-limit", "abc"]],
    [["--rate-limit-window-ms", "-5"]],
    [["--rate-limit"]],
  ])("rejects %j", (args) => {
    expect(() => parseCliArguments(args)).toThrow(/rate-limit|argument missing/);
  });

  it("starts the CLI with a rate limit", async () => {
    const repo = path.join(__dirname, "../..");
    const child = spawn(
      process.execPath,
      [
        "-r",
        "ts-node/register/transpile-only",
        path.join(repo, "emulator/cli.ts"),
        "--port",
        "0",
        "--api-key",
        "cli_rate_key",
        "--rate-limit",
        "2",
        "--rate-limit-retry-after",
      ],
      { cwd: repo, env: { ...process.env, TS_NODE_PROJECT: path.join(repo, "tsconfig.json") } },
    );
    try {
      const lines = await new Promise<string[]>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk) => {
          out += chunk.toString();
          const all = out.split("\n");
          if (all.length > 4) resolve(all.slice(0, 4));
        });
        child.on("exit", (code) => reject(new Error(`CLI exited with ${code}`)));
      });
      expect(lines[3]).toBe("Rate limit: 2 requests per 60000 ms, with Retry-After");
      const url = /listening on (\S+)$/.exec(lines[0])![1];
      const running = { url, apiKey: "cli_rate_key" } as RunningEmulator;
      const first = Date.now();
      expect((await get(running)).status).toBe(200);
      expect((await get(running)).status).toBe(200);
      const limited = await get(running);
      expect(limited.status).toBe(429);
      expectRetryAfter(limited.retryAfter, first);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  });
});
