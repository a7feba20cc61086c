import { describe, expect, it } from 'vitest';
import { parseForecastLog } from '../../../../src/core/dataset/forecast-log.ts';
import { computeForecast } from '../../../../src/core/forecast/index.ts';
import { toLogLine } from '../../../../src/core/forecast/log-line.ts';
import { createTrackRecordPayload, trackRecord } from '../../../../src/core/forecast/track-record.ts';
import { ForecastLogLine, TrackRecordPayload } from '../../../../src/core/schema/index.ts';
import { SHIPPED_NOW, shipped } from './fixtures.ts';
import { HOUR_MS } from '../../../../src/core/time-units.ts';
import { forecastLogLine } from '../../../support/forecast-log.ts';

const h = (ts: string): number => Date.parse(ts) / HOUR_MS;
const line = (issued: string, p24: number, p48: number, extra: Partial<ForecastLogLine> = {}): string =>
  JSON.stringify(forecastLogLine(issued, p24, p48, { rhythm_model: 'recency-mix', formula_version: '2', ...extra }));

// Resets R1 01-01 00:00, R2 01-03 00:00, R3 01-05 12:00, R4 01-06 00:00; the build clock 01-07 00:00.
const RESETS = ['2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z', '2026-01-05T12:00:00Z', '2026-01-06T00:00:00Z'].map(h);
const NOW = new Date('2026-01-07T00:00:00Z');
const LOG = [
  line('2026-01-03T12:00:00Z', 40, 60), // 1: 24 h (…, 01-04 12:00] no reset; 48 h (…, 01-05 12:00] holds R3 (inclusive)
  '{"issued_at": "2026-01-03T18:00:00Z", oops', // 2: not JSON
  line('2026-01-04T00:00:00Z', 30, 20), // 3: p48 below p24
  line('2026-01-04T12:00:00Z', 20, 70), // 4: R3 within 24 h and 48 h
  line('2026-01-04T12:00:00Z', 25, 75), // 5: duplicate issued_at
  line('2026-01-04T06:00:00Z', 20, 70), // 6: out of order
  line('2026-01-04T18:00:00Z', 150, 160), // 7: invalid field
  '',
  line('2026-01-05T18:00:00Z', 50, 50, { formula_version: '1' }), // 9: 24 h window closed (R4); 48 h still open
  line('2026-01-06T12:00:00Z', 10, 20), // 10: both windows open
].join('\n');

describe('track record of a hand-made log with every kind of bad line', () => {
  const log = parseForecastLog(LOG);
  const r = trackRecord(log, RESETS, NOW);
  const [d1, d2] = r.horizons;

  it('skips each bad line with a counted, named warning and keeps the rest', () => {
    expect(r.lines).toBe(4);
    expect(r.skipped).toBe(5);
    expect(r.skipped_by_kind).toEqual({ not_json: 1, invalid: 1, p48_below_p24: 1, duplicate: 1, out_of_order: 1 });
    expect(r.warnings.map((w) => w.match(/line (\d+)/)?.[1])).toEqual(['2', '3', '5', '6', '7']);
    expect(r.warnings[0]).toMatch(/^data\/forecast-log\.jsonl: line 2: not valid JSON/);
    expect(r.warnings[2]).toMatch(/duplicate issued_at 2026-01-04T12:00:00Z/);
    expect(r.formula_versions).toEqual([
      { formula_version: '1', lines: 1 },
      { formula_version: '2', lines: 3 },
    ]);
  });

  it('24 h: lines 1, 4 and 9 scored; Brier (0.4² + 0.8² + 0.5²)/3 = 0.35; 2 resets in (01-03 12:00, 01-06 18:00]', () => {
    expect(d1).toMatchObject({
      horizon_hours: 24,
      scored: 3,
      resets: 2,
      first_issued_at: '2026-01-03T12:00:00Z',
      last_issued_at: '2026-01-05T18:00:00Z',
      provisional: true,
    });
    expect(d1!.brier).toBeCloseTo(0.35, 12);
    expect(d1!.base_rate).toBeCloseTo(2 / 3, 12);
    expect(d1!.mean_forecast).toBeCloseTo((0.4 + 0.2 + 0.5) / 3, 12);
  });
  it('24 h: skill against the memoryless forecast of the same moment (gap 48 h, then 54 h)', () => {
    const m48 = 1 - Math.exp(-24 / 48);
    const m54 = 1 - Math.exp(-24 / 54);
    const memoryless = (m48 ** 2 + (m48 - 1) ** 2 + (m54 - 1) ** 2) / 3;
    expect(d1!.brier_memoryless).toBeCloseTo(memoryless, 12);
    expect(d1!.skill_vs_memoryless).toBeCloseTo(1 - 0.35 / memoryless, 12);
    // 3 issues over 54 h: one block is everything, so the interval is the point.
    expect(d1!.skill_vs_memoryless_90!.lower).toBeCloseTo(d1!.skill_vs_memoryless!, 12);
    expect(d1!.skill_vs_memoryless_90!.upper).toBeCloseTo(d1!.skill_vs_memoryless!, 12);
  });
  it('48 h: lines 1 and 4 scored, both followed by a reset; Brier (0.4² + 0.3²)/2 = 0.125', () => {
    expect(d2).toMatchObject({ horizon_hours: 48, scored: 2, resets: 2, last_issued_at: '2026-01-04T12:00:00Z' });
    expect(d2!.brier).toBeCloseTo(0.125, 12);
    expect(d2!.base_rate).toBe(1);
    expect(d2!.reliability[6]).toMatchObject({ n: 1, mean_p: 0.6, observed: 1 });
    expect(d2!.reliability[7]).toMatchObject({ n: 1, mean_p: 0.7, observed: 1 });
  });
  it('the payload validates; the log text is not changed', () => {
    const p = createTrackRecordPayload(r, '2026-01-07T00:00:00Z', 'https://example.org');
    expect(TrackRecordPayload.safeParse(p).success).toBe(true);
    expect(p.provisional).toBe(true);
    expect(p.log.warnings).toHaveLength(5);
    expect(parseForecastLog(LOG)).toEqual(log);
  });
  it("an empty log and the frozen history's one-line log (its windows still open): nothing scored, no interval", () => {
    for (const [text, now] of [
      ['', NOW],
      [shipped().forecastLog, SHIPPED_NOW],
    ] as const) {
      const empty = trackRecord(typeof text === 'string' ? parseForecastLog(text) : text, RESETS, now);
      expect(empty.horizons.map((x) => [x.scored, x.brier, x.skill_vs_memoryless, x.skill_vs_memoryless_90])).toEqual([
        [0, null, null, null],
        [0, null, null, null],
      ]);
      expect(empty.provisional).toBe(true);
    }
  });
  it('leaves provisional only with ≥ 20 resets and ≥ 1,000 windows: 1,200 daily forecasts over a record of daily resets', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const resets = Array.from({ length: 1300 }, (_, i) => (start + (i * 24 + 12) * HOUR_MS) / HOUR_MS);
    const text = Array.from({ length: 1200 }, (_, i) =>
      line(new Date(start + i * 24 * HOUR_MS).toISOString().replace('.000', ''), 60, 90),
    ).join('\n');
    const big = trackRecord(parseForecastLog(text), resets, new Date(start + 1300 * 24 * HOUR_MS));
    expect(big.horizons.map((x) => [x.scored, x.provisional])).toEqual([
      [1200, false],
      [1200, false],
    ]);
    expect(big.provisional).toBe(false);
    expect(big.horizons[0]!.brier).toBeCloseTo(0.16, 12); // always 60 %, always a reset
  });
});

describe('log lines', () => {
  it('toLogLine writes the fields of a forecast as issued', () => {
    const f = computeForecast(shipped(), SHIPPED_NOW, 'https://example.org');
    const l = toLogLine(f);
    expect(ForecastLogLine.parse(l)).toEqual(l);
    expect(l).toEqual({
      issued_at: '2026-11-23T00:00:00Z',
      available: false,
      p24: f.p24,
      p48: f.p48,
      rhythm_model: 'recency-mix',
      S: f.inputs.S,
      official_signal: 0,
      status_signal: 0,
      issues_signal: 0,
      formula_version: '2',
    });
  });
});
