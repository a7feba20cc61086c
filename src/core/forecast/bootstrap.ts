/**
 * Moving-block bootstrap intervals for scores of a time series of forecasts: consecutive issues are
 * strongly dependent (overlapping windows, the same gap), so whole blocks of 28 days are resampled.
 * Blocks wrap around the end of the series (the circular variant, Politis & Romano 1992), so every
 * issue is equally likely to be drawn. A seeded PRNG makes every build byte-identical. Each resample
 * sums whole blocks from prefix sums, so its cost is the number of blocks, not of issues: the total is
 * O(issues + replicates × issues / block length).
 */
import { mulberry32 } from '../random.ts';

export const BLOCK_DAYS = 28;
export const REPLICATES = 2000;
export const LEVEL = 0.9;
export const SEED = 20260601;

export interface Interval {
  lower: number;
  upper: number;
}

/** Linear-interpolation quantile (type 7) of an ascending array. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/** Issues per block: the series' issues spanning `blockHours` on average (at least 1, at most all). */
export function blockLength(n: number, spanHours: number, blockHours = BLOCK_DAYS * 24): number {
  if (n <= 1 || !(spanHours > 0)) return Math.max(1, n);
  return Math.min(n, Math.max(1, Math.round(((n - 1) * blockHours) / spanHours)));
}

export interface BootstrapOptions {
  blockLength: number;
  replicates?: number;
  level?: number;
  seed?: number;
}

/**
 * The central `level` percentile interval of `statistic` over circular block resamples of the series
 * (all the same length n). `statistic` gets the resample's sum of each series and n; replicates where
 * it is not finite are dropped. Null when the series is empty or no replicate is finite.
 */
export function blockBootstrap(
  series: readonly (readonly number[])[],
  statistic: (sums: readonly number[], n: number) => number,
  opts: BootstrapOptions,
): Interval | null {
  const n = series[0]?.length ?? 0;
  if (n === 0) return null;
  const prefix = series.map((xs) => {
    const pre = new Float64Array(n + 1);
    for (let i = 0; i < n; i++) pre[i + 1] = pre[i]! + xs[i]!;
    return pre;
  });
  const length = Math.max(1, Math.min(n, Math.round(opts.blockLength)));
  const random = mulberry32(opts.seed ?? SEED);
  const values: number[] = [];
  const k = prefix.length;
  const sums = new Array<number>(k).fill(0);
  const replicates = opts.replicates ?? REPLICATES;
  for (let r = 0; r < replicates; r++) {
    sums.fill(0);
    for (let drawn = 0; drawn < n; drawn += length) {
      const start = Math.floor(random() * n);
      const end = start + Math.min(length, n - drawn);
      for (let j = 0; j < k; j++) {
        const pre = prefix[j]!;
        sums[j]! += end <= n ? pre[end]! - pre[start]! : pre[n]! - pre[start]! + pre[end - n]!;
      }
    }
    const v = statistic(sums, n);
    if (Number.isFinite(v)) values.push(v);
  }
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  const tail = (1 - (opts.level ?? LEVEL)) / 2;
  return { lower: quantile(values, tail), upper: quantile(values, 1 - tail) };
}

/** Interval of the Brier skill 1 − Σ model loss / Σ reference loss (paired: the same issues for both). */
export function skillInterval(model: readonly number[], reference: readonly number[], opts: BootstrapOptions): Interval | null {
  return blockBootstrap([model, reference], ([m, r]) => 1 - m! / r!, opts);
}

/** Interval of the skill against climatology: the resample's own base rate ō, whose Brier score is ō(1 − ō). */
export function climatologySkillInterval(model: readonly number[], outcomes: readonly number[], opts: BootstrapOptions): Interval | null {
  return blockBootstrap(
    [model, outcomes],
    ([m, o], n) => {
      const base = o! / n;
      return 1 - m! / n / (base * (1 - base));
    },
    opts,
  );
}
