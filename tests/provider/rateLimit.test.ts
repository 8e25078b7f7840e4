/**
 * Through the rate limit: 300 provider operations across both resources, 10 at a time, against
 * the emulator limiting as ngrok does (a number of requests per rolling window per API key, then
 * 429 ERR_NGROK_226 with Retry-After). The window is shortened to keep the test quick; the limit
 * is kept small enough that the operations need several windows. Every operation must succeed,
 * and the emulator must end empty: first with the provider's pacing off
 * (`ngrok:maxRequestsPerMinute` 0), where the limiter must really have refused requests; then
 * with pacing on at the emulator's scaled rate, where it must refuse none, so fewer requests are
 * sent for the same operations.
 */
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import {
  httpsEdgeRouteSamlProvider as saml,
  resetStackConfig,
  sshCertificateAuthorityProvider as ssh,
} from "../../provider";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { configureProvider } from "../support/configureProvider";
import { readIdpMetadata } from "../support/fixtures";

const OKTA = readIdpMetadata("okta.xml");
const PROVIDER_TEXT = "serialized provider text";
/** 60 requests per rolling 2 s: the same shape as ngrok's 120 per 60 s, quicker. */
const LIMIT = { requests: 60, windowMs: 2000 };
const CONCURRENCY = 10;
/** SSH CA lifecycles (create, read, update, delete: 4 operations each). */
const CA_LIFECYCLES = 55;
/** SAML module lifecycles (create, read, update, delete: 4 operations each). */
const SAML_LIFECYCLES = 20;

/** The test-only variable scaling the provider's pacing window (provider/client/configuration.ts). */
const WINDOW_ENV = "PULUMI_NGROK_DYNAMIC_RATE_WINDOW_MS";

let emulator: RunningEmulator;
const runs: Record<string, { requests: number; refused: number; ms: number }> = {};

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, rateLimit: LIMIT });
});

afterAll(async () => {
  resetStackConfig();
  delete process.env[WINDOW_ENV];
  await emulator.close();
});

/** Runs `tasks` with at most `limit` in flight; resolves to their results in order. */
async function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  });
  await Promise.all(workers);
  return results;
}

/** Runs the 300 operations; returns the count of operations and the requests they sent. */
async function runOperations(): Promise<{
  operations: number;
  requests: Array<{ status: number }>;
  ms: number;
}> {
  // Routes to hang the SAML modules on, made before the limiter matters (and waited out).
  const routes: Array<{ edgeId: string; routeId: string }> = [];
  for (let i = 0; i < SAML_LIFECYCLES; i++) {
    const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
    routes.push({ edgeId, routeId: routeIds[0] });
    if (i % 20 === 19) await new Promise((resolve) => setTimeout(resolve, LIMIT.windowMs));
  }
  await new Promise((resolve) => setTimeout(resolve, LIMIT.windowMs));
  const before = emulator.requests.length;
  const started = Date.now();
  let operations = 0;

  const caLifecycle = (i: number) => async () => {
    const inputs = { privateKeyType: "ed25519", description: `ca ${i}`, __provider: PROVIDER_TEXT };
    const checked = await ssh.check({}, inputs);
    expect(checked.failures ?? []).toEqual([]);
    const created = await ssh.create(checked.inputs as never);
    operations++;
    const read = await ssh.read(created.id, created.outs);
    expect(read.id).toBe(created.id);
    operations++;
    const news = { ...(checked.inputs as object), description: `ca ${i} v2` };
    const updated = await ssh.update(created.id, created.outs as never, news as never);
    expect(updated.outs?.description).toBe(`ca ${i} v2`);
    operations++;
    await ssh.delete(created.id, updated.outs as never);
    operations++;
  };

  const samlLifecycle = (i: number) => async () => {
    const { edgeId, routeId } = routes[i];
    const raw = { __provider: PROVIDER_TEXT, edgeId, routeId, idpMetadata: OKTA };
    const checked = await saml.check({}, raw);
    expect(checked.failures ?? []).toEqual([]);
    const created = await saml.create(checked.inputs as never);
    operations++;
    const read = await saml.read(created.id, created.outs);
    expect(read.id).toBe(created.id);
    operations++;
    const news = await saml.check({}, { ...raw, cookiePrefix: `r${i}-` });
    const updated = await saml.update(created.id, created.outs as never, news.inputs as never);
    expect((updated.outs as { cookiePrefix: string }).cookiePrefix).toBe(`r${i}-`);
    operations++;
    await saml.delete(created.id, updated.outs as never);
    operations++;
  };

  const tasks: Array<() => Promise<void>> = [];
  for (let i = 0; i < Math.max(CA_LIFECYCLES, SAML_LIFECYCLES); i++) {
    if (i < CA_LIFECYCLES) tasks.push(caLifecycle(i));
    if (i < SAML_LIFECYCLES) tasks.push(samlLifecycle(i));
  }
  await pool(tasks, CONCURRENCY);
  return { operations, requests: emulator.requests.slice(before), ms: Date.now() - started };
}

test("300 operations across both resources at concurrency 10 all succeed through the rate limit", async () => {
  await configureProvider(emulator, { "ngrok:maxRequestsPerMinute": "0" });
  const { operations, requests, ms } = await runOperations();
  const refused = requests.filter((r) => r.status === 429).length;
  expect(operations).toBe(4 * (CA_LIFECYCLES + SAML_LIFECYCLES));
  expect(operations).toBe(300);
  // The limiter really refused requests, and every one of them was retried to success.
  expect(refused).toBeGreaterThan(0);
  expect(requests.filter((r) => r.status >= 400 && r.status !== 429 && r.status !== 404)).toEqual(
    [],
  );
  const snapshot = emulator.snapshot();
  expect(snapshot.sshCertificateAuthorities).toEqual([]);
  expect(snapshot.samlModules).toEqual([]);
  process.stdout.write(
    `rate limit: ${operations} operations, ${requests.length} requests, ${refused} answered 429\n`,
  );
  runs.off = { requests: requests.length, refused, ms };
}, 240_000);

test("with pacing on at the emulator's rate, the same 300 operations get no 429 and send fewer requests", async () => {
  // 60 requests per 2 s, as the emulator counts: the provider's pacing at the same scale.
  process.env[WINDOW_ENV] = String(LIMIT.windowMs);
  await configureProvider(emulator, { "ngrok:maxRequestsPerMinute": String(LIMIT.requests) });
  // The window the previous run filled empties first (its requests were not paced).
  await new Promise((resolve) => setTimeout(resolve, LIMIT.windowMs));
  const { operations, requests, ms } = await runOperations();
  const refused = requests.filter((r) => r.status === 429).length;
  expect(operations).toBe(300);
  expect(refused).toBe(0);
  expect(requests.filter((r) => r.status >= 400 && r.status !== 404)).toEqual([]);
  const snapshot = emulator.snapshot();
  expect(snapshot.sshCertificateAuthorities).toEqual([]);
  expect(snapshot.samlModules).toEqual([]);
  runs.on = { requests: requests.length, refused, ms };
  if (runs.off !== undefined) {
    expect(runs.on.requests).toBeLessThan(runs.off.requests);
  }
  process.stdout.write(
    `rate limit, pacing off: ${JSON.stringify(runs.off)}; pacing on: ${JSON.stringify(runs.on)}\n`,
  );
}, 240_000);
