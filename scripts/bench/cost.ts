/**
 * `npm run bench:cost`: a 30-day month of Resetcast priced in Netlify credits, meter by meter, for each
 * design of the registry (scripts/lib/cost/designs.ts), and which plans it fits (docs/cost.md). Deploys
 * come from the replay of the last 90 days of data/ under the pull's build rule as it ships and as it will be once the
 * pages are timetable states (scripts/lib/rebuild-replay.ts, replayTimetablePulls, as `npm run bench:rebuilds`); the
 * watcher's and /mcp's durations, the watcher's statements, database openings and Blobs requests per path and the
 * site's bytes are measured on a build of data/ (cost-measure.ts), or, with --no-measure, taken from the
 * stated figures below and labelled so. The design before this commit is priced from the figures measured on it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseDataset } from '../../src/core/dataset/index.ts';
import { SignalsHistoryLine, type SignalsFile } from '../../src/core/schema/index.ts';
import { toTimestamp } from '../../src/core/time.ts';
import { DAY_MS, MINUTE_MS } from '../../src/core/time-units.ts';
import { buildNow } from '../../src/io/clock.ts';
import { dataDir, readDataFiles } from '../../src/io/data-folder.ts';
import { BENCH_COST } from '../lib/commands/tools.ts';
import { claimsByKind, claimsOf, type Claim } from '../lib/cost/claims.ts';
import {
  CDN,
  DESIGNS,
  NETWORK_MS,
  TRAFFIC,
  trafficInvocations,
  watchNetworkMs,
  WATCH_PERIOD_MS,
  type Design,
  type Measurements,
  type RecordSpan,
} from '../lib/cost/designs.ts';
import { fixedCredits, planFit, priceUsage, totalCredits } from '../lib/cost/price.ts';
import { MONTH_DAYS } from '../lib/cost/rates.ts';
import { historyStream, STREAMS, syntheticStream } from '../lib/cost/streams.ts';
import { envValue, parseCommand, refuse } from '../lib/flags.ts';
import { built, lastSpan, replayTimetablePulls } from '../lib/rebuild-replay.ts';
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

const { values } = parseCommand(BENCH_COST);
const measure = values.measure !== false;
if (!measure && values.dist !== undefined) refuse(BENCH_COST, '--dist and --no-measure cannot go together: --dist is what is measured');
const positiveOrZero = (text: string): number => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 ? n : refuse(BENCH_COST, `--pushes: ${JSON.stringify(text)} is not a whole number`);
};
const positive = (flag: string, text: string | undefined, fallback: number): number => {
  const n = text === undefined ? fallback : Number(text);
  return Number.isInteger(n) && n > 0 ? n : refuse(BENCH_COST, `--${flag}: ${JSON.stringify(text)} is not a whole number above 0`);
};
const stepMs = positive('step-minutes', values['step-minutes'], 30) * MINUTE_MS;
const lastDays = positive('last-days', values['last-days'], 90);
const root = resolve(import.meta.dirname, '..', '..');
const clock = buildNow();
const data = parseDataset(readDataFiles(dataDir()), clock);

/** The replay starts this long before the span, so its first deploy (every replay's first pull builds) falls outside it. */
const WARM_UP_MS = 2 * DAY_MS;
const spanEnd = replayTimetablePulls(data, stepMs, false, { fromMs: Number.MAX_SAFE_INTEGER }).end;
const spanFrom = spanEnd - lastDays * DAY_MS;

/** The signal streams replayed: the committed history when it has lines, and the synthetic ones. */
function streams(): { name: string; at: ((t: number) => SignalsFile) | null; note?: string }[] {
  const text = existsSync(join(dataDir(), 'signals-history.jsonl')) ? readFileSync(join(dataDir(), 'signals-history.jsonl'), 'utf8') : '';
  const lines = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => SignalsHistoryLine.parse(JSON.parse(l)));
  const history = historyStream(lines);
  const quietFallback = syntheticStream(STREAMS[0]!, spanFrom - WARM_UP_MS, spanEnd + stepMs);
  return [
    lines.length === 0
      ? { name: 'committed history', at: null, note: 'data/signals-history.jsonl is empty: no signal history to replay' }
      : { name: `committed history (${lines.length} lines)`, at: (t: number) => history(t) ?? quietFallback(t) },
    ...STREAMS.map((spec) => ({ name: spec.name, at: syntheticStream(spec, spanFrom - WARM_UP_MS, spanEnd + stepMs) })),
  ];
}

/** The last `lastDays` of the record under one stream and one design's rule, with its posts, claims and pushes. */
function recordOf(stream: string, signalsAt: (t: number) => SignalsFile, runTimeSignals: boolean, claims: Claim[]): RecordSpan {
  const replay = replayTimetablePulls(data, stepMs, false, {
    fromMs: spanFrom - WARM_UP_MS,
    signals: (_data, t) => signalsAt(t),
    holdSignals: runTimeSignals,
  });
  const pulls = lastSpan(replay, lastDays * DAY_MS);
  const inside = (t: number): boolean => t >= spanFrom && t < spanEnd;
  return {
    days: (pulls.length * stepMs) / DAY_MS,
    stepMs,
    from: pulls[0]!.t,
    to: spanEnd,
    stream,
    pulls,
    posts: data.events.map((e) => Date.parse(e.ts)).filter(inside),
    claims,
    pushes,
  };
}

/**
 * Pushes to main that deploy, in the last 90 days of the history's newest commit (the clock of the
 * repository, not the wall clock): one a day with a commit whose message has no `[skip netlify]`. A push
 * lands all the commits of a working session at once and deploys once, so a commit is not a push; git does
 * not record pushes, so a day is the stated unit. --pushes replaces the count.
 */
function countPushes(): RecordSpan['pushes'] {
  if (values.pushes !== undefined) return { count: positiveOrZero(values.pushes), days: 90, basis: 'stated with --pushes, in 90 days' };
  const git = (args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  try {
    const newest = Number(git(['log', '-1', '--format=%ct']).trim()) * 1000;
    const since = toTimestamp(new Date(newest - 90 * DAY_MS));
    const commits = git(['log', '--first-parent', `--since=${since}`, '--format=%cs %B%x00'])
      .split('\0')
      .filter((b) => b.trim() !== '');
    const deploying = commits.filter((b) => !b.includes('[skip netlify]'));
    const days = new Set(deploying.map((b) => b.trim().slice(0, 10)));
    return {
      count: days.size,
      days: 90,
      basis:
        `git log: ${deploying.length} commits to main on ${days.size} days in the 90 days to ${toTimestamp(new Date(newest)).slice(0, 10)}, ` +
        `one push a day with commits (${commits.length - deploying.length} commits with [skip netlify])`,
    };
  } catch (e) {
    return refuse(BENCH_COST, `cannot count the pushes from git log (${(e as Error).message.split('\n')[0]}): give --pushes <n>`);
  }
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
const pushes = countPushes();
const { m, notes } = measure
  ? await measured()
  : { m: STATED, notes: ['--no-measure: nothing measured; every measured figure below is the stated one of docs/cost.md (2026-11-28)'] };
const claims = claimsOf(data, spanFrom, spanEnd, stepMs, WATCH_PERIOD_MS);
const kinds = claimsByKind(claims);
console.log(`bench:cost: a ${MONTH_DAYS}-day month on Netlify's credit plans (rates: scripts/lib/cost/rates.ts; docs/cost.md)`);
console.log(
  `record: ${dataDir()}, the last ${lastDays} days (${toTimestamp(new Date(spanFrom))} → ${toTimestamp(new Date(spanEnd))}), ` +
    `pulls every ${stepMs / MINUTE_MS} min; ${claims.length} claims at their instants (${Object.entries(kinds)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')})`,
);
console.log(`pushes that deploy: ${pushes.basis}`);
console.log(
  `traffic (stated): ${fmt(TRAFFIC.pageViews)} page views and ${fmt(TRAFFIC.apiRequests)} API requests a month, ` +
    `${TRAFFIC.mcpShare * 100} % of them POST /mcp`,
);
console.log(
  `network (stated, scripts/lib/cost/designs.ts NETWORK_MS): ${Object.entries(NETWORK_MS)
    .map(([k, v]) => `${k} ${v} ms`)
    .join(', ')}; a watcher run waits ${watchNetworkMs(false)} ms, with the timelines asked at once ${watchNetworkMs(true)} ms`,
);
for (const n of notes) console.log(n);
const w = m.watcher;
console.log(
  `${m.source}: watcher quiet ${fmt(w.quietMs, 1)} ms in process (${fmt(w.quietStatements, 1)} statements, the database opened in ` +
    `${fmt(w.quietOpened * 100)} % of quiet runs), with a new post ${fmt(w.alertMs, 1)} ms, with an alert falling due ${fmt(w.dueAlertMs, 1)} ms; ` +
    `/mcp ${fmt(m.mcp.requestMs, 3)} ms; the timetable function ${fmt(m.timetable.requestMs, 3)} ms; a page view ` +
    `${m.site.pageViewRequests} requests, ${fmt(m.site.pageViewBytes)} B; an API answer ${fmt(m.site.apiBytes)} B (gzip)`,
);

interface Bill {
  stream: string;
  design: Design;
  lines: ReturnType<typeof priceUsage>;
  deploys: number;
  /** The pull's own asks in the span, a day (the pushes aside). */
  pullPerDay: number;
}
const bills: Bill[] = [];
const skipped: string[] = [];
for (const stream of streams()) {
  if (stream.at === null) {
    skipped.push(`${stream.name}: ${stream.note}`);
    continue;
  }
  for (const design of DESIGNS) {
    const record = recordOf(stream.name, stream.at, design.runTimeSignals, claims);
    const usage = design.usage(record, m);
    const pullPerDay = record.pulls.filter(built).length / record.days;
    bills.push({ stream: stream.name, design, lines: priceUsage(usage), deploys: usage.deploys.count, pullPerDay });
  }
}

console.log('');
console.log('## previous beside run-time signals, per stream');
console.log('');
for (const s of skipped) console.log(`- ${s}`);
if (skipped.length > 0) console.log('');
console.log(
  row([
    'stream',
    'design',
    'deploys/month',
    'deploys/day (90-day pace)',
    "of which the pull's/day",
    'fixed credits/month',
    'total at the traffic',
    'Free (300)',
  ]),
);
console.log('|---|---|--:|--:|--:|--:|--:|---|');
for (const b of bills) {
  const total = totalCredits(b.lines);
  const free = planFit(total)[0]!;
  console.log(
    row([
      b.stream,
      `${b.design.name} (${b.design.status === 'measured' ? m.source : b.design.status})`,
      fmt(b.deploys, 1),
      fmt(b.deploys / MONTH_DAYS, 2),
      fmt(b.pullPerDay, 2),
      fmt(fixedCredits(b.lines), 0),
      fmt(total, 0),
      free.fits ? 'fits' : `spent on day ${free.spentOnDay}`,
    ]),
  );
}
console.log('');
console.log(`targets: deploys ≤ 0.35 a day under each stream; fixed ≤ 200 credits a month under "3 issues a day"`);

console.log('');
console.log('## function calls a month at the stated traffic');
console.log('');
console.log(row(['function', 'no CDN cache', `without durable (${CDN.edgeNodes} edge nodes)`, 'with durable']));
console.log('|---|--:|--:|--:|');
const perNode = trafficInvocations(CDN.edgeNodes, false);
const durable = trafficInvocations(1, true);
console.log(row(['timetable: pages', fmt(TRAFFIC.pageViews), fmt(perNode.pages), fmt(durable.pages)]));
console.log(row(['timetable: payloads', fmt(perNode.requests - TRAFFIC.pageViews), fmt(perNode.api), fmt(durable.api)]));
const mcpCalls = TRAFFIC.apiRequests * TRAFFIC.mcpShare;
console.log(row(['mcp (POST, never cached)', fmt(mcpCalls), fmt(mcpCalls), fmt(mcpCalls)]));
console.log(
  row([
    '**traffic total**',
    fmt(perNode.requests + mcpCalls),
    fmt(perNode.pages + perNode.api + mcpCalls),
    fmt(durable.pages + durable.api + mcpCalls),
  ]),
);
console.log('');
console.log("target: ≤ 100,000 function calls a month (the service's own calls, the watcher and the pull, are in each stream's bill)");

// One stream's full bill per design, meter by meter: the busiest synthetic stream.
const busiest = STREAMS.at(-1)!.name;
for (const b of bills.filter((x) => x.stream === busiest)) {
  const total = totalCredits(b.lines);
  console.log('');
  console.log(`## ${b.design.name} (${b.design.status === 'measured' ? m.source : b.design.status}), "${busiest}": ${b.design.about}`);
  console.log('');
  console.log(row(['meter', 'quantity a month', 'credits', 'from']));
  console.log('|---|---|--:|---|');
  for (const l of b.lines) console.log(row([l.meter, l.quantity, fmt(l.credits, 1), l.basis]));
  console.log(row(['**total**', '', `**${fmt(total, 0)}**`, `of which fixed (no traffic): ${fmt(fixedCredits(b.lines), 0)}`]));
  console.log('');
  for (const p of planFit(total))
    console.log(`- ${p.plan}: ${p.fits ? 'fits' : `spent on day ${p.spentOnDay} of 30, then ${p.whenSpent}`}`);
}
