/** The timetable's pure parts (src/core/timetable.ts): the grid, the states found, the pick and the edge cache. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cacheSeconds,
  gridInstants,
  HOLD_SECONDS,
  pickState,
  STEP_SECONDS,
  timetableStates,
  withoutStamps,
} from '../../../src/core/timetable.ts';

describe('gridInstants', () => {
  it.each([
    [0, 900, [0, 300, 600, 900]],
    [10, 700, [10, 300, 600, 700]],
    [300, 600, [300, 600]],
    [299, 301, [299, 300, 301]],
    [5, 5, [5]],
  ])('from %i to %i: %j', (from, last, want) => expect(gridInstants(from, last)).toEqual(want));
});

describe('pickState', () => {
  const starts = [100, 400, 437, 700];
  it.each([
    [100, 0],
    [399, 0],
    [400, 1],
    [436, 1],
    [437, 2],
    [699, 2],
    [700, 3],
    [1e12, 3],
    [Number.POSITIVE_INFINITY, 3],
    [-1e12, 0],
    [Number.NaN, 0],
  ])('at %d: state %i (before the first: the first; after the last: the last)', (t, want) => expect(pickState(starts, t)).toBe(want));

  it('is the last start at or before the instant, for any instants', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 0, max: 1e9 }),
        (raw, t) => {
          const starts = [...raw].sort((a, b) => a - b);
          const i = pickState(starts, t);
          const want = starts.findLastIndex((s) => s <= t);
          expect(i).toBe(Math.max(0, want));
        },
      ),
    );
  });
});

describe('cacheSeconds', () => {
  const starts = [100, 400, 437];
  it.each([
    [0, 100, 300],
    [0, 350, 50],
    [1, 430, 7],
    [1, 436, 1],
    [2, 500, STEP_SECONDS],
    [2, 1e9, STEP_SECONDS],
    [0, 50, STEP_SECONDS],
  ])('state %i at %i: %i s (never past the state’s end, at most 5 minutes)', (i, t, want) => expect(cacheSeconds(starts, i, t)).toBe(want));
});

describe('cacheSeconds of an answer only the clock moves', () => {
  const starts = [100, 400, 90_000, 200_000];
  it.each([
    [0, 100, 300],
    [1, 400, HOLD_SECONDS],
    [1, 89_990, 10],
    [2, 100_000, 86_400],
    [3, 1e9, HOLD_SECONDS],
    [0, 50, STEP_SECONDS],
  ])('state %i at %i: %i s (to the state’s end, at most a day)', (i, t, want) => expect(cacheSeconds(starts, i, t, false)).toBe(want));
});

describe('withoutStamps', () => {
  it('empties generated_at and built_at only', () => {
    const text = '{\n  "generated_at": "2026-11-23T00:00:00Z",\n  "x": "2026-11-23T00:00:00Z",\n  "built_at": "2026-11-22T00:00:00Z"\n}\n';
    expect(withoutStamps(text)).toBe('{\n  "generated_at": "",\n  "x": "2026-11-23T00:00:00Z",\n  "built_at": ""\n}\n');
  });
});

/** Two outputs of a made-up clock: `word` flips at second 1234 and back at 2000; `figure` moves every second; `still` never. */
const texts = (t: number): Record<'word' | 'figure' | 'still', string> => ({
  word: JSON.stringify({ generated_at: `${t}`, word: t >= 1234 && t < 2000 ? 'on' : 'off' }),
  figure: JSON.stringify({ generated_at: `${t}`, figure: t * 7 }),
  still: JSON.stringify({ generated_at: `${t}`, still: 'same' }),
});

describe('timetableStates', () => {
  const states = timetableStates(['word', 'figure', 'still'] as const, texts, 1000, 3001);

  it('starts a state at the exact second a word flips, and merges states equal but for their stamps', () => {
    expect(states.word.map((s) => s.start)).toEqual([1000, 1234, 2000]);
    expect(states.word.map((s) => s.text)).toEqual([texts(1000).word, texts(1234).word, texts(2000).word]);
  });

  it('gives a figure that moves every second a state at every grid instant and at every flip of another output', () => {
    expect(states.figure.map((s) => s.start)).toEqual([1000, 1200, 1234, 1500, 1800, 2000, 2100, 2400, 2700, 3000, 3001]);
  });

  it('keeps an output that never changes in one state, from the first instant for ever', () => {
    expect(states.still).toEqual([{ start: 1000, text: texts(1000).still }]);
  });

  it('holds, for any instant, the text of its state’s start; a state older than 5 minutes only where nothing but its stamps differ', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 5000 }), (t) => {
        for (const name of ['word', 'figure', 'still'] as const) {
          const starts = states[name].map((s) => s.start);
          const state = states[name][pickState(starts, t)]!;
          expect(state.text).toBe(texts(state.start)[name]);
          expect(state.start).toBeLessThanOrEqual(t);
          if (t - state.start >= STEP_SECONDS && t <= 3001) expect(withoutStamps(state.text)).toBe(withoutStamps(texts(t)[name]));
        }
      }),
    );
  });
});
