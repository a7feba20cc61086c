/** `get_reset_forecast`: the published forecast payload, exactly as /api/v1/forecast.json. */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { SITE } from '../../core/site.ts';
import type { PublishedPayloads } from '../published.ts';
import { payloadResult } from './result.ts';
import { defineTool } from './tool.ts';

export const GET_RESET_FORECAST = 'get_reset_forecast';
export const GetResetForecastInput = z.strictObject({});

export function getResetForecast(payloads: PublishedPayloads): CallToolResult {
  return payloadResult(payloads.forecast.value, payloads.forecast.text);
}

export const getResetForecastTool = defineTool({
  name: GET_RESET_FORECAST,
  summary: 'gives the estimated percent chance of a reset in the next 24 and 48 hours (an estimate from past announcements, not a schedule)',
  title: `${SITE.product} reset forecast`,
  description:
    `Estimated percent chance that a usage-limit reset of ${SITE.product} is announced within the next 24 hours (p24) and 48 hours (p48), ` +
    'with a confidence label, its reasons, the numeric inputs, and freshness timestamps. An estimate from past announcements, not a schedule. ' +
    'Takes no arguments; returns the same JSON as /api/v1/forecast.json.',
  inputSchema: GetResetForecastInput,
  output: 'forecast',
  run: (payloads) => getResetForecast(payloads),
});
