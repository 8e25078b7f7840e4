/**
 * One provider call and the API requests it made, for tests that count requests against the
 * emulator.
 */

/** What {@link tracked} reports: the call's value or error, and its requests. */
export interface Tracked<T> {
  readonly value?: T;
  readonly error?: unknown;
  /** `"<METHOD> <path with query> <status>"`, in order. */
  readonly calls: string[];
}

/** Runs `call`; returns what it resolved or rejected with, and the requests `api` recorded meanwhile. */
export async function tracked<T>(
  api: { readonly requests: ReadonlyArray<{ method: string; path: string; status: number }> },
  call: () => Promise<T>,
): Promise<Tracked<T>> {
  const before = api.requests.length;
  let value: T | undefined;
  let error: unknown;
  try {
    value = await call();
  } catch (caught) {
    error = caught;
  }
  // The recorder appends in fastify's onResponse hook; let it run.
  await new Promise((resolve) => setImmediate(resolve));
  const calls = api.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`);
  return { value, error, calls };
}
