/**
 * The single source of truth for Resetcast's data: the files in data/ and every published payload.
 * It validates data/ at build, types the code, and generates the JSON Schemas under /api/v1/schema/.
 * Vocabularies that SPEC.md leaves open are defined here and explained in docs/data.md.
 */
import { z } from 'zod';
import { isValidTimestamp, isValidDate } from './time.ts';

export const SCHEMA_VERSION = 1 as const;
export const FORMULA_VERSION = '1' as const;

// ---------- scalars ----------

export const Timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'expected a UTC timestamp YYYY-MM-DDTHH:MM:SSZ')
  .refine(isValidTimestamp, 'not a real calendar time')
  .describe('UTC timestamp, YYYY-MM-DDTHH:MM:SSZ');

export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD')
  .refine(isValidDate, 'not a real calendar date')
  .describe('UTC calendar date, YYYY-MM-DD');

/** Plans a post can name. Group words stand alone: the post named no plan list. */
export const PLANS = ['free', 'go', 'plus', 'pro', 'business', 'enterprise', 'edu'] as const;
export const SCOPE_GROUPS = ['all', 'paid', 'unspecified'] as const;
const planAlt = PLANS.join('|');
export const Scope = z
  .string()
  .regex(
    new RegExp(`^(?:${SCOPE_GROUPS.join('|')}|(?:${planAlt})(?:\\+(?:${planAlt}))*)$`),
    `expected ${SCOPE_GROUPS.join(', ')} or plan names (${PLANS.join(', ')}) joined with "+"`,
  )
  .describe('"all", "paid", "unspecified", or plan names joined with "+" (e.g. "plus+pro")');

export const Kind = z
  .enum(['reset', 'banked', 'boost', 'other'])
  .describe('reset: limits reset now; banked: a reset credit put in users\' banks; boost: temporarily higher limits; other: related limit change');
export const Origin = z
  .enum(['official_post', 'official_other', 'observed'])
  .describe('official_post: a public post by OpenAI or its staff; official_other: an official statement that is not a linkable post; observed: reported by users or trackers, no official statement found');
export const Certainty = z.enum(['high', 'medium', 'low']);
export const Confidence = z.enum(['low', 'medium', 'high']);
export const PostId = z.string().regex(/^\d{1,20}$/, 'expected decimal digits');
const Url = z.url({ protocol: /^https?$/ });

// ---------- data/ files ----------

/** One recorded event as stored in data/events.json: the published record plus curation notes. */
export const StoredEvent = z.strictObject({
  id: PostId,
  date: IsoDate,
  ts: Timestamp,
  scope: Scope,
  kind: Kind,
  source: z.string().min(1),
  url: Url,
  summary: z.string().min(1),
  partial: z.boolean(),
  global: z.boolean(),
  origin: Origin,
  certainty: Certainty,
  uncertain_fields: z.array(z.string().min(1)),
  scope_note: z.string().min(1).optional(),
});

export const EventsFile = z.strictObject({
  checked_at: Timestamp.describe('when the event sources were last checked'),
  events: z.array(StoredEvent),
});

/** An official post that promised or hinted at a coming reset (the official pre-announcement signal). */
export const Announcement = z.strictObject({
  id: PostId.nullable(),
  ts: Timestamp,
  source: z.string().min(1),
  url: Url,
  summary: z.string().min(1),
  fulfilled_by: PostId.nullable().describe('id of the event that delivered the promise, or null while open'),
});
export const AnnouncementsFile = z.strictObject({ announcements: z.array(Announcement) });

export const BankedGrant = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  granted_at: Timestamp,
  expires_at: Timestamp,
  scope: Scope,
  summary: z.string().min(1),
  url: Url.nullable(),
  event_id: PostId.nullable(),
  certainty: Certainty,
  uncertain_fields: z.array(z.string().min(1)),
});
export const BankedFile = z.strictObject({
  expiry_days: z.int().positive().describe('a banked reset expires this many days after it is granted unless the grant says otherwise'),
  grants: z.array(BankedGrant),
});

export const ComponentStatus = z.enum([
  'operational',
  'degraded_performance',
  'partial_outage',
  'major_outage',
  'under_maintenance',
  'unknown',
]);
export const SourceCheck = z.strictObject({
  name: z.string().min(1),
  ok: z.boolean(),
  error: z.string().nullable(),
  checked_at: Timestamp,
  outcome: z
    .enum(['ok', 'failed', 'skipped'])
    .optional()
    .describe('skipped: the source was not asked (e.g. no API token configured); ok is false because nothing was checked'),
  last_ok_at: Timestamp.nullable().optional().describe('last successful check of this source, null if never'),
  via: z.string().min(1).optional().describe('which adapter answered, when a source has more than one'),
});
export const StatusSignal = z.strictObject({
  indicator: z.enum(['none', 'minor', 'major', 'critical', 'maintenance', 'unknown']),
  components: z.array(z.strictObject({ name: z.string(), status: ComponentStatus })),
  incidents: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      status: z.string(),
      impact: z.string(),
      started_at: Timestamp,
      resolved_at: Timestamp.nullable(),
      url: Url.nullable(),
    }),
  ),
  checked_at: Timestamp.nullable().describe('last successful status check, null if never'),
});
export const IssuesSignal = z.strictObject({
  recent_count: z.int().nonnegative().nullable().describe('new usage-limit issues in the last 24 h'),
  baseline_per_day: z.number().nonnegative().nullable().describe('mean new usage-limit issues per day over the baseline window'),
  baseline_days: z.int().positive(),
  checked_at: Timestamp.nullable().describe('last successful issues check, null if never'),
});
export const SignalsFile = z.strictObject({
  fetched_at: Timestamp.describe('time of the last signal check'),
  status: StatusSignal,
  issues: IssuesSignal,
  sources: z.array(SourceCheck),
});

// ---------- pull bookkeeping (written by `npm run pull`, not read by the build) ----------

/** A post the X adapter could not classify with confidence, or a kind it may not record itself: for review. */
export const Candidate = z.strictObject({
  id: PostId,
  ts: Timestamp,
  source: z.string().min(1),
  url: Url,
  text: z.string(),
  suggested_kind: z.enum(['reset', 'banked', 'promise']),
  suggested_scope: Scope,
  reason: z.string().min(1),
});
export const CandidatesFile = z.strictObject({ candidates: z.array(Candidate) });

/** Per X account: its numeric user id (looked up once) and the newest post id already read (`since_id`). */
export const PullStateFile = z.strictObject({
  x: z.record(z.string().regex(/^[A-Za-z0-9_]{1,15}$/), z.strictObject({ user_id: PostId, since_id: PostId.nullable() })),
});

/** One line of data/signals-history.jsonl: what each source said at one check (null when it failed). */
export const SignalsHistoryLine = z.strictObject({
  fetched_at: Timestamp,
  status: z
    .strictObject({
      indicator: StatusSignal.shape.indicator,
      components: z.record(z.string(), ComponentStatus),
      incidents: z.int().nonnegative(),
    })
    .nullable(),
  issues: z.strictObject({ recent: z.int().nonnegative(), baseline_per_day: z.number().nonnegative() }).nullable(),
  ok: z.record(z.string(), z.boolean()),
});

/** One line of data/forecast-log.jsonl: a forecast as issued, for the live track record. */
export const ForecastLogLine = z.strictObject({
  issued_at: Timestamp,
  available: z.boolean(),
  p24: z.int().min(0).max(100),
  p48: z.int().min(0).max(100),
  rhythm_model: z.string().min(1),
  S: z.number(),
  official_signal: z.number(),
  status_signal: z.number(),
  issues_signal: z.number(),
  formula_version: z.string().min(1),
});

// ---------- published payloads (SPEC.md §2) ----------

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

export type StoredEvent = z.infer<typeof StoredEvent>;
export type EventsFile = z.infer<typeof EventsFile>;
export type Announcement = z.infer<typeof Announcement>;
export type BankedGrant = z.infer<typeof BankedGrant>;
export type BankedFile = z.infer<typeof BankedFile>;
export type SignalsFile = z.infer<typeof SignalsFile>;
export type SourceCheck = z.infer<typeof SourceCheck>;
export type Candidate = z.infer<typeof Candidate>;
export type CandidatesFile = z.infer<typeof CandidatesFile>;
export type PullStateFile = z.infer<typeof PullStateFile>;
export type SignalsHistoryLine = z.infer<typeof SignalsHistoryLine>;
export type ForecastLogLine = z.infer<typeof ForecastLogLine>;
export type TimelineEvent = z.infer<typeof TimelineEvent>;
export type TimelinePayload = z.infer<typeof TimelinePayload>;
export type ForecastInputs = z.infer<typeof ForecastInputs>;
export type ForecastPayload = z.infer<typeof ForecastPayload>;
export type SignalsPayload = z.infer<typeof SignalsPayload>;
export type BankedPayload = z.infer<typeof BankedPayload>;
export type ActiveBankedReset = z.infer<typeof ActiveBankedReset>;
export type EventNotesPayload = z.infer<typeof EventNotesPayload>;

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
export type BacktestPayload = z.infer<typeof BacktestPayload>;

/** Every published payload schema, by the name of its JSON Schema file under /api/v1/schema/. */
export const PAYLOAD_SCHEMAS = {
  forecast: ForecastPayload,
  timeline: TimelinePayload,
  signals: SignalsPayload,
  banked: BankedPayload,
  'event-notes': EventNotesPayload,
  backtest: BacktestPayload,
} as const;
export type PayloadName = keyof typeof PAYLOAD_SCHEMAS;
