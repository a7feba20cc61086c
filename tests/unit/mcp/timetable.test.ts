/** The MCP forecast from a timetable (src/mcp/tools/timetable.ts): the state for the call's instant, text and value of one state. */
import { describe, expect, it } from 'vitest';
import { withTimetableForecast } from '../../../src/mcp/tools/timetable.ts';
import { PublishedFileError } from '../../../src/mcp/tools/published.ts';
import type { TimetableIndex } from '../../../src/core/timetable.ts';
import { miniPublished } from '../../support/published-payloads.ts';

const INDEX: TimetableIndex = {
  built_at: '2026-07-01T12:00:00Z',
  horizon: '2026-07-01T12:10:00Z',
  states: { forecast: [1000, 1300, 1600] },
};
const state = (start: number): string => `{\n  "generated_at": "${start}",\n  "p24": ${start / 100}\n}\n`;

function payloadsAt(clock: { t: number }, read: (name: string, start: number) => Uint8Array = (_, s) => Buffer.from(state(s))) {
  const reads: number[] = [];
  const payloads = withTimetableForecast(
    miniPublished(),
    {
      index: INDEX,
      read: (name, start) => {
        reads.push(start);
        return read(name, start);
      },
    },
    () => clock.t * 1000,
  );
  return { payloads, reads };
}

describe('withTimetableForecast', () => {
  it.each([
    [999, 1000],
    [1000, 1000],
    [1299, 1000],
    [1300, 1300],
    [1601, 1600],
    [9e9, 1600],
  ])('at %i answers the forecast state of %i, text and value alike', (t, start) => {
    const { payloads } = payloadsAt({ t });
    const { text, value } = payloads.forecast;
    expect(text).toBe(state(start));
    expect(value).toEqual(JSON.parse(state(start)));
  });

  it('follows the clock from call to call, reading each state once while it holds; the other payloads are the build’s', () => {
    const clock = { t: 1000 };
    const { payloads, reads } = payloadsAt(clock);
    void payloads.forecast.text;
    clock.t = 1200;
    void payloads.forecast.text;
    clock.t = 1300;
    expect(payloads.forecast.text).toBe(state(1300));
    expect(reads).toEqual([1000, 1300]);
    expect(payloads.timeline.text).toBe(miniPublished().timeline.text);
  });

  it('says a state that cannot be read or parsed is a broken deploy (PublishedFileError naming the state)', () => {
    const { payloads } = payloadsAt({ t: 1300 }, () => Buffer.from('{"p24": '));
    expect(() => payloads.forecast).toThrow(PublishedFileError);
    expect(() => payloads.forecast).toThrow(/forecast\/1300\.json/);
  });

  it('refuses a timetable without forecast states', () => {
    expect(() => withTimetableForecast(miniPublished(), { index: { ...INDEX, states: {} }, read: () => new Uint8Array() })).toThrow(
      PublishedFileError,
    );
  });
});
