/**
 * The forecast of SPEC §2.1 (formula_version "1", equations in docs/forecast.md), computed at build time
 * from the dataset, an injected clock and the backtest that selected the rhythm model.
 */
import type { Dataset } from '../dataset.ts';
import { SCHEMA_VERSION, FORMULA_VERSION, type ForecastPayload } from '../schema.ts';
import { DISCLAIMER } from '../site.ts';
import { resetEventsAt } from '../timeline.ts';
import { roundTo, toIsoDate, toTimestamp } from '../time.ts';
import { evaluate, type Evaluation } from './evaluate.ts';
import { meanGapHours, memorylessProbability, rhythmProbability, MIN_RHYTHM_EVENTS } from './rhythm.ts';
import { combine, combineSignals, issuesSignal, officialSignal, SIGNAL_WEIGHTS, statusSignal } from './signals.ts';
import { confidence } from './confidence.ts';

/** Fewer counted resets than this and there is no gap worth averaging: no forecast. */
export const MIN_EVENTS = 3;
/**
 * Event record unchecked for longer than this: resets may be missing, so hours_since_last and the
 * rhythm are unreliable. Seven days is about two median gaps between resets.
 */
export const STALE_EVENTS_HOURS = 7 * 24;
const HOUR_MS = 3_600_000;

const toPercent = (p: number): number => Math.min(100, Math.max(0, Math.round(p * 100)));

export function computeForecast(data: Dataset, now: Date, source: string, evaluation: Evaluation = evaluate(data.events, data.announcements)): ForecastPayload {
  const counted = resetEventsAt(data.events, now);
  const times = counted.map((e) => Date.parse(e.ts) / HOUR_MS);
  const at = now.getTime() / HOUR_MS;
  const last = times.at(-1);
  const avgGap = meanGapHours(times);
  const sinceLast = last === undefined ? 0 : Math.max(0, at - last);
  const enough = counted.length >= MIN_EVENTS;
  const B = enough ? memorylessProbability(24, avgGap) : 0;
  const model = evaluation.selected_model;
  const C = model === 'memoryless' || !enough ? null : rhythmProbability(model, times, at, 24);
  const C48 = C === null ? null : rhythmProbability(model, times, at, 48);
  const cad24 = C ?? B;
  const cad48 = C48 ?? (enough ? memorylessProbability(48, avgGap) : 0);
  const status = statusSignal(data.signals.status, now);
  const issues = issuesSignal(data.signals.issues, now);
  const signals = { official: officialSignal(data.announcements, data.events, now), status: status ?? 0, issues: issues ?? 0 };
  const S = combineSignals(signals, { ...SIGNAL_WEIGHTS, official: evaluation.official_weight });
  const eventsAgeHours = (now.getTime() - Date.parse(data.eventsCheckedAt)) / HOUR_MS;
  const p24 = toPercent(enough ? combine(cad24, S) : 0);
  const p48 = Math.max(p24, toPercent(enough ? combine(cad48, S) : 0));
  const verdict = confidence({
    events: counted.length, firstTs: counted[0]?.ts ?? null, eventsAgeHours, minEvents: MIN_EVENTS,
    staleHours: STALE_EVENTS_HOURS, status, issues, rhythmFitted: C !== null || model === 'memoryless',
    minRhythmEvents: MIN_RHYTHM_EVENTS, model,
  });
  const today = toIsoDate(now);
  return {
    schema_version: SCHEMA_VERSION,
    generated_at: toTimestamp(now),
    source,
    available: verdict.available,
    reset_today: counted.some((e) => e.date === today),
    p24,
    p48,
    confidence: verdict.confidence,
    confidence_reasons: verdict.reasons,
    inputs: {
      avg_gap_hours: roundTo(avgGap, 3),
      hours_since_last: roundTo(sinceLast, 3),
      B: roundTo(B, 4),
      C: C === null ? null : roundTo(C, 4),
      cad24: roundTo(cad24, 4),
      official_signal: signals.official,
      status_signal: roundTo(signals.status, 4),
      issues_signal: roundTo(signals.issues, 4),
      S: roundTo(S, 4),
      global: counted.at(-1)?.global ?? false,
      rhythm_model: model,
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
