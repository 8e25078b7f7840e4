/**
 * The statistics the benchmark reports: every figure is the median of several runs, with the
 * minimum and maximum beside it, and comparisons are ratios measured in the same run.
 *
 * @module
 */

/** A figure over several runs. */
export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** How many runs it summarizes. */
  readonly runs: number;
}

/** The median (mean of the two middle values for an even count), minimum and maximum. */
export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) {
    throw new Error("no values to summarize");
  }
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: values.length };
}

/** The same value in every run (a count, a size). */
export function exact(value: number, runs = 1): Summary {
  return { median: value, min: value, max: value, runs };
}

/**
 * `ours` against `baseline`, measured in alternation: the figure is the ratio of the medians, and
 * min and max are the extremes of the per-round ratios `ours[i] / baseline[i]`.
 */
export function ratio(ours: readonly number[], baseline: readonly number[]): Summary {
  if (ours.length !== baseline.length) {
    throw new Error(`ratio of ${ours.length} runs against ${baseline.length}`);
  }
  const perRound = ours.map((value, i) => value / baseline[i]);
  const { min, max } = summarize(perRound);
  return {
    median: summarize(ours).median / summarize(baseline).median,
    min,
    max,
    runs: ours.length,
  };
}

/** The nearest-rank percentile `p` (0 < p ≤ 100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) {
    throw new Error("no values for a percentile");
  }
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
