/** Small statistics for the benchmarks and the Lighthouse gate: the median and nearest-rank percentiles of samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new RangeError('percentile of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** The conventional median: the middle sample, or the mean of the two middle ones for an even count. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new RangeError('median of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The median of wait + work, where the wait is uniform on [0, periodMs) (a post lands at a uniform moment
 * before the next scheduled run) and the work is drawn from `works` (measured samples): the t at which
 * the mean over samples of clamp((t − w) / period, 0, 1) reaches one half, found by bisection to 1 ms.
 */
export function medianWithUniformWait(works: readonly number[], periodMs: number): number {
  if (works.length === 0) throw new RangeError('median of no samples');
  const cdf = (t: number): number => works.reduce((s, w) => s + Math.min(1, Math.max(0, (t - w) / periodMs)), 0) / works.length;
  let lo = Math.min(...works);
  let hi = Math.max(...works) + periodMs;
  while (hi - lo > 1) {
    const mid = (lo + hi) / 2;
    if (cdf(mid) < 0.5) lo = mid;
    else hi = mid;
  }
  return hi;
}
