/**
 * The three signals in [0, 1] and how they combine into S. Each reads only data published at or before
 * `now`, so the official signal can be replayed in the backtest; status and issues have no history yet.
 */
import type { Announcement, SignalsFile, StoredEvent } from '../schema.ts';

/** An official promise older than this without a reset is treated as lapsed. */
export const PROMISE_WINDOW_HOURS = 72;
/** Status or issues checks older than this say nothing about the next 24 h. */
export const SIGNAL_MAX_AGE_HOURS = 6;
/**
 * Weights of each signal in S. The official weight is chosen on the backtest (docs/forecast.md);
 * status and issues have no recorded history to fit on, so they stay small until they do.
 */
export const SIGNAL_WEIGHTS = { official: 0.6, status: 0.1, issues: 0.1 } as const;
export type SignalWeights = { official: number; status: number; issues: number };

const HOUR_MS = 3_600_000;

/** Announcements published at or before `now` whose promised reset has not happened by `now`. */
export function openAnnouncements(list: readonly Announcement[], events: readonly StoredEvent[], now: Date): Announcement[] {
  const at = now.getTime();
  const eventTs = new Map(events.map((e) => [e.id, Date.parse(e.ts)]));
  return list.filter((a) => {
    const published = Date.parse(a.ts);
    if (published > at || at - published > PROMISE_WINDOW_HOURS * HOUR_MS) return false;
    const fulfilledAt = a.fulfilled_by === null ? undefined : eventTs.get(a.fulfilled_by);
    return fulfilledAt === undefined || fulfilledAt > at;
  });
}

/** 1 while an official promise is open, else 0. */
export function officialSignal(list: readonly Announcement[], events: readonly StoredEvent[], now: Date): number {
  return openAnnouncements(list, events, now).length > 0 ? 1 : 0;
}

const ageHours = (checkedAt: string | null, now: Date): number =>
  checkedAt === null ? Infinity : (now.getTime() - Date.parse(checkedAt)) / HOUR_MS;

const COMPONENT_SEVERITY: Record<string, number> = {
  degraded_performance: 0.5, partial_outage: 0.75, major_outage: 1,
};
const INDICATOR_SEVERITY: Record<string, number> = { minor: 0.5, major: 0.75, critical: 1 };

/** Trouble that often precedes a goodwill reset: a degraded Codex component or an unresolved incident. */
export function statusSignal(status: SignalsFile['status'], now: Date): number | null {
  if (status.indicator === 'unknown' || ageHours(status.checked_at, now) > SIGNAL_MAX_AGE_HOURS) return null;
  const codex = status.components.filter((c) => /codex/i.test(c.name)).map((c) => COMPONENT_SEVERITY[c.status] ?? 0);
  const open = status.incidents.some((i) => i.resolved_at === null) ? INDICATOR_SEVERITY[status.indicator] ?? 0.5 : 0;
  return Math.max(0, open, ...codex);
}

/** Excess of new usage-limit issues over the baseline: 0 at or below baseline, 1 at four times it. */
export function issuesSignal(issues: SignalsFile['issues'], now: Date): number | null {
  if (issues.recent_count === null || issues.baseline_per_day === null) return null;
  if (ageHours(issues.checked_at, now) > SIGNAL_MAX_AGE_HOURS) return null;
  const ratio = issues.recent_count / Math.max(1, issues.baseline_per_day);
  return Math.min(1, Math.max(0, (ratio - 1) / 3));
}

/** S = 1 − Π(1 − wᵢ·sᵢ): each signal independently raises the chance, none can lower it. */
export function combineSignals(s: { official: number; status: number; issues: number }, w: SignalWeights = SIGNAL_WEIGHTS): number {
  return 1 - (1 - w.official * s.official) * (1 - w.status * s.status) * (1 - w.issues * s.issues);
}

/** Final probability: the rhythm and the signals as independent routes to a reset. */
export function combine(cad: number, S: number): number {
  return 1 - (1 - cad) * (1 - S);
}
