/**
 * Promise windows from time words. Every expected instant is worked out by hand from these facts:
 * Pacific time is UTC−8 (PST) / UTC−7 (PDT), Eastern −5/−4, Central −5 in summer, Mountain −6 in summer;
 * in 2026 US clocks spring forward on Sunday 2026-03-08 at 02:00 PST (→ 03:00 PDT, a 23-hour day) and
 * fall back on Sunday 2026-11-01 at 02:00 PDT (→ 01:00 PST, a 25-hour day). Calendar: 2026-07-09 is a
 * Thursday (2026-01-01 was a Thursday and 189 = 27 × 7 days separate them), so is 2026-10-29, and 2026-03-02
 * is a Monday. A span ends at its last second (23:59:59), a clock time's window runs from 1 h before to 3 h
 * after it, and no window starts before its post.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_HOURS,
  PromiseWindowError,
  WINDOW_RULE,
  defaultWindow,
  findTimePhrase,
  resolveWindow,
  wallClock,
  windowFromPhrase,
} from '../../../../src/core/promises/window.ts';
import { isValidTimestamp, toTimestamp } from '../../../../src/core/time.ts';
import { suggestWindow } from '../../../../src/jobs/intake/suggest-window.ts';

const win = (by: string, postedAt: string) => {
  const w = windowFromPhrase(by, new Date(postedAt));
  return [w.start, w.end];
};

describe('clock times: the next occurrence at or after the post, 1 h before to 3 h after it', () => {
  it.each([
    // 08:00 PDT; 10:00 PDT = 17:00Z
    ['10am PT', '2026-07-09T15:00:00Z', '2026-07-09T16:00:00Z', '2026-07-09T20:00:00Z'],
    // 08:00 PST; 10:00 PST = 18:00Z
    ['10am PT', '2026-01-15T16:00:00Z', '2026-01-15T17:00:00Z', '2026-01-15T21:00:00Z'],
    ['10am', '2026-01-15T16:00:00Z', '2026-01-15T17:00:00Z', '2026-01-15T21:00:00Z'], // no zone: Pacific
    ['10am PT', '2026-07-09T16:30:00Z', '2026-07-09T16:30:00Z', '2026-07-09T20:00:00Z'], // posted 09:30: starts at the post
    ['10am PT', '2026-07-09T17:00:00Z', '2026-07-09T17:00:00Z', '2026-07-09T20:00:00Z'], // posted at 10:00:00 sharp: that one
    ['10am PT', '2026-07-09T17:00:01Z', '2026-07-10T16:00:00Z', '2026-07-10T20:00:00Z'], // a second later: tomorrow's
    // "PST" in July is read as the Pacific clocks (PDT), not as a fixed UTC−8: 10:30 PDT = 17:30Z
    ['10:30 am PST', '2026-07-09T15:00:00Z', '2026-07-09T16:30:00Z', '2026-07-09T20:30:00Z'],
    ['10:30 a.m. PDT', '2026-01-15T16:00:00Z', '2026-01-15T17:30:00Z', '2026-01-15T21:30:00Z'], // 10:30 PST = 18:30Z
    // posted 11:00 EST, past 9: the next day's 09:00 EST = 14:00Z
    ['9am ET', '2026-01-15T16:00:00Z', '2026-01-16T13:00:00Z', '2026-01-16T17:00:00Z'],
    ['9am ET', '2026-07-09T12:00:00Z', '2026-07-09T12:00:00Z', '2026-07-09T16:00:00Z'], // 09:00 EDT = 13:00Z
    ['9am CT', '2026-07-09T12:00:00Z', '2026-07-09T13:00:00Z', '2026-07-09T17:00:00Z'], // 09:00 CDT = 14:00Z
    ['9am MT', '2026-07-09T12:00:00Z', '2026-07-09T14:00:00Z', '2026-07-09T18:00:00Z'], // 09:00 MDT = 15:00Z
    ['5pm UTC', '2026-07-09T15:00:00Z', '2026-07-09T16:00:00Z', '2026-07-09T20:00:00Z'],
    ['17:00 GMT', '2026-07-09T15:00:00Z', '2026-07-09T16:00:00Z', '2026-07-09T20:00:00Z'],
    ['at 17:00Z', '2026-07-09T15:00:00Z', '2026-07-09T16:00:00Z', '2026-07-09T20:00:00Z'],
    // posted 13:00 PDT: tomorrow's noon, 12:00 PDT = 19:00Z
    ['noon PT', '2026-07-09T20:00:00Z', '2026-07-10T18:00:00Z', '2026-07-10T22:00:00Z'],
    // midnight is the one that ends the day: 2026-07-10 00:00 PDT = 07:00Z
    ['midnight PT', '2026-07-09T15:00:00Z', '2026-07-10T06:00:00Z', '2026-07-10T10:00:00Z'],
    ['by 10am PT', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-09T20:00:00Z'], // "by": from the post
    ['tonight at 10pm', '2026-07-09T15:00:00Z', '2026-07-10T04:00:00Z', '2026-07-10T08:00:00Z'], // 22:00 PDT = 05:00Z
    // Thursday; Friday 09:00 EDT = 13:00Z
    ['Friday, 9am ET', '2026-07-09T17:00:00Z', '2026-07-10T12:00:00Z', '2026-07-10T16:00:00Z'],
    // posted 16:00 PDT, 3pm already past: the next 3pm, tomorrow 15:00 PDT = 22:00Z
    ['today at 3pm', '2026-07-09T23:00:00Z', '2026-07-10T21:00:00Z', '2026-07-11T01:00:00Z'],
  ])('%s posted %s → %s … %s', (by, post, start, end) => expect(win(by, post)).toEqual([start, end]));
});

describe('clock times across the 2026 US transitions', () => {
  it.each([
    // posted Sat 2026-03-07 12:00 PST; Sunday 10:00 is already PDT = 17:00Z (a PST reading would say 18:00Z)
    ['tomorrow 10am PT', '2026-03-07T20:00:00Z', '2026-03-08T16:00:00Z', '2026-03-08T20:00:00Z'],
    // posted Sat 2026-10-31 12:00 PDT; Sunday 10:00 is already PST = 18:00Z
    ['tomorrow at 10am PT', '2026-10-31T19:00:00Z', '2026-11-01T17:00:00Z', '2026-11-01T21:00:00Z'],
    // 02:30 does not exist on 2026-03-08: read with the offset before the jump, 02:30 PST = 10:30Z (= 03:30 PDT)
    ['2:30am PT', '2026-03-08T05:00:00Z', '2026-03-08T09:30:00Z', '2026-03-08T13:30:00Z'],
    // 01:30 happens twice on 2026-11-01: the first one, 01:30 PDT = 08:30Z (the second is 09:30Z)
    ['1:30am PT', '2026-11-01T05:00:00Z', '2026-11-01T07:30:00Z', '2026-11-01T11:30:00Z'],
  ])('%s posted %s → %s … %s', (by, post, start, end) => expect(win(by, post)).toEqual([start, end]));
});

describe('days: the named span in the zone (Pacific unless named), until its last second', () => {
  it.each([
    ['by EOD', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-10T06:59:59Z'], // Jul 9 ends 24:00 PDT = Jul 10 07:00Z
    ['EOD', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-10T06:59:59Z'],
    ['end of day', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-10T06:59:59Z'],
    ['by the end of the day', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-10T06:59:59Z'],
    ['later today', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-10T06:59:59Z'],
    ['today', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-10T06:59:59Z'],
    ['by EOD today', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-10T06:59:59Z'],
    // posted Jul 9 20:00 PDT: the UTC date is already the 10th, the Pacific day is still the 9th
    ['by EOD', '2026-07-10T03:00:00Z', '2026-07-10T03:00:00Z', '2026-07-10T06:59:59Z'],
    ['by EOD ET', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-10T03:59:59Z'], // 24:00 EDT = 04:00Z
    ['EOD UTC', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-09T23:59:59Z'],
    ['tonight', '2026-07-09T15:00:00Z', '2026-07-10T00:00:00Z', '2026-07-10T06:59:59Z'], // 17:00 PDT = 00:00Z
    ['this afternoon', '2026-07-09T15:00:00Z', '2026-07-09T19:00:00Z', '2026-07-09T23:59:59Z'], // 12:00–17:00 PDT
    ['tomorrow morning', '2026-07-09T15:00:00Z', '2026-07-10T12:00:00Z', '2026-07-10T18:59:59Z'], // 05:00–12:00 PDT
    ['tomorrow', '2026-07-09T15:00:00Z', '2026-07-10T07:00:00Z', '2026-07-11T06:59:59Z'],
    ['by tomorrow', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-11T06:59:59Z'],
  ])('%s posted %s → %s … %s', (by, post, start, end) => expect(win(by, post)).toEqual([start, end]));
});

describe('days on the 23- and 25-hour days of 2026', () => {
  it.each([
    // posted 2026-03-08 01:00 PST; the day ends 2026-03-09 00:00 PDT = 07:00Z
    ['by EOD', '2026-03-08T09:00:00Z', '2026-03-08T09:00:00Z', '2026-03-09T06:59:59Z'],
    // posted at 00:00 PST = 08:00Z: the whole day is 23 h (08:00Z → 07:00Z)
    ['today', '2026-03-08T08:00:00Z', '2026-03-08T08:00:00Z', '2026-03-09T06:59:59Z'],
    // posted 2026-11-01 00:30 PDT; the day ends 2026-11-02 00:00 PST = 08:00Z
    ['by EOD', '2026-11-01T07:30:00Z', '2026-11-01T07:30:00Z', '2026-11-02T07:59:59Z'],
    // posted at 00:00 PDT = 07:00Z: the whole day is 25 h (07:00Z → 08:00Z)
    ['today', '2026-11-01T07:00:00Z', '2026-11-01T07:00:00Z', '2026-11-02T07:59:59Z'],
    // "tomorrow" from Saturday noon is the whole transition day
    ['tomorrow', '2026-03-07T20:00:00Z', '2026-03-08T08:00:00Z', '2026-03-09T06:59:59Z'],
    ['tomorrow', '2026-10-31T19:00:00Z', '2026-11-01T07:00:00Z', '2026-11-02T07:59:59Z'],
    ['by tomorrow', '2026-10-31T19:00:00Z', '2026-10-31T19:00:00Z', '2026-11-02T07:59:59Z'],
  ])('%s posted %s → %s … %s', (by, post, start, end) => {
    expect(win(by, post)).toEqual([start, end]);
  });
  it('the 2026-03-08 Pacific day lasts 23 hours and the 2026-11-01 one 25', () => {
    const hours = (w: string[]) => (Date.parse(w[1]!) + 1000 - Date.parse(w[0]!)) / 3_600_000;
    expect(hours(win('today', '2026-03-08T08:00:00Z'))).toBe(23);
    expect(hours(win('today', '2026-11-01T07:00:00Z'))).toBe(25);
  });
});

describe('posts around Pacific midnight (a span needs an hour left, else the next one, from the post)', () => {
  it.each([
    ['by EOD', '2026-07-10T05:59:59Z', '2026-07-10T05:59:59Z', '2026-07-10T06:59:59Z'], // 22:59:59 PDT: exactly 1 h left
    ['by EOD', '2026-07-10T06:00:00Z', '2026-07-10T06:00:00Z', '2026-07-11T06:59:59Z'], // 23:00:00: under 1 h → the 10th
    ['by EOD', '2026-07-10T06:59:59Z', '2026-07-10T06:59:59Z', '2026-07-11T06:59:59Z'], // 23:59:59 on the 9th
    ['by EOD', '2026-07-10T07:00:00Z', '2026-07-10T07:00:00Z', '2026-07-11T06:59:59Z'], // 00:00:00 on the 10th
    ['today', '2026-07-10T06:30:00Z', '2026-07-10T06:30:00Z', '2026-07-11T06:59:59Z'], // rolled over: starts at the post
    ['tomorrow', '2026-07-10T06:59:59Z', '2026-07-10T07:00:00Z', '2026-07-11T06:59:59Z'], // 23:59:59 on the 9th → the 10th
    ['tomorrow', '2026-07-10T07:00:00Z', '2026-07-11T07:00:00Z', '2026-07-12T06:59:59Z'], // 00:00:00 on the 10th → the 11th
    // posted 16:30 PDT: the afternoon (to 16:59:59) has under an hour left → tomorrow's, from the post
    ['this afternoon', '2026-07-09T23:30:00Z', '2026-07-09T23:30:00Z', '2026-07-10T23:59:59Z'],
  ])('%s posted %s → %s … %s', (by, post, start, end) => expect(win(by, post)).toEqual([start, end]));
});

describe('weekdays and weeks (weeks run Monday to Sunday)', () => {
  it.each([
    ['by Friday', '2026-07-09T17:00:00Z', '2026-07-09T17:00:00Z', '2026-07-11T06:59:59Z'], // Thu → Fri Jul 10 ends 07:00Z
    ['EOD Friday', '2026-07-09T17:00:00Z', '2026-07-09T17:00:00Z', '2026-07-11T06:59:59Z'],
    ['on Monday', '2026-07-09T17:00:00Z', '2026-07-13T07:00:00Z', '2026-07-14T06:59:59Z'],
    ['next Tuesday', '2026-07-09T17:00:00Z', '2026-07-14T07:00:00Z', '2026-07-15T06:59:59Z'], // the coming Tuesday
    ['Thursday', '2026-07-09T17:00:00Z', '2026-07-09T17:00:00Z', '2026-07-10T06:59:59Z'], // posted on a Thursday: today
    // posted Thu 23:30 PDT: the day has under an hour left → the next Thursday (Jul 16), from the post
    ['on Thursday', '2026-07-10T06:30:00Z', '2026-07-10T06:30:00Z', '2026-07-17T06:59:59Z'],
    // Thu 2026-10-29 → Sun Nov 1, a 25-hour day: 00:00 PDT = 07:00Z to 24:00 PST = Nov 2 08:00Z
    ['on Sunday', '2026-10-29T17:00:00Z', '2026-11-01T07:00:00Z', '2026-11-02T07:59:59Z'],
    ['this week', '2026-07-09T17:00:00Z', '2026-07-09T17:00:00Z', '2026-07-13T06:59:59Z'], // to Sun Jul 12 24:00 PDT
    // Mon 2026-03-02 09:00 PST: the week ends Sun Mar 8 24:00, by then PDT = Mar 9 07:00Z
    ['this week', '2026-03-02T17:00:00Z', '2026-03-02T17:00:00Z', '2026-03-09T06:59:59Z'],
    // posted Sun Jul 12 23:30 PDT: under an hour left of the week → to the end of the next one, from the post
    ['this week', '2026-07-13T06:30:00Z', '2026-07-13T06:30:00Z', '2026-07-20T06:59:59Z'],
    ['by the end of the week', '2026-07-12T17:00:00Z', '2026-07-12T17:00:00Z', '2026-07-13T06:59:59Z'], // a Sunday
    ['this weekend', '2026-07-09T17:00:00Z', '2026-07-11T07:00:00Z', '2026-07-13T06:59:59Z'], // Sat 00:00 – Sun 24:00 PDT
    ['this weekend', '2026-07-12T17:00:00Z', '2026-07-12T17:00:00Z', '2026-07-13T06:59:59Z'], // posted Sunday
    // Sat Oct 31 00:00 PDT = 07:00Z to Sun Nov 1 24:00 PST = Nov 2 08:00Z
    ['this weekend', '2026-10-29T17:00:00Z', '2026-10-31T07:00:00Z', '2026-11-02T07:59:59Z'],
    ['by the weekend', '2026-07-09T17:00:00Z', '2026-07-09T17:00:00Z', '2026-07-13T06:59:59Z'],
    ['next week', '2026-07-09T17:00:00Z', '2026-07-13T07:00:00Z', '2026-07-20T06:59:59Z'], // Mon Jul 13 – Sun Jul 19
    ['next week', '2026-07-12T17:00:00Z', '2026-07-13T07:00:00Z', '2026-07-20T06:59:59Z'], // from a Sunday: tomorrow on
    // Mon Nov 2 00:00 PST = 08:00Z to Sun Nov 8 24:00 PST = Nov 9 08:00Z
    ['next week', '2026-10-29T17:00:00Z', '2026-11-02T08:00:00Z', '2026-11-09T07:59:59Z'],
  ])('%s posted %s → %s … %s', (by, post, start, end) => expect(win(by, post)).toEqual([start, end]));
});

describe('delays: elapsed time from the post, not wall-clock time', () => {
  it.each([
    ['in a few hours', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-09T21:00:00Z'],
    ['in the next few hours', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-09T21:00:00Z'],
    // posted 2026-11-01 00:30 PDT; 3 h later is 10:30Z = 02:30 PST (the wall clock reads 03:30 only at 11:30Z)
    ['in 3 hours', '2026-11-01T07:30:00Z', '2026-11-01T09:30:00Z', '2026-11-01T13:30:00Z'],
    ['within 3 hours', '2026-11-01T07:30:00Z', '2026-11-01T07:30:00Z', '2026-11-01T13:30:00Z'],
    // posted 2026-03-08 01:30 PST; 3 h later is 12:30Z = 05:30 PDT (wall clock +3 h would be 04:30 PDT = 11:30Z)
    ['in 3 hours', '2026-03-08T09:30:00Z', '2026-03-08T11:30:00Z', '2026-03-08T15:30:00Z'],
    ['in an hour', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-09T19:00:00Z'], // due 16:00
    ['in 30 minutes', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-09T18:30:00Z'], // due 15:30
    ['in 2-3 hours', '2026-07-09T15:00:00Z', '2026-07-09T16:00:00Z', '2026-07-09T21:00:00Z'], // due 17:00–18:00
    ['in an hour or two', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-09T20:00:00Z'],
    ['in 24h', '2026-07-09T15:00:00Z', '2026-07-10T14:00:00Z', '2026-07-10T18:00:00Z'],
    ['shortly', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-09T18:00:00Z'],
    ['in a bit', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-09T18:00:00Z'],
    ['soon', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-10T15:00:00Z'],
    ['in the next few days', '2026-07-09T15:00:00Z', '2026-07-09T15:00:00Z', '2026-07-12T15:00:00Z'],
    // the post's milliseconds are dropped, as its recorded ts drops them
    ['in a few hours', '2026-07-09T15:00:00.750Z', '2026-07-09T15:00:00Z', '2026-07-09T21:00:00Z'],
  ])('%s posted %s → %s … %s', (by, post, start, end) => expect(win(by, post)).toEqual([start, end]));
});

describe('the recorded phrase', () => {
  it.each([
    ['  “by  EOD today!” ', 'by EOD today'],
    ['Tomorrow at 10AM PT 🙏', 'Tomorrow at 10AM PT'],
    ['in a\nfew hours.', 'in a few hours'],
  ])('%j is recorded as %j', (by, want) => expect(windowFromPhrase(by, new Date('2026-07-09T15:00:00Z')).by).toBe(want));
});

describe('phrases that give no window', () => {
  const TRY = '(try "by EOD", "10am PT", "tomorrow", "in a few hours")';
  it.each([
    ['next blue moon', `--by "next blue moon": no time words recognised ${TRY}`],
    ['by Fridya', `--by "by Fridya": "Fridya" is not a time word ${TRY}`],
    ['by EOD hopefully', `--by "by EOD hopefully": "hopefully" is not a time word ${TRY}`],
    ['at 13pm', `--by "at 13pm": no time words recognised ${TRY}`],
    ['PT', `--by "PT": no time words recognised ${TRY}`],
    ['by', `--by "by": no time words recognised ${TRY}`],
    ['', `--by "": no time words recognised ${TRY}`],
    ['today tomorrow', '--by "today tomorrow": names two days ("today", "tomorrow")'],
    ['10am PT 3pm ET', '--by "10am PT 3pm ET": names two clock times ("10am", "3pm")'],
    ['in 3 hours tomorrow', '--by "in 3 hours tomorrow": mixes a delay ("in 3 hours") with a day or time ("tomorrow")'],
    ['this weekend at noon', '--by "this weekend at noon": a time of day ("at noon") needs a single day, not "this weekend"'],
    ['morning', '--by "morning": names a time of day ("morning") but no day'],
  ])('%j', (by, message) => {
    let error: unknown;
    try {
      windowFromPhrase(by, new Date('2026-07-09T15:00:00Z'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PromiseWindowError);
    expect((error as Error).message).toBe(message);
  });
});

describe('resolveWindow (npm run add-promise)', () => {
  const postedAt = new Date('2026-07-09T15:00:00Z');
  it.each([
    ['no flags: the default rule', {}, '2026-07-09T15:00:00Z', '2026-07-12T15:00:00Z', null],
    ['--by alone', { by: 'by EOD' }, '2026-07-09T15:00:00Z', '2026-07-10T06:59:59Z', 'by EOD'],
    [
      'both times given',
      { start: '2026-07-09T16:00:00Z', end: '2026-07-09T18:00:00Z', by: 'by EOD!' },
      '2026-07-09T16:00:00Z',
      '2026-07-09T18:00:00Z',
      'by EOD',
    ],
    [
      'both times given: --by is recorded, not read',
      { start: '2026-07-09T16:00:00Z', end: '2026-07-09T18:00:00Z', by: 'after the maintenance' },
      '2026-07-09T16:00:00Z',
      '2026-07-09T18:00:00Z',
      'after the maintenance',
    ],
    ['--window-start and --by', { start: '2026-07-09T18:00:00Z', by: 'by EOD' }, '2026-07-09T18:00:00Z', '2026-07-10T06:59:59Z', 'by EOD'],
    ['--window-end alone', { end: '2026-07-09T18:00:00Z' }, '2026-07-09T15:00:00Z', '2026-07-09T18:00:00Z', null],
    ['--window-start alone', { start: '2026-07-10T00:00:00Z' }, '2026-07-10T00:00:00Z', '2026-07-12T15:00:00Z', null],
    ['--window-end and --by', { end: '2026-07-11T12:00:00Z', by: 'tomorrow' }, '2026-07-10T07:00:00Z', '2026-07-11T12:00:00Z', 'tomorrow'],
    [
      'the window may start at the post',
      { start: '2026-07-09T15:00:00Z', end: '2026-07-09T15:00:01Z' },
      '2026-07-09T15:00:00Z',
      '2026-07-09T15:00:01Z',
      null,
    ],
  ])('%s', (_name, flags, start, end, by) => {
    expect(resolveWindow({ postedAt, ...flags })).toEqual({ start, end, by });
  });

  it.each([
    [{ start: 'tomorrow' }, '--window-start tomorrow: not a timestamp YYYY-MM-DDTHH:MM:SSZ'],
    [{ end: '2026-07-10T25:00:00Z' }, '--window-end 2026-07-10T25:00:00Z: not a timestamp YYYY-MM-DDTHH:MM:SSZ'],
    [{ end: '2026-07-10T12:00:00.000Z' }, '--window-end 2026-07-10T12:00:00.000Z: not a timestamp YYYY-MM-DDTHH:MM:SSZ'],
    [{ start: '2026-07-09T14:59:59Z' }, '--window-start 2026-07-09T14:59:59Z: before the post (2026-07-09T15:00:00Z)'],
    [{ end: '2026-07-09T14:00:00Z' }, '--window-end 2026-07-09T14:00:00Z: before the post (2026-07-09T15:00:00Z)'],
    [
      { start: '2026-07-10T12:00:00Z', end: '2026-07-10T11:00:00Z' },
      '--window-end 2026-07-10T11:00:00Z: ends before --window-start 2026-07-10T12:00:00Z',
    ],
    [
      { start: '2026-07-10T12:00:00Z', end: '2026-07-10T12:00:00Z' },
      '--window-end 2026-07-10T12:00:00Z: ends at --window-start 2026-07-10T12:00:00Z',
    ],
    [
      { end: '2026-07-09T15:00:00Z' },
      '--window-end 2026-07-09T15:00:00Z: ends before the start of the default window (2026-07-09T15:00:00Z); give --window-start too',
    ],
    [
      { start: '2026-07-11T00:00:00Z', by: 'by EOD' },
      '--window-start 2026-07-11T00:00:00Z: after the end of the window of "by EOD" (2026-07-10T06:59:59Z); give --window-end too',
    ],
    [
      { start: '2026-07-13T00:00:00Z' },
      '--window-start 2026-07-13T00:00:00Z: after the end of the default window (2026-07-12T15:00:00Z); give --window-end too',
    ],
    [
      { end: '2026-07-10T05:00:00Z', by: 'tomorrow' },
      '--window-end 2026-07-10T05:00:00Z: ends before the start of the window of "tomorrow" (2026-07-10T07:00:00Z); give --window-start too',
    ],
    [
      { start: '2026-07-10T00:00:00Z', by: 'next blue moon' },
      '--by "next blue moon": no time words recognised (try "by EOD", "10am PT", "tomorrow", "in a few hours")',
    ],
  ])('%j → %s', (flags, message) => {
    expect(() => resolveWindow({ postedAt, ...flags })).toThrow(new PromiseWindowError(message));
    expect(message).not.toContain('\n');
  });

  it('states the default zone and the default window in the published rule', () => {
    expect(WINDOW_RULE).toContain('America/Los_Angeles');
    expect(WINDOW_RULE).toContain('72 hours');
    expect(WINDOW_RULE.split(/\. (?=[A-Z])/)).toHaveLength(2); // two sentences
  });
  it('keeps the default rule of the stub', () => {
    expect(DEFAULT_WINDOW_HOURS).toBe(72);
    expect(defaultWindow(new Date('2026-07-09T15:00:00.900Z'))).toEqual({
      start: '2026-07-09T15:00:00Z',
      end: '2026-07-12T15:00:00Z',
      by: null,
    });
  });
});

describe('findTimePhrase', () => {
  it.each([
    ['Resetting limits for everyone by EOD today', 'by EOD today'],
    ["we'll reset rate limits tomorrow at 10am PT 🙏", 'tomorrow at 10am PT'],
    ["Heads up: we're resetting Codex rate limits for all Plus and Pro users tomorrow morning PT.", 'tomorrow morning PT'],
    ['Limits will be reset in the next few hours, thanks for bearing with us', 'in the next few hours'],
    // the longest (most specific) time words win over an opening "Today"
    ['Today we shipped a fix. Usage limits reset at 5pm UTC', 'at 5pm UTC'],
    ["Today's update: limits reset in 3 hours", 'in 3 hours'],
    ["Resetting everyone's limits on Monday, 9am ET.", 'on Monday, 9am ET'],
    ['Codex usage limits will be reset across all plans later today. Enjoy!', 'later today'],
    ['Update:\nwe will reset limits by\nEOD', 'by EOD'],
    ['We hear you on Codex limits. More soon.', 'soon'],
    ['Thanks for all the feedback on Codex usage, we are looking into it.', null],
    ['Posted by the Codex team', null],
    ['GPT-5-Codex is now the default', null], // "PT" inside a word is no zone
    ['A mountain of feedback, thank you', null], // a zone alone names no time
    ['Good morning everyone', null], // a time of day with no day
    ['Gen Z users get their limits reset tomorrow', 'tomorrow'], // "Z" is UTC only straight after a 24-hour time
    ["We've reset Codex usage limits for all plans.", null],
  ])('%j → %j', (text, want) => expect(findTimePhrase(text)).toBe(want));

  // 64 KB of time words that never combine beyond two: "by today tomorrow " (18 characters) 3,640 times
  // then "by today" (18 × 3,640 + 8 = 65,528 characters). "today tomorrow" names two days; the longest readable stretches
  // are "tomorrow by" (11 characters: a deadline, then a day) and "by today" (8), so the first "tomorrow by" wins.
  it('64 KB of time words: the first longest readable stretch', () => {
    const text = `${'by today tomorrow '.repeat(3_640)}by today`;
    expect(text.length).toBe(65_528);
    expect(findTimePhrase(text)).toBe('tomorrow by');
  });

  // The pull reads a post's first 4,000 characters (TEXT_CAPS.postText): time words after them are not seen.
  it('suggestWindow reads only the first 4,000 characters of a post', () => {
    const posted = new Date('2026-11-20T12:00:00Z');
    expect(suggestWindow(`${'x'.repeat(4_000)} in 3 hours`, posted)).toEqual({
      start: '2026-11-20T12:00:00Z',
      end: '2026-11-23T12:00:00Z',
      by: null,
    });
    expect(suggestWindow(`${'x'.repeat(3_000)} in 3 hours`, posted).by).toBe('in 3 hours');
  });

  // 64 KB of deadline words with one day at the very end (3 × 21,843 + 6 = 65,535 characters): the whole run reads as one deadline.
  it('64 KB of "by" then "friday": one run, read whole', () => {
    const text = `${'by '.repeat(21_843)}friday`;
    expect(text.length).toBe(65_535);
    expect(findTimePhrase(text)).toBe(text);
  });
});

/** Phrases the rule supports, used both embedded in posts and for the window property. */
const SUPPORTED = [
  'by EOD',
  'EOD',
  'end of day',
  'by end of day',
  'later today',
  'today',
  'tonight',
  'by EOD today',
  'EOD PT',
  'end of day ET',
  'tomorrow',
  'tomorrow 10am PT',
  'tomorrow at 10am PT',
  'tomorrow morning',
  'tomorrow afternoon',
  'tomorrow night',
  'by tomorrow',
  '10am PT',
  '10:30 am PST',
  '9am ET',
  '5pm UTC',
  'noon PT',
  'midnight PT',
  '9am CT',
  '9am MT',
  '17:00 UTC',
  '2:30am PT',
  '1:30am PT',
  'in a few hours',
  'in 3 hours',
  'in an hour',
  'shortly',
  'soon',
  'in a bit',
  'within 2 hours',
  'in 30 minutes',
  'in 2-3 hours',
  'this week',
  'by Friday',
  'on Monday',
  'Sunday',
  'next Saturday',
  'this weekend',
  'next week',
  'by the end of the week',
  'this afternoon',
  'this morning',
  'this evening',
  'by midnight',
  'Friday 9am ET',
  'next weekend',
];

describe('every supported phrase is found inside a post', () => {
  it.each(SUPPORTED)('%s', (phrase) => {
    expect(findTimePhrase(`Update on Codex usage limits: we will reset them ${phrase} for all plans. Thanks!`)).toBe(phrase);
  });
});

describe('properties (postedAt anywhere in 2025–2028)', () => {
  const postedAt = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2028-12-31T23:59:59.999Z'), noInvalidDate: true });
  const clockPhrase = fc
    .tuple(
      fc.constantFrom('', 'by ', 'until '),
      fc.constantFrom('', 'today ', 'tomorrow ', 'on Friday ', 'Sunday ', 'tonight '),
      fc.oneof(
        fc
          .tuple(fc.integer({ min: 1, max: 12 }), fc.constantFrom(0, 15, 30, 59), fc.constantFrom('am', 'pm', ' a.m.', ' PM'))
          .map(([h, m, ap]) => `${h}:${String(m).padStart(2, '0')}${ap}`),
        fc
          .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
          .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
        fc.constantFrom('noon', 'midnight'),
      ),
      fc.constantFrom('', ' PT', ' PDT', ' ET', ' EST', ' CT', ' MT', ' UTC', ' GMT'),
    )
    .map((parts) => parts.join(''));
  const phrase = fc.oneof(fc.constantFrom(...SUPPORTED), clockPhrase);

  it('start ≥ the post, end > start, both whole-second timestamps', () => {
    fc.assert(
      fc.property(postedAt, phrase, (at, by) => {
        const w = windowFromPhrase(by, at);
        expect(isValidTimestamp(w.start) && isValidTimestamp(w.end)).toBe(true);
        expect(w.start >= toTimestamp(at)).toBe(true); // the post as recorded (milliseconds dropped)
        expect(Date.parse(w.start)).toBeGreaterThanOrEqual(Math.floor(at.getTime() / 1000) * 1000);
        expect(w.end > w.start).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('whatever findTimePhrase finds in a post, windowFromPhrase reads', () => {
    const filler = fc.constantFrom(
      'Codex',
      'limits',
      'reset',
      'we',
      'will',
      'for',
      'all',
      'the',
      'Pro',
      'users',
      'ok',
      '🙏',
      'by',
      'PT',
      'at',
      'on',
    );
    const text = fc.array(fc.oneof(filler, phrase), { minLength: 1, maxLength: 12 }).map((words) => words.join(' '));
    fc.assert(
      fc.property(postedAt, text, (at, t) => {
        const found = findTimePhrase(t);
        if (found !== null) expect(() => windowFromPhrase(found, at)).not.toThrow();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('wallClock: skipped and repeated readings', () => {
  it.each([
    // 2026-03-08 02:30 Pacific is skipped: the offset before (−8) gives 10:30Z
    ['America/Los_Angeles', [2026, 2, 8, 2, 30], '2026-03-08T10:30:00Z'],
    // 2026-11-01 01:30 Pacific happens twice (08:30Z in PDT, 09:30Z in PST): the first
    ['America/Los_Angeles', [2026, 10, 1, 1, 30], '2026-11-01T08:30:00Z'],
    ['America/New_York', [2026, 10, 1, 1, 30], '2026-11-01T05:30:00Z'], // 01:30 EDT (−4)
    // Lord Howe moves by 30 minutes: 2026-04-05 01:45 happens at +11 (14:45Z) and again at +10:30 (15:15Z)
    ['Australia/Lord_Howe', [2026, 3, 5, 1, 45], '2026-04-04T14:45:00Z'],
    // 2026-10-04 02:15 is skipped (02:00 +10:30 → 02:30 +11): the offset before gives 15:45Z
    ['Australia/Lord_Howe', [2026, 9, 4, 2, 15], '2026-10-03T15:45:00Z'],
    ['UTC', [2026, 6, 9, 12, 0], '2026-07-09T12:00:00Z'],
  ] as const)('%s %j → %s', (zone, [y, mo, d, h, mi], want) => {
    expect(toTimestamp(new Date(wallClock(zone, Date.UTC(y, mo, d, h, mi))))).toBe(want);
  });
});

describe.each(['Australia/Lord_Howe', 'America/Los_Angeles', 'Asia/Kolkata'])(
  'the answers do not depend on the host zone (TZ=%s)',
  (hostZone) => {
    let saved: string | undefined;
    beforeAll(() => {
      saved = process.env.TZ;
      process.env.TZ = hostZone;
    });
    afterAll(() => {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    });
    it('the host zone is in effect', () => {
      // 2026-07-09T12:00Z is 22:00 at Lord Howe (+10:00 in winter), 05:00 in LA (PDT), 17:30 in Kolkata (+05:30)
      const hour = { 'Australia/Lord_Howe': 22, 'America/Los_Angeles': 5, 'Asia/Kolkata': 17 }[hostZone];
      expect(new Date('2026-07-09T12:00:00Z').getHours()).toBe(hour);
    });
    it.each([
      ['1:30am PT', '2026-11-01T05:00:00Z', '2026-11-01T07:30:00Z', '2026-11-01T11:30:00Z'],
      ['2:30am PT', '2026-03-08T05:00:00Z', '2026-03-08T09:30:00Z', '2026-03-08T13:30:00Z'],
      ['today', '2026-11-01T07:00:00Z', '2026-11-01T07:00:00Z', '2026-11-02T07:59:59Z'],
      ['tomorrow 10am PT', '2026-03-07T20:00:00Z', '2026-03-08T16:00:00Z', '2026-03-08T20:00:00Z'],
      ['this weekend', '2026-10-29T17:00:00Z', '2026-10-31T07:00:00Z', '2026-11-02T07:59:59Z'],
    ])('%s posted %s → %s … %s', (by, post, start, end) => expect(win(by, post)).toEqual([start, end]));
  },
);
