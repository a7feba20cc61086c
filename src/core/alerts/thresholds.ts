/**
 * Threshold crossings of the as-issued forecast (data/forecast-log.jsonl), with hysteresis so a value
 * hovering near a line does not flap. The rule, per horizon h and threshold T (docs/alerts.md):
 *
 * - Each (h, T) is `armed` (it may announce) or `fired` (it announced, or was found above T); it starts armed.
 * - Only usable lines count: they parsed (bad lines are skipped with a warning by forecast-log.ts), are
 *   `available`, and were issued no later than `now`.
 * - A line is *continuous* with the one before it when it follows within GAP_HOURS and has the same
 *   formula_version. Otherwise (the first line, after a gap, after a formula change) we did not see
 *   the value move, so that line announces nothing.
 * - Armed and value ≥ T: a crossing (announced only when continuous); either way the pair is now fired.
 * - Fired and value < rearm_below (60 % of T: 25→15, 50→30, 75→45): armed again. Nothing else re-arms
 *   it, in particular not a gap.
 */
import type { ForecastLogLine } from '../schema/index.ts';
import { HOUR_MS } from '../time-units.ts';

export const HORIZONS = [24, 48] as const;
export type Horizon = (typeof HORIZONS)[number];
/** The thresholds with their re-arm levels: announce at ≥ threshold, again only after a fall below rearm_below. */
export const THRESHOLDS = [
  { threshold: 25, rearm_below: 15 },
  { threshold: 50, rearm_below: 30 },
  { threshold: 75, rearm_below: 45 },
] as const;
/** Pulls run every 30 minutes; a silence longer than this means nobody watched the value move. */
export const GAP_HOURS = 6;

export const THRESHOLD_RULE_TEXT =
  `For each horizon (p24, p48) and threshold (${THRESHOLDS.map((t) => `${t.threshold} %`).join(', ')}), ` +
  `an alert when an issued forecast reaches the threshold ` +
  `from below; not again until the value has fallen below the re-arm level (${THRESHOLDS.map((t) => `${t.rearm_below} %`).join(', ')}). ` +
  `Only available forecasts count. The first forecast after a gap of more than ${GAP_HOURS} h in the log, or after a formula change, announces nothing ` +
  '(nobody saw the value cross) and re-arms nothing.';

export interface Crossing {
  horizon: Horizon;
  threshold: number;
  rearm_below: number;
  issued_at: string;
  value: number;
  previous: number;
}

export interface Gap {
  after: string;
  before: string;
  hours: number;
}

/** `p24-50`: the feed and id slug of one (horizon, threshold) pair. */
export const pairSlug = (horizon: number, threshold: number): string => `p${horizon}-${threshold}`;

export interface ThresholdFeed {
  slug: string;
  horizon: Horizon;
  threshold: number;
  rearm_below: number;
  path: string;
}

/** The pick-your-threshold feeds: /alerts/p24-25.xml … /alerts/p48-75.xml. */
export const THRESHOLD_FEEDS: readonly ThresholdFeed[] = HORIZONS.flatMap((horizon) =>
  THRESHOLDS.map(({ threshold, rearm_below }) => ({
    slug: pairSlug(horizon, threshold),
    horizon,
    threshold,
    rearm_below,
    path: `/alerts/${pairSlug(horizon, threshold)}.xml`,
  })),
);
export const ALERTS_FEED_PATH = '/alerts.xml';

/** Every crossing in the log, oldest first, and the gaps that suppressed one (for reports). */
export function thresholdCrossings(lines: readonly ForecastLogLine[], now: Date): { crossings: Crossing[]; gaps: Gap[] } {
  const usable = lines.filter((l) => l.available && Date.parse(l.issued_at) <= now.getTime());
  const crossings: Crossing[] = [];
  const gaps: Gap[] = [];
  const armed = new Map<string, boolean>();
  let prev: ForecastLogLine | undefined;
  for (const line of usable) {
    const hours = prev ? (Date.parse(line.issued_at) - Date.parse(prev.issued_at)) / HOUR_MS : 0;
    if (prev && hours > GAP_HOURS) gaps.push({ after: prev.issued_at, before: line.issued_at, hours: Math.round(hours * 10) / 10 });
    const continuous = prev !== undefined && hours <= GAP_HOURS && prev.formula_version === line.formula_version;
    for (const horizon of HORIZONS) {
      const value = horizon === 24 ? line.p24 : line.p48;
      for (const { threshold, rearm_below } of THRESHOLDS) {
        const key = pairSlug(horizon, threshold);
        const isArmed = armed.get(key) ?? true;
        if (isArmed && value >= threshold) {
          if (continuous)
            crossings.push({
              horizon,
              threshold,
              rearm_below,
              issued_at: line.issued_at,
              value,
              previous: horizon === 24 ? prev!.p24 : prev!.p48,
            });
          armed.set(key, false);
        } else if (!isArmed && value < rearm_below) armed.set(key, true);
      }
    }
    prev = line;
  }
  return { crossings, gaps };
}
