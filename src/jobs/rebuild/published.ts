/**
 * What a build publishes that decides whether the site needs a new one (rebuild.ts, docs/pull.md): the
 * forecast's numbers, the ids of the alert stream and the active banked resets with their advice. These
 * are the parts of the site that move with the clock alone, between fact changes: the forecast decays,
 * a grant's expiry reminder (24, 5, 1 h before) comes due, a grant expires, a promise window closes
 * (promise-lapsed), the advice on a grant turns from hold to use. Each is read the same way from the
 * payloads a build would write now and from the deployed site's, so the two compare as equals.
 * A deployed site serves its timetable (docs/timetable.md): the state for the request's instant, which the
 * payload's `generated_at` names; what a build would publish is computed for that same instant
 * (`comparedInstants`), so a figure that moved with the clock since never reads as a change.
 * The status and issues signals are the run-time part of every payload: what a build would publish is computed
 * with the deployed signals in place of data/'s (`withSignals`), so no signal check, and no signal expiring
 * (SIGNAL_MAX_AGE_HOURS) inside the deployed timetable while data/ holds fresher ones, reads as a change.
 * Pure: the caller fetches the deployed documents.
 */
import { deriveAlerts } from '../../core/alerts/derive.ts';
import { createBankedPayload } from '../../core/facts/banked.ts';
import { computeForecast } from '../../core/forecast/index.ts';
import { liveModel } from '../../core/forecast/live.ts';
import { SignalsFile, type ActiveBankedReset, type ForecastPayload } from '../../core/schema/index.ts';
import { toTimestamp } from '../../core/time.ts';
import { STEP_SECONDS } from '../../core/timetable.ts';
import type { Dataset } from '../../core/dataset/index.ts';

/** The published numbers of forecast.json that decide a build. */
export type ForecastNumbers = Pick<ForecastPayload, 'available' | 'p24' | 'p48'>;

export interface PublishedView {
  /** forecast.json: available, p24, p48 (whole percents, as published). */
  forecast: ForecastNumbers;
  /** alerts.json: every alert id (the stream is complete, so the ids say which alerts exist). */
  alerts: string[];
  /** banked.json: `<grant id> <advice>` per active grant, so an expiry and a turned advice both show. */
  banked: string[];
}

/** Where each part is published, relative to the site. */
export const PUBLISHED_PATHS: Readonly<Record<keyof PublishedView, string>> = {
  forecast: '/api/v1/forecast.json',
  alerts: '/api/v1/alerts.json',
  banked: '/api/v1/banked.json',
};

const bankedKey = (g: Pick<ActiveBankedReset, 'id' | 'advice'>): string => `${g.id} ${g.advice}`;
const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** forecast.json's numbers from any parsed document, or null when it does not carry them as published. */
export function forecastNumbers(doc: unknown): ForecastNumbers | null {
  if (!isObject(doc)) return null;
  const { available, p24, p48 } = doc;
  const percent = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 100;
  return typeof available === 'boolean' && percent(p24) && percent(p48) ? { available, p24, p48 } : null;
}

/** alerts.json's ids, or null when it is not an alert stream. */
export function alertIds(doc: unknown): string[] | null {
  const alerts = isObject(doc) ? doc['alerts'] : undefined;
  if (!Array.isArray(alerts) || !alerts.every((a) => isObject(a) && typeof a['id'] === 'string')) return null;
  return alerts.map((a) => a.id as string);
}

/** banked.json's active grants as `<id> <advice>`, or null when it is not a banked payload. */
export function bankedGrants(doc: unknown): string[] | null {
  const active = isObject(doc) ? doc['active'] : undefined;
  const grant = (g: unknown): g is Pick<ActiveBankedReset, 'id' | 'advice'> =>
    isObject(g) && typeof g['id'] === 'string' && (g['advice'] === 'use' || g['advice'] === 'hold');
  if (!Array.isArray(active) || !active.every(grant)) return null;
  return active.map(bankedKey);
}

/** Where the deployed signals are published: the snapshot the deployed figures were computed with. */
export const SIGNALS_PATH = '/api/v1/signals.json';

/**
 * signals.json's snapshot (the payload without its envelope), or null when it is not one as the build writes it:
 * a deployed signals payload that does not parse reads as unreadable, which builds.
 */
export function deployedSignals(doc: unknown): SignalsFile | null {
  if (!isObject(doc)) return null;
  const { schema_version: _version, generated_at: _at, source: _source, ...snapshot } = doc;
  const parsed = SignalsFile.safeParse(snapshot);
  return parsed.success ? parsed.data : null;
}

/**
 * `data` with the deployed signals in place of its own. Both sides of the comparison then hold the same signals:
 * the deployed figures were computed with them (by the build, or at run time from the stored snapshot), so only
 * the facts, the record's check and the clock can differ. A signal never asks for a build: it reaches readers
 * at run time, and what expires in the deployed timetable expires the same way here.
 */
export const withSignals = (data: Dataset, signals: SignalsFile): Dataset => ({ ...data, signals });

/** When the deployed payloads' figures are for, and what fixes the deployed timetable's horizon. */
export interface DeployedClock {
  /** Each part's `generated_at`: the start of the timetable state it is (a build before the timetable: the build). */
  at: Record<keyof PublishedView, string>;
  /** forecast.json's `freshness.built_at` and `events_checked_at`: the build, and its record's last check. */
  builtAt: string;
  eventsCheckedAt: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const isTimestamp = (x: unknown): x is string => typeof x === 'string' && TIMESTAMP.test(x) && Number.isFinite(Date.parse(x));

/** A payload's `generated_at`, or null when it has none. */
export function generatedAt(doc: unknown): string | null {
  const at = isObject(doc) ? doc['generated_at'] : undefined;
  return isTimestamp(at) ? at : null;
}

/** forecast.json's `freshness.built_at` and `events_checked_at`, or null when it does not carry them. */
export function forecastFreshness(doc: unknown): Pick<DeployedClock, 'builtAt' | 'eventsCheckedAt'> | null {
  const f = isObject(doc) ? doc['freshness'] : undefined;
  if (!isObject(f) || !isTimestamp(f['built_at']) || !isTimestamp(f['events_checked_at'])) return null;
  return { builtAt: f['built_at'], eventsCheckedAt: f['events_checked_at'] };
}

/**
 * A deployed forecast older than this is no timetable state (a forecast state lasts at most 5 minutes, and an
 * edge keeps it no longer): the site does not follow the clock (a build before the timetable), and it is
 * compared with what a build would publish now.
 */
export const FOLLOWS_CLOCK_MS = 2 * STEP_SECONDS * 1000;

/** The instant each part is compared at: its `generated_at` when the site follows the clock, else `now`. */
export function comparedInstants(clock: DeployedClock, now: Date): Record<keyof PublishedView, Date> {
  const follows = now.getTime() - Date.parse(clock.at.forecast) <= FOLLOWS_CLOCK_MS;
  const at = (part: keyof PublishedView): Date => (follows ? new Date(Math.min(Date.parse(clock.at[part]), now.getTime())) : now);
  return { forecast: at('forecast'), alerts: at('alerts'), banked: at('banked') };
}

/** The view a build of `data` publishes, each part at its own instant (comparedInstants). */
export function publishedAt(data: Dataset, instants: Record<keyof PublishedView, Date>, base: string): PublishedView {
  const views = new Map<number, PublishedView>();
  const viewAt = (t: Date): PublishedView => {
    const kept = views.get(t.getTime());
    if (kept) return kept;
    const view = publishedNow(data, t, base);
    views.set(t.getTime(), view);
    return view;
  };
  return { forecast: viewAt(instants.forecast).forecast, alerts: viewAt(instants.alerts).alerts, banked: viewAt(instants.banked).banked };
}

/**
 * What the static outputs (pages, feeds, calendar: one file per build until they are timetable states) show,
 * and what a build of `data` publishes now, on the same view: the first is `data` at the deployed build's
 * instant (`builtAt`) with its checks as that build had them. The record's last check is the deployed
 * forecast's `events_checked_at`; a signal checked after the build is taken as checked at it (a check time
 * after the instant counts as unknown, checkAgeHours, which would turn the forecast unavailable or drop the
 * signal there, a difference no clock made). So the two differ only by what the clock moved since the build.
 */
export function staticView(
  data: Dataset,
  deployed: Pick<DeployedClock, 'builtAt' | 'eventsCheckedAt'>,
  now: Date,
  base: string,
): { built: PublishedView; now: PublishedView } {
  const builtAt = new Date(Math.min(Date.parse(deployed.builtAt), now.getTime()));
  const by = (at: string | null): string | null => (at !== null && Date.parse(at) > builtAt.getTime() ? toTimestamp(builtAt) : at);
  const { signals } = data;
  const asBuilt: Dataset = {
    ...data,
    eventsCheckedAt: deployed.eventsCheckedAt,
    signals: {
      ...signals,
      fetched_at: by(signals.fetched_at) ?? signals.fetched_at,
      status: { ...signals.status, checked_at: by(signals.status.checked_at) },
      issues: { ...signals.issues, checked_at: by(signals.issues.checked_at) },
    },
  };
  return { built: publishedNow(asBuilt, builtAt, base), now: publishedNow(data, now, base) };
}

/** The view of the payloads a build of `data` at `now` would publish, computed by the functions the build uses. */
export function publishedNow(data: Dataset, now: Date, base: string): PublishedView {
  // One model for the forecast and the banked advice, as in the build (src/site/api/payloads.ts).
  const model = liveModel(data, now);
  const { available, p24, p48 } = computeForecast(data, now, base, model);
  return {
    forecast: { available, p24, p48 },
    alerts: deriveAlerts(data, now, base).map((a) => a.id),
    banked: createBankedPayload(data.banked, now, toTimestamp(now), base, model.probability).active.map(bankedKey),
  };
}
