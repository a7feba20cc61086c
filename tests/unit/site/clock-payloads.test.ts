/**
 * Which payloads move with the clock (PAYLOADS' `clock`, docs/timetable.md): those marked false are the same
 * at every instant but for `generated_at`, so one static file per build tells the truth; those marked true do
 * move, so they are timetable states. Checked on the frozen history plus a grant that expires and a promise
 * that lapses within the week, at random instants of that week.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stableStringify } from '../../../src/core/json.ts';
import { SITE } from '../../../src/core/site.ts';
import { withoutStamps } from '../../../src/core/timetable.ts';
import { CLOCK_PAYLOAD_NAMES, createClockPayloadTexts, createPayloads, PAYLOAD_NAMES } from '../../../src/site/api/payloads.ts';
import { clockWeekData } from '../../support/clock-week.ts';
import { HISTORY_NOW } from '../../support/history.ts';

const data = clockWeekData();
const WEEK_S = 7 * 86_400;
const B = HISTORY_NOW.getTime() / 1000;
const at = (t: number) => createPayloads(data, new Date(t * 1000), SITE.url);
const STATIC = PAYLOAD_NAMES.filter((n) => !CLOCK_PAYLOAD_NAMES.includes(n));

describe('the payloads that do not move with the clock', () => {
  it('are timeline, signals, corrections and event-notes', () => {
    expect(STATIC).toEqual(['timeline', 'signals', 'corrections', 'event-notes']);
  });

  it('are the same at any two instants of the week but for generated_at', () => {
    const first = at(B);
    fc.assert(
      fc.property(fc.integer({ min: B, max: B + WEEK_S }), (t) => {
        const later = at(t);
        for (const n of STATIC) expect(withoutStamps(stableStringify(later[n])), n).toBe(withoutStamps(stableStringify(first[n])));
      }),
      { numRuns: 25 },
    );
  });
});

describe('the payloads that do', () => {
  it('each change within the week, beyond their stamps', () => {
    const start = createClockPayloadTexts(data, HISTORY_NOW, SITE.url, HISTORY_NOW);
    const moved = new Set<string>();
    for (let t = B; t <= B + WEEK_S; t += 3600) {
      const now = createClockPayloadTexts(data, new Date(t * 1000), SITE.url, HISTORY_NOW);
      for (const n of CLOCK_PAYLOAD_NAMES) if (withoutStamps(now[n]) !== withoutStamps(start[n])) moved.add(n);
    }
    expect([...moved].sort()).toEqual([...CLOCK_PAYLOAD_NAMES].sort());
  });

  it('are published by createClockPayloadTexts exactly as createPayloads writes them, built_at aside', () => {
    const t = new Date((B + 12_345) * 1000);
    const texts = createClockPayloadTexts(data, t, SITE.url, HISTORY_NOW);
    const all = createPayloads(data, t, SITE.url);
    for (const n of CLOCK_PAYLOAD_NAMES) expect(withoutStamps(texts[n]), n).toBe(withoutStamps(stableStringify(all[n])));
    expect(JSON.parse(texts.forecast).freshness.built_at).toBe('2026-11-23T00:00:00Z');
    expect(all.forecast.freshness.built_at).toBe('2026-11-23T03:25:45Z');
  });
});
