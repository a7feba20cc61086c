/**
 * The public v1 contract: every JSON payload published under /api/v1/. docs/api.md fixes the fields of
 * forecast, timeline, signals and banked; the others are Resetcast's own. A field is only ever added.
 */
import { z } from 'zod';
import { Certainty, Confidence, Kind, PostId, SCHEMA_VERSION, Scope, Timestamp, Url } from './scalars.ts';
import { Announcement, Correction, SignalsFile, StoredEvent } from './storage.ts';
import { UNCERTAIN_FIELD_CODES } from '../uncertain-fields.ts';

/**
 * The fixed codes of a record's uncertain fields (src/core/uncertain-fields.ts), beside the sentences of
 * `uncertain_fields`: what a program tests. Added to v1 (a new field; rule 9 of the contract).
 */
const UncertainFieldCodes = z
  .array(z.enum(UNCERTAIN_FIELD_CODES))
  .describe(
    'the fields of the record that are not certain, as fixed codes: each stored entry\'s field name ("end date" as ' +
      '`end_date`), `other` for any other; `partial`, `global` or `completion` listed means the boolean `partial` or ' +
      '`global` is a placeholder the record cannot vouch for',
  );
const PLACEHOLDER = (field: string): string =>
  ` (a boolean by the event record's format: when \`uncertain_field_codes\` lists \`${field}\`, ` +
  'the post did not say and the value is a placeholder, not a fact)';

/** The fields every payload opens with (the timeline keeps the event record's own three: no generated_at). */
const ENVELOPE = {
  schema_version: z.literal(SCHEMA_VERSION).describe("version of the payload's shape; 1 for everything under /api/v1/"),
  generated_at: Timestamp,
  source: Url.describe("who published it: the site's URL"),
};

export const FORMULA_VERSION = '2' as const;
const FORMULA_VERSION_MEANING = 'version of the forecast formula (docs/forecast.md)';
const FormulaVersion = z.literal(FORMULA_VERSION).describe(FORMULA_VERSION_MEANING);
const Disclaimer = z.string().min(1).describe('the estimate is not a schedule; Resetcast is not affiliated with OpenAI');
/** A forecast horizon in hours: every score, weight, bin and alert is per horizon. */
const HorizonHours = z.int().positive().describe('the forecast horizon, 24 or 48 hours');

/** The event record of docs/api.md, its eleven fields in its order, then the codes of its uncertain fields (added). */
const RECORD = StoredEvent.shape;
export const TimelineEvent = z.strictObject({
  id: RECORD.id,
  date: RECORD.date,
  ts: RECORD.ts,
  scope: RECORD.scope,
  kind: RECORD.kind,
  source: RECORD.source,
  url: RECORD.url,
  summary: RECORD.summary,
  partial: RECORD.partial.describe(`${RECORD.partial.description}${PLACEHOLDER('partial')}`),
  global: RECORD.global.describe(`${RECORD.global.description}${PLACEHOLDER('global')}`),
  origin: RECORD.origin,
  uncertain_field_codes: UncertainFieldCodes,
});
/** The event record's own eleven fields, in its order (toTimelineEvent adds `uncertain_field_codes` after them). */
export const TIMELINE_EVENT_FIELDS = [
  'id',
  'date',
  'ts',
  'scope',
  'kind',
  'source',
  'url',
  'summary',
  'partial',
  'global',
  'origin',
] as const;

export const TimelinePayload = z.strictObject({
  schema_version: ENVELOPE.schema_version,
  source: ENVELOPE.source,
  events: z.array(TimelineEvent).describe('every recorded event, newest first'),
});

export const ForecastInputs = z.strictObject({
  avg_gap_hours: z.number().nonnegative().describe('mean hours between consecutive recorded resets'),
  hours_since_last: z.number().nonnegative().describe('hours from the last recorded reset to generated_at'),
  B: z.number().min(0).max(1).describe('base chance of a reset within 24 h from the long-run average rate alone (0 to 1)'),
  C: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe('chance of a reset within 24 h from the rhythm model, or null when there is no rhythm model'),
  cad24: z.number().min(0).max(1).describe('the 24 h cadence chance the formula uses: C when there is one, else B'),
  official_signal: z.number().min(0).max(1).describe('1 while an official promise of a reset is open, else 0'),
  status_signal: z
    .number()
    .min(0)
    .max(1)
    .describe('degraded Codex component or open incident on the status page (0 to 1; 0 when the check is missing or old)'),
  issues_signal: z
    .number()
    .min(0)
    .max(1)
    .describe('excess of new usage-limit issues over their baseline (0 to 1; 0 when the check is missing or old)'),
  S: z.number().min(0).max(1).describe('the combined signal from the three signals above (0 to 1)'),
  global: z.boolean().describe('the last recorded reset applied to every account; a placeholder when global_known is false'),
  rhythm_model: z.string().min(1).describe('which rhythm model was used (`memoryless` when none)'),
  global_known: z
    .boolean()
    .describe("false when the last recorded reset's post did not say whether it reached everyone: global is then not a fact (added)"),
});

export const Freshness = z.strictObject({
  events_checked_at: Timestamp.describe("when the event sources were last checked (events.json's checked_at)"),
  signals_fetched_at: Timestamp.describe(
    "the last attempt to check the signals (signals.json's fetched_at), whether or not it checked anything: signals_checked_at and signals_failed_at say",
  ),
  built_at: Timestamp.describe(
    'when these numbers were computed: the build that published them, which may precede generated_at (the instant they are for)',
  ),
  signals_checked_at: Timestamp.nullable().describe(
    "the newest successful signal check (the later of signals.json's status.checked_at and issues.checked_at); null when no check has ever succeeded (added)",
  ),
  signals_failed_at: Timestamp.nullable().describe(
    'signals_fetched_at when that last attempt checked no signal (every source failed or was skipped, or there was none); null when it checked one (added)',
  ),
});

const Percent = z.int().min(0).max(100);
export const ForecastPayload = z
  .strictObject({
    ...ENVELOPE,
    available: z
      .boolean()
      .describe(
        'false with too few recorded resets, or when the event record was last checked too long ago (resets may be missing); ' +
          'the numbers are still published, not vouched for',
      ),
    reset_today: z.boolean().describe("a reset is recorded on today's UTC date"),
    p24: Percent.describe('chance of an announced reset within 24 hours, whole percent'),
    p48: Percent.describe('chance of an announced reset within 48 hours, whole percent (never below p24)'),
    confidence: Confidence.describe('how far the numbers can be trusted today'),
    confidence_reasons: z.array(z.string().min(1)).describe('why, one English sentence each'),
    inputs: ForecastInputs.describe('the numbers the formula used (docs/forecast.md)'),
    formula_version: FormulaVersion,
    disclaimer: Disclaimer,
    freshness: Freshness.describe('how old the inputs are'),
  })
  .refine((f) => f.p24 <= f.p48, 'p24 must not exceed p48');

export const SignalsPayload = z.strictObject({
  ...ENVELOPE,
  ...SignalsFile.shape,
});

export const ActiveBankedReset = z.strictObject({
  id: z.string().describe('stable identifier'),
  granted_at: Timestamp,
  expires_at: Timestamp,
  hours_left: z.number().nonnegative().describe('hours from generated_at to expires_at'),
  scope: Scope,
  summary: z.string().describe('what was said, paraphrased in English'),
  url: Url.nullable().describe('the post or page it comes from'),
  certainty: Certainty,
  p_free_reset_before_expiry: z
    .number()
    .min(0)
    .max(1)
    .describe(
      'estimated probability that a free reset (kind reset or banked) is announced before this grant expires, from the forecast model at generated_at',
    ),
  advice: z
    .enum(['hold', 'use'])
    .describe('hold: a free reset before expiry is more likely than not (above 50 %); use: redeem it before it expires'),
  advice_text: z.string().min(1).describe('the advice in one plain sentence, marked as an estimate'),
});
export const BankedPayload = z.strictObject({
  ...ENVELOPE,
  expiry_rule: z.string().describe("how a grant's expiry is decided when the post gives none"),
  expiry_days: z
    .number()
    .int()
    .positive()
    .describe('the days of expiry_rule as a number: a grant whose post gives no expiry expires this many days after it is granted'),
  active: z.array(ActiveBankedReset).describe('the banked resets still redeemable, soonest expiry first'),
});

/** Curation notes the published event record has no room for: how sure each recorded fact is. */
export const EventNotesPayload = z.strictObject({
  ...ENVELOPE,
  notes: z
    .array(
      z.strictObject({
        id: PostId.describe("the event's id, as in timeline.json"),
        certainty: Certainty,
        uncertain_fields: z
          .array(z.string())
          .describe(
            'fields of the record that are not certain, each as the curator wrote it, for people (a name, optionally a note in parentheses)',
          ),
        uncertain_field_codes: UncertainFieldCodes,
        scope_note: z.string().nullable().describe('a note on who was covered, or null'),
      }),
    )
    .describe('one entry per recorded event, newest first'),
});

/** A 90 % moving-block bootstrap interval (docs/forecast.md); null when it cannot be computed. */
const LowerEnd = z.number().describe('lower end');
const UpperEnd = z.number().describe('upper end');
const Interval90 = z.strictObject({ lower: LowerEnd, upper: UpperEnd }).nullable();
const Scored = z.int().nonnegative().describe('how many forecasts (or issues) were scored');
// Meanings the backtest and the track record share (their fields are nullable in the track record).
const BASE_RATE = 'share of windows in which a reset came';
const BRIER = 'Brier score: mean squared error of the probabilities (lower is better)';
const SKILL_VS_MEMORYLESS =
  'skill against the memoryless forecast from the average rate: 1 − Brier / Brier of memoryless (above 0 is better)';
const ReliabilityBin = z.strictObject({
  lower: LowerEnd,
  upper: UpperEnd,
  n: Scored,
  mean_p: z.number().describe('mean forecast probability in the bin'),
  observed: z.number().describe('share of those windows in which a reset came'),
});
const RELIABILITY = 'forecast probability against what happened, per bin';
const ReliabilityByHorizon = z.array(
  z.strictObject({ horizon_hours: HorizonHours, bins: z.array(ReliabilityBin).describe('reliability bins of the forecast probability') }),
);

/** The rolling-origin backtest behind the forecast (docs/forecast.md): scores per model and horizon. */
const BacktestScore = z.strictObject({
  model: z.string().min(1).describe('the model scored'),
  horizon_hours: HorizonHours,
  n: Scored,
  brier: z.number().describe(BRIER),
  log_loss: z.number().describe('mean logarithmic loss (lower is better)'),
  base_rate: z.number().describe(BASE_RATE),
  skill_vs_memoryless: z.number().describe(SKILL_VS_MEMORYLESS),
  skill_vs_climatology: z.number().describe('skill against always forecasting the base rate'),
  calibration_error: z
    .number()
    .describe('largest |mean forecast − observed frequency| over reliability bins holding ≥ 50 issues, warm-up issues included'),
  skill_vs_memoryless_90: Interval90.describe('90 % circular moving-block bootstrap interval (28-day blocks) of skill_vs_memoryless'),
  skill_vs_climatology_90: Interval90.describe('the same interval for skill_vs_climatology'),
  warmup_issues: z.int().nonnegative().describe('issues scored with no_information_p because fewer than two resets were known'),
  calibration_error_after_warmup: z.number().describe('calibration_error over the issues after warm-up'),
  calibration_slope: z
    .number()
    .nullable()
    .describe('b of the maximum-likelihood fit P(reset) = 1 − exp(−exp(a + b·cloglog(p))) on the issues after warm-up; 1 is calibrated'),
  calibration_intercept: z.number().nullable().describe('a of the same fit; 0 is calibrated'),
});
export const BacktestPayload = z.strictObject({
  ...ENVELOPE,
  formula_version: FormulaVersion,
  method: z
    .strictObject({
      step_hours: z.number().positive().describe('hours between consecutive forecasts issued in the replay'),
      warmup_days: z.number().nonnegative().describe('days at the start that are scored as warm-up'),
      horizons: z.array(z.int().positive()).describe('one entry per horizon'),
      reset_kinds: z.array(Kind).describe('the event kinds counted as a reset'),
      first_issue: Timestamp.nullable().describe('the first forecast issued in the replay'),
      last_issue: Timestamp.nullable().describe('the last forecast issued in the replay'),
      no_information_p: z.number().min(0).max(1).describe('the probability used while fewer than two resets were known'),
      bootstrap: z
        .strictObject({
          method: z.string().min(1).describe('the resampling scheme and the kind of interval'),
          block_days: z.number().positive().describe('length of a resampled block, in days'),
          block_issues: z.int().positive().describe('forecasts in a resampled block'),
          replicates: z.int().positive().describe('bootstrap resamples'),
          level: z.number().min(0).max(1).describe('interval level'),
          seed: z.int().describe('random seed (the result is reproducible)'),
        })
        .describe('how every interval is computed'),
    })
    .describe('how the backtest was run'),
  selected_model: z.string().min(1).describe('the rhythm model; fixed in advance since formula "2", no longer selected on the backtest'),
  official_weight: z
    .number()
    .min(0)
    .max(1)
    .describe(
      'the 24 h official-signal weight learned from every promise settled by generated_at (the backtest learns it online, issue by issue)',
    ),
  parameters: z
    .strictObject({
      half_lives_days: z.array(z.number().positive()).describe('half-lives of the rhythm models, in days'),
      weekday_prior_resets: z.number().nonnegative().describe('prior weight of the weekday model, in resets'),
      promise_prior: z
        .strictObject({
          kept: z.number().nonnegative().describe('promises kept'),
          missed: z.number().nonnegative().describe('promises missed'),
        })
        .describe('prior counts of kept and missed promises'),
      min_rhythm_events: z.int().positive().describe('resets needed before a rhythm model is used'),
      status_weight: z.number().min(0).max(1).describe('weight of the status signal'),
      issues_weight: z.number().min(0).max(1).describe('weight of the issues signal'),
    })
    .describe('every constant of the formula, fixed in advance (docs/forecast.md)'),
  official_weights: z
    .array(
      z.strictObject({
        horizon_hours: HorizonHours,
        weight: z.number().min(0).max(1).describe('weight given to an open official promise'),
        kept: z.int().nonnegative().describe('promises kept'),
        settled: z.int().nonnegative().describe('promises settled'),
      }),
    )
    .describe('the learned official weight per horizon at generated_at: (kept + 1) / (settled + 2)'),
  scores: z.array(BacktestScore).describe('one entry per model and horizon'),
  targets: z
    .array(
      z.strictObject({
        metric: z
          .enum(['skill_vs_memoryless', 'calibration_slope', 'calibration_error_after_warmup'])
          .describe('the measure a target is set on'),
        horizon_hours: HorizonHours,
        min: z.number().nullable().describe('lowest value that meets it, or null'),
        max: z.number().nullable().describe('highest value that meets it, or null'),
        value: z.number().nullable().describe('the measured value, or null when it cannot be measured yet'),
        interval: Interval90.describe('90 % interval'),
        met: z.boolean().describe('the target is met'),
      }),
    )
    .describe('the targets of formula "2" for the published model (recency-mix+official) and whether this history meets them'),
  reliability: ReliabilityByHorizon.describe(RELIABILITY),
  reliability_after_warmup: ReliabilityByHorizon.describe('the same, without the warm-up issues'),
});

/** The 7-day outlook: the forecast's cumulative probability, from the same model as forecast.json. */
export const OutlookPayload = z.strictObject({
  ...ENVELOPE,
  formula_version: FormulaVersion,
  available: z.boolean().describe('as in forecast.json: false when the record is stale or too short, the numbers are then not vouched for'),
  step_hours: z.int().positive().describe('hours between consecutive points'),
  points: z
    .array(
      z.strictObject({
        hours: z.int().positive().describe('hours from generated_at'),
        p: z.number().min(0).max(1).describe('probability that a reset is announced within `hours` of generated_at'),
        percent: z.int().min(0).max(100).describe('round(100·p); equals p24 and p48 of forecast.json at 24 and 48'),
      }),
    )
    .describe('non-decreasing in hours'),
  disclaimer: Disclaimer,
});

/**
 * The same curve every hour, each point with the instant it ends at: the chance of an announced reset
 * before any instant of the next 7 days, by the rule it publishes (src/core/forecast/outlook.ts).
 */
export const HourlyOutlookPayload = z.strictObject({
  ...ENVELOPE,
  formula_version: FormulaVersion,
  available: z.boolean().describe('as in forecast.json: false when the record is stale or too short, the numbers are then not vouched for'),
  step_hours: z.literal(1).describe('hours between consecutive points'),
  rule: z
    .literal('first-point-at-or-after')
    .describe(
      'how to read the chance of an announced reset before an instant T after generated_at: the `p` (or `percent`) of the first ' +
        'point whose `until` is at or after T. The curve never decreases, so this is the chance before T rounded up to the ' +
        'next whole hour; T after the last point is beyond the outlook (no answer)',
    ),
  points: z
    .array(
      z.strictObject({
        hours: z.int().positive().describe('hours from generated_at'),
        until: Timestamp.describe('generated_at plus `hours`: the instant this point ends at'),
        p: z.number().min(0).max(1).describe('probability that a reset is announced before `until`, counted from generated_at'),
        percent: z.int().min(0).max(100).describe("round(100·p); equals outlook.json's percent at its hours, and p24 and p48 at 24 and 48"),
      }),
    )
    .describe('one point every hour from 1 to 168, non-decreasing in hours'),
  disclaimer: Disclaimer,
});

/** forecast.json's 24-hour chance as a shields.io endpoint badge (src/core/forecast/badge.ts). */
export const BadgePayload = z.strictObject({
  ...ENVELOPE,
  schemaVersion: z.literal(1).describe('the shields.io endpoint schema version'),
  label: z.string().min(1).describe("the badge's left text"),
  message: z
    .string()
    .regex(/^(100|[1-9]?\d)%( \(not vouched for\))?$/)
    .describe(
      'p24 of forecast.json as "37%" when the forecast is available, and as "37% (not vouched for)" when it is not ' +
        '(available: false), as the site and the status line say it: never a bare number for a forecast not vouched for',
    ),
  color: z
    .enum(['blue', 'yellowgreen', 'green', 'brightgreen', 'lightgrey'])
    .describe(
      'blue below 25 %, yellowgreen from 25 %, green from 50 %, brightgreen from 75 %; lightgrey when the forecast is not vouched for',
    ),
  cacheSeconds: z.int().min(300).describe('how long shields.io may keep the badge'),
});

const SkippedByKind = z.strictObject({
  not_json: z.int().nonnegative().describe('lines that are not JSON'),
  invalid: z.int().nonnegative().describe("lines that fail the log's schema"),
  p48_below_p24: z.int().nonnegative().describe('lines with p48 below p24'),
  duplicate: z.int().nonnegative().describe('repeated lines'),
  out_of_order: z.int().nonnegative().describe('lines older than the one before'),
});
/** The live track record: logged forecasts whose window has closed, scored against the record. */
export const TrackRecordPayload = z.strictObject({
  ...ENVELOPE,
  provisional: z.boolean().describe('true until every horizon has at least 20 resets and 1,000 scored windows'),
  provisional_rule: z.string().min(1).describe('when the track record stops being provisional'),
  scoring: z.string().min(1).describe('how a logged forecast is scored'),
  log: z
    .strictObject({
      lines: z.int().nonnegative().describe('usable lines of data/forecast-log.jsonl'),
      skipped: z.int().nonnegative().describe('lines skipped (they stay in the log, never rewritten)'),
      skipped_by_kind: SkippedByKind.describe('log lines skipped, by reason'),
      warnings: z.array(z.string()).describe('one per skipped line, naming the line and the problem'),
      formula_versions: z
        .array(
          z.strictObject({
            formula_version: z.string().min(1).describe(FORMULA_VERSION_MEANING),
            lines: z.int().nonnegative().describe('log lines'),
          }),
        )
        .describe('lines per formula version'),
    })
    .describe('the forecast log as read'),
  horizons: z
    .array(
      z.strictObject({
        horizon_hours: HorizonHours,
        scored: z.int().nonnegative().describe('logged forecasts whose window had closed at generated_at'),
        resets: z.int().nonnegative().describe('resets between the first scored issue and the end of the last scored window'),
        first_issued_at: Timestamp.nullable().describe('first scored forecast'),
        last_issued_at: Timestamp.nullable().describe('last scored forecast'),
        brier: z.number().nullable().describe(BRIER),
        brier_memoryless: z
          .number()
          .nullable()
          .describe('Brier score of the memoryless forecast computed from the events known at each issue time'),
        skill_vs_memoryless: z.number().nullable().describe(SKILL_VS_MEMORYLESS),
        skill_vs_memoryless_90: Interval90.describe('90 % bootstrap interval of that skill'),
        base_rate: z.number().nullable().describe(BASE_RATE),
        mean_forecast: z.number().nullable().describe('mean forecast probability'),
        reliability: z.array(ReliabilityBin).describe(RELIABILITY),
        provisional: z.boolean().describe('too few forecasts scored yet to judge'),
      }),
    )
    .describe('one entry per horizon'),
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
export type OutlookPayload = z.infer<typeof OutlookPayload>;
export type HourlyOutlookPayload = z.infer<typeof HourlyOutlookPayload>;
export type BadgePayload = z.infer<typeof BadgePayload>;
export type TrackRecordPayload = z.infer<typeof TrackRecordPayload>;

/** Promises of a coming reset, newest first, each with its UTC window and where it stands. */
export const PromisesPayload = z.strictObject({
  ...ENVELOPE,
  window_rule: z.string().describe('how time words in a post ("by EOD", "10am PT") become a UTC window'),
  promises: z
    .array(
      z.strictObject({
        ...Announcement.shape,
        status: z
          .enum(['open', 'fulfilled', 'lapsed'])
          .describe('fulfilled: its reset is recorded; open: its window has not ended; lapsed: the window ended with no reset'),
        fulfilled_at: Timestamp.nullable().describe('time of the event that delivered it'),
      }),
    )
    .describe('every promise, newest first'),
});

/** Every change to a published fact, newest first: nothing on the record is rewritten silently. */
export const CorrectionsPayload = z.strictObject({
  ...ENVELOPE,
  corrections: z.array(Correction).describe('every correction, newest first'),
});

export type PromisesPayload = z.infer<typeof PromisesPayload>;
export type CorrectionsPayload = z.infer<typeof CorrectionsPayload>;

/**
 * What an alert announces (docs/alerts.md). Each kind has its own stable id, built only from the data:
 * `tag:<site host>,2026:alert:<kind>:<key>`.
 */
export const ALERT_KINDS = [
  'reset',
  'event',
  'grant',
  'grant-expiring',
  'promise',
  'promise-fulfilled',
  'promise-lapsed',
  'correction',
  'retraction',
  'threshold',
] as const;
export const AlertKind = z
  .enum(ALERT_KINDS)
  .describe(
    'reset: a reset recorded; event: another recorded limit change (a boost, another change, a banked reset without a recorded grant); ' +
      'grant: a banked reset granted; grant-expiring: a banked reset expires within 24, 5 or 1 h (one alert each); ' +
      'promise: a reset promised, with its UTC window; ' +
      'promise-fulfilled / promise-lapsed: its reset came / its window ended without one; correction / retraction: a published fact changed / withdrawn; ' +
      'threshold: the as-issued forecast crossed a threshold upwards',
  );

const Threshold = Percent.describe('the threshold in whole percent');
const RearmBelow = Percent.describe('the chance must fall below this (whole percent) before the threshold alerts again');

export const Alert = z.strictObject({
  id: z
    .string()
    .regex(/^tag:[^,]+,2026:alert:[a-z-]+:\S+$/)
    .describe('stable for ever: tag URI (RFC 4151) built from the data only'),
  kind: AlertKind,
  at: Timestamp.describe(
    'when the announced thing happened: the post, the grant, the window end, the reminder (expiry − 24, 5 or 1 h), the correction, the issued forecast',
  ),
  title: z.string().min(1).describe('one line, English'),
  summary: z.string().min(1).describe('a sentence or two, English'),
  url: Url.nullable().describe('the post the alert is about, when there is one'),
  page: Url.describe('where it is on Resetcast: the timeline entry, the banked grant, or the forecast'),
  event_id: PostId.nullable().describe('the recorded event it concerns, if any'),
  window: z
    .strictObject({ start: Timestamp, end: Timestamp })
    .nullable()
    .describe('for promise alerts: the UTC window the reset was expected in'),
  expires_at: Timestamp.nullable().describe('for grant alerts: when the banked reset expires if unused'),
  forecast: z
    .strictObject({
      horizon_hours: HorizonHours,
      threshold: Threshold,
      rearm_below: RearmBelow,
      value: Percent.describe('the as-issued chance that crossed the threshold, whole percent'),
      previous: Percent.describe('the as-issued chance before the crossing'),
    })
    .nullable()
    .describe('for threshold alerts: the horizon, the threshold crossed, the value issued and the one before it'),
  reminder_hours: z
    .int()
    .positive()
    .optional()
    .describe('for grant-expiring alerts only: how many hours before expiry this reminder is (one of rules.expiring_reminder_hours)'),
});

export const AlertsPayload = z.strictObject({
  ...ENVELOPE,
  rules: z
    .strictObject({
      expiring_hours: z
        .int()
        .positive()
        .describe('the first reminder: a grant-expiring alert exists from this many hours before expiry until expiry'),
      expiring_reminder_hours: z
        .array(z.int().positive())
        .describe('every reminder, longest first: one grant-expiring alert per value, from that many hours before expiry until expiry'),
      horizons_hours: z.array(z.int().positive()).describe('the horizons that alert (24 and 48 hours)'),
      thresholds: z.array(z.strictObject({ threshold: Threshold, rearm_below: RearmBelow })).describe('the thresholds that alert'),
      gap_hours: z.number().positive().describe('a forecast-log gap longer than this: the first forecast after it announces nothing'),
      text: z.string().min(1).describe('the rule in words'),
    })
    .describe('the rules alerts follow'),
  alerts: z.array(Alert).describe('newest first'),
});

export type AlertKind = z.infer<typeof AlertKind>;
export type Alert = z.infer<typeof Alert>;
export type AlertsPayload = z.infer<typeof AlertsPayload>;
