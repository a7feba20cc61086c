import { describe, expect, it } from 'vitest';
import {
  byHorizon, calibrationError, issueTimes, reliability, resetHours, rhythmPredictor, runBacktest, score,
} from '../../../src/lib/forecast/backtest.ts';
import { evaluate } from '../../../src/lib/forecast/evaluate.ts';
import { event, shipped } from './fixtures.ts';

describe('harness', () => {
  it('reproduces the reference sanity figure for the memoryless model (±0.002)', () => {
    const issues = runBacktest(resetHours(shipped().events), rhythmPredictor('memoryless'));
    const s24 = score(byHorizon(issues, 24));
    const s48 = score(byHorizon(issues, 48));
    expect(Math.abs(s24.brier - 0.154)).toBeLessThanOrEqual(0.002);
    expect(Math.abs(s48.brier - 0.23)).toBeLessThanOrEqual(0.002);
    expect(Math.abs(s24.base_rate - 0.175)).toBeLessThanOrEqual(0.002);
    expect(Math.abs(s48.base_rate - 0.316)).toBeLessThanOrEqual(0.002);
  });
  it('issues every 6 h from first + 30 days up to the last reset, inclusive', () => {
    expect(issueTimes([0, 720 + 12])).toEqual([720, 726, 732]);
    expect(issueTimes([0])).toEqual([]);
    expect(issueTimes([])).toEqual([]);
  });
  it('only reset and banked events count', () => {
    const evs = [event('2026-01-01T00:00:00Z'), event('2026-01-02T00:00:00Z', 'boost'), event('2026-01-03T00:00:00Z', 'banked')];
    expect(resetHours(evs)).toHaveLength(2);
  });
  it('scores hand-computed cases: Brier and log loss', () => {
    const s = score([
      { issued_at: 'a', horizon_hours: 24, p: 0.5, outcome: 1 },
      { issued_at: 'b', horizon_hours: 24, p: 0.2, outcome: 0 },
    ]);
    expect(s.brier).toBeCloseTo((0.25 + 0.04) / 2, 12);
    expect(s.log_loss).toBeCloseTo((Math.log(2) - Math.log(0.8)) / 2, 12);
    expect(s.base_rate).toBe(0.5);
  });
  it('reliability bins and calibration error count only bins with ≥ 50 issues', () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ issued_at: String(i), horizon_hours: 24, p: 0.25, outcome: (i < 15 ? 1 : 0) as 0 | 1 }));
    const few = Array.from({ length: 10 }, (_, i) => ({ issued_at: `f${i}`, horizon_hours: 24, p: 0.95, outcome: 0 as const }));
    const bins = reliability([...many, ...few]);
    expect(bins[2]).toMatchObject({ n: 60, mean_p: 0.25, observed: 0.25 });
    expect(bins[9]).toMatchObject({ n: 10, observed: 0 });
    expect(calibrationError(bins)).toBe(0);
  });
  it('no look-ahead: a later event does not change any earlier forecast', () => {
    const base = Array.from({ length: 20 }, (_, i) => i * 100 + (i % 3) * 17);
    const later = [...base, 1990 + 5];
    for (const m of ['memoryless', 'recency', 'renewal'] as const) {
      const a = runBacktest(base, rhythmPredictor(m));
      const b = runBacktest(later, rhythmPredictor(m));
      // every forecast issued before the added event is identical; only its outcome may change
      expect(b.length).toBeGreaterThan(a.length);
      expect(b.slice(0, a.length).map((x) => [x.issued_at, x.p])).toEqual(a.map((x) => [x.issued_at, x.p]));
    }
  });
});

describe('selection on the shipped history', () => {
  const e = evaluate(shipped().events, shipped().announcements);
  it('selects the rhythm model with the lowest total log loss', () => {
    const total = (m: string) => e.rows.filter((r) => r.model === m).reduce((s, r) => s + r.log_loss, 0);
    for (const m of ['memoryless', 'recency', 'renewal']) expect(total(e.selected_model)).toBeLessThanOrEqual(total(m));
  });
  it('scores every model on the same issues', () => {
    expect(new Set(e.rows.map((r) => r.n)).size).toBe(1);
  });
});
