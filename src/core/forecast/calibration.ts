/**
 * Calibration slope on the complementary log-log scale, the natural scale of a rate model
 * (p = 1 − exp(−Λ) ⇔ cloglog(p) = ln Λ): fit P(outcome) = 1 − exp(−exp(a + b·cloglog(p))) by maximum
 * likelihood (Fisher scoring with step halving). b = 1 and a = 0 for a calibrated forecast; b < 1 means
 * the forecasts spread too far (too sure both ways), b > 1 not far enough. The fit runs on the
 * standardised transform (mean 0, sd 1), which keeps it well conditioned; each iteration is a few passes
 * over the issues and iterations are capped, so the cost is linear in the number of issues.
 */

/** Forecasts are clipped to [ε, 1 − ε] before the transform, as for log loss. */
export const CLOGLOG_EPSILON = 0.001;
const MAX_ITERATIONS = 30;
const MAX_HALVINGS = 10;

export const cloglog = (p: number): number => Math.log(-Math.log1p(-Math.min(1 - CLOGLOG_EPSILON, Math.max(CLOGLOG_EPSILON, p))));

export interface CalibrationFit {
  intercept: number;
  slope: number;
}

function logLikelihood(x: Float64Array, y: readonly (0 | 1)[], a: number, b: number): number {
  let ll = 0;
  for (let i = 0; i < x.length; i++) {
    const h = Math.exp(a + b * x[i]!); // cumulative hazard: P(0) = exp(−h)
    ll += y[i] ? Math.log(-Math.expm1(-h)) : -h;
  }
  return ll;
}

/**
 * The fitted (a, b), or null when it cannot be estimated: fewer than two distinct forecasts, outcomes
 * all 0 or all 1 (the likelihood has no maximum), or no convergence.
 */
export function calibrationSlope(issues: readonly { p: number; outcome: 0 | 1 }[]): CalibrationFit | null {
  const n = issues.length;
  const z = Float64Array.from(issues, (i) => cloglog(i.p));
  const y = issues.map((i) => i.outcome);
  const hits = y.reduce<number>((s, v) => s + v, 0);
  if (hits === 0 || hits === n) return null;
  const mean = z.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(z.reduce((s, v) => s + (v - mean) ** 2, 0) / n);
  if (!(sd > 1e-9 * (1 + Math.abs(mean)))) return null;
  const x = z.map((v) => (v - mean) / sd);
  // Start from the base rate: P = 1 − exp(−e^a) = hits / n, b = 1 (on the standardised scale, sd).
  let a = Math.log(-Math.log1p(-hits / n));
  let b = sd;
  let ll = logLikelihood(x, y, a, b);
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    // Score vector and Fisher information of (a, b).
    let g0 = 0,
      g1 = 0,
      i00 = 0,
      i01 = 0,
      i11 = 0;
    for (let i = 0; i < n; i++) {
      const xi = x[i]!;
      const h = Math.exp(a + b * xi);
      const mu = Math.min(1 - 1e-15, Math.max(1e-15, -Math.expm1(-h)));
      const dmu = h * Math.exp(-h); // dμ/dη
      const v = mu * (1 - mu);
      const w = (dmu * dmu) / v;
      const r = ((y[i]! - mu) * dmu) / v;
      g0 += r;
      g1 += r * xi;
      i00 += w;
      i01 += w * xi;
      i11 += w * xi * xi;
    }
    const det = i00 * i11 - i01 * i01;
    if (!(det > 0)) return null;
    let da = (i11 * g0 - i01 * g1) / det;
    let db = (i00 * g1 - i01 * g0) / det;
    let next = logLikelihood(x, y, a + da, b + db);
    for (let k = 0; k < MAX_HALVINGS && !(next >= ll); k++) {
      da /= 2;
      db /= 2;
      next = logLikelihood(x, y, a + da, b + db);
    }
    const stalled = !(next >= ll); // no uphill step left: at the maximum, to rounding
    if (!stalled) [a, b] = [a + da, b + db];
    // Converged when the step or the gain in log-likelihood is at the level of rounding.
    if (stalled || Math.abs(da) + Math.abs(db) < 1e-10 || next - ll <= 1e-13 * Math.abs(ll)) {
      return { intercept: a - (b * mean) / sd, slope: b / sd };
    }
    ll = next;
  }
  return null;
}
