/**
 * Every published JSON payload, named once: its schema, what it is, and how it is built from the
 * dataset. The routes (/api/v1/[name].json), the JSON Schemas, the OpenAPI document, the developers
 * page and llms.txt all read this list, so adding a payload is a schema, one entry here, its words for
 * the developers page in every catalogue (`endpoints.get<Name>` in src/site/i18n/en.ts, then the others, as
 * the build check asks), and `npm run docs:api` (docs/api.md and the README's table; a test fails until then).
 */
import type { z } from 'zod';
import type { Dataset } from '../../core/dataset/index.ts';
import { createAlertsPayload } from '../../core/alerts/payload.ts';
import { createBankedPayload } from '../../core/facts/banked.ts';
import { createCorrectionsPayload } from '../../core/corrections/index.ts';
import { forecastWithReasons, type ForecastWithReasons } from '../../core/forecast/index.ts';
import { evaluate, type Evaluation } from '../../core/forecast/evaluate.ts';
import { HOUR_MS } from '../../core/time-units.ts';
import { withoutStamps } from '../../core/timetable.ts';
import { alertsClockKey } from '../../core/alerts/derive.ts';
import { liveModel, type LiveModel } from '../../core/forecast/live.ts';
import { modelInput, type ModelInput } from '../../core/forecast/model.ts';
import { createBadgePayload } from '../../core/forecast/badge.ts';
import { createHourlyOutlookPayload, createOutlookPayload } from '../../core/forecast/outlook.ts';
import { createBacktestPayload, officialWeights } from '../../core/forecast/payload.ts';
import type { ConfidenceReason } from '../../core/forecast/reasons.ts';
import { createTrackRecordPayload, trackRecord, trackRecordClockKey } from '../../core/forecast/track-record.ts';
import { createPromisesPayload, promisesClockKey } from '../../core/promises/index.ts';
import { createTimelinePayload, newestFirst } from '../../core/facts/timeline.ts';
import {
  AlertsPayload,
  BacktestPayload,
  BadgePayload,
  BankedPayload,
  CorrectionsPayload,
  EventNotesPayload,
  ForecastPayload,
  HourlyOutlookPayload,
  OutlookPayload,
  PromisesPayload,
  SCHEMA_VERSION,
  SignalsPayload,
  TimelinePayload,
  TrackRecordPayload,
} from '../../core/schema/index.ts';
import { toTimestamp } from '../../core/time.ts';
import { stableStringify } from '../../core/json.ts';
import { uncertainFieldCodes } from '../../core/uncertain-fields.ts';

/**
 * The work on a dataset that does not depend on the clock, each piece computed once on first use: a build
 * makes it once and every instant of its timetable (docs/timetable.md) reads it.
 */
export interface SharedWork {
  /** The backtest of formula "2" on the whole record. */
  evaluation: () => Evaluation;
  /** What the model reads of the record: reset times and promises. */
  modelInput: () => ModelInput;
  /** The forecast log's issue times, in hours since the epoch, ascending (the track record's clock key). */
  logIssuedHours: () => number[];
  /** The forecast log's available lines' issue times, in ms, ascending (the alerts' clock key). */
  logAvailableMs: () => number[];
  /** The recorded events' times, in ms, ascending (the calendar's clock key). */
  eventTimesMs: () => number[];
}

export function sharedWork(data: Dataset): SharedWork {
  const once = <T>(f: () => T): (() => T) => {
    let value: { v: T } | undefined;
    return () => {
      value ??= { v: f() };
      return value.v;
    };
  };
  return {
    evaluation: once(() => evaluate(data.events, data.announcements)),
    modelInput: once(() => modelInput(data.events, data.announcements)),
    logIssuedHours: once(() => data.forecastLog.lines.map((l) => Date.parse(l.issued_at) / HOUR_MS)),
    logAvailableMs: once(() =>
      data.forecastLog.lines
        .filter((l) => l.available)
        .map((l) => Date.parse(l.issued_at))
        .sort((a, b) => a - b),
    ),
    eventTimesMs: once(() => data.events.map((e) => Date.parse(e.ts)).sort((a, b) => a - b)),
  };
}

/** What every builder gets: the dataset, the build clock, and work shared between payloads (computed once). */
export interface PayloadContext {
  data: Dataset;
  now: Date;
  source: string;
  generated_at: string;
  /** When the payload is computed: the build's clock (a timetable state is computed ahead of its `now`). */
  built_at: Date;
  /** The work that does not depend on the clock. */
  shared: SharedWork;
  /** The backtest of formula "2" on the whole record. */
  evaluation: () => Evaluation;
  /** The model at the build clock: forecast, outlook and banked advice all read it. */
  model: () => LiveModel;
  /** forecast.json and the reasons behind its English confidence_reasons. */
  forecast: () => ForecastWithReasons;
}

interface PayloadDef<N extends string, S extends z.ZodType> {
  name: N;
  schema: S;
  /** One line, for lists of endpoints. */
  summary: string;
  /** A sentence or two, for the OpenAPI document and the developers page. */
  description: string;
  /**
   * Whether its content moves with the clock (not only `generated_at`): such a payload is published as
   * timetable states (docs/timetable.md), the others as one static file per build.
   */
  clock: boolean;
  /**
   * Whether its content moves with the status and issues signals (`data/signals.json`): such a payload is
   * answered at run time from the latest stored snapshot when it is newer than the deploy's own
   * (src/site/live/signal-states.ts, docs/timetable.md), so a new snapshot needs no deploy.
   */
  signals: boolean;
  build: (ctx: PayloadContext) => z.infer<S>;
  /**
   * For a clock payload whose text is costly to make at every instant the timetable reads: what of the clock
   * it depends on, cheaply (equal keys at two instants: equal texts but for `generated_at`). Without it, the
   * text itself is the key.
   */
  key?: (ctx: PayloadContext) => string;
}
const payload = <N extends string, S extends z.ZodType>(def: PayloadDef<N, S>): PayloadDef<N, S> => def;

export const PAYLOADS = [
  payload({
    name: 'forecast',
    clock: true,
    signals: true,
    schema: ForecastPayload,
    summary: 'Odds of a reset in the next 24 and 48 hours',
    description:
      'p24 and p48 (integer percent), the confidence label and its reasons, the numeric inputs and freshness timestamps. ' +
      'An estimate from past announcements, not a schedule.',
    build: (c) => c.forecast().payload,
  }),
  payload({
    name: 'outlook',
    clock: true,
    signals: true,
    schema: OutlookPayload,
    summary: '7-day outlook of a reset',
    description:
      'The cumulative chance of an announced reset within 6, 12 … 168 hours, from the same model and clock as ' +
      'forecast.json (equal to p24 and p48 at 24 and 48 hours). An estimate, not a schedule.',
    build: (c) => createOutlookPayload(c.model(), c.forecast().payload.available, c.generated_at, c.source),
  }),
  payload({
    name: 'hourly-outlook',
    clock: true,
    signals: true,
    schema: HourlyOutlookPayload,
    summary: 'Chance of a reset before any hour of the next 7 days',
    description:
      'The same curve as outlook.json every hour from 1 to 168, each point with the instant it ends at (`until`): the chance ' +
      'of an announced reset before an instant T is the `p` of the first point whose `until` is at or after T (`rule`). ' +
      'For menu-bar, tray and widget apps and the status line (docs/widgets.md). An estimate, not a schedule.',
    build: (c) => createHourlyOutlookPayload(c.model(), c.forecast().payload.available, c.generated_at, c.source),
  }),
  payload({
    name: 'badge',
    clock: true,
    signals: true,
    schema: BadgePayload,
    summary: 'README badge of the 24-hour odds (shields.io endpoint)',
    description:
      "forecast.json's p24 as a shields.io endpoint badge: " +
      '`https://img.shields.io/endpoint?url=<site>/api/v1/badge.json` (`<site>` this site\'s address). The message is "37%" ' +
      'when the forecast is available, "37% (not vouched for)" in grey when it is not (the status line\'s words); ' +
      'the colour follows the 25/50/75 % alert thresholds.',
    build: (c) => createBadgePayload(c.forecast(), c.generated_at, c.source),
  }),
  payload({
    name: 'timeline',
    clock: false,
    signals: false,
    schema: TimelinePayload,
    summary: 'Every recorded reset event',
    description:
      'All recorded events, newest first, each with the eleven fields of the event record (docs/api.md) and the codes of its uncertain fields.',
    build: (c) => createTimelinePayload(c.data.events, c.source),
  }),
  payload({
    name: 'signals',
    clock: false,
    signals: true,
    schema: SignalsPayload,
    summary: 'Latest status and issue signals',
    description: 'The last scheduled check of the status page and the issue tracker; `fetched_at` is the time of that check.',
    build: (c) => ({ schema_version: SCHEMA_VERSION, generated_at: c.generated_at, source: c.source, ...c.data.signals }),
  }),
  payload({
    name: 'banked',
    clock: true,
    signals: true,
    schema: BankedPayload,
    summary: 'Active banked resets',
    description:
      'Banked resets whose expiry is after `generated_at`, with grant and expiry timestamps, the hours left, and an ' +
      'estimate of the chance of a free reset before each expires with plain spend-or-hold advice.',
    build: (c) => createBankedPayload(c.data.banked, c.now, c.generated_at, c.source, c.model().probability),
  }),
  payload({
    name: 'promises',
    clock: true,
    signals: false,
    schema: PromisesPayload,
    summary: 'Official promises of a coming reset',
    description:
      'Every recorded promise of a reset, newest first, with the UTC window it was expected in and whether it was fulfilled, is still open or lapsed.',
    build: (c) => createPromisesPayload(c.data.announcements, c.data.events, c.now, c.generated_at, c.source),
    key: (c) => promisesClockKey(c.data.announcements, c.now),
  }),
  payload({
    name: 'corrections',
    clock: false,
    signals: false,
    schema: CorrectionsPayload,
    summary: 'Corrections to the record',
    description:
      'Every published fact changed after publication (a fixed time or scope, a retraction), newest first, with the value before and after and the reason.',
    build: (c) => createCorrectionsPayload(c.data.corrections, c.generated_at, c.source),
  }),
  payload({
    name: 'alerts',
    clock: true,
    signals: false,
    schema: AlertsPayload,
    summary: 'Alerts: resets, grants, promises, corrections, forecast jumps',
    description:
      'Every alert, newest first, each with an id that never changes: a reset or banked reset recorded, a banked reset ' +
      'expiring within 24, 5 and 1 hours (one alert each), a reset promised (with its UTC window) and whether it ' +
      'came, a correction or retraction, and the as-issued forecast crossing 25, 50 or 75 % (with hysteresis). The ' +
      'same stream as /alerts.xml, complete.',
    build: (c) => createAlertsPayload(c.data, c.now, c.generated_at, c.source),
    key: (c) => alertsClockKey(c.data, c.now, c.shared.logAvailableMs()),
  }),
  payload({
    name: 'event-notes',
    clock: false,
    signals: false,
    schema: EventNotesPayload,
    summary: 'Curation notes per event',
    description: 'How sure each recorded fact is: certainty, the fields that are uncertain, and notes on the scope.',
    build: (c) => ({
      schema_version: SCHEMA_VERSION,
      generated_at: c.generated_at,
      source: c.source,
      notes: newestFirst(c.data.events).map((e) => ({
        id: e.id,
        certainty: e.certainty,
        uncertain_fields: e.uncertain_fields,
        uncertain_field_codes: uncertainFieldCodes(e.uncertain_fields),
        scope_note: e.scope_note ?? null,
      })),
    }),
  }),
  payload({
    name: 'backtest',
    // The backtest itself is fixed by the record; the official weight it reports comes from the model at `now`.
    clock: true,
    signals: false,
    schema: BacktestPayload,
    summary: 'Backtest of the forecast',
    description:
      'How the forecast formula would have scored on the recorded history, issued every 6 hours from data published by ' +
      'then: scores per model and horizon with 90 % bootstrap intervals, calibration, and the targets of the formula.',
    build: (c) => createBacktestPayload(c.evaluation(), c.model(), c.generated_at, c.source),
    key: (c) => JSON.stringify(officialWeights(c.model())),
  }),
  payload({
    name: 'track-record',
    clock: true,
    signals: false,
    schema: TrackRecordPayload,
    summary: 'Live track record of the forecast',
    description:
      'Every logged forecast whose 24 h or 48 h window has closed, scored against the recorded resets: Brier score, ' +
      'skill against the memoryless forecast of the same moment with a 90 % bootstrap interval, reliability. ' +
      'Provisional until the record is long enough; skipped log lines are counted and named.',
    build: (c) => createTrackRecordPayload(trackRecord(c.data.forecastLog, c.shared.modelInput().times, c.now), c.generated_at, c.source),
    key: (c) => trackRecordClockKey(c.shared.logIssuedHours(), c.now),
  }),
] as const;

type Def = (typeof PAYLOADS)[number];
export type PayloadName = Def['name'];
export type Payloads = { [D in Def as D['name']]: z.infer<D['schema']> };
export const PAYLOAD_NAMES: readonly PayloadName[] = PAYLOADS.map((p) => p.name);
export const PAYLOAD_SCHEMAS = Object.fromEntries(PAYLOADS.map((p) => [p.name, p.schema])) as { [D in Def as D['name']]: D['schema'] };

/** The payloads whose content moves with the clock, in registry order: the timetable's (docs/timetable.md). */
export const CLOCK_PAYLOAD_NAMES: readonly PayloadName[] = PAYLOADS.filter((p) => p.clock).map((p) => p.name);

/** The payloads whose content moves with the status and issues signals, in registry order: answered at run time from a newer snapshot. */
export const SIGNAL_PAYLOAD_NAMES: readonly PayloadName[] = PAYLOADS.filter((p) => p.signals).map((p) => p.name);

/** The payloads the timetable serves: those that move with the clock or with the signals (docs/timetable.md). */
export const TIMETABLE_PAYLOAD_NAMES: readonly PayloadName[] = PAYLOADS.filter((p) => p.clock || p.signals).map((p) => p.name);

/** Builds every payload once from the validated dataset and the build clock. */
export function createPayloads(data: Dataset, now: Date, source: string): Payloads {
  return createPayloadsWithReasons(data, now, source).payloads;
}

/** The context every builder reads at `now`, with its work computed once, on first use (the clock's alone given by `shared`). */
function payloadContext(data: Dataset, now: Date, source: string, builtAt: Date, shared: SharedWork): PayloadContext {
  let model: LiveModel | undefined;
  let forecast: ForecastWithReasons | undefined;
  const ctx: PayloadContext = {
    data,
    now,
    source,
    generated_at: toTimestamp(now),
    built_at: builtAt,
    shared,
    evaluation: shared.evaluation,
    model: () => (model ??= liveModel(data, now, shared.modelInput())),
    forecast: () => (forecast ??= forecastWithReasons(data, now, source, ctx.model(), builtAt)),
  };
  return ctx;
}

const CLOCK_PAYLOADS = PAYLOADS.filter((p) => p.clock);

/**
 * The payloads as published at `now`, computed at `builtAt` (a timetable state: docs/timetable.md), each
 * made on first use and kept: a page reads only the ones it shows. A build at `now` publishes the same but
 * for forecast.json's `freshness.built_at`.
 */
export interface PayloadsAt {
  payloads: Payloads;
  confidenceReasons: readonly ConfidenceReason[];
  /** Per clock payload, what of the clock its text depends on (the payload's `key`, else its text without stamps). */
  key: (name: PayloadName) => string;
  /** Per clock payload, its exact published text. */
  text: (name: PayloadName) => string;
}

export function payloadsAt(data: Dataset, now: Date, source: string, builtAt: Date, shared: SharedWork = sharedWork(data)): PayloadsAt {
  const ctx = payloadContext(data, now, source, builtAt, shared);
  const made = new Map<PayloadName, unknown>();
  const texts = new Map<PayloadName, string>();
  const keys = new Map<PayloadName, string>();
  const payloads = {} as Payloads;
  for (const p of PAYLOADS)
    Object.defineProperty(payloads, p.name, {
      enumerable: true,
      get: () => {
        if (!made.has(p.name)) made.set(p.name, p.build(ctx));
        return made.get(p.name);
      },
    });
  const text = (name: PayloadName): string => {
    let t = texts.get(name);
    if (t === undefined) {
      t = stableStringify(payloads[name]);
      texts.set(name, t);
    }
    return t;
  };
  const defs = new Map<PayloadName, PayloadDef<PayloadName, z.ZodType>>(
    PAYLOADS.map((p) => [p.name, p as PayloadDef<PayloadName, z.ZodType>]),
  );
  return {
    payloads,
    get confidenceReasons() {
      return ctx.forecast().reasons;
    },
    key: (name) => {
      let k = keys.get(name);
      if (k === undefined) {
        const def = defs.get(name)!;
        k = def.key ? def.key(ctx) : withoutStamps(text(name));
        keys.set(name, k);
      }
      return k;
    },
    text,
  };
}

/**
 * The clock payloads as published at `now` (each file's exact text), computed at `builtAt`: one
 * timetable state each (src/site/timetable.ts). A build at `now` publishes the same texts but for
 * forecast.json's `freshness.built_at`. `shared`, when given, is the dataset's clock-free work, computed once.
 */
export function createClockPayloadTexts(
  data: Dataset,
  now: Date,
  source: string,
  builtAt: Date,
  shared?: SharedWork,
): Record<PayloadName, string> {
  const at = payloadsAt(data, now, source, builtAt, shared);
  return Object.fromEntries(CLOCK_PAYLOADS.map((p) => [p.name, at.text(p.name)])) as Record<PayloadName, string>;
}

/**
 * Every payload, and the confidence reasons of forecast.json as data: the pages say them in their own
 * language from the same computation that wrote the English ones.
 */
export function createPayloadsWithReasons(
  data: Dataset,
  now: Date,
  source: string,
): { payloads: Payloads; confidenceReasons: readonly ConfidenceReason[] } {
  const ctx = payloadContext(data, now, source, now, sharedWork(data));
  const payloads = Object.fromEntries(PAYLOADS.map((p) => [p.name, p.build(ctx)])) as Payloads;
  return { payloads, confidenceReasons: ctx.forecast().reasons };
}
