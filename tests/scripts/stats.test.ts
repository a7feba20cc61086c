/** The benchmarks' and the Lighthouse gate's statistics (scripts/bench/stats.ts), on hand-computed samples. */
import { describe, expect, it } from 'vitest';
import { median, medianWithUniformWait, percentile } from '../../scripts/bench/stats.ts';

describe('median', () => {
  it.each<[number[], number]>([
    [[7], 7],
    [[3, 1, 2], 2],
    [[5, 1, 4, 2, 3], 3],
    [[4, 1], 2.5], // even: the mean of the two middle samples, (1 + 4) / 2
    [[100, 99, 98, 100], 99.5], // sorted 98 99 100 100: (99 + 100) / 2
    [[10, 2, 6, 8], 7], // sorted 2 6 8 10: (6 + 8) / 2
    [[2, 2], 2],
  ])('of %j is %d', (samples, expected) => expect(median(samples)).toBe(expected));

  it('leaves its input in order', () => {
    const samples = [3, 1, 2];
    median(samples);
    expect(samples).toEqual([3, 1, 2]);
  });

  it('refuses no samples', () => expect(() => median([])).toThrow(RangeError));
});

describe('percentile (nearest rank)', () => {
  it.each<[number[], number, number]>([
    [[1, 2, 3, 4], 50, 2], // rank ceil(0.5 · 4) = 2
    [[1, 2, 3, 4], 99, 4], // rank ceil(0.99 · 4) = 4
    [[5, 1, 3], 0, 1], // rank at least 1
  ])('%j at p%d is %d', (samples, p, expected) => expect(percentile(samples, p)).toBe(expected));
});

describe('median of a uniform wait in a 60 s period plus measured work', () => {
  it.each([
    ['no work: half the period', [0], 30_000],
    ['the same 500 ms each time: 30 s + 0.5 s', [500, 500, 500], 30_500],
    // F(t) = ½(t/60000) + ½((t − 2000)/60000) = 0.5 → 2t − 2000 = 60000 → t = 31000.
    ['0 and 2 s: 31 s', [0, 2_000], 31_000],
    // F(t) = ½(t/60000) until the slow sample can land (100 s): it reaches 0.5 only at t = 60000.
    ['half the runs slower than the period: the whole period', [0, 100_000], 60_000],
  ])('%s', (_n, works, expected) => expect(Math.abs(medianWithUniformWait(works, 60_000) - expected)).toBeLessThanOrEqual(1));
  it('refuses no samples', () => expect(() => medianWithUniformWait([], 60_000)).toThrow(RangeError));
});
