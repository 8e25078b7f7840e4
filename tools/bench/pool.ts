/**
 * Runs `count` tasks with at most `concurrency` in flight, as the engine runs independent steps
 * in parallel (`pulumi up --parallel`).
 *
 * @module
 */

/** Calls `task(0)` … `task(count - 1)`, `concurrency` at a time; rejects on the first failure. */
export async function runConcurrently(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
