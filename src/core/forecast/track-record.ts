/**
 * The live track record: every forecast in data/forecast-log.jsonl (as issued, never rewritten) whose
 * window has closed, scored against the event record. One pass per horizon over the log and the
 * sorted reset times: O(log lines + resets), plus the bootstrap (linear too, bootstrap.ts).
 */
import type { ForecastLog, LogProblem } from '../dataset/forecast-log.ts';
import { LOG_PROBLEMS } from '../dataset/forecast-log.ts';
import { SCHEMA_VERSION, type TrackRecordPayload } from '../schema/index.ts';
import { roundTo } from '../time.ts';
import { HORIZONS, NO_INFORMATION_P, reliability, score, type Bin } from './backtest.ts';
import { blockLength, skillInterval, type Interval } from './bootstrap.ts';
import { memorylessProbability } from './rhythm.ts';
import { HOUR_MS } from '../time-units.ts';

/** The record is provisional until it holds this many resets and scored windows (per horizon). */
export const PROVISIONAL_MIN_RESETS = 20;
export const PROVISIONAL_MIN_WINDOWS = 1000;

export interface TrackHorizon {
  horizon_hours: number;
  /** Logged forecasts whose window (issued_at, issued_at + H] had closed at build time. */
  scored: number;
  /** Resets inside the scored period (first issue to last window end). */
  resets: number;
  first_issued_at: string | null;
  last_issued_at: string | null;
  brier: number | null;
  brier_memoryless: number | null;
  skill_vs_memoryless: number | null;
  skill_vs_memoryless_90: Interval | null;
  base_rate: number | null;
  mean_forecast: number | null;
  reliability: Bin[];
  provisional: boolean;
}

export interface TrackRecord {
  provisional: boolean;
  horizons: TrackHorizon[];
  lines: number;
  skipped: number;
  skipped_by_kind: Record<LogProblem, number>;
  warnings: string[];
  formula_versions: { formula_version: string; lines: number }[];
}

/** Index of the first value > x in an ascending list. */
function countUpTo(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

function horizon(log: ForecastLog, times: readonly number[], now: number, h: number): TrackHorizon {
  const issued: number[] = [];
  const stamps: string[] = [];
  const own: { p: number; outcome: 0 | 1 }[] = [];
  const reference: { p: number; outcome: 0 | 1 }[] = [];
  let known = 0;
  for (const line of log.lines) {
    const t = Date.parse(line.issued_at) / HOUR_MS;
    if (t + h > now) break; // lines are in increasing issued_at: every later window is open too
    while (known < times.length && times[known]! <= t) known += 1;
    const next = times[known];
    const outcome: 0 | 1 = next !== undefined && next <= t + h ? 1 : 0;
    const gap = known > 1 ? (times[known - 1]! - times[0]!) / (known - 1) : 0;
    issued.push(t);
    stamps.push(line.issued_at);
    own.push({ p: (h === 24 ? line.p24 : line.p48) / 100, outcome });
    reference.push({ p: known > 1 ? memorylessProbability(h, gap) : NO_INFORMATION_P, outcome });
  }
  const n = own.length;
  const first = issued[0];
  const last = issued.at(-1);
  const resets = first === undefined || last === undefined ? 0 : countUpTo(times, last + h) - countUpTo(times, first);
  const s = score(own);
  const ref = score(reference);
  const sq = (xs: typeof own): number[] => xs.map((x) => (x.p - x.outcome) ** 2);
  const skill = n > 0 ? finite(1 - s.brier / ref.brier) : null;
  return {
    horizon_hours: h,
    scored: n,
    resets,
    first_issued_at: stamps[0] ?? null,
    last_issued_at: stamps.at(-1) ?? null,
    brier: n > 0 ? s.brier : null,
    brier_memoryless: n > 0 ? ref.brier : null,
    skill_vs_memoryless: skill,
    skill_vs_memoryless_90:
      skill === null ? null : skillInterval(sq(own), sq(reference), { blockLength: blockLength(n, (last ?? 0) - (first ?? 0)) }),
    base_rate: n > 0 ? s.base_rate : null,
    mean_forecast: n > 0 ? own.reduce((a, x) => a + x.p, 0) / n : null,
    reliability: reliability(own),
    provisional: resets < PROVISIONAL_MIN_RESETS || n < PROVISIONAL_MIN_WINDOWS,
  };
}

/**
 * What of the clock the track record at `now` depends on: per horizon, how many logged forecasts' windows
 * have closed (`issuedHours`: the log's issue times in hours, ascending, as its lines are). Equal keys at two
 * instants, the same record.
 */
export function trackRecordClockKey(issuedHours: readonly number[], now: Date): string {
  return HORIZONS.map((h) => countUpTo(issuedHours, now.getTime() / HOUR_MS - h)).join(',');
}

/** The track record at `now` of the logged forecasts, against the reset times (hours, ascending). */
export function trackRecord(log: ForecastLog, times: readonly number[], now: Date): TrackRecord {
  const horizons = HORIZONS.map((h) => horizon(log, times, now.getTime() / HOUR_MS, h));
  const skippedByKind = Object.fromEntries(LOG_PROBLEMS.map((k) => [k, 0])) as Record<LogProblem, number>;
  for (const s of log.skipped) skippedByKind[s.kind] += 1;
  const versions = new Map<string, number>();
  for (const l of log.lines) versions.set(l.formula_version, (versions.get(l.formula_version) ?? 0) + 1);
  return {
    provisional: horizons.some((x) => x.provisional),
    horizons,
    lines: log.lines.length,
    skipped: log.skipped.length,
    skipped_by_kind: skippedByKind,
    warnings: log.warnings,
    formula_versions: [...versions]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([formula_version, lines]) => ({ formula_version, lines })),
  };
}

export const PROVISIONAL_RULE =
  `provisional until each horizon holds at least ${PROVISIONAL_MIN_RESETS} resets and ${String(PROVISIONAL_MIN_WINDOWS).replace(/\B(?=(\d{3})+$)/g, ',')} ` +
  `scored windows`;
export const SCORING_RULE =
  'Each logged forecast (p24, p48 as issued) whose window (issued_at, issued_at + H] has closed is scored against the recorded resets ' +
  '(kinds reset and banked): Brier score, skill against the memoryless forecast from the events known at issued_at, reliability in ten bins, ' +
  'and a 90 % circular moving-block bootstrap interval (28-day blocks) on the skill. Lines that do not parse, repeat or go back in time, ' +
  'or have p48 below p24 are skipped with a warning and stay in the log.';

export function createTrackRecordPayload(r: TrackRecord, generatedAt: string, source: string): TrackRecordPayload {
  const r4 = (x: number | null): number | null => (x === null ? null : roundTo(x, 4));
  return {
    schema_version: SCHEMA_VERSION,
    generated_at: generatedAt,
    source,
    provisional: r.provisional,
    provisional_rule: PROVISIONAL_RULE,
    scoring: SCORING_RULE,
    log: {
      lines: r.lines,
      skipped: r.skipped,
      skipped_by_kind: r.skipped_by_kind,
      warnings: r.warnings,
      formula_versions: r.formula_versions,
    },
    horizons: r.horizons.map((h) => ({
      ...h,
      brier: r4(h.brier),
      brier_memoryless: r4(h.brier_memoryless),
      skill_vs_memoryless: r4(h.skill_vs_memoryless),
      skill_vs_memoryless_90:
        h.skill_vs_memoryless_90 === null
          ? null
          : { lower: roundTo(h.skill_vs_memoryless_90.lower, 4), upper: roundTo(h.skill_vs_memoryless_90.upper, 4) },
      base_rate: r4(h.base_rate),
      mean_forecast: r4(h.mean_forecast),
      reliability: h.reliability.map((b) => ({
        lower: roundTo(b.lower, 4),
        upper: roundTo(b.upper, 4),
        n: b.n,
        mean_p: roundTo(b.mean_p, 4),
        observed: roundTo(b.observed, 4),
      })),
    })),
  };
}
