/**
 * The public v1 contract: every JSON payload published under /api/v1/. SPEC.md fixes the fields of
 * forecast, timeline, signals and banked; the others are Resetcast's own. A field is only ever added.
 */
import { z } from 'zod';
import { Certainty, Confidence, Kind, PostId, SCHEMA_VERSION, Scope, Timestamp, Url } from './scalars.ts';
import { Announcement, Correction, SignalsFile, StoredEvent } from './storage.ts';

export const FORMULA_VERSION = '1' as const;

/** The event record of SPEC.md §2.2, exactly its fields in its order. */
export const TimelineEvent = StoredEvent.pick({
  id: true,
  date: true,
  ts: true,
  scope: true,
  kind: true,
  source: true,
  url: true,
  summary: true,
  partial: true,
  global: true,
  origin: true,
});
export const TIMELINE_EVENT_FIELDS = [
  'id', 'date', 'ts', 'scope', 'kind', 'source', 'url', 'summary', 'partial', 'global', 'origin',
] as const;

export const TimelinePayload = z.strictObject({
  schema_version: z.literal(SCHEMA_VERSION),
  source: Url,
  events: z.array(TimelineEvent),
});

export const ForecastInputs = z.strictObject({
  avg_gap_hours: z.number().nonnegative(),
  hours_since_last: z.number().nonnegative(),
  B: z.number().min(0).max(1),
  C: z.number().min(0).max(1).nullable(),
  cad24: z.number().min(0).max(1),
  official_signal: z.number().min(0).max(1),
  status_signal: z.number().min(0).max(1),
  issues_signal: z.number().min(0).max(1),
  S: z.number().min(0).max(1),
  global: z.boolean(),
  rhythm_model: z.string().min(1),
});

export const Freshness = z.strictObject({
  events_checked_at: Timestamp,
  signals_fetched_at: Timestamp,
  built_at: Timestamp,
});

const Percent = z.int().min(0).max(100);
export const ForecastPayload = z
  .strictObject({
    schema_version: z.literal(SCHEMA_VERSION),
    generated_at: Timestamp,
    source: Url,
    available: z.boolean(),
    reset_today: z.boolean(),
    p24: Percent,
    p48: Percent,
    confidence: Confidence,
    confidence_reasons: z.array(z.string().min(1)),
    inputs: ForecastInputs,
    formula_version: z.literal(FORMULA_VERSION),
    disclaimer: z.string().min(1),
    freshness: Freshness,
  })
  .refine((f) => f.p24 <= f.p48, 'p24 must not exceed p48');

export const SignalsPayload = z.strictObject({
  schema_version: z.literal(SCHEMA_VERSION),
  generated_at: Timestamp,
  source: Url,
  ...SignalsFile.shape,
});

export const ActiveBankedReset = z.strictObject({
  id: z.string(),
  granted_at: Timestamp,
  expires_at: Timestamp,
  hours_left: z.number().nonnegative(),
  scope: Scope,
  summary: z.string(),
  url: Url.nullable(),
  certainty: Certainty,
});
export const BankedPayload = z.strictObject({
  schema_version: z.literal(SCHEMA_VERSION),
  generated_at: Timestamp,
  source: Url,
  expiry_rule: z.string(),
  active: z.array(ActiveBankedReset),
});

/** Curation notes the SPEC's event record has no room for: how sure each recorded fact is. */
export const EventNotesPayload = z.strictObject({
  schema_version: z.literal(SCHEMA_VERSION),
  generated_at: Timestamp,
  source: Url,
  notes: z.array(
    z.strictObject({
      id: PostId,
      certainty: Certainty,
      uncertain_fields: z.array(z.string()),
      scope_note: z.string().nullable(),
    }),
  ),
});

/** The rolling-origin backtest behind the forecast (docs/forecast.md): scores per model and horizon. */
const BacktestScore = z.strictObject({
  model: z.string().min(1),
  horizon_hours: z.int().positive(),
  n: z.int().nonnegative(),
  brier: z.number(),
  log_loss: z.number(),
  base_rate: z.number(),
  skill_vs_memoryless: z.number(),
  skill_vs_climatology: z.number(),
  calibration_error: z.number().describe('largest |mean forecast − observed frequency| over reliability bins holding ≥ 50 issues'),
});
export const BacktestPayload = z.strictObject({
  schema_version: z.literal(SCHEMA_VERSION),
  generated_at: Timestamp,
  source: Url,
  formula_version: z.literal(FORMULA_VERSION),
  method: z.strictObject({
    step_hours: z.number().positive(),
    warmup_days: z.number().nonnegative(),
    horizons: z.array(z.int().positive()),
    reset_kinds: z.array(Kind),
    first_issue: Timestamp.nullable(),
    last_issue: Timestamp.nullable(),
    no_information_p: z.number().min(0).max(1),
  }),
  selected_model: z.string().min(1),
  official_weight: z.number().min(0).max(1),
  scores: z.array(BacktestScore),
  reliability: z.array(
    z.strictObject({
      horizon_hours: z.int().positive(),
      bins: z.array(z.strictObject({ lower: z.number(), upper: z.number(), n: z.int().nonnegative(), mean_p: z.number(), observed: z.number() })),
    }),
  ),
});

export type TimelineEvent = z.infer<typeof TimelineEvent>;
export type TimelinePayload = z.infer<typeof TimelinePayload>;
export type ForecastInputs = z.infer<typeof ForecastInputs>;
export type ForecastPayload = z.infer<typeof ForecastPayload>;
export type SignalsPayload = z.infer<typeof SignalsPayload>;
export type BankedPayload = z.infer<typeof BankedPayload>;
export type ActiveBankedReset = z.infer<typeof ActiveBankedReset>;
export type EventNotesPayload = z.infer<typeof EventNotesPayload>;
export type BacktestPayload = z.infer<typeof BacktestPayload>;

/** Promises of a coming reset, newest first, each with its UTC window and where it stands. */
export const PromisesPayload = z.strictObject({
  schema_version: z.literal(SCHEMA_VERSION),
  generated_at: Timestamp,
  source: Url,
  window_rule: z.string().describe('how time words in a post ("by EOD", "10am PT") become a UTC window'),
  promises: z.array(
    z.strictObject({
      ...Announcement.shape,
      status: z.enum(['open', 'fulfilled', 'lapsed']).describe('fulfilled: its reset is recorded; open: its window has not ended; lapsed: the window ended with no reset'),
      fulfilled_at: Timestamp.nullable().describe('time of the event that delivered it'),
    }),
  ),
});

/** Every change to a published fact, newest first: nothing on the record is rewritten silently. */
export const CorrectionsPayload = z.strictObject({
  schema_version: z.literal(SCHEMA_VERSION),
  generated_at: Timestamp,
  source: Url,
  corrections: z.array(Correction),
});

export type PromisesPayload = z.infer<typeof PromisesPayload>;
export type CorrectionsPayload = z.infer<typeof CorrectionsPayload>;

/**
 * What an alert announces (docs/alerts.md). Each kind has its own stable id, built only from the data:
 * `tag:<site host>,2026:alert:<kind>:<key>`.
 */
export const ALERT_KINDS = [
  'reset', 'event', 'grant', 'grant-expiring', 'promise', 'promise-fulfilled', 'promise-lapsed', 'correction', 'retraction', 'threshold',
] as const;
export const AlertKind = z
  .enum(ALERT_KINDS)
  .describe(
    'reset: a reset recorded; event: another recorded limit change (a boost, another change, a banked reset without a recorded grant); ' +
      'grant: a banked reset granted; grant-expiring: a banked reset expires within 24 h; promise: a reset promised, with its UTC window; ' +
      'promise-fulfilled / promise-lapsed: its reset came / its window ended without one; correction / retraction: a published fact changed / withdrawn; ' +
      'threshold: the as-issued forecast crossed a threshold upwards',
  );

export const Alert = z.strictObject({
  id: z.string().regex(/^tag:[^,]+,2026:alert:[a-z-]+:\S+$/).describe('stable for ever: tag URI (RFC 4151) built from the data only'),
  kind: AlertKind,
  at: Timestamp.describe('when the announced thing happened: the post, the grant, the window end, expiry − 24 h, the correction, the issued forecast'),
  title: z.string().min(1),
  summary: z.string().min(1),
  url: Url.nullable().describe('the post the alert is about, when there is one'),
  page: Url.describe('where it is on Resetcast: the timeline entry, the banked grant, or the forecast'),
  event_id: PostId.nullable().describe('the recorded event it concerns, if any'),
  window: z.strictObject({ start: Timestamp, end: Timestamp }).nullable().describe('for promise alerts: the UTC window the reset was expected in'),
  expires_at: Timestamp.nullable().describe('for grant alerts: when the banked reset expires if unused'),
  forecast: z
    .strictObject({
      horizon_hours: z.int().positive(),
      threshold: Percent,
      rearm_below: Percent,
      value: Percent,
      previous: Percent,
    })
    .nullable()
    .describe('for threshold alerts: the horizon, the threshold crossed, the value issued and the one before it'),
});

export const AlertsPayload = z.strictObject({
  schema_version: z.literal(SCHEMA_VERSION),
  generated_at: Timestamp,
  source: Url,
  rules: z.strictObject({
    expiring_hours: z.int().positive().describe('a grant-expiring alert exists from this many hours before expiry until expiry'),
    horizons_hours: z.array(z.int().positive()),
    thresholds: z.array(z.strictObject({ threshold: Percent, rearm_below: Percent })),
    gap_hours: z.number().positive().describe('a forecast-log gap longer than this: the first forecast after it announces nothing'),
    text: z.string().min(1),
  }),
  alerts: z.array(Alert).describe('newest first'),
});

export type AlertKind = z.infer<typeof AlertKind>;
export type Alert = z.infer<typeof Alert>;
export type AlertsPayload = z.infer<typeof AlertsPayload>;
