/**
 * Rolling-origin backtest: a forecast every 6 h from 30 days after the first reset to the last one,
 * each from data published at or before its issue time, scored against what followed.
 */
import type { Announcement, StoredEvent } from '../schema.ts';
import { RESET_KINDS } from '../timeline.ts';
import { toTimestamp } from '../time.ts';
import { RHYTHM_MODELS, rhythmProbability, type RhythmModel } from './rhythm.ts';
import { combine, officialSignal } from './signals.ts';

export const STEP_HOURS = 6;
export const WARMUP_DAYS = 30;
export const HORIZONS = [24, 48] as const;
/** Probabilities are clipped to [ε, 1 − ε] for log loss, so one confident miss is costly but finite. */
export const LOG_LOSS_EPSILON = 0.001;
const HOUR_MS = 3_600_000;

export interface Issue { issued_at: string; horizon_hours: number; p: number; outcome: 0 | 1 }
export interface Score { brier: number; log_loss: number; base_rate: number; n: number }
export interface Bin { lower: number; upper: number; n: number; mean_p: number; observed: number }

/** Reset times in hours since the epoch, ascending. */
export function resetHours(events: readonly StoredEvent[]): number[] {
  return events.filter((e) => RESET_KINDS.has(e.kind)).map((e) => Date.parse(e.ts) / HOUR_MS).sort((a, b) => a - b);
}

/** Issue times (hours since epoch): first reset + 30 days, every 6 h, up to the last reset. */
export function issueTimes(times: readonly number[]): number[] {
  const first = times[0];
  const last = times.at(-1);
  const out: number[] = [];
  if (first === undefined || last === undefined) return out;
  for (let t = first + WARMUP_DAYS * 24; t <= last; t += STEP_HOURS) out.push(t);
  return out;
}

/** Times up to and including `t` (the list is ascending). */
export const knownAt = (times: readonly number[], t: number): number[] => times.filter((x) => x <= t);

export interface Predictor { (known: number[], t: number, hours: number): number | null }

/** The model, falling back to memoryless while it has too few resets (as the live forecast does). */
export function rhythmPredictor(model: RhythmModel): Predictor {
  return (known, t, hours) => rhythmProbability(model, known, t, hours) ?? rhythmProbability('memoryless', known, t, hours);
}

/** The official signal as it stood at each issue time (hours since epoch), computed once per time. */
export function officialReplay(announcements: readonly Announcement[], events: readonly StoredEvent[]): (t: number) => number {
  const memo = new Map<number, number>();
  return (t) => {
    let s = memo.get(t);
    if (s === undefined) memo.set(t, (s = officialSignal(announcements, events, new Date(t * HOUR_MS))));
    return s;
  };
}

/** Rhythm plus the replayed official signal at weight `weight` (status and issues have no history: 0). */
export function signalPredictor(model: RhythmModel, weight: number, officialAt: (t: number) => number): Predictor {
  const rhythm = rhythmPredictor(model);
  return (known, t, hours) => {
    const cad = rhythm(known, t, hours);
    return cad === null ? null : combine(cad, weight * officialAt(t));
  };
}

/** The know-nothing forecast, scored while fewer than two resets are known (no gap to average yet). */
export const NO_INFORMATION_P = 0.5;

/** Every scored issue: every issue time counts, so all models are scored on the same set. */
export function runBacktest(times: readonly number[], predict: Predictor): Issue[] {
  const issues: Issue[] = [];
  for (const t of issueTimes(times)) {
    const known = knownAt(times, t);
    for (const h of HORIZONS) {
      const p = predict(known, t, h) ?? NO_INFORMATION_P;
      const outcome = times.some((x) => x > t && x <= t + h) ? 1 : 0;
      issues.push({ issued_at: toTimestamp(new Date(t * HOUR_MS)), horizon_hours: h, p, outcome });
    }
  }
  return issues;
}

export function score(issues: readonly Issue[]): Score {
  const n = issues.length;
  if (n === 0) return { brier: NaN, log_loss: NaN, base_rate: NaN, n };
  let brier = 0;
  let logLoss = 0;
  let hits = 0;
  for (const { p, outcome } of issues) {
    const q = Math.min(1 - LOG_LOSS_EPSILON, Math.max(LOG_LOSS_EPSILON, p));
    brier += (p - outcome) ** 2;
    logLoss -= outcome ? Math.log(q) : Math.log(1 - q);
    hits += outcome;
  }
  return { brier: brier / n, log_loss: logLoss / n, base_rate: hits / n, n };
}

/** Ten equal-width bins of forecast probability: mean forecast vs observed frequency. */
export function reliability(issues: readonly Issue[], bins = 10): Bin[] {
  return Array.from({ length: bins }, (_, i) => {
    const lower = i / bins;
    const upper = (i + 1) / bins;
    const inBin = issues.filter((x) => x.p >= lower && (x.p < upper || (i === bins - 1 && x.p <= upper)));
    const n = inBin.length;
    const mean = (f: (x: Issue) => number): number => (n ? inBin.reduce((s, x) => s + f(x), 0) / n : 0);
    return { lower, upper, n, mean_p: mean((x) => x.p), observed: mean((x) => x.outcome) };
  });
}

/** Largest |forecast − observed| over bins holding at least `minIssues` issues (0 when none qualify). */
export function calibrationError(bins: readonly Bin[], minIssues = 50): number {
  return Math.max(0, ...bins.filter((b) => b.n >= minIssues).map((b) => Math.abs(b.mean_p - b.observed)));
}

export const byHorizon = (issues: readonly Issue[], h: number): Issue[] => issues.filter((x) => x.horizon_hours === h);

export { RHYTHM_MODELS };
