/**
 * The 7-day outlook (/api/v1/outlook.json): the forecast's cumulative probability of an announced
 * reset every 6 h out to 168 h, from the same model and clock as forecast.json. It is non-decreasing
 * (every piece of the model is: docs/forecast.md) and equals p24 and p48 at 24 and 48 h.
 */
import { FORMULA_VERSION, SCHEMA_VERSION, type OutlookPayload } from '../schema/index.ts';
import { DISCLAIMER } from '../site.ts';
import { roundTo } from '../time.ts';
import { toPercent, type LiveModel } from './live.ts';

export const OUTLOOK_STEP_HOURS = 6;
export const OUTLOOK_HOURS = 168;

export function outlookPoints(model: LiveModel): OutlookPayload['points'] {
  return Array.from({ length: OUTLOOK_HOURS / OUTLOOK_STEP_HOURS }, (_, i) => {
    const hours = (i + 1) * OUTLOOK_STEP_HOURS;
    const p = model.probability(hours);
    return { hours, p: roundTo(p, 4), percent: toPercent(p) };
  });
}

export function createOutlookPayload(model: LiveModel, available: boolean, generatedAt: string, source: string): OutlookPayload {
  return {
    schema_version: SCHEMA_VERSION,
    generated_at: generatedAt,
    source,
    formula_version: FORMULA_VERSION,
    available,
    step_hours: OUTLOOK_STEP_HOURS,
    points: outlookPoints(model),
    disclaimer: DISCLAIMER,
  };
}
