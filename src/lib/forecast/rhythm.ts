/**
 * Rhythm models: P(at least one reset within `hours` after `now`) from the timing of past resets only.
 * Every model sees only the reset times (hours, ascending) at or before `now`.
 */

/** A recency or renewal model needs this many recorded resets; fewer and C is null. */
export const MIN_RHYTHM_EVENTS = 6;
/** Half-life of an event's weight in the recency model: 30 days. */
export const RECENCY_HALF_LIFE_HOURS = 30 * 24;
/** Pseudo-gaps drawn from the memoryless model that keep the renewal model from trusting a handful of gaps. */
export const RENEWAL_PRIOR_WEIGHT = 2;

export const RHYTHM_MODELS = ['memoryless', 'recency', 'renewal'] as const;
export type RhythmModel = (typeof RHYTHM_MODELS)[number];

/** Mean gap between the first and last reset, in hours (0 with fewer than two). */
export function meanGapHours(times: readonly number[]): number {
  const first = times[0];
  const last = times.at(-1);
  return first !== undefined && last !== undefined && times.length > 1 ? (last - first) / (times.length - 1) : 0;
}

/** Poisson process with a constant rate: 1 − exp(−H / mean gap). */
export function memorylessProbability(hours: number, gapHours: number): number {
  return gapHours > 0 ? 1 - Math.exp(-hours / gapHours) : 0;
}

/**
 * Exponentially weighted rate: each past reset weighs 2^(−age / half-life); the sum is divided by the
 * weighted length of the observed window, so an old, steady record gives the same rate as the plain mean.
 */
export function recencyRatePerHour(times: readonly number[], now: number, halfLife = RECENCY_HALF_LIFE_HOURS): number {
  const first = times[0];
  if (first === undefined || now <= first) return 0;
  const k = Math.LN2 / halfLife;
  const weighted = times.reduce((sum, t) => sum + Math.exp(-k * (now - t)), 0) - 1; // the first reset opens the window
  const exposure = (1 - Math.exp(-k * (now - first))) / k;
  return Math.max(0, weighted) / exposure;
}

/**
 * Renewal hazard: of the past gaps longer than the time already waited, the share that ended within
 * `hours` more, shrunk toward the memoryless answer by RENEWAL_PRIOR_WEIGHT pseudo-gaps.
 */
export function renewalProbability(times: readonly number[], now: number, hours: number): number {
  const last = times.at(-1);
  if (last === undefined) return 0;
  const waited = now - last;
  const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
  const atRisk = gaps.filter((g) => g > waited);
  const ended = atRisk.filter((g) => g <= waited + hours).length;
  const prior = memorylessProbability(hours, meanGapHours(times));
  return (ended + RENEWAL_PRIOR_WEIGHT * prior) / (atRisk.length + RENEWAL_PRIOR_WEIGHT);
}

/** P(reset within `hours`) under `model`, or null when the model cannot be fitted to so few resets. */
export function rhythmProbability(model: RhythmModel, times: readonly number[], now: number, hours: number): number | null {
  if (model === 'memoryless') return times.length >= 2 ? memorylessProbability(hours, meanGapHours(times)) : null;
  if (times.length < MIN_RHYTHM_EVENTS) return null;
  if (model === 'recency') return 1 - Math.exp(-recencyRatePerHour(times, now) * hours);
  return renewalProbability(times, now, hours);
}
