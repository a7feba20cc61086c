/**
 * The watcher's settings, by hand: which accounts it polls and how often (defaults; each bad entry left
 * out with one problem, shown escaped, the others kept; which are due at a given moment, the requests a
 * month). Its state, in Netlify Blobs, is tested against a real local server: watch-state.test.ts.
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

describe('which accounts are due: from the clock alone, nothing stored', () => {
  const accounts = [
    { name: 'thsottiaux', minutes: 1 },
    { name: 'OpenAI', minutes: 5 },
    { name: 'OpenAIDevs', minutes: 10 },
  ];
  const due = (now: string, list = accounts): string[] => dueAccounts(list, new Date(now)).map((a) => a.name);
  it.each([
    ['12:00:00, a run of an even number: all three', '2026-11-20T12:00:00Z', ['thsottiaux', 'OpenAI', 'OpenAIDevs']],
    ['12:05:00: every 1 and every 5, not every 10', '2026-11-20T12:05:00Z', ['thsottiaux', 'OpenAI']],
    ['12:04:31 (a run starting 29 s early is the run of 12:05)', '2026-11-20T12:04:31Z', ['thsottiaux', 'OpenAI']],
    ['12:10:03 (3 s late, still the run of 12:10): all three', '2026-11-20T12:10:03Z', ['thsottiaux', 'OpenAI', 'OpenAIDevs']],
  ])('%s', (_n, now, want) => expect(due(now)).toEqual(want));
  it('every 1440 minutes: only at the run of 00:00 UTC; every 7: every other run (10 minutes)', () => {
    const daily = [{ name: 'OpenAI', minutes: 1440 }];
    expect([due('2026-11-20T00:00:00Z', daily), due('2026-11-20T00:05:00Z', daily), due('2026-11-20T23:55:00Z', daily)]).toEqual([
      ['OpenAI'],
      [],
      [],
    ]);
    const seven = [{ name: 'OpenAI', minutes: 7 }];
    expect([due('2026-11-20T12:00:00Z', seven), due('2026-11-20T12:05:00Z', seven), due('2026-11-20T12:10:00Z', seven)]).toEqual([
      ['OpenAI'],
      [],
      ['OpenAI'],
    ]);
  });
  it('over a day of runs, each account is asked as often as requestsPerMonth counts (a thirtieth of it)', () => {
    const day = Array.from({ length: 288 }, (_, i) => new Date(Date.parse('2026-11-20T00:00:00Z') + i * 5 * 60_000));
    for (const a of [...accounts, { name: 'OpenAI', minutes: 7 }, { name: 'OpenAI', minutes: 1440 }])
      expect(day.filter((t) => dueAccounts([a], t).length === 1).length, `${a.name}:${a.minutes}`).toBe(requestsPerMonth([a]) / 30);
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
