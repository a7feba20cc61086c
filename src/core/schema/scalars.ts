/**
 * The scalar vocabulary every Resetcast file and payload shares: timestamps, dates, scopes, kinds.
 * Vocabularies that the interface leaves open are defined here and explained in docs/data.md.
 */
import { z } from 'zod';
import { POST_ID } from '../postid.ts';
import { isValidTimestamp, isValidDate } from '../time.ts';
import { textProblem, type TextCap, type TextRules } from '../sanitize.ts';

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
  // Canonical: each plan once, in PLANS order, so one set of plans has one spelling (the curation commands
  // rewrite "pro+plus" to "plus+pro" before this check; "plus+plus" has no canonical spelling and is refused).
  .refine(isCanonicalScope, `plans must each appear once, in the order ${PLANS.join(', ')}`)
  .describe('"all", "paid", "unspecified", or plan names joined with "+" (e.g. "plus+pro")');

/** False only for a list of known plans that repeats one or leaves PLANS order (the regex judges the rest, once). */
export function isCanonicalScope(scope: string): boolean {
  const at = scope.split('+').map((p) => (PLANS as readonly string[]).indexOf(p));
  return at.some((i) => i < 0) || at.every((i, n) => n === 0 || i > at[n - 1]!);
}

/** A plan list in canonical order ("pro+plus" → "plus+pro"); anything else unchanged, for Scope to judge. */
export function canonicalScope(scope: string): string {
  const plans = scope.split('+');
  const rank = (p: string): number => (PLANS as readonly string[]).indexOf(p);
  if (plans.length < 2 || plans.some((p) => rank(p) < 0)) return scope;
  return [...plans].sort((a, b) => rank(a) - rank(b)).join('+');
}

export const Kind = z
  .enum(['reset', 'banked', 'boost', 'other'])
  .describe(
    "reset: limits reset now; banked: a reset credit put in users' banks; boost: temporarily higher limits; other: related limit change",
  );
export const Origin = z
  .enum(['official_post', 'official_other', 'observed', 'community'])
  .describe(
    'official_post: a public post by OpenAI or its staff; official_other: an official statement that is not a linkable ' +
      'post; observed: reported by users or trackers, no official statement found; community: a post by an account ' +
      "that is not OpenAI's or its staff's, relaying the reset",
  );
export const Certainty = z.enum(['high', 'medium', 'low']).describe('`high`, `medium` or `low`: how sure the record is of this fact');
export const Confidence = z.enum(['low', 'medium', 'high']);
export const PostId = z.string().regex(POST_ID, 'expected decimal digits');
export const Url = z.url({ protocol: /^https?$/ });

/**
 * A stored free-text field held to the sanitiser's rules (src/core/sanitize.ts): no control or
 * non-character, NFC, at most TEXT_CAPS[cap] characters. A refinement, not `.max()`, so the published
 * JSON Schemas stay as they are; validation names the rule broken (docs/data.md, "Text fields").
 */
export function Text(cap: TextCap, rules: TextRules = {}) {
  return z.string().superRefine((text, ctx) => {
    const problem = textProblem(text, cap, rules);
    if (problem) ctx.addIssue({ code: 'custom', message: `${problem} (${cap} text${rules.multiline ? ', multi-line' : ''})` });
  });
}

export type Kind = z.infer<typeof Kind>;
