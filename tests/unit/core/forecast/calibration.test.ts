import { describe, expect, it } from 'vitest';
import { CLOGLOG_EPSILON, calibrationSlope, cloglog } from '../../../../src/core/forecast/calibration.ts';

/**
 * Synthetic issues with a known answer: at each level z the forecast is p = 1 − exp(−eᶻ) (so
 * cloglog(p) = z) and exactly round(m·μ) of m outcomes are 1, μ = 1 − exp(−exp(a + b·z)).
 */
function synthetic(a: number, b: number, m = 4000): { p: number; outcome: 0 | 1 }[] {
  const out: { p: number; outcome: 0 | 1 }[] = [];
  for (let z = -3; z <= 1.0001; z += 0.5) {
    const p = 1 - Math.exp(-Math.exp(z));
    const hits = Math.round(m * (1 - Math.exp(-Math.exp(a + b * z))));
    for (let i = 0; i < m; i++) out.push({ p, outcome: i < hits ? 1 : 0 });
  }
  return out;
}

describe('cloglog calibration slope (maximum likelihood)', () => {
  it('cloglog(1 − exp(−eᶻ)) = z, clipped at ε', () => {
    expect(cloglog(1 - Math.exp(-Math.exp(0.7)))).toBeCloseTo(0.7, 12);
    expect(cloglog(0)).toBeCloseTo(Math.log(-Math.log(1 - CLOGLOG_EPSILON)), 12);
  });
  it.each([
    [0, 1],
    [0.2, 0.6],
    [-0.3, 1.4],
    [0, 0.5],
  ])('recovers a = %d, b = %d from synthetic data', (a, b) => {
    const fit = calibrationSlope(synthetic(a, b));
    expect(fit).not.toBeNull();
    expect(fit!.slope).toBeCloseTo(b, 2);
    expect(fit!.intercept).toBeCloseTo(a, 2);
  });
  it('is null when it cannot be estimated: outcomes all alike, or a single forecast value', () => {
    expect(
      calibrationSlope([
        { p: 0.2, outcome: 0 },
        { p: 0.4, outcome: 0 },
      ]),
    ).toBeNull();
    expect(
      calibrationSlope([
        { p: 0.2, outcome: 1 },
        { p: 0.4, outcome: 1 },
      ]),
    ).toBeNull();
    expect(
      calibrationSlope([
        { p: 0.3, outcome: 1 },
        { p: 0.3, outcome: 0 },
      ]),
    ).toBeNull();
  });
});
