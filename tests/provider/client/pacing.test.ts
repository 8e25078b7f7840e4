/**
 * The client's pacing against the emulator's rate limit (a rolling window per API key, 429
 * ERR_NGROK_226 with Retry-After beyond it), on short windows to keep the tests quick:
 * - 300 creates asked at once, as the engine asks for a stack's resources, then 300 deletes: no
 *   429, and about as quick as the rate allows;
 * - a 429 one request gets holds the requests queued behind it until its Retry-After passes;
 * - the wait ends up in the error of a request that fails after it; list pages are paced too;
 * - the retry deadline counts from the first sending, not from the queue;
 * - a second process started right after a first one knows the window the first one filled.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { z } from "zod";
import { startEmulator, type RunningEmulator } from "../../../emulator/index";
import { NgrokClient, type NgrokClientOptions } from "../../../provider";
import { callApi } from "../../support/emulatorApi";
import { REPO } from "../../support/stack";

const emulators: RunningEmulator[] = [];

afterAll(async () => {
  await Promise.all(emulators.map((e) => e.close()));
});

/**
 * An emulator limited to `requests` per `windowMs`, answering its 429s with a `Retry-After`
 * unless `retryAfter` is false (ngrok documents none; the emulator sends one only when asked).
 */
async function emulatorLimitedTo(
  requests: number,
  windowMs: number,
  retryAfter = true,
): Promise<RunningEmulator> {
  const emulator = await startEmulator({ port: 0, rateLimit: { requests, windowMs, retryAfter } });
  emulators.push(emulator);
  return emulator;
}

function clientOf(emulator: RunningEmulator, options: NgrokClientOptions): NgrokClient {
  return new NgrokClient({ apiKey: emulator.apiKey, baseUrl: emulator.url }, options);
}

const RETRY = { attempts: 10, startingDelayMs: 10, maxDelayMs: 5000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const refusals = (emulator: RunningEmulator, from = 0) =>
  emulator.requests.slice(from).filter((r) => r.status === 429).length;

const CREATED = z.object({ id: z.string() });
const PAGE = z.object({
  ssh_certificate_authorities: z.array(CREATED),
  next_page_uri: z.string().nullable().optional(),
});

function createCa(client: NgrokClient, i: number): Promise<{ id: string }> {
  return client.request({
    method: "POST",
    path: "/ssh_certificate_authorities",
    body: { private_key_type: "ed25519", description: `paced ${i}` },
    schema: CREATED,
  });
}

test("300 creates asked at once, then 300 deletes: no 429, near the floor of requests ÷ rate", async () => {
  const limit = { requests: 100, windowMs: 1000 };
  const emulator = await emulatorLimitedTo(limit.requests, limit.windowMs);
  const client = clientOf(emulator, { rateLimit: limit, retry: RETRY });
  const started = Date.now();
  const created = await Promise.all(Array.from({ length: 300 }, (_, i) => createCa(client, i)));
  await Promise.all(
    created.map(({ id }) =>
      client.request({ method: "DELETE", path: `/ssh_certificate_authorities/${id}` }),
    ),
  );
  const elapsed = Date.now() - started;
  expect(emulator.requests).toHaveLength(600);
  expect(refusals(emulator)).toBe(0);
  expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
  // 600 requests at 100 per s: 6 s by the floor; the first 100 go at once, the last 100 at 5 s
  // at the earliest. A slot's second counts from its answer, and on this 1 s scale the
  // emulator's time to answer 100 creates at once (key generation) is not negligible, as ngrok's
  // latency is against its 60 s, and more so on a loaded machine: hence the loose upper bound.
  expect(elapsed).toBeGreaterThanOrEqual(5000);
  expect(elapsed).toBeLessThan(6000 * 3);
  process.stdout.write(`pacing: 600 requests in ${elapsed} ms, floor 6000 ms\n`);
}, 60_000);

test("a 429 holds the requests queued behind it until its Retry-After passes", async () => {
  const emulator = await emulatorLimitedTo(5, 3000);
  // Someone else fills the account's window.
  for (let i = 0; i < 5; i++) await callApi(emulator, "GET", "/ssh_certificate_authorities");
  const lines: string[] = [];
  const client = clientOf(emulator, {
    rateLimit: { requests: 5, windowMs: 3000 },
    retry: RETRY,
    log: (line) => lines.push(line),
  });
  const list = () => client.request({ method: "GET", path: "/ssh_certificate_authorities" });
  const first = list();
  const queued: Promise<unknown>[] = [];
  try {
    // The client has read the 429 once it decides to retry.
    while (!lines.some((line) => line.includes("after HTTP 429"))) await sleep(5);
    expect(emulator.requests[5].status).toBe(429);
    queued.push(...Array.from({ length: 20 }, list));
    await sleep(1000);
    // Nothing was sent during the Retry-After (at least 1 s), though the pacer had slots free.
    expect(emulator.requests).toHaveLength(6);
    await Promise.all([first, ...queued]);
    expect(refusals(emulator)).toBe(1);
  } finally {
    // Never leave requests running past the test (Jest blames their failures on later files).
    await Promise.allSettled([first, ...queued]);
  }
}, 60_000);

test("without a Retry-After, a 429 makes the queue wait out the window instead of bursting", async () => {
  const emulator = await emulatorLimitedTo(5, 3000, false);
  // Someone else fills the account's window.
  for (let i = 0; i < 5; i++) await callApi(emulator, "GET", "/ssh_certificate_authorities");
  const client = clientOf(emulator, { rateLimit: { requests: 5, windowMs: 3000 }, retry: RETRY });
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, () =>
      client.request({ method: "GET", path: "/ssh_certificate_authorities" }),
    ),
  );
  expect(results.filter((r) => r.status === "rejected")).toEqual([]);
  expect(emulator.requests.slice(5).filter((r) => r.status === 200)).toHaveLength(20);
  // The slots the pacer thought free were taken: after the first refusals, it spreads the rest.
  expect(refusals(emulator)).toBeLessThanOrEqual(6);
  expect(emulator.requests[5].status).toBe(429);
  expect(emulator.requests.every((r) => r.method === "GET")).toBe(true);
}, 60_000);

test("without pacing, the same requests each run into the full window", async () => {
  const emulator = await emulatorLimitedTo(5, 3000);
  for (let i = 0; i < 5; i++) await callApi(emulator, "GET", "/ssh_certificate_authorities");
  const client = clientOf(emulator, { retry: { ...RETRY, attempts: 1 } });
  const results = await Promise.allSettled(
    Array.from({ length: 21 }, () =>
      client.request({ method: "GET", path: "/ssh_certificate_authorities" }),
    ),
  );
  expect(results.filter((r) => r.status === "rejected")).toHaveLength(21);
  expect(refusals(emulator)).toBe(21);
});

test("the error of a request that waited says how long it waited on the rate limit", async () => {
  const emulator = await emulatorLimitedTo(100, 1000);
  const client = clientOf(emulator, { rateLimit: { requests: 1, windowMs: 1500 }, retry: RETRY });
  const get = () =>
    client.request({ method: "GET", path: "/ssh_certificate_authorities/sshca_unknown" });
  const [first, second] = await Promise.allSettled([get(), get()]);
  expect(first.status === "rejected" && (first.reason as Error).message).toMatch(
    /^ngrok API 404 .*\)$/,
  );
  expect(second.status === "rejected" && (second.reason as Error).message).toMatch(
    /^ngrok API 404 .*\); waited (1\.[5-9]|[2-9]\.\d) s on the rate limit$/,
  );
});

test("list pages wait for their slots like any request", async () => {
  const emulator = await emulatorLimitedTo(100, 1000);
  const unpaced = clientOf(emulator, {});
  for (let i = 0; i < 3; i++) await createCa(unpaced, i);
  await sleep(1000);
  const client = clientOf(emulator, { rateLimit: { requests: 1, windowMs: 400 } });
  const before = emulator.requests.length;
  const started = Date.now();
  const items: unknown[] = [];
  const path = "/ssh_certificate_authorities?limit=1";
  for await (const ca of client.list(path, "ssh_certificate_authorities", PAGE)) {
    items.push(ca);
  }
  const pages = emulator.requests.length - before;
  expect(items).toHaveLength(3);
  expect(pages).toBeGreaterThanOrEqual(3);
  expect(Date.now() - started).toBeGreaterThanOrEqual((pages - 1) * 400);
});

test("the retry deadline counts from the first sending, not from the time in the queue", async () => {
  const emulator = await emulatorLimitedTo(100, 1000);
  emulator.faults.add({
    method: "GET",
    path: "/ssh_certificate_authorities/*",
    status: 503,
    count: 1,
  });
  const client = clientOf(emulator, {
    rateLimit: { requests: 1, windowMs: 1500 },
    retry: { ...RETRY, deadlineMs: 1000 },
  });
  await client.request({ method: "GET", path: "/ssh_certificate_authorities" });
  // Waits 1.5 s for its slot, gets the 503, and is still retried (its budget starts at sending).
  await expect(
    client.requestUnlessNotFound({ method: "GET", path: "/ssh_certificate_authorities/sshca_x" }),
  ).resolves.toBeUndefined();
  expect(emulator.requests.map((r) => r.status)).toEqual([200, 503, 404]);
});

test("a process started right after another knows the window the first one filled", async () => {
  const emulator = await emulatorLimitedTo(10, 3000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pacing-"));
  const script = path.join(dir, "burst.js");
  fs.writeFileSync(
    script,
    `const { NgrokClient } = require(${JSON.stringify(path.join(REPO, "dist/provider"))});
const client = new NgrokClient(
  { apiKey: process.env.KEY, baseUrl: process.env.URL },
  { rateLimit: { requests: 10, windowMs: 3000 }, retry: { attempts: 1 } },
);
Promise.all(
  Array.from({ length: 10 }, () => client.request({ method: "GET", path: "/ssh_certificate_authorities" })),
).then(() => process.exit(0), (error) => { console.error(error.message); process.exit(1); });
`,
  );
  const env = { ...process.env, KEY: emulator.apiKey, URL: emulator.url };
  const run = promisify(execFile);
  try {
    await run(process.execPath, [script], { env });
    const started = Date.now();
    await run(process.execPath, [script], { env });
    const second = Date.now() - started;
    expect(refusals(emulator)).toBe(0);
    expect(emulator.requests).toHaveLength(20);
    // The second burst waited for the first one's answers to leave the 3 s window.
    expect(second).toBeGreaterThanOrEqual(2000);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
