import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeForecast } from '../../../../src/core/forecast/index.ts';
import { HALF_LIVES_HOURS } from '../../../../src/core/forecast/rhythm.ts';
import { ForecastPayload } from '../../../../src/core/schema/index.ts';
import { SHIPPED_NOW, dataset, event, promise, shipped } from './fixtures.ts';

const SRC = 'https://example.org';
import { HOUR_MS } from '../../../../src/core/time-units.ts';
const at = (ms: number): string => new Date(ms).toISOString().replace('.000', '');
const NOW = new Date('2026-03-10T12:00:00Z');
/** Five resets every 2 days up to 2026-03-09T12:00: mean gap 48 h, too few for the rhythm (memoryless). */
const five = Array.from({ length: 5 }, (_, i) => event(at(Date.parse('2026-03-01T12:00:00Z') + i * 48 * HOUR_MS)));

describe('hand-computed forecast, memoryless (5 resets), fixed clock', () => {
  const f = computeForecast(dataset(five, { checkedAt: '2026-03-10T06:00:00Z' }), NOW, SRC);
  it('inputs', () => {
    expect(f.inputs).toMatchObject({
      avg_gap_hours: 48,
      hours_since_last: 24,
      B: Number((1 - Math.exp(-0.5)).toFixed(4)),
      C: null,
      cad24: Number((1 - Math.exp(-0.5)).toFixed(4)),
      official_signal: 0,
      status_signal: 0,
      issues_signal: 0,
      S: 0,
      rhythm_model: 'recency-mix',
      global: false,
    });
  });
  it('p24 = round(100·(1 − e^−½)) = 39, p48 = round(100·(1 − e^−1)) = 63, available, low confidence, formula 2', () => {
    expect([f.p24, f.p48, f.available, f.confidence, f.formula_version]).toEqual([39, 63, true, 'low', '2']);
    expect(f.confidence_reasons).toContain('the recency-mix model needs 6 resets; the memoryless rate is used instead');
    expect(ForecastPayload.safeParse(f).success).toBe(true);
  });
  it('an open promise with none settled yet weighs ½: p24 = 1 − e^−½·½ = 70, S = 0.5', () => {
    const g = computeForecast(
      dataset(five, { checkedAt: '2026-03-10T06:00:00Z', announcements: [promise('2026-03-10T08:00:00Z', null)] }),
      NOW,
      SRC,
    );
    expect([g.inputs.official_signal, g.inputs.S, g.p24, g.p48]).toEqual([1, 0.5, 70, Math.round(100 * (1 - Math.exp(-1) * 0.5))]);
  });
  it('after two kept promises the weight is (2 + 1)/(2 + 2) = ¾: p24 = round(100·(1 − e^−½·¼)) = 85', () => {
    const kept = [promise('2026-03-03T10:00:00Z', five[1]!.id), promise('2026-03-07T00:00:00Z', five[3]!.id)];
    const g = computeForecast(
      dataset(five, { checkedAt: '2026-03-10T06:00:00Z', announcements: [...kept, promise('2026-03-10T08:00:00Z', null)] }),
      NOW,
      SRC,
    );
    expect([g.inputs.S, g.p24]).toEqual([0.75, Math.round(100 * (1 - Math.exp(-0.5) * 0.25))]);
  });
});

describe('hand-computed forecast, rhythm (daily resets for exactly 8 weeks)', () => {
  // 57 resets at 12:00 UTC, one a day; now = the last. Every weekday saw 8 resets after the first in
  // 8 days of exposure, so the weekday factors are exactly 1, and each recency rate is ln 2 / (τ(1 − 2^(−24/τ))).
  const daily = Array.from({ length: 57 }, (_, i) => event(at(Date.parse('2026-01-01T12:00:00Z') + i * 24 * HOUR_MS)));
  const now = new Date(Date.parse(daily.at(-1)!.ts));
  const f = computeForecast(dataset(daily, { checkedAt: daily.at(-1)!.ts }), now, SRC);
  const rate = HALF_LIVES_HOURS.reduce((s, h) => s + Math.LN2 / (h * (1 - 2 ** (-24 / h))), 0) / HALF_LIVES_HOURS.length;
  it('C = 1 − exp(−24·rate); p48 = 1 − exp(−48·rate)', () => {
    expect(f.inputs.C).toBe(Number((1 - Math.exp(-24 * rate)).toFixed(4)));
    expect(f.inputs.cad24).toBe(f.inputs.C);
    expect(f.p24).toBe(Math.round(100 * (1 - Math.exp(-24 * rate))));
    expect(f.p48).toBe(Math.round(100 * (1 - Math.exp(-48 * rate))));
    expect(f.reset_today).toBe(true);
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
    const f = computeForecast(
      dataset([event('2000-01-01T00:00:00Z'), event('2013-01-01T00:00:00Z'), event('2026-01-01T00:00:00Z')], {
        checkedAt: '2026-03-10T00:00:00Z',
      }),
      NOW,
      SRC,
    );
    expect(f.p24).toBe(0);
    expect(ForecastPayload.safeParse(f).success).toBe(true);
  });
});

describe('the frozen history on 2026-11-23', () => {
  const f = computeForecast(shipped(), SHIPPED_NOW, SRC);
  it('is unavailable because the record is 43 days old, and says so; the numbers are still published', () => {
    expect(f.available).toBe(false);
    expect(f.confidence).toBe('low');
    expect(f.confidence_reasons.join(' ')).toMatch(/last checked 43 days ago \(limit 7 days\)/);
    expect(f.p48).toBeGreaterThan(0);
    expect(f.inputs.rhythm_model).toBe('recency-mix');
  });
  it('signals never checked contribute nothing, and the reasons say so', () => {
    expect([f.inputs.status_signal, f.inputs.issues_signal]).toEqual([0, 0]);
    expect(f.confidence_reasons.filter((r) => /signal unavailable/.test(r))).toHaveLength(2);
  });
});

describe('properties', () => {
  const hours = fc.array(fc.integer({ min: 0, max: 24 * 200 }), { maxLength: 30 });
  const toEvents = (hs: number[]) => [...hs].sort((a, b) => a - b).map((h) => event(at(Date.parse('2025-10-01T00:00:00Z') + h * HOUR_MS)));
  const now = new Date('2026-04-20T00:00:00Z');
  it('percentages in range, p24 ≤ p48, payload valid', () => {
    fc.assert(
      fc.property(hours, (hs) => {
        const f = computeForecast(dataset(toEvents(hs), { checkedAt: '2026-04-19T00:00:00Z' }), now, SRC);
        expect(f.p24).toBeLessThanOrEqual(f.p48);
        expect(ForecastPayload.safeParse(f).success).toBe(true);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
  it('an open official promise never lowers p24', () => {
    fc.assert(
      fc.property(hours, fc.integer({ min: 0, max: 71 }), (hs, age) => {
        const events = toEvents(hs);
        const posted = at(now.getTime() - age * HOUR_MS);
        const without = computeForecast(dataset(events, { checkedAt: '2026-04-19T00:00:00Z' }), now, SRC);
        const withPromise = computeForecast(
          dataset(events, { checkedAt: '2026-04-19T00:00:00Z', announcements: [promise(posted, null)] }),
          now,
          SRC,
        );
        expect(withPromise.p24).toBeGreaterThanOrEqual(without.p24);
      }),
      { seed: 8, numRuns: 200 },
    );
  });
});
