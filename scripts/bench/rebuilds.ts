/**
 * `npm run bench:rebuilds`: Netlify builds per day under the scheduled pull's build rule
 * (src/jobs/rebuild/rebuild.ts), replayed over the recorded history of data/ at 30-minute pulls
 * (scripts/lib/rebuild-replay.ts, which `npm run bench:cost` prices too), against the rule before it (a
 * build whenever data/ changed: every pull writes signals.json and a forecast-log line, so every pull);
 * then the timetable's rule (docs/timetable.md): as it ships (the pages, feeds and calendar are timetable
 * states too, the signals held as deployed: builds for facts and before the deployed timetable runs out), with
 * signals new at every pull (restlessSignals) held and not held (the rule before: a build per point a signal
 * moves), and with the pages static (STATIC_OUTPUTS_FOLLOW_CLOCK true: also for figures the clock moved on them
 * since the build), the rule while they were one file per build.
 */
import { buildNow } from '../../src/io/clock.ts';
import { dataDir, readDataFiles } from '../../src/io/data-folder.ts';
import { parseDataset } from '../../src/core/dataset/index.ts';
import { DAY_MS, MINUTE_MS } from '../../src/core/time-units.ts';
import { toTimestamp } from '../../src/core/time.ts';
import { BENCH_REBUILDS } from '../lib/commands/tools.ts';
import { parseCommand } from '../lib/flags.ts';
import { built, lastSpan, replayPulls, replayTimetablePulls, restlessSignals, type Pull, type Replay } from '../lib/rebuild-replay.ts';
import { STATIC_OUTPUTS_FOLLOW_CLOCK } from '../../src/jobs/rebuild/rebuild.ts';

const { values } = parseCommand(BENCH_REBUILDS);
const stepMs = Number(values['step-minutes'] ?? 30) * MINUTE_MS;
const lastDays = Number(values['last-days'] ?? 90);
const clock = buildNow();
const data = parseDataset(readDataFiles(dataDir()), clock);
const replay = replayPulls(data, stepMs);
const { pulls, factTimes } = replay;

const perDay = DAY_MS / stepMs;
const fmt = (x: number): string => x.toFixed(2);
function report(label: string, list: Pull[]): string[] {
  const days = list.length / perDay;
  const builds = list.filter(built);
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
for (const line of [...report('whole record', pulls), ...report(`last ${lastDays} days`, lastSpan(replay, lastDays * DAY_MS))])
  console.log(line);

/** The timetable's rule beside the rule before it: builds a day and why. */
function timetableReport(label: string, rule: string, before: Pull[], after: Pull[]): string {
  const days = after.length / perDay;
  const rate = (list: Pull[]): string => fmt(list.filter(built).length / days);
  const count = (key: 'fact' | 'numbers' | 'timeBound' | 'horizon' | 'pages'): string =>
    fmt(after.filter((p) => p[key] === true).length / days);
  const why = (['fact', 'numbers', 'timeBound', 'horizon', 'pages'] as const).map(count).join(' | ');
  return `| ${label} | ${rule} | ${fmt(days)} | ${rate(before)} | ${rate(after)} | ${why} |`;
}

const asShips = replayTimetablePulls(data, stepMs);
const restlessHeld = replayTimetablePulls(data, stepMs, STATIC_OUTPUTS_FOLLOW_CLOCK, { signals: restlessSignals });
const restlessNotHeld = replayTimetablePulls(data, stepMs, STATIC_OUTPUTS_FOLLOW_CLOCK, { signals: restlessSignals, holdSignals: false });
const rules: [string, Replay][] = [
  [`as it ships (pages are states, STATIC_OUTPUTS_FOLLOW_CLOCK = ${STATIC_OUTPUTS_FOLLOW_CLOCK}; signals quiet)`, asShips],
  ['as it ships, signals new at every pull (held as deployed)', restlessHeld],
  ['signals new at every pull, not held (the rule before: a build per point they move)', restlessNotHeld],
  ['pages static (one file per build, as before they were states)', replayTimetablePulls(data, stepMs, true)],
];
console.log('');
console.log(
  'With the timetable (docs/timetable.md): the API, pages, feeds and calendar serve the state for each instant, so the clock alone ' +
    'never builds; with the pages static, they would still build when the clock moves what they show.',
);
console.log('');
console.log(
  '| span | rule | days | builds/day today | builds/day under the rule | with a fact | forecast moved by a signal or staleness (no fact) | ' +
    'alerts or banked grants (no fact) | the timetable running out | the static pages moved since the build |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [rule, timetable] of rules) {
  console.log(timetableReport('whole record', rule, pulls, timetable.pulls));
  console.log(timetableReport(`last ${lastDays} days`, rule, lastSpan(replay, lastDays * DAY_MS), lastSpan(timetable, lastDays * DAY_MS)));
}

/** Builds in the last span of a replay. */
const lastBuilds = (r: Replay): number => lastSpan(r, lastDays * DAY_MS).filter(built).length;
const quiet = lastBuilds(asShips);
console.log('');
console.log(
  `Signals new at every pull (restlessSignals), last ${lastDays} days: ${lastBuilds(restlessHeld)} builds held as deployed ` +
    `(${lastBuilds(restlessHeld) - quiet} more than with quiet signals, ${quiet}); ${lastBuilds(restlessNotHeld)} not held ` +
    `(${lastBuilds(restlessNotHeld) - quiet} more).`,
);
