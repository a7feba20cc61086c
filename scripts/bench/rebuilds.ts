/**
 * `npm run bench:rebuilds`: Netlify builds per day under the scheduled pull's build rule
 * (src/jobs/rebuild/rebuild.ts), replayed over the recorded history of data/ at 30-minute pulls, against
 * the rule before it (a build whenever data/ changed: every pull writes signals.json and a forecast-log
 * line, so every pull). At each pull time t the dataset is what was published by t (events, promises,
 * grants by their times; corrections by theirs), the event record is taken as checked at t and the
 * status and issues signals as fresh and quiet (there is no signal history to replay; a real incident
 * adds builds through the numbers it moves). A pull builds when a fact appeared since the previous pull
 * or what a build then would publish (publishedNow: the forecast's numbers, the alert ids, the active
 * banked grants and their advice) differs from what the last build published (viewChanges), the rule
 * and the functions of `npm run facts-changed`.
 */
import { buildNow } from '../../src/io/clock.ts';
import { dataDir, readDataFiles } from '../../src/io/data-folder.ts';
import { parseDataset, type Dataset } from '../../src/core/dataset/index.ts';
import { publishedNow, type PublishedView } from '../../src/jobs/rebuild/published.ts';
import { viewChanges } from '../../src/jobs/rebuild/rebuild.ts';
import { DAY_MS, MINUTE_MS } from '../../src/core/time-units.ts';
import { toTimestamp } from '../../src/core/time.ts';
import { BENCH_REBUILDS } from '../lib/commands/tools.ts';
import { parseCommand } from '../lib/flags.ts';

const { values } = parseCommand(BENCH_REBUILDS);
const stepMs = Number(values['step-minutes'] ?? 30) * MINUTE_MS;
const lastDays = Number(values['last-days'] ?? 90);
const clock = buildNow();
const data = parseDataset(readDataFiles(dataDir()), clock);

/** Every moment a fact was published: an event, a promise, a grant, a correction. */
const factTimes = [
  ...data.events.map((e) => e.ts),
  ...data.announcements.map((a) => a.ts),
  ...data.banked.grants.map((g) => g.granted_at),
  ...data.corrections.map((c) => c.at),
]
  .map(Date.parse)
  .sort((a, b) => a - b);
const first = factTimes[0]!;
const end = Math.max(factTimes.at(-1)!, Date.parse(data.signals.fetched_at), Date.parse(data.eventsCheckedAt));

/** The dataset as a pull at `t` would have found it: what was published by then, checked at t, signals quiet. */
function at(t: number): Dataset {
  const ts = toTimestamp(new Date(t));
  const quiet = {
    ...data.signals,
    fetched_at: ts,
    status: { indicator: 'none' as const, components: [], incidents: [], checked_at: ts },
    issues: { ...data.signals.issues, recent_count: 0, baseline_per_day: 0, checked_at: ts },
  };
  return {
    ...data,
    events: data.events.filter((e) => Date.parse(e.ts) <= t),
    eventsCheckedAt: ts,
    announcements: data.announcements.filter((a) => Date.parse(a.ts) <= t),
    banked: { ...data.banked, grants: data.banked.grants.filter((g) => Date.parse(g.granted_at) <= t) },
    corrections: data.corrections.filter((c) => Date.parse(c.at) <= t),
    signals: quiet,
  };
}

/** Why a pull built: a fact, else the forecast's numbers, else the alerts or banked grants alone (time-bound). */
interface Pull {
  t: number;
  fact: boolean;
  numbers: boolean;
  timeBound: boolean;
}
const pulls: Pull[] = [];
let deployed: PublishedView | null = null;
let next = 0;
// The first pull is one step after the first fact, so that fact is the first build.
for (let t = Math.ceil((first + 1) / stepMs) * stepMs; t < end + stepMs; t += stepMs) {
  let fact = false;
  while (next < factTimes.length && factTimes[next]! <= t) {
    fact = true;
    next += 1;
  }
  const view = publishedNow(at(t), new Date(t), 'https://bench.invalid');
  const changes = deployed === null ? { forecast: 'first build' } : viewChanges(deployed, view);
  const numbers = !fact && changes.forecast !== undefined;
  const timeBound = !fact && !numbers && (changes.alerts !== undefined || changes.banked !== undefined);
  if (fact || numbers || timeBound) deployed = view;
  pulls.push({ t, fact, numbers, timeBound });
}

const perDay = DAY_MS / stepMs;
const fmt = (x: number): string => x.toFixed(2);
function report(label: string, list: Pull[]): string[] {
  const days = list.length / perDay;
  const builds = list.filter((p) => p.fact || p.numbers || p.timeBound);
  const dayOf = (p: Pull): string => toTimestamp(new Date(p.t)).slice(0, 10);
  const byDay = new Map<string, number>();
  for (const p of builds) byDay.set(dayOf(p), (byDay.get(dayOf(p)) ?? 0) + 1);
  const factDays = new Set(list.filter((p) => p.fact).map(dayOf)).size;
  let gap = 0;
  for (let i = 1; i < builds.length; i++) gap = Math.max(gap, builds[i]!.t - builds[i - 1]!.t);
  const factPulls = list.filter((p) => p.fact).length;
  const count = (key: 'numbers' | 'timeBound'): number => list.filter((p) => p[key]).length;
  return [
    `| ${label} | ${fmt(days)} | ${fmt(perDay)} | ${fmt(builds.length / days)} | ${fmt(factPulls / days)} ` +
      `(on ${factDays} days) | ${fmt(count('numbers') / days)} | ${fmt(count('timeBound') / days)} | ${Math.max(0, ...byDay.values())} ` +
      `| ${fmt(gap / 3_600_000)} h |`,
  ];
}

const from = (ms: number): Pull[] => pulls.filter((p) => p.t > end - ms);
console.log(
  `replayed ${pulls.length} pulls every ${stepMs / MINUTE_MS} min, ${toTimestamp(new Date(pulls[0]!.t))} ` +
    `→ ${toTimestamp(new Date(pulls.at(-1)!.t))}; ${factTimes.length} facts`,
);
console.log('');
console.log(
  '| span | days | builds/day before (every pull) | builds/day after | of which with a fact | forecast numbers ' +
    '(no fact) | alerts or banked grants only (time-bound) | most in one day | longest without a build |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const line of [...report('whole record', pulls), ...report(`last ${lastDays} days`, from(lastDays * DAY_MS))]) console.log(line);
