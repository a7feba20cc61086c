/**
 * Every confidence reason a forecast can give is said in every locale from the catalogue: a kind added
 * to core's REASON_KINDS without words here fails (at type check for the samples, at run for the
 * catalogues), and no page falls back to English or shows a bare {placeholder}.
 */
import { describe, expect, it } from 'vitest';
import { REASON_KINDS, reasonSentence, type ConfidenceReason, type ReasonKind } from '../../../src/core/forecast/reasons.ts';
import { LOCALES, t } from '../../../src/site/i18n/index.ts';
import { reasonText } from '../../../src/site/i18n/words.ts';

/** One reason of each kind; the mapped type makes a kind without a sample a type error. */
const SAMPLES: { [K in ReasonKind]: readonly Extract<ConfidenceReason, { kind: K }>[] } = {
  record: [
    { kind: 'record', resets: 66, since: '2025-09-17', model: 'recency-mix' },
    { kind: 'record', resets: 1, since: null, model: 'recency-mix' },
  ],
  'too-few': [{ kind: 'too-few', min: 3 }],
  'no-rhythm': [{ kind: 'no-rhythm', model: 'recency-mix', min: 6 }],
  stale: [{ kind: 'stale', days: 45, limitDays: 7 }],
  'stale-unknown': [{ kind: 'stale-unknown' }],
  'signal-missing': [
    { kind: 'signal-missing', signal: 'status' },
    { kind: 'signal-missing', signal: 'issues' },
  ],
  'small-sample': [{ kind: 'small-sample', min: 30 }],
};
const reasons: ConfidenceReason[] = REASON_KINDS.flatMap((k): readonly ConfidenceReason[] => SAMPLES[k]);

describe('confidence reasons in every locale', () => {
  it('every kind has a sample', () => {
    expect(new Set(reasons.map((r) => r.kind))).toEqual(new Set(REASON_KINDS));
  });

  describe.each(LOCALES)('%s', (locale) => {
    it.each(reasons.map((r) => [reasonSentence(r), r] as const))('%s', (_english, r) => {
      const text = reasonText(t(locale), r);
      expect(text.trim()).not.toBe('');
      expect(text).not.toMatch(/\{\w+\}/);
      if (locale !== 'en') expect(text).not.toBe(reasonText(t('en'), r));
    });
  });

  it('the English page says the numbers it is given (hand-written)', () => {
    const en = t('en');
    expect(reasonText(en, { kind: 'stale', days: 45, limitDays: 7 })).toBe(
      'The event record was last checked 45 days ago (limit 7 days): resets since then may be missing, so the numbers are shown but not vouched for.',
    );
    expect(reasonText(en, { kind: 'stale-unknown' })).toBe(
      'The event record has no usable last check time (none, or one in the future): resets may be missing, so the numbers are shown but not vouched for.',
    );
  });
});
