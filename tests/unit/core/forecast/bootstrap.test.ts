import { describe, expect, it } from 'vitest';
import { blockBootstrap, blockLength, climatologySkillInterval, quantile, skillInterval } from '../../../../src/core/forecast/bootstrap.ts';
import { mulberry32 } from '../../../../src/core/random.ts';

describe('pieces', () => {
  it('the PRNG is deterministic per seed, in [0, 1), and roughly uniform', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 20_000 }, () => a());
    expect(Array.from({ length: 20_000 }, () => b())).toEqual(xs);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(xs.reduce((s, x) => s + x, 0) / xs.length).toBeCloseTo(0.5, 2);
    expect(mulberry32(43)()).not.toBe(mulberry32(42)());
  });
  it.each([
    [[1, 2, 3, 4], 0.5, 2.5],
    [[1, 2, 3, 4], 0.05, 1.15],
    [[1, 2, 3, 4], 0.95, 3.85],
    [[7], 0.05, 7],
  ])('type-7 quantile of %j at %d is %d', (xs, q, v) => expect(quantile(xs, q)).toBeCloseTo(v, 12));
  it.each([
    [1436, 1435 * 6, 112], // the backtest grid: 28 days of 6-hour issues
    [2881, 60 * 24, 1344], // a pull every 30 min for 60 days: 28 days of them
    [1, 0, 1],
    [5, 0, 5], // no span: one block of everything
    [10, 5, 10], // blocks longer than the series: all of it
  ])('block length of %d issues over %d h is %d', (n, span, L) => expect(blockLength(n, span)).toBe(L));
});

describe('circular moving-block bootstrap', () => {
  const model = Array.from({ length: 300 }, (_, i) => ((i * 37) % 11) / 20);
  const reference = Array.from({ length: 300 }, (_, i) => ((i * 17) % 13) / 20);
  const point = 1 - model.reduce((a, b) => a + b, 0) / reference.reduce((a, b) => a + b, 0);

  it('is deterministic: the same seed gives the same interval, another seed another', () => {
    const a = skillInterval(model, reference, { blockLength: 30 });
    expect(skillInterval(model, reference, { blockLength: 30 })).toEqual(a);
    expect(skillInterval(model, reference, { blockLength: 30, seed: 1 })).not.toEqual(a);
  });
  it('contains the point estimate', () => {
    const i = skillInterval(model, reference, { blockLength: 30 })!;
    expect(i.lower).toBeLessThan(point);
    expect(i.upper).toBeGreaterThan(point);
  });
  it('one block as long as the series draws a rotation of all of it: the interval is the point itself', () => {
    const i = skillInterval(model, reference, { blockLength: 300 })!;
    expect(i.lower).toBeCloseTo(point, 12);
    expect(i.upper).toBeCloseTo(point, 12);
  });
  it('a forecast scored against itself has skill 0 in every resample', () => {
    expect(skillInterval(model, model, { blockLength: 30 })).toEqual({ lower: 0, upper: 0 });
  });
  it("skill against climatology uses each resample's own base rate", () => {
    const outcomes = [1, 0, 0, 0, 1, 0, 0, 0];
    const losses = outcomes.map((o) => (0.25 - o) ** 2);
    // one whole-series block: base rate ¼, climatology Brier 3/16, the model's mean loss (2·9/16 + 6/16)/8 = 3/16
    expect(climatologySkillInterval(losses, outcomes, { blockLength: 8 })).toEqual({ lower: 0, upper: 0 });
  });
  it('drops resamples where the statistic is not finite, and is null for an empty series', () => {
    const zeros = Array.from({ length: 50 }, () => 0);
    expect(skillInterval(zeros, zeros, { blockLength: 5 })).toBeNull();
    expect(blockBootstrap([[]], () => 1, { blockLength: 5 })).toBeNull();
  });
  it('draws blocks, not issues: the statistic sees exactly n issues per resample, in ⌈n / L⌉ blocks', () => {
    const ones = Array.from({ length: 103 }, () => 1);
    expect(blockBootstrap([ones], ([s], n) => s! - n, { blockLength: 10, replicates: 50 })).toEqual({ lower: 0, upper: 0 });
  });
});
