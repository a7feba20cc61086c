/** `get_status_signals`: the published signals snapshot, exactly as /api/v1/signals.json. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { SignalsPayload } from '../../schema.ts';
import { SITE } from '../../site.ts';
import type { PublishedPayloads } from '../published.ts';
import { payloadResult, READ_ONLY } from './result.ts';

export const GET_STATUS_SIGNALS = 'get_status_signals';
export const GetStatusSignalsInput = z.strictObject({});

export function getStatusSignals(payloads: PublishedPayloads): CallToolResult {
  return payloadResult(payloads.signals.value, payloads.signals.text);
}

export const getStatusSignalsConfig = {
  title: `${SITE.product} status and issue signals`,
  description:
    `Latest snapshot of the signals behind the forecast: the ${SITE.product} status page (indicator, components, incidents) ` +
    'and the count of new usage-limit issues against its baseline. Checked on a schedule, not live: fetched_at is the time of the check. ' +
    'Takes no arguments; returns the same JSON as /api/v1/signals.json.',
  inputSchema: GetStatusSignalsInput,
  outputSchema: SignalsPayload,
  annotations: { title: `${SITE.product} status and issue signals`, ...READ_ONLY },
};

export function registerGetStatusSignalsTool(server: McpServer, payloads: PublishedPayloads): void {
  server.registerTool(GET_STATUS_SIGNALS, getStatusSignalsConfig, () => getStatusSignals(payloads));
}
