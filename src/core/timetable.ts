/**
 * The timetable (docs/timetable.md): every state a clock-moved output passes through from the build to
 * its horizon, found at build time, and the pick of the state whose interval holds an instant, at request
 * time. Instants are whole Unix seconds, as every published timestamp is. Pure: the texts at an instant
 * come from the caller.
 */

/** The API's cache lifetime (docs/api.md): the figures that move continuously are exact to this many seconds. */
export const STEP_SECONDS = 300;

/** One state: the output's exact text from `start` until the next state's start (the last: for ever). */
export interface TimetableState {
  start: number;
  text: string;
}

/** `"generated_at"` and `"built_at"` emptied: what two texts are compared on, apart from when they were made. */
export const withoutStamps = (text: string): string => text.replace(/"(generated_at|built_at)":\s*"[^"]*"/g, '"$1": ""');

/** The discrete part of a text without its stamps: every number masked (a word, a boolean, a colour, an id, a count remain). */
const maskNumbers = (bare: string): string => bare.replace(/\d+(?:\.\d+)?/g, '#');

/** `from`, every multiple of STEP_SECONDS after it, and `last`: the instants every output is evaluated at. */
export function gridInstants(from: number, last: number): number[] {
  const out = [from];
  for (let t = (Math.floor(from / STEP_SECONDS) + 1) * STEP_SECONDS; t < last; t += STEP_SECONDS) out.push(t);
  if (last > from) out.push(last);
  return out;
}

type Texts<N extends string> = Record<N, string>;

/** The texts at one instant, with what they are compared on, each worked out once. */
interface Evaluated<N extends string> {
  texts: Texts<N>;
  /** Per output, the text without its stamps (consecutive equal ones are one state). */
  bare: Texts<N>;
  /** Every output's discrete signature, joined: two instants that differ here have a change point between them. */
  signature: string;
}

function evaluated<N extends string>(names: readonly N[], texts: Texts<N>): Evaluated<N> {
  const bare = Object.fromEntries(names.map((n) => [n, withoutStamps(texts[n])])) as Texts<N>;
  return { texts, bare, signature: names.map((n) => maskNumbers(bare[n])).join('\u0000') };
}

/**
 * Every state of each output from `from` to `last` (the horizon, whose state holds for ever). The outputs
 * are evaluated at the grid instants; between two neighbours whose discrete signature differs, the first
 * second that differs is found by bisection and starts a state of its own, so a word that flips (a grant
 * gone, a promise lapsed, a colour) flips at its exact second. Per output, a state equal to the one before
 * but for its stamps is merged into it: a state lasts as long as its figures hold.
 */
export function timetableStates<N extends string>(
  names: readonly N[],
  textsAt: (t: number) => Texts<N>,
  from: number,
  last: number,
): Record<N, TimetableState[]> {
  const states = Object.fromEntries(names.map((n) => [n, [] as TimetableState[]])) as Record<N, TimetableState[]>;
  const kept = {} as Record<N, string>;
  const at = (t: number): Evaluated<N> => evaluated(names, textsAt(t));
  const add = (t: number, e: Evaluated<N>): void => {
    for (const n of names) {
      if (kept[n] === e.bare[n]) continue;
      kept[n] = e.bare[n];
      states[n].push({ start: t, text: e.texts[n] });
    }
  };
  let t0 = from;
  let here = at(from);
  add(t0, here);
  for (const next of gridInstants(from, last).slice(1)) {
    const there = at(next);
    // Each change point between `t0` and `next`, in order: bisect for the first second whose signature differs.
    while (here.signature !== there.signature && next - t0 > 1) {
      let lo = t0;
      let hi = next;
      let found = there;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        const m = at(mid);
        if (m.signature === here.signature) lo = mid;
        else [hi, found] = [mid, m];
      }
      if (hi === next) break;
      t0 = hi;
      here = found;
      add(t0, here);
    }
    t0 = next;
    here = there;
    add(t0, here);
  }
  return states;
}

/**
 * The index of the state that holds instant `t` in `starts` (ascending, not empty): the last start at or
 * before `t`. Before the first state (a clock far in the past): the first, the nearest valid state.
 */
export function pickState(starts: readonly number[], t: number): number {
  if (!(t >= starts[0]!)) return 0;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (starts[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** How long an edge may keep the state picked at `t`: the API's 5 minutes, never past the state's end. */
export function cacheSeconds(starts: readonly number[], index: number, t: number): number {
  const end = starts[index + 1];
  if (end === undefined || !(t >= starts[0]!)) return STEP_SECONDS;
  return Math.max(1, Math.min(STEP_SECONDS, end - Math.floor(t)));
}

/** Where a build writes its timetable, under its output folder: hidden from the public (netlify.toml, a forced 404). */
export const TIMETABLE_DIR = '_timetable';
export const TIMETABLE_INDEX = 'index.json';

/** The index of a build's timetable (`<TIMETABLE_DIR>/index.json`). */
export interface TimetableIndex {
  /** When the build computed it. */
  built_at: string;
  /** The start of the last state, which holds for ever after. */
  horizon: string;
  /** Per output (a payload's name), the start of each state, ascending. */
  states: Record<string, number[]>;
}

/** A state's file, relative to the timetable folder. */
export const stateFile = (name: string, start: number): string => `${name}/${start}.json`;
