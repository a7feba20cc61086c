import { describe, expect, it } from 'vitest';
import {
  afterWarmup,
  backtestOf,
  byHorizon,
  calibrationError,
  issueTimes,
  issueTimesMs,
  reliability,
  resetHours,
  score,
} from '../../../../src/core/forecast/backtest.ts';
import { MODEL_NAMES, TARGETS, evaluate } from '../../../../src/core/forecast/evaluate.ts';
import { event, shipped } from './fixtures.ts';

describe('harness', () => {
  const bt = backtestOf(shipped().events, shipped().announcements);
  it('reproduces the reference sanity figure for the memoryless model (±0.002)', () => {
    const s24 = score(byHorizon(bt.memoryless, 24));
    const s48 = score(byHorizon(bt.memoryless, 48));
    expect(Math.abs(s24.brier - 0.154)).toBeLessThanOrEqual(0.002);
    expect(Math.abs(s48.brier - 0.23)).toBeLessThanOrEqual(0.002);
    expect(Math.abs(s24.base_rate - 0.175)).toBeLessThanOrEqual(0.002);
    expect(Math.abs(s48.base_rate - 0.316)).toBeLessThanOrEqual(0.002);
  });
  it('scores 1436 issue times per horizon, 55 of them warm-up (fewer than two resets known, scored 0.5)', () => {
    for (const model of [bt.memoryless, bt.rhythm, bt.published]) {
      expect(byHorizon(model, 24)).toHaveLength(1436);
      expect(
        byHorizon(model, 24)
          .filter((x) => x.warmup)
          .every((x) => x.p === 0.5),
      ).toBe(true);
      expect(afterWarmup(byHorizon(model, 48))).toHaveLength(1436 - 55);
    }
  });
  it('issues every 6 h from first + 30 days up to the last reset, inclusive, in whole milliseconds', () => {
    expect(issueTimes([0, 720 + 12])).toEqual([720, 726, 732]);
    expect(issueTimes([0])).toEqual([]);
    expect(issueTimes([])).toEqual([]);
    const first = Date.parse('2025-09-17T04:02:52Z') / 3_600_000;
    expect(issueTimesMs([first, first + 745]).map((ms) => new Date(ms).toISOString())).toEqual([
      '2025-10-17T04:02:52.000Z',
      '2025-10-17T10:02:52.000Z',
      '2025-10-17T16:02:52.000Z',
      '2025-10-17T22:02:52.000Z',
      '2025-10-18T04:02:52.000Z',
    ]);
  });
  it('only reset and banked events count', () => {
    const evs = [event('2026-01-01T00:00:00Z'), event('2026-01-02T00:00:00Z', 'boost'), event('2026-01-03T00:00:00Z', 'banked')];
    expect(resetHours(evs)).toHaveLength(2);
  });
  it('scores hand-computed cases: Brier and log loss', () => {
    const s = score([
      { p: 0.5, outcome: 1 },
      { p: 0.2, outcome: 0 },
    ]);
    expect(s.brier).toBeCloseTo((0.25 + 0.04) / 2, 12);
    expect(s.log_loss).toBeCloseTo((Math.log(2) - Math.log(0.8)) / 2, 12);
    expect(s.base_rate).toBe(0.5);
  });
  it('reliability bins (the last one closed) and calibration error count only bins with ≥ 50 issues', () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ p: 0.25, outcome: (i < 15 ? 1 : 0) as 0 | 1 }));
    const few = Array.from({ length: 10 }, () => ({ p: 0.95, outcome: 0 as const }));
    const bins = reliability([...many, ...few, { p: 1, outcome: 1 }, { p: 0, outcome: 0 }]);
    expect(bins[2]).toMatchObject({ n: 60, mean_p: 0.25, observed: 0.25 });
    expect(bins[9]).toMatchObject({ n: 11, observed: 1 / 11 });
    expect(bins[0]).toMatchObject({ n: 1, mean_p: 0, observed: 0 });
    expect(calibrationError(bins)).toBe(0);
    expect(calibrationError(reliability(Array.from({ length: 50 }, () => ({ p: 0.3, outcome: 1 as const }))))).toBeCloseTo(0.7, 12);
  });
});

describe('evaluation on the frozen history', () => {
  const e = evaluate(shipped().events, shipped().announcements);
  it('scores the memoryless reference, the rhythm alone and the published forecast at both horizons, on the same issues', () => {
    expect(e.rows.map((r) => `${r.model} ${r.horizon_hours}`)).toEqual(
      [24, 48].flatMap((h) => Object.values(MODEL_NAMES).map((m) => `${m} ${h}`)),
    );
    expect(new Set(e.rows.map((r) => r.n))).toEqual(new Set([1436]));
    expect(e.block_issues).toBe(112); // 28 days of 6-hour issues
  });
  it('every skill figure has a 90 % interval containing it', () => {
    for (const r of e.rows) {
      for (const [value, interval] of [
        [r.skill_vs_memoryless, r.skill_vs_memoryless_90],
        [r.skill_vs_climatology, r.skill_vs_climatology_90],
      ] as const) {
        expect(interval, r.model).not.toBeNull();
        expect(interval!.lower).toBeLessThanOrEqual(value + 1e-12);
        expect(interval!.upper).toBeGreaterThanOrEqual(value - 1e-12);
      }
    }
  });
  it('reports every target of issue 12 for the published model', () => {
    expect(e.targets.map((t) => [t.metric, t.horizon_hours])).toEqual(TARGETS.map((t) => [t.metric, t.horizon_hours]));
    for (const t of e.targets) {
      const row = e.rows.find((r) => r.model === MODEL_NAMES.published && r.horizon_hours === t.horizon_hours)!;
      expect(t.value).toBe(row[t.metric]);
      expect(t.met).toBe((t.min === null || t.value! >= t.min) && (t.max === null || t.value! <= t.max));
    }
  });
});
