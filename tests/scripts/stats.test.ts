/** The benchmarks' and the Lighthouse gate's statistics (scripts/bench/stats.ts), on hand-computed samples. */
import { describe, expect, it } from 'vitest';
import { median, percentile } from '../../scripts/bench/stats.ts';

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
