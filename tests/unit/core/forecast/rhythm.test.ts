import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HALF_LIVES_HOURS,
  MIN_RHYTHM_EVENTS,
  WEEKDAY_PRIOR_RESETS,
  factorHours,
  meanGapHours,
  memorylessProbability,
  mixedRate,
  recencyRate,
  rhythmProbability,
  rhythmStateAt,
  weekdayFactors,
  weekdayHours,
  weekdayOf,
  type RhythmState,
} from '../../../../src/core/forecast/rhythm.ts';

const WEEK = 168;
const state = (over: Partial<RhythmState>): RhythmState => ({
  t: 0,
  n: 0,
  first: NaN,
  last: NaN,
  decayed: HALF_LIVES_HOURS.map(() => 0),
  weekdayCounts: [0, 0, 0, 0, 0, 0, 0],
  ...over,
});

describe('constants fixed in advance', () => {
  it('half-lives of 1, 2, 4 and 8 weeks; 9 pseudo-resets per weekday; 6 resets for the rhythm', () => {
    expect(HALF_LIVES_HOURS).toEqual([WEEK, 2 * WEEK, 4 * WEEK, 8 * WEEK]);
    expect(WEEKDAY_PRIOR_RESETS).toBe(9);
    expect(MIN_RHYTHM_EVENTS).toBe(6);
  });
});

describe('memoryless, hand-computed', () => {
  it.each([
    [[], 0],
    [[5], 0],
    [[0, 10, 30], 15],
    [[0, 0, 0], 0],
    [[0, 1000], 1000],
  ])('mean gap of %j is %d h', (times, gap) => expect(meanGapHours(times)).toBe(gap));
  it.each([
    [24, 48, 1 - Math.exp(-0.5)],
    [48, 48, 1 - Math.exp(-1)],
    [24, 0, 0], // no gap (duplicate timestamps): no rate, not certainty
    [24, 1e9, 1 - Math.exp(-24e-9)],
  ])('P(H=%d, gap=%d)', (h, gap, p) => expect(memorylessProbability(h, gap)).toBeCloseTo(p, 12));
});

describe('recency rates, hand-computed', () => {
  const h = WEEK; // HALF_LIVES_HOURS[0]
  it('three resets one half-life apart, now one half-life after the last: (½ + ¼) / ((1 − ⅛)·τ/ln 2) = 6 ln 2 / 7τ', () => {
    const s = rhythmStateAt([0, h, 2 * h], 3 * h);
    expect(s.decayed[0]).toBeCloseTo(0.5 + 0.25, 14); // the opening reset's own weight (⅛) is left out
    expect(recencyRate(s, 0)).toBeCloseTo((6 * Math.LN2) / (7 * h), 15);
  });
  it('two resets a half-life apart, now at the second: 1 / ((1 − ½)·τ / ln 2) = 2 ln 2 / τ (formula "1"\'s "− 1" gave ln 2 / τ)', () => {
    const s = rhythmStateAt([0, h], h);
    expect(recencyRate(s, 0)).toBeCloseTo((2 * Math.LN2) / h, 15);
  });
  it('the mix is the plain average of the four rates: two resets 8 weeks apart, now at the second', () => {
    const s = rhythmStateAt([0, 8 * WEEK], 8 * WEEK);
    expect(s.decayed).toEqual([1, 1, 1, 1]);
    const by = (weeks: number, part: number): number => Math.LN2 / (weeks * WEEK * (1 - part));
    const expected = (by(1, 1 / 256) + by(2, 1 / 16) + by(4, 1 / 4) + by(8, 1 / 2)) / 4;
    expect(mixedRate(s)).toBeCloseTo(expected, 15);
  });
  it('is 0 before a window exists (now at the first reset)', () => {
    expect(mixedRate(rhythmStateAt([10], 10))).toBe(0);
  });
});

describe('weekdays, hand-computed', () => {
  it.each([
    [0, 4], // 1970-01-01 00:00 UTC was a Thursday
    [23.99, 4],
    [24, 5],
    [72, 0], // Sunday 1970-01-04
    [-1, 3], // Wednesday 1969-12-31
    [Date.parse('2026-11-23T00:00:00Z') / 3_600_000, 1], // a Monday
  ])('weekday of hour %d is %d', (hours, day) => expect(weekdayOf(hours)).toBe(day));

  it('hours per weekday: Monday 12:00 to Wednesday 06:00 is Mon 12, Tue 24, Wed 6', () => {
    expect(weekdayHours(96 + 12, 144 + 6)).toEqual([0, 12, 24, 6, 0, 0, 0]);
  });
  it('three weeks and a day from a Thursday midnight: 72 h each, Thursday 96 h', () => {
    expect(weekdayHours(0, 3 * WEEK + 24)).toEqual([72, 72, 72, 72, 96, 72, 72]);
    expect(weekdayHours(5, 5)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('factors: 10 resets on each weekday Mon–Fri and none at weekends over 10 weeks, shrunk by 9 pseudo-resets', () => {
    // exposure 10 days per weekday, 50 resets in 70 days: expected 50/7 per weekday.
    // raw (c + 9) / (50/7 + 9): weekend 63/113, weekday 133/113; their mean is already 1.
    const s = state({ t: 10 * WEEK, n: 51, first: 0, last: 10 * WEEK, weekdayCounts: [0, 10, 10, 10, 10, 10, 0] });
    const f = weekdayFactors(s);
    for (const [d, num] of [63, 133, 133, 133, 133, 133, 63].entries()) expect(f[d]).toBeCloseTo(num / 113, 14);
  });
  it('factors are all 1 with no reset after the first, or no exposure', () => {
    expect(weekdayFactors(state({ t: 500, n: 1, first: 0, last: 0 }))).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(weekdayFactors(state({ t: 0, n: 2, first: 0, last: 0, weekdayCounts: [0, 0, 0, 0, 2, 0, 0] }))).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
  it('∫ factor over the horizon: 24 h from Sunday 12:00 is 12 h of Sunday and 12 h of Monday; a week and an hour is 24·Σf plus one hour', () => {
    const f = [0.5, 2, 1, 1, 1, 1, 0.5];
    const sundayNoon = 72 + 12;
    expect(factorHours(sundayNoon, 24, f)).toBeCloseTo(12 * 0.5 + 12 * 2, 12);
    expect(factorHours(sundayNoon, WEEK + 1, f)).toBeCloseTo(24 * 7 + 0.5, 12);
  });
});

describe('rhythm probability', () => {
  it('null with fewer than two resets, memoryless below six, the mix from six on', () => {
    expect(rhythmProbability(rhythmStateAt([0], 10), 24)).toBeNull();
    const five = [0, 100, 200, 300, 400];
    expect(rhythmProbability(rhythmStateAt(five, 450), 24)).toBeCloseTo(1 - Math.exp(-24 / 100), 14);
    const six = rhythmStateAt([...five, 500], 550);
    expect(rhythmProbability(six, 24)).toBeCloseTo(1 - Math.exp(-mixedRate(six) * factorHours(550, 24, weekdayFactors(six))), 14);
  });
  it('daily resets for exactly 8 weeks, now at the last: factors are 1 and each rate is ln 2 / (τ(1 − 2^(−24/τ)))', () => {
    const times = Array.from({ length: 57 }, (_, i) => 12 + i * 24);
    const s = rhythmStateAt(times, times.at(-1)!);
    expect(weekdayFactors(s).map((x) => Number(x.toFixed(12)))).toEqual([1, 1, 1, 1, 1, 1, 1]);
    const rate = HALF_LIVES_HOURS.reduce((sum, h) => sum + Math.LN2 / (h * (1 - 2 ** (-24 / h))), 0) / 4;
    expect(rhythmProbability(s, 24)).toBeCloseTo(1 - Math.exp(-24 * rate), 12);
  });
});

const ascending = fc
  .array(fc.integer({ min: 0, max: 20_000 }), { minLength: MIN_RHYTHM_EVENTS, maxLength: 40 })
  .map((a) => a.sort((x, y) => x - y));

describe('properties', () => {
  it('a probability in [0, 1], non-decreasing with the horizon (6 h steps to a month)', () => {
    fc.assert(
      fc.property(ascending, fc.integer({ min: 0, max: 5000 }), (times, wait) => {
        const s = rhythmStateAt(times, (times.at(-1) ?? 0) + wait);
        let previous = 0;
        for (let h = 6; h <= 720; h += 6) {
          const p = rhythmProbability(s, h) ?? 0;
          expect(p).toBeGreaterThanOrEqual(previous - 1e-15);
          expect(p).toBeLessThanOrEqual(1);
          previous = p;
        }
      }),
      { seed: 3, numRuns: 100 },
    );
  });
  it('weekday factors average 1 and are positive', () => {
    fc.assert(
      fc.property(ascending, fc.integer({ min: 1, max: 5000 }), (times, wait) => {
        const f = weekdayFactors(rhythmStateAt(times, (times.at(-1) ?? 0) + wait));
        expect(f.reduce((a, b) => a + b, 0) / 7).toBeCloseTo(1, 12);
        for (const x of f) expect(x).toBeGreaterThan(0);
      }),
      { seed: 5, numRuns: 300 },
    );
  });
  it('one more reset after the opening one never lowers the mixed rate', () => {
    fc.assert(
      fc.property(ascending, fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (times, wait, at) => {
        const first = times[0] ?? 0;
        const now = (times.at(-1) ?? 0) + wait;
        const added = [...times, first + at * (now - first)].sort((x, y) => x - y);
        expect(mixedRate(rhythmStateAt(added, now))).toBeGreaterThanOrEqual(mixedRate(rhythmStateAt(times, now)) - 1e-15);
      }),
      { seed: 4, numRuns: 300 },
    );
  });
});
