import { describe, expect, it } from 'vitest';
import { isSyntheticPostId, laterPostId, postIdFromUrl, postIdToDate, syntheticPostId } from '../../../src/core/postid.ts';

describe('post ids', () => {
  // Decoded by hand: (id >> 22) + 1288834974657 ms, cross-checked against the reference record.
  it.each([
    ['1968163721034994139', '2025-09-17T04:02:52'],
    ['2109045392684032299', '2026-10-10T22:16:20'],
    ['2065225362544726371', '2026-06-12T00:11:11'],
  ])('%s decodes to %s', (id, when) => expect(postIdToDate(id).toISOString().slice(0, 19)).toBe(when));

  it('synthetic ids round-trip to the instant and are recognisable', () => {
    const t = new Date('2026-08-25T14:30:00Z');
    const id = syntheticPostId(t);
    expect(id).toMatch(/^\d+$/);
    expect(postIdToDate(id)).toEqual(t);
    expect(isSyntheticPostId(id)).toBe(true);
    expect(isSyntheticPostId('2109045392684032299')).toBe(false);
  });
  it('refuses instants before the X epoch', () => expect(() => syntheticPostId(new Date('2009-01-01T00:00:00Z'))).toThrow(RangeError));
  it.each([
    ['https://x.com/thsottiaux/status/2109045392684032299', '2109045392684032299'],
    ['https://twitter.com/OpenAI/status/2065225362544726371?s=20', '2065225362544726371'],
    ['https://x.com/thsottiaux', null],
    ['https://example.com/a/status/1', null],
  ])('postIdFromUrl(%s) = %s', (url, id) => expect(postIdFromUrl(url)).toBe(id));

  it('laterPostId compares ids as numbers, not as text, and keeps whichever is given', () => {
    // As text "999" > "1000"; as post ids 1000 is later.
    expect(laterPostId('999', '1000')).toBe('1000');
    expect(laterPostId('1000', '999')).toBe('1000');
    // Beyond 2^53 (every real X id): 2^63 − 1 against 2^63 − 2, which Number would make equal.
    expect(laterPostId('9223372036854775806', '9223372036854775807')).toBe('9223372036854775807');
    expect(laterPostId('7', '7')).toBe('7');
    expect(laterPostId(null, '42')).toBe('42');
    expect(laterPostId('42', undefined)).toBe('42');
    expect(laterPostId(undefined, null)).toBeNull();
  });
});
