/**
 * The watcher's settings and state, by hand: which accounts it polls and how often (defaults; each bad
 * entry left out with one problem, shown escaped, the others kept; which are due at a given moment, the
 * requests a month). Its state, in the database, is tested against a real one: watch-state.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dueAccounts, parseWatchAccounts, requestsPerMonth, WATCH_SCHEDULE_MINUTES } from '../../../../src/jobs/watch/config.ts';

describe('RESETCAST_WATCH_ACCOUNTS', () => {
  const DEFAULT = [
    { name: 'thsottiaux', minutes: 5 },
    { name: 'OpenAIDevs', minutes: 5 },
    { name: 'OpenAI', minutes: 5 },
  ];
  it.each([
    ['unset', undefined],
    ['empty', ''],
    ['blank', '  '],
  ])('%s: the default (every account every 5 minutes, each run of the schedule)', (_n, raw) => {
    expect(parseWatchAccounts(raw)).toEqual({ accounts: DEFAULT, problems: [] });
  });
  it("takes the pull's spelling of each account, whatever the case, and spaces around the parts", () => {
    expect(parseWatchAccounts(' THSOTTIAUX:2 , openai : 10')).toEqual({
      accounts: [
        { name: 'thsottiaux', minutes: 2 },
        { name: 'OpenAI', minutes: 10 },
      ],
      problems: [],
    });
  });
  // Each bad entry sits between two good ones: it is left out with its one problem, and both others are kept.
  it.each([
    ['no minutes', 'thsottiaux', 'RESETCAST_WATCH_ACCOUNTS: "thsottiaux" is not <account>:<minutes>'],
    ['a negative number', 'thsottiaux:-1', 'RESETCAST_WATCH_ACCOUNTS: "thsottiaux:-1" is not <account>:<minutes>'],
    ['an empty entry', '', 'RESETCAST_WATCH_ACCOUNTS: "" is not <account>:<minutes>'],
    [
      'a Cyrillic і (U+0456) in the name, shown escaped',
      'thsott\u0456aux:1',
      'RESETCAST_WATCH_ACCOUNTS: "thsott\\u0456aux:1" is not <account>:<minutes>',
    ],
    ['a fullwidth colon', 'thsottiaux\uff1a1', 'RESETCAST_WATCH_ACCOUNTS: "thsottiaux\\uff1a1" is not <account>:<minutes>'],
    [
      'a line break and a control character, kept on one line',
      'ths\nott\u0007:1',
      'RESETCAST_WATCH_ACCOUNTS: "ths\\nott\\u0007:1" is not <account>:<minutes>',
    ],
    ['a very long entry, cut', 'x'.repeat(200), `RESETCAST_WATCH_ACCOUNTS: "${'x'.repeat(60)}" is not <account>:<minutes>`],
    [
      'an account the pull does not read',
      'elonmusk:1',
      'RESETCAST_WATCH_ACCOUNTS: elonmusk is not an account the pull reads (thsottiaux, OpenAIDevs, OpenAI)',
    ],
    ['zero minutes', 'OpenAIDevs:0', 'RESETCAST_WATCH_ACCOUNTS: OpenAIDevs:0: minutes must be 1–1440'],
    ['more than a day', 'OpenAIDevs:1441', 'RESETCAST_WATCH_ACCOUNTS: OpenAIDevs:1441: minutes must be 1–1440'],
    ['the same account twice', 'THSOTTIAUX:5', 'RESETCAST_WATCH_ACCOUNTS: thsottiaux is listed twice'],
  ])('leaves out %s with one problem, and keeps the other entries', (_n, bad, problem) => {
    expect(parseWatchAccounts(`thsottiaux:1,${bad},OpenAI:5`)).toEqual({
      accounts: [
        { name: 'thsottiaux', minutes: 1 },
        { name: 'OpenAI', minutes: 5 },
      ],
      problems: [problem],
    });
  });
  it('one problem per bad entry; none valid: no account (X is not asked), every problem said', () => {
    expect(parseWatchAccounts('thsott\u0456aux:1,elonmusk:1,OpenAI:0')).toEqual({
      accounts: [],
      problems: [
        'RESETCAST_WATCH_ACCOUNTS: "thsott\\u0456aux:1" is not <account>:<minutes>',
        'RESETCAST_WATCH_ACCOUNTS: elonmusk is not an account the pull reads (thsottiaux, OpenAIDevs, OpenAI)',
        'RESETCAST_WATCH_ACCOUNTS: OpenAI:0: minutes must be 1–1440',
      ],
    });
  });
});

describe('which accounts are due', () => {
  const accounts = [
    { name: 'thsottiaux', minutes: 1 },
    { name: 'OpenAI', minutes: 5 },
  ];
  // Both last asked at 12:00:04; an account is due once its interval less half a minute has passed.
  const polled = { thsottiaux: '2026-11-20T12:00:04Z', OpenAI: '2026-11-20T12:00:04Z' };
  it.each([
    ['12:00:30 (26 s later): none', '2026-11-20T12:00:30Z', []],
    ['12:00:34 (30 s = 1 min − 30 s): thsottiaux', '2026-11-20T12:00:34Z', ['thsottiaux']],
    ['12:04:33 (269 s, under 5 min − 30 s = 270 s): thsottiaux only', '2026-11-20T12:04:33Z', ['thsottiaux']],
    ['12:04:34 (270 s): both', '2026-11-20T12:04:34Z', ['thsottiaux', 'OpenAI']],
  ])('%s', (_n, now, due) => expect(dueAccounts(accounts, polled, new Date(now)).map((a) => a.name)).toEqual(due));
  it('an account never asked is due at once', () => {
    expect(dueAccounts(accounts, { thsottiaux: '2026-11-20T12:00:04Z' }, new Date('2026-11-20T12:00:05Z')).map((a) => a.name)).toEqual([
      'OpenAI',
    ]);
  });
  it('requests a 30-day month on the 5-minute schedule: 8,640 for every 5 (the default, thrice), every 1 each run, every 7 every other run', () => {
    expect(requestsPerMonth(parseWatchAccounts(undefined).accounts)).toBe(3 * 8_640);
    expect(requestsPerMonth([{ name: 'OpenAI', minutes: 1 }])).toBe(8_640);
    expect(requestsPerMonth([{ name: 'OpenAI', minutes: 7 }])).toBe(4_320);
  });
  it('on a schedule of every minute: 43,200 for every minute, 6,171 for every 7 (43,200 / 7 rounded down)', () => {
    expect(requestsPerMonth([{ name: 'thsottiaux', minutes: 1 }], 1)).toBe(43_200);
    expect(requestsPerMonth([{ name: 'OpenAI', minutes: 7 }], 1)).toBe(6_171);
  });
  it("agrees with the watcher's schedule in netlify.toml", () => {
    const toml = readFileSync(join(import.meta.dirname, '../../../../netlify.toml'), 'utf8');
    const schedule = /\[functions\.watch\][^[]*?schedule = "([^"]+)"/.exec(toml)?.[1];
    expect(schedule).toBe(`*/${WATCH_SCHEDULE_MINUTES} * * * *`);
  });
});
