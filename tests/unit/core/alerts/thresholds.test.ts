/**
 * Threshold crossings with hysteresis, from forecast-log sequences written out by hand: hovering values,
 * exact boundaries, gaps, unavailable forecasts, formula changes and bad lines. Each expectation was
 * worked through on paper with the rule in src/core/alerts/thresholds.ts (docs/alerts.md).
 */
import { describe, expect, it } from 'vitest';
import { thresholdCrossings } from '../../../../src/core/alerts/thresholds.ts';
import { parseForecastLog } from '../../../../src/core/dataset/forecast-log.ts';
import type { ForecastLogLine } from '../../../../src/core/schema/index.ts';
import { forecastLogLine } from '../../../support/forecast-log.ts';

const START = Date.parse('2026-11-20T00:00:00Z');
const NOW = new Date('2026-12-01T00:00:00Z');
const at = (minutes: number): string => new Date(START + minutes * 60_000).toISOString().replace('.000Z', 'Z');

const line = (minutes: number, p24: number, p48 = Math.min(100, p24 + 10), extra: Partial<ForecastLogLine> = {}): ForecastLogLine =>
  forecastLogLine(at(minutes), p24, p48, extra);
/** One line every 30 minutes with these p24 values. */
const series = (p24s: number[], p48 = (p: number) => Math.min(100, p + 10)): ForecastLogLine[] =>
  p24s.map((p, i) => line(i * 30, p, p48(p)));
const crossed = (lines: ForecastLogLine[], now = NOW): string[] =>
  thresholdCrossings(lines, now).crossings.map((c) => `p${c.horizon}-${c.threshold} ${c.issued_at} ${c.previous}→${c.value}`);

describe('thresholdCrossings', () => {
  it('a value hovering around 50 % is announced once, and again only after falling below 30 %', () => {
    // p24: 40 52 48 51 49 55 29 50; p48 = p24 + 10: 50 62 58 61 59 65 39 60.
    // p24-25: the first line (40) is already above, so fired silently; 29 is not below 15: nothing.
    // p24-50: 40→52 fires; 48/51/49/55 hover; 29 re-arms; 29→50 fires.
    // p48-25 and p48-50: the first line (50) is at or above both: fired silently; 39 re-arms neither (≥ 15, ≥ 30).
    // p48-75 and p24-75: never reached.
    expect(crossed(series([40, 52, 48, 51, 49, 55, 29, 50]))).toEqual([`p24-50 ${at(30)} 40→52`, `p24-50 ${at(210)} 29→50`]);
  });

  it('is inclusive at the threshold and strict at the re-arm level', () => {
    // p24-50: 49→50 fires; 30 does not re-arm (needs < 30); 55 nothing; 29 re-arms; 50 fires.
    // p48 fixed at 60 so only p24 moves: p48-25/50 fire silently on the first line.
    expect(crossed(series([49, 50, 30, 55, 29, 50], () => 60))).toEqual([`p24-50 ${at(30)} 49→50`, `p24-50 ${at(150)} 29→50`]);
  });

  it('announces every threshold a jump passes, on both horizons', () => {
    // 10→80 (p24) and 20→90 (p48): all six pairs cross on the second line.
    expect(crossed(series([10, 80]))).toEqual([
      `p24-25 ${at(30)} 10→80`,
      `p24-50 ${at(30)} 10→80`,
      `p24-75 ${at(30)} 10→80`,
      `p48-25 ${at(30)} 20→90`,
      `p48-50 ${at(30)} 20→90`,
      `p48-75 ${at(30)} 20→90`,
    ]);
  });

  it('the first line after a gap of more than 6 h announces nothing, and the gap re-arms nothing', () => {
    const lines = [
      line(0, 20, 20),
      line(30, 60, 60), // continuous: p24-25, p24-50, p48-25, p48-50 fire at 30
      line(30 + 7 * 60, 40, 40), // after a 7 h gap; 40 is in the band: still fired
      line(30 + 7 * 60 + 30, 55, 55), // no re-fire: the gap did not re-arm
      line(30 + 7 * 60 + 60, 20, 20), // < 30 re-arms the 50s (not the 25s: 20 ≥ 15)
      line(30 + 7 * 60 + 90, 51, 51), // fires p24-50 and p48-50
    ];
    expect(crossed(lines)).toEqual([
      `p24-25 ${at(30)} 20→60`,
      `p24-50 ${at(30)} 20→60`,
      `p48-25 ${at(30)} 20→60`,
      `p48-50 ${at(30)} 20→60`,
      `p24-50 ${at(540)} 20→51`,
      `p48-50 ${at(540)} 20→51`,
    ]);
    expect(thresholdCrossings(lines, NOW).gaps).toEqual([{ after: at(30), before: at(450), hours: 7 }]);
  });

  it('a rise across a gap is not announced (nobody saw it cross), but a gap of exactly 6 h is no gap', () => {
    expect(crossed([line(0, 20, 20), line(6 * 60 + 1, 60, 60)])).toEqual([]);
    expect(crossed([line(0, 20, 20), line(6 * 60, 60, 60)])).toEqual([
      `p24-25 ${at(360)} 20→60`,
      `p24-50 ${at(360)} 20→60`,
      `p48-25 ${at(360)} 20→60`,
      `p48-50 ${at(360)} 20→60`,
    ]);
  });

  it('skips unavailable forecasts (they neither announce nor re-arm) and can make a gap', () => {
    // 40, (80 unavailable), 45: the unavailable spike never counts.
    expect(crossed([line(0, 40, 40), line(30, 80, 80, { available: false }), line(60, 45, 45)])).toEqual([]);
    // 60 fired; an unavailable 10 does not re-arm; 55 does not fire again.
    expect(crossed([line(0, 20, 20), line(30, 60, 60), line(60, 10, 10, { available: false }), line(90, 55, 55)])).toHaveLength(4);
    // Unavailable lines for 7 h: the next available one is after a gap.
    const long = [
      line(0, 20, 20),
      ...Array.from({ length: 14 }, (_, i) => line(30 + i * 30, 20, 20, { available: false })),
      line(450, 60, 60),
    ];
    expect(crossed(long)).toEqual([]);
  });

  it('a formula change is a break: the first forecast of a new formula announces nothing', () => {
    expect(crossed([line(0, 40, 40), line(30, 60, 60, { formula_version: '2' })])).toEqual([]);
    expect(
      crossed([
        line(0, 40, 40),
        line(30, 60, 60, { formula_version: '2' }),
        line(60, 20, 20, { formula_version: '2' }),
        line(90, 52, 52, { formula_version: '2' }),
      ]),
    ).toEqual([`p24-50 ${at(90)} 20→52`, `p48-50 ${at(90)} 20→52`]);
  });

  it('ignores forecasts issued after now', () => {
    expect(crossed(series([40, 52]), new Date(at(29)))).toEqual([]);
    expect(crossed(series([40, 52]), new Date(at(30)))).toEqual([`p24-50 ${at(30)} 40→52`]);
  });

  it('a log with bad lines: they are skipped with warnings and cause no spurious crossing', () => {
    const text = [
      JSON.stringify(line(0, 40, 40)),
      '{"issued_at": "2026-11-20T00:30:00Z", "p24": ', // torn line
      JSON.stringify(line(60, 90, 80)), // p48 < p24: skipped, so no 75 % crossing
      JSON.stringify(line(0, 95, 95)), // goes back in time: skipped
      JSON.stringify(line(90, 52, 52)),
      JSON.stringify(line(90, 99, 99)), // duplicate issued_at: skipped
      '',
    ].join('\n');
    const log = parseForecastLog(text);
    expect(log.warnings).toHaveLength(4);
    expect(log.warnings[0]).toMatch(/^data\/forecast-log\.jsonl: line 2: not valid JSON/);
    expect(crossed(log.lines)).toEqual([`p24-50 ${at(90)} 40→52`, `p48-50 ${at(90)} 40→52`]);
  });

  it('an empty log has no crossings and no gaps', () => {
    expect(thresholdCrossings([], NOW)).toEqual({ crossings: [], gaps: [] });
  });
});
