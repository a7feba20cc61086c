import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PROMISE_PRIOR,
  officialAt,
  officialTerm,
  openSpan,
  promiseFacts,
  promiseWeight,
  settlement,
  type PromiseFact,
} from '../../../../src/core/forecast/official.ts';
import { event, promise } from './fixtures.ts';
import { HOUR_MS } from '../../../../src/core/time-units.ts';

/** A promise posted at hour 0 with the default window [0, 72). */
const fact = (over: Partial<PromiseFact>): PromiseFact => ({ posted: 0, windowStart: 0, windowEnd: 72, resetAt: Infinity, ...over });

describe('promise facts from the data', () => {
  it('hours since the epoch; the reset time of the fulfilling event, ∞ when none', () => {
    const reset = event('2026-03-02T12:00:00Z');
    const [kept, open] = promiseFacts([promise('2026-03-01T12:00:00Z', reset.id), promise('2026-03-01T13:00:00Z', null)], [reset]);
    const at = (ts: string): number => Date.parse(ts) / HOUR_MS;
    expect(kept).toEqual({
      posted: at('2026-03-01T12:00:00Z'),
      windowStart: at('2026-03-01T12:00:00Z'),
      windowEnd: at('2026-03-04T12:00:00Z'),
      resetAt: at('2026-03-02T12:00:00Z'),
    });
    expect(open?.resetAt).toBe(Infinity);
  });
});

describe('when a promise counts (open span [from, to))', () => {
  it.each<[string, Partial<PromiseFact>, number, [number, number]]>([
    ['default window, reset at 10 h', { resetAt: 10 }, 24, [0, 10]],
    ['default window, no reset: until the window ends', {}, 24, [0, 72]],
    ['window 50–60 h: for 24 h from hour 26', { windowStart: 50, windowEnd: 60 }, 24, [26, 60]],
    ['window 50–60 h: for 48 h from hour 2', { windowStart: 50, windowEnd: 60 }, 48, [2, 60]],
    ['window 50–60 h: for 168 h from the post', { windowStart: 50, windowEnd: 60 }, 168, [0, 60]],
  ])('%s', (_name, over, hours, span) => expect(openSpan(fact(over), hours)).toEqual(span));

  it.each([
    ['before the post', -1, false],
    ['at the post', 0, true],
    ['just before its reset', 9.999, true],
    ['at its reset', 10, false],
  ])('reset at 10 h, %s: open %s', (_name, t, open) => {
    expect(officialAt([fact({ resetAt: 10 })], t, 24).open).toBe(open);
  });
  it.each([
    ['inside the window', 71.999, true],
    ['at the end of the window (lapsed)', 72, false],
  ])('no reset, %s: open %s', (_name, t, open) => expect(officialAt([fact({})], t, 24).open).toBe(open));
});

describe('settlement: kept if the reset came within the horizon of the post', () => {
  it.each<[string, Partial<PromiseFact>, number, { at: number; kept: boolean }]>([
    ['reset at 10 h, 24 h horizon', { resetAt: 10 }, 24, { at: 10, kept: true }],
    ['reset at 30 h, 24 h horizon: missed, known at the reset', { resetAt: 30 }, 24, { at: 30, kept: false }],
    ['reset at 30 h, 48 h horizon', { resetAt: 30 }, 48, { at: 30, kept: true }],
    ['lapsed: known when the window ends', {}, 24, { at: 72, kept: false }],
    ['lapsed, 96 h horizon: known 96 h after the post', {}, 96, { at: 96, kept: false }],
    ['reset after a short window, within the horizon: known at the reset', { windowEnd: 5, resetAt: 8 }, 24, { at: 8, kept: true }],
  ])('%s', (_name, over, hours, expected) => expect(settlement(fact(over), hours)).toEqual(expected));
});

describe('the learned weight (kept + 1) / (settled + 2)', () => {
  it('Laplace prior: one kept, one missed', () => expect(PROMISE_PRIOR).toEqual({ kept: 1, missed: 1 }));
  it.each([
    [0, 0, 1 / 2],
    [1, 1, 2 / 3],
    [14, 15, 15 / 17],
    [15, 15, 16 / 17],
    [0, 3, 1 / 5],
  ])('%d kept of %d settled → %d', (kept, settled, w) => expect(promiseWeight(kept, settled)).toBeCloseTo(w, 15));
  it('never reaches 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), (n) => {
        expect(promiseWeight(n, n)).toBeLessThan(1);
      }),
      { seed: 9 },
    );
  });

  it('learns only from promises settled by the issue time', () => {
    const facts = [
      fact({ resetAt: 10 }),
      fact({ posted: 100, windowStart: 100, windowEnd: 172, resetAt: 130 }),
      fact({ posted: 200, windowStart: 200, windowEnd: 272 }),
    ];
    // At 120 h: the first is settled (kept), the second is open, the third not posted.
    expect(officialAt(facts, 120, 24)).toEqual({ open: true, settled: 1, kept: 1, weight: 2 / 3 });
    // At 130 h the second settles as missed at 24 h (reset 30 h after its post) but kept at 48 h.
    expect(officialAt(facts, 130, 24)).toEqual({ open: false, settled: 2, kept: 1, weight: 2 / 4 });
    expect(officialAt(facts, 130, 48)).toEqual({ open: false, settled: 2, kept: 2, weight: 3 / 4 });
    // At 272 h the third has lapsed.
    expect(officialAt(facts, 272, 24)).toEqual({ open: false, settled: 3, kept: 1, weight: 2 / 5 });
  });
  it('contributes its weight only while a promise is open', () => {
    expect(officialTerm({ open: true, settled: 15, kept: 14, weight: 15 / 17 })).toBe(15 / 17);
    expect(officialTerm({ open: false, settled: 15, kept: 14, weight: 15 / 17 })).toBe(0);
  });
});
