/**
 * `list_<brand>_resets`: recorded events, newest first, optionally from a UTC day on, at most `limit`.
 * The result has the shape of /api/v1/timeline.json; unfiltered, it is that file byte for byte.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { stableStringify } from '../../core/json.ts';
import { SITE } from '../../core/site.ts';
import { isValidDate } from '../../core/time.ts';
import type { PublishedPayloads } from './published.ts';
import { payloadResult } from './result.ts';
import { defineTool } from './tool.ts';

export const LIST_RESETS = `list_${SITE.brand}_resets`;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** Each rule is worded as what the value must be: tool.ts says "<argument> must be <rule> (got <value>)". */
const LIMIT_RULE = `a whole number from 1 to ${MAX_LIMIT}`;
const SINCE_RULE = 'a date YYYY-MM-DD, e.g. 2026-10-01';

export const ListResetsInput = z.strictObject({
  limit: z
    .int({ error: LIMIT_RULE })
    .min(1, { error: LIMIT_RULE })
    .max(MAX_LIMIT, { error: LIMIT_RULE })
    .default(DEFAULT_LIMIT)
    .describe(`Maximum number of events to return, newest first: a whole number from 1 to ${MAX_LIMIT}. Default ${DEFAULT_LIMIT}.`),
  since: z
    .string({ error: SINCE_RULE })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: SINCE_RULE, abort: true })
    .refine(isValidDate, { error: 'a real calendar date' })
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
    'Returns the shape of /api/v1/timeline.json. The list is as recorded when it was last checked: when get_reset_forecast ' +
    'says available: false, recent resets may be missing from it.',
  inputSchema: ListResetsInput,
  output: 'timeline',
  run: listResets,
});
