/**
 * The rhythm of past resets (formula_version "2", docs/forecast.md): P(at least one reset within
 * `hours` after t) from the times of the resets known at t only. Everything here reads a RhythmState,
 * the few sums that summarise the known resets; the state is built either directly at one instant
 * (rhythmStateAt, what the live forecast does) or step by step by the one-pass backtest (replay.ts),
 * so both paths share every equation below.
 */

/** Below this many known resets the memoryless rate is used instead (C is null). */
export const MIN_RHYTHM_EVENTS = 6;
/**
 * Half-lives of the recency rates that are averaged: 1, 2, 4 and 8 weeks. Fixed in advance, not
 * fitted: a geometric grid spanning "last few resets" to "last season"; the average of such rates is
 * insensitive to the exact set (docs/forecast.md).
 */
export const HALF_LIVES_HOURS = [7, 14, 28, 56].map((d) => d * 24);
/**
 * Strength of the prior that every UTC weekday is average, in pseudo-resets per weekday: a Gamma
 * prior with mean 1 and standard deviation 1/3 (a weekday a third busier or quieter than average is
 * plausible a priori, twice as busy is not). Fixed in advance.
 */
export const WEEKDAY_PRIOR_RESETS = 9;
export const RHYTHM_MODEL = 'recency-mix';

const DAY = 24;
const WEEK = 7 * DAY;

/** What the rhythm model knows at time `t` (hours since the epoch). */
export interface RhythmState {
  t: number;
  /** Resets at or before t. */
  n: number;
  /** First and last of them (NaN when there are none). */
  first: number;
  last: number;
  /** Per half-life: Σ over the known resets after the first of 2^(−(t − tᵢ) / half-life). */
  decayed: number[];
  /** Known resets after the first, per UTC weekday (0 = Sunday). */
  weekdayCounts: number[];
}

/** UTC weekday of an instant in hours since the epoch (1970-01-01 was a Thursday, 4). */
export const weekdayOf = (hours: number): number => (((Math.floor(hours / DAY) + 4) % 7) + 7) % 7;

const decayRate = (halfLife: number): number => Math.LN2 / halfLife;

/** The state at `t`, computed directly from the ascending reset times: O(resets). */
export function rhythmStateAt(times: readonly number[], t: number): RhythmState {
  const decayed = HALF_LIVES_HOURS.map(() => 0);
  const weekdayCounts = [0, 0, 0, 0, 0, 0, 0];
  let n = 0;
  for (const x of times) {
    if (x > t) break;
    if (n > 0) {
      HALF_LIVES_HOURS.forEach((h, j) => {
        decayed[j]! += Math.exp(-decayRate(h) * (t - x));
      });
      weekdayCounts[weekdayOf(x)]! += 1;
    }
    n += 1;
  }
  return { t, n, first: n > 0 ? times[0]! : NaN, last: n > 0 ? times[n - 1]! : NaN, decayed, weekdayCounts };
}

/** Mean gap between the first and last known reset, in hours (0 with fewer than two). */
export const meanGap = (s: Pick<RhythmState, 'n' | 'first' | 'last'>): number => (s.n > 1 ? (s.last - s.first) / (s.n - 1) : 0);

/** Mean gap of an ascending list of times (0 with fewer than two). */
export const meanGapHours = (times: readonly number[]): number =>
  meanGap({ n: times.length, first: times[0] ?? NaN, last: times.at(-1) ?? NaN });

/** Poisson process with a constant rate: 1 − exp(−H / mean gap); 0 when there is no gap. */
export function memorylessProbability(hours: number, gapHours: number): number {
  return gapHours > 0 ? -Math.expm1(-hours / gapHours) : 0;
}

/**
 * Recency rate (resets per hour) for one half-life: the decayed count of the resets after the first,
 * over the decayed length of the window the first reset opens. Leaving out the opening reset's own
 * weight (rather than subtracting 1, as formula "1" did) makes it unbiased for a constant rate; with an
 * infinite half-life it is exactly (n − 1) / (t − t₁).
 */
export function recencyRate(s: RhythmState, j: number): number {
  const h = HALF_LIVES_HOURS[j];
  const decayed = s.decayed[j];
  if (h === undefined || decayed === undefined || !(s.t > s.first)) return 0;
  const k = decayRate(h);
  return decayed / (-Math.expm1(-k * (s.t - s.first)) / k);
}

/** The average of the recency rates over HALF_LIVES_HOURS. */
export function mixedRate(s: RhythmState): number {
  let sum = 0;
  for (let j = 0; j < HALF_LIVES_HOURS.length; j++) sum += recencyRate(s, j);
  return sum / HALF_LIVES_HOURS.length;
}

/** Hours of each UTC weekday (0 = Sunday) in [from, to): O(1), whole weeks at once. */
export function weekdayHours(from: number, to: number): number[] {
  const out = [0, 0, 0, 0, 0, 0, 0];
  if (!(to > from)) return out;
  const weeks = Math.floor((to - from) / WEEK);
  for (let d = 0; d < 7; d++) out[d] = weeks * DAY;
  dayPieces(from + weeks * WEEK, to, out, null);
  return out;
}

/**
 * Walks [from, to) in pieces cut at UTC midnights (at most 8 after whole weeks are taken out): adds
 * each piece's hours to `into[weekday]`, and returns Σ hours × weights[weekday] (weights: 1 if null).
 */
function dayPieces(from: number, to: number, into: number[] | null, weights: readonly number[] | null): number {
  let total = 0;
  let x = from;
  while (x < to) {
    let next = (Math.floor(x / DAY) + 1) * DAY;
    if (next <= x) next = x + DAY; // floating-point guard: always move forward
    const end = Math.min(to, next);
    const day = weekdayOf(x);
    if (into) into[day]! += end - x;
    total += (end - x) * (weights ? (weights[day] ?? 1) : 1);
    x = end;
  }
  return total;
}

/**
 * Weekday factors (mean 1 over the week): each weekday's rate relative to the overall rate, shrunk
 * toward 1 by WEEKDAY_PRIOR_RESETS pseudo-resets (Gamma–Poisson posterior mean), from the resets after
 * the first and the time each weekday spent in the window they were observed in.
 */
export function weekdayFactors(s: RhythmState): number[] {
  const exposureDays = weekdayHours(s.first, s.t).map((h) => h / DAY);
  const days = exposureDays.reduce((a, b) => a + b, 0);
  const count = s.weekdayCounts.reduce((a, b) => a + b, 0);
  if (!(days > 0) || count === 0) return [1, 1, 1, 1, 1, 1, 1];
  const perDay = count / days;
  const m = WEEKDAY_PRIOR_RESETS;
  const raw = s.weekdayCounts.map((c, d) => (c + m) / (exposureDays[d]! * perDay + m));
  const mean = raw.reduce((a, b) => a + b, 0) / 7;
  return raw.map((f) => f / mean);
}

/** ∫ factor(weekday(s)) ds over (t, t + hours]: the horizon's length in "average hours". */
export function factorHours(t: number, hours: number, factors: readonly number[]): number {
  const weeks = Math.floor(hours / WEEK);
  return weeks * DAY * factors.reduce((a, b) => a + b, 0) + dayPieces(t + weeks * WEEK, t + hours, null, factors);
}

/**
 * P(a reset within `hours`) from the rhythm, for any horizon, with the rate and the weekday factors
 * computed once: null with fewer than two resets (no gap yet); the memoryless rate while fewer than
 * MIN_RHYTHM_EVENTS are known; else the mixed recency rate spread over the horizon by the weekday factors.
 */
export function rhythmCurve(s: RhythmState): (hours: number) => number | null {
  if (s.n < 2) return () => null;
  if (s.n < MIN_RHYTHM_EVENTS) {
    const gap = meanGap(s);
    return (hours) => memorylessProbability(hours, gap);
  }
  const { t } = s;
  const rate = mixedRate(s);
  const factors = weekdayFactors(s);
  return (hours) => -Math.expm1(-rate * factorHours(t, hours, factors));
}

export const rhythmProbability = (s: RhythmState, hours: number): number | null => rhythmCurve(s)(hours);

/** The memoryless curve, null with fewer than two resets. */
export function memorylessCurve(s: RhythmState): (hours: number) => number | null {
  const gap = meanGap(s);
  return s.n < 2 ? () => null : (hours) => memorylessProbability(hours, gap);
}
