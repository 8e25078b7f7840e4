/**
 * Progress lines on stderr, so that stdout carries only the final table.
 *
 * @module
 */

const started = Date.now();

/** Writes `[  12.3 s] message` to stderr. */
export function progress(message: string): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[${seconds} s] ${message}\n`);
}

/** Seconds since the benchmark started. */
export function elapsedSeconds(): number {
  return (Date.now() - started) / 1000;
}
