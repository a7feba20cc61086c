/**
 * Rolling-origin backtest: a forecast every 6 h from 30 days after the first reset to the last one,
 * each from data published at or before its issue time, scored against what followed. The model is
 * replayed in one pass (replay.ts); every score below is one pass over the issues.
 */
import { toTimestamp } from '../time.ts';
import { modelInput, type ModelInput } from './model.ts';
import { replay } from './replay.ts';
import { HOUR_MS, DAY_MS } from '../time-units.ts';

export const STEP_HOURS = 6;
export const WARMUP_DAYS = 30;
export const HORIZONS = [24, 48] as const;
/** Probabilities are clipped to [ε, 1 − ε] for log loss, so one confident miss is costly but finite. */
export const LOG_LOSS_EPSILON = 0.001;
/** The know-nothing forecast, scored while fewer than two resets are known (no gap to average yet). */
export const NO_INFORMATION_P = 0.5;

export interface Issue {
  issued_at: string;
  horizon_hours: number;
  p: number;
  outcome: 0 | 1;
  /** Scored NO_INFORMATION_P because fewer than two resets were known: left out of calibration figures. */
  warmup: boolean;
}
export interface Score {
  brier: number;
  log_loss: number;
  base_rate: number;
  n: number;
}
export interface Bin {
  lower: number;
  upper: number;
  n: number;
  mean_p: number;
  observed: number;
}

export { resetHours } from './model.ts';

/** Issue times in ms since the epoch: first reset + 30 days, every 6 h, up to the last reset (whole ms, no drift). */
export function issueTimesMs(times: readonly number[]): number[] {
  const first = times[0];
  const last = times.at(-1);
  const out: number[] = [];
  if (first === undefined || last === undefined) return out;
  const start = Math.round(first * HOUR_MS) + WARMUP_DAYS * DAY_MS;
  const end = Math.round(last * HOUR_MS);
  for (let ms = start; ms <= end; ms += STEP_HOURS * HOUR_MS) out.push(ms);
  return out;
}

/** The same issue times in hours since the epoch. */
export const issueTimes = (times: readonly number[]): number[] => issueTimesMs(times).map((ms) => ms / HOUR_MS);

/** The three forecasts scored on every issue: the reference, the rhythm alone, and the published model. */
export interface Backtest {
  memoryless: Issue[];
  rhythm: Issue[];
  published: Issue[];
}

const issue = (issued_at: string, hours: number, p: number | null, outcome: 0 | 1): Issue => ({
  issued_at,
  horizon_hours: hours,
  p: p ?? NO_INFORMATION_P,
  outcome,
  warmup: p === null,
});

/** Every issue time counts, so all three are scored on the same issues. */
export function runBacktest(input: ModelInput): Backtest {
  const out: Backtest = { memoryless: [], rhythm: [], published: [] };
  let stampMs = NaN;
  let stamp = '';
  replay(input, issueTimesMs(input.times), HORIZONS, ({ issuedMs, parts, outcome }) => {
    if (issuedMs !== stampMs) [stampMs, stamp] = [issuedMs, toTimestamp(new Date(issuedMs))];
    out.memoryless.push(issue(stamp, parts.hours, parts.memoryless, outcome));
    out.rhythm.push(issue(stamp, parts.hours, parts.rhythm, outcome));
    out.published.push(issue(stamp, parts.hours, parts.p, outcome));
  });
  return out;
}

export const backtestOf = (...args: Parameters<typeof modelInput>): Backtest => runBacktest(modelInput(...args));

export function score(issues: readonly Pick<Issue, 'p' | 'outcome'>[]): Score {
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

/** Ten equal-width bins of forecast probability (the last one closed): mean forecast vs observed frequency, one pass. */
export function reliability(issues: readonly Pick<Issue, 'p' | 'outcome'>[], bins = 10): Bin[] {
  const n = new Array<number>(bins).fill(0);
  const sumP = new Array<number>(bins).fill(0);
  const hits = new Array<number>(bins).fill(0);
  for (const { p, outcome } of issues) {
    const i = Math.min(bins - 1, Math.max(0, Math.floor(p * bins)));
    n[i]! += 1;
    sumP[i]! += p;
    hits[i]! += outcome;
  }
  return n.map((count, i) => ({
    lower: i / bins,
    upper: (i + 1) / bins,
    n: count,
    mean_p: count ? sumP[i]! / count : 0,
    observed: count ? hits[i]! / count : 0,
  }));
}

/** Largest |forecast − observed| over bins holding at least `minIssues` issues (0 when none qualify). */
export function calibrationError(bins: readonly Bin[], minIssues = 50): number {
  return Math.max(0, ...bins.filter((b) => b.n >= minIssues).map((b) => Math.abs(b.mean_p - b.observed)));
}

export const byHorizon = <T extends { horizon_hours: number }>(issues: readonly T[], h: number): T[] =>
  issues.filter((x) => x.horizon_hours === h);
export const afterWarmup = <T extends { warmup: boolean }>(issues: readonly T[]): T[] => issues.filter((x) => !x.warmup);
