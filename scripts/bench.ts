/**
 * `npm run bench [-- options]`: the performance figures of issue 14, each a ratio against a baseline measured
 * in the same run (docs/performance.md shows a run and how to read it).
 *
 * 1. Build scale (scripts/bench/build-scale.ts): the production build of the frozen history as shipped and
 *    with synthetic past events (temp folders; data/ is never read or written), median of --runs runs.
 * 2. /mcp (scripts/bench/mcp-cold.ts): warm throughput and p50/p99, cold start to the first tools/call
 *    against a bare function, and the import cost by module, with the payloads of the shipped-history build.
 *
 * 3. Phrases (scripts/bench/phrases.ts, also `npm run bench:phrases`): the promise-phrase finder on 1, 16
 *    and 64 KB adversarial posts; 64 KB / 16 KB ≈ 4 means linear.
 *
 * Options: --sizes 0,1000,10000 (extra synthetic events per build; 0 = the shipped history), --runs 2,
 * --events N (shorthand for --sizes 0,N --runs 1: e.g. the 100k stress build), --step H (hours between
 * synthetic events; by default 6, or the largest whole number of hours that keeps N events after the X
 * epoch), --only build|mcp. BENCH_WARM_COUNT (5000) and BENCH_COLD_RUNS (15) size the /mcp section.
 */
import { resolve } from 'node:path';
import { benchBuildScale } from './bench/build-scale.ts';
import { benchMcp } from './bench/mcp-cold.ts';
import { benchPhrases } from './bench/phrases.ts';
import { removeBuild, type ProductionBuild } from './bench/production-build.ts';
import { BENCH } from './lib/commands/tools.ts';
import { envValue, parseCommand, refuse } from './lib/flags.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseCommand(BENCH);
const usage = (why: string): never => refuse(BENCH, why);
const count = (s: string, what: string): number => {
  const n = Number(s);
  if (!Number.isInteger(n) || n < 0) usage(`${what} must be a whole number ≥ 0, not ${JSON.stringify(s)}`);
  return n;
};
if (values.only !== undefined && !['build', 'mcp', 'phrases'].includes(values.only))
  usage(`--only is build, mcp or phrases, not ${JSON.stringify(values.only)}`);
const sizes =
  values.events !== undefined
    ? [0, count(values.events, '--events')]
    : (values.sizes ?? '0,1000,10000').split(',').map((s) => count(s, '--sizes'));
if (!sizes.includes(0)) sizes.unshift(0); // the shipped build is every ratio's baseline and the /mcp section's payloads
const runs = values.runs !== undefined ? count(values.runs, '--runs') : values.events !== undefined ? 1 : 2;
if (runs < 1) usage('--runs must be at least 1');
const stepHours = values.step === undefined ? undefined : Number(values.step);
if (stepHours !== undefined && !(stepHours > 0)) usage(`--step must be a positive number of hours, not ${JSON.stringify(values.step)}`);

console.log(`${benchPhrases()}\n`); // in-process and cheap (well under a second): always first
if (values.only === 'phrases') process.exit(0);

let shipped: ProductionBuild | undefined;
const kept: ProductionBuild[] = [];
try {
  const keep = (extra: number, b: ProductionBuild): void => {
    kept.push(b);
    if (extra === 0) shipped = b;
  };
  if (values.only !== 'mcp') {
    console.log(await benchBuildScale({ root, sizes: [...new Set(sizes)], runs, keep, ...(stepHours !== undefined ? { stepHours } : {}) }));
    console.log('');
  } else {
    await benchBuildScale({ root, sizes: [0], runs: 1, keep, quiet: true });
  }
  if (values.only !== 'build') {
    console.log(
      await benchMcp({
        root,
        build: shipped!,
        warmCount: Number(envValue(BENCH.env.warmCount) ?? 5000),
        coldRuns: Number(envValue(BENCH.env.coldRuns) ?? 15),
      }),
    );
  }
} finally {
  for (const b of kept) removeBuild(b);
}
