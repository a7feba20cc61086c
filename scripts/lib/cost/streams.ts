/**
 * The signal streams `npm run bench:cost` replays (docs/cost.md, "Signal streams"): synthetic months of the
 * pull's status and issues snapshots, shaped like data/signals.json, one per pull, generated from a seed so
 * every run replays the same months; and the committed history (data/signals-history.jsonl) read as the
 * same snapshots. Pure: the caller reads the file and gives the span.
 */
import { mulberry32 } from '../../../src/core/random.ts';
import type { SignalsFile, SignalsHistoryLine } from '../../../src/core/schema/index.ts';
import { toTimestamp } from '../../../src/core/time.ts';
import { DAY_MS, HOUR_MS } from '../../../src/core/time-units.ts';
import type { z } from 'zod';

/** One synthetic stream: usage-limit issues a day (a Poisson process) and status incidents a month, each open a few hours. */
export interface StreamSpec {
  name: string;
  issuesPerDay: number;
  incidentsPerMonth: number;
}

/**
 * The three synthetic streams of the bill. Quiet: no incident, the issue count at its baseline (the signal
 * is 0, as on a day without news). The others: 1 or 3 new usage-limit issues a day at random times, and 4
 * incidents a month. An incident is open INCIDENT_HOURS (uniform), its indicator `minor` and the Codex
 * component degraded while it is.
 */
export const STREAMS: readonly StreamSpec[] = [
  { name: 'quiet', issuesPerDay: 0, incidentsPerMonth: 0 },
  { name: '1 issue a day', issuesPerDay: 1, incidentsPerMonth: 4 },
  { name: '3 issues a day', issuesPerDay: 3, incidentsPerMonth: 4 },
];
/** How long an incident stays open: uniform between these hours ("a few hours"). */
export const INCIDENT_HOURS = { min: 1, max: 5 } as const;
/** The quiet stream's issue count and baseline: equal, so the issues signal is 0. */
export const QUIET_ISSUES = 2;
/** Every stream's seed: the same months on every run. */
export const STREAM_SEED = 20_261_128;
/** The pull's issue windows (src/core/sources.ts): the recent 24 h, and the baseline days before them. */
const RECENT_MS = DAY_MS;
const BASELINE_DAYS = 14;

/** Arrival instants of a Poisson process of `perMs` a millisecond over [from, to). */
function arrivals(random: () => number, perMs: number, from: number, to: number): number[] {
  const out: number[] = [];
  if (perMs <= 0) return out;
  // Exponential gaps: −ln(1 − u) / rate, always positive, so t only grows.
  const gap = (): number => -Math.log(1 - random()) / perMs;
  for (let t = from + gap(); t < to; t += gap()) out.push(t);
  return out;
}

/** How many of the ascending `times` fall in [from, to). */
function countIn(times: readonly number[], from: number, to: number): number {
  let n = 0;
  for (const t of times) if (t >= from && t < to) n += 1;
  return n;
}

/** A stream: the snapshot a pull at `t` (inside [from, to)) writes, each check fresh at t, as the pull keeps them. */
export function syntheticStream(spec: StreamSpec, from: number, to: number, seed = STREAM_SEED): (t: number) => SignalsFile {
  const random = mulberry32(seed + spec.issuesPerDay * 1_000 + spec.incidentsPerMonth);
  const issues = arrivals(random, spec.issuesPerDay / DAY_MS, from - RECENT_MS - BASELINE_DAYS * DAY_MS, to);
  const incidents = arrivals(random, spec.incidentsPerMonth / (30 * DAY_MS), from, to).map((start, i) => ({
    id: `bench-${i + 1}`,
    start,
    end: start + (INCIDENT_HOURS.min + random() * (INCIDENT_HOURS.max - INCIDENT_HOURS.min)) * HOUR_MS,
  }));
  return (t) => {
    const ts = toTimestamp(new Date(t));
    const open = incidents.filter((x) => x.start <= t && t < x.end);
    const recent = spec.issuesPerDay === 0 ? QUIET_ISSUES : countIn(issues, t - RECENT_MS, t);
    const baseline =
      spec.issuesPerDay === 0 ? QUIET_ISSUES : countIn(issues, t - RECENT_MS - BASELINE_DAYS * DAY_MS, t - RECENT_MS) / BASELINE_DAYS;
    return {
      fetched_at: ts,
      status: {
        indicator: open.length > 0 ? 'minor' : 'none',
        components: [{ name: 'Codex', status: open.length > 0 ? 'degraded_performance' : 'operational' }],
        incidents: open.map((x) => ({
          id: x.id,
          name: 'Elevated errors in Codex (bench)',
          status: 'investigating',
          impact: 'minor',
          started_at: toTimestamp(new Date(x.start)),
          resolved_at: null,
          url: null,
        })),
        checked_at: ts,
      },
      issues: { recent_count: recent, baseline_per_day: baseline, baseline_days: BASELINE_DAYS, checked_at: ts },
      sources: [],
    };
  };
}

type HistoryLine = z.infer<typeof SignalsHistoryLine>;

/**
 * The committed history as a stream: at `t`, the newest line fetched by then (a source that failed keeps
 * its last answer, as signals.json does); before the first line, null.
 */
export function historyStream(lines: readonly HistoryLine[]): (t: number) => SignalsFile | null {
  const sorted = [...lines].sort((a, b) => Date.parse(a.fetched_at) - Date.parse(b.fetched_at));
  return (t) => {
    let status: SignalsFile['status'] | null = null;
    let issues: SignalsFile['issues'] | null = null;
    let fetched: string | null = null;
    for (const line of sorted) {
      if (Date.parse(line.fetched_at) > t) break;
      fetched = line.fetched_at;
      if (line.status)
        status = {
          indicator: line.status.indicator,
          components: Object.entries(line.status.components).map(([name, s]) => ({ name, status: s })),
          incidents: Array.from({ length: line.status.incidents }, (_, i) => ({
            id: `history-${i + 1}`,
            name: 'incident (history)',
            status: 'investigating',
            impact: 'minor',
            started_at: line.fetched_at,
            resolved_at: null,
            url: null,
          })),
          checked_at: line.fetched_at,
        };
      if (line.issues)
        issues = {
          recent_count: line.issues.recent,
          baseline_per_day: line.issues.baseline_per_day,
          baseline_days: BASELINE_DAYS,
          checked_at: line.fetched_at,
        };
    }
    if (fetched === null) return null;
    return {
      fetched_at: fetched,
      status: status ?? { indicator: 'unknown', components: [], incidents: [], checked_at: null },
      issues: issues ?? { recent_count: null, baseline_per_day: null, baseline_days: BASELINE_DAYS, checked_at: null },
      sources: [],
    };
  };
}
