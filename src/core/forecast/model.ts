/**
 * Formula "2" at one instant: the rhythm of past resets and the official signal, combined. The live
 * forecast, the outlook and the spend-or-hold advice call `modelAt` (direct, O(resets + promises));
 * the backtest builds the same states in one pass (replay.ts) and calls `partsFrom`, so both share
 * every equation and a test proves they agree at every issue time.
 */
import type { Announcement, StoredEvent } from '../schema/index.ts';
import { RESET_KINDS } from '../facts/timeline.ts';
import { officialAt, officialTerm, promiseFacts, type OfficialState, type PromiseFact } from './official.ts';
import { memorylessCurve, rhythmCurve, rhythmStateAt, type RhythmState } from './rhythm.ts';
import { combine, combineSignals } from './signals.ts';
import { HOUR_MS } from '../time-units.ts';

/** Everything the model reads: counted reset times (hours since the epoch, ascending) and the promises. */
export interface ModelInput {
  times: number[];
  promises: PromiseFact[];
}

/** Reset times in hours since the epoch, ascending: events of kind reset or banked (RESET_KINDS). */
export function resetHours(events: readonly StoredEvent[]): number[] {
  return events
    .filter((e) => RESET_KINDS.has(e.kind))
    .map((e) => Date.parse(e.ts) / HOUR_MS)
    .sort((a, b) => a - b);
}

export function modelInput(events: readonly StoredEvent[], announcements: readonly Announcement[]): ModelInput {
  return { times: resetHours(events), promises: promiseFacts(announcements, events) };
}

/** The model's pieces for one horizon. Probabilities are null while fewer than two resets are known. */
export interface Parts {
  hours: number;
  /** The reference: 1 − exp(−H / mean gap). */
  memoryless: number | null;
  /** The rhythm (recency mix × weekday factors; memoryless while fewer than MIN_RHYTHM_EVENTS). */
  rhythm: number | null;
  official: OfficialState;
  /** The published probability without the status and issues signals (which have no history). */
  p: number | null;
}

/** p = 1 − (1 − rhythm)(1 − S), S = 1 − (1 − official term)(1 − other signals). */
export function probability(rhythm: number | null, official: OfficialState, other = 0): number | null {
  return rhythm === null ? null : combine(rhythm, combineSignals(officialTerm(official), other));
}

/** The rhythm and memoryless curves of one state, computed once for every horizon asked of them. */
export interface Curves {
  rhythm: (hours: number) => number | null;
  memoryless: (hours: number) => number | null;
}
export const curves = (state: RhythmState): Curves => ({ rhythm: rhythmCurve(state), memoryless: memorylessCurve(state) });

export function partsFrom(c: Curves, official: OfficialState, hours: number): Parts {
  const rhythm = c.rhythm(hours);
  return { hours, memoryless: c.memoryless(hours), rhythm, official, p: probability(rhythm, official) };
}

/** The model at `t` (hours since the epoch) from what was published by then, computed directly. */
export function modelAt(input: ModelInput, t: number): { state: RhythmState; parts: (hours: number) => Parts } {
  const state = rhythmStateAt(input.times, t);
  const c = curves(state);
  return { state, parts: (hours) => partsFrom(c, officialAt(input.promises, t, hours), hours) };
}
