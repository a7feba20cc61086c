/**
 * Which post a fact comes from (src/core/curate/post-ref.ts) and where it may come from
 * (src/core/curate/origin.ts). Ids of X posts here decode by hand: (id >> 22) + 1288834974657 ms.
 */
import { describe, expect, it } from 'vitest';
import { CurationError } from '../../../../src/core/curate/errors.ts';
import { isOfficialAccount, originOf } from '../../../../src/core/curate/origin.ts';
import { postRef, postTime, type PostRef } from '../../../../src/core/curate/post-ref.ts';
import { NOW } from './curated.ts';

const X_ID = '2067399435009622521'; // 2026-06-18T00:10:10.387Z
const ISSUE = 'https://github.com/openai/codex/issues/42';
const AT = '2026-06-20T00:00:00Z';
const NOT_A_POST = (url: string): string =>
  `not a post URL: ${url} (expected https://x.com/<account>/status/<id>, or an issue or comment URL of github.com/openai/codex; ` +
  'any other page: --url <link> --origin observed --at <ts> --source <who>)';

describe('postRef', () => {
  it.each<[string, string, string | undefined, boolean, PostRef]>([
    [
      'a twitter.com link with a query: the canonical x.com link, its account and decoded time',
      `https://twitter.com/thsottiaux/status/${X_ID}?s=20`,
      undefined,
      false,
      {
        platform: 'x',
        id: X_ID,
        url: `https://x.com/thsottiaux/status/${X_ID}`,
        account: 'thsottiaux',
        postedAt: new Date('2026-06-18T00:10:10.387Z'),
      },
    ],
    [
      'a GitHub comment: the comment id',
      `${ISSUE}#issuecomment-123456`,
      AT,
      false,
      {
        platform: 'github',
        id: '123456',
        url: `${ISSUE}#issuecomment-123456`,
        account: null,
        postedAt: new Date(AT),
      },
    ],
    [
      'a GitHub issue: the snowflake of --at with the issue number in the low bits',
      ISSUE,
      AT,
      false,
      {
        platform: 'github',
        id: '2068121650590646314',
        url: ISSUE,
        account: null,
        postedAt: new Date(AT),
      },
    ],
    [
      'a pull request of the repository named in another case',
      'https://github.com/OpenAI/Codex/pull/42',
      AT,
      false,
      {
        platform: 'github',
        id: '2068121650590646314',
        url: 'https://github.com/OpenAI/Codex/pull/42',
        account: null,
        postedAt: new Date(AT),
      },
    ],
    [
      'an observed page: the synthetic id of --at (low bits zero)',
      'https://example.com/report',
      AT,
      true,
      {
        platform: 'other',
        id: '2068121650590646272',
        url: 'https://example.com/report',
        account: null,
        postedAt: new Date(AT),
      },
    ],
  ])('%s', (_case, url, at, observed, ref) => {
    expect(postRef(url, at, observed)).toEqual(ref);
  });

  it.each<[string, string, string | undefined, boolean, string]>([
    [
      'an X link without its account',
      `https://x.com/i/web/status/${X_ID}`,
      undefined,
      false,
      `https://x.com/i/web/status/${X_ID}: this X link does not name the account; give https://x.com/<account>/status/${X_ID}`,
    ],
    [
      'an X link with --at',
      `https://x.com/thsottiaux/status/${X_ID}`,
      '2026-06-18T00:00:00Z',
      false,
      "--at 2026-06-18T00:00:00Z: an X post's time comes from its id (2026-06-18T00:10:10Z); drop --at",
    ],
    ['a GitHub issue without --at', ISSUE, undefined, false, `--at is required for ${ISSUE}: its id does not tell when it was posted`],
    [
      'an issue number above the low bits',
      'https://github.com/openai/codex/issues/4194304',
      AT,
      false,
      'https://github.com/openai/codex/issues/4194304: issue number above 4194303',
    ],
    [
      'a GitHub issue posted before the X epoch',
      ISSUE,
      '2010-01-01T00:00:00Z',
      false,
      '--at 2010-01-01T00:00:00Z: before 2025-08-18T00:00:00Z',
    ],
    [
      'an issue of another repository',
      'https://github.com/other/repo/issues/1',
      AT,
      false,
      NOT_A_POST('https://github.com/other/repo/issues/1'),
    ],
    ['a page that is not a post, not observed', 'https://example.com/report', AT, false, NOT_A_POST('https://example.com/report')],
    [
      'an observed page without --at',
      'https://example.com/report',
      undefined,
      true,
      '--at is required for https://example.com/report: its id does not tell when it was posted',
    ],
    [
      'an observed page before the X epoch',
      'https://example.com/report',
      '2010-01-01T00:00:00Z',
      true,
      '--at 2010-01-01T00:00:00Z: before 2025-08-18T00:00:00Z',
    ],
  ])('refuses %s', (_case, url, at, observed, message) => {
    expect(() => postRef(url, at, observed)).toThrow(new CurationError(message));
  });

  it('refuses an observed link that is not a URL, naming --url', () => {
    expect(() => postRef('not a link', AT, true)).toThrow(/^--url "not a link": /);
  });
});

describe('postTime (now 2026-07-01T12:00:00Z, 5 minutes of clock skew)', () => {
  const ref = (platform: PostRef['platform'], iso: string): PostRef => ({
    platform,
    id: '77',
    url: 'u',
    account: null,
    postedAt: new Date(iso),
  });
  const FLOOR = 'before 2025-08-18T00:00:00Z (30 days before the first Codex usage-limit reset on record): not a post about Codex limits';
  it.each<[string, PostRef, string]>([
    ['an X id before the floor', ref('x', '2025-08-17T23:59:59Z'), `post 77 decodes to 2025-08-17T23:59:59Z, ${FLOOR}`],
    ['an --at before the floor', ref('github', '2025-08-17T23:59:59Z'), `--at 2025-08-17T23:59:59Z, ${FLOOR}`],
    [
      'a time beyond the skew',
      ref('other', '2026-07-01T12:05:01Z'),
      '--at 2026-07-01T12:05:01Z, which is in the future (now 2026-07-01T12:00:00Z)',
    ],
    [
      'an X id beyond the skew',
      ref('x', '2026-07-01T12:05:01Z'),
      'post 77 decodes to 2026-07-01T12:05:01Z, which is in the future (now 2026-07-01T12:00:00Z)',
    ],
  ])('refuses %s', (_case, r, message) => {
    expect(() => postTime(r, NOW)).toThrow(new CurationError(message));
  });
  it.each([['2025-08-18T00:00:00Z'], ['2026-07-01T12:05:00Z']])('takes %s (the floor, the end of the skew)', (iso) => {
    expect(postTime(ref('github', iso), NOW)).toEqual(new Date(iso));
  });
});

describe('isOfficialAccount', () => {
  it.each<[PostRef['platform'], string, boolean]>([
    ['x', 'thsottiaux', true],
    ['x', 'THSOTTIAUX', true],
    ['x', 'someone', false],
    ['github', 'etraut-openai', true],
    ['github', 'thsottiaux', false],
    ['other', 'thsottiaux', false],
  ])('%s account %s: %s', (platform, source, official) => {
    expect(isOfficialAccount(platform, source)).toBe(official);
  });
});

describe('originOf', () => {
  const x = {
    platform: 'x',
    id: X_ID,
    url: 'u',
    account: 'a',
    postedAt: null,
  } as const;
  const page = { ...x, platform: 'other' } as const;
  it.each<[string, PostRef, string, string | undefined, string | undefined, { origin: string; certainty: string }]>([
    ['an official account: an official post, high', x, 'OpenAI', undefined, undefined, { origin: 'official_post', certainty: 'high' }],
    ['an official account said to be observed: medium', x, 'OpenAI', 'observed', undefined, { origin: 'observed', certainty: 'medium' }],
    [
      'official_other by an official account: medium unless said',
      x,
      'OpenAI',
      'official_other',
      undefined,
      { origin: 'official_other', certainty: 'medium' },
    ],
    ['a community post: medium', x, 'someone', 'community', undefined, { origin: 'community', certainty: 'medium' }],
    ['a community post at low certainty', x, 'someone', 'community', 'low', { origin: 'community', certainty: 'low' }],
    ['an observed page', page, 'a reader', 'observed', undefined, { origin: 'observed', certainty: 'medium' }],
  ])('%s', (_case, ref, source, origin, certainty, expected) => {
    expect(originOf(ref, source, origin, certainty)).toEqual(expected);
  });

  it.each<[string, PostRef, string, string | undefined, string | undefined, string]>([
    [
      'an unofficial account without --origin',
      x,
      'someone',
      undefined,
      undefined,
      '--origin is required for someone: not an official account (src/core/sources.ts); give --origin observed or community',
    ],
    [
      'an official origin for an unofficial account',
      x,
      'someone',
      'official_post',
      undefined,
      '--origin official_post: someone is not an official account (src/core/sources.ts); give --origin observed or community',
    ],
    [
      'high certainty for a community post',
      x,
      'someone',
      'community',
      'high',
      '--certainty high: a community record is at most medium certainty',
    ],
    [
      'a page that is not a post, as community',
      page,
      'a reader',
      'community',
      undefined,
      '--origin: a page that is not a post is recorded only with --origin observed',
    ],
    [
      'a page that is not a post, without --origin',
      page,
      'thsottiaux',
      undefined,
      undefined,
      '--origin: a page that is not a post is recorded only with --origin observed',
    ],
  ])('refuses %s', (_case, ref, source, origin, certainty, message) => {
    expect(() => originOf(ref, source, origin, certainty)).toThrow(new CurationError(message));
  });
});
