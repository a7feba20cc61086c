import { describe, expect, it } from 'vitest';
import {
  comparePostIds,
  isPostId,
  isSyntheticPostId,
  isXPostUrl,
  laterPostId,
  parseXPostUrl,
  postIdToDate,
  syntheticPostId,
  xPostUrl,
} from '../../../src/core/postid.ts';
import { postRef } from '../../../src/core/curate/post-ref.ts';

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
  ])('parseXPostUrl(%s) has the id %s', (url, id) => expect(parseXPostUrl(url)?.id ?? null).toBe(id));

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

  it('comparePostIds orders by number, not text, at any length and past 2^53', () => {
    expect(comparePostIds('999', '1000')).toBeLessThan(0);
    expect(comparePostIds('1000', '999')).toBeGreaterThan(0);
    expect(comparePostIds('9223372036854775806', '9223372036854775807')).toBeLessThan(0);
    expect(comparePostIds('2109045392684032299', '2109045392684032299')).toBe(0);
    // Leading zeros do not count: 0999 is 999, below 1000 although it is as long; 00999 is still below it.
    expect(comparePostIds('00999', '1000')).toBeLessThan(0);
    expect(comparePostIds('0999', '999')).toBe(0);
    expect(['1000', '10', '999', '2', '0'].sort(comparePostIds)).toEqual(['0', '2', '10', '999', '1000']);
  });

  it.each([
    ['1', true],
    ['2109045392684032299', true],
    ['1'.repeat(20), true],
    ['1'.repeat(21), false],
    ['', false],
    ['12a', false],
    [' 1', false],
    ['１２３', false], // full-width digits
  ])('isPostId(%j) = %s', (id, ok) => expect(isPostId(id)).toBe(ok));

  it('xPostUrl is the canonical x.com URL, which parseXPostUrl reads back', () => {
    expect(xPostUrl('thsottiaux', '2109045392684032299')).toBe('https://x.com/thsottiaux/status/2109045392684032299');
    expect(parseXPostUrl(xPostUrl('OpenAI', '42'))).toEqual({ account: 'OpenAI', id: '42' });
  });
});

/**
 * Every form of an X post URL, accepted or refused by the one pattern. Before it there were three that
 * disagreed: the curation rule (core/curate/post-ref.ts) took www. and twitter.com with a query; the old
 * postIdFromUrl took twitter.com but not www.; the correction rule (core/corrections/curate.ts) took only
 * bare https://x.com/<account>/status/<digits> (any number of digits, no query, no www., no twitter.com).
 * None took mobile. or /i/web/status/.
 */
describe('parseXPostUrl', () => {
  const ID = '2109045392684032299';
  it.each<[string, { account: string | null; id: string } | null]>([
    [`https://x.com/thsottiaux/status/${ID}`, { account: 'thsottiaux', id: ID }],
    [`https://twitter.com/OpenAI/status/${ID}`, { account: 'OpenAI', id: ID }], // the correction rule refused it
    [`https://www.x.com/thsottiaux/status/${ID}`, { account: 'thsottiaux', id: ID }], // postIdFromUrl and the correction rule refused it
    [`https://www.twitter.com/OpenAI/status/${ID}`, { account: 'OpenAI', id: ID }], // same
    [`https://mobile.x.com/thsottiaux/status/${ID}`, { account: 'thsottiaux', id: ID }], // all three refused it
    [`https://mobile.twitter.com/OpenAI/status/${ID}`, { account: 'OpenAI', id: ID }], // all three refused it
    [`https://x.com/i/web/status/${ID}`, { account: null, id: ID }], // all three refused it; names no account
    [`https://twitter.com/i/web/status/${ID}`, { account: null, id: ID }],
    [`https://x.com/thsottiaux/status/${ID}?s=20&t=abc`, { account: 'thsottiaux', id: ID }], // the correction rule refused a query
    [`https://x.com/thsottiaux/status/${ID}/`, { account: 'thsottiaux', id: ID }],
    [`https://x.com/thsottiaux/status/${ID}/photo/1`, { account: 'thsottiaux', id: ID }],
    [`https://x.com/thsottiaux/status/${ID}#m`, { account: 'thsottiaux', id: ID }],
    [`https://x.com/a_b_c_d_e_f_g_h/status/1`, { account: 'a_b_c_d_e_f_g_h', id: '1' }], // 15 characters: the longest name
    [`https://x.com/thsottiaux/status/${'9'.repeat(20)}`, { account: 'thsottiaux', id: '9'.repeat(20) }],
    [`https://x.com/thsottiaux/status/${'9'.repeat(21)}`, null], // the correction rule took any number of digits
    [`http://x.com/thsottiaux/status/${ID}`, null],
    [`https://x.com:443/thsottiaux/status/${ID}`, null],
    [`https://m.x.com/thsottiaux/status/${ID}`, null],
    [`https://api.x.com/thsottiaux/status/${ID}`, null],
    [`https://x.com.evil.example/thsottiaux/status/${ID}`, null],
    [`https://evilx.com/thsottiaux/status/${ID}`, null],
    [`https://x.com/a_b_c_d_e_f_g_h_/status/1`, null], // 16 characters
    [`https://x.com/ths-ottiaux/status/${ID}`, null],
    [`https://x.com/thsottiaux/status/`, null],
    [`https://x.com/thsottiaux/status/12a`, null],
    [`https://x.com/thsottiaux/statuses/${ID}`, null],
    [`https://x.com/thsottiaux`, null],
    [`https://x.com/i/web/${ID}`, null],
    [` https://x.com/thsottiaux/status/${ID}`, null],
    [`https://example.com/a/status/1`, null],
  ])('%s', (url, want) => {
    expect(parseXPostUrl(url)).toEqual(want);
    expect(isXPostUrl(url)).toBe(want !== null);
  });
});

describe('postRef (add-event, add-promise) reads X links through parseXPostUrl', () => {
  const ID = '2109045392684032299';
  it.each([
    `https://x.com/thsottiaux/status/${ID}`,
    `https://www.x.com/thsottiaux/status/${ID}?s=20`,
    `https://twitter.com/thsottiaux/status/${ID}`,
    `https://mobile.twitter.com/thsottiaux/status/${ID}/photo/1`,
  ])('%s is recorded as its canonical x.com URL', (url) =>
    expect(postRef(url)).toEqual({
      platform: 'x',
      id: ID,
      url: `https://x.com/thsottiaux/status/${ID}`,
      account: 'thsottiaux',
      postedAt: new Date('2026-10-10T22:16:20.441Z'), // (id >> 22) + 1288834974657 ms, by hand
    }),
  );
  it('an /i/web/status/ link, which names no account, is refused with the form to give', () =>
    expect(() => postRef(`https://x.com/i/web/status/${ID}`)).toThrow(
      `https://x.com/i/web/status/${ID}: this X link does not name the account; give https://x.com/<account>/status/${ID}`,
    ));
});
