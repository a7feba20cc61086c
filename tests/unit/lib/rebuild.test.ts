/** The build decision of the scheduled pull (src/core/dataset/rebuild.ts) on hand-made changes of the mini fixture. */
import { describe, expect, it } from 'vitest';
import { BUILD_FILES, FACT_FILES } from '../../../src/core/dataset/files.ts';
import { changedFactFiles, forecastNumbers, rebuildDecision, type FactTexts, type ForecastNumbers } from '../../../src/core/dataset/rebuild.ts';
import { miniJson, miniTexts } from '../../support/mini-data.ts';

const text = (doc: unknown): string => `${JSON.stringify(doc, null, 2)}\n`;
const mini = miniTexts();
const BEFORE: FactTexts = { events: mini.events, announcements: mini.announcements, banked: mini.banked, corrections: mini.corrections };
const NUMBERS: ForecastNumbers = { available: true, p24: 15, p48: 28 };

/** The decision for `after` against the mini fixture, with the forecast as deployed unless given. */
const decide = (after: FactTexts, forecast: ForecastNumbers = NUMBERS, deployed: ForecastNumbers | { unreadable: string } = NUMBERS) =>
  rebuildDecision({ before: BEFORE, after, forecast, deployed });

const events = miniJson('events');
const newEvent = { ...events.events.at(-1), id: '2079999999999999999', date: '2026-06-30', ts: '2026-06-30T10:00:00Z', url: 'https://x.com/thsottiaux/status/2079999999999999999' };

describe('which files are facts', () => {
  it('events, promises, grants and corrections; signals and the forecast log are compared through the forecast\'s numbers', () => {
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
    expect(decide({ ...BEFORE, events: text({ ...events, events: [...events.events, newEvent] }) })).toEqual({ rebuild: true, why: ['data/events.json: facts changed'] });
  });

  it('an event amended in place (its summary), even with checked_at moved too: build', () => {
    const amended = events.events.map((e: { id: string }, i: number) => (i === 0 ? { ...e, summary: 'Limits reset for all paid plans.' } : e));
    expect(decide({ ...BEFORE, events: text({ ...events, checked_at: '2026-07-21T00:00:00Z', events: amended }) }).why).toEqual(['data/events.json: facts changed']);
  });

  it('a new promise, a new grant, a new correction: build, each file named', () => {
    const a = miniJson('announcements');
    const b = miniJson('banked');
    const after: FactTexts = {
      ...BEFORE,
      announcements: text({ ...a, announcements: [...a.announcements, { ...a.announcements.at(-1), url: 'https://x.com/thsottiaux/status/2079999999999999998' }] }),
      banked: text({ ...b, grants: [...b.grants, { ...b.grants.at(-1), id: 'another-grant' }] }),
      corrections: text({ corrections: [{ event_id: '2062329981548802523', at: '2026-07-01T00:00:00Z', what: 'summary', before: 'a', after: 'b', reason: 'r' }] }),
    };
    expect(decide(after)).toEqual({ rebuild: true, why: ['data/announcements.json: facts changed', 'data/banked.json: facts changed', 'data/corrections.json: facts changed'] });
  });

  it('a fact file that is not JSON compares as its text: changed text builds, the same text does not', () => {
    expect(decide({ ...BEFORE, banked: '{"grants": [' }).rebuild).toBe(true);
    expect(rebuildDecision({ before: { ...BEFORE, banked: '{' }, after: { ...BEFORE, banked: '{' }, forecast: NUMBERS, deployed: NUMBERS }).rebuild).toBe(false);
  });

  it('the forecast moved one point from the deployed one: build, saying from what to what', () => {
    expect(decide({ ...BEFORE }, { available: true, p24: 14, p48: 28 })).toEqual({ rebuild: true, why: ['forecast: p24 15 → 14 (deployed → now)'] });
  });

  it('the forecast became unavailable and p48 moved: both named in one line', () => {
    expect(decide({ ...BEFORE }, { available: false, p24: 15, p48: 27 }).why).toEqual(['forecast: available true → false, p48 28 → 27 (deployed → now)']);
  });

  it('a fact and the forecast both changed: both reasons, facts first', () => {
    expect(decide({ ...BEFORE, events: text({ ...events, events: [...events.events, newEvent] }) }, { available: true, p24: 40, p48: 60 }).why).toEqual([
      'data/events.json: facts changed',
      'forecast: p24 15 → 40, p48 28 → 60 (deployed → now)',
    ]);
  });

  it('the deployed forecast could not be read: build (a failed deploy must not stay stale)', () => {
    expect(decide({ ...BEFORE }, NUMBERS, { unreadable: 'HTTP 503' })).toEqual({ rebuild: true, why: ['forecast: the deployed forecast could not be read (HTTP 503), so building'] });
  });
});

describe('forecastNumbers', () => {
  it('takes available, p24 and p48 from a forecast.json and ignores the rest', () => {
    expect(forecastNumbers({ available: false, p24: 6, p48: 15, confidence: 'low', inputs: {} })).toEqual({ available: false, p24: 6, p48: 15 });
  });

  it.each([
    ['not an object', 'forecast'],
    ['null', null],
    ['a fraction', { available: true, p24: 6.5, p48: 15 }],
    ['above 100', { available: true, p24: 6, p48: 101 }],
    ['a string percent', { available: true, p24: '6', p48: 15 }],
    ['no available', { p24: 6, p48: 15 }],
    ['an error page as JSON', { error: 'not found' }],
  ])('%s: null', (_, doc) => {
    expect(forecastNumbers(doc)).toBeNull();
  });
});
