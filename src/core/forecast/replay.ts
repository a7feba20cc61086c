/**
 * The backtest's one pass: the model's state carried from one issue time to the next instead of
 * recomputed from the whole history at each. Decayed sums are multiplied down and the new resets
 * added; counts of resets per weekday and of settled promises only grow; open promises are counted by
 * sweeping their sorted start and end times. Cost: O(resets + promises·log promises + issue times ·
 * horizons), never resets × issue times. The states equal modelAt's up to floating-point rounding of
 * the decayed sums (a test checks every issue time of the frozen history to 1e-12).
 */
import { openSpan, promiseWeight, settlement, type OfficialState, type PromiseFact } from './official.ts';
import { curves, partsFrom, type ModelInput, type Parts } from './model.ts';
import { HALF_LIVES_HOURS, weekdayOf, type RhythmState } from './rhythm.ts';
import { HOUR_MS } from '../time-units.ts';

const DECAY = HALF_LIVES_HOURS.map((h) => Math.LN2 / h);

/** The rhythm state at non-decreasing times. */
export class RhythmSweep {
  private next = 0;
  private t = -Infinity;
  private readonly decayed = HALF_LIVES_HOURS.map(() => 0);
  private readonly weekdayCounts = [0, 0, 0, 0, 0, 0, 0];
  private readonly times: readonly number[];
  constructor(times: readonly number[]) {
    this.times = times;
  }

  at(t: number): RhythmState {
    if (t < this.t) throw new RangeError('RhythmSweep: times must not go backwards');
    const { times, decayed } = this;
    if (this.next > 1) for (let j = 0; j < DECAY.length; j++) decayed[j]! *= Math.exp(-DECAY[j]! * (t - this.t));
    while (this.next < times.length && times[this.next]! <= t) {
      const x = times[this.next]!;
      if (this.next > 0) {
        for (let j = 0; j < DECAY.length; j++) decayed[j]! += Math.exp(-DECAY[j]! * (t - x));
        this.weekdayCounts[weekdayOf(x)]! += 1;
      }
      this.next += 1;
    }
    this.t = t;
    const n = this.next;
    return {
      t,
      n,
      first: n > 0 ? times[0]! : NaN,
      last: n > 0 ? times[n - 1]! : NaN,
      decayed: [...decayed],
      weekdayCounts: [...this.weekdayCounts],
    };
  }
}

/** Counts of x ≤ t over a sorted list, for non-decreasing t. */
class Counter {
  private i = 0;
  private readonly sorted: readonly number[];
  constructor(sorted: readonly number[]) {
    this.sorted = sorted;
  }
  upTo(t: number): number {
    while (this.i < this.sorted.length && this.sorted[this.i]! <= t) this.i += 1;
    return this.i;
  }
}

/** The official state for one horizon at non-decreasing times. */
export class OfficialSweep {
  private readonly starts: Counter;
  private readonly ends: Counter;
  private readonly settled: Counter;
  private readonly keptBefore: number[];
  constructor(promises: readonly PromiseFact[], hours: number) {
    const spans = promises.map((p) => openSpan(p, hours)).filter(([from, to]) => from < to);
    const byTime = (a: number, b: number): number => a - b;
    this.starts = new Counter(spans.map(([from]) => from).sort(byTime));
    this.ends = new Counter(spans.map(([, to]) => to).sort(byTime));
    const settlements = promises.map((p) => settlement(p, hours)).sort((a, b) => a.at - b.at);
    this.settled = new Counter(settlements.map((s) => s.at));
    // keptBefore[i]: promises kept among the first i settled.
    this.keptBefore = [0];
    for (const s of settlements) this.keptBefore.push(this.keptBefore.at(-1)! + (s.kept ? 1 : 0));
  }

  at(t: number): OfficialState {
    const settled = this.settled.upTo(t);
    const kept = this.keptBefore[settled]!;
    return { open: this.starts.upTo(t) - this.ends.upTo(t) > 0, settled, kept, weight: promiseWeight(kept, settled) };
  }
}

export interface ReplayRow {
  /** Issue time in milliseconds since the epoch (whole seconds, as a live forecast's clock). */
  issuedMs: number;
  parts: Parts;
  /** 1 if a reset followed in (issue time, issue time + hours]. */
  outcome: 0 | 1;
}

/**
 * The model at every issue time (ascending, ms) and horizon, in one pass, handed to `visit` in order of
 * time, then horizon (nothing is kept here, so memory stays with the caller).
 */
export function replay(input: ModelInput, issuedMs: readonly number[], horizons: readonly number[], visit: (row: ReplayRow) => void): void {
  const { times } = input;
  const rhythm = new RhythmSweep(times);
  const official = horizons.map((h) => new OfficialSweep(input.promises, h));
  const known = new Counter(times);
  for (const ms of issuedMs) {
    const t = ms / HOUR_MS;
    const c = curves(rhythm.at(t));
    const next = times[known.upTo(t)];
    for (let i = 0; i < horizons.length; i++) {
      const h = horizons[i]!;
      visit({ issuedMs: ms, parts: partsFrom(c, official[i]!.at(t), h), outcome: next !== undefined && next <= t + h ? 1 : 0 });
    }
  }
}

/** The same rows as a list. */
export function replayRows(input: ModelInput, issuedMs: readonly number[], horizons: readonly number[]): ReplayRow[] {
  const rows: ReplayRow[] = [];
  replay(input, issuedMs, horizons, (row) => rows.push(row));
  return rows;
}
