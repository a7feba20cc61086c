/**
 * `npm run bench` section "build": the production build (astro build + the /mcp function bundle, fresh
 * processes, SOURCE_DATE_EPOCH fixed) of the frozen history as shipped and with N synthetic past events
 * (scripts/bench/synthetic-history.ts, in temp folders), sizes alternating run by run so drift on a shared
 * machine hits all alike; medians. Targets (issue 14): +10k ≤ 2 × shipped, and growth from +1k to +10k
 * no worse than linear.
 */
import { rmSync } from 'node:fs';
import { FROZEN_EPOCH, frozenEvents, stepHoursFor, writeSyntheticHistory } from './synthetic-history.ts';
import { productionBuild, removeBuild, type ProductionBuild } from './production-build.ts';
import { median } from './stats.ts';
import { fmt, table } from './table.ts';

export interface BuildScaleOptions {
  root: string;
  /** Extra synthetic events per size; 0 is the shipped history, every ratio's baseline. */
  sizes: number[];
  runs: number;
  /** Hours between synthetic events (default: stepHoursFor each size). */
  stepHours?: number;
  /** Called with the last build of each size, which the caller then owns (and removes). */
  keep?: (extra: number, build: ProductionBuild) => void;
  /** Build only (for the /mcp section's payloads): no table. */
  quiet?: boolean;
}

const label = (extra: number): string =>
  extra === 0 ? 'shipped' : `+${extra >= 1000 && extra % 1000 === 0 ? `${fmt(extra / 1000)}k` : fmt(extra)}`;
const seconds = (ms: number): string => `${fmt(ms / 1000, 2)} s`;

export async function benchBuildScale({ root, sizes, runs, stepHours, keep, quiet = false }: BuildScaleOptions): Promise<string> {
  const real = frozenEvents().events;
  const steps = new Map(sizes.map((n) => [n, stepHours ?? stepHoursFor(n, real[0]!.ts)]));
  const dirs = new Map(sizes.map((n) => [n, writeSyntheticHistory(n, undefined, { stepHours: steps.get(n)! })]));
  const samples = new Map(sizes.map((n) => [n, [] as ProductionBuild[]]));
  try {
    for (let run = 0; run < runs; run++) {
      for (const n of run % 2 === 0 ? sizes : [...sizes].reverse()) {
        const b = productionBuild(root, dirs.get(n)!, FROZEN_EPOCH);
        const mine = samples.get(n)!;
        mine.push(b);
        // Keep only the newest build of each size on disk.
        if (mine.length > 1) removeBuild(mine[mine.length - 2]!);
      }
    }
  } finally {
    for (const dir of dirs.values()) rmSync(dir, { recursive: true, force: true });
  }
  for (const n of sizes) keep?.(n, samples.get(n)!.at(-1)!);
  if (quiet) return '';

  const total = (b: ProductionBuild): number => b.astroMs + b.bundleMs;
  const med = new Map(sizes.map((n) => [n, median(samples.get(n)!.map(total))]));
  const t0 = med.get(0)!;
  const rows = sizes.map((n) => {
    const s = samples.get(n)!;
    return [
      label(n),
      fmt(real.length + n),
      n === 0 ? '' : `${fmt(steps.get(n)!)} h`,
      seconds(median(s.map((b) => b.astroMs))),
      seconds(median(s.map((b) => b.bundleMs))),
      seconds(med.get(n)!),
      `${fmt(med.get(n)! / t0, 2)}×`,
      n === 0 ? '' : `${fmt((med.get(n)! - t0) / (n / 1000))} ms`,
      `${fmt(Math.max(...s.map((b) => b.astroPeakMiB)))} MiB`,
    ];
  });
  const lines = [
    `Build scale: the frozen history (${real.length} events) plus N synthetic past events before its first; ` +
      `production build = astro build + /mcp bundle, fresh processes, SOURCE_DATE_EPOCH fixed; median of ${runs} ` +
      `run${runs === 1 ? '' : 's'} per size, sizes alternating.`,
    '',
    table(
      ['history', 'events', 'every', 'astro build', 'function bundle', 'total', '÷ shipped', 'extra per 1k events', 'astro peak RSS'],
      rows,
    ),
  ];
  const [t1k, t10k] = [med.get(1000), med.get(10000)];
  if (t10k !== undefined) lines.push('', `+10k ÷ shipped: ${fmt(t10k / t0, 2)}× (target ≤ 2×)`);
  if (t1k !== undefined && t10k !== undefined)
    lines.push(
      `+1k → +10k: ten times the events, ${fmt(t10k / t1k, 2)}× the build time (linear or better: ≤ 10×); extra ` +
        `time per 1,000 events ${fmt(t1k - t0)} ms at +1k, ${fmt((t10k - t0) / 10)} ms at +10k (linear growth ` +
        `keeps these equal, quadratic makes the second about ten times the first)`,
    );
  return lines.join('\n');
}
