/** The build decision of the scheduled pull (src/jobs/rebuild/rebuild.ts) on hand-made changes of the mini fixture. */
import { describe, expect, it } from 'vitest';
import { BUILD_FILES, FACT_FILES } from '../../../../src/core/dataset/files.ts';
import type { ForecastNumbers, PublishedView } from '../../../../src/jobs/rebuild/published.ts';
import {
  changedFactFiles,
  rebuildDecision,
  STATIC_OUTPUTS_FOLLOW_CLOCK,
  viewChanges,
  type FactTexts,
} from '../../../../src/jobs/rebuild/rebuild.ts';
import { miniJson, miniTexts } from '../../../support/mini-data.ts';

const text = (doc: unknown): string => `${JSON.stringify(doc, null, 2)}\n`;
const mini = miniTexts();
const BEFORE: FactTexts = { events: mini.events, announcements: mini.announcements, banked: mini.banked, corrections: mini.corrections };
const NUMBERS: ForecastNumbers = { available: true, p24: 15, p48: 28 };
const alert = (key: string): string => `tag:resetcast.netlify.app,2026:alert:${key}`;
/** A deployed site with one reset alert, one grant and its first reminder. */
const VIEW: PublishedView = {
  forecast: NUMBERS,
  alerts: [alert('grant-expiring:g1'), alert('grant:g1'), alert('reset:1')],
  banked: ['g1 use'],
};
/** The view with other forecast numbers. */
const numbers = (forecast: ForecastNumbers): PublishedView => ({ ...VIEW, forecast });

/** The decision for `after` against the mini fixture, with the site as deployed unless given. */
const decide = (
  after: FactTexts,
  now: PublishedView = VIEW,
  deployed: PublishedView | { unreadable: string } = VIEW,
  runsOut?: { horizon: Date; now: Date },
) => rebuildDecision({ before: BEFORE, after, now, deployed, ...(runsOut ? { runsOut } : {}) });

const events = miniJson('events');
const newEvent = {
  ...events.events.at(-1),
  id: '2079999999999999999',
  date: '2026-06-30',
  ts: '2026-06-30T10:00:00Z',
  url: 'https://x.com/thsottiaux/status/2079999999999999999',
};

describe('which files are facts', () => {
  it('events, promises, grants and corrections; signals and the forecast log are compared through what the build publishes', () => {
    expect(Object.keys(FACT_FILES)).toEqual(['events', 'announcements', 'banked', 'corrections']);
    expect(BUILD_FILES.filter((k) => !(k in FACT_FILES))).toEqual(['signals', 'forecastLog']);
  });
});

describe('rebuildDecision', () => {
  it('byte-identical data: no build, no reason', () => {
    expect(decide({ ...BEFORE })).toEqual({ rebuild: false, why: [] });
  });

  it('a signals check alone (events.json checked_at moved, signals.json is no fact file): no build', () => {
    expect(decide({ ...BEFORE, events: text({ ...events, checked_at: '2026-07-21T00:00:00Z' }) })).toEqual({ rebuild: false, why: [] });
  });

  it('the same facts written with other keys order, layout and no trailing newline: no build', () => {
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(events).reverse()));
    expect(decide({ ...BEFORE, events: reordered })).toEqual({ rebuild: false, why: [] });
  });

  it('an absent corrections.json is the empty log it stands for (ABSENT_MEANS): no build', () => {
    const { corrections: _, ...withoutCorrections } = BEFORE;
    expect(changedFactFiles(withoutCorrections, { ...BEFORE, corrections: '{"corrections":[]}' })).toEqual([]);
    expect(changedFactFiles(withoutCorrections, { ...BEFORE, corrections: '{"corrections":[{}]}' })).toEqual(['corrections']);
  });

  it('a new event: build', () => {
    expect(decide({ ...BEFORE, events: text({ ...events, events: [...events.events, newEvent] }) })).toEqual({
      rebuild: true,
      why: ['data/events.json: facts changed'],
    });
  });

  it('an event amended in place (its summary), even with checked_at moved too: build', () => {
    const amended = events.events.map((e: { id: string }, i: number) =>
      i === 0 ? { ...e, summary: 'Limits reset for all paid plans.' } : e,
    );
    expect(decide({ ...BEFORE, events: text({ ...events, checked_at: '2026-07-21T00:00:00Z', events: amended }) }).why).toEqual([
      'data/events.json: facts changed',
    ]);
  });

  it('a new promise, a new grant, a new correction: build, each file named', () => {
    const a = miniJson('announcements');
    const b = miniJson('banked');
    const after: FactTexts = {
      ...BEFORE,
      announcements: text({
        ...a,
        announcements: [...a.announcements, { ...a.announcements.at(-1), url: 'https://x.com/thsottiaux/status/2079999999999999998' }],
      }),
      banked: text({ ...b, grants: [...b.grants, { ...b.grants.at(-1), id: 'another-grant' }] }),
      corrections: text({
        corrections: [
          { event_id: '2062329981548802523', at: '2026-07-01T00:00:00Z', what: 'summary', before: 'a', after: 'b', reason: 'r' },
        ],
      }),
    };
    expect(decide(after)).toEqual({
      rebuild: true,
      why: ['data/announcements.json: facts changed', 'data/banked.json: facts changed', 'data/corrections.json: facts changed'],
    });
  });

  it('a fact file that is not JSON compares as its text: changed text builds, the same text does not', () => {
    expect(decide({ ...BEFORE, banked: '{"grants": [' }).rebuild).toBe(true);
    expect(
      rebuildDecision({ before: { ...BEFORE, banked: '{' }, after: { ...BEFORE, banked: '{' }, now: VIEW, deployed: VIEW }).rebuild,
    ).toBe(false);
  });

  it('the forecast moved one point from the deployed one: build, saying from what to what', () => {
    expect(decide({ ...BEFORE }, numbers({ available: true, p24: 14, p48: 28 }))).toEqual({
      rebuild: true,
      why: ['forecast: p24 15 → 14 (deployed → now)'],
    });
  });

  it('the forecast became unavailable and p48 moved: both named in one line', () => {
    expect(decide({ ...BEFORE }, numbers({ available: false, p24: 15, p48: 27 })).why).toEqual([
      'forecast: available true → false, p48 28 → 27 (deployed → now)',
    ]);
  });

  it('a fact and the forecast both changed: both reasons, facts first', () => {
    expect(
      decide(
        { ...BEFORE, events: text({ ...events, events: [...events.events, newEvent] }) },
        numbers({ available: true, p24: 40, p48: 60 }),
      ).why,
    ).toEqual(['data/events.json: facts changed', 'forecast: p24 15 → 40, p48 28 → 60 (deployed → now)']);
  });

  it('the deployed site could not be read: build (a failed deploy must not stay stale)', () => {
    expect(decide({ ...BEFORE }, VIEW, { unreadable: 'HTTP 503' })).toEqual({
      rebuild: true,
      why: ['the deployed site could not be read (HTTP 503), so building'],
    });
  });

  it('a fact, the forecast, the alerts and the banked grants all changed: one line each, in that order', () => {
    const now: PublishedView = { forecast: { ...NUMBERS, p48: 29 }, alerts: [alert('reset:2'), ...VIEW.alerts], banked: [] };
    expect(decide({ ...BEFORE, events: text({ ...events, events: [...events.events, newEvent] }) }, now).why).toEqual([
      'data/events.json: facts changed',
      'forecast: p48 28 → 29 (deployed → now)',
      'alerts: new reset:2 (deployed → now)',
      'banked: gone g1 use (deployed → now)',
    ]);
  });
});

describe('viewChanges (what a build now publishes against the deployed site)', () => {
  it('the same view, or the same ids in another order: nothing', () => {
    expect(viewChanges(VIEW, { ...VIEW })).toEqual({});
    expect(viewChanges(VIEW, { ...VIEW, alerts: [...VIEW.alerts].reverse() })).toEqual({});
  });

  it('a reminder came due: the alerts line names the new id without its tag prefix', () => {
    expect(viewChanges(VIEW, { ...VIEW, alerts: [alert('grant-expiring:g1:5h'), ...VIEW.alerts] })).toEqual({
      alerts: 'alerts: new grant-expiring:g1:5h (deployed → now)',
    });
  });

  it('the grant expired: its reminder gone from the alerts, the grant gone from banked', () => {
    expect(viewChanges(VIEW, { ...VIEW, alerts: [alert('grant:g1'), alert('reset:1')], banked: [] })).toEqual({
      alerts: 'alerts: gone grant-expiring:g1 (deployed → now)',
      banked: 'banked: gone g1 use (deployed → now)',
    });
  });

  it('the advice on a grant turned from hold to use: the banked line says both', () => {
    expect(viewChanges({ ...VIEW, banked: ['g1 hold'] }, VIEW)).toEqual({ banked: 'banked: new g1 use; gone g1 hold (deployed → now)' });
  });

  it('a site far behind: three ids listed, the rest counted', () => {
    const five = ['reset:5', 'reset:4', 'reset:3', 'reset:2', 'event:9'].map(alert);
    expect(viewChanges({ ...VIEW, alerts: [] }, { ...VIEW, alerts: five }).alerts).toBe(
      'alerts: new reset:5, reset:4, reset:3 and 2 more (deployed → now)',
    );
  });
});

describe('the deployed timetable running out (HORIZON_MARGIN_MS, 6 h)', () => {
  const horizon = new Date('2026-07-08T12:00:01Z');
  const at = (iso: string) => decide({ ...BEFORE }, VIEW, VIEW, { horizon, now: new Date(iso) });
  it.each([
    ['2026-07-08T05:59:59Z', false],
    ['2026-07-08T06:00:01Z', true],
    ['2026-07-08T12:00:01Z', true],
    ['2026-07-20T00:00:00Z', true],
  ])('at %s: build %s', (now, build) => {
    expect(at(now)).toEqual({
      rebuild: build,
      why: build ? [`the deployed timetable runs out at 2026-07-08T12:00:01Z (now ${now}): building a new one`] : [],
    });
  });
});

describe('the static outputs, were they one file per build (STATIC_OUTPUTS_FOLLOW_CLOCK)', () => {
  /** The deployed API serves the state for now (equal to what a build now publishes); static pages would show the build's instant. */
  const withPages = (after: FactTexts, built: PublishedView, staticFollow = true) =>
    rebuildDecision({ before: BEFORE, after, now: VIEW, deployed: VIEW, pages: { built, now: VIEW } }, staticFollow);

  it('ships switched off: the pages, feeds and calendar are timetable states (docs/timetable.md), deploys follow facts', () => {
    expect(STATIC_OUTPUTS_FOLLOW_CLOCK).toBe(false);
    const built: PublishedView = { ...VIEW, forecast: { ...NUMBERS, p24: 13 }, alerts: VIEW.alerts.slice(1) };
    expect(rebuildDecision({ before: BEFORE, after: { ...BEFORE }, now: VIEW, deployed: VIEW, pages: { built, now: VIEW } })).toEqual({
      rebuild: false,
      why: [],
    });
  });

  it('switched on, the clock alone moved the figures the pages show (p24, a reminder come due) since the build: build, saying it is the pages', () => {
    const built: PublishedView = { ...VIEW, forecast: { ...NUMBERS, p24: 13 }, alerts: VIEW.alerts.slice(1) };
    expect(withPages({ ...BEFORE }, built)).toEqual({
      rebuild: true,
      why: [
        'the pages, static until they are timetable states, show figures moved since the build: forecast: p24 13 → 15 (built → now)',
        'the pages, static until they are timetable states, show figures moved since the build: alerts: new grant-expiring:g1 (built → now)',
      ],
    });
  });

  it('the clock moved nothing the pages show since the build (the same numbers, alerts and grants): no build', () => {
    expect(withPages({ ...BEFORE }, { ...VIEW, alerts: [...VIEW.alerts].reverse() })).toEqual({ rebuild: false, why: [] });
  });

  it('once the pages are states (switched off), the same clock-only move builds nothing: deploys follow facts', () => {
    const built: PublishedView = { ...VIEW, forecast: { ...NUMBERS, p24: 13 }, banked: ['g1 hold'] };
    expect(withPages({ ...BEFORE }, built, false)).toEqual({ rebuild: false, why: [] });
  });

  it('a fact, with nothing the pages show moved: build, naming the fact alone', () => {
    expect(withPages({ ...BEFORE, events: text({ ...events, events: [...events.events, newEvent] }) }, VIEW)).toEqual({
      rebuild: true,
      why: ['data/events.json: facts changed'],
    });
  });
});
