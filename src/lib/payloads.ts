/** Every published JSON payload, built once from the dataset and the build clock. Pages only serialise these. */
import type { Dataset } from './dataset.ts';
import { createBankedPayload } from './banked.ts';
import { computeForecast } from './forecast/index.ts';
import { evaluate } from './forecast/evaluate.ts';
import { createBacktestPayload } from './forecast/payload.ts';
import { createTimelinePayload, newestFirst } from './timeline.ts';
import { SCHEMA_VERSION, type BacktestPayload, type BankedPayload, type EventNotesPayload, type ForecastPayload, type SignalsPayload, type TimelinePayload } from './schema.ts';
import { toTimestamp } from './time.ts';

export interface Payloads {
  forecast: ForecastPayload;
  timeline: TimelinePayload;
  signals: SignalsPayload;
  banked: BankedPayload;
  'event-notes': EventNotesPayload;
  backtest: BacktestPayload;
}

export function createPayloads(data: Dataset, now: Date, source: string): Payloads {
  const generated_at = toTimestamp(now);
  const evaluation = evaluate(data.events, data.announcements);
  return {
    forecast: computeForecast(data, now, source, evaluation),
    backtest: createBacktestPayload(evaluation, generated_at, source),
    timeline: createTimelinePayload(data.events, source),
    signals: { schema_version: SCHEMA_VERSION, generated_at, source, ...data.signals },
    banked: createBankedPayload(data.banked, now, generated_at, source),
    'event-notes': {
      schema_version: SCHEMA_VERSION,
      generated_at,
      source,
      notes: newestFirst(data.events).map((e) => ({
        id: e.id,
        certainty: e.certainty,
        uncertain_fields: e.uncertain_fields,
        scope_note: e.scope_note ?? null,
      })),
    },
  };
}
