/**
 * `npm run bench` section "build": the production build (astro build + the /mcp function bundle, fresh
 * processes, SOURCE_DATE_EPOCH fixed) of the frozen history as shipped and with 1,000 and 10,000 synthetic
 * past events (scripts/bench/synthetic-history.ts), sizes alternating run by run so drift on a shared machine
 * hits all alike; medians. Targets (issue 14): +10k ≤ 2 × shipped, and growth from +1k to +10k no worse than
 * linear: (t10k − t0) / (t1k − t0) ≤ 10.
 */
import { rmSync } from 'node:fs';
import { FROZEN_EPOCH, writeSyntheticHistory } from './synthetic-history.ts';
import { productionBuild, removeBuild, type ProductionBuild } from './production-build.ts';
import { median } from './stats.ts';
import { fmt, table } from './table.ts';

export interface BuildScaleOptions {
  root: string;
  sizes: number[];
  runs: number;
  /** Called with the last build of each size, which the caller then owns (and removes). */
  keep?: (extra: number, build: ProductionBuild) => void;
}

const label = (extra: number): string => (extra === 0 ? 'shipped' : `+${extra >= 1000 && extra % 1000 === 0 ? `${extra / 1000}k` : fmt(extra)}`);

export async function benchBuildScale({ root, sizes, runs, keep }: BuildScaleOptions): Promise<string> {
  const dirs = new Map(sizes.map((n) => [n, writeSyntheticHistory(n)]));
  const samples = new Map(sizes.map((n) => [n, [] as ProductionBuild[]]));
  for (let run = 0; run < runs; run++) {
    for (const n of run % 2 === 0 ? sizes : [...sizes].reverse()) {
      const b = productionBuild(root, dirs.get(n)!, FROZEN_EPOCH);
      const mine = samples.get(n)!;
      mine.push(b);
      // Keep only the newest build of each size on disk.
      if (mine.length > 1) removeBuild(mine[mine.length - 2]!);
    }
  }
  for (const dir of dirs.values()) rmSync(dir, { recursive: true, force: true });
  const total = (b: ProductionBuild): number => b.astroMs + b.bundleMs;
  const med = new Map(sizes.map((n) => [n, median(samples.get(n)!.map(total))]));
  const t0 = med.get(0);
  const rows = sizes.map((n) => {
    const s = samples.get(n)!;
    return [
      label(n),
      fmt(69 + n),
      `${fmt(median(s.map((b) => b.astroMs)) / 1000, 2)} s`,
      `${fmt(median(s.map((b) => b.bundleMs)) / 1000, 2)} s`,
      `${fmt(med.get(n)! / 1000, 2)} s`,
      t0 === undefined ? '' : `${fmt(med.get(n)! / t0, 2)}×`,
      `${fmt(Math.max(...s.map((b) => b.astroPeakMiB)))} MiB`,
    ];
  });
  for (const n of sizes) keep?.(n, samples.get(n)!.at(-1)!);
  const lines = [
    `Build scale: the frozen history (69 events) plus N synthetic past events, one every 6 h before the first; production build = astro build + /mcp bundle, fresh processes; median of ${runs} runs, sizes alternating.`,
    '',
    table(['history', 'events', 'astro build', 'function bundle', 'total', '÷ shipped', 'astro peak RSS'], rows),
  ];
  const [t1k, t10k] = [med.get(1000), med.get(10000)];
  if (t0 !== undefined && t10k !== undefined) lines.push('', `+10k ÷ shipped: ${fmt(t10k / t0, 2)}× (target ≤ 2×)`);
  if (t0 !== undefined && t1k !== undefined && t10k !== undefined)
    lines.push(`growth (t10k − t0) ÷ (t1k − t0): ${fmt((t10k - t0) / (t1k - t0), 1)} (linear growth gives 10; target ≤ 10)`);
  return lines.join('\n');
}
