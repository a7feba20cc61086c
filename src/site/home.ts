/**
 * What the home page tells a person before any model detail: the last recorded reset, the promises
 * still open, and how today's chance compares with the usual one. Pure: the clock is an argument.
 */
import type { Announcement, StoredEvent } from '../core/schema/index.ts';
import { promiseStatus } from '../core/promises/index.ts';
import { compareByTs, resetEventsAt } from '../core/facts/timeline.ts';

/** The newest event counted as a reset (kind reset or banked) at `now`, if any. */
export function lastReset(events: readonly StoredEvent[], now: Date): StoredEvent | undefined {
  return resetEventsAt(events, now).at(-1);
}

/** Promises already posted whose window has not ended and whose reset is not recorded, soonest window first. */
export function openPromises(list: readonly Announcement[], now: Date): Announcement[] {
  return list
    .filter((a) => Date.parse(a.ts) <= now.getTime() && promiseStatus(a, now) === 'open')
    .sort((a, b) => (a.window_start === b.window_start ? compareByTs(a, b) : a.window_start < b.window_start ? -1 : 1));
}

/**
 * Whole percentage points within which today's 24 h chance counts as "about the usual": the figures
 * are whole percents from a model with wide intervals, so a gap of a point or two says nothing.
 */
export const USUAL_MARGIN_POINTS = 2;

/** Today's 24 h chance against the memoryless one (the long-run average rate, B), both in whole percent. */
export function comparedWithUsual(p24: number, usualPercent: number): 'above' | 'below' | 'about' {
  if (Math.abs(p24 - usualPercent) <= USUAL_MARGIN_POINTS) return 'about';
  return p24 > usualPercent ? 'above' : 'below';
}
