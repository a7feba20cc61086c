/**
 * `npm run bench:cost`: a 30-day month of Resetcast priced in Netlify credits, meter by meter, for each
 * design of the registry (scripts/lib/cost/designs.ts), and which plans it fits (docs/cost.md). Deploys
 * come from the replay of the last 90 days of data/ under the pull's build rule as it ships and as it will be once the
 * pages are timetable states (scripts/lib/rebuild-replay.ts, replayTimetablePulls, as `npm run bench:rebuilds`); the
 * watcher's and /mcp's durations, the watcher's statements, database openings and Blobs requests per path and the
 * site's bytes are measured on a build of data/ (cost-measure.ts), or, with --no-measure, taken from the
 * stated figures below and labelled so. The design before this commit is priced from the figures measured on it.
 */
import { resolve } from 'node:path';
import { deriveAlerts } from '../../src/core/alerts/derive.ts';
import { parseDataset } from '../../src/core/dataset/index.ts';
import { SITE } from '../../src/core/site.ts';
import { toTimestamp } from '../../src/core/time.ts';
import { DAY_MS, MINUTE_MS } from '../../src/core/time-units.ts';
import { buildNow } from '../../src/io/clock.ts';
import { dataDir, readDataFiles } from '../../src/io/data-folder.ts';
import { BENCH_COST } from '../lib/commands/tools.ts';
import { DESIGNS, TRAFFIC, WATCH_PERIOD_MS, type Measurements, type RecordSpan } from '../lib/cost/designs.ts';
import { fixedCredits, gbHours, MONTH_MS, planFit, priceUsage, totalCredits } from '../lib/cost/price.ts';
import { CREDITS_PER_GB_HOUR, FUNCTION_MEMORY_MB, MONTH_DAYS } from '../lib/cost/rates.ts';
import { envValue, parseCommand, refuse } from '../lib/flags.ts';
import { lastSpan, replayTimetablePulls } from '../lib/rebuild-replay.ts';
import { measureMcp, measureSite, measureTimetable, measureWatcher } from './cost-measure.ts';
import { productionBuild, removeBuild } from './production-build.ts';

/**
 * What --no-measure prices: the figures `npm run bench:cost` measured on 2026-11-28 (docs/cost.md,
 * "Current result"): the live data/ built, the watcher against a local PostgreSQL 15 and the local Blobs
 * server, on the shared 2-core container.
 */
const STATED: Measurements = {
  source: 'stated',
  watcher: {
    quietMs: 7.3,
    alertMs: 50.5,
    dueAlertMs: 26.3,
    quietStatements: 0,
    quietOpened: 0,
    alertStatements: 16,
    dueAlertStatements: 8,
    quietBlobRequests: 3,
    alertBlobRequests: 19,
    dueAlertBlobRequests: 7,
  },
  mcp: { requestMs: 0.115, responseBytes: 1_076 },
  timetable: { requestMs: 0.14 },
  site: { pageViewRequests: 2, pageViewBytes: 6_034, apiBytes: 1_015 },
};
/** What the local measurement leaves out (X, the site, the database are on this machine), priced per this much waiting in each watcher run. */
const ROUND_TRIP_MS = 100;

const { values } = parseCommand(BENCH_COST);
const measure = values.measure !== false;
if (!measure && values.dist !== undefined) refuse(BENCH_COST, '--dist and --no-measure cannot go together: --dist is what is measured');
const positive = (flag: string, text: string | undefined, fallback: number): number => {
  const n = text === undefined ? fallback : Number(text);
  return Number.isInteger(n) && n > 0 ? n : refuse(BENCH_COST, `--${flag}: ${JSON.stringify(text)} is not a whole number above 0`);
};
const stepMs = positive('step-minutes', values['step-minutes'], 30) * MINUTE_MS;
const lastDays = positive('last-days', values['last-days'], 90);
const root = resolve(import.meta.dirname, '..', '..');
const clock = buildNow();
const data = parseDataset(readDataFiles(dataDir()), clock);

/** The last `lastDays` of the replay, with the posts and alerts that fall in it. */
function recordOf(): RecordSpan {
  const replay = replayTimetablePulls(data, stepMs);
  const pulls = lastSpan(replay, lastDays * DAY_MS);
  const pullsPagesStatic = lastSpan(replayTimetablePulls(data, stepMs, true), lastDays * DAY_MS);
  const to = replay.end;
  const from = pulls[0]!.t;
  const inside = (t: number): boolean => t >= from && t < to;
  return {
    days: (pulls.length * stepMs) / DAY_MS,
    stepMs,
    from,
    to,
    pulls,
    pullsPagesStatic,
    posts: data.events.map((e) => Date.parse(e.ts)).filter(inside),
    alerts: deriveAlerts(data, new Date(to), SITE.url)
      .map((a) => Date.parse(a.at))
      .filter(inside),
  };
}

async function measured(): Promise<{ m: Measurements; notes: string[] }> {
  const build = values.dist === undefined ? productionBuild(root, dataDir(), Math.floor(clock.getTime() / 1000)) : null;
  const dist = build?.outDir ?? resolve(values.dist!);
  try {
    const site = measureSite(dist);
    const mcp = await measureMcp(dist);
    const timetable = await measureTimetable(dist);
    const { engine, ...watcher } = await measureWatcher(dist, envValue(BENCH_COST.env.dbUrl));
    return {
      m: { source: 'measured', watcher, mcp, timetable, site },
      notes: [`measured on ${build ? `a build of ${dataDir()} into a temp folder` : dist}; the watcher's database: ${engine}`],
    };
  } finally {
    if (build) removeBuild(build);
  }
}

const fmt = (x: number, digits = 0): string => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;
const record = recordOf();
const { m, notes } = measure
  ? await measured()
  : { m: STATED, notes: ['--no-measure: nothing measured; every measured figure below is the stated one of docs/cost.md (2026-11-28)'] };
console.log(`bench:cost: a ${MONTH_DAYS}-day month on Netlify's credit plans (rates: scripts/lib/cost/rates.ts; docs/cost.md)`);
console.log(
  `record: ${dataDir()}, the last ${fmt(record.days, 1)} days (${toTimestamp(new Date(record.from))} → ${toTimestamp(new Date(record.to))}), ` +
    `pulls every ${stepMs / MINUTE_MS} min; ${record.posts.length} posts, ${record.alerts.length} alerts`,
);
console.log(
  `traffic (stated): ${fmt(TRAFFIC.pageViews)} page views and ${fmt(TRAFFIC.apiRequests)} API requests a month, ` +
    `${TRAFFIC.mcpShare * 100} % of them POST /mcp`,
);
for (const n of notes) console.log(n);
const perRoundTrip =
  gbHours({ invocations: MONTH_MS / WATCH_PERIOD_MS, durationMs: ROUND_TRIP_MS, memoryMb: FUNCTION_MEMORY_MB }) * CREDITS_PER_GB_HOUR;
console.log(
  `not measured: the real hosts' round trips (X, the site, the database are local here); each ${ROUND_TRIP_MS} ms a watcher run ` +
    `waits adds ${fmt(perRoundTrip, 1)} credits a month`,
);
const w = m.watcher;
console.log(
  `${m.source}: watcher quiet ${fmt(w.quietMs, 1)} ms (${fmt(w.quietStatements, 1)} statements, the database opened in ` +
    `${fmt(w.quietOpened * 100)} % of quiet runs, ${fmt(w.quietBlobRequests, 1)} Blobs requests), with a new post ${fmt(w.alertMs, 1)} ms ` +
    `(${fmt(w.alertStatements)} statements, ${fmt(w.alertBlobRequests)} Blobs requests), with an alert falling due ${fmt(w.dueAlertMs, 1)} ms ` +
    `(${fmt(w.dueAlertStatements)} statements, ${fmt(w.dueAlertBlobRequests)} Blobs requests); /mcp ${fmt(m.mcp.requestMs, 3)} ms ` +
    `a request, ${fmt(m.mcp.responseBytes)} B; a page view ${m.site.pageViewRequests} requests, ${fmt(m.site.pageViewBytes)} B; ` +
    `an API answer ${fmt(m.site.apiBytes)} B (gzip)`,
);
for (const design of DESIGNS) {
  const lines = priceUsage(design.usage(record, m));
  const total = totalCredits(lines);
  console.log('');
  console.log(`## ${design.name} (${design.status === 'measured' ? m.source : design.status}): ${design.about}`);
  console.log('');
  console.log(row(['meter', 'quantity a month', 'credits', 'from']));
  console.log('|---|---|--:|---|');
  for (const l of lines) console.log(row([l.meter, l.quantity, fmt(l.credits, 1), l.basis]));
  console.log(
    row(['**total**', '', `**${fmt(total, 0)}**`, `of which fixed (deploys, the watcher, the database): ${fmt(fixedCredits(lines), 0)}`]),
  );
  console.log('');
  for (const p of planFit(total))
    console.log(`- ${p.plan}: ${p.fits ? 'fits' : `spent on day ${p.spentOnDay} of 30, then ${p.whenSpent}`}`);
}
