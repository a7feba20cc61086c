/**
 * `list_<brand>_resets`: recorded events, newest first, optionally from a UTC day on, at most `limit`.
 * The result has the shape of /api/v1/timeline.json; unfiltered, it is that file byte for byte.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { stableStringify } from '../../core/json.ts';
import { SITE } from '../../core/site.ts';
import { isValidDate } from '../../core/time.ts';
import type { PublishedPayloads } from '../published.ts';
import { payloadResult } from './result.ts';
import { defineTool } from './tool.ts';

export const LIST_RESETS = `list_${SITE.brand}_resets`;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

export const ListResetsInput = z.strictObject({
  limit: z
    .int({ error: `limit must be a whole number from 1 to ${MAX_LIMIT}` })
    .min(1, { error: 'limit must be at least 1' })
    .max(MAX_LIMIT, { error: `limit must be at most ${MAX_LIMIT}` })
    .default(DEFAULT_LIMIT)
    .describe(`Maximum number of events to return, newest first: a whole number from 1 to ${MAX_LIMIT}. Default ${DEFAULT_LIMIT}.`),
  since: z
    .string({ error: 'since must be a date string YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'since must be a date YYYY-MM-DD, e.g. 2026-10-01', abort: true })
    .refine(isValidDate, { error: 'since is not a real calendar date' })
    .optional()
    .describe('Only events on or after this UTC calendar day, YYYY-MM-DD (inclusive: the whole day counts). Omit for all events.'),
});
export type ListResetsArgs = z.output<typeof ListResetsInput>;

export function listResets(payloads: PublishedPayloads, args: ListResetsArgs): CallToolResult {
  const all = payloads.timeline.value.events;
  // Events are published newest first, and timestamps of one fixed format compare as strings.
  const from = args.since === undefined ? undefined : `${args.since}T00:00:00Z`;
  const events = (from === undefined ? all : all.filter((e) => e.ts >= from)).slice(0, args.limit);
  if (events.length === all.length) return payloadResult(payloads.timeline.value, payloads.timeline.text);
  const payload = { ...payloads.timeline.value, events };
  return payloadResult(payload, stableStringify(payload));
}

export const listResetsTool = defineTool({
  name: LIST_RESETS,
  summary: 'lists recorded resets newest first',
  title: `Recorded ${SITE.product} resets`,
  description:
    `Recorded announcements of ${SITE.product} usage-limit resets (and banked resets, boosts), newest first, each with its date, ` +
    'timestamp, plan scope, kind, source account, link to the original post and a summary. ' +
    `Use since (YYYY-MM-DD, inclusive UTC day) to get recent events and limit (1-${MAX_LIMIT}, default ${DEFAULT_LIMIT}) to cap the count. ` +
    'Returns the shape of /api/v1/timeline.json. The list is as recorded when it was last checked: when get_reset_forecast says available: false, recent resets may be missing from it.',
  inputSchema: ListResetsInput,
  output: 'timeline',
  run: listResets,
});
