/**
 * The forecast of docs/api.md (formula_version "2", equations in docs/forecast.md), computed at build
 * time from the dataset and an injected clock. Nothing is selected on the backtest: the model is fixed
 * in advance and learns only from data published before `now`.
 */
import type { Dataset } from '../dataset/index.ts';
import { SCHEMA_VERSION, FORMULA_VERSION, type ForecastPayload, type SignalsFile, type StoredEvent } from '../schema/index.ts';
import { DISCLAIMER } from '../site.ts';
import { resetEventsAt } from '../facts/timeline.ts';
import { checkAgeHours, roundTo, toIsoDate, toTimestamp } from '../time.ts';
import { confidence } from './confidence.ts';
import { liveModel, MIN_EVENTS, toPercent, type LiveModel } from './live.ts';
import { officialTerm } from './official.ts';
import { reasonSentence, type ConfidenceReason } from './reasons.ts';
import { meanGap, memorylessProbability, MIN_RHYTHM_EVENTS, RHYTHM_MODEL } from './rhythm.ts';
import { combineSignals } from './signals.ts';
import { uncertainFieldCodes } from '../uncertain-fields.ts';

export { MIN_EVENTS };
/**
 * Event record unchecked for longer than this: resets may be missing, so hours_since_last and the
 * rhythm are unreliable. Seven days is about two median gaps between resets.
 */
export const STALE_EVENTS_HOURS = 7 * 24;

/** forecast.json and the reasons its English `confidence_reasons` were written from, for readers that say them in another language. */
export interface ForecastWithReasons {
  payload: ForecastPayload;
  reasons: readonly ConfidenceReason[];
}

export function computeForecast(data: Dataset, now: Date, source: string, model: LiveModel = liveModel(data, now)): ForecastPayload {
  return forecastWithReasons(data, now, source, model).payload;
}

export function forecastWithReasons(
  data: Dataset,
  now: Date,
  source: string,
  model: LiveModel = liveModel(data, now),
  builtAt: Date = now,
): ForecastWithReasons {
  const counted = resetEventsAt(data.events, now);
  const { state, enough } = model;
  const avgGap = meanGap(state);
  const sinceLast = state.n === 0 ? 0 : Math.max(0, state.t - state.last);
  const day = model.parts(24);
  const B = enough ? memorylessProbability(24, avgGap) : 0;
  const C = enough && state.n >= MIN_RHYTHM_EVENTS ? day.rhythm : null;
  const cad24 = C ?? B;
  const S = combineSignals(officialTerm(day.official), model.other);
  const p24 = toPercent(model.probability(24));
  const p48 = Math.max(p24, toPercent(model.probability(48)));
  // A check time from the future (a hand edit, a wrong clock) is unknown, so stale: it never raises confidence.
  const eventsAgeHours = checkAgeHours(data.eventsCheckedAt, now);
  const verdict = confidence({
    events: counted.length,
    firstTs: counted[0]?.ts ?? null,
    eventsAgeHours,
    minEvents: MIN_EVENTS,
    staleHours: STALE_EVENTS_HOURS,
    status: model.status,
    issues: model.issues,
    rhythmFitted: C !== null,
    minRhythmEvents: MIN_RHYTHM_EVENTS,
    model: RHYTHM_MODEL,
  });
  const today = toIsoDate(now);
  const payload: ForecastPayload = {
    schema_version: SCHEMA_VERSION,
    generated_at: toTimestamp(now),
    source,
    available: verdict.available,
    reset_today: counted.some((e) => e.date === today),
    p24,
    p48,
    confidence: verdict.confidence,
    // The one place the reasons become English: forecast.json's wording is public (docs/api.md).
    confidence_reasons: verdict.reasons.map(reasonSentence),
    inputs: {
      avg_gap_hours: roundTo(avgGap, 3),
      hours_since_last: roundTo(sinceLast, 3),
      B: roundTo(B, 4),
      C: C === null ? null : roundTo(C, 4),
      cad24: roundTo(cad24, 4),
      official_signal: day.official.open ? 1 : 0,
      status_signal: roundTo(model.status ?? 0, 4),
      issues_signal: roundTo(model.issues ?? 0, 4),
      S: roundTo(S, 4),
      global: counted.at(-1)?.global ?? false,
      rhythm_model: RHYTHM_MODEL,
      global_known: globalStated(counted.at(-1)),
    },
    formula_version: FORMULA_VERSION,
    disclaimer: DISCLAIMER,
    freshness: {
      events_checked_at: data.eventsCheckedAt,
      signals_fetched_at: data.signals.fetched_at,
      built_at: toTimestamp(builtAt),
      ...signalChecks(data.signals),
    },
  };
  return { payload, reasons: verdict.reasons };
}

/** Whether the last recorded reset's post said whether it reached everyone (no reset: nothing was said). */
function globalStated(last: StoredEvent | undefined): boolean {
  return last !== undefined && !uncertainFieldCodes(last.uncertain_fields).includes('global');
}

/**
 * What the last signal attempt checked, from signals.json itself: the newest successful check (a check
 * that succeeds is stamped with the attempt's own fetched_at), and the attempt's time when it checked nothing.
 */
export function signalChecks(signals: Pick<SignalsFile, 'fetched_at' | 'status' | 'issues'>): {
  signals_checked_at: string | null;
  signals_failed_at: string | null;
} {
  const checked = [signals.status.checked_at, signals.issues.checked_at].filter((t): t is string => t !== null).sort();
  const newest = checked.at(-1) ?? null;
  return { signals_checked_at: newest, signals_failed_at: newest !== null && newest >= signals.fetched_at ? null : signals.fetched_at };
}
