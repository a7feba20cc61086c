/** `get_reset_forecast`: the published forecast payload, exactly as /api/v1/forecast.json. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ForecastPayload } from '../../schema.ts';
import { SITE } from '../../site.ts';
import type { PublishedPayloads } from '../published.ts';
import { payloadResult, READ_ONLY } from './result.ts';

export const GET_RESET_FORECAST = 'get_reset_forecast';
export const GetResetForecastInput = z.strictObject({});

export function getResetForecast(payloads: PublishedPayloads): CallToolResult {
  return payloadResult(payloads.forecast.value, payloads.forecast.text);
}

export const getResetForecastConfig = {
  title: `${SITE.product} reset forecast`,
  description:
    `Estimated percent chance that a usage-limit reset of ${SITE.product} is announced within the next 24 hours (p24) and 48 hours (p48), ` +
    'with a confidence label, its reasons, the numeric inputs, and freshness timestamps. An estimate from past announcements, not a schedule. ' +
    'Takes no arguments; returns the same JSON as /api/v1/forecast.json.',
  inputSchema: GetResetForecastInput,
  outputSchema: ForecastPayload,
  annotations: { title: `${SITE.product} reset forecast`, ...READ_ONLY },
};

export function registerGetResetForecastTool(server: McpServer, payloads: PublishedPayloads): void {
  server.registerTool(GET_RESET_FORECAST, getResetForecastConfig, () => getResetForecast(payloads));
}
