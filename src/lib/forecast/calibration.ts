/**
 * Calibration slope on the complementary log-log scale, the natural scale of a rate model
 * (p = 1 − exp(−Λ) ⇔ cloglog(p) = ln Λ): fit P(outcome) = 1 − exp(−exp(a + b·cloglog(p))) by maximum
 * likelihood (Fisher scoring). b = 1 and a = 0 for a calibrated forecast; b < 1 means the forecasts
 * spread too far (too sure both ways), b > 1 not far enough. Each iteration is one pass over the issues.
 */

/** Forecasts are clipped to [ε, 1 − ε] before the transform, as for log loss. */
export const CLOGLOG_EPSILON = 0.001;
const MAX_ITERATIONS = 100;

export const cloglog = (p: number): number => Math.log(-Math.log1p(-Math.min(1 - CLOGLOG_EPSILON, Math.max(CLOGLOG_EPSILON, p))));

export interface CalibrationFit { intercept: number; slope: number }

function logLikelihood(z: Float64Array, y: readonly (0 | 1)[], a: number, b: number): number {
  let ll = 0;
  for (let i = 0; i < z.length; i++) {
    const h = Math.exp(a + b * z[i]!); // cumulative hazard: P(0) = exp(−h)
    ll += y[i] ? Math.log(-Math.expm1(-h)) : -h;
  }
  return ll;
}

/**
 * The fitted (a, b), or null when it cannot be estimated: fewer than two distinct forecasts, outcomes
 * all 0 or all 1 (the likelihood has no maximum), or no convergence.
 */
export function calibrationSlope(issues: readonly { p: number; outcome: 0 | 1 }[]): CalibrationFit | null {
  const z = Float64Array.from(issues, (x) => cloglog(x.p));
  const y = issues.map((x) => x.outcome);
  const hits = y.reduce<number>((s, v) => s + v, 0);
  if (hits === 0 || hits === y.length || z.every((v) => v === z[0])) return null;
  let a = 0;
  let b = 1;
  let ll = logLikelihood(z, y, a, b);
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    // Score vector and Fisher information of (a, b).
    let g0 = 0, g1 = 0, i00 = 0, i01 = 0, i11 = 0;
    for (let i = 0; i < z.length; i++) {
      const zi = z[i]!;
      const h = Math.exp(a + b * zi);
      const mu = Math.min(1 - 1e-15, Math.max(1e-15, -Math.expm1(-h)));
      const dmu = h * Math.exp(-h); // dμ/dη
      const w = (dmu * dmu) / (mu * (1 - mu));
      const r = (y[i]! - mu) * dmu / (mu * (1 - mu));
      g0 += r; g1 += r * zi;
      i00 += w; i01 += w * zi; i11 += w * zi * zi;
    }
    const det = i00 * i11 - i01 * i01;
    if (!(det > 0)) return null;
    let da = (i11 * g0 - i01 * g1) / det;
    let db = (i00 * g1 - i01 * g0) / det;
    // Step halving keeps every step uphill.
    let next = logLikelihood(z, y, a + da, b + db);
    for (let k = 0; k < 30 && !(next >= ll); k++) {
      da /= 2; db /= 2;
      next = logLikelihood(z, y, a + da, b + db);
    }
    a += da; b += db;
    const done = Math.abs(da) + Math.abs(db) < 1e-10;
    ll = next;
    if (done) return { intercept: a, slope: b };
  }
  return null;
}
