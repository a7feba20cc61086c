import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MIN_RHYTHM_EVENTS, meanGapHours, memorylessProbability, recencyRatePerHour, renewalProbability, rhythmProbability, RHYTHM_MODELS,
} from '../../../src/lib/forecast/rhythm.ts';

describe('equations, hand-computed', () => {
  it.each([
    [[], 0], [[5], 0], [[0, 10, 30], 15], [[0, 0, 0], 0], [[0, 1000], 1000],
  ])('mean gap of %j is %d h', (times, gap) => expect(meanGapHours(times)).toBe(gap));

  it.each([
    [24, 48, 1 - Math.exp(-0.5)], // 0.3935
    [48, 48, 1 - Math.exp(-1)],
    [24, 0, 0], // no gap (duplicate timestamps): no rate, not certainty
    [24, 1e9, 1 - Math.exp(-24e-9)], // huge gap: nearly 0
  ])('memoryless P(H=%d, gap=%d)', (h, gap, p) => expect(memorylessProbability(h, gap)).toBeCloseTo(p, 12));

  it('recency rate: one reset one half-life ago weighs ½, exposure (1 − ½)·τ/ln2 ⇒ ln2/τ', () => {
    expect(recencyRatePerHour([0, 720], 720, 720)).toBeCloseTo(Math.LN2 / 720, 12);
  });
  it('recency rate equals the plain mean rate when the half-life is very long', () => {
    expect(recencyRatePerHour([0, 100, 200, 300], 300, 1e7)).toBeCloseTo(3 / 300, 6);
  });
  it('renewal: gaps 10,20,10,20 h, waited 5 h', () => {
    const times = [0, 10, 30, 40, 60];
    // all 4 gaps > 5 h are at risk; all end within 24 more hours; prior = 1 − e^(−24/15)
    expect(renewalProbability(times, 65, 24)).toBeCloseTo((4 + 2 * (1 - Math.exp(-1.6))) / 6, 12);
    // none ends within 3 more hours; prior = 1 − e^(−3/15)
    expect(renewalProbability(times, 65, 3)).toBeCloseTo((2 * (1 - Math.exp(-0.2))) / 6, 12);
    // waited longer than every gap: only the prior answers
    expect(renewalProbability(times, 100, 24)).toBeCloseTo(1 - Math.exp(-1.6), 12);
  });
  it.each([
    ['memoryless', 1, null], ['memoryless', 2, 'number'],
    ['recency', MIN_RHYTHM_EVENTS - 1, null], ['recency', MIN_RHYTHM_EVENTS, 'number'],
    ['renewal', MIN_RHYTHM_EVENTS - 1, null], ['renewal', MIN_RHYTHM_EVENTS, 'number'],
  ] as const)('%s with %d resets gives %s', (model, n, kind) => {
    const times = Array.from({ length: n }, (_, i) => i * 100);
    const p = rhythmProbability(model, times, n * 100, 24);
    expect(p === null ? null : typeof p).toBe(kind);
  });
});

const ascending = fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: MIN_RHYTHM_EVENTS, maxLength: 40 }).map((a) => a.sort((x, y) => x - y));

describe('properties', () => {
  it('every model gives a probability in [0, 1], non-decreasing with the horizon', () => {
    fc.assert(
      fc.property(ascending, fc.integer({ min: 0, max: 5000 }), fc.constantFrom(...RHYTHM_MODELS), (times, wait, model) => {
        const now = (times.at(-1) ?? 0) + wait;
        const p24 = rhythmProbability(model, times, now, 24) ?? 0;
        const p48 = rhythmProbability(model, times, now, 48) ?? 0;
        expect(p24).toBeGreaterThanOrEqual(0);
        expect(p48).toBeLessThanOrEqual(1);
        expect(p24).toBeLessThanOrEqual(p48 + 1e-12);
      }),
      { seed: 3, numRuns: 500 },
    );
  });
  it('one more recent reset never lowers the recency rate', () => {
    fc.assert(
      fc.property(ascending, fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (times, wait, at) => {
        const first = times[0] ?? 0;
        const now = (times.at(-1) ?? 0) + wait;
        const added = [...times, first + at * (now - first)].sort((x, y) => x - y);
        expect(recencyRatePerHour(added, now)).toBeGreaterThanOrEqual(recencyRatePerHour(times, now) - 1e-15);
      }),
      { seed: 4, numRuns: 500 },
    );
  });
});
