import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeForecast } from '../../../../src/core/forecast/index.ts';
import { liveModel } from '../../../../src/core/forecast/live.ts';
import {
  OUTLOOK_HOURS,
  OUTLOOK_STEP_HOURS,
  createHourlyOutlookPayload,
  createOutlookPayload,
  hourlyOutlookPoints,
  outlookPoints,
} from '../../../../src/core/forecast/outlook.ts';
import { HourlyOutlookPayload, OutlookPayload } from '../../../../src/core/schema/index.ts';
import { SHIPPED_NOW, dataset, event, promise, shipped } from './fixtures.ts';

const SRC = 'https://example.org';

// The frozen history at its clock, and at moments with a promise open or a reset just past.
const MOMENTS = [
  ['its clock', SHIPPED_NOW.toISOString()],
  ['a promise open (2026-09-12T04:00Z)', '2026-09-12T04:00:00Z'],
  ['an hour after a reset', '2026-08-24T01:46:51Z'],
  ['in the warm-up (4 resets)', '2025-11-30T00:00:00Z'],
];

describe('7-day outlook', () => {
  it.each(MOMENTS)('at %s: every 6 h to 168 h, non-decreasing, equal to p24 and p48 at 24 and 48 h', (_name, when) => {
    const data = shipped();
    const now = new Date(when);
    const points = outlookPoints(liveModel(data, now));
    expect(points.map((x) => x.hours)).toEqual(Array.from({ length: OUTLOOK_HOURS / OUTLOOK_STEP_HOURS }, (_, i) => 6 * (i + 1)));
    for (let i = 1; i < points.length; i++) {
      expect(points[i]!.p).toBeGreaterThanOrEqual(points[i - 1]!.p);
      expect(points[i]!.percent).toBeGreaterThanOrEqual(points[i - 1]!.percent);
    }
    const f = computeForecast(data, now, SRC);
    expect(points.find((x) => x.hours === 24)?.percent).toBe(f.p24);
    expect(points.find((x) => x.hours === 48)?.percent).toBe(f.p48);
  });
  it('is all 0 with fewer than 3 resets, as the forecast', () => {
    const points = outlookPoints(
      liveModel(dataset([event('2026-03-01T00:00:00Z'), event('2026-03-02T00:00:00Z')]), new Date('2026-03-03T00:00:00Z')),
    );
    expect(points.every((x) => x.p === 0 && x.percent === 0)).toBe(true);
  });
  it('an open promise whose window starts in 60 h lifts the curve from 60 h on, not before', () => {
    const events = Array.from({ length: 4 }, (_, i) => event(`2026-03-0${i + 1}T00:00:00Z`));
    const now = new Date('2026-03-05T00:00:00Z');
    const later = { ...promise('2026-03-04T12:00:00Z', null), window_start: '2026-03-07T12:00:00Z', window_end: '2026-03-08T12:00:00Z' };
    const plain = outlookPoints(liveModel(dataset(events), now));
    const lifted = outlookPoints(liveModel(dataset(events, { announcements: [later] }), now));
    for (const [i, x] of plain.entries()) {
      if (x.hours < 60) expect(lifted[i]!.p).toBe(x.p);
      else expect(lifted[i]!.p).toBeGreaterThan(x.p);
    }
  });
  it('payload validates; non-decreasing for random records, every 6 hours and every hour (property)', () => {
    const model = liveModel(shipped(), SHIPPED_NOW);
    expect(OutlookPayload.safeParse(createOutlookPayload(model, false, '2026-11-23T00:00:00Z', SRC)).success).toBe(true);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 24 * 120 }), { minLength: 3, maxLength: 30 }),
        fc.integer({ min: 0, max: 400 }),
        (hs, wait) => {
          const sorted = [...hs].sort((a, b) => a - b);
          const events = sorted.map((h) =>
            event(new Date(Date.parse('2026-01-01T00:00:00Z') + h * 3_600_000).toISOString().replace('.000', '')),
          );
          const now = new Date(Date.parse('2026-01-01T00:00:00Z') + (sorted.at(-1)! + wait) * 3_600_000);
          const ps = outlookPoints(liveModel(dataset(events), now)).map((x) => x.p);
          for (const [i, p] of ps.entries()) expect(p).toBeGreaterThanOrEqual(ps[i - 1] ?? 0);
          const hourly = hourlyOutlookPoints(liveModel(dataset(events), now)).map((x) => x.p); // and between those points
          for (const [i, p] of hourly.entries()) expect(p).toBeGreaterThanOrEqual(hourly[i - 1] ?? 0);
        },
      ),
      { seed: 14, numRuns: 100 },
    );
  });
});

/** The published rule, as a reader applies it: the first point whose `until` is at or after T. */
const chanceBefore = (points: HourlyOutlookPayload['points'], t: number): number | undefined =>
  points.find((x) => Date.parse(x.until) >= t)?.p;

describe('hourly outlook (the chance before an instant T)', () => {
  it.each(MOMENTS)('at %s: every hour to 168 h, equal to outlook.json at its horizons and to p24 and p48', (_name, when) => {
    const data = shipped();
    const now = new Date(when);
    const model = liveModel(data, now);
    const hourly = hourlyOutlookPoints(model);
    expect(hourly.map((x) => x.hours)).toEqual(Array.from({ length: OUTLOOK_HOURS }, (_, i) => i + 1));
    // Each point ends `hours` after the clock, written as a timestamp (whole seconds).
    for (const x of hourly) expect(Date.parse(x.until)).toBe(Math.floor(now.getTime() / 1000) * 1000 + x.hours * 3_600_000);
    const sixHourly = outlookPoints(liveModel(data, now));
    for (const o of sixHourly) expect(hourly.find((x) => x.hours === o.hours)).toMatchObject({ p: o.p, percent: o.percent });
    const f = computeForecast(data, now, SRC);
    expect([hourly[23]!.percent, hourly[47]!.percent]).toEqual([f.p24, f.p48]);
  });

  it('read by its rule, the chance before T never decreases in T and is the outlook at its horizons', () => {
    const now = new Date('2026-09-12T04:00:00Z'); // a promise open: the steepest curve of the frozen history
    const points = hourlyOutlookPoints(liveModel(shipped(), now));
    const six = outlookPoints(liveModel(shipped(), now));
    let last = 0;
    // Every 7 minutes across the 7 days, including instants between the hours.
    for (let t = now.getTime() + 60_000; t <= now.getTime() + OUTLOOK_HOURS * 3_600_000; t += 7 * 60_000) {
      const p = chanceBefore(points, t);
      expect(p).toBeDefined();
      expect(p!).toBeGreaterThanOrEqual(last);
      last = p!;
    }
    for (const o of six) expect(chanceBefore(points, now.getTime() + o.hours * 3_600_000)).toBe(o.p);
    expect(chanceBefore(points, now.getTime() + (OUTLOOK_HOURS * 3_600_000 + 1000))).toBeUndefined(); // beyond the outlook
  });

  it('payload validates and says its rule', () => {
    const payload = createHourlyOutlookPayload(liveModel(shipped(), SHIPPED_NOW), true, SHIPPED_NOW.toISOString().replace('.000', ''), SRC);
    expect(HourlyOutlookPayload.parse(payload)).toMatchObject({ step_hours: 1, rule: 'first-point-at-or-after', available: true });
  });
});
