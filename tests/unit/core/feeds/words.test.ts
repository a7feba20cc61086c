/** Recorded facts in words for people (src/core/feeds/words.ts, issue 32): fields in doubt and ISO instants in free text. */
import { describe, expect, it } from 'vitest';
import { doubtKey, doubtKeys, doubtsText, readableInstants } from '../../../../src/core/feeds/words.ts';

describe('the fields in doubt', () => {
  it.each([
    ['ts', 'time'],
    ['ts (observed landing 2026-09-08T01:56:57Z vs confirmation post)', 'time'],
    ['id (original vs edited post)', 'post'],
    ['scope (go+plus+pro+business (release notes: plus+pro))', 'scope'],
    ['granted_at (grants spread over the referral window 2026-06-11 to 2026-06-24)', 'grantedAt'],
    ['expires_at (latest possible)', 'expiresAt'],
    ['end date', 'endDate'],
    ['kind (reset vs boost only)', 'kind'],
    ['toString', 'other'],
    ['something new', 'other'],
  ])('%s → %s', (entry, key) => expect(doubtKey(entry)).toBe(key));
  it('says each field once, in the order first listed, as one English sentence', () => {
    expect(doubtKeys(['ts (observed)', 'scope', 'ts (time unknown)'])).toEqual(['time', 'scope']);
    expect(doubtsText(['expires_at (latest possible)', 'scope (affected users only)'])).toBe(
      'The exact expiry is not known; the plans are not stated.',
    );
  });
});

describe('ISO instants inside free text', () => {
  it('become UTC dates a person reads, with or without seconds; other text is untouched', () => {
    expect(readableInstants('Day 3 (confirmed landed 2026-10-08T03:44:55Z).')).toBe('Day 3 (confirmed landed 2026-10-08 03:44 UTC).');
    expect(readableInstants('landed by 2026-08-22T00:50Z.')).toBe('landed by 2026-08-22 00:50 UTC.');
    expect(readableInstants('the window 2026-06-11 to 2026-06-24, 50%')).toBe('the window 2026-06-11 to 2026-06-24, 50%');
  });
  it('leaves an impossible instant as written rather than inventing one', () => {
    expect(readableInstants('at 2026-02-31T25:00Z')).toBe('at 2026-02-31T25:00Z');
  });
});
