/**
 * The README badge (/api/v1/badge.json): forecast.json's 24-hour chance in the shape of a shields.io
 * endpoint badge (https://shields.io/badges/endpoint-badge), so anyone can show it with
 * `https://img.shields.io/endpoint?url=…/api/v1/badge.json` and no server of their own. shields.io ignores
 * the envelope fields it does not know. A forecast that is not vouched for (`available: false`) says so after
 * its number, in grey, in the words the status line and the site use (src/site/freshness.ts, docs/statusline.md):
 * never a bare number. The colour bands are the alert thresholds (25, 50, 75 %).
 */
import { THRESHOLDS } from '../alerts/thresholds.ts';
import { SCHEMA_VERSION, type BadgePayload } from '../schema/index.ts';
import type { ForecastWithReasons } from './index.ts';

export const BADGE_LABEL = 'Codex reset odds 24h';
/** shields.io keeps the badge this long; the payload itself changes with the timetable's states (docs/timetable.md). */
export const BADGE_CACHE_SECONDS = 1800;

/** The badge colour of a vouched-for chance: one band per alert threshold, from blue (unlikely) to bright green. */
const BANDS = ['blue', 'yellowgreen', 'green', 'brightgreen'] as const;
export type BadgeColor = (typeof BANDS)[number] | 'lightgrey';

export function badgeColor(percent: number): BadgeColor {
  const band = THRESHOLDS.filter((t) => percent >= t.threshold).length;
  return BANDS[band]!;
}

/** After the number of a forecast not vouched for: the status line's words (docs/statusline.md). */
export const UNVOUCHED_SUFFIX = ' (not vouched for)';

export function createBadgePayload(forecast: ForecastWithReasons, generatedAt: string, source: string): BadgePayload {
  const { available, p24 } = forecast.payload;
  return {
    schema_version: SCHEMA_VERSION,
    generated_at: generatedAt,
    source,
    schemaVersion: 1,
    label: BADGE_LABEL,
    message: available ? `${p24}%` : `${p24}%${UNVOUCHED_SUFFIX}`,
    color: available ? badgeColor(p24) : 'lightgrey',
    cacheSeconds: BADGE_CACHE_SECONDS,
  };
}
