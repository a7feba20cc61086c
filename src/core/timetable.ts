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
  /** Its text, for an output whose text the scan makes (a page is rendered later, at its start, by the build). */
  text?: string;
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

/** What the scan reads of every output at one instant. */
export interface Reading<N extends string> {
  /**
   * Per output, what the clock can change in it: its text without stamps, or anything cheaper that changes
   * exactly when that text does (equal keys at two instants: equal texts but for their stamps).
   */
  keys: Readonly<Record<N, string>>;
  /** The output's text at this instant, asked only where one of its states starts; absent for outputs made elsewhere. */
  text?: (name: N) => string | undefined;
}

/** A reading with its discrete signature worked out once, when first compared. */
interface Read<N extends string> {
  reading: Reading<N>;
  /** Every output's key with its numbers masked, joined: two instants that differ here have a change point between them. */
  signature: () => string;
}

function readOf<N extends string>(names: readonly N[], reading: Reading<N>): Read<N> {
  let signature: string | undefined;
  return { reading, signature: () => (signature ??= names.map((n) => maskNumbers(reading.keys[n])).join('\u0000')) };
}

/**
 * Every state of each output from `from` to `last` (the horizon, whose state holds for ever). The outputs
 * are read at the grid instants; between two neighbours whose discrete signature differs, the first second
 * that differs is found by bisection and starts a state of its own, so a word that flips (a grant gone, a
 * promise lapsed, a colour, "1 hour ago" becoming "2 hours ago") flips at its exact second. Per output, a
 * state whose key equals the one before is merged into it: a state lasts as long as what it says holds.
 */
export function timetableScan<N extends string>(
  names: readonly N[],
  read: (t: number) => Reading<N>,
  from: number,
  last: number,
): Record<N, TimetableState[]> {
  const states = Object.fromEntries(names.map((n) => [n, [] as TimetableState[]])) as Record<N, TimetableState[]>;
  const kept = {} as Record<N, string>;
  const at = (t: number): Read<N> => readOf(names, read(t));
  const add = (t: number, r: Read<N>): void => {
    for (const n of names) {
      const key = r.reading.keys[n];
      if (kept[n] === key) continue;
      kept[n] = key;
      const text = r.reading.text?.(n);
      states[n].push(text === undefined ? { start: t } : { start: t, text });
    }
  };
  let t0 = from;
  let here = at(from);
  add(t0, here);
  for (const next of gridInstants(from, last).slice(1)) {
    const there = at(next);
    // Each change point between `t0` and `next`, in order: bisect for the first second whose signature differs.
    while (here.signature() !== there.signature() && next - t0 > 1) {
      let lo = t0;
      let hi = next;
      let found = there;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        const m = at(mid);
        if (m.signature() === here.signature()) lo = mid;
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

/** `timetableScan` of outputs whose key is their own text without stamps: each state with its text. */
export function timetableStates<N extends string>(
  names: readonly N[],
  textsAt: (t: number) => Readonly<Record<N, string>>,
  from: number,
  last: number,
): Record<N, Required<TimetableState>[]> {
  const read = (t: number): Reading<N> => {
    const texts = textsAt(t);
    return { keys: Object.fromEntries(names.map((n) => [n, withoutStamps(texts[n])])) as Record<N, string>, text: (n) => texts[n] };
  };
  return timetableScan(names, read, from, last) as Record<N, Required<TimetableState>[]>;
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

/**
 * How long an edge keeps an answer that no snapshot can change: to its state's end (a deploy replaces every
 * edge copy sooner, Netlify's atomic deploys), and a day for the last state, which holds for ever.
 */
export const HOLD_SECONDS = 86_400;

/**
 * How long an edge may keep the state picked at `t`, never past the state's end. An answer a newer signals
 * snapshot may change (`runTime`) is kept the API's 5 minutes at most, so the snapshot is seen within them;
 * one only the clock moves, up to HOLD_SECONDS. Before the first state (a clock before the build): 5 minutes.
 */
export function cacheSeconds(starts: readonly number[], index: number, t: number, runTime = true): number {
  const cap = runTime ? STEP_SECONDS : HOLD_SECONDS;
  const end = starts[index + 1];
  if (!(t >= starts[0]!)) return STEP_SECONDS;
  if (end === undefined) return cap;
  return Math.max(1, Math.min(cap, end - Math.floor(t)));
}

/** Where a build writes its timetable, under its output folder: hidden from the public (netlify.toml, a forced 404). */
export const TIMETABLE_DIR = '_timetable';
export const TIMETABLE_INDEX = 'index.json';
/**
 * What the deploy ships for its answers at run time (docs/timetable.md, "Signals at run time"): the site's
 * address and the validated dataset the build read, so a function can compute the signal-dependent answers
 * under a newer snapshot exactly as a build would.
 */
export const TIMETABLE_SITE = 'site.json';

/** The index of a build's timetable (`<TIMETABLE_DIR>/index.json`). */
export interface TimetableIndex {
  /** When the build computed it. */
  built_at: string;
  /** The start of the last state, which holds for ever after. */
  horizon: string;
  /** Per output (a payload's name), the start of each state, ascending. */
  states: Record<string, number[]>;
  /**
   * Per public path of a page, feed or calendar that moves with the clock (`/`, `/zh/`, `/alerts.xml`), the
   * start of each state, ascending. Absent from a timetable of payloads alone (a build before the pages were states).
   */
  paths?: Record<string, number[]>;
  /**
   * Per page of `paths`, the start of each state of its template (the page outside its slots,
   * src/core/page-template.ts), ascending: fewer than its page's, for a template holds whatever the signals say.
   */
  templates?: Record<string, number[]>;
  /**
   * The names (payloads' and public paths) whose answer a newer signals snapshot may change: the run-time
   * engine's (src/site/live/answers.ts). Their edge copies last 5 minutes at most; the others' last to their
   * state's end (`cacheSeconds`). Absent from an index before it: every name is treated as one of them.
   */
  run_time?: string[];
}

/** Whether a newer signals snapshot may change the answer for `name` (the index's `run_time`; every name for an index before it). */
export function changesAtRunTime(index: TimetableIndex): (name: string) => boolean {
  if (!index.run_time) return () => true;
  const names = new Set(index.run_time);
  return (name) => names.has(name);
}

/** A payload state's file, relative to the timetable folder. */
export const stateFile = (name: string, start: number): string => `${name}/${start}.json`;

/**
 * A path state's file, relative to the timetable folder: the site as it stands from `start`, one folder per
 * start (`/` → `at/<start>/index.html`, `/zh/` → `at/<start>/zh/index.html`, `/calendar.ics` → `at/<start>/calendar.ics`).
 */
export const pathStateFile = (path: string, start: number): string => `at/${start}${path.endsWith('/') ? `${path}index.html` : path}`;

/**
 * A page template state's file, relative to the timetable folder: beside the page's state of the same start
 * (`/zh/` → `at/<start>/zh/index.template.json`), a JSON PageTemplate (src/core/page-template.ts).
 */
export const pathTemplateFile = (path: string, start: number): string =>
  `at/${start}${path.endsWith('/') ? `${path}index` : path}.template.json`;

/** The file of a state of `name`: a public path (it starts with `/`) or a payload's name. */
export const timetableFile = (name: string, start: number): string =>
  name.startsWith('/') ? pathStateFile(name, start) : stateFile(name, start);

/**
 * The timetable's entry for a request path: a clock payload (`/api/v1/forecast.json` → `forecast`) or a path
 * of `paths`, written as listed or without its trailing slash (`/zh` finds `/zh/`, as a static file would).
 */
export function timetableEntry(index: TimetableIndex, path: string): { name: string; starts: number[] } | undefined {
  const payload = /^\/api\/v1\/([a-z-]+)\.json$/.exec(path)?.[1];
  if (payload !== undefined && Object.hasOwn(index.states, payload)) return { name: payload, starts: index.states[payload]! };
  const paths = index.paths ?? {};
  for (const p of [path, `${path}/`]) if (Object.hasOwn(paths, p)) return { name: p, starts: paths[p]! };
  return undefined;
}

/** Every request path the timetable answers: the payloads' and each listed path, a folder's also without its slash. */
export function timetableRoutes(index: TimetableIndex): string[] {
  const paths = Object.keys(index.paths ?? {}).flatMap((p) => (p.endsWith('/') && p !== '/' ? [p, p.slice(0, -1)] : [p]));
  return [...Object.keys(index.states).map((n) => `/api/v1/${n}.json`), ...paths];
}
