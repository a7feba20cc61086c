/** `npm run add-promise` and `npm run review` without a process (src/core/curate/{promises,review}.ts), on ./curated.ts. */
import { describe, expect, it } from 'vitest';
import { CurationError } from '../../../../src/core/curate/errors.ts';
import { recordPromise, type PromiseArgs } from '../../../../src/core/curate/promises.ts';
import { findCandidate, review, type Decision } from '../../../../src/core/curate/review.ts';
import type { Candidate } from '../../../../src/core/schema/index.ts';
import { AT, B, NOW, P, Q, R, curated, eventIn } from './curated.ts';

// X ids made by hand: ((ms - 1288834974657) << 22) | 7.
const JUNE_30 = '2071745529246646279'; // 2026-06-30T00:00:00Z
const JUNE_11 = '2064860159800246279'; // 2026-06-11T00:00:00Z
const post = (id: string): string => `https://x.com/thsottiaux/status/${id}`;
const ISSUE = 'https://github.com/openai/codex/issues/42';

describe('recordPromise', () => {
  it('an X post with no time words: the default window (72 hours from the post), waiting', () => {
    const { state, lines } = recordPromise(curated(), { url: post(JUNE_30), summary: 'A reset soon.' }, NOW);
    expect(state.announcements.announcements).toEqual([
      Q,
      P,
      {
        id: JUNE_30,
        ts: '2026-06-30T00:00:00Z',
        source: 'thsottiaux',
        url: post(JUNE_30),
        summary: 'A reset soon.',
        by: null,
        window_start: '2026-06-30T00:00:00Z',
        window_end: '2026-07-03T00:00:00Z',
        fulfilled_by: null,
      },
    ]);
    expect(lines).toEqual([
      `added promise ${post(JUNE_30)}: posted 2026-06-30T00:00:00Z, window 2026-06-30T00:00:00Z → 2026-07-03T00:00:00Z`,
    ]);
  });

  it('a banked promise a banked reset already recorded fulfils at once; promises stay in post order', () => {
    const args = { url: post(JUNE_11), summary: 'Banked soon.', windowEnd: '2026-06-13T00:00:00Z', kind: 'banked', scope: 'pro+plus' };
    const { state, lines } = recordPromise(curated(), args, NOW);
    expect(state.announcements.announcements.map((a) => a.id)).toEqual([Q.id, JUNE_11, P.id]);
    expect(state.announcements.announcements[1]).toMatchObject({ scope: 'plus+pro', kind: 'banked', fulfilled_by: B.id });
    expect(lines).toEqual([
      `added promise ${post(JUNE_11)}: posted 2026-06-11T00:00:00Z, window 2026-06-11T00:00:00Z → 2026-06-13T00:00:00Z`,
      `promise ${post(JUNE_11)} fulfilled by ${B.id}`,
    ]);
  });

  it('a GitHub post: its --source, --at, and no X id', () => {
    const args = { url: ISSUE, at: '2026-06-20T00:00:00Z', source: 'etraut-openai', summary: 'Reset soon.', by: 'by EOD' };
    const { state } = recordPromise(curated(), args, NOW);
    expect(state.announcements.announcements.at(-1)).toMatchObject({
      id: null,
      source: 'etraut-openai',
      ts: '2026-06-20T00:00:00Z',
      by: 'by EOD',
    });
  });

  it.each<[string, PromiseArgs, string]>([
    [
      'a promise recorded before (same link)',
      { url: P.url, summary: 's' },
      `promise ${P.url} is already recorded (posted 2026-06-16T18:49:52Z)`,
    ],
    [
      'a promise recorded before (same X id, another account in the link)',
      { url: `https://x.com/OpenAI/status/${P.id}`, summary: 's' },
      `promise https://x.com/OpenAI/status/${P.id} is already recorded (posted 2026-06-16T18:49:52Z)`,
    ],
    [
      'a GitHub post without --source',
      { url: ISSUE, at: '2026-06-20T00:00:00Z', summary: 's' },
      `--source is required for ${ISSUE}: the account that posted it`,
    ],
    [
      'a window ending more than 14 days after the post',
      { url: post(JUNE_30), summary: 's', windowEnd: '2026-07-14T00:00:01Z' },
      "--window-end 2026-07-14T00:00:01Z: more than 14 days after the post (2026-06-30T00:00:00Z); a promise's window ends within 14 days",
    ],
    [
      'a window that ends before the post (the window rule’s own words)',
      { url: post(JUNE_30), summary: 's', windowEnd: '2026-06-29T00:00:00Z' },
      '--window-end 2026-06-29T00:00:00Z: before the post (2026-06-30T00:00:00Z)',
    ],
  ])('refuses %s', (_case, args, message) => {
    expect(() => recordPromise(curated(), args, NOW)).toThrow(new CurationError(message));
  });

  it('takes a window ending exactly 14 days after the post', () => {
    const { state } = recordPromise(curated(), { url: post(JUNE_30), summary: 's', windowEnd: '2026-07-14T00:00:00Z' }, NOW);
    expect(state.announcements.announcements.at(-1)?.window_end).toBe('2026-07-14T00:00:00Z');
  });
});

const candidate = (c: Partial<Candidate> & Pick<Candidate, 'id' | 'url'>): Candidate => ({
  platform: 'x',
  ts: '2026-06-30T00:00:00Z',
  source: 'thsottiaux',
  text: 'Limits reset today https://t.co/abc',
  suggested_kind: 'reset',
  suggested_scope: 'all',
  suggested_window: null,
  reason: 'r',
  ...c,
});
const ON_X = candidate({ id: JUNE_30, url: post(JUNE_30) });
const ON_GITHUB = candidate({
  id: '123456',
  platform: 'github',
  ts: '2026-06-20T00:00:00Z',
  source: 'etraut-openai',
  url: `${ISSUE}#issuecomment-123456`,
  text: 'We reset limits for Plus.',
  suggested_scope: 'plus',
});
const PROMISE = candidate({
  id: JUNE_11,
  ts: '2026-06-11T00:00:00Z',
  url: post(JUNE_11),
  text: 'Reset coming by tomorrow',
  suggested_kind: 'promise',
  suggested_window: { start: '2026-06-11T00:00:00Z', end: '2026-06-12T00:00:00Z', by: 'by tomorrow' },
});
const TWINS = [candidate({ id: '555', url: post('555') }), candidate({ id: '555', url: 'https://x.com/OpenAI/status/555' })];
const queue = () =>
  curated({
    candidates: {
      candidates: [ON_X, ON_GITHUB, PROMISE, ...TWINS],
      rejected: [{ id: '777', platform: 'x', url: post('777'), at: '2026-06-29T00:00:00Z', reason: 'not about Codex' }],
    },
  });

describe('findCandidate', () => {
  it.each<[string, string]>([
    ['555', `candidate id 555 is ambiguous (${post('555')}, https://x.com/OpenAI/status/555)`],
    ['777', 'candidate 777 was already rejected on 2026-06-29T00:00:00Z (not about Codex)'],
    [R.id, `candidate ${R.id} was already accepted: event ${R.id} (2026-06-18, reset)`],
    [P.id!, `candidate ${P.id} was already accepted: promise ${P.url}`],
    ['1', 'no candidate 1 in data/candidates.json'],
  ])('refuses %s', (id, message) => {
    expect(() => findCandidate(queue(), id)).toThrow(new CurationError(message));
  });
  it('finds the one candidate with the id', () => {
    expect(findCandidate(queue(), '123456')).toBe(ON_GITHUB);
  });
});

describe('review', () => {
  const left = (state: ReturnType<typeof queue>): string[] => state.candidates.candidates.map((c) => c.url);

  it('rejects with a reason: remembered with the clock, gone from the queue', () => {
    const { state, lines } = review(queue(), JUNE_30, { action: 'reject', reason: 'off topic' }, NOW);
    expect(state.candidates.rejected.at(-1)).toEqual({ id: JUNE_30, platform: 'x', url: post(JUNE_30), at: AT, reason: 'off topic' });
    expect(left(state)).not.toContain(post(JUNE_30));
    expect(lines).toEqual([`rejected ${JUNE_30} (${post(JUNE_30)}): off topic`]);
  });

  it.each<[string, string, Decision, string]>([
    ['a rejection without a reason', JUNE_30, { action: 'reject', reason: ' ' }, '--reason is required to reject a candidate'],
    [
      'a banked reset accepted as an event',
      JUNE_30,
      { action: 'accept', as: 'event', kind: 'banked' },
      '--kind banked: accept it as a grant (--accept grant), which records the banked event and its grant',
    ],
  ])('refuses %s', (_case, id, decision, message) => {
    expect(() => review(queue(), id, decision, NOW)).toThrow(new CurationError(message));
  });

  it('accepts an X post as an event: the suggested scope, the text without links as summary', () => {
    const { state, lines } = review(queue(), JUNE_30, { action: 'accept', as: 'event', kind: 'reset' }, NOW);
    expect(eventIn(state, JUNE_30)).toMatchObject({ scope: 'all', summary: 'Limits reset today', source: 'thsottiaux' });
    expect(lines.slice(0, 2)).toEqual([`accepted ${JUNE_30} as event`, `added ${JUNE_30}: 2026-06-30T00:00:00Z reset all by thsottiaux`]);
    expect(left(state)).toEqual([ON_GITHUB.url, PROMISE.url, ...TWINS.map((c) => c.url)]);
  });

  it('accepts a GitHub comment with its time and account: a staff login is official', () => {
    const { state, lines } = review(queue(), '123456', { action: 'accept', as: 'event', kind: 'reset' }, NOW);
    expect(eventIn(state, '123456')).toMatchObject({
      ts: '2026-06-20T00:00:00Z',
      scope: 'plus',
      origin: 'official_post',
      certainty: 'high',
    });
    expect(lines[1]).toBe('added 123456: 2026-06-20T00:00:00Z reset plus by etraut-openai');
  });

  it('accepts a grant: a banked event and its grant', () => {
    const { state, lines } = review(
      queue(),
      JUNE_30,
      { action: 'accept', as: 'grant', scope: 'plus', expires: '2026-08-01T00:00:00Z' },
      NOW,
    );
    expect(eventIn(state, JUNE_30)?.kind).toBe('banked');
    expect(lines.slice(0, 3)).toEqual([
      `accepted ${JUNE_30} as grant`,
      `added ${JUNE_30}: 2026-06-30T00:00:00Z banked plus by thsottiaux`,
      `granted 2026-06-30-${JUNE_30}: expires 2026-08-01T00:00:00Z`,
    ]);
  });

  it.each<[string, Decision, { window_start: string; window_end: string; by: string | null }]>([
    [
      'the window the puller suggested',
      { action: 'accept', as: 'promise' },
      { window_start: '2026-06-11T00:00:00Z', window_end: '2026-06-12T00:00:00Z', by: 'by tomorrow' },
    ],
    [
      'the reviewer’s own window, whole (the default start, no time words)',
      { action: 'accept', as: 'promise', windowEnd: '2026-06-11T06:00:00Z' },
      { window_start: '2026-06-11T00:00:00Z', window_end: '2026-06-11T06:00:00Z', by: null },
    ],
  ])('accepts a promise with %s', (_case, decision, window) => {
    const { state, lines } = review(queue(), JUNE_11, decision, NOW);
    expect(state.announcements.announcements.find((a) => a.id === JUNE_11)).toMatchObject({
      ...window,
      summary: 'Reset coming by tomorrow',
    });
    expect(lines[0]).toBe(`accepted ${JUNE_11} as promise`);
  });
});
