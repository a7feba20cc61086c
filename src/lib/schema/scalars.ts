/**
 * The scalar vocabulary every Resetcast file and payload shares: timestamps, dates, scopes, kinds.
 * Vocabularies that the interface leaves open are defined here and explained in docs/data.md.
 */
import { z } from 'zod';
import { isValidTimestamp, isValidDate } from '../time.ts';

export const SCHEMA_VERSION = 1 as const;

export const Timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'expected a UTC timestamp YYYY-MM-DDTHH:MM:SSZ')
  .refine(isValidTimestamp, 'not a real calendar time')
  .describe('UTC timestamp, YYYY-MM-DDTHH:MM:SSZ');

export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD')
  .refine(isValidDate, 'not a real calendar date')
  .describe('UTC calendar date, YYYY-MM-DD');

/** Plans a post can name. Group words stand alone: the post named no plan list. */
export const PLANS = ['free', 'go', 'plus', 'pro', 'business', 'enterprise', 'edu'] as const;
export const SCOPE_GROUPS = ['all', 'paid', 'unspecified'] as const;
const planAlt = PLANS.join('|');
export const Scope = z
  .string()
  .regex(
    new RegExp(`^(?:${SCOPE_GROUPS.join('|')}|(?:${planAlt})(?:\\+(?:${planAlt}))*)$`),
    `expected ${SCOPE_GROUPS.join(', ')} or plan names (${PLANS.join(', ')}) joined with "+"`,
  )
  .describe('"all", "paid", "unspecified", or plan names joined with "+" (e.g. "plus+pro")');

export const Kind = z
  .enum(['reset', 'banked', 'boost', 'other'])
  .describe('reset: limits reset now; banked: a reset credit put in users\' banks; boost: temporarily higher limits; other: related limit change');
export const Origin = z
  .enum(['official_post', 'official_other', 'observed'])
  .describe('official_post: a public post by OpenAI or its staff; official_other: an official statement that is not a linkable post; observed: reported by users or trackers, no official statement found');
export const Certainty = z.enum(['high', 'medium', 'low']);
export const Confidence = z.enum(['low', 'medium', 'high']);
export const PostId = z.string().regex(/^\d{1,20}$/, 'expected decimal digits');
export const Url = z.url({ protocol: /^https?$/ });

export type Kind = z.infer<typeof Kind>;
