/** `get_status_signals`: the published signals snapshot, exactly as /api/v1/signals.json. */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { SITE } from '../../core/site.ts';
import type { PublishedPayloads } from './published.ts';
import { payloadResult } from './result.ts';
import { defineTool } from './tool.ts';

export const GET_STATUS_SIGNALS = 'get_status_signals';
export const GetStatusSignalsInput = z.strictObject({});

export function getStatusSignals(payloads: PublishedPayloads): CallToolResult {
  return payloadResult(payloads.signals.value, payloads.signals.text);
}

export const getStatusSignalsTool = defineTool({
  name: GET_STATUS_SIGNALS,
  summary: 'gives the latest status and issue signals',
  title: `${SITE.product} status and issue signals`,
  description:
    `Latest snapshot of the signals behind the forecast: the ${SITE.product} status page (indicator, components, incidents) ` +
    'and the count of new usage-limit issues against its baseline. Checked on a schedule, not live: fetched_at is the time of the check. ' +
    "Whether the forecast is vouched for is get_reset_forecast's available field, not these signals. Takes " +
    'no arguments; returns the same JSON as /api/v1/signals.json.',
  inputSchema: GetStatusSignalsInput,
  output: 'signals',
  run: (payloads) => getStatusSignals(payloads),
});
