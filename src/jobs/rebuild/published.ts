/**
 * What a build publishes that decides whether the site needs a new one (rebuild.ts, docs/pull.md): the
 * forecast's numbers, the ids of the alert stream and the active banked resets with their advice. These
 * are the parts of the site that move with the clock alone, between fact changes: the forecast decays,
 * a grant's expiry reminder (24, 5, 1 h before) comes due, a grant expires, a promise window closes
 * (promise-lapsed), the advice on a grant turns from hold to use. Each is read the same way from the
 * payloads a build would write now and from the deployed site's, so the two compare as equals.
 * Pure: the caller fetches the deployed documents.
 */
import { deriveAlerts } from '../../core/alerts/derive.ts';
import { createBankedPayload } from '../../core/facts/banked.ts';
import { computeForecast } from '../../core/forecast/index.ts';
import { liveModel } from '../../core/forecast/live.ts';
import type { ActiveBankedReset, ForecastPayload } from '../../core/schema/index.ts';
import { toTimestamp } from '../../core/time.ts';
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
