/**
 * The forecast of SPEC §2.1, computed at build time from the dataset and an injected clock.
 * v0: the memoryless model only (the forecast engine issue replaces this with model selection).
 */
import type { Dataset } from '../dataset.ts';
import { SCHEMA_VERSION, FORMULA_VERSION, type ForecastPayload } from '../schema.ts';
import { DISCLAIMER } from '../site.ts';
import { resetEventsAt } from '../timeline.ts';
import { hoursBetween, parseTimestamp, roundTo, toIsoDate, toTimestamp } from '../time.ts';

/** Fewer counted resets than this and there is no gap to average: no forecast. */
export const MIN_EVENTS = 3;
/** Event sources unchecked for longer than this: the record may be missing resets, so no forecast. */
export const STALE_EVENTS_HOURS = 7 * 24;

/** P(at least one reset within `hours`) for a Poisson process with mean gap `gapHours`. */
export function memoryless(hours: number, gapHours: number): number {
  return gapHours > 0 ? 1 - Math.exp(-hours / gapHours) : 1;
}

const toPercent = (p: number): number => Math.min(100, Math.max(0, Math.round(p * 100)));

export function computeForecast(data: Dataset, now: Date, source: string): ForecastPayload {
  const counted = resetEventsAt(data.events, now);
  const first = counted[0];
  const last = counted.at(-1);
  const avgGap = first && last && counted.length > 1 ? hoursBetween(parseTimestamp(first.ts), parseTimestamp(last.ts)) / (counted.length - 1) : 0;
  const sinceLast = last ? Math.max(0, hoursBetween(parseTimestamp(last.ts), now)) : 0;
  const eventsAge = hoursBetween(parseTimestamp(data.eventsCheckedAt), now);
  const B = counted.length >= MIN_EVENTS ? memoryless(24, avgGap) : 0;
  const p48raw = counted.length >= MIN_EVENTS ? memoryless(48, avgGap) : 0;
  const available = counted.length >= MIN_EVENTS && eventsAge <= STALE_EVENTS_HOURS;
  const reasons = [
    `memoryless model from ${counted.length} recorded resets (mean gap ${roundTo(avgGap / 24, 1)} days)`,
    'no rhythm model or live signals used yet',
  ];
  if (eventsAge > STALE_EVENTS_HOURS) reasons.push(`the event record was last checked ${Math.floor(eventsAge / 24)} days ago`);
  const today = toIsoDate(now);
  return {
    schema_version: SCHEMA_VERSION,
    generated_at: toTimestamp(now),
    source,
    available,
    reset_today: counted.some((e) => e.date === today),
    p24: toPercent(B),
    p48: toPercent(p48raw),
    confidence: 'low',
    confidence_reasons: reasons,
    inputs: {
      avg_gap_hours: roundTo(avgGap, 3),
      hours_since_last: roundTo(sinceLast, 3),
      B: roundTo(B, 4),
      C: null,
      cad24: roundTo(B, 4),
      official_signal: 0,
      status_signal: 0,
      issues_signal: 0,
      S: 0,
      global: last?.global ?? false,
      rhythm_model: 'memoryless',
    },
    formula_version: FORMULA_VERSION,
    disclaimer: DISCLAIMER,
    freshness: {
      events_checked_at: data.eventsCheckedAt,
      signals_fetched_at: data.signals.fetched_at,
      built_at: toTimestamp(now),
    },
  };
}
