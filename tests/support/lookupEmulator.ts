/**
 * What the lookup tests against the emulator share (`tests/provider/lookups.test.ts`,
 * `tests/provider/sshCertificateCommon/lookup.test.ts`): one emulator for the file, seeded once,
 * with no ngrok environment variable or remembered stack config; a client built from a stack
 * config the caller hands over (as the program's process builds one); and what every paged list
 * is tested for: reading all its pages, and retrying a page.
 */
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { clientFromConfiguration, NgrokApiError, resetStackConfig } from "../../provider";
import type { NgrokClient } from "../../provider/client";
import { tracked } from "./requestLog";

const ENV_NAMES = ["NGROK_API_KEY", "NGROK_API_BASE_URL", "NGROK_RETRY_MAX_ATTEMPTS"] as const;

/**
 * Before the file's tests: clears the ngrok environment variables and the remembered stack config
 * (only the config a test hands over counts), starts an emulator and hands it to `seed` (within
 * `timeoutMs`). Before each test, clears its faults. After the tests, closes it and puts the
 * variables back.
 */
export function withLookupEmulator(
  seed: (emulator: RunningEmulator) => Promise<void>,
  timeoutMs: number,
): void {
  const saved: Record<string, string | undefined> = {};
  let emulator: RunningEmulator | undefined;
  beforeAll(async () => {
    for (const name of ENV_NAMES) {
      saved[name] = process.env[name];
      delete process.env[name];
    }
    resetStackConfig();
    emulator = await startEmulator({ port: 0 });
    await seed(emulator);
  }, timeoutMs);
  beforeEach(() => emulator!.faults.clear());
  afterAll(async () => {
    for (const name of ENV_NAMES) {
      if (saved[name] !== undefined) process.env[name] = saved[name];
    }
    await emulator?.close();
  });
}

/** A client for `emulator` from a stack config given by the caller (none is remembered). */
export function configuredClient(
  emulator: RunningEmulator,
  extra: Record<string, string> = {},
): NgrokClient {
  const values: Record<string, string> = {
    "ngrok:apiKey": emulator.apiKey,
    "ngrok:apiBaseUrl": emulator.url,
    ...extra,
  };
  return clientFromConfiguration({ get: (key) => values[key] });
}

/**
 * Runs `list`, which reads the collection `path` of `made` (oldest first, as the API answered
 * their creation; ids `<idPrefix>…`), and checks that it read 3 pages of 100 with 3 GETs and
 * nothing else, newest first; returns what it read.
 */
export async function listedInThreePages<T extends { readonly id: string }>(
  emulator: RunningEmulator,
  path: string,
  idPrefix: string,
  made: readonly Record<string, unknown>[],
  list: () => Promise<T[]>,
): Promise<T[]> {
  const { value, error, calls } = await tracked(emulator, list);
  expect(error).toBeUndefined();
  expect(calls).toHaveLength(3);
  expect(calls[0]).toBe(`GET ${path}?limit=100 200`);
  const page = new RegExp(`^GET ${path}\\?limit=100(&before_id=${idPrefix}\\w+)? 200$`);
  expect(calls.every((call) => page.test(call))).toBe(true);
  expect(value!.map((object) => object.id)).toEqual(made.map((object) => object.id).reverse());
  return value!;
}

/**
 * The retry tests of a paged list (`list`, of the collection `path`, which holds `count` objects
 * on 3 pages): a page answered 503 is asked again; with one attempt configured, the 503 fails it.
 * `emulator` gives the file's emulator once it has started.
 */
export function pagedListRetryTests(
  emulator: () => RunningEmulator,
  path: string,
  count: number,
  list: (client: NgrokClient) => Promise<readonly unknown[]>,
): void {
  test("a page answered 503 is asked again, as the provider retries any GET", async () => {
    emulator().faults.add({ method: "GET", path, status: 503, count: 1, probability: 1 });
    const { value, calls } = await tracked(emulator(), () => list(configuredClient(emulator())));
    expect(calls).toHaveLength(4);
    expect(calls[0]).toBe(`GET ${path}?limit=100 503`);
    expect(calls.slice(1).every((call) => call.startsWith("GET ") && call.endsWith(" 200"))).toBe(
      true,
    );
    expect(value).toHaveLength(count);
  });

  test("the retry settings of the given config apply: one attempt, the 503 fails the lookup", async () => {
    emulator().faults.add({ method: "GET", path, status: 503, count: 1 });
    const { error, calls } = await tracked(emulator(), () =>
      list(configuredClient(emulator(), { "ngrok:retryMaxAttempts": "1" })),
    );
    expect(calls).toEqual([`GET ${path}?limit=100 503`]);
    expect(NgrokApiError.isInstance(error)).toBe(true);
  });
}
