/**
 * What a build publishes that decides the next one (src/jobs/rebuild/published.ts): read from payload
 * documents, and computed for the mini fixture at hand-chosen clocks around its time-bound changes. The
 * launch grant (2026-06-12-launch) expires 2026-07-12T00:11:11Z, so its reminders come due at 00:11:11
 * the day before (24 h), 19:11:11 (5 h) and 23:11:11 (1 h); the promise's window ends 2026-06-19T18:49:52Z.
 */
import { describe, expect, it } from 'vitest';
import { parseDataset, type Dataset } from '../../../../src/core/dataset/index.ts';
import {
  alertIds,
  bankedGrants,
  comparedInstants,
  deployedSignals,
  forecastFreshness,
  forecastNumbers,
  generatedAt,
  publishedAt,
  publishedNow,
  staticView,
  withSignals,
} from '../../../../src/jobs/rebuild/published.ts';
import { viewChanges } from '../../../../src/jobs/rebuild/rebuild.ts';
import { SITE } from '../../../../src/core/site.ts';
import { createPayloads } from '../../../../src/site/api/payloads.ts';
import { MINI_NOW, miniJson, miniTexts } from '../../../support/mini-data.ts';

const mini = parseDataset(miniTexts(), MINI_NOW);

/**
 * The time-bound changes between a site built at `built` and a pull at `pulled`, the data unchanged.
 * The forecast's numbers move with the clock too; they are held as deployed here (their comparison has
 * its own tests), so what shows is the alerts and the banked grants alone.
 */
function between(data: Dataset, built: string, pulled: string) {
  const now = publishedNow(data, new Date(pulled), SITE.url);
  return viewChanges({ ...publishedNow(data, new Date(built), SITE.url), forecast: now.forecast }, now);
}

describe('publishedNow between two pulls, the data unchanged', () => {
  it('quiet (19:30 → 20:00 the day before expiry, no reminder due in between): nothing to build', () => {
    expect(between(mini, '2026-07-11T19:30:00Z', '2026-07-11T20:00:00Z')).toEqual({});
  });

  it('the 5 h reminder came due (19:11:11, between the 19:00 and the 19:30 pull): build, naming it', () => {
    expect(between(mini, '2026-07-11T19:00:00Z', '2026-07-11T19:30:00Z')).toEqual({
      alerts: 'alerts: new grant-expiring:2026-06-12-launch:5h (deployed → now)',
    });
  });

  it('the grant expired (00:11:11, between the 23:45 and the 00:15 pull): its three reminders and the grant are gone', () => {
    // A chance of a reset within the 26 min left is far below 50 %: the advice was "use".
    expect(between(mini, '2026-07-11T23:45:00Z', '2026-07-12T00:15:00Z')).toEqual({
      alerts:
        'alerts: gone grant-expiring:2026-06-12-launch:1h, grant-expiring:2026-06-12-launch:5h, grant-expiring:2026-06-12-launch (deployed → now)',
      banked: 'banked: gone 2026-06-12-launch use (deployed → now)',
    });
  });

  it('a promise window closed without its reset (18:49:52, between the 18:45 and the 19:15 pull): promise-lapsed', () => {
    const a = miniJson('announcements');
    const unkept = parseDataset(
      {
        ...miniTexts(),
        announcements: JSON.stringify({ announcements: a.announcements.map((p: object) => ({ ...p, fulfilled_by: null })) }),
      },
      MINI_NOW,
    );
    expect(between(unkept, '2026-06-19T18:45:00Z', '2026-06-19T19:15:00Z').alerts).toBe(
      'alerts: new promise-lapsed:2066956441173323943 (deployed → now)',
    );
  });
});

describe('the deployed site reads as the build wrote it', () => {
  it('publishedNow equals the readers applied to the payloads the build publishes at the same clock (so a quiet pull never builds)', () => {
    const payloads = createPayloads(mini, MINI_NOW, SITE.url);
    const view = publishedNow(mini, MINI_NOW, SITE.url);
    expect({
      forecast: forecastNumbers(payloads.forecast),
      alerts: alertIds(payloads.alerts),
      banked: bankedGrants(payloads.banked),
    }).toEqual(view);
    // Not vacuous: both grants are active at the fixture's clock and every alert is there.
    expect(view.banked).toHaveLength(2);
    expect(view.alerts).toHaveLength(payloads.alerts.alerts.length);
  });
});

describe('readers of the deployed documents', () => {
  it('forecastNumbers takes available, p24 and p48 and ignores the rest', () => {
    expect(forecastNumbers({ available: false, p24: 6, p48: 15, confidence: 'low', inputs: {} })).toEqual({
      available: false,
      p24: 6,
      p48: 15,
    });
  });

  it.each([
    ['not an object', 'forecast'],
    ['null', null],
    ['a fraction', { available: true, p24: 6.5, p48: 15 }],
    ['above 100', { available: true, p24: 6, p48: 101 }],
    ['a string percent', { available: true, p24: '6', p48: 15 }],
    ['no available', { p24: 6, p48: 15 }],
    ['an error page as JSON', { error: 'not found' }],
  ])('forecastNumbers, %s: null', (_, doc) => {
    expect(forecastNumbers(doc)).toBeNull();
  });

  it("alertIds and bankedGrants take the ids (and the advice) in the document's order", () => {
    expect(alertIds({ alerts: [{ id: 'b', kind: 'reset' }, { id: 'a' }] })).toEqual(['b', 'a']);
    expect(alertIds({ alerts: [] })).toEqual([]);
    expect(
      bankedGrants({
        active: [
          { id: 'g2', advice: 'hold', hours_left: 3 },
          { id: 'g1', advice: 'use' },
        ],
      }),
    ).toEqual(['g2 hold', 'g1 use']);
  });

  it.each([
    ['no list', {}],
    ['a list of strings', { alerts: ['a'], active: ['g1'] }],
    ['an id that is a number', { alerts: [{ id: 1 }], active: [{ id: 1, advice: 'use' }] }],
    ['an array', []],
  ])('alertIds and bankedGrants, %s: null', (_, doc) => {
    expect([alertIds(doc), bankedGrants(doc)]).toEqual([null, null]);
  });

  it('bankedGrants refuses an advice it does not know', () => {
    expect(bankedGrants({ active: [{ id: 'g1', advice: 'spend' }] })).toBeNull();
  });
});

describe('when the deployed figures are for (a timetable state, or a build before the timetable)', () => {
  const clock = (forecast: string, other = forecast) => ({
    at: { forecast, alerts: other, banked: other },
    builtAt: '2026-07-01T00:00:00Z',
    eventsCheckedAt: '2026-06-30T00:00:00Z',
  });
  const NOW = new Date('2026-07-01T12:00:00Z');
  const iso = (r: Record<string, Date>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.toISOString()]));

  it.each([
    [
      'a forecast state begun 4 min ago, alerts held since 09:00: each at its own start',
      '2026-07-01T11:56:00Z',
      '2026-07-01T09:00:00Z',
      {
        forecast: '2026-07-01T11:56:00.000Z',
        alerts: '2026-07-01T09:00:00.000Z',
        banked: '2026-07-01T09:00:00.000Z',
      },
    ],
    [
      'a forecast exactly 10 min old: still a state (an edge may hold one that long)',
      '2026-07-01T11:50:00Z',
      '2026-07-01T11:50:00Z',
      {
        forecast: '2026-07-01T11:50:00.000Z',
        alerts: '2026-07-01T11:50:00.000Z',
        banked: '2026-07-01T11:50:00.000Z',
      },
    ],
    [
      'a forecast 10 min and 1 s old: a site that does not follow the clock, all at now',
      '2026-07-01T11:49:59Z',
      '2026-07-01T09:00:00Z',
      {
        forecast: '2026-07-01T12:00:00.000Z',
        alerts: '2026-07-01T12:00:00.000Z',
        banked: '2026-07-01T12:00:00.000Z',
      },
    ],
    [
      'a generated_at in the future (a wrong clock): never later than now',
      '2026-07-01T12:03:00Z',
      '2026-07-01T12:03:00Z',
      {
        forecast: '2026-07-01T12:00:00.000Z',
        alerts: '2026-07-01T12:00:00.000Z',
        banked: '2026-07-01T12:00:00.000Z',
      },
    ],
  ])('%s', (_, forecast, other, want) => {
    expect(iso(comparedInstants(clock(forecast, other), NOW))).toEqual(want);
  });

  it('publishedAt is publishedNow of each part at its own instant', () => {
    const [a, b] = [new Date('2026-07-11T19:00:00Z'), new Date('2026-07-11T19:30:00Z')];
    const view = publishedAt(mini, { forecast: a, alerts: b, banked: a }, SITE.url);
    expect(view).toEqual({
      forecast: publishedNow(mini, a, SITE.url).forecast,
      alerts: publishedNow(mini, b, SITE.url).alerts,
      banked: publishedNow(mini, a, SITE.url).banked,
    });
    expect(view.alerts).not.toEqual(publishedNow(mini, a, SITE.url).alerts);
  });

  it('reads generated_at and the forecast freshness as published, and nothing else', () => {
    const forecast = createPayloads(mini, MINI_NOW, SITE.url).forecast;
    expect(generatedAt(forecast)).toBe('2026-07-01T12:00:00Z');
    expect(forecastFreshness(forecast)).toEqual({ builtAt: '2026-07-01T12:00:00Z', eventsCheckedAt: forecast.freshness.events_checked_at });
    for (const bad of [null, [], { generated_at: 7 }, { generated_at: '2026-07-01' }, { generated_at: 'soon' }])
      expect(generatedAt(bad)).toBeNull();
    expect(forecastFreshness({ freshness: { built_at: '2026-07-01T12:00:00Z' } })).toBeNull();
  });
});

describe('staticView: what the static pages show (the deployed build at its instant) and what a build now publishes', () => {
  /** The mini data as a pull at `at` leaves it: the record and both signals checked at `at`. */
  const checkedAt = (at: string): Dataset => ({
    ...mini,
    eventsCheckedAt: at,
    signals: {
      ...mini.signals,
      fetched_at: at,
      status: { ...mini.signals.status, checked_at: at },
      issues: { ...mini.signals.issues, checked_at: at },
    },
  });
  /** The pages of a build at `builtAt` (its record checked at `recordChecked`) and a pull at `pulled`, whose checks are a minute before it. */
  const pagesOf = (builtAt: string, recordChecked: string, pulled: string) =>
    staticView(
      checkedAt(new Date(Date.parse(pulled) - 60_000).toISOString().replace('.000Z', 'Z')),
      { builtAt, eventsCheckedAt: recordChecked },
      new Date(pulled),
      SITE.url,
    );

  it('checks made after the build (each pull makes some) are no change: built 19:30, pulled 20:00 the day before expiry, nothing to build', () => {
    const pages = pagesOf('2026-07-11T19:30:00Z', '2026-07-11T19:29:00Z', '2026-07-11T20:00:00Z');
    expect(pages.built.forecast.available).toBe(true);
    expect(viewChanges(pages.built, pages.now)).toEqual({});
  });

  it('the 5 h reminder came due since the build (19:11:11, built 19:00, pulled 19:30): it shows', () => {
    const pages = pagesOf('2026-07-11T19:00:00Z', '2026-07-11T18:59:00Z', '2026-07-11T19:30:00Z');
    expect(viewChanges(pages.built, pages.now, 'built').alerts).toBe('alerts: new grant-expiring:2026-06-12-launch:5h (built → now)');
  });

  it("the deployed build's record check is the one it had: a record 7 days stale at the build shows the forecast unavailable there", () => {
    const pages = pagesOf('2026-07-11T19:00:00Z', '2026-07-01T00:00:00Z', '2026-07-11T19:30:00Z');
    expect([pages.built.forecast.available, pages.now.forecast.available]).toEqual([false, true]);
  });
});

describe('the deployed signals, held on both sides', () => {
  /** The mini data with a major Codex outage checked at `at`. */
  const outage = (at: string): Dataset => ({
    ...mini,
    signals: {
      ...mini.signals,
      fetched_at: at,
      status: { indicator: 'major', components: [{ name: 'Codex', status: 'major_outage' }], incidents: [], checked_at: at },
    },
  });

  it('deployedSignals reads the snapshot of the signals payload as the build writes it', () => {
    const payload = createPayloads(mini, MINI_NOW, SITE.url).signals;
    expect(deployedSignals(payload)).toEqual(mini.signals);
  });

  it.each([
    ['not an object', 'signals'],
    ['an error page as JSON', { error: 'not found' }],
    ['no issues part', { ...mini.signals, issues: undefined }],
    ['an indicator it does not know', { ...mini.signals, status: { ...mini.signals.status, indicator: 'purple' } }],
  ])('deployedSignals, %s: null (unreadable, so it builds)', (_, doc) => {
    expect(deployedSignals(doc)).toBeNull();
  });

  it('a fresh outage in data/ moves the figures; with the deployed signals in its place it reads as deployed', () => {
    const deployed = publishedNow(mini, MINI_NOW, SITE.url);
    const stormy = outage('2026-07-01T11:45:00Z');
    // The premise: data/'s own signals publish other numbers.
    expect(publishedNow(stormy, MINI_NOW, SITE.url).forecast).not.toEqual(deployed.forecast);
    expect(viewChanges(deployed, publishedNow(withSignals(stormy, mini.signals), MINI_NOW, SITE.url))).toEqual({});
  });

  it('a deployed outage expires (6 h) at the same instant on both sides: 7 h later the held view is the deployed one', () => {
    const built = outage('2026-07-01T05:00:00Z');
    const deployedState = publishedNow(built, MINI_NOW, SITE.url);
    // The pull still sees the outage, checked a minute ago: its own signals would raise the figures.
    const pulled = outage('2026-07-01T11:59:00Z');
    expect(publishedNow(pulled, MINI_NOW, SITE.url).forecast).not.toEqual(deployedState.forecast);
    expect(publishedNow(withSignals(pulled, built.signals), MINI_NOW, SITE.url)).toEqual(deployedState);
  });
});
