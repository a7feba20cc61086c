/**
 * Which files besides the payloads move with the clock (src/site/timetable-paths.ts, docs/timetable.md): the
 * pages marked `clock` in PAGES in every locale, the alert feeds and the calendar are timetable outputs; every
 * other page is one static file per build (the proof's build, tests/build/timetable.test.ts, renders those at
 * its probe instants and finds each equal to its static file). For the feeds and the calendar, made here
 * from the site at an instant: equal keys at two instants give equal texts (the calendar's "as of" instant
 * aside), and each does change within a week with a grant that expires and a promise that lapses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SITE } from '../../../src/core/site.ts';
import { payloadsAt, sharedWork } from '../../../src/site/api/payloads.ts';
import { buildOf } from '../../../src/site/data.ts';
import { LOCALES } from '../../../src/site/i18n/index.ts';
import { CLOCK_VIEWS } from '../../../src/site/page-keys.ts';
import { PAGES } from '../../../src/site/pages.ts';
import { localePath, sitePages, timetablePaths } from '../../../src/site/timetable-paths.ts';
import { clockWeekData } from '../../support/clock-week.ts';
import { HISTORY_NOW } from '../../support/history.ts';

const data = clockWeekData();
const B = HISTORY_NOW.getTime() / 1000;
const WEEK_S = 7 * 86_400;
const shared = sharedWork(data);
const outputs = timetablePaths(data);
const files = outputs.filter((o) => o.text);

/** Each feed's and the calendar's key and text at `t`, as the timetable reads them. */
function filesAt(t: number): Record<string, { key: string; text: string }> {
  const now = new Date(t * 1000);
  const at = payloadsAt(data, now, SITE.url, HISTORY_NOW, shared);
  const build = buildOf(data, SITE.url, now, at);
  const inputs = { build, payloadKey: at.key, made: new Map() };
  return Object.fromEntries(files.map((o) => [o.path, { key: o.key(inputs, shared), text: o.text!(build) }]));
}
/** The calendar's advice is dated with the instant it is for: unfolded, that date aside. */
const withoutAsOf = (text: string): string => text.replace(/\r\n[ \t]/g, '').replace(/\(as of [^)]*\)/g, '(as of)');

describe('the files of the timetable besides the payloads', () => {
  it('are the clock pages in every locale (a view with a key each), the alert feeds and the calendar', () => {
    const clock = (Object.keys(PAGES) as (keyof typeof PAGES)[]).filter((n) => PAGES[n].clock);
    expect(clock).toEqual(['home', 'timeline', 'banked', 'methodology']);
    for (const view of [...clock, 'timeline-year']) expect(CLOCK_VIEWS).toContain(view);
    const pages = outputs.filter((o) => o.page).map((o) => o.path);
    for (const l of LOCALES)
      for (const p of ['/', '/timeline/', '/timeline/2026/', '/banked/', '/methodology/']) expect(pages).toContain(localePath(l, p));
    expect(files.map((o) => o.path)).toEqual([
      '/alerts.xml',
      '/alerts/p24-25.xml',
      '/alerts/p24-50.xml',
      '/alerts/p24-75.xml',
      '/alerts/p48-25.xml',
      '/alerts/p48-50.xml',
      '/alerts/p48-75.xml',
      '/calendar.ics',
    ]);
  });

  it('leave every other page static: the alerts page, the developers page and the 404 pages', () => {
    const still = sitePages(data).filter((p) => !p.clock);
    expect([...new Set(still.map((p) => p.view))]).toEqual(['alerts', 'developers', 'notFound']);
    expect(still.filter((p) => p.view === 'notFound').map((p) => p.path)).toEqual([
      '/404.html',
      '/zh/404/',
      '/ja/404/',
      '/es/404/',
      '/ko/404/',
    ]);
  });
});

describe('the feeds and the calendar', () => {
  it('have equal texts at any two instants of the week where their keys are equal (the calendar’s "as of" aside)', () => {
    fc.assert(
      fc.property(fc.integer({ min: B, max: B + WEEK_S }), fc.integer({ min: 0, max: 6 * 3600 }), (t, d) => {
        const [a, b] = [filesAt(t), filesAt(t + d)];
        for (const o of files)
          if (a[o.path]!.key === b[o.path]!.key)
            expect(withoutAsOf(b[o.path]!.text), `${o.path} ${t}+${d}`).toBe(withoutAsOf(a[o.path]!.text));
      }),
      { numRuns: 40 },
    );
  });

  it('each change within the week (a reminder falling due, the promise lapsing, the grant expiring), and their keys with them', () => {
    const first = filesAt(B);
    const moved = new Set<string>();
    for (let t = B; t <= B + WEEK_S; t += 3600) {
      const now = filesAt(t);
      for (const o of files) {
        const textMoved = withoutAsOf(now[o.path]!.text) !== withoutAsOf(first[o.path]!.text);
        if (textMoved) moved.add(o.path);
        if (textMoved) expect(now[o.path]!.key, `${o.path} at ${t}`).not.toBe(first[o.path]!.key);
      }
    }
    expect([...moved]).toEqual(expect.arrayContaining(['/alerts.xml', '/calendar.ics']));
  });
});
