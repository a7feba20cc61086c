/**
 * The watcher's stored state heals by pure rules over the state and the clock (src/jobs/watch/heal.ts):
 * each value that cannot be true at now is replaced, each that can is kept, by a table; the start cursor
 * never goes before the floor; no
 * dispatch is sent while an uncertain one is under 30 minutes old. Writing the healed state back, and
 * forgetting a refused cursor, are the store's (tests/unit/jobs/watch/watch-state.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { postIdAt } from '../../../../src/core/postid.ts';
import { healState, startCursor } from '../../../../src/jobs/watch/heal.ts';
import { dispatchQuietSince } from '../../../../src/jobs/watch/dispatch.ts';
import type { WatchState } from '../../../../src/jobs/watch/state.ts';
import { joinedRegExp } from '../../../support/regexp.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const at = (ms: number): Date => new Date(NOW.getTime() + ms);
const USER = '1450183340366770177';
const MIN = 60_000;

function one(since_id: string | null, extra: Partial<WatchState> = {}): WatchState {
  return { accounts: { thsottiaux: { user_id: USER, since_id } }, dispatch_pending: false, ...extra };
}

describe('healState', () => {
  const recent = postIdAt(at(-2 * MIN), 7n);
  it.each<[string, WatchState, WatchState, RegExp[]]>([
    ['a sound state: kept as it is, no line', one(recent), one(recent), []],
    ['no cursor yet: kept', one(null), one(null), []],
    ['since_id 4 min ahead (within the clock skew): kept', one(postIdAt(at(4 * MIN))), one(postIdAt(at(4 * MIN))), []],
    [
      'since_id a day ahead of the clock: dropped, read as on a first run',
      one(postIdAt(at(24 * 60 * MIN))),
      one(null),
      [
        joinedRegExp(
          /^⚠️ state: thsottiaux's cursor ".+" is above the largest post id possible at 2026-11-20T12:05:00Z/,
          / \(it decodes to 2026-11-21T12:00:00Z\): dropped, read as on a first run$/,
        ),
      ],
    ],
    ['since_id of 20 digits (no post id): dropped', one('12345678901234567890'), one(null), [/is not a post id/]],
    [
      'a cursor and an uncertain dispatch both a day ahead: both healed, two lines',
      one(postIdAt(at(24 * 60 * MIN)), { dispatch_uncertain_at: '2026-11-21T12:00:00Z' }),
      one(null),
      [/cursor/, /dispatch answered/],
    ],
    [
      'an uncertain dispatch 10 min ago: kept',
      one(recent, { dispatch_uncertain_at: '2026-11-20T11:50:00Z' }),
      one(recent, { dispatch_uncertain_at: '2026-11-20T11:50:00Z' }),
      [],
    ],
    [
      'an uncertain dispatch a day ahead: forgotten',
      one(recent, { dispatch_uncertain_at: '2026-11-21T12:00:00Z' }),
      one(recent),
      [/^⚠️ state: a dispatch answered at 2026-11-21T12:00:00Z, after now: forgotten$/],
    ],
  ])('%s', (_name, stored, healed, lines) => {
    const got = healState(stored, NOW);
    expect(got.state).toEqual(healed);
    expect(got.lines).toEqual(lines.map((l) => expect.stringMatching(l)));
  });
});

describe('startCursor', () => {
  const floor = postIdAt(at(-15 * MIN));
  it.each([
    ['no post on the site: the floor, 15 minutes back', undefined, floor],
    ["the site's newest post is older than the floor: the floor", postIdAt(at(-60 * MIN), 5n), floor],
    ["the site's newest post is 5 minutes old: after it", postIdAt(at(-5 * MIN), 5n), postIdAt(at(-5 * MIN), 5n)],
  ])('%s', (_n, site, want) => expect(startCursor(site, NOW)).toBe(want));
});

describe('dispatchQuietSince', () => {
  it.each([
    ['no uncertain dispatch', undefined, null],
    ['one 29 min 59 s ago: quiet', '2026-11-20T11:30:01Z', '2026-11-20T11:30:01Z'],
    ['one 30 min ago: no longer', '2026-11-20T11:30:00Z', null],
  ])('%s', (_n, uncertain, want) => {
    expect(dispatchQuietSince(uncertain ? { dispatch_uncertain_at: uncertain } : {}, NOW)).toBe(want);
  });
});
