/**
 * The model at the build clock, for everything published about the future: the forecast's p24 and
 * p48, the 7-day outlook and the spend-or-hold advice all read this one object, so they agree.
 */
import type { Dataset } from '../dataset/index.ts';
import { modelAt, modelInput, probability, type ModelInput, type Parts } from './model.ts';
import type { RhythmState } from './rhythm.ts';
import { issuesSignal, otherSignals, statusSignal } from './signals.ts';
import { HOUR_MS } from '../time-units.ts';

/** Fewer counted resets than this and there is no gap worth averaging: every probability is 0. */
export const MIN_EVENTS = 3;

/** A probability as the whole percent published: round(100·p), within [0, 100]. */
export const toPercent = (p: number): number => Math.min(100, Math.max(0, Math.round(p * 100)));

export interface LiveModel {
  now: Date;
  state: RhythmState;
  /** At least MIN_EVENTS resets are known. */
  enough: boolean;
  /** Status and issues signals, null when unavailable (stale or never checked). */
  status: number | null;
  issues: number | null;
  /** Their part of S. */
  other: number;
  parts: (hours: number) => Parts;
  /** The published probability of a reset within `hours`: 0 with fewer than MIN_EVENTS resets. */
  probability: (hours: number) => number;
}

/** The model at `now`; `input` is what it reads of the record, when the caller has it already (it does not depend on the clock). */
export function liveModel(data: Dataset, now: Date, input: ModelInput = modelInput(data.events, data.announcements)): LiveModel {
  const m = modelAt(input, now.getTime() / HOUR_MS);
  const status = statusSignal(data.signals.status, now);
  const issues = issuesSignal(data.signals.issues, now);
  const other = otherSignals({ status: status ?? 0, issues: issues ?? 0 });
  const enough = m.state.n >= MIN_EVENTS;
  return {
    now,
    state: m.state,
    enough,
    status,
    issues,
    other,
    parts: m.parts,
    probability: (hours) => {
      const parts = m.parts(hours);
      return enough ? (probability(parts.rhythm, parts.official, other) ?? 0) : 0;
    },
  };
}
