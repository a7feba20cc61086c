/**
 * The status and issues signals in [0, 1], and how the signals combine into S. The official signal
 * (a promise of a reset) is learned from past promises: official.ts.
 */
import type { SignalsFile } from '../schema/index.ts';
import { checkAgeHours } from '../time.ts';

/** Status or issues checks older than this say nothing about the next 24 h. */
export const SIGNAL_MAX_AGE_HOURS = 6;
/**
 * Weights of the status and issues signals in S. They have no recorded history to be fitted on, so
 * they are fixed small until one exists (the official weight is learned: official.ts).
 */
export const SIGNAL_WEIGHTS = { status: 0.1, issues: 0.1 } as const;

/** A check from the future is unknown, not fresh (time.ts `checkAgeHours`). */
const ageHours = checkAgeHours;

const COMPONENT_SEVERITY: Record<string, number> = {
  degraded_performance: 0.5,
  partial_outage: 0.75,
  major_outage: 1,
};
const INDICATOR_SEVERITY: Record<string, number> = { minor: 0.5, major: 0.75, critical: 1 };

/** Trouble that often precedes a goodwill reset: a degraded Codex component or an unresolved incident. */
export function statusSignal(status: SignalsFile['status'], now: Date): number | null {
  if (status.indicator === 'unknown' || ageHours(status.checked_at, now) > SIGNAL_MAX_AGE_HOURS) return null;
  const codex = status.components.filter((c) => /codex/i.test(c.name)).map((c) => COMPONENT_SEVERITY[c.status] ?? 0);
  const open = status.incidents.some((i) => i.resolved_at === null) ? (INDICATOR_SEVERITY[status.indicator] ?? 0.5) : 0;
  return Math.max(0, open, ...codex);
}

/** Excess of new usage-limit issues over the baseline: 0 at or below baseline, 1 at four times it. */
export function issuesSignal(issues: SignalsFile['issues'], now: Date): number | null {
  if (issues.recent_count === null || issues.baseline_per_day === null) return null;
  if (ageHours(issues.checked_at, now) > SIGNAL_MAX_AGE_HOURS) return null;
  const ratio = issues.recent_count / Math.max(1, issues.baseline_per_day);
  return Math.min(1, Math.max(0, (ratio - 1) / 3));
}

/** The status and issues part of S: 1 − (1 − 0.1·status)(1 − 0.1·issues). Each can only raise the chance. */
export function otherSignals(s: { status: number; issues: number }): number {
  return 1 - (1 - SIGNAL_WEIGHTS.status * s.status) * (1 - SIGNAL_WEIGHTS.issues * s.issues);
}

/** S = 1 − Π(1 − sᵢ) over weighted signals already in [0, 1]: independent routes to a reset. */
export function combineSignals(...weighted: number[]): number {
  return 1 - weighted.reduce((rest, s) => rest * (1 - s), 1);
}

/** Final probability: the rhythm and the signals as independent routes to a reset. */
export function combine(cad: number, S: number): number {
  return 1 - (1 - cad) * (1 - S);
}
