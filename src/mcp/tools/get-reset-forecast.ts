/**
 * `get_reset_forecast`: the published forecast payload, exactly as /api/v1/forecast.json. While the record
 * is not vouched for (`available: false`, the one rule of src/core/forecast/confidence.ts that the site and
 * the status line follow too), a first text block says so before the JSON, so an agent reading only the
 * text cannot quote the figure as current.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { SITE } from '../../core/site.ts';
import type { ForecastPayload } from '../../core/schema/index.ts';
import type { PublishedPayloads } from './published.ts';
import { payloadResult } from './result.ts';
import { defineTool } from './tool.ts';

export const GET_RESET_FORECAST = 'get_reset_forecast';
export const GetResetForecastInput = z.strictObject({});

export function getResetForecast(payloads: PublishedPayloads): CallToolResult {
  const { value, text } = payloads.forecast;
  const result = payloadResult(value, text);
  if (value.available) return result;
  return { ...result, content: [{ type: 'text', text: unvouchedLine(value) }, ...result.content] };
}

/** The first line of an unvouched answer: the figures, the word, and the published reasons as they are. */
export function unvouchedLine(f: Pick<ForecastPayload, 'p24' | 'p48' | 'confidence_reasons' | 'freshness'>): string {
  return (
    `NOT VOUCHED FOR (available: false): p24 ${f.p24} % and p48 ${f.p48} % are computed from a record last checked at ${f.freshness.events_checked_at}; ` +
    `resets since then may be missing, so do not quote them as the current chance without saying so. Reasons: ${f.confidence_reasons.join('; ')}.`
  );
}

export const getResetForecastTool = defineTool({
  name: GET_RESET_FORECAST,
  summary:
    'gives the estimated percent chance of a reset in the next 24 and 48 hours (an estimate from past announcements, not a schedule)',
  title: `${SITE.product} reset forecast`,
  description:
    `Estimated percent chance that a usage-limit reset of ${SITE.product} is announced within the next 24 hours (p24) and 48 hours (p48), ` +
    'with a confidence label, its reasons, the numeric inputs, and freshness timestamps. An estimate from past announcements, not a schedule. ' +
    'available is true when the record is vouched for; false when its events were last checked too long ago or too few resets are recorded: ' +
    'p24 and p48 are still given but may miss recent resets, so say "not vouched for" when quoting them (the result then starts with a line saying so). ' +
    'Takes no arguments; returns the same JSON as /api/v1/forecast.json.',
  inputSchema: GetResetForecastInput,
  output: 'forecast',
  run: (payloads) => getResetForecast(payloads),
});
