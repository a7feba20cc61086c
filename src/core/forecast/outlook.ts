/**
 * The 7-day outlook (/api/v1/outlook.json): the forecast's cumulative probability of an announced
 * reset every 6 h out to 168 h, from the same model and clock as forecast.json. It is non-decreasing
 * (every piece of the model is: docs/forecast.md) and equals p24 and p48 at 24 and 48 h.
 * The hourly outlook (/api/v1/hourly-outlook.json) is the same curve every hour, each point with the
 * instant it ends at, so a reader answers "a reset before instant T?" by one published rule
 * (HOURLY_RULE) instead of guessing between the 6-hour points.
 */
import { FORMULA_VERSION, SCHEMA_VERSION, type HourlyOutlookPayload, type OutlookPayload } from '../schema/index.ts';
import { DISCLAIMER } from '../site.ts';
import { roundTo, toTimestamp } from '../time.ts';
import { HOUR_MS } from '../time-units.ts';
import { toPercent, type LiveModel } from './live.ts';

export const OUTLOOK_STEP_HOURS = 6;
export const OUTLOOK_HOURS = 168;
export const HOURLY_STEP_HOURS = 1;
/** The rule a reader applies to the hourly points (its words are the schema's, docs/widgets.md). */
export const HOURLY_RULE = 'first-point-at-or-after';

/** The cumulative curve every `step` hours out to OUTLOOK_HOURS. */
function cumulative(model: LiveModel, step: number): OutlookPayload['points'] {
  return Array.from({ length: OUTLOOK_HOURS / step }, (_, i) => {
    const hours = (i + 1) * step;
    const p = model.probability(hours);
    return { hours, p: roundTo(p, 4), percent: toPercent(p) };
  });
}

export const outlookPoints = (model: LiveModel): OutlookPayload['points'] => cumulative(model, OUTLOOK_STEP_HOURS);

/** Every hour's point, with `until`: the instant it ends at, counted from the model's clock. */
export function hourlyOutlookPoints(model: LiveModel): HourlyOutlookPayload['points'] {
  return cumulative(model, HOURLY_STEP_HOURS).map(({ hours, p, percent }) => ({
    hours,
    until: toTimestamp(new Date(model.now.getTime() + hours * HOUR_MS)),
    p,
    percent,
  }));
}

/** What both outlooks open with, in this order: the envelope, the formula, whether the record is vouched for. */
const head = (available: boolean, generatedAt: string, source: string) =>
  ({ schema_version: SCHEMA_VERSION, generated_at: generatedAt, source, formula_version: FORMULA_VERSION, available }) as const;

export function createHourlyOutlookPayload(
  model: LiveModel,
  available: boolean,
  generatedAt: string,
  source: string,
): HourlyOutlookPayload {
  return {
    ...head(available, generatedAt, source),
    step_hours: HOURLY_STEP_HOURS,
    rule: HOURLY_RULE,
    points: hourlyOutlookPoints(model),
    disclaimer: DISCLAIMER,
  };
}

export function createOutlookPayload(model: LiveModel, available: boolean, generatedAt: string, source: string): OutlookPayload {
  return { ...head(available, generatedAt, source), step_hours: OUTLOOK_STEP_HOURS, points: outlookPoints(model), disclaimer: DISCLAIMER };
}
