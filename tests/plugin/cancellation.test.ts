/**
 * Work in flight stops when the engine no longer waits for it (issue #33 §5): `Cancel` ends an
 * operation's retry loop at once, a Create's `timeout` (`customTimeouts`) is its deadline, and in
 * both cases the work behind it stops too: the API receives no further request. The plugin exits
 * once the engine it was started with is gone; a plugin started without one serves every engine
 * that attaches (`Attach`, as `PULUMI_DEBUG_PROVIDERS` makes the engine do), one run after
 * another, and outlives each.
 *
 * Timing margins: the emulator answers every request 429 (with `Retry-After: 1`), so an
 * operation left alone would retry for `retryDeadlineSeconds` (300 s); each assertion allows
 * several seconds over the expected moment for a busy 2-core machine, far below that. "No further
 * request" is the emulator's count staying flat for {@link FLAT_MS} (3 s) after the operation's
 * answer: an operation still retrying would send its next attempt within 1 to 2 s of its first
 * (Retry-After 1 s, then a back-off of up to 1 s) and its third 2 to 5 s after the start (a
 * back-off of up to 2 s), so a leak shows within that window.
 */
import * as pluginproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { toStruct } from "../../plugin/properties";
import * as harness from "./pluginProcess";

const CA = "ngrok-dynamic:index:SshCertificateAuthority";

let emulator: RunningEmulator;
const started: { plugin: harness.PluginProcess; engine: harness.FakeEngine }[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, faults: [{ status: 429, retryAfter: 1 }] });
});
afterAll(async () => {
  for (const { plugin, engine } of started) {
    await plugin.close();
    engine.kill();
  }
  await emulator?.close();
});

/** A plugin of its own (Cancel is for good), configured for the emulator, paced off. */
async function configuredPlugin(args?: string[]): Promise<harness.PluginProcess> {
  const engine = await harness.startFakeEngine();
  const plugin = await harness.startPlugin(args === undefined ? engine.address : "", {
    PULUMI_NGROK_DYNAMIC_DEBUG: "1",
  });
  started.push({ plugin, engine });
  const request = new provproto.ConfigureRequest();
  request.setArgs(
    toStruct({
      apiKey: emulator.apiKey,
      apiBaseUrl: emulator.url,
      maxRequestsPerMinute: "0",
      retryMaxAttempts: "100",
    }),
  );
  await harness.call((r, cb) => plugin.client.configure(r, cb), request);
  return plugin;
}

/** Creates a CA, with `timeout` seconds; resolves with how it failed and after how long. */
async function failedCreate(plugin: harness.PluginProcess, timeout = 0) {
  const request = new provproto.CreateRequest();
  request.setUrn(`urn:pulumi:dev::cancel::${CA}::ca`).setType(CA).setName("ca");
  request.setProperties(toStruct({ privateKeyType: "ed25519" })).setTimeout(timeout);
  const start = Date.now();
  try {
    await harness.call((r, cb) => plugin.client.create(r, cb), request);
  } catch (error) {
    return { message: (error as Error).message, seconds: (Date.now() - start) / 1000 };
  }
  throw new Error("the create succeeded");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long the emulator's request count must stay flat after an aborted operation answers. */
const FLAT_MS = 3000;

/** Resolves once the emulator has received a POST more than `before` (polling, at most 10 s). */
async function nextPost(before: number): Promise<void> {
  const end = Date.now() + 10_000;
  while (emulator.requests.filter((r) => r.method === "POST").length <= before) {
    if (Date.now() > end) throw new Error("no POST reached the emulator");
    await sleep(20);
  }
}

test("Cancel ends a create's retry loop at once, and the API receives nothing more", async () => {
  const plugin = await configuredPlugin();
  const before = emulator.requests.filter((r) => r.method === "POST").length;
  const failing = failedCreate(plugin);
  await nextPost(before); // answered 429: it waits to retry
  const cancelledAt = Date.now();
  await harness.call((r, cb) => plugin.client.cancel(r, cb), new Empty());
  const { message, seconds } = await failing;
  expect(message).toMatch(/the operation was cancelled \(the engine sent Cancel\)/);
  expect(message).toMatch(/POST \/ssh_certificate_authorities was not sent \(again\)/);
  // Answered within 2 s of Cancel (at once, plus a busy machine's delay), not after 300 s.
  expect((Date.now() - cancelledAt) / 1000).toBeLessThan(2);
  expect(seconds).toBeLessThan(5);
  const count = emulator.requests.length;
  await sleep(FLAT_MS);
  expect(emulator.requests.length).toBe(count);
});

test("a create with a timeout of 2 s against an API that always answers 429 fails after about 2 s, and stops", async () => {
  const plugin = await configuredPlugin();
  const { message, seconds } = await failedCreate(plugin, 2);
  expect(message).toMatch(/Create did not finish within its timeout of 2 s \(customTimeouts\)/);
  // 2 s, with 2 s of margin for a busy machine; without the deadline it retries for 300 s.
  expect(seconds).toBeGreaterThanOrEqual(1.9);
  expect(seconds).toBeLessThan(4);
  const count = emulator.requests.length;
  await sleep(FLAT_MS);
  expect(emulator.requests.length).toBe(count);
});

test("the plugin exits once its engine is gone", async () => {
  const plugin = await configuredPlugin();
  const { engine } = started[started.length - 1];
  await sleep(1500); // the engine answered at least one check
  const killedAt = Date.now();
  engine.kill();
  const code = await plugin.exited;
  // One check a second, and a refused connection fails at once: 6 s of margin.
  expect((Date.now() - killedAt) / 1000).toBeLessThan(6);
  expect(code).toBe(0);
  expect(plugin.output()).toMatch(/no longer answers: exiting/);
});

test("an attached plugin outlives its engine: a second engine attaches and gets the log", async () => {
  const plugin = await configuredPlugin([]);
  expect(plugin.output()).toMatch(/PULUMI_DEBUG_PROVIDERS="ngrok-dynamic:\d+"/);
  for (let run = 1; run <= 2; run++) {
    const engine = await harness.startFakeEngine();
    started.push({ plugin, engine });
    await harness.call(
      (r, cb) => plugin.client.attach(r, cb),
      new pluginproto.PluginAttach().setAddress(engine.address),
    );
    const { message } = await failedCreate(plugin, 5);
    expect(message).toMatch(/timeout of 5 s/);
    await sleep(200);
    // The create's log (its POST, or on a busy machine the GET that looks for what it made).
    expect(engine.lines.join("\n")).toMatch(/ \/ssh_certificate_authorities/);
    // The engine leaves, as `pulumi up` ends: the plugin is not watching it and serves on.
    engine.kill();
    await sleep(2500); // more than two health-check intervals of a watched engine
    expect(plugin.child.exitCode).toBe(null);
    expect(plugin.output()).not.toMatch(/exiting/);
  }
});
