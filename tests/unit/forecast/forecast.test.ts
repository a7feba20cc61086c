import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeForecast } from '../../../src/lib/forecast/index.ts';
import { evaluate } from '../../../src/lib/forecast/evaluate.ts';
import { ForecastPayload } from '../../../src/lib/schema.ts';
import { SHIPPED_NOW, dataset, event, promise, shipped } from './fixtures.ts';

const SRC = 'https://example.org';
const NOW = new Date('2026-03-10T12:00:00Z');
/** Resets every 2 days from 2026-02-01 to 2026-03-09: 19 resets, mean gap 48 h. */
const regular = Array.from({ length: 19 }, (_, i) => event(new Date(Date.parse('2026-02-01T12:00:00Z') + i * 48 * 3_600_000).toISOString().replace('.000', '')));
const memorylessOnly = { selected_model: 'memoryless' as const, official_weight: 0.5, rows: [], issues: [], reliability: [] };

describe('hand-computed forecast (memoryless selected, fixed clock)', () => {
  const f = computeForecast(dataset(regular, { checkedAt: '2026-03-10T06:00:00Z' }), NOW, SRC, memorylessOnly);
  it('inputs', () => {
    expect(f.inputs).toMatchObject({
      avg_gap_hours: 48, hours_since_last: 24, B: Number((1 - Math.exp(-0.5)).toFixed(4)), C: null,
      cad24: Number((1 - Math.exp(-0.5)).toFixed(4)), official_signal: 0, status_signal: 0, issues_signal: 0, S: 0,
      rhythm_model: 'memoryless', global: false,
    });
  });
  it('p24 = 39, p48 = round(100·(1 − e^−1)) = 63, available, low confidence (19 resets)', () => {
    expect([f.p24, f.p48, f.available, f.confidence]).toEqual([39, 63, true, 'low']);
    expect(f.confidence_reasons).toContain('status signal unavailable (no recent successful check): it contributes nothing');
    expect(ForecastPayload.safeParse(f).success).toBe(true);
  });
  it('an open official promise adds S = weight: p24 = 1 − (1 − B)(1 − 0.5)', () => {
    const withPromise = dataset(regular, { checkedAt: '2026-03-10T06:00:00Z', announcements: [promise('2026-03-10T08:00:00Z', null)] });
    const g = computeForecast(withPromise, NOW, SRC, memorylessOnly);
    expect(g.inputs.S).toBe(0.5);
    expect(g.p24).toBe(Math.round(100 * (1 - Math.exp(-0.5) * 0.5)));
  });
});

describe('edge cases', () => {
  it.each([
    ['zero events', []],
    ['one event', [event('2026-03-01T00:00:00Z')]],
    ['all events after the clock', [event('2026-04-01T00:00:00Z'), event('2026-04-03T00:00:00Z'), event('2026-04-05T00:00:00Z')]],
  ])('%s: unavailable, 0 %%, says why', (_name, events) => {
    const f = computeForecast(dataset(events, { checkedAt: '2026-03-10T00:00:00Z' }), NOW, SRC);
    expect([f.available, f.p24, f.p48]).toEqual([false, 0, 0]);
    expect(f.confidence_reasons.join(' ')).toMatch(/fewer than 3 resets/);
    expect(ForecastPayload.safeParse(f).success).toBe(true);
  });
  it('duplicate timestamps: zero mean gap gives no rate, not certainty', () => {
    const ts = '2026-03-01T00:00:00Z';
    const f = computeForecast(dataset([event(ts), event(ts), event(ts)], { checkedAt: '2026-03-10T00:00:00Z' }), NOW, SRC);
    expect(f.inputs.avg_gap_hours).toBe(0);
    expect(f.p24).toBe(0);
  });
  it('huge gaps: tiny but valid probabilities', () => {
    const f = computeForecast(dataset([event('2000-01-01T00:00:00Z'), event('2013-01-01T00:00:00Z'), event('2026-01-01T00:00:00Z')], { checkedAt: '2026-03-10T00:00:00Z' }), NOW, SRC);
    expect(f.p24).toBe(0);
    expect(ForecastPayload.safeParse(f).success).toBe(true);
  });
});

describe('the frozen history on 2026-11-23', () => {
  const data = shipped();
  const f = computeForecast(data, SHIPPED_NOW, SRC);
  it('is unavailable because the record is 43 days old, and says so; the numbers are still published', () => {
    expect(f.available).toBe(false);
    expect(f.confidence).toBe('low');
    expect(f.confidence_reasons.join(' ')).toMatch(/last checked 43 days ago \(limit 7 days\)/);
    expect(f.p48).toBeGreaterThan(0);
    expect(f.inputs.rhythm_model).toBe(evaluate(data.events, data.announcements).selected_model);
  });
  it('signals never checked contribute nothing, and the reasons say so', () => {
    expect([f.inputs.status_signal, f.inputs.issues_signal]).toEqual([0, 0]);
    expect(f.confidence_reasons.filter((r) => /signal unavailable/.test(r))).toHaveLength(2);
  });
});

describe('properties', () => {
  const evaluation = evaluate(regular, []);
  const hours = fc.array(fc.integer({ min: 0, max: 24 * 200 }), { maxLength: 30 });
  const toEvents = (hs: number[]) => [...hs].sort((a, b) => a - b).map((h) => event(new Date(Date.parse('2025-10-01T00:00:00Z') + h * 3_600_000).toISOString().replace('.000', '')));
  const now = new Date('2026-04-20T00:00:00Z');
  it('percentages in range, p24 ≤ p48, payload valid', () => {
    fc.assert(fc.property(hours, (hs) => {
      const f = computeForecast(dataset(toEvents(hs), { checkedAt: '2026-04-19T00:00:00Z' }), now, SRC, evaluation);
      expect(f.p24).toBeLessThanOrEqual(f.p48);
      expect(ForecastPayload.safeParse(f).success).toBe(true);
    }), { seed: 7, numRuns: 200 });
  });
  it('an active official promise never lowers p24', () => {
    fc.assert(fc.property(hours, fc.integer({ min: 0, max: 71 }), (hs, age) => {
      const events = toEvents(hs);
      const posted = new Date(now.getTime() - age * 3_600_000).toISOString().replace('.000', '');
      const without = computeForecast(dataset(events, { checkedAt: '2026-04-19T00:00:00Z' }), now, SRC, evaluation);
      const withPromise = computeForecast(dataset(events, { checkedAt: '2026-04-19T00:00:00Z', announcements: [promise(posted, null)] }), now, SRC, evaluation);
      expect(withPromise.p24).toBeGreaterThanOrEqual(without.p24);
    }), { seed: 8, numRuns: 200 });
  });
});
