/**
 * The backtest's one pass against the forecast computed directly at one instant (what the live
 * forecast does), and the out-of-sample guarantee: a forecast issued before a date is the same with
 * and without the data after it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../../../src/core/dataset/index.ts';
import { HORIZONS, issueTimesMs, runBacktest, type Issue } from '../../../../src/core/forecast/backtest.ts';
import { computeForecast } from '../../../../src/core/forecast/index.ts';
import { liveModel } from '../../../../src/core/forecast/live.ts';
import { modelAt, modelInput, type Parts } from '../../../../src/core/forecast/model.ts';
import type { PromiseFact } from '../../../../src/core/forecast/official.ts';
import { replayRows as replay } from '../../../../src/core/forecast/replay.ts';
import { shipped } from './fixtures.ts';
import { HOUR_MS } from '../../../../src/core/time-units.ts';

const TOLERANCE = 1e-12;

function expectSame(direct: Parts, pass: Parts, where: string): void {
  expect(pass.official, where).toEqual(direct.official); // counts: exactly equal
  for (const key of ['memoryless', 'rhythm', 'p'] as const) {
    const [a, b] = [direct[key], pass[key]];
    if (a === null || b === null) expect(b, `${where} ${key}`).toBe(a);
    else expect(Math.abs(a - b), `${where} ${key}: ${a} vs ${b}`).toBeLessThanOrEqual(TOLERANCE);
  }
}

describe('one pass = direct, at every issue time of the frozen history (to 1e-12)', () => {
  const data = shipped();
  const input = modelInput(data.events, data.announcements);
  const issued = issueTimesMs(input.times);
  const rows = replay(input, issued, HORIZONS);

  it('covers the 1436-issue grid at both horizons', () => {
    expect(issued).toHaveLength(1436);
    expect(rows).toHaveLength(1436 * 2);
  });

  it('memoryless, rhythm, official state and p agree', () => {
    let worst = 0;
    for (const row of rows) {
      const direct = modelAt(input, row.issuedMs / HOUR_MS).parts(row.parts.hours);
      expectSame(direct, row.parts, new Date(row.issuedMs).toISOString());
      if (direct.p !== null && row.parts.p !== null) worst = Math.max(worst, Math.abs(direct.p - row.parts.p));
    }
    expect(worst).toBeLessThanOrEqual(TOLERANCE);
  });

  it('the published forecast at each issue time is the backtest probability in whole percent (0 below 3 resets)', () => {
    const bt = runBacktest(input);
    for (let i = 0; i < issued.length; i++) {
      const now = new Date(issued[i]!);
      const f = computeForecast(data, now, 'https://example.org');
      const [day, two] = [bt.published[2 * i]!, bt.published[2 * i + 1]!];
      const n = liveModel(data, now).state.n;
      expect(f.p24, day.issued_at).toBe(n < 3 ? 0 : Math.round(100 * day.p));
      expect(f.p48, two.issued_at).toBe(n < 3 ? 0 : Math.max(f.p24, Math.round(100 * two.p)));
    }
  });

  it('random records and promises: the same agreement', () => {
    const record = fc.record({
      gaps: fc.array(fc.double({ min: 0, max: 400, noNaN: true }), { minLength: 1, maxLength: 60 }),
      promises: fc.array(
        fc.record({
          at: fc.double({ min: 0, max: 1, noNaN: true }),
          start: fc.double({ min: 0, max: 100, noNaN: true }),
          length: fc.double({ min: 1, max: 100, noNaN: true }),
          delay: fc.option(fc.double({ min: 0, max: 120, noNaN: true })),
        }),
        { maxLength: 10 },
      ),
    });
    fc.assert(
      fc.property(record, ({ gaps, promises }) => {
        const times: number[] = [];
        let t = 480_000;
        for (const g of gaps) {
          t += g;
          times.push(t);
        }
        const span = times.at(-1)! - times[0]! || 1;
        const facts: PromiseFact[] = promises.map((p) => {
          const posted = times[0]! + p.at * span;
          return {
            posted,
            windowStart: posted + p.start,
            windowEnd: posted + p.start + p.length,
            resetAt: p.delay === null ? Infinity : posted + p.delay,
          };
        });
        const input = { times, promises: facts };
        const issuedMs = Array.from({ length: 40 }, (_, i) => Math.round(((times[0]! + (i * span) / 39) * HOUR_MS) / 1000) * 1000);
        for (const row of replay(input, issuedMs, [6, 24, 48, 168])) {
          expectSame(modelAt(input, row.issuedMs / HOUR_MS).parts(row.parts.hours), row.parts, String(row.issuedMs));
        }
      }),
      { seed: 12, numRuns: 150 },
    );
  });
});

/** The dataset as it stood at `cut`: later events and promises removed, promises fulfilled later still open. */
function truncate(data: Dataset, cut: string): Dataset {
  const events = data.events.filter((e) => e.ts <= cut);
  const kept = new Set(events.map((e) => e.id));
  const announcements = data.announcements
    .filter((a) => a.ts <= cut)
    .map((a) => ({ ...a, fulfilled_by: a.fulfilled_by !== null && kept.has(a.fulfilled_by) ? a.fulfilled_by : null }));
  return { ...data, events, announcements };
}

describe('out of sample by construction: truncating the frozen history', () => {
  const full = shipped();
  const fullInput = modelInput(full.events, full.announcements);
  const fullRun = runBacktest(fullInput);
  const fullGrid = issueTimesMs(fullInput.times);
  const fields = (issues: Issue[]): [string, number, number, boolean][] => issues.map((x) => [x.issued_at, x.horizon_hours, x.p, x.warmup]);

  it.each([
    ['a quiet day', '2026-06-01T00:00:00Z', 1816],
    ['a promise open (posted 2026-06-16T18:49, kept 2026-06-18T00:10)', '2026-06-17T00:00:00Z', 1944],
    ['a promise open (posted 2026-09-12T03:20, kept 08:09)', '2026-09-12T05:00:00Z', 2642],
    ['the first promise not yet settled', '2026-03-08T00:00:00Z', 1136],
  ])('at %s (%s): all %d forecasts issued before the cut are identical', (_name, cut, count) => {
    const cutData = truncate(full, cut);
    expect(cutData.events.length).toBeLessThan(full.events.length);
    const cutInput = modelInput(cutData.events, cutData.announcements);
    // Every issue time of the full grid before the cut, replayed on both records: bit-for-bit the same.
    const before = fullGrid.filter((ms) => ms < Date.parse(cut));
    const a = replay(fullInput, before, HORIZONS);
    expect(a).toHaveLength(count);
    expect(replay(cutInput, before, HORIZONS).map((r) => r.parts)).toEqual(a.map((r) => r.parts));
    // The truncated backtest (its grid ends at its last reset) is a prefix of the full one.
    const cutRun = runBacktest(cutInput);
    for (const model of ['memoryless', 'rhythm', 'published'] as const) {
      expect(cutRun[model].length).toBeGreaterThan(100);
      expect(fields(cutRun[model])).toEqual(fields(fullRun[model].slice(0, cutRun[model].length)));
    }
    // Issue 12's count: data/ as it stood at 2026-06-01 issues 1,812 forecasts (906 times × 2 horizons).
    if (cut === '2026-06-01T00:00:00Z') expect(cutRun.published).toHaveLength(1812);
    // The live forecast at instants before the cut, too (the whole payload).
    for (const at of ['2026-02-01T00:00:00Z', '2026-03-07T23:30:00Z', '2026-05-20T12:00:00Z', '2026-09-12T04:00:00Z']) {
      if (at >= cut) continue;
      expect(computeForecast(cutData, new Date(at), 'https://example.org')).toEqual(
        computeForecast(full, new Date(at), 'https://example.org'),
      );
    }
  });
});
