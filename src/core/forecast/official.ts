/**
 * The official signal (formula_version "2"): an open promise of a reset, weighted by how often past
 * promises were kept, learned only from promises already settled at the issue time.
 */
import type { Announcement, StoredEvent } from '../schema/index.ts';
import { HOUR_MS } from '../time-units.ts';

const hoursOf = (ts: string): number => Date.parse(ts) / HOUR_MS;

/**
 * Prior of the learned weight, in pseudo-promises: one kept, one missed (Laplace's rule of
 * succession, fixed in advance). The weight (kept + 1) / (settled + 2) is never 1, because promises
 * that lapse will exist, and starts at ½ before any promise has settled.
 */
export const PROMISE_PRIOR = { kept: 1, missed: 1 } as const;

/** One promise in hours since the epoch; `resetAt` is the time of the event that delivered it (∞ if none). */
export interface PromiseFact {
  posted: number;
  windowStart: number;
  windowEnd: number;
  resetAt: number;
}

export function promiseFacts(list: readonly Announcement[], events: readonly StoredEvent[]): PromiseFact[] {
  const eventTs = new Map(events.map((e) => [e.id, hoursOf(e.ts)]));
  return list.map((a) => ({
    posted: hoursOf(a.ts),
    windowStart: hoursOf(a.window_start),
    windowEnd: hoursOf(a.window_end),
    resetAt: (a.fulfilled_by === null ? undefined : eventTs.get(a.fulfilled_by)) ?? Infinity,
  }));
}

/**
 * [from, to): the issue times at which a promise counts for a forecast of `hours`: from its post (or
 * from `hours` before its window opens, if later: a promise for the day after tomorrow says nothing
 * about the next 24 h) until its reset or the end of its window, whichever comes first.
 */
export function openSpan(p: PromiseFact, hours: number): [number, number] {
  return [Math.max(p.posted, p.windowStart - hours), Math.min(p.windowEnd, p.resetAt)];
}

/**
 * When a promise's outcome for `hours` is settled and what it was: kept if its reset came within
 * `hours` of the post. Known at the reset, or once the window has closed and `hours` have passed
 * since the post without a reset (never earlier than the window's end).
 */
export function settlement(p: PromiseFact, hours: number): { at: number; kept: boolean } {
  return { at: Math.min(p.resetAt, Math.max(p.windowEnd, p.posted + hours)), kept: p.resetAt <= p.posted + hours };
}

export const promiseWeight = (kept: number, settled: number): number =>
  (kept + PROMISE_PRIOR.kept) / (settled + PROMISE_PRIOR.kept + PROMISE_PRIOR.missed);

export interface OfficialState {
  /** Whether a promise counts for this horizon at t (official_signal: 1 or 0). */
  open: boolean;
  /** Promises settled by t for this horizon, and how many of them were kept. */
  settled: number;
  kept: number;
  /** The learned weight (kept + 1) / (settled + 2). */
  weight: number;
}

/** The official state at `t` for `hours`, computed directly from every promise: O(promises). */
export function officialAt(facts: readonly PromiseFact[], t: number, hours: number): OfficialState {
  let open = false;
  let settled = 0;
  let kept = 0;
  for (const p of facts) {
    const [from, to] = openSpan(p, hours);
    if (from <= t && t < to) open = true;
    const s = settlement(p, hours);
    if (s.at <= t) {
      settled += 1;
      if (s.kept) kept += 1;
    }
  }
  return { open, settled, kept, weight: promiseWeight(kept, settled) };
}

/** The official part of S for one horizon: the learned weight while a promise is open, else 0. */
export const officialTerm = (o: OfficialState): number => (o.open ? o.weight : 0);
